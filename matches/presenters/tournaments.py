"""What the tournament pages show: a tournament with its registrations, the organiser's admin page, a
round's pairings, standings, a player's match, the disputes page, ratings; and the export rows."""

from __future__ import annotations

import datetime
from typing import Any

from django.core.paginator import Page
from django.db.models import Q
from django.http import Http404
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from accounts.names import display_name, display_names_by_id, with_profiles
from decks.models import DeckVersion
from engine.systems import DEFAULT_SYSTEM, all_systems, get_system
from junling.pages import page_of_items
from matches import access
from matches.models import Match, Pod, PodSeat, Rating, Registration, Round, StandingsSnapshot, Tournament
from matches.presenters.sides import SIDE_NAMES
from matches.presenters.suggested_bid import lazy_suggested_bid, suggested_bid_export
from matches.services.event_tables import can_play_on_tables
from matches.services.notices import pairings_notice
from matches.services.pods import pod_choices_of
from matches.services.ratings import history_svg, leaderboard, rating_history
from matches.services.registration import registration_decklist
from matches.services.scoring import scoring_of
from matches.services.standings import latest_snapshot
from matches.tournament import largest_pod, placement_points

HAND_PAIRING_TEXT_LIMIT = 500
"""The admin page pre-fills the hand-pairing box with a draft of at most this many tables."""


def violation_rows(result: Any, language: str) -> list[dict[str, Any]]:
    """An illegal deck's violations, in the reader's language where the engine has it."""
    if result is None:
        return []
    english = (language or "").startswith("en")
    return [
        {"rule": v.rule, "message": v.message if english else (v.message_zh or v.message), "cards": v.cards}
        for v in result.violations
    ]


SIZE_NAMES = {
    "threes_bottom": gettext_lazy("fours, threes at the bottom of the standings"),
    "threes_top": gettext_lazy("fours, threes at the top of the standings"),
    "fives": gettext_lazy("fours and fives"),
}
TIEBREAKER_NAMES = {
    "regions": gettext_lazy("regions held"),
    "opp": gettext_lazy("opponents' points %"),
    "firsts": gettext_lazy("firsts"),
}
TIEBREAKER_COLUMNS = {"regions": "regions", "opp": "opp", "firsts": "record"}
"""The standings column that shows each tiebreaker (firsts are the record: firsts / pods played)."""


def pod_choices_export(tournament: Tournament) -> dict[str, Any]:
    """A pod event's choices as the exports give them: the sizes, each pod size's points a place (the event's
    own or 12 to 0 evenly spaced) and the tiebreakers in order (codes, language-neutral)."""
    choices = pod_choices_of(tournament)
    sizes = range(largest_pod(choices.sizes), 2, -1)  # the pods the layout makes (5 only with fives), then 3
    return {
        "sizes": choices.sizes,
        "custom_points": bool(choices.points),
        "points": {str(n): [placement_points(n, p, 1, choices.points) for p in range(1, n + 1)] for n in sizes},
        "tiebreakers": list(choices.tiebreakers),
    }


def pod_choices_view(tournament: Tournament) -> dict[str, Any]:
    """The event page's line on a pod event's choices, in the reader's language."""
    data = pod_choices_export(tournament)
    return {
        "sizes": str(SIZE_NAMES.get(data["sizes"], data["sizes"])),
        "points": [(n, "/".join(str(p) for p in points)) for n, points in data["points"].items()],
        "tiebreakers": pgettext("list separator", ", ").join(str(TIEBREAKER_NAMES[t]) for t in data["tiebreakers"]),
    }


