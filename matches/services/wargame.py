"""Two-player wargame events (issue 15, 文禄朝鲜之役): sides at each table, victory-point results, standings.

The algorithms are ``matches.tournament.wargame`` (docs/tournaments.md, "Wargame events"). A table's
sides are balanced across rounds when it is paired (``Match.side_a``); a result is each player's VP
(and, in an event with a bid for sides, the VP each gave up and the side A played after the bid). The
match is won by the larger VP after bids, so the usual match machinery (rounds finishing, disputes,
brackets) works on a 1–0, 0–1 or drawn game; the standings rank by points, capped VP margin, OMW%.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from django.contrib.auth import get_user_model
from django.db import models, transaction
from django.utils.translation import gettext as _

from engine.systems import get_system
from junling.errors import Refused
from junling.models import record
from matches.access import access_report, can_organise
from matches.models import Match, Registration, ResultReport, Round, SealedBid, StandingsSnapshot, Tournament
from matches.services.results import ResultRefused, _finish, _locked_match, _require_open
from matches.services.standings import finished_round_number, results_key, store_snapshot
from matches.services.table_seating import seat_match_on_table
from matches.tournament import (
    Bid,
    VpBye,
    VpResult,
    WargameStanding,
    compute_vp_standings,
    resolve_bid,
    sides_of_round,
)

MAX_VP = 999
RESULT_FIELDS = ("round__number", "player_a_id", "player_b_id", "is_bye", "vp_a", "vp_b", "bid_a", "bid_b", "side_a")


def game_sides(tournament: Tournament) -> tuple[str, str]:
    sides = get_system(tournament.system).sides
    return (sides[0], sides[1])


def vp_results(tournament: Tournament) -> tuple[list[int], list[VpResult | VpBye], set[int]]:
    """Registration order, every finished match of a published counted round as a VP result, the drops."""
    registrations = list(
        Registration.objects.filter(tournament=tournament)
        .order_by("registered_at", "id")
        .values_list("player_id", "dropped")
    )
    rows = (
        Match.objects.filter(round__tournament=tournament, status=Match.Status.FINISHED)
        .exclude(round__status=Round.Status.DRAFT)
        .exclude(round__kind=Round.Kind.TOP_CUT)
        .order_by("round__number", "table", "id")
        .values_list(
            "round__number", "player_a_id", "player_b_id", "is_bye", "vp_a", "vp_b", "bid_a", "bid_b", "side_a"
        )
    )
    results: list[VpResult | VpBye] = []
    sides = game_sides(tournament)
    for number, a, b, bye, vp_a, vp_b, bid_a, bid_b, side_a in rows:
        if bye or b is None:
            results.append(VpBye(number, a))
        else:
            results.append(VpResult(number, a, b, vp_a or 0, vp_b or 0, side_a or sides[0], bid_a, bid_b))
    return [p for p, _ in registrations], results, {p for p, gone in registrations if gone}


def current_vp_standings(tournament: Tournament) -> list[WargameStanding]:
    players, results, dropped = vp_results(tournament)
    return compute_vp_standings(players, results, dropped, sides=game_sides(tournament))


def sides_for(tournament: Tournament, number: int, pairs: Sequence[tuple[int, int | None]]) -> list[str]:
    """Player A's side at each table, balanced across rounds; a tie in round 1 (or between equal histories)
    is settled by a coin seeded by the tournament's pairing seed and the round (reproducible)."""
    by_player = {s.player: s for s in current_vp_standings(tournament)}
    coins = random.Random(f"{tournament.pairing_seed}:{number}")
    flips = [coins.random() < 0.5 for _ in pairs]
    known = [(a, b) if a in by_player and (b is None or b in by_player) else (a, None) for a, b in pairs]
    return sides_of_round(known, by_player, game_sides(tournament), coins=flips)


def _number(value: Any, what: str) -> int:
    try:
        number = int(str(value).strip())
    except (TypeError, ValueError):
        raise ResultRefused(
            _("%(what)s must be a whole number.") % {"what": what}, code="result.not_a_number", params={"what": what}
        ) from None
    if not 0 <= number <= MAX_VP:
        raise ResultRefused(
            _("%(what)s must be between 0 and %(max)s.") % {"what": what, "max": MAX_VP},
            code="result.out_of_range",
            params={"what": what, "max": MAX_VP},
        )
    return number


