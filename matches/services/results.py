"""Match results: reported by both players, refereed by the server, overridden by an organiser, decided by a judge.

Both players report; the same result from both finishes the match, different results make it
disputed, and a judge resolves it. Every change is audited; the round finishes with its last match,
and the standings snapshot is recomputed (Celery, on commit).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import junling.outbox as outbox
from junling.errors import Refused
from junling.models import record
from matches import task_names
from matches.access import access_dispute, access_override, access_report
from matches.models import GameLog, Match, MatchGame, ResultReport, Round, Tournament


class ResultRefused(Refused):
    """A result cannot be recorded: impossible games, or the match is not open for it."""

    code = "result.refused"


@dataclass(frozen=True)
class GameOutcome:
    """One game of a refereed match: ``winner`` "a", "b" or "draw"; the reason (e.g. "victory by capture")
    and the stored log, if any."""

    winner: str
    reason: str = ""
    log: GameLog | None = None
    said: dict[str, Any] | None = None
    """The reason as the engine's message ``{"code", "params"}``, if it has one."""


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool):
        raise ResultRefused(
            _("%(what)s must be a whole number.") % {"what": what},
            code="result.not_a_number",
            params={"what": str(what)},
        )
    try:
        number = int(str(value).strip())
    except (TypeError, ValueError):
        raise ResultRefused(
            _("%(what)s must be a whole number, not %(value)r.") % {"what": what, "value": value},
            code="result.not_a_number",
            params={"what": str(what), "value": str(value)},
        ) from None
    if number < 0 or number > 9:
        raise ResultRefused(
            _("%(what)s must be between 0 and 9, not %(value)s.") % {"what": what, "value": number},
            code="result.out_of_range",
            params={"what": str(what), "value": number},
        )
    return number


def check_games(match: Match, games_a: Any, games_b: Any, drawn: Any = 0) -> tuple[int, int, int]:
    """The games as three whole numbers a best-of-``match.best_of`` match can end with, else ResultRefused.

    Neither player wins more than a majority of the games; both cannot reach it; drawn games do not
    count toward the majority. An elimination or top-cut match needs a winner.
    """
    a, b, d = (
        _int(games_a, _("Games won by player A")),
        _int(games_b, _("Games won by player B")),
        _int(drawn, _("Drawn games")),
    )
    need = match.best_of // 2 + 1
    if a > need or b > need:
        raise ResultRefused(
            _("In a best of %(n)s match a player wins at most %(need)s games, not %(a)s–%(b)s.")
            % {"n": match.best_of, "need": need, "a": a, "b": b},
            code="result.too_many_wins",
            params={"n": match.best_of, "need": need, "a": a, "b": b},
        )
    if a == need and b == need:
        raise ResultRefused(
            _("Both players cannot win the match: %(a)s–%(b)s.") % {"a": a, "b": b},
            code="result.both_win",
            params={"a": a, "b": b},
        )
    if d > match.best_of:
        raise ResultRefused(
            _("At most %(n)s drawn games.") % {"n": match.best_of},
            code="result.too_many_draws",
            params={"n": match.best_of},
        )
    if match.round is not None and a == b and match.round.kind in (Round.Kind.ELIMINATION, Round.Kind.TOP_CUT):
        raise ResultRefused(
            _("An elimination match needs a winner: %(a)s–%(b)s is a draw.") % {"a": a, "b": b},
            code="result.elimination_draw",
            params={"a": a, "b": b},
        )
    return a, b, d


def _locked_match(match: Match) -> Match:
    return Match.objects.select_for_update(of=("self",)).select_related("round", "tournament").get(pk=match.pk)


def finish_round_if_done(rnd: Round) -> bool:
    """Mark a published round finished when its last match is; True if it is finished now."""
    if rnd.status != Round.Status.PUBLISHED:
        return rnd.status == Round.Status.FINISHED
    if rnd.matches.exclude(status=Match.Status.FINISHED).exists():
        return False
    if rnd.pods.exclude(status="finished").exists():  # a pod round (matches.models.pods)
        return False
    rnd.status = Round.Status.FINISHED
    rnd.finished_at = timezone.now()
    rnd.save(update_fields=["status", "finished_at"])
    return True