def tournament_page(
    user: Any, tournament: Tournament, *, error: str = "", violations: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    registrations = list(tournament.registrations.select_related("player", "deck_version__deck", "tournament"))
    rows = []
    for registration in registrations:
        # A board game's registration has no deck: nothing to show.
        allowed = registration.deck_version_id is not None and access.can_view_registration_decklist(user, registration)
        rows.append(
            {
                "registration": registration,
                "can_view": allowed,
                "decklist": registration_decklist(registration) if allowed else "",
            }
        )
    my_versions: list[DeckVersion] = []
    my_invitation = access.invitations_of(user).filter(tournament=tournament).first()
    if user.is_authenticated and (tournament.registration_is_open() or my_invitation is not None):
        my_versions = list(
            DeckVersion.objects.filter(deck__owner=user, deck__format=tournament.format)
            .select_related("deck")
            .order_by("deck__name", "-number")
        )
    return {
        "tournament": tournament,
        "game": get_system(tournament.system),
        "on_tables": can_play_on_tables(tournament),
        "pod_choices": pod_choices_view(tournament) if scoring_of(tournament).pods else None,
        "rows": rows,
        "is_organiser": access.can_organise(user, tournament),
        "suggested_bid": lazy_suggested_bid(tournament)  # issue 26 item 6: the organiser's view of the map
        if access.can_organise(user, tournament) and get_system(tournament.system).scoring == "vp-margin"
        else None,
        "can_see_disputes": access.can_oversee(user, tournament),
        "registration_open": tournament.registration_is_open(),
        "my_versions": my_versions,
        "my_invitation": my_invitation,
        "my_registration": next((r for r in registrations if r.player_id == user.pk), None),
        "notice": pairings_notice(user, tournament),
        "error": error,
        "violations": violations or [],
    }


def admin_page(
    user: Any, tournament: Tournament, *, error: str = "", warnings: Any = None, pairs_text: str = ""
) -> dict[str, Any]:
    """The organiser's page: every round with its table counts, the draft under review, the players."""
    from matches.forms import POD_SIZE_CHOICES, TIEBREAKER_CHOICES

    rounds = list(tournament.rounds.order_by("number"))
    draft = next((r for r in rounds if r.status == Round.Status.DRAFT), None)
    counts: dict[int, dict[str, int]] = {}
    tables = list(Match.objects.filter(round__tournament=tournament).values_list("round_id", "status"))
    tables += Pod.objects.filter(round__tournament=tournament).values_list("round_id", "status")  # a pod event's
    for round_id, match_status in tables:
        counts.setdefault(round_id, {}).setdefault(match_status, 0)
        counts[round_id][match_status] += 1
    for rnd in rounds:
        c = counts.get(rnd.pk, {})
        rnd.tables = sum(c.values())  # type: ignore[attr-defined]
        rnd.finished_tables = c.get(Match.Status.FINISHED, 0)  # type: ignore[attr-defined]
        rnd.disputed = c.get(Match.Status.DISPUTED, 0)  # type: ignore[attr-defined]
    pods = scoring_of(tournament).pods
    if draft is not None and not pairs_text and draft.tables <= HAND_PAIRING_TEXT_LIMIT:  # type: ignore[attr-defined]
        if pods:
            seated: dict[int, list[str]] = {}
            for pod, name in (
                PodSeat.objects.filter(pod__round=draft)
                .order_by("pod__table", "seat")
                .values_list("pod_id", "player__username")
            ):
                seated.setdefault(pod, []).append(name)
            pairs_text = "\n".join(" ".join(names) for names in seated.values())
        else:
            pairs_text = "\n".join(
                f"{a} {b or 'bye'}"
                for a, b in draft.matches.order_by("table").values_list("player_a__username", "player_b__username")
            )
    registrations = Registration.objects.filter(tournament=tournament)
    return {
        "tournament": tournament,
        "rounds": rounds,
        "draft": draft,
        "error": error,
        "warnings": warnings or [],
        "pairs_text": pairs_text,
        "players": registrations.count(),
        "active_players": registrations.filter(dropped=False).count(),
        "structures": Tournament.Structure.choices,
        "can_judge": access.can_judge(user, tournament),
        "game": get_system(tournament.system),
        "can_play_on_tables": can_play_on_tables(tournament),
        "pods": pods,
        "pod_values": pod_form_values(tournament) if pods else None,
        "pod_size_choices": POD_SIZE_CHOICES,
        "tiebreaker_choices": TIEBREAKER_CHOICES,
    }


def pod_form_values(tournament: Tournament) -> dict[str, str]:
    """The pod choices form filled with the event's choices (its tiebreakers in order, "none" after them)."""
    choices = pod_choices_of(tournament)
    breakers = [*choices.tiebreakers, "none", "none", "none"]
    return {
        "pod_sizes": choices.sizes,
        "placement_points": ", ".join(str(p) for p in choices.points),
        **{f"tiebreaker_{k}": breakers[k - 1] for k in (1, 2, 3)},
    }


def _points(tournament: Tournament) -> dict[int, int]:
    snapshot = latest_snapshot(tournament)
    return {row["player"]: row["points"] for row in snapshot.rows} if snapshot else {}


def pairings_page(user: Any, tournament: Tournament, rnd: Round, *, query: str, page: Any) -> dict[str, Any]:
    """A round's tables, filtered by player name; under review, each player's points show the pair-downs."""
    # The players' profiles in the same query: their shown names cost no query each (issue 28).
    matches = rnd.matches.select_related(*with_profiles("player_a", "player_b")).order_by("table", "id")
    if query:
        matches = matches.filter(Q(player_a__username__icontains=query) | Q(player_b__username__icontains=query))
    shown: Page = page_of_items(matches, page)
    points = _points(tournament) if rnd.status == Round.Status.DRAFT else {}
    overseer = access.can_oversee(user, tournament)  # organisers and judges watch the event's tables
    for match in shown:
        match.points_a = points.get(match.player_a_id, 0)
        match.points_b = points.get(match.player_b_id, 0)
        if match.side_a:  # a two-sided wargame: each player's side by name
            match.side_a_name, match.side_b_name = side_names(tournament, match.side_a)
            match.can_report_vp = can_report_vp(user, match, rnd)
            if tournament.side_bids:  # sealed bids (issue 26): each reader sees what he may of them
                match.bids = visible_bids(match, user)
                match.bid_for = bid_choices(user, match, rnd)
            match.my_table = match.board_table_id if match.involves(user) else None
            match.watch_table = match.board_table_id if overseer and not match.my_table else None
    return {
        "tournament": tournament,
        "round": rnd,
        "page": shown,
        "q": query,
        "points": bool(points),
        "is_organiser": access.can_organise(user, tournament),
        "can_answer_calls": access.can_answer_calls(user, tournament),
        "can_extend_time": access.can_extend_time(user, tournament) and rnd.status == Round.Status.PUBLISHED,
        "rounds": tournament.rounds.exclude(status=Round.Status.DRAFT).values_list("number", flat=True),
        "clock": round_clock(tournament, rnd),
        "round_title": round_title(rnd, tournament),
        # A two-sided wargame's tables show each player's side and take victory points (templates kept apart).
        "table_template": "matches/_vp_pairings_table.html"
        if get_system(tournament.system).scoring == "vp-margin"
        else "matches/_pairings_table.html",
        "side_bids": tournament.side_bids,
        # issue 26 item 6: the map's suggested bid, shown where the players bid (before they do)
        "suggested_bid": lazy_suggested_bid(tournament) if tournament.side_bids else None,
        "sides": get_system(tournament.system).sides,
        "side_choices": [(side, str(SIDE_NAMES.get(side, side))) for side in get_system(tournament.system).sides],
    }


def side_names(tournament: Tournament, side_a: str) -> tuple[str, str]:
    """(A's side, B's side) by name."""
    sides = get_system(tournament.system).sides
    side_b = sides[1] if side_a == sides[0] else sides[0]
    return str(SIDE_NAMES.get(side_a, side_a)), str(SIDE_NAMES.get(side_b, side_b))


def can_report_vp(user: Any, match: Match, rnd: Round) -> bool:
    """A wargame's result box: its two players until it is finished or disputed, and the organisers."""
    if rnd.status == Round.Status.DRAFT or match.is_bye or match.player_b_id is None:
        return False
    if access.can_organise(user, match.tournament):  # type: ignore[arg-type]
        return True
    if match.board_table_id is not None:  # played on the site's table: its end reports the result
        return False
    open_match = match.status not in (Match.Status.FINISHED, Match.Status.DISPUTED)
    return open_match and access.can_report(user, match)


def visible_bids(match: Match, viewer: Any) -> dict[str, Any]:
    """What a reader sees of a table's sealed bids: whether each player's is in; the figures of both once
    both are in; before that only his own (organisers see that they are in, never the figures)."""
    bids = {b.player_id: b for b in match.sealed_bids.all()}
    both = len(bids) == 2
    view: dict[str, Any] = {"both": both}
    for key, player in (("a", match.player_a_id), ("b", match.player_b_id)):
        bid = bids.get(player)  # type: ignore[arg-type]
        shown = bid is not None and (both or player == getattr(viewer, "pk", None))
        view[key] = {
            "in": bid is not None,
            "side": bid.side if shown else None,  # type: ignore[union-attr]
            "side_name": str(SIDE_NAMES.get(bid.side, bid.side)) if shown else None,  # type: ignore[union-attr]
            "vp": bid.vp if shown else None,  # type: ignore[union-attr]
        }
    return view


def bid_choices(user: Any, match: Match, rnd: Round) -> list[Any]:
    """The players whose sealed bid this reader may enter at this table (himself, or for an organiser
    both players of a paper table), while the table has no result and no bid of theirs is in."""
    if rnd.status == Round.Status.DRAFT or match.is_bye or match.player_b_id is None:
        return []
    if match.board_table_id is not None or match.status != Match.Status.PENDING:
        return []
    entered = set(match.sealed_bids.values_list("player_id", flat=True))
    players = [p for p in (match.player_a, match.player_b) if p is not None and p.pk not in entered]
    if access.can_organise(user, match.tournament):  # type: ignore[arg-type]
        return players
    return [p for p in players if p.pk == getattr(user, "pk", None) and access.can_report(user, match)]


def named_rows(rows: list[dict[str, Any]], query: str) -> list[dict[str, Any]]:
    """Standings rows with each player's shown name (``shown``; ``name`` is the user name his page is at),
    those matching ``query`` (lower case) by either."""
    shown = display_names_by_id(r["player"] for r in rows)
    named = [{**r, "shown": shown.get(r["player"], r["name"])} for r in rows]
    if query:
        named = [r for r in named if query in r["name"].lower() or query in r["shown"].lower()]
    return named


def standings_page(tournament: Tournament, *, query: str, page: Any) -> dict[str, Any]:
    has_bracket = tournament.rounds.filter(kind__in=BRACKET_KINDS).exclude(status=Round.Status.DRAFT).exists()
    final = bracket(tournament) if has_bracket else None
    snapshot = latest_snapshot(tournament)
    rows = snapshot.rows if snapshot else []
    query = query.lower()
    rows = named_rows(rows, query)
    return {
        "tournament": tournament,
        "snapshot": snapshot,
        "page": page_of_items(rows, page),
        "q": query,
        "has_bracket": has_bracket,
        "placings": final["placings"] if final else [],
        "champion": final["champion"] if final else None,
    }


def player_match(user: Any, tournament: Tournament) -> Match | None:
    """The player's latest published match in the tournament."""
    if not user.is_authenticated:
        return None
    return (
        Match.objects.filter(round__tournament=tournament)
        .exclude(round__status=Round.Status.DRAFT)
        .filter(Q(player_a=user) | Q(player_b=user))
        .select_related("round", "tournament", "player_a", "player_b")
        .order_by("-round__number")
        .first()
    )


def my_match_page(user: Any, tournament: Tournament, match: Match | None, *, error: str = "") -> dict[str, Any]:
    return {
        "tournament": tournament,
        "match": match,
        "i_am_a": match is not None and match.player_a_id == user.pk,
        "my_report": match.reports.filter(reporter=user).first() if match else None,
        "other_reported": match.reports.exclude(reporter=user).exists() if match else False,
        "registration": Registration.objects.filter(tournament=tournament, player=user).first(),
        "clock": round_clock(tournament, match.round, match) if match is not None and match.round else None,
        "round_title": round_title(match.round, tournament) if match is not None and match.round else "",
        "error": error,
    }


def judge_page(user: Any, tournament: Tournament) -> dict[str, Any]:
    disputed = list(
        Match.objects.filter(tournament=tournament, status=Match.Status.DISPUTED)
        .select_related("round", "player_a", "player_b")
        .prefetch_related("reports__reporter")
        .order_by("round__number", "table")
    )
    return {"tournament": tournament, "disputed": disputed, "is_judge": access.can_judge(user, tournament)}


def rating_game(game: str | None) -> str:
    """The game system a ratings page or answer is about (``?game=``): the card game when not given; an
    unknown one is a 404 that names it."""
    if not game:
        return DEFAULT_SYSTEM
    if game not in {s.id for s in all_systems()}:
        raise Http404(_("There is no game system %(game)s.") % {"game": game})
    return game


def ratings_page(page: Any, game: str | None) -> dict[str, Any]:
    """One game's leaderboard, with a link to each game's."""
    system = rating_game(game)
    lang = translation.get_language() or "en"
    games = [{"id": s.id, "name": s.display_name(lang), "current": s.id == system} for s in all_systems()]
    return {
        "page": page_of_items(leaderboard(system), page),
        "games": games,
        "game": system,
        "game_name": get_system(system).display_name(lang),
    }


def rating_player_page(username: str) -> dict[str, Any]:
    """A rated player's ratings, one section a game, each with its history. Anyone without a rating,
    existing or not, is the same 404, so the page does not tell which user names exist (issue 11 point 7)."""
    ratings = list(Rating.objects.select_related("player").filter(player__username=username).order_by("system"))
    if not ratings:
        raise Http404(_("There is no rated player of that name."))
    player = ratings[0].player
    lang = translation.get_language() or "en"
    games = []
    for rating in ratings:
        history = rating_history(player, rating.system)
        name = get_system(rating.system).display_name(lang)
        games.append({"rating": rating, "name": name, "history": history, "chart": history_svg(history)})
    return {"player": player, "games": games}


# --- exports (the pages' CSV/JSON and the API) -------------------------------------------------------------

PAIRING_FIELDS = ["table", "player_a", "player_b", "status", "games_won_a", "games_won_b", "games_drawn", "bye"]
VP_PAIRING_FIELDS = [*PAIRING_FIELDS, "side_a", "side_b", "vp_a", "vp_b", "bid_a", "bid_b"]
"""A two-sided wargame's pairings columns (issue 26): the sides, the VP and the VP given up by the bid."""


def pairing_fields(tournament: Tournament) -> list[str]:
    return VP_PAIRING_FIELDS if get_system(tournament.system).scoring == "vp-margin" else PAIRING_FIELDS


STANDING_FIELDS = [
    *("rank", "name", "points", "record", "mwp", "gwp", "omwp", "ogwp", "dropped"),
    *("final_place", "reached"),
]
"""A card game's standings columns: the Swiss, then the final place (the bracket above the Swiss, 1 the champion)
and the stage reached, empty before a bracket is played."""
SCORING_FIELDS = {
    "placement": ["rank", "name", "points", "regions", "opp", "record", "dropped"],
    "vp-margin": ["rank", "name", "points", "record", "margin", "omwp", "vp", "dropped"],
}
"""The standings columns of a board-game event, by ``engine.systems.System.scoring``."""


def standing_fields(tournament: Tournament) -> list[str]:
    """The standings columns; a pod event's tiebreakers in the organiser's order, right after the points."""
    fields = SCORING_FIELDS.get(get_system(tournament.system).scoring, STANDING_FIELDS)
    if not scoring_of(tournament).pods:
        return fields
    chosen = [TIEBREAKER_COLUMNS[t] for t in pod_choices_of(tournament).tiebreakers]
    rest = [f for f in fields[3:-1] if f not in chosen]
    return [*fields[:3], *chosen, *rest, fields[-1]]


def pairing_rows(rnd: Round) -> list[dict[str, Any]]:
    rows = list(
        rnd.matches.order_by("table", "id").values_list(
            "table",
            "player_a__username",
            "player_b__username",
            "status",
            "games_won_a",
            "games_won_b",
            "games_drawn",
            "is_bye",
            "result_source",
            "player_a_id",
            "player_b_id",
            "side_a",
            "vp_a",
            "vp_b",
            "bid_a",
            "bid_b",
        )
    )
    sides = get_system(rnd.tournament.system).sides
    shown = display_names_by_id({r[9] for r in rows} | {r[10] for r in rows if r[10] is not None})
    return [
        {
            "table": t,
            "player_a": a,
            "player_b": b or "",
            "player_a_name": shown.get(ida, a),
            "player_b_name": shown.get(idb, b or "") if idb is not None else "",
            "status": s,
            "games_won_a": ga,
            "games_won_b": gb,
            "games_drawn": gd,
            "bye": bye,
            "missed": source == Match.Source.MISSED,
            # a two-sided wargame (issue 26): each side, the VP and the VP given up after the sealed bids
            # (stored only once both bids are in, so never a sealed figure); empty for other games
            "side_a": side_a,
            "side_b": (sides[1] if side_a == sides[0] else sides[0]) if side_a and len(sides) == 2 else "",
            "vp_a": vp_a,
            "vp_b": vp_b,
            "bid_a": bid_a,
            "bid_b": bid_b,
        }
        for t, a, b, s, ga, gb, gd, bye, source, ida, idb, side_a, vp_a, vp_b, bid_a, bid_b in rows
    ]


POD_SEAT_FIELDS = ["table", "seat", "player", "placement", "regions", "points", "status"]
"""A pod round's export columns (issue 26): one row a seat, in seat order (the seats balanced by history)."""


def pod_seat_rows(rnd: Round) -> list[dict[str, Any]]:
    """A pod round's seats, table by table in seat order: the seat, the player, his placement and regions, and
    the points that placement scores under the event's choices (empty until the pod is finished)."""
    rows = list(
        PodSeat.objects.filter(pod__round=rnd)
        .order_by("pod__table", "seat")
        .values_list("pod__table", "seat", "player__username", "placement", "regions", "pod__status")
    )
    table = pod_choices_of(rnd.tournament).points
    places: dict[int, list[int | None]] = {}
    for t, _seat, _name, place, _regions, _status in rows:
        places.setdefault(t, []).append(place)

    def scored(t: int, place: int | None, status: str) -> int | str:
        here = places[t]
        if status != Pod.Status.FINISHED or place is None or None in here:
            return ""
        return placement_points(len(here), place, here.count(place), table)

    return [
        {
            "table": t,
            "seat": seat,
            "player": name,
            "placement": place,
            "regions": regions,
            "points": scored(t, place, status),
            "status": status,
        }
        for t, seat, name, place, regions, status in rows
    ]


def pairings_export(tournament: Tournament, rnd: Round) -> dict[str, Any]:
    data = {
        "tournament": tournament.pk,
        "round": rnd.number,
        "kind": rnd.kind,
        "status": rnd.status,
        "pairings": pairing_rows(rnd),
    }
    if scoring_of(tournament).pods:
        data["seats"] = pod_seat_rows(rnd)
        data["pod_choices"] = pod_choices_export(tournament)
    return data


def final_placings(tournament: Tournament) -> list[dict[str, Any]]:
    """The final placings as data: place, user name, shown name, the stage reached (``bracket``'s order)."""
    if not tournament.rounds.filter(kind__in=BRACKET_KINDS).exclude(status=Round.Status.DRAFT).exists():
        return []
    out = []
    for p in bracket(tournament)["placings"]:
        user = p.get("player")
        name = user.username if user is not None else p["username"]
        shown = display_name(user, translation.get_language()) if user is not None else p["player_name"]
        out.append({"place": p["place"], "name": name, "shown": shown, "reached": str(p["stage"])})
    return out


def standings_export(tournament: Tournament, snapshot: StandingsSnapshot | None) -> dict[str, Any]:
    """The standings as exported (CSV and JSON): the Swiss rows, each with its final place once the bracket has
    placed him; the JSON also has the placings in their order and the champion (a user name, or None)."""
    placings = final_placings(tournament)
    placed = {p["name"]: p for p in placings}
    rows = []
    for r in snapshot.rows if snapshot else []:
        final = placed.get(r["name"])
        place, reached = (final["place"], final["reached"]) if final else (None, "")
        rows.append({**r, "final_place": place, "reached": reached})
    champion = placings[0]["name"] if placings else None  # placings exist once the final is won
    data: dict[str, Any] = {
        "tournament": tournament.pk,
        "round": snapshot.round_number if snapshot else 0,
        "computed_at": snapshot.computed_at.isoformat() if snapshot else None,
        "standings": rows,
        "placings": placings,
        "champion": champion,
    }
    if scoring_of(tournament).pods:
        data["pod_choices"] = pod_choices_export(tournament)
    if scoring_of(tournament).sided:
        data["suggested_bid"] = suggested_bid_export(tournament)  # issue 26: the map's, as the pages show it
    return data


# --- the event: roster, round clock, printouts (issue 13) ---------------------------------------------------


def roster_page(user: Any, tournament: Tournament, *, error: str = "", event_form: Any = None) -> dict[str, Any]:
    """The organiser's roster: every registration with its state (waiting, checked in, dropped), the event's
    details, its co-organisers and judges."""
    from matches.forms import EventForm
    from matches.services.event import places_taken

    registrations = list(
        tournament.registrations.select_related("player").order_by("dropped", "waitlisted", "registered_at", "id")
    )
    return {
        "tournament": tournament,
        "registrations": registrations,
        "places": places_taken(tournament),
        "waiting": sum(1 for r in registrations if r.waitlisted and not r.dropped),
        "checked_in": sum(1 for r in registrations if r.checked_in_at and not r.dropped),
        "before_start": tournament.status in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION),
        "event_form": event_form or EventForm.of(tournament),
        "organisers": list(tournament.organisers.order_by("username")),
        "judges": list(tournament.judges.order_by("username")),
        "pending_invitations": list(
            tournament.invitations.filter(status="pending").select_related("player").order_by("created_at")
        ),
        "error": error,
    }