def report_vp(
    match: Match, actor: Any, vp_a: Any, vp_b: Any, *, bid_a: Any = 0, bid_b: Any = 0, side_a: str = ""
) -> Match:
    """A wargame result: each player's VP (and, with a bid for sides, the VP each gave up and A's side).

    An organiser's entry finishes the match at once (replacing any result; the audit keeps the old one).
    A player's report waits for his opponent's: the same figures finish the match, different ones make it
    disputed (the organiser then enters the result)."""
    with transaction.atomic():
        match = _locked_match(match)
        organiser = match.tournament_id is not None and can_organise(actor, match.tournament)  # type: ignore[arg-type]
        if not organiser:
            access_report(actor, match)
            if match.board_table_id is not None:
                raise ResultRefused(
                    _("This match is played on the site: its table reports the result."), code="result.on_table"
                )
        _require_open(match)
        a, b = _number(vp_a, _("Victory points of player A")), _number(vp_b, _("Victory points of player B"))
        ba, bb = _number(bid_a or 0, _("Bid of player A")), _number(bid_b or 0, _("Bid of player B"))
        if ba and bb:
            raise ResultRefused(_("Only the player who won the bid gives up VP."), code="result.two_bids")
        sides = game_sides(match.tournament)  # type: ignore[arg-type]
        side = side_a or match.side_a or sides[0]
        if side not in sides:
            raise ResultRefused(
                _("The side is one of %(sides)s.") % {"sides": ", ".join(sides)},
                code="result.side",
                params={"sides": ", ".join(sides)},
            )
        ba, bb, side = _checked_bids(match, ba, bb, side)
        games = _games(a, b, ba, bb)
        figures = [a, b, ba, bb, side]
        if organiser:
            before = [match.vp_a, match.vp_b, match.bid_a, match.bid_b, match.side_a, match.status]
            _store(match, figures)
            _finish(match, *games, Match.Source.ORGANISER)
            record(actor, "match.vp_result", match, vp=figures, before=before, margin_a=(a - ba) - (b - bb))
            return match
        if match.status in (Match.Status.FINISHED, Match.Status.DISPUTED):
            raise ResultRefused(
                _("This match is finished or disputed; ask an organiser to enter the result."), code="result.finished"
            )
        ResultReport.objects.update_or_create(
            match=match,
            reporter=actor,
            defaults={"games_won_a": games[0], "games_won_b": games[1], "games_drawn": games[2], "vp": figures},
        )
        record(actor, "match.report", match, vp=figures)
        other = match.reports.exclude(reporter=actor).first()
        if other is None:
            match.status = Match.Status.REPORTED
            match.save(update_fields=["status"])
        elif other.vp == figures:
            _store(match, figures)
            _finish(match, *games, Match.Source.REPORTED)
            record(actor, "match.finish", match, vp=figures, source=Match.Source.REPORTED)
        else:
            match.status = Match.Status.DISPUTED
            match.save(update_fields=["status"])
            record(actor, "match.dispute", match, reports={str(r.reporter_id): r.vp for r in match.reports.all()})
    return match


class BidRefused(Refused):
    """A sealed bid cannot be entered: no bidding in the event, the table is not open, or it is in already."""

    code = "bid.refused"


