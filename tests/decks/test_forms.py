"""The forms of the deck and card-database pages: each bad field gets its own error, with the service's code."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from decks.forms import CardDatabaseImportForm, DeckCheckForm, DeckForm
from engine import cards as engine_cards

pytestmark = pytest.mark.django_db


def test_a_valid_deck_form_gives_the_format_and_the_stored_name(fmt):
    form = DeckForm({"name": "  Shu   rush ", "format": fmt.name, "decklist": "3 关羽"})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["name"] == "Shu rush"
    assert form.cleaned_data["format"] == fmt and form.cleaned_data["action"] == DeckForm.SAVE


@pytest.mark.parametrize(
    ("data", "field", "code"),
    [
        ({"name": "名" * 101}, "name", "deck.name_too_long"),
        ({"name": "   "}, "name", "deck.name_missing"),
        ({"name": "a\x00b"}, "name", "null_characters_not_allowed"),
        ({"name": "Shu", "format": "no-such-format"}, "format", "format.unknown"),
        ({"name": "Shu", "format": "x" * 1000}, "format", "max_length"),
        ({"name": "Shu", "decklist": "3 关\x00羽"}, "decklist", "null_characters_not_allowed"),
        ({"name": "Shu", "action": "explode"}, "action", "invalid_choice"),
        ({"action": "import"}, "file", "required"),
    ],
)
def test_each_bad_field_of_the_deck_form_is_an_error_on_that_field(fmt, data, field, code):
    form = DeckForm({"format": fmt.name, **data})
    assert not form.is_valid()
    assert form.has_error(field, code), form.errors.as_data()


def test_editing_without_a_format_keeps_the_decks_format(fmt):
    form = DeckForm({"name": "Shu", "decklist": "3 关羽"}, fallback_format=fmt)
    assert form.is_valid() and form.cleaned_data["format"] == fmt


def test_the_check_form_takes_an_empty_post_and_limits_its_fields():
    assert DeckCheckForm({}).is_valid()
    assert DeckCheckForm({"card_database": "f" * 65}).has_error("card_database", "max_length")


def test_the_import_form_needs_a_file_and_refuses_one_over_the_limit(monkeypatch):
    assert CardDatabaseImportForm({}, {}).has_error("file", "required")
    monkeypatch.setattr(engine_cards, "MAX_FILE_BYTES", 10)
    form = CardDatabaseImportForm({}, {"file": SimpleUploadedFile("big.json", b"x" * 11)})
    assert form.has_error("file", "too_large")
    long_label = CardDatabaseImportForm({"version": "v" * 51}, {"file": SimpleUploadedFile("a.json", b"{}")})
    assert long_label.has_error("version", "max_length")