def round_clock(tournament: Tournament, rnd: Round | None, match: Match | None = None) -> dict[str, Any] | None:
    """The round's clock as everyone sees it: started at publication, ends ``round_minutes`` later (plus a
    table's extra minutes); None before a round is published or once it is finished."""
    if rnd is None or rnd.published_at is None or rnd.status != Round.Status.PUBLISHED:
        return None
    ends = rnd.published_at + datetime.timedelta(minutes=tournament.round_minutes)
    extra = match.extra_minutes if match is not None else 0
    return {
        "started": rnd.published_at,
        "minutes": tournament.round_minutes,
        "ends": ends,
        "extra": extra,
        "table_ends": ends + datetime.timedelta(minutes=extra),
    }


def print_page(tournament: Tournament, rnd: Round, *, by: str) -> dict[str, Any]:
    """A round's pairings for the wall: by table, or by player name (each player once, with his table and
    opponent), or one match slip per table."""
    matches = list(rnd.matches.select_related(*with_profiles("player_a", "player_b")).order_by("table", "id"))
    rows: list[dict[str, Any]] = []
    if by == "name":
        for m in matches:
            rows.append({"name": display_name(m.player_a), "table": m.table, "opponent": m.player_b, "match": m})
            if m.player_b is not None:
                rows.append({"name": display_name(m.player_b), "table": m.table, "opponent": m.player_a, "match": m})
        rows.sort(key=lambda r: r["name"].lower())
    return {
        "tournament": tournament,
        "round": rnd,
        "round_title": round_title(rnd, tournament),
        "by": by,
        "matches": matches,
        "rows": rows,
        "clock": round_clock(tournament, rnd),
    }


