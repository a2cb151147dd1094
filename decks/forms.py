"""The deck and card-database pages' input: every POST goes through one of these forms.

The rules themselves stay in the services (a deck name's limits, which formats exist, the file
size the engine reads); a form asks them and turns their refusal into an error on its field.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from decks.models import Deck, Format
from decks.services import cards as card_services
from decks.services import decks as deck_services
from engine import cards as engine_cards

FORMAT_NAME_MAX = Format._meta.get_field("name").max_length or 64
CARD_DATABASE_MAX = 64
"""A card-database version id or its content hash (64 hex digits)."""


class DeckCheckForm(forms.Form):
    """The editor's live check (htmx): a decklist, a format and optionally a card database; nothing saved."""

    decklist = forms.CharField(required=False, strip=False)
    format = forms.CharField(required=False, max_length=FORMAT_NAME_MAX)
    card_database = forms.CharField(required=False, max_length=CARD_DATABASE_MAX)


class DeckForm(forms.Form):
    """The deck editor: save (a new deck or a new version) or import a file into the editor."""

    SAVE, IMPORT = "save", "import"

    name = forms.CharField(label=gettext_lazy("Name"), required=False, strip=False)
    format = forms.CharField(label=gettext_lazy("Format"), required=False, max_length=FORMAT_NAME_MAX)
    decklist = forms.CharField(label=gettext_lazy("Decklist"), required=False, strip=False)
    file = forms.FileField(label=gettext_lazy("File"), required=False)
    action = forms.ChoiceField(choices=[(SAVE, SAVE), (IMPORT, IMPORT)], required=False)

    def __init__(
        self, *args: Any, fallback_format: Format | None = None, fallback_name: str = "", **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fallback_format = fallback_format
        self.fallback_name = fallback_name
        """The name saved when none is typed (the deck's own, or a dated default for a new deck)."""

    def clean_action(self) -> str:
        return self.cleaned_data.get("action") or self.SAVE

    def clean_format(self) -> Format:
        name = self.cleaned_data.get("format") or (self.fallback_format.name if self.fallback_format else None)
        try:
            return deck_services.get_format(name)
        except deck_services.DeckRefused as exc:
            raise forms.ValidationError(exc.message, code=exc.code) from None

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None  # forms.Form.clean returns cleaned_data
        if data.get("action") == self.IMPORT:
            if not data.get("file") and not self.has_error("file"):
                self.add_error("file", forms.ValidationError(_("Choose a file to import."), code="required"))
        elif "name" in data:
            try:
                data["name"] = deck_services.clean_deck_name(data["name"].strip() or self.fallback_name)
            except deck_services.DeckRefused as exc:
                self.add_error("name", forms.ValidationError(exc.message, code=exc.code))
        return data


class CardDatabaseImportForm(forms.Form):
    """A staff upload of a card-database file (JSON or CSV), with an optional name and version label."""

    file = forms.FileField(
        label=gettext_lazy("File"),
        error_messages={"required": gettext_lazy("Choose a JSON or CSV file to upload.")},
    )
    database = forms.CharField(label=gettext_lazy("Database name"), required=False, max_length=100)
    version = forms.CharField(label=gettext_lazy("Version"), required=False, max_length=50)

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size is not None and upload.size > engine_cards.MAX_FILE_BYTES:
            raise forms.ValidationError(card_services.too_big_message(upload.size), code="too_large")
        return upload


class DeckSharingForm(forms.Form):
    """Who may see a deck (the owner's word): private, by share link, or public."""

    visibility = forms.ChoiceField(label=gettext_lazy("Who may see this deck"), choices=Deck.Visibility.choices)


class OpeningForm(forms.Form):
    """The query of a deck's "try the opening" page (GET, read-only): the seed of the shuffles and the
    player's mulligan choice (none yet, keep, or take the one mulligan)."""

    SEED_MAX = 10**9

    seed = forms.IntegerField(required=False, min_value=0, max_value=SEED_MAX)
    choice = forms.ChoiceField(required=False, choices=[("", ""), ("keep", "keep"), ("mulligan", "mulligan")])

    def seed_or_default(self) -> int:
        """The seed asked for, or 1 when none (or a malformed one) was given."""
        if self.is_valid() and self.cleaned_data.get("seed") is not None:
            return int(self.cleaned_data["seed"])
        return 1

    def choice_or_none(self) -> str:
        return str(self.cleaned_data.get("choice") or "") if self.is_valid() else ""


class OddsForm(forms.Form):
    """The deck page's odds question (GET, read-only): at least ``at_least`` cards of the kind ``ask``
    (``type:人``, ``faction:蜀``, ``cost:2``, ``name:关羽``, one of the deck's own) by the player's ``turn``
    (0: the opening hand), and the seed of a sample hand."""

    SEED_MAX = 10**9

    ask = forms.ChoiceField(label=gettext_lazy("Cards of the kind"), required=False, choices=[])
    at_least = forms.IntegerField(label=gettext_lazy("At least"), required=False, min_value=1, max_value=20)
    turn = forms.IntegerField(
        label=gettext_lazy("By your turn (0: the opening hand)"), required=False, min_value=0, max_value=30
    )
    sample = forms.IntegerField(required=False, min_value=1, max_value=SEED_MAX)

    def __init__(self, *args: Any, choices: list[tuple[str, str]] = (), **kwargs: Any) -> None:  # type: ignore[assignment]
        super().__init__(*args, **kwargs)
        self.fields["ask"].choices = [("", ""), *choices]  # type: ignore[attr-defined]
