"""A 三国智 deck's "try the opening" page (engine.sanguozhi): read-only, the seed in the query string, the
mulligan a choice, in the reader's language; Generals' Order decks have none."""

from __future__ import annotations

import pytest
from django.utils import translation

from decks.models import DeckVersion
from engine import cards as engine_cards
from engine.sanguozhi import starter_deck
from tests.decks.factories import CardDatabaseFactory, CardDatabaseVersionFactory, DeckFactory, FormatFactory

pytestmark = pytest.mark.django_db

SGZ = engine_cards.starter_database(engine_cards.SANGUO_ZHI)


def sgz_text() -> str:
    deck = starter_deck(SGZ)
    lines = [f"{e.count} {e.name}" for e in deck.entries] + ["事件:"] + [f"{e.count} {e.name}" for e in deck.pool]
    return "\n".join(lines)


def sgz_deck(owner, text: str | None = None):
    database = CardDatabaseFactory(game=engine_cards.SANGUO_ZHI, name="sgz-starter")
    version = CardDatabaseVersionFactory(database=database, cards=list(SGZ))
    fmt = FormatFactory(
        game=engine_cards.SANGUO_ZHI, ruleset="sanguo-zhi", name="sgz-standard", card_database_versions=[version]
    )
    return DeckFactory(owner=owner, format=fmt, text=text or sgz_text(), name="三国智甲")


def test_a_sanguo_zhi_deck_page_links_to_its_opening(client, owner):
    deck = sgz_deck(owner)
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert f"/decks/{deck.pk}/opening" in page


def test_a_generals_order_deck_has_no_opening_to_try(client, owner, fmt):
    deck = DeckFactory(owner=owner, format=fmt)
    assert f"/decks/{deck.pk}/opening" not in client.get(f"/decks/{deck.pk}/").content.decode()
    assert client.get(f"/decks/{deck.pk}/opening").status_code == 404


def test_the_opening_shows_six_cards_and_the_mulligan_choice_for_a_seed(client, owner):
    deck = sgz_deck(owner)
    versions = DeckVersion.objects.count()
    first = client.get(f"/decks/{deck.pk}/opening?seed=7", HTTP_ACCEPT_LANGUAGE="en")
    again = client.get(f"/decks/{deck.pk}/opening?seed=7", HTTP_ACCEPT_LANGUAGE="en")
    assert first.status_code == 200 and first.context["opening"]["hand"] == again.context["opening"]["hand"]
    opening = first.context["opening"]
    assert len(opening["hand"]) == 6 and opening["camp_count"] == 44 and opening["grain"] == 30
    assert opening["deciding"] and "choice=mulligan" in first.content.decode()
    assert DeckVersion.objects.count() == versions  # GET writes nothing


def test_taking_the_mulligan_draws_a_final_hand_of_six(client, owner):
    deck = sgz_deck(owner)
    opening = client.get(f"/decks/{deck.pk}/opening?seed=7&choice=mulligan").context["opening"]
    assert opening["mulligan"] == "taken" and not opening["deciding"] and len(opening["hand"]) == 6
    kept = client.get(f"/decks/{deck.pk}/opening?seed=7&choice=keep").context["opening"]
    assert kept["mulligan"] == "kept"


def test_a_malformed_query_falls_back_to_the_first_shuffle(client, owner):
    deck = sgz_deck(owner)
    response = client.get(f"/decks/{deck.pk}/opening?seed=abc&choice=steal")
    assert response.status_code == 200 and response.context["opening"]["seed"] == 1


def test_the_opening_speaks_chinese_by_default(client, owner):
    deck = sgz_deck(owner)
    with translation.override("zh-hans"):
        page = client.get(f"/decks/{deck.pk}/opening?seed=3", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "起始手牌" in page and "重抓" in page and "主将" in page


def test_an_illegal_deck_says_the_first_rule_it_breaks(client, owner):
    deck = sgz_deck(owner, text="1 曹操\n1 刘备")
    response = client.get(f"/decks/{deck.pk}/opening", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200 and response.context["opening"]["rule"] == "§1.1.1.4, ruling S1"


def test_a_private_deck_opening_is_not_shown_to_others(client, owner):
    deck = sgz_deck(owner)
    client.logout()
    assert client.get(f"/decks/{deck.pk}/opening").status_code == 302


def test_a_sanguo_zhi_deck_page_speaks_of_its_camp_and_events_not_the_resource_deck(client, owner):
    deck = sgz_deck(owner)
    page = client.get(f"/decks/{deck.pk}/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "营地 50 张，事件" in page
    assert "资源区" not in page and "军令池" not in page