def round_title(rnd: Round, tournament: Tournament) -> str:
    """A round's name: "Round 3", or in a bracket "Quarter-final", "Semi-final", "Final" by its size."""
    if rnd.kind in (Round.Kind.TOP_CUT, Round.Kind.ELIMINATION):
        tables = rnd.matches.count()
        names = {1: _("Final"), 2: _("Semi-final"), 4: _("Quarter-final")}
        if tables in names:
            return names[tables]
    return _("Round %(n)s") % {"n": rnd.number}


# --- the top cut: bracket, champion, final placings ------------------------------------------------------------

BRACKET_KINDS = (Round.Kind.TOP_CUT, Round.Kind.ELIMINATION)


def _match_winner(match: Match) -> Any:
    if match.status != Match.Status.FINISHED:
        return None
    if match.player_b_id is None:
        return match.player_a
    if match.games_won_a > match.games_won_b:
        return match.player_a
    if match.games_won_b > match.games_won_a:
        return match.player_b
    return None


def bracket(tournament: Tournament) -> dict[str, Any]:
    """The bracket (top cut, or a single-elimination event): its rounds by name with each match's players,
    score and winner; the champion once the final is won; and the final placings, the bracket above the
    Swiss (1 the champion, 2 the finalist, then each round's losers in their Swiss order, then the rest)."""
    rounds = list(
        tournament.rounds.filter(kind__in=BRACKET_KINDS)
        .exclude(status=Round.Status.DRAFT)
        .order_by("number")
        .prefetch_related("matches__player_a", "matches__player_b")
    )
    columns: list[dict[str, Any]] = []
    for rnd in rounds:
        matches = sorted(rnd.matches.all(), key=lambda m: (m.table, m.pk))
        columns.append(
            {
                "round": rnd,
                "title": round_title(rnd, tournament),
                "matches": [{"match": m, "winner": _match_winner(m)} for m in matches],
            }
        )
    champion = None
    if columns and len(columns[-1]["matches"]) == 1:
        champion = columns[-1]["matches"][0]["winner"]
    snapshot = latest_snapshot(tournament)
    swiss_rows = list(snapshot.rows) if snapshot else []
    swiss_rank = {row["player"]: row["rank"] for row in swiss_rows}
    placings: list[dict[str, Any]] = []
    if champion is not None:
        placed: set[int] = set()
        # Out in the final, then the semi-finals, ...: the later a player lost, the higher he places.
        for column in reversed(columns):
            losers = []
            for entry in column["matches"]:
                m, w = entry["match"], entry["winner"]
                for p in (m.player_a, m.player_b):
                    if p is not None and w is not None and p.pk != w.pk and p.pk not in placed:
                        losers.append(p)
            if column is columns[-1]:
                placings.append({"place": 1, "player": champion, "stage": _("Champion")})
                placed.add(champion.pk)
            for p in sorted(losers, key=lambda u: swiss_rank.get(u.pk, 10**9)):  # ties: the Swiss order
                placings.append({"place": len(placings) + 1, "player": p, "stage": column["title"]})
                placed.add(p.pk)
        names = {row["player"]: row for row in swiss_rows}
        shown = display_names_by_id(p for p in names if p not in placed)
        for pid in sorted((p for p in names if p not in placed), key=lambda p: swiss_rank[p]):
            name = shown.get(pid, names[pid]["name"])
            username = names[pid]["name"]
            placings.append(
                {"place": len(placings) + 1, "player_name": name, "username": username, "stage": _("Swiss")}
            )
    return {"tournament": tournament, "columns": columns, "champion": champion, "placings": placings}