def _checked_bids(match: Match, bid_a: int, bid_b: int, side_a: str) -> tuple[int, int, str]:
    """The bids and A's side a result may carry (issue 26): none without a bid for sides (A plays the side
    paired); the sealed bids' outcome once both are in (a result that says otherwise is refused); as
    entered in a bidding event whose table bid on paper and entered no sealed bids."""
    if not match.tournament.side_bids:  # type: ignore[union-attr]
        if bid_a or bid_b or (match.side_a and side_a != match.side_a):
            raise ResultRefused(
                _("This event has no bid for sides: each player plays the side paired, and nobody gives up VP."),
                code="result.no_bidding",
            )
        return 0, 0, side_a
    if match.sealed_bids.count() < 2:
        return bid_a, bid_b, side_a
    resolved = (match.bid_a, match.bid_b, match.side_a)
    if ((bid_a or bid_b) and (bid_a, bid_b) != resolved[:2]) or side_a not in ("", match.side_a):
        raise ResultRefused(
            _("The sealed bids decided the sides and the VP given up: %(side)s for player A, bids %(a)s and %(b)s.")
            % {"side": match.side_a, "a": match.bid_a, "b": match.bid_b},
            code="result.bid_mismatch",
            params={"side": match.side_a, "a": match.bid_a, "b": match.bid_b},
        )
    return resolved


def do_enter_bid(match: Match, actor: Any, player_id: int, side: Any, vp: Any) -> Match:
    """A player's sealed bid for his table's sides (issue 26): the side he wants and the VP he will give up.

    Only in an event with a bid for sides, at an open table of a published round, before any result; by
    the player himself, or by an organiser for either player (a paper table). A bid once in is sealed (it
    cannot be changed). When the second bid is in, ``resolve_bid`` settles the sides: A's side and each
    player's VP given up are stored on the match and both bids recorded in the audit trail."""
    with transaction.atomic():
        match = _locked_match(match)
        tournament = match.tournament
        if tournament is None or not tournament.side_bids:
            raise BidRefused(_("This event has no bid for sides."), code="bid.no_bidding")
        organiser = can_organise(actor, tournament)
        if not organiser:
            access_report(actor, match)
            if player_id != actor.pk:
                raise BidRefused(_("Enter your own bid only."), code="bid.not_yours")
        _require_open(match)
        if match.is_bye or match.player_b_id is None or player_id not in (match.player_a_id, match.player_b_id):
            raise BidRefused(_("Only the two players of a table bid."), code="bid.not_seated")
        if match.board_table_id is not None:
            raise BidRefused(_("This table is seated on the site already: its sides are set."), code="bid.on_table")
        if match.status != Match.Status.PENDING or match.reports.exists():
            raise BidRefused(_("Bids are entered before the game: this table has a result."), code="bid.too_late")
        sides = game_sides(tournament)
        if side not in sides:
            raise BidRefused(
                _("The side is one of %(sides)s.") % {"sides": ", ".join(sides)},
                code="bid.side",
                params={"sides": ", ".join(sides)},
            )
        amount = _number(vp, _("Bid"))
        if SealedBid.objects.filter(match=match, player_id=player_id).exists():
            raise BidRefused(_("This bid is in already and sealed."), code="bid.entered")
        SealedBid.objects.create(match=match, player_id=player_id, side=side, vp=amount, entered_by=actor)
        record(actor, "match.bid", match, player=player_id)  # the figures stay sealed until both are in
        bids = {b.player_id: b for b in match.sealed_bids.all()}
        if len(bids) == 2:
            a, b = bids[match.player_a_id], bids[match.player_b_id]
            due_a = match.side_a or sides[0]
            side_a, give_a, give_b = resolve_bid(Bid(a.side, a.vp), Bid(b.side, b.vp), due_a, sides)
            # the same side wanted and the balance overturned: the bid took the loser's due side
            took = "" if side_a == due_a or a.side != b.side else ("a" if give_b else "b")
            refused = bool(took) and not tournament.open_bidding and _took_last_time(match, took)
            if refused:  # never twice in a row (issue 26): the sides as paired, nobody gives anything
                side_a, give_a, give_b, took = due_a, 0, 0, ""
            match.side_a, match.bid_a, match.bid_b = side_a, give_a, give_b
            match.paired_side_a, match.bid_took_side_of = due_a, took
            match.save(update_fields=["side_a", "bid_a", "bid_b", "paired_side_a", "bid_took_side_of"])
            resolved = {
                "bids": {"a": [a.side, a.vp], "b": [b.side, b.vp]},
                "due_a": due_a,
                "side_a": side_a,
                "gives": [give_a, give_b],
                "took_due_side_of": took,
                "refused_twice_in_a_row": refused,
            }
            record(None, "match.bids_resolved", match, **resolved)
            if match.round is not None and match.round.on_tables:
                # the table is seated with the sides the bids gave; its signed log keeps the bids (issue 26)
                seat_match_on_table(match, actor, bids=resolved)
    return match


