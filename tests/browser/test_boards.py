"""Game systems, maps and the battle calculator in a real browser (issue 15): /games/, a map import (good and
bad file), a map's page, the calculator with the site's roll kept as a log. axe-core (WCAG 2.1 AA) and no
sideways scroll at 390 px, in both languages; screenshots under var/screenshots/boards/."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from tests.browser.test_page_quality import CSP_WATCH, audit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
DATA = Path(__file__).resolve().parent.parent.parent / "engine" / "data"
SHOTS = Path(__file__).resolve().parent.parent.parent / "var" / "screenshots" / "boards"


def _context(browser, live_server, language: str, width: int, user=None):  # type: ignore[no-untyped-def]
    from django.test import Client

    context = browser.new_context(locale=language, viewport={"width": width, "height": 844})
    context.add_init_script(CSP_WATCH)
    if user is not None:
        client = Client()
        client.force_login(user)
        cookie = client.cookies["sessionid"]
        context.add_cookies([{"name": "sessionid", "value": cookie.value, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


def _shot(page, name: str) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("language", ["zh-CN", "en"])
def test_games_maps_and_the_calculator_work_in_a_browser_accessible_at_390_px(live_server, chromium_path, language):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from django.contrib.auth import get_user_model
    from playwright.sync_api import sync_playwright

    from boards.models import BattleLog, GameData, GameMap
    from boards.services.maps import ensure_test_maps
    from tests.conftest import CHROMIUM_ARGS

    ensure_test_maps()
    wenlu_map = GameMap.objects.get(system="wenlu")
    staff = get_user_model().objects.create_user("staffer", "s@example.org", "pw", is_staff=True)
    lang = "zh" if language.startswith("zh") else "en"
    problems: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            for width in (1280, 390):
                context, page = _context(browser, live_server, language, width, staff)
                label = f"[{language} {width}px]"
                # /games/: every system, with its calculator and maps.
                page.goto(live_server.url + "/games/")
                assert page.locator("section.system").count() == 4
                audit(page, f"{label} /games/", problems)
                _shot(page, f"games-{lang}-{width}")
                # A map's page: regions, roads, provinces as tables; the test label and the hash.
                page.goto(live_server.url + f"/games/wenlu/maps/{wenlu_map.pk}/")
                assert wenlu_map.content_hash in page.content()
                assert page.locator(".test-label").count() == 1
                audit(page, f"{label} map", problems)
                _shot(page, f"map-{lang}-{width}")
                # The game data's page: its tables headed by the game's labels of the file's keys.
                for data in GameData.objects.filter(system__in=("wenlu", "longhu")).order_by("system"):
                    page.goto(live_server.url + f"/games/{data.system}/data/{data.pk}/")
                    heads = page.locator("main h2, main th, main dt").all_inner_texts()
                    if lang == "zh":
                        assert not [h for h in heads if re.search(r"[A-Za-z]{3,}", h)], heads
                    audit(page, f"{label} data {data.system}", problems)
                    _shot(page, f"data-{data.system}-{lang}-{width}")
                # A bad map file: every bad row listed, nothing stored.
                bad = json.loads((DATA / "wenlu_test_map.json").read_text(encoding="utf-8"))
                bad["regions"][0]["production"] = -1
                bad["roads"][0]["class"] = "tertiary"
                page.goto(live_server.url + "/games/wenlu/maps/")
                page.set_input_files(
                    "input[name=file] >> nth=0",
                    {"name": "bad.json", "mimeType": "application/json", "buffer": json.dumps(bad).encode()},
                )
                with page.expect_navigation():
                    page.click("form[action$='maps/import'] button[type=submit]")
                assert page.locator("tr.row-error").count() == 2
                assert "regions[0].production" in page.content()
                audit(page, f"{label} bad import", problems)
                _shot(page, f"map-import-bad-{lang}-{width}")
                # A good file (a changed map): the new version's page.
                good = json.loads((DATA / "wenlu_test_map.json").read_text(encoding="utf-8"))
                good["name"] = f"{good['name']} ({width})"
                page.set_input_files(
                    "input[name=file] >> nth=0",
                    {"name": "good.json", "mimeType": "application/json", "buffer": json.dumps(good).encode()},
                )
                with page.expect_navigation():
                    page.click("form[action$='maps/import'] button[type=submit]")
                assert f"({width})" in page.locator("h1").inner_text()
                # The calculator: the site rolls, the seed and commitment are shown, the battle is kept.
                # Both calculators' fields speak the reader's language (the game's labels of the keys).
                for game in ("longhu", "wenlu"):
                    page.goto(live_server.url + f"/games/{game}/battle/")
                    words = page.locator(
                        "#battle-form legend, #battle-form label, #battle-form button"
                    ).all_inner_texts()
                    assert len(words) > 10
                    if lang == "zh":
                        latin = [w for w in words if re.search(r"[A-Za-z]{3,}", w) and "JSON" not in w]
                        assert not latin, f"English in the Chinese calculator of {game}: {latin}"
                    audit(page, f"{label} calculator {game}", problems)
                    _shot(page, f"battle-form-{game}-{lang}-{width}")
                # A field whose values are the game's words is a choice of them in the reader's language.
                nation = page.locator("select[name=battle-allies-0-nation]")
                assert nation.locator("option:checked").inner_text() == ("朝鲜军" if lang == "zh" else "Korea")
                if lang == "en":
                    assert page.locator("label[for=id_battle-japan-0-fa]").inner_text() == "Field ability"
                # The JSON import: the example without its dice, the site rolls them.
                spec = json.loads((DATA / "battles" / "wenlu_example.json").read_text(encoding="utf-8"))
                spec.pop("dice")
                spec.pop("seed")
                page.fill("input[name=dice]", "")
                page.fill("input[name=seed]", "")
                page.locator("details.battle-import summary").click()
                page.fill("textarea[name=battle]", json.dumps(spec, ensure_ascii=False))
                with page.expect_navigation():
                    page.click("button[value=import]")
                assert page.input_value("input[name=battle-japan-0-fa]") == "5"
                assert page.input_value("textarea[name=battle]") == ""
                page.check("input[name=roll][value=site]")
                with page.expect_navigation():
                    page.click("button[value=calculate]")
                assert page.locator("ol.battle-steps li").count() > 3
                assert "sha256:" in page.locator(".commitment").inner_text()
                audit(page, f"{label} calculator result", problems)
                _shot(page, f"battle-{lang}-{width}")
                with page.expect_navigation():
                    page.click("button[value=keep]")
                log = BattleLog.objects.order_by("-id").first()
                assert log is not None and page.url.endswith(f"/battle/logs/{log.token}/")
                assert log.commitment in page.content()
                audit(page, f"{label} battle log", problems)
                _shot(page, f"battle-log-{lang}-{width}")
                context.close()
        finally:
            browser.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


@pytest.mark.parametrize("language", ["zh-CN", "en"])
def test_a_large_imports_job_page_is_accessible_at_390_px_queued_and_refused(live_server, chromium_path, language):
    """Issue 29 item 8: the job page of a large import, while it waits (polling) and once refused (its bad rows)."""
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from django.contrib.auth import get_user_model
    from playwright.sync_api import sync_playwright

    from boards.models import ImportJob
    from boards.services import imports
    from tests.boards.test_imports import large_map
    from tests.conftest import CHROMIUM_ARGS

    staff = get_user_model().objects.create_user("staffer", "s@example.org", "pw", is_staff=True)
    raw = json.dumps(large_map()).encode()
    queued = imports.do_queue_import("longhu", "map", raw, actor=staff, filename="large.map.json")
    ImportJob.objects.filter(pk=queued.pk).update(status=ImportJob.Status.QUEUED, done=100)
    bad = large_map()
    bad["regions"][20]["production"] = -1
    refused = imports.do_queue_import("longhu", "map", json.dumps(bad).encode(), actor=staff, filename="bad.json")
    imports.do_validate_import(refused.pk)  # the eager outbox ran it already in the live server's process, or now
    lang = "zh" if language.startswith("zh") else "en"
    problems: list[str] = []

    def visit(page, width: int) -> None:  # type: ignore[no-untyped-def]
        label = f"[{language} {width}px]"
        page.goto(live_server.url + f"/games/imports/{queued.pk}/")
        assert page.locator("progress#import-progress").count() == 1
        audit(page, f"{label} queued import", problems)
        _shot(page, f"import-job-queued-{lang}-{width}")
        page.goto(live_server.url + f"/games/imports/{refused.pk}/")
        assert page.locator("tr.row-error").count() == 1
        audit(page, f"{label} refused import", problems)
        _shot(page, f"import-job-refused-{lang}-{width}")

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            for width in (1280, 390):
                context, page = _context(browser, live_server, language, width, staff)
                visit(page, width)
                context.close()
        finally:
            browser.close()
    assert not problems, "\n".join(problems)