def _finish(match: Match, a: int, b: int, d: int, source: str) -> None:
    match.games_won_a, match.games_won_b, match.games_drawn = a, b, d
    match.status = Match.Status.FINISHED
    match.result_source = source
    match.finished_at = timezone.now()
    match.save(update_fields=["games_won_a", "games_won_b", "games_drawn", "status", "result_source", "finished_at"])
    if match.round_id:
        finish_round_if_done(Round.objects.select_for_update().get(pk=match.round_id))
    if match.tournament_id:
        outbox.enqueue(task_names.SNAPSHOT_STANDINGS, [match.tournament_id])


def _require_open(match: Match) -> None:
    if match.round is not None and match.round.status == Round.Status.DRAFT:
        raise ResultRefused(_("The round is not published yet."), code="result.round_draft")
    if match.tournament is not None and match.tournament.status == Tournament.Status.FINISHED:
        raise ResultRefused(_("The tournament has finished."), code="tournament.finished")
    if match.is_bye or match.player_b_id is None:
        raise ResultRefused(_("A bye or a missed round has no result to report."), code="result.bye")


def report_result(match: Match, reporter: Any, games_a: Any, games_b: Any, drawn: Any = 0) -> Match:
    """A player's report. Both players the same: finished. Different: disputed, for a judge."""
    with transaction.atomic():
        match = _locked_match(match)
        access_report(reporter, match)
        _require_open(match)
        if match.bot:
            raise ResultRefused(_("A match against a bot is refereed by the server."), code="result.bot_match")
        if match.status == Match.Status.FINISHED:
            raise ResultRefused(
                _("This match is finished; ask an organiser to correct the result."), code="result.finished"
            )
        if match.status == Match.Status.DISPUTED:
            raise ResultRefused(_("This match is disputed: a judge will decide the result."), code="result.disputed")
        a, b, d = check_games(match, games_a, games_b, drawn)
        report, _created = ResultReport.objects.update_or_create(
            match=match, reporter=reporter, defaults={"games_won_a": a, "games_won_b": b, "games_drawn": d}
        )
        record(reporter, "match.report", match, games=[a, b, d])
        other = match.reports.exclude(reporter=reporter).first()
        if other is None:
            match.status = Match.Status.REPORTED
            match.save(update_fields=["status"])
        elif other.same_result(report):
            _finish(match, a, b, d, Match.Source.REPORTED)
            record(reporter, "match.finish", match, games=[a, b, d], source=Match.Source.REPORTED)
        else:
            match.status = Match.Status.DISPUTED
            match.save(update_fields=["status"])
            record(
                reporter,
                "match.dispute",
                match,
                reports={
                    str(r.reporter_id): [r.games_won_a, r.games_won_b, r.games_drawn] for r in match.reports.all()
                },
            )
    return match


def record_refereed_result(match: Match, games: Sequence[GameOutcome]) -> Match:
    """The server refereed every game: store the games (and their logs) and finish the match.

    Called by the match-play code; ``games`` in the order played. Refused when the games cannot end
    a best-of-``best_of`` match (e.g. 1–0 in a best of 3).
    """
    with transaction.atomic():
        match = _locked_match(match)
        if match.status == Match.Status.FINISHED:
            raise ResultRefused(_("This match is finished already."), code="result.finished")
        for game in games:
            if game.winner not in ("a", "b", "draw"):
                raise ResultRefused(
                    _("A game's winner is 'a', 'b' or 'draw', not %(w)r.") % {"w": game.winner},
                    code="result.bad_winner",
                    params={"w": str(game.winner)},
                )
        a = sum(1 for g in games if g.winner == "a")
        b = sum(1 for g in games if g.winner == "b")
        d = sum(1 for g in games if g.winner == "draw")
        a, b, d = check_games(match, a, b, d)
        need = match.best_of // 2 + 1
        if max(a, b) < need and a + b + d < match.best_of:
            raise ResultRefused(
                _("The match is not over: %(a)s–%(b)s in a best of %(n)s.") % {"a": a, "b": b, "n": match.best_of},
                code="result.not_over",
                params={"a": a, "b": b, "n": match.best_of},
            )
        now = timezone.now()
        start = match.games.count()
        MatchGame.objects.bulk_create(
            [
                MatchGame(
                    match=match,
                    number=start + i,
                    winner=g.winner,
                    reason=g.reason[:200],
                    said=g.said,
                    log=g.log,
                    finished_at=now,
                )
                for i, g in enumerate(games, start=1)
            ]
        )
        _finish(match, a, b, d, Match.Source.REFEREED)
        record(None, "match.refereed", match, games=[a, b, d], logs=[g.log.sha256 for g in games if g.log])
    return match


