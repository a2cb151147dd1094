"""The input of every state-changing page of tournaments, rounds, results and adjudication.

A form parses and bounds what the browser sent (ids, whole numbers, names, text sizes) and says
which field is wrong; the services then decide what the tournament's rules allow. Views never read
``request.POST`` by hand.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from decks.models import DeckVersion, Format
from engine.cards import GENERALS_ORDER
from engine.systems import get_system
from junling.parsers import parse_id
from matches.forms_play import ClockFields
from matches.models import Match, Registration, Ruling, Tournament
from matches.models.tournaments import system_choices
from matches.services import rounds as round_services
from matches.services.pods import choices_message
from matches.services.rounds import RoundError
from matches.services.scoring import scoring_of
from matches.tournament import DEFAULT_TIEBREAKERS, check_choices

MAX_ID = 2**63 - 1
POD_SIZE_CHOICES = [
    ("threes_bottom", _("Fours, threes at the bottom of the standings")),
    ("threes_top", _("Fours, threes at the top of the standings")),
    ("fives", _("Fours and fives")),
]
TIEBREAKER_CHOICES = [
    ("none", _("none")),
    ("regions", _("Regions held")),
    ("opp", _("Opponents' points %")),
    ("firsts", _("Firsts")),
]
RESULT_GAMES = 9
"""The most games a result field takes (results.check_games applies the match's best-of)."""


class IdChoiceField(forms.ModelChoiceField):
    """A model choice by primary key that refuses non-numbers and out-of-range ids before the query."""

    def to_python(self, value: Any) -> Any:
        if value in self.empty_values:
            return None
        text = str(value).strip()
        if (number := parse_id(text)) is None or number > MAX_ID:
            raise forms.ValidationError(self.error_messages["invalid_choice"], code="invalid_choice")
        return super().to_python(text)


class RegisterDeckForm(forms.Form):
    """A player registers one of his own deck versions (the service checks it against the format)."""

    deck_version = IdChoiceField(
        queryset=DeckVersion.objects.none(),
        label=_("Deck version"),
        error_messages={
            "required": _("Choose one of your deck versions."),
            "invalid_choice": _("Choose one of your deck versions."),
        },
    )

    def __init__(self, *args: Any, player: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["deck_version"].queryset = DeckVersion.objects.select_related(  # type: ignore[attr-defined]
            "deck", "card_database_version"
        ).filter(deck__owner=player)


class WithdrawForm(forms.Form):
    """The confirmation a withdrawal needs: a ticked box (a stray POST withdraws nothing)."""

    confirm = forms.BooleanField(label=_("Yes, withdraw my registration"), required=True)


class StructureForm(forms.Form):
    """Swiss (rounds, 0 = from attendance; top cut 0/4/8), round robin or single elimination."""

    structure = forms.ChoiceField(label=_("Structure"), choices=Tournament.Structure.choices)
    planned_rounds = forms.IntegerField(
        label=_("Swiss rounds (0: from attendance)"), min_value=0, max_value=20, required=False
    )
    top_cut = forms.TypedChoiceField(
        label=_("Top cut"),
        choices=[("0", "0"), ("4", "4"), ("8", "8")],
        coerce=int,
        required=False,
        empty_value=0,  # type: ignore[arg-type]  # any value (Django's docs); the stubs say str | None
    )

    def clean_planned_rounds(self) -> int:
        return self.cleaned_data.get("planned_rounds") or 0


POINTS_SPLIT = re.compile(r"[\s,，、/]+")


class PodChoicesFields(forms.Form):
    """A pod event's pod sizes, placement points (blank: 12/8/4/0) and up to three tiebreakers in order (issue 26).

    ``clean`` leaves ``pod_choices`` ({} for a game without pods); each wrong value is an error on its own field,
    in the words of ``matches.services.pods.choices_message``."""

    pod_sizes = forms.ChoiceField(label=_("Pod sizes"), choices=POD_SIZE_CHOICES, required=False)
    placement_points = forms.CharField(label=_("Placement points"), max_length=100, required=False)
    tiebreaker_1 = forms.ChoiceField(label=_("First tiebreaker"), choices=TIEBREAKER_CHOICES, required=False)
    tiebreaker_2 = forms.ChoiceField(label=_("Second tiebreaker"), choices=TIEBREAKER_CHOICES, required=False)
    tiebreaker_3 = forms.ChoiceField(label=_("Third tiebreaker"), choices=TIEBREAKER_CHOICES, required=False)

    def pod_choices(self, system: str) -> dict[str, Any]:
        """The choices as ``set_pod_choices`` takes them; each wrong one an error on its field (``{}``: none)."""
        data = self.cleaned_data
        sizes = data.get("pod_sizes") or "threes_bottom"
        raw = POINTS_SPLIT.split(str(data.get("placement_points") or "").strip())
        points: list[int] = []
        for word in (w for w in raw if w):
            if not word.isascii() or not word.isdigit():
                self.add_error("placement_points", choices_message("points", "range", system, sizes))
                return {}
            points.append(int(word))
        tiebreakers = [t for t in (data.get(f"tiebreaker_{k}") for k in (1, 2, 3)) if t and t != "none"]
        if not any(data.get(f"tiebreaker_{k}") for k in (1, 2, 3)):
            tiebreakers = list(DEFAULT_TIEBREAKERS)
        wrong = check_choices(sizes, points, tiebreakers, max_seats=get_system(system).seats[1])
        if wrong is not None:
            where = {"sizes": "pod_sizes", "points": "placement_points", "tiebreakers": "tiebreaker_1"}[wrong[0]]
            self.add_error(where, choices_message(*wrong, system, sizes))
            return {}
        return {"sizes": sizes, "points": points, "tiebreakers": tiebreakers}


class PodChoicesForm(PodChoicesFields):
    """The pod choices again on the admin page, before the start."""


class TournamentForm(StructureForm, ClockFields, PodChoicesFields):
    """A new tournament: name, format, best of, and its structure."""

    name = forms.CharField(label=_("Name"), max_length=200)
    system = forms.ChoiceField(label=_("Game system"), choices=system_choices, required=False)
    format = IdChoiceField(queryset=Format.objects.order_by("name"), label=_("Format"), required=False)
    map_hash = forms.CharField(label=_("Map"), max_length=80, required=False)
    side_bids = forms.BooleanField(label=_("Bid for sides"), required=False)
    open_bidding = forms.BooleanField(label=_("Open bidding"), required=False)
    best_of = forms.TypedChoiceField(label=_("Best of"), choices=[("3", "3"), ("1", "1")], coerce=int)
    rated = forms.BooleanField(label=_("Rated (changes the players' ratings)"), required=False)

    field_order = ["name", "system", "format", "map_hash", "best_of", "rated", "structure", "planned_rounds", "top_cut"]

    def clean_system(self) -> str:
        return self.cleaned_data.get("system") or GENERALS_ORDER

    def clean(self) -> dict[str, Any]:
        """A card game's event needs a format; a board game's has none (a format chosen with it is ignored)."""
        data = super().clean() or {}
        game = get_system(data.get("system") or GENERALS_ORDER)
        if game.has_cards and not data.get("format") and "format" not in self.errors:
            self.add_error("format", _("A card game's tournament needs a format."))
        if not game.has_cards:
            data["format"] = None
        if not game.has_map:
            data["map_hash"] = ""
        data["pod_choices"] = self.pod_choices(game.id) if game.scoring == "placement" else {}
        return data


class PublishForm(forms.Form):
    """Publishing a draft round: on the site's refereed tables, or played on paper and reported."""

    on_tables = forms.BooleanField(label=_("Play on the site"), required=False)


class PlayerForm(forms.Form):
    """A player by user name (an organiser drops a player or invites one)."""

    player = forms.CharField(label=_("Player"), max_length=150)

    def clean_player(self) -> Any:
        name = self.cleaned_data["player"].strip()
        user = get_user_model().objects.filter(username=name).first()
        if user is None:
            raise forms.ValidationError(_("There is no player named %(name)s."), params={"name": name or "''"})
        return user


class DateTimeLocalInput(forms.DateTimeInput):
    """The browser's date-and-time picker (``YYYY-MM-DDTHH:MM``, in the site's time zone)."""

    input_type = "datetime-local"

    def __init__(self) -> None:
        super().__init__(format="%Y-%m-%dT%H:%M")


class EventForm(forms.Form):
    """The event's details: when, where, what, how many, check-in, round length, registration window."""

    starts_at = forms.DateTimeField(label=_("Date and time"), required=False, widget=DateTimeLocalInput())
    venue = forms.CharField(label=_("Venue"), max_length=200, required=False)
    online = forms.BooleanField(label=_("Online event"), required=False)
    description = forms.CharField(
        label=_("Description"), max_length=5000, required=False, widget=forms.Textarea(attrs={"rows": 4})
    )
    player_cap = forms.IntegerField(label=_("Player cap (0: none)"), min_value=0, max_value=100_000)
    check_in = forms.BooleanField(label=_("Players check in on the day (no-shows leave at the start)"), required=False)
    round_minutes = forms.IntegerField(label=_("Minutes per round"), min_value=1, max_value=600)
    registration_opens = forms.DateTimeField(label=_("Registration opens"), required=False, widget=DateTimeLocalInput())
    registration_closes = forms.DateTimeField(
        label=_("Registration deadline"), required=False, widget=DateTimeLocalInput()
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")  # no English colon after a Chinese label
        super().__init__(*args, **kwargs)

    @classmethod
    def of(cls, tournament: Tournament) -> EventForm:
        """The form filled with the tournament's details (for the page)."""
        return cls(initial={name: getattr(tournament, name) for name in cls.base_fields})

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        opens, closes = data.get("registration_opens"), data.get("registration_closes")
        if opens and closes and closes <= opens:
            raise forms.ValidationError(_("Registration must close after it opens."))
        return data


class ExtraTimeForm(forms.Form):
    """Extra minutes for one table (0 takes them back)."""

    minutes = forms.IntegerField(label=_("Extra minutes"), min_value=0, max_value=120)
    next = forms.CharField(max_length=2000, required=False)


class RoleForm(PlayerForm):
    """Add or remove a co-organiser or a judge, by user name."""

    role = forms.ChoiceField(label=_("Role"), choices=[("organiser", _("Co-organiser")), ("judge", _("Judge"))])
    remove = forms.BooleanField(required=False)


class HandPairingForm(forms.Form):
    """Rows "alice bob" (one table a line) or "carol bye", by user name (a pod event: a pod's players a line),
    and whether to save despite warnings."""

    pairs = forms.CharField(label=_("Pairings"), max_length=200_000, strip=False)
    confirm = forms.BooleanField(label=_("Save it anyway"), required=False)

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tournament = tournament

    def clean_pairs(self) -> list[Any]:
        usernames = dict(
            Registration.objects.filter(tournament=self.tournament).values_list("player__username", "player_id")
        )
        parse = round_services.parse_pods if scoring_of(self.tournament).pods else round_services.parse_pairs
        try:
            return parse(self.cleaned_data["pairs"], usernames)
        except RoundError as exc:
            raise forms.ValidationError(exc.message, code=exc.code) from None


class ResultForm(forms.Form):
    """A match result as games won by each player and drawn games."""

    games_won_a = forms.IntegerField(label=_("Games won by player A"), min_value=0, max_value=RESULT_GAMES)
    games_won_b = forms.IntegerField(label=_("Games won by player B"), min_value=0, max_value=RESULT_GAMES)
    games_drawn = forms.IntegerField(label=_("Drawn games"), min_value=0, max_value=RESULT_GAMES, required=False)

    def clean_games_drawn(self) -> int:
        return self.cleaned_data.get("games_drawn") or 0

    def games(self) -> tuple[int, int, int]:
        data = self.cleaned_data
        return data["games_won_a"], data["games_won_b"], data["games_drawn"]


class OverrideForm(ResultForm):
    """An organiser's result, why, and the page to go back to."""

    reason = forms.CharField(label=_("Reason"), max_length=500, required=False)
    next = forms.CharField(max_length=2000, required=False)


class ResolveForm(ResultForm):
    """A judge's decision on a disputed match."""

    note = forms.CharField(label=_("Note"), max_length=500, required=False)


class ReplayForm(forms.Form):
    """A judge has an undecided match played on, with a note."""

    note = forms.CharField(label=_("Note"), max_length=500, required=False)


class LogUploadForm(forms.Form):
    """A game log file for adjudication (its size is checked before it is read)."""

    log = forms.FileField(
        label=_("Log file"),
        error_messages={
            "required": _("Choose a log file to upload."),
            "empty": _("The file is empty: upload a game log (JSON)."),
        },
    )


class AttachLogForm(forms.Form):
    """The match an uploaded log belongs to (one of the matches the judge may attach logs to)."""

    match = IdChoiceField(
        queryset=Match.objects.none(),
        label=_("Match"),
        error_messages={"invalid_choice": _("Choose a match of a tournament you judge or organise.")},
    )

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        from matches.access import matches_to_attach

        super().__init__(*args, **kwargs)
        self.fields["match"].queryset = matches_to_attach(user)  # type: ignore[attr-defined]


class RulingForm(forms.Form):
    """A judge's ruling on one game: the winner and why."""

    winner = forms.ChoiceField(
        label=_("Winner"),
        choices=Ruling.Winner.choices,
        error_messages={"invalid_choice": _("The winner is player A, player B, a draw or not decided.")},
    )
    reason = forms.CharField(
        label=_("Reason"),
        max_length=2000,
        error_messages={"required": _("A ruling needs a reason (1 to 2000 characters).")},
    )


class StepForm(forms.Form):
    """Which entry of a replayed log to show (the viewer clamps it to the log)."""

    n = forms.IntegerField(
        min_value=0,
        max_value=MAX_ID,
        required=False,
        error_messages={
            "invalid": _("An entry number is a whole number from 0."),
            "min_value": _("An entry number is a whole number from 0."),
            "max_value": _("An entry number is a whole number from 0."),
        },
    )


class SearchForm(forms.Form):
    """The name filter of a pairings or standings page (a longer query is cut, not refused)."""

    q = forms.CharField(required=False)

    def clean_q(self) -> str:
        return self.cleaned_data["q"].strip()[:150]


class PodReportForm(forms.Form):
    """A pod's result: for each seated player (``player_ids``) his placement (1–4) and the regions he held."""

    def __init__(self, data: Any, player_ids: list[int]) -> None:
        super().__init__(data)
        self.player_ids = player_ids
        for pid in player_ids:
            self.fields[f"place_{pid}"] = forms.IntegerField(label=_("Placement"), min_value=1, max_value=4)
            self.fields[f"regions_{pid}"] = forms.IntegerField(label=_("Regions held"), min_value=0, max_value=999)

    def rows(self) -> dict[int, tuple[int, int]]:
        """Player id -> (placement, regions), once valid."""
        return {
            pid: (self.cleaned_data[f"place_{pid}"], self.cleaned_data[f"regions_{pid}"]) for pid in self.player_ids
        }


class SealedBidForm(forms.Form):
    """A sealed bid for a wargame table's sides (issue 26): whose bid (an organiser enters either player's),
    the side wanted and the VP given up for it."""

    player = forms.IntegerField(label=_("Player"), min_value=1)
    side = forms.CharField(label=_("Side you want"), max_length=16)
    vp = forms.IntegerField(label=_("VP you give up for it"), min_value=0, max_value=999)
    next = forms.CharField(required=False, max_length=500)


class VpReportForm(forms.Form):
    """A wargame result: each player's victory points; with a bid for sides, the VP each gave up and A's side."""

    vp_a = forms.IntegerField(label=_("Victory points of player A"), min_value=0, max_value=999)
    vp_b = forms.IntegerField(label=_("Victory points of player B"), min_value=0, max_value=999)
    bid_a = forms.IntegerField(label=_("Bid of player A"), min_value=0, max_value=999, required=False)
    bid_b = forms.IntegerField(label=_("Bid of player B"), min_value=0, max_value=999, required=False)
    side_a = forms.CharField(label=_("Side of player A"), max_length=16, required=False)
    next = forms.CharField(required=False, max_length=500)
