"""The card browser's htmx refresh in a real browser."""

from __future__ import annotations

import pytest

from decks.services.cards import import_card_database
from tests.decks.cardfiles import json_bytes

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_typing_a_search_refreshes_the_results_and_the_address_without_reloading(browser_page):
    version = import_card_database(json_bytes(), filename="sample.json")
    page = browser_page
    page.goto(f"{page.base_url}/cards/?version={version.pk}")
    rows_before = page.locator("tr.card-row").count()
    page.evaluate("window.__not_reloaded = true")
    # Typed key by key (keyup triggers htmx); Playwright types CJK characters without key events.
    page.locator("input[name=q]").press_sequentially("guan yu")
    page.locator("#results a.card-name").first.wait_for()
    page.wait_for_function("document.querySelectorAll('tr.card-row').length === 1")
    assert page.locator("tr.card-row a.card-name").inner_text() == "关羽"
    assert rows_before > 1
    assert page.evaluate("window.__not_reloaded") is True  # swapped by htmx, not a page load
    page.wait_for_function("location.search.includes('q=')")
    assert f"version={version.pk}" in page.url


def test_choosing_a_faction_narrows_the_results_in_a_real_browser(browser_page):
    version = import_card_database(json_bytes(), filename="sample.json")
    page = browser_page
    page.goto(f"{page.base_url}/cards/?version={version.pk}")
    expected = version.cards.filter(faction_tags__contains="|魏|").count()
    page.select_option("select[name=faction]", "魏")
    page.wait_for_function(f"document.querySelectorAll('tr.card-row').length === {expected}")
    assert page.locator("tr.card-row a.card-name").first.inner_text() == "曹操"
