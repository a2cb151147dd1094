"""A map's drawn board in a real browser (``templates/boards/_board.html``, ``static/js/board.js``): staff moves a
place by the arrow keys and by dragging and saves the positions as a new version of the map; the page passes
axe-core, fits 390 px and holds no word of the other language, in both languages at 1280 and 390 px."""

from __future__ import annotations

import json
import os

import pytest

from tests.browser.test_boards import _context, _shot
from tests.browser.test_page_quality import audit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("language", ["zh-CN", "en"])
def test_staff_moves_places_on_the_drawn_map_and_saves_a_new_version(live_server, chromium_path, language):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from django.contrib.auth import get_user_model
    from playwright.sync_api import sync_playwright

    from boards.models import GameMap
    from boards.services.maps import ensure_test_maps
    from tests.conftest import CHROMIUM_ARGS

    ensure_test_maps()
    row = GameMap.objects.get(system="longhu")
    staff = get_user_model().objects.create_user("staffer", "s@example.org", "pw", is_staff=True)
    problems: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            for width in (1280, 390):
                context, page = _context(browser, live_server, language, width, staff)
                page.goto(f"{live_server.url}/games/longhu/maps/{row.pk}/")
                page.wait_for_selector("#board-svg")
                audit(page, f"[map board {language} {width}px]", problems)
                _shot(page, f"map-board-{language}-{width}")
                context.close()
            context, page = _context(browser, live_server, language, 1280, staff)
            page.goto(f"{live_server.url}/games/longhu/maps/{row.pk}/")
            luoyang = page.locator('.spot[data-place="洛阳"]')
            luoyang.focus()
            page.keyboard.press("ArrowRight")
            page.keyboard.press("Shift+ArrowDown")
            changan = page.locator('.spot[data-place="长安"]')
            box = changan.bounding_box()
            assert box is not None
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.mouse.down()
            page.mouse.move(box["x"] + box["width"] / 2 - 40, box["y"] + box["height"] / 2 + 10, steps=4)
            page.mouse.up()
            moved = json.loads(page.locator("#layout-form input[name=positions]").input_value())
            assert moved["洛阳"] == [530, 410]  # (520, 360) + 10 right + 50 down
            assert set(moved) == {"洛阳", "长安"}
            page.locator("#layout-save").click()
            page.wait_for_url(lambda url: f"/maps/{row.pk}/" not in url)
            new = GameMap.objects.exclude(pk=row.pk).get(name=row.name)
            assert new.document["layout"]["洛阳"] == {"x": 530, "y": 410}
            assert float(page.locator('.spot[data-place="洛阳"]').get_attribute("data-x") or 0) == 530
            audit(page, f"[map board saved {language}]", problems)
            context.close()
        finally:
            browser.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