def override_result(match: Match, actor: Any, games_a: Any, games_b: Any, drawn: Any = 0, *, reason: str = "") -> Match:
    """An organiser sets the result (any state but a draft round); the audit keeps the result it replaced."""
    access_override(actor, match)
    with transaction.atomic():
        match = _locked_match(match)
        _require_open(match)
        before = [match.games_won_a, match.games_won_b, match.games_drawn, match.status, match.result_source]
        a, b, d = check_games(match, games_a, games_b, drawn)
        _finish(match, a, b, d, Match.Source.ORGANISER)
        record(actor, "match.override", match, before=before, games=[a, b, d], reason=str(reason)[:500])
    return match


def resolve_dispute(match: Match, actor: Any, games_a: Any, games_b: Any, drawn: Any = 0, *, note: str = "") -> Match:
    """A judge decides a disputed match."""
    access_dispute(actor, match)
    with transaction.atomic():
        match = _locked_match(match)
        if match.status != Match.Status.DISPUTED:
            raise ResultRefused(_("This match is not disputed."), code="result.not_disputed")
        a, b, d = check_games(match, games_a, games_b, drawn)
        reports = {str(r.reporter_id): [r.games_won_a, r.games_won_b, r.games_drawn] for r in match.reports.all()}
        _finish(match, a, b, d, Match.Source.JUDGE)
        record(actor, "match.resolve", match, games=[a, b, d], reports=reports, note=str(note)[:500])
    return match


def reopen_match(match: Match, actor: Any, games_a: int, games_b: int, drawn: int, *, reason: str = "") -> Match:
    """A ruling left the match undecided (a best of 3 ruled from 2–0 to 1–1): it is no longer finished. Its
    games are the new tally, it waits on the judges' page (disputed) for a judge to decide it or have a game
    replayed, its round is open again, and the standings no longer count it. Called inside the ruling's
    transaction by ``adjudication.record_ruling`` (whose access check decides who may rule)."""
    with transaction.atomic():
        match = _locked_match(match)
        if match.tournament is not None and match.tournament.status == Tournament.Status.FINISHED:
            raise ResultRefused(_("The tournament has finished."), code="tournament.finished")
        before = [match.games_won_a, match.games_won_b, match.games_drawn, match.status, match.result_source]
        was_finished = match.status == Match.Status.FINISHED
        match.games_won_a, match.games_won_b, match.games_drawn = games_a, games_b, drawn
        match.status = Match.Status.DISPUTED
        match.finished_at = None
        match.save(update_fields=["games_won_a", "games_won_b", "games_drawn", "status", "finished_at"])
        if match.round_id:
            rnd = Round.objects.select_for_update().get(pk=match.round_id)
            if rnd.status == Round.Status.FINISHED:
                rnd.status, rnd.finished_at = Round.Status.PUBLISHED, None
                rnd.save(update_fields=["status", "finished_at"])
        record(actor, "match.reopen", match, before=before, games=[games_a, games_b, drawn], reason=str(reason)[:500])
        if was_finished and match.tournament_id:
            outbox.enqueue(task_names.SNAPSHOT_STANDINGS, [match.tournament_id])
    return match


def order_replay(match: Match, actor: Any, *, note: str = "") -> Match:
    """A judge has the undecided match played on: it leaves the disputes page and waits for the players'
    reports of the whole match again (the games ruled so far stay in the audit trail)."""
    access_dispute(actor, match)
    with transaction.atomic():
        match = _locked_match(match)
        if match.status != Match.Status.DISPUTED:
            raise ResultRefused(_("This match is not disputed."), code="result.not_disputed")
        _require_open(match)
        before = [match.games_won_a, match.games_won_b, match.games_drawn]
        reports = {str(r.reporter_id): [r.games_won_a, r.games_won_b, r.games_drawn] for r in match.reports.all()}
        match.reports.all().delete()
        match.status = Match.Status.PENDING
        match.save(update_fields=["status"])
        record(actor, "match.replay", match, before=before, reports=reports, note=str(note)[:500])
    return match
