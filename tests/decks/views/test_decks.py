"""Deck pages: list, editor with live verdict (htmx), import, save as a new version, deck page, export."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from decks.models import Deck, DeckVersion
from tests.decks.factories import (
    BAD_DECKLISTS,
    DeckFactory,
    TournamentFactory,
    UserFactory,
    legal_text,
)

pytestmark = pytest.mark.django_db


def test_deck_list_needs_a_login(client):
    response = client.get("/decks/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_deck_list_shows_only_my_decks(client, fmt, owner):
    mine = DeckFactory(owner=owner, format=fmt, name="Mine")
    DeckFactory(owner=UserFactory(), format=fmt, name="Theirs")
    page = client.get("/decks/").content.decode()
    assert mine.name in page and "Theirs" not in page


def test_editor_textarea_posts_to_the_check_endpoint_as_one_types(client, fmt, owner):
    page = client.get("/decks/new").content.decode()
    assert 'hx-post="/decks/check"' in page
    assert 'hx-trigger="input changed delay:300ms' in page
    assert fmt.name in page


def test_check_partial_shows_the_verdict_violations_with_rules_and_english_card_names(client, fmt):
    response = client.post(
        "/decks/check",
        {"decklist": legal_text(extra="1 关羽"), "format": fmt.name},
        HTTP_HX_REQUEST="true",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-code="too-many-copies"' in html and "ruling D2" in html
    assert "Guan Yu" in html
    assert not DeckVersion.objects.exists()


def test_check_partial_of_a_legal_deck_shows_count_factions_and_hand_limit(client, fmt):
    response = client.post("/decks/check", {"decklist": legal_text(), "format": fmt.name})
    html = response.content.decode()
    assert response.status_code == 200
    assert "42" in html and "蜀" in html and "10" in html and "violation" not in html


@pytest.mark.parametrize("kind", ["empty", "binary", "zero-count", "huge-count", "ten-thousand-character-name"])
def test_check_partial_of_bad_input_is_400_with_the_reason(client, fmt, kind):
    text = BAD_DECKLISTS[kind].decode("latin-1")
    response = client.post("/decks/check", {"decklist": text, "format": fmt.name})
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()


def test_a_decklist_that_cannot_be_read_says_why_in_the_readers_language(client, fmt):
    zh = client.post("/decks/check", {"decklist": "3 关羽\n0 张飞", "format": fmt.name}, HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert "数量 0 超出范围（1 到 99）" in zh.content.decode() and "out of range" not in zh.content.decode()
    en = client.post("/decks/check", {"decklist": "3 关羽\n0 张飞", "format": fmt.name}, HTTP_ACCEPT_LANGUAGE="en")
    assert "the count 0 is out of range (1 to 99)" in en.content.decode()


def test_saving_a_new_deck_creates_version_1_and_shows_the_deck_page(client, fmt, owner):
    response = client.post("/decks/new", {"name": "Shu", "format": fmt.name, "decklist": legal_text()})
    deck = Deck.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/decks/{deck.pk}/"
    assert deck.owner == owner and deck.latest_version().number == 1


def test_saving_an_edit_makes_a_new_version_and_the_history_lists_both(client, fmt, owner):
    deck = DeckFactory(owner=owner, format=fmt, name="Shu")
    client.post(
        f"/decks/{deck.pk}/edit", {"name": "Shu", "format": fmt.name, "decklist": legal_text(extra="1 丈八蛇矛")}
    )
    assert [v.number for v in deck.versions.order_by("number")] == [1, 2]
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert "?version=1" in page and "?version=2" in page
    old = client.get(f"/decks/{deck.pk}/?version=1").content.decode()
    assert "丈八蛇矛" not in old.split('class="decklist"')[1]


@pytest.mark.parametrize("kind", sorted(BAD_DECKLISTS))
def test_saving_bad_input_from_the_editor_is_400_and_saves_nothing(client, fmt, owner, kind):
    text = BAD_DECKLISTS[kind].decode("utf-8", "replace")
    response = client.post("/decks/new", {"name": "Bad", "format": fmt.name, "decklist": text})
    assert response.status_code == 400
    assert 'class="error"' in response.content.decode()
    assert not Deck.objects.exists()


@pytest.mark.parametrize("kind", sorted(BAD_DECKLISTS))
def test_importing_a_bad_file_is_400_and_saves_nothing(client, fmt, owner, kind):
    upload = SimpleUploadedFile("deck.txt", BAD_DECKLISTS[kind])
    response = client.post("/decks/new", {"name": "Bad", "format": fmt.name, "action": "import", "file": upload})
    assert response.status_code == 400
    assert not Deck.objects.exists()


def test_a_ten_thousand_character_deck_name_is_400_from_the_editor(client, fmt, owner):
    response = client.post("/decks/new", {"name": "名" * 10_000, "format": fmt.name, "decklist": legal_text()})
    assert response.status_code == 400
    assert not Deck.objects.exists()


def test_importing_a_csv_file_fills_the_editor_in_canonical_text_without_saving(client, fmt, owner):
    csv = "count,name,section\n3,关羽,deck\n3,Zhang Fei,deck\n1,蜀令,pool\n".encode()
    upload = SimpleUploadedFile("deck.csv", csv, content_type="text/csv")
    response = client.post("/decks/new", {"name": "Imported", "format": fmt.name, "action": "import", "file": upload})
    assert response.status_code == 200, response.content.decode()[:2000]
    html = response.content.decode()
    assert "3 关羽" in html and "3 张飞" in html
    assert not Deck.objects.exists()


def test_deck_page_shows_breakdown_copies_and_an_svg_cost_curve(client, fmt, owner):
    deck = DeckFactory(owner=owner, format=fmt)
    html = client.get(f"/decks/{deck.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<svg class="cost-curve"' in html and html.count("<rect") == len(
        deck.latest_version().check_result["cost_curve"]
    )
    assert "Character" in html and "Shu" in html and "Guan Yu" in html


def test_deck_page_of_someone_elses_deck_is_403(client, fmt, owner):
    deck = DeckFactory(owner=UserFactory(), format=fmt)
    assert client.get(f"/decks/{deck.pk}/").status_code == 403
    assert client.get(f"/decks/{deck.pk}/edit").status_code == 403
    assert client.post(f"/decks/{deck.pk}/delete").status_code == 403
    assert Deck.objects.filter(pk=deck.pk).exists()


@pytest.mark.parametrize("kind", ["text", "json", "csv"])
def test_export_downloads_a_file_the_engine_reads_back(client, fmt, owner, kind):
    from engine.decklist import parse_decklist

    version = DeckFactory(owner=owner, format=fmt).latest_version()
    response = client.get(f"/decks/versions/{version.pk}/export?kind={kind}")
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    filename = response["Content-Disposition"].split('filename="')[1].split('"')[0]
    assert parse_decklist(response.content, filename=filename) == parse_decklist(version.decklist)


def test_export_of_an_unknown_form_is_400(client, fmt, owner):
    version = DeckFactory(owner=owner, format=fmt).latest_version()
    assert client.get(f"/decks/versions/{version.pk}/export?kind=pdf").status_code == 400


def test_a_judge_may_open_a_registered_version_page_but_another_player_may_not(client, fmt):
    from matches.services.registration import register_deck

    owner, judge = UserFactory(), UserFactory()
    version = DeckFactory(owner=owner, format=fmt).latest_version()
    register_deck(owner, TournamentFactory(format=fmt, organiser=UserFactory(), judges=[judge]), version)
    client.force_login(judge)
    assert client.get(f"/decks/versions/{version.pk}/").status_code == 200
    client.force_login(UserFactory())
    assert client.get(f"/decks/versions/{version.pk}/").status_code == 403
    assert client.get(f"/decks/versions/{version.pk}/export").status_code == 403


def test_deleting_my_deck_from_its_page(client, fmt, owner):
    deck = DeckFactory(owner=owner, format=fmt)
    response = client.post(f"/decks/{deck.pk}/delete")
    assert response.status_code == 302 and not Deck.objects.exists()


def test_a_too_long_name_is_shown_beside_the_name_field_and_the_input_kept(client, fmt, owner):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"  # the assertions read English messages
    text = legal_text()
    response = client.post("/decks/new", {"name": "名" * 101, "format": fmt.name, "decklist": text})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'aria-invalid="true"' in html and "the limit is 100" in html
    assert "3 关羽" in html  # the decklist is still in the editor
    assert not Deck.objects.exists()


def test_an_unknown_format_from_the_editor_is_a_field_error_and_saves_nothing(client, fmt, owner):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    response = client.post("/decks/new", {"name": "Shu", "format": "no-such-format", "decklist": legal_text()})
    assert response.status_code == 400
    assert "Unknown format" in response.content.decode()
    assert not Deck.objects.exists()


def test_importing_without_a_file_asks_for_one(client, fmt, owner):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    response = client.post("/decks/new", {"name": "Shu", "format": fmt.name, "action": "import"})
    assert response.status_code == 400 and "Choose a file to import." in response.content.decode()


def test_the_check_partial_names_a_bad_field(client, fmt):
    response = client.post("/decks/check", {"decklist": "3 关羽", "card_database": "f" * 65})
    assert response.status_code == 400 and 'role="alert"' in response.content.decode()


def test_a_private_decklist_is_a_403_page_with_the_reason(client, fmt):
    version = DeckFactory(format=fmt).latest_version()
    response = client.get(f"/decks/versions/{version.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 403
    assert "private until the organiser publishes it" in response.content.decode()


def test_staff_may_open_any_version_page_but_not_edit_the_deck(client, fmt):
    deck = DeckFactory(format=fmt)
    client.force_login(UserFactory(staff=True))
    assert client.get(f"/decks/versions/{deck.latest_version().pk}/").status_code == 200
    assert client.get(f"/decks/{deck.pk}/edit").status_code == 403


def test_unknown_cards_are_shown_beside_the_decklist(client, fmt, owner):
    response = client.post("/decks/new", {"name": "Typo", "format": fmt.name, "decklist": legal_text(extra="2 关于")})
    assert response.status_code == 400
    assert response.context["form"].has_error("decklist", "deck.unknown_cards")
    assert not Deck.objects.exists()
