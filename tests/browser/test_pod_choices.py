"""Issue 26 item 3 in a real Chromium: the create form's pod choices (and its refusal of bad points), the event
page and the pod standings showing the choices pass axe-core (WCAG 2.1 AA) and fit 390 px, in Chinese and English.

Set JUNLING_SCREENSHOTS=<folder> to keep a screenshot of each page in each language at 390 px.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from matches.models import Tournament
from matches.services import registration as registration_services
from matches.services import rounds as services
from matches.services.scoring import snapshot_standings
from tests.browser.test_page_quality import audit
from tests.browser.test_pod_event import _context
from tests.matches.factories import play_pods, pod_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOWN = {"zh-CN": "4 人桌：20/10/5/1；3 人桌：20/10/1", "en": "pod of 4: 20/10/5/1; pod of 3: 20/10/1"}
REFUSED = {
    "zh-CN": "名次积分从第一名到最后一名不得增加",
    "en": "Placement points never increase from first place to last",
}


@pytest.mark.parametrize("language", ["zh-CN", "en"])
def test_the_pod_choices_on_the_form_the_event_and_the_standings_are_accessible_and_fit_a_phone(
    live_server, chromium_path, language
):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM_ARGS

    tournament, organiser, _players = pod_event(7, rounds=3)
    choices = {"sizes": "threes_top", "points": [20, 10, 5, 1], "tiebreakers": ["firsts", "regions"]}
    Tournament.objects.filter(pk=tournament.pk).update(pod_choices=choices)
    tournament.refresh_from_db()
    r1 = services.pair_next_round(tournament, organiser)
    services.publish_round(r1, organiser)
    play_pods(r1, organiser)
    snapshot_standings(tournament.pk)
    draft = registration_services.create_tournament(
        organiser, name="龙虎杯三", format=None, system="longhu", map_hash=tournament.map_hash
    )
    shots = os.environ.get("JUNLING_SCREENSHOTS")
    problems: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            for width in (1280, 390):
                context, page = _context(browser, live_server.url, organiser, language, width)
                for name, url in (
                    ("event", f"/tournaments/{tournament.pk}/"),
                    ("standings", f"/tournaments/{tournament.pk}/standings/"),
                ):
                    response = page.goto(live_server.url + url)
                    assert response is not None and response.status == 200, url
                    assert SHOWN[language] in page.locator("#pod-choices").inner_text()
                    audit(page, f"[{language} {width}px] {url}", problems)
                    if shots and width == 390:
                        page.screenshot(path=str(Path(shots) / f"pods26-{name}-{language}-390.png"), full_page=True)
                page.goto(live_server.url + f"/tournaments/{draft.pk}/admin")
                assert page.locator("form.pod-choices-form select[name=tiebreaker_3]").count() == 1
                audit(page, f"[{language} {width}px] admin before the start", problems)
                if shots and width == 390:
                    page.screenshot(path=str(Path(shots) / f"pods26-admin-{language}-390.png"), full_page=True)
                page.goto(live_server.url + "/tournaments/new")
                page.fill("input[name=name]", "龙虎杯二")
                page.select_option("select[name=system]", "longhu")
                page.select_option("select[name=map_hash]", tournament.map_hash)
                page.fill("input[name=placement_points]", "12, 8, 9, 0")
                with page.expect_response(lambda r: r.request.method == "POST") as posted:
                    page.click("form.tournament-new button[type=submit]")
                assert posted.value.status == 400
                page.wait_for_load_state()
                assert REFUSED[language] in page.locator("[role=alert]").inner_text()
                assert page.input_value("input[name=placement_points]") == "12, 8, 9, 0"
                audit(page, f"[{language} {width}px] refused form", problems)
                if shots and width == 390:
                    page.screenshot(path=str(Path(shots) / f"pods26-refused-{language}-390.png"), full_page=True)
                context.close()
        finally:
            browser.close()
    assert not problems, "\n".join(problems)
    assert not Tournament.objects.filter(name="龙虎杯二").exists()
