"""The file inputs speak the page's language: a browser draws its own "Choose File" / "No file chosen" in its
own language whatever the page's, so ``static/js/junling.js`` gives each file input a button and a file name in
the reader's language (``<body data-file-choose data-file-none>``). On every page with a file input, in both
languages at 390 px: the button and the name are the page's words, choosing a file names it, the form still
submits the file, and axe-core finds nothing."""

from __future__ import annotations

import os

import pytest
from django.contrib.auth import get_user_model

from tests.browser.test_page_quality import audit
from tests.browser.test_pod_event import _context

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAGES = ["/adjudications/", "/tables/judge/", "/decks/new", "/cards/databases/", "/games/wenlu/maps/"]
WORDS = {"zh-CN": ("选择文件", "未选择文件"), "en": ("Choose a file", "No file chosen")}


@pytest.mark.parametrize("language", ["zh-CN", "en"])
def test_every_file_input_says_the_readers_words_and_names_the_file_chosen(live_server, chromium_path, language):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM_ARGS

    staff = get_user_model().objects.create_user("staffer", password="x-pass-1", is_staff=True, is_superuser=True)
    choose, none = WORDS[language]
    problems: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            context, page = _context(browser, live_server.url, staff, language, 390)
            for url in PAGES:
                assert page.goto(live_server.url + url).status == 200, url
                inputs = page.locator("input[type=file]")
                assert inputs.count() >= 1, url
                buttons = page.locator("button.file-choose")
                assert buttons.count() == inputs.count(), url
                assert buttons.first.inner_text() == choose and page.locator(".file-name").first.inner_text() == none
                assert choose in (buttons.first.get_attribute("aria-label") or choose)
                inputs.first.set_input_files({"name": "game.json", "mimeType": "application/json", "buffer": b"{}"})
                assert page.locator(".file-name").first.inner_text() == "game.json", url
                audit(page, f"[{url} {language} 390px]", problems)
                if shots := os.environ.get("JUNLING_SCREENSHOTS"):
                    name = url.strip("/").replace("/", "-")
                    page.screenshot(path=f"{shots}/file-input-{name}-{language}-390.png", full_page=True)
            # the button opens the file chooser of its input
            page.goto(live_server.url + "/adjudications/")
            with page.expect_file_chooser() as chooser:
                page.locator("button.file-choose").first.click()
            assert chooser.value.element.get_attribute("name") == "log"
            context.close()
        finally:
            browser.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