def _took_last_time(match: Match, took: str) -> bool:
    """Whether the player whose due side this table's bid would take lost his due side to a bid in his
    previous game of the event too."""
    player = match.player_a_id if took == "a" else match.player_b_id
    number = match.round.number if match.round is not None else 0
    last = (
        Match.objects.filter(round__tournament=match.tournament, round__number__lt=number)
        .filter(models.Q(player_a_id=player) | models.Q(player_b_id=player))
        .order_by("-round__number")
        .values_list("player_a_id", "bid_took_side_of")
        .first()
    )
    if last is None or not last[1]:
        return False
    return (last[1] == "a") == (last[0] == player)


def _games(a: int, b: int, bid_a: int, bid_b: int) -> tuple[int, int, int]:
    """The match's one game: won by the larger VP after bids, drawn on equal VP."""
    margin = (a - bid_a) - (b - bid_b)
    return (1, 0, 0) if margin > 0 else (0, 1, 0) if margin < 0 else (0, 0, 1)


def record_refereed_vp(match: Match, vp_a: int, vp_b: int, *, table: int) -> bool:
    """The match's table ended on the site: each player's VP from the engine (the bids and sides as
    paired) finishes the match at once. False, and nothing changes, when the match is finished already
    (the same end told twice, or an organiser's result that stands) or the tournament is over."""
    with transaction.atomic():
        match = _locked_match(match)
        if match.status == Match.Status.FINISHED or match.tournament.status == Tournament.Status.FINISHED:  # type: ignore[union-attr]
            return False
        a, b = _number(vp_a, _("Victory points of player A")), _number(vp_b, _("Victory points of player B"))
        figures = [a, b, match.bid_a, match.bid_b, match.side_a or game_sides(match.tournament)[0]]  # type: ignore[arg-type]
        before = [match.vp_a, match.vp_b, match.bid_a, match.bid_b, match.side_a, match.status]
        _store(match, figures)
        _finish(match, *_games(a, b, match.bid_a, match.bid_b), Match.Source.REFEREED)
        record(None, "match.vp_refereed", match, vp=figures, before=before, table=table)
    return True


def _store(match: Match, figures: list[Any]) -> None:
    match.vp_a, match.vp_b, match.bid_a, match.bid_b, match.side_a = figures
    match.save(update_fields=["vp_a", "vp_b", "bid_a", "bid_b", "side_a"])


def vp_standings_rows(standings: list[WargameStanding], names: dict[int, str]) -> list[dict[str, Any]]:
    """JSON rows: rank, player, name, points, record, capped margin, OMW%, VP, sides played."""
    return [
        {
            "rank": s.rank,
            "player": s.player,
            "name": names.get(s.player, str(s.player)),  # type: ignore[call-overload]
            "points": s.points,
            "record": s.record(),
            "margin": s.margin,
            "omwp": round(s.opp_match_win_pct, 4),
            "vp": s.vp,
            "sides": dict(s.sides),
            "rounds": s.rounds,
            "dropped": s.dropped,
        }
        for s in standings
    ]


def snapshot_vp_standings(tournament: Tournament) -> StandingsSnapshot:
    """The wargame event's snapshot for its current results (keyed by their hash, so idempotent)."""
    players, results, dropped = vp_results(tournament)
    payload = {"vp": True, "players": players, "dropped": sorted(dropped), "results": sorted(map(repr, results))}

    def compute() -> tuple[int, list[dict[str, Any]]]:
        names = dict(
            get_user_model().objects.filter(registrations__tournament=tournament).values_list("pk", "username")
        )
        return finished_round_number(tournament), vp_standings_rows(
            compute_vp_standings(players, results, dropped, sides=game_sides(tournament)), names
        )

    return store_snapshot(tournament, results_key(payload), compute)
