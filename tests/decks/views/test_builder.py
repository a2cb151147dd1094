"""The deck builder beside the editor: its card list (the card browser's filters), the deck panel the
live check answers with (+/- per card, counts by type and faction, the cost curve in words), and a
deck saved or imported without typing a name first."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from decks.models import Deck, Format
from decks.presenters.builder import builder_cards
from decks.services.cards import import_card_database
from engine import cards as engine_cards
from tests.decks.factories import FormatFactory, legal_text, sample_cards

pytestmark = pytest.mark.django_db


@pytest.fixture
def fmt(db: None) -> Format:
    """A format whose card database was imported (so its cards are rows the builder lists): the sample cards."""
    cards = engine_cards.CardDatabase(sample_cards(), game=engine_cards.GENERALS_ORDER, name="builder", version="1")
    version = import_card_database(json.dumps(cards.to_document()).encode(), filename="builder.json")
    return FormatFactory(card_database_versions=[version])


def _added(response) -> list[str]:
    return [c["name"] for c in response.context["builder"]["cards"]]


def test_the_editor_renders_the_builder_with_every_card_of_the_formats_database(client, fmt, owner):
    response = client.get("/decks/new")
    assert response.status_code == 200
    page = response.content.decode()
    assert 'id="builder"' in page and "hidden" in page.split('id="builder"', 1)[1][:40]  # shown by script only
    assert 'data-add="关羽"' in page and 'data-section="pool"' in page  # a commandment goes to the pool
    assert "js/deckbuilder.js" in page and "<script>" not in page  # no inline script (CSP)
    assert response.context["builder"]["total"] == len(_added(response)) > 14


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"q": "關羽"}, {"关羽"}),  # traditional characters, as on /cards/
        ({"q": "guan yu"}, {"关羽"}),  # English
        ({"type": "令"}, {"反军", "蜀令", "魏令"}),
        ({"faction": "魏", "type": "人"}, {"曹操", "夏侯惇", "张辽"}),
        ({"cost": "5"}, {"关羽"}),
    ],
)
def test_the_builder_card_list_filters_like_the_card_browser(client, fmt, params, expected):
    response = client.get(reverse("decks:builder-cards"), {"format": fmt.name, **params})
    assert response.status_code == 200
    assert set(_added(response)) == expected


def test_a_bad_cost_filter_is_named_and_the_list_still_answers(client, fmt):
    response = client.get(reverse("decks:builder-cards"), {"format": fmt.name, "cost": "five"})
    assert response.status_code == 200
    assert "cost" in response.context["builder"]["filter_errors"]


def test_the_builder_card_list_of_an_unknown_format_says_there_is_no_database(client, fmt):
    response = client.get(reverse("decks:builder-cards"), {"format": "no-such-format"})
    assert response.status_code == 200 and response.context["builder"]["version"] is None


def test_the_presenter_puts_commandments_in_the_pool_and_names_every_spelling(fmt):
    cards = {c["name"]: c for c in builder_cards(fmt.name, {}, "en")["cards"]}
    assert cards["蜀令"]["section"] == "pool" and cards["关羽"]["section"] == "deck"
    assert cards["关羽"]["shown"] == "Guan Yu" and "Guan Yu" in cards["关羽"]["names"].split("|")


def test_the_editors_check_answers_with_the_deck_panel_counts_curve_and_steps(client, fmt):
    response = client.post(
        reverse("decks:check"), {"decklist": legal_text(), "format": fmt.name}, HTTP_ACCEPT_LANGUAGE="en"
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert 'id="builder-deck"' in page
    assert 'data-remove="关羽"' in page and 'data-add="关羽"' in page and 'data-count="3"' in page
    assert "Remove one Guan Yu" in page and "Add one Guan Yu" in page
    assert "By type" in page and "By faction" in page
    assert "Cost curve: cost 1: 3; cost 2: 18" in page  # the chart's text alternative
    assert 'data-present-factions="蜀" data-declared-factions="蜀"' in page
    assert "declare-factions" not in page  # nothing to declare


def test_an_undeclared_faction_offers_to_declare_the_factions_present(client, fmt):
    text = legal_text().replace("势力: 蜀\n", "")
    response = client.post(reverse("decks:check"), {"decklist": text, "format": fmt.name})
    page = response.content.decode()
    assert 'class="declare-factions" data-factions="蜀"' in page


def test_the_deck_page_keeps_its_own_breakdown_without_the_builders_buttons(client, fmt, owner):
    client.post("/decks/new", {"name": "Shu", "format": fmt.name, "decklist": legal_text(), "action": "save"})
    deck = Deck.objects.get(name="Shu")
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert 'data-remove="' not in page and 'id="builder-deck"' not in page


def test_saving_a_pasted_deck_without_a_name_gives_it_a_dated_name(client, fmt, owner):
    response = client.post("/decks/new", {"name": "", "format": fmt.name, "decklist": legal_text(), "action": "save"})
    deck = Deck.objects.get(owner=owner)
    assert response.status_code == 302
    assert timezone.localdate().isoformat() in deck.name


def test_editing_with_the_name_cleared_keeps_the_decks_name(client, fmt, owner):
    client.post("/decks/new", {"name": "Shu", "format": fmt.name, "decklist": legal_text(), "action": "save"})
    deck = Deck.objects.get(owner=owner)
    edited = legal_text().replace("3 关羽", "2 关羽")
    response = client.post(
        f"/decks/{deck.pk}/edit", {"name": " ", "format": fmt.name, "decklist": edited, "action": "save"}
    )
    assert response.status_code == 302
    deck.refresh_from_db()
    assert deck.name == "Shu" and deck.versions.count() == 2


def test_importing_a_file_without_a_name_fills_the_name_from_the_file(client, fmt, owner):
    upload = SimpleUploadedFile("shu rush.txt", legal_text().encode(), content_type="text/plain")
    response = client.post("/decks/new", {"name": "", "format": fmt.name, "action": "import", "file": upload})
    assert response.status_code == 200
    assert response.context["name"] == "shu rush"
    assert 'value="shu rush"' in response.content.decode()
    assert not Deck.objects.exists()  # importing fills the editor; saving is the player's word
