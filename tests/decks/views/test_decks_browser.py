"""The deck editor in a real browser: the verdict follows the typing (htmx), then saving makes a version."""

from __future__ import annotations

import pytest

from decks.models import Deck
from tests.decks.factories import (
    FormatFactory,
    UserFactory,
    legal_text,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_editor_shows_the_verdict_as_one_types_and_saves_a_version(browser_page):
    page = browser_page
    fmt = FormatFactory()
    user = UserFactory()
    user.set_password("editor-pass-1")
    user.save()
    page.goto(page.base_url + "/accounts/login/?next=/decks/new")
    page.fill("input[name=username]", user.username)
    page.fill("input[name=password]", "editor-pass-1")
    with page.expect_navigation():
        page.click("form button[type=submit]")
    assert page.url.endswith("/decks/new")

    page.fill("input[name=name]", "Live")
    page.select_option("select[name=format]", fmt.name)
    page.fill("textarea[name=decklist]", legal_text(extra="1 关羽"))
    page.press("textarea[name=decklist]", "End")  # a keyup: htmx posts after 300 ms
    page.wait_for_selector("#verdict [data-code=too-many-copies]")
    assert "裁定 D2" in page.inner_text("#verdict")  # the ruling badge in the page's language (issue 27)

    page.fill("textarea[name=decklist]", legal_text())
    page.press("textarea[name=decklist]", "End")
    page.wait_for_selector("#verdict .verdict.legal")
    assert not page.query_selector("#verdict .violation")

    page.fill("textarea[name=decklist]", "0 关羽")
    page.press("textarea[name=decklist]", "End")
    page.wait_for_selector("#verdict .unreadable")  # the 400 partial is shown too

    page.fill("textarea[name=decklist]", legal_text())
    with page.expect_navigation():
        page.click("button[value=save]")
    deck = Deck.objects.get(name="Live")
    assert page.url.endswith(f"/decks/{deck.pk}/")
    assert page.query_selector("svg.cost-curve rect") is not None
