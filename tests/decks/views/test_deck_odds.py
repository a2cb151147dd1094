"""The deck page's opening-hand odds (decks/presenters/odds.py over engine/odds.py): the exact chance of a kind by
the deal of the deck's game, the player's question, a seeded sample hand; bad questions are a located 400."""

from __future__ import annotations

from math import comb

import pytest

from decks.models import DeckVersion
from tests.decks.factories import SHU_GENERALS, DeckFactory
from tests.decks.views.test_opening import sgz_deck

pytestmark = pytest.mark.django_db


def _page(client, deck, query: str = "", lang: str = "en"):
    return client.get(f"/decks/{deck.pk}/{query}", HTTP_ACCEPT_LANGUAGE=lang)


def _miss(deck: int, hits: int, drawn: int) -> float:
    return comb(deck - hits, drawn) / comb(deck, drawn)


def test_ruling_g1_the_deck_page_gives_a_named_cards_chance_by_turn_going_first_and_second(client, owner, fmt):
    deck = DeckFactory(owner=owner, format=fmt)
    page = _page(client, deck, "?ask=name:关羽&at_least=1&turn=2").content.decode()
    # 42 cards, 3 关羽: going first, 6 cards seen by turn 2 (5 + the turn-2 draw); going second, 7.
    first = f"{(1 - _miss(42, 3, 6)) * 100:.1f}%"
    second = f"{(1 - _miss(42, 3, 7)) * 100:.1f}%"
    assert "Opening-hand odds" in page
    assert f"{first} going first (6 cards seen)" in page
    assert f"{second} going second (7 cards seen)" in page


def test_the_summary_gives_every_type_and_faction_of_the_deck_and_an_all_shu_deck_is_certain(client, owner, fmt):
    deck = DeckFactory(owner=owner, format=fmt)
    page = _page(client, deck).content.decode()
    assert "Chance of at least one card of each kind" in page
    assert '<th scope="row">Shu</th><td>42</td><td>100%</td>' in page


def test_the_chinese_deck_page_asks_in_chinese(client, owner, fmt):
    deck = DeckFactory(owner=owner, format=fmt)
    page = _page(client, deck, "?ask=cost:3&at_least=2", lang="zh-hans").content.decode()
    assert "起手牌概率" in page
    assert "费用 3 或以下" in page


def test_a_sample_hand_is_five_of_the_decks_cards_and_the_same_seed_deals_the_same_hand(client, owner, fmt):
    deck = DeckFactory(owner=owner, format=fmt)
    versions = DeckVersion.objects.count()
    one = _page(client, deck, "?sample=12345").content.decode()
    again = _page(client, deck, "?sample=12345").content.decode()
    hand = one.split('<ol class="sample-hand">')[1].split("</ol>")[0]
    assert hand.count("<li>") == 5
    assert hand == again.split('<ol class="sample-hand">')[1].split("</ol>")[0]
    english = {en for _n, en, _c in SHU_GENERALS}
    assert all(item.split("</li>")[0] in english for item in hand.split("<li>")[1:])
    assert DeckVersion.objects.count() == versions  # a GET never writes


def test_a_kind_the_deck_does_not_hold_is_a_located_400_in_the_readers_language(client, owner, fmt):
    deck = DeckFactory(owner=owner, format=fmt)
    response = _page(client, deck, "?ask=name:曹操", lang="zh-hans")
    assert response.status_code == 400
    assert 'id="ask-error"' in response.content.decode()
    assert "选择一个有效的选项" in response.content.decode()


def test_a_turn_out_of_range_is_a_located_400(client, owner, fmt):
    deck = DeckFactory(owner=owner, format=fmt)
    response = _page(client, deck, "?ask=name:关羽&turn=-1")
    assert response.status_code == 400
    assert 'id="turn-error"' in response.content.decode()


def test_ruling_s8_a_sanguo_zhi_deck_gives_the_starting_hand_and_the_one_mulligan_and_no_turns(client, owner):
    deck = sgz_deck(owner)
    page = _page(client, deck, "?ask=name:曹操&at_least=1").content.decode()
    p = 1 - _miss(50, 1, 6)
    assert f"in the starting hand: {p * 100:.1f}%" in page
    assert f"when it misses: {(1 - (1 - p) ** 2) * 100:.1f}%" in page
    assert 'name="turn"' not in page
