"""Tournament rounds: pair (Swiss, round robin, single elimination, top cut), publish, re-pair, pair by hand,
drop a player, enter a player late (his own act: an accepted invitation), finish the tournament.

Every state change is one transaction with one audit record; standings snapshots and ratings are
Celery tasks enqueued on commit. Pairing never bends the rules silently: a Swiss round with no legal
pairing is a RoundError that says so, and a hand pairing lists every rule it breaks before it is saved.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

import junling.outbox as outbox
from decks.models import DeckVersion
from decks.services.decks import check_deck_version, deck_content_hash
from engine.systems import get_system
from junling.models import record
from matches import task_names
from matches.access import access_drop, access_organised
from matches.models import Match, Registration, Round, Tournament
from matches.services.event import promote_waitlist
from matches.services.event_tables import seat_round_on_tables
from matches.services.pods import check_hand_pods, create_pods, pair_pod_round
from matches.services.results import finish_round_if_done
from matches.services.round_errors import RoundError, unpairable
from matches.services.scoring import scoring_of
from matches.services.seeding import seeded_order
from matches.tournament import (
    NoLegalPairingError,
    PairingProblem,
    PairingWarning,
    PlayerId,
    StructureError,
    check_pairing,
    next_elimination_round,
    pair_swiss,
    round_robin,
    single_elimination,
    swiss_rounds,
    top_cut,
)
from matches.tournament.pairing import PLAYER_PARAMS, WARNING_TEXT

# Problems a hand pairing may have only if the organiser confirms; the rest cannot be saved at all.
CONFIRMABLE = {
    PairingProblem.REMATCH,
    PairingProblem.UNEQUAL_POINTS,
    PairingProblem.SECOND_BYE,
    PairingProblem.EXTRA_BYE,
    PairingProblem.DROPPED_PLAYER,
    PairingProblem.MISSING,
}


def _enqueue_snapshot(tournament_id: int) -> None:
    outbox.enqueue(task_names.SNAPSHOT_STANDINGS, [tournament_id])


def _locked_running(tournament: Tournament) -> Tournament:
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.status != Tournament.Status.RUNNING:
        raise RoundError(
            _("The tournament is not running: start it first (or it has finished)."), code="tournament.not_running"
        )
    return tournament


def _registrations(tournament: Tournament) -> dict[int, Registration]:
    return {r.player_id: r for r in Registration.objects.filter(tournament=tournament)}


def _active_players(tournament: Tournament) -> list[int]:
    return list(
        Registration.objects.filter(tournament=tournament, dropped=False)
        .order_by("registered_at", "id")
        .values_list("player_id", flat=True)
    )


@dataclass
class PlannedRound:
    kind: str
    pairs: list[tuple[int, int | None]]
    notes: list[str] = field(default_factory=list)


def _ids(pairs: Iterable[tuple[PlayerId, PlayerId | None]]) -> list[tuple[int, int | None]]:
    """The pairing engine's pairs as the site's: its players are the ids it was given (users' pks)."""
    return cast(list[tuple[int, int | None]], list(pairs))


def _winner(match: Match) -> int | None:
    if match.is_bye or match.player_b_id is None:
        return match.player_a_id
    if match.games_won_a > match.games_won_b:
        return match.player_a_id
    if match.games_won_b > match.games_won_a:
        return match.player_b_id
    return None


def _next_bracket(tournament: Tournament, last: Round, kind: str, number: int) -> PlannedRound | None:
    matches = list(last.matches.order_by("table", "id"))
    if len(matches) <= 1:
        return None
    winners = [_winner(m) for m in matches]
    if any(w is None for w in winners):
        raise RoundError(
            _("Round %(n)s has a drawn elimination match: an organiser must enter a winner.") % {"n": number - 1},
            code="round.drawn_elimination",
            params={"n": number - 1},
        )
    return PlannedRound(kind, _ids(next_elimination_round([w for w in winners if w is not None])))


def plan_round(tournament: Tournament, number: int) -> PlannedRound | None:
    """What round ``number`` of the tournament is and who meets whom; None when every round is played."""
    previous = list(tournament.rounds.filter(number__lt=number).order_by("number"))
    last = previous[-1] if previous else None
    active = _active_players(tournament)
    if tournament.structure == Tournament.Structure.ROUND_ROBIN:
        players = list(
            Registration.objects.filter(tournament=tournament, locked_at__isnull=False)
            .order_by("registered_at", "id")
            .values_list("player_id", flat=True)
        )
        players = seeded_order(players, tournament.pairing_seed)
        schedule = round_robin(players) if len(players) >= 2 else []
        if number > len(schedule):
            return None
        pairs: list[tuple[int, int | None]] = []
        for a, b in schedule[number - 1]:
            # A dropped player's opponent gets the bye; the circle keeps everyone else's schedule.
            seats = [p for p in (a, b) if p is not None and p in active]
            if seats:
                pairs.append((seats[0], seats[1] if len(seats) > 1 else None))
        return PlannedRound(Round.Kind.ROUND_ROBIN, pairs)
    if tournament.structure == Tournament.Structure.SINGLE_ELIMINATION:
        if last is None:
            seeds: list[PlayerId] = seeded_order(active, tournament.pairing_seed)
            return PlannedRound(Round.Kind.ELIMINATION, _ids(single_elimination(seeds)))
        return _next_bracket(tournament, last, Round.Kind.ELIMINATION, number)
    swiss_played = sum(1 for r in previous if r.kind == Round.Kind.SWISS)
    if swiss_played < tournament.planned_rounds:
        scoring = scoring_of(tournament)
        standings = scoring.pairing_standings(tournament)
        if not previous:  # round 1: everyone on 0 points, paired in the seeded random order, not registration
            standings = seeded_order(standings, tournament.pairing_seed)
        try:
            swiss = pair_swiss(standings, number, due=scoring.due_sides(tournament, standings))
        except NoLegalPairingError as exc:
            raise RoundError(
                _(
                    "No legal pairing exists for round %(n)s: every pairing would repeat a match (%(detail)s)."
                    " Pair this round by hand: every rule it breaks will be shown before it is saved."
                )
                % {"n": number, "detail": exc},
                code="round.no_legal_pairing",
                params={"n": number, "detail": str(exc)},
            ) from exc
        pairs = _ids((p.player, p.opponent) for p in swiss.pairings)
        return PlannedRound(Round.Kind.SWISS, scoring.side_swaps(tournament, standings, pairs), list(swiss.notes))
    if tournament.top_cut and last is not None:
        if last.kind != Round.Kind.TOP_CUT:
            ranked = [s.player for s in scoring_of(tournament).pairing_standings(tournament) if not s.dropped]
            if len(ranked) < tournament.top_cut:
                raise RoundError(
                    _("A top %(cut)s needs %(cut)s active players; %(n)s are left.")
                    % {"cut": tournament.top_cut, "n": len(ranked)},
                    code="round.top_cut_too_few",
                    params={"cut": tournament.top_cut, "n": len(ranked)},
                )
            return PlannedRound(Round.Kind.TOP_CUT, list(top_cut(ranked, tournament.top_cut)))  # type: ignore[arg-type]
        return _next_bracket(tournament, last, Round.Kind.TOP_CUT, number)
    return None


def _create_matches(tournament: Tournament, rnd: Round, pairs: Sequence[tuple[int, int | None]]) -> list[Match]:
    regs = _registrations(tournament)
    now = timezone.now()
    matches = []
    sides = scoring_of(tournament).sides(tournament, rnd.number, pairs)
    for table, ((a, b), side) in enumerate(zip(pairs, sides, strict=True), start=1):
        bye = b is None
        matches.append(
            Match(
                round=rnd,
                tournament=tournament,
                player_a_id=a,
                player_b_id=b,
                registration_a=regs.get(a),
                registration_b=regs.get(b) if b is not None else None,
                table=table,
                best_of=tournament.best_of,
                side_a=side,
                is_bye=bye,
                status=Match.Status.FINISHED if bye else Match.Status.PENDING,
                result_source=Match.Source.BYE if bye else Match.Source.NONE,
                games_won_a=2 if bye else 0,
                finished_at=now if bye else None,
            )
        )
    return Match.objects.bulk_create(matches, batch_size=2000)


def _check_previous_finished(tournament: Tournament, number: int) -> None:
    # Results may be finished elsewhere (a judge's ruling on a refereed game): close those rounds first.
    for rnd in tournament.rounds.filter(number__lt=number, status=Round.Status.PUBLISHED):
        finish_round_if_done(rnd)
    waiting = (
        Match.objects.filter(round__tournament=tournament, round__number__lt=number)
        .exclude(status=Match.Status.FINISHED)
        .order_by("round__number")
        .values_list("round__number", flat=True)
        .first()
    )
    if waiting is None:
        waiting = (
            tournament.rounds.filter(number__lt=number)
            .exclude(status=Round.Status.FINISHED)
            .order_by("number")
            .values_list("number", flat=True)
            .first()
        )
    if waiting is not None:
        raise RoundError(
            _("Round %(n)s is not finished: every match needs a result before the next round is paired.")
            % {"n": waiting},
            code="round.previous_unfinished",
            params={"n": waiting},
        )


def pair_next_round(tournament: Tournament, actor: Any) -> Round:
    """Pair the next round as a draft (pairings under review) from the current standings and the structure."""
    access_organised(actor, tournament)
    with transaction.atomic():
        tournament = _locked_running(tournament)
        if tournament.rounds.filter(status=Round.Status.DRAFT).exists():
            raise RoundError(_("A draft round is waiting: publish it or re-pair it."), code="round.draft_waiting")
        number = (tournament.rounds.order_by("-number").values_list("number", flat=True).first() or 0) + 1
        _check_previous_finished(tournament, number)
        if number == 1 and tournament.structure == Tournament.Structure.SWISS and not tournament.planned_rounds:
            active = len(_active_players(tournament))
            if active < 2:
                raise RoundError(
                    _("A tournament needs at least 2 active players to pair a round."), code="round.too_few_players"
                )
            tournament.planned_rounds = swiss_rounds(active)
            tournament.save(update_fields=["planned_rounds"])
        if scoring_of(tournament).pods:
            return _pair_pods(tournament, actor, number)
        try:
            plan = plan_round(tournament, number)
        except StructureError as exc:
            raise unpairable(exc) from exc
        if plan is None:
            raise RoundError(
                _("Every round of this tournament is played: finish the tournament."), code="round.all_played"
            )
        if not plan.pairs:
            raise RoundError(_("No active players are left to pair."), code="round.no_players")
        rnd = Round.objects.create(tournament=tournament, number=number, kind=plan.kind, notes=plan.notes)
        _create_matches(tournament, rnd, plan.pairs)
        record(
            actor,
            "round.pair",
            rnd,
            tournament=tournament.pk,
            number=number,
            kind=plan.kind,
            tables=len(plan.pairs),
            seed=tournament.pairing_seed if number == 1 else None,
        )
    return rnd


def _pair_pods(tournament: Tournament, actor: Any, number: int) -> Round:
    """A pod round (a placement-scored game): Swiss-style pods until the planned rounds are played."""
    if tournament.rounds.filter(number__lt=number).count() >= tournament.planned_rounds:
        raise RoundError(_("Every round of this tournament is played: finish the tournament."), code="round.all_played")
    return pair_pod_round(tournament, actor, number)


def repair_round(rnd: Round, actor: Any) -> Round:
    """Throw away a draft round's pairings and pair it again (after a drop or a late entry)."""
    tournament = rnd.tournament
    access_organised(actor, tournament)
    with transaction.atomic():
        rnd = Round.objects.select_for_update().get(pk=rnd.pk)
        if rnd.status != Round.Status.DRAFT:
            raise RoundError(_("Only a draft round can be re-paired; this one is published."), code="round.not_draft")
        number = rnd.number
        rnd.delete()
        if scoring_of(tournament).pods:
            return pair_pod_round(tournament, actor, number)
        try:
            plan = plan_round(tournament, number)
        except StructureError as exc:
            raise unpairable(exc) from exc
        if plan is None or not plan.pairs:
            raise RoundError(
                _("There is nothing left to pair in round %(n)s.") % {"n": number},
                code="round.nothing_to_pair",
                params={"n": number},
            )
        rnd = Round.objects.create(tournament=tournament, number=number, kind=plan.kind, notes=plan.notes)
        _create_matches(tournament, rnd, plan.pairs)
        record(actor, "round.repair", rnd, tournament=tournament.pk, number=number, tables=len(plan.pairs))
    return rnd


def publish_round(rnd: Round, actor: Any, *, on_tables: bool = False) -> Round:
    """Draft -> published: players see their tables and may play and report. ``on_tables``: each pod (or
    pairing) is played on a refereed table of the site, whose end reports it (``event_tables``)."""
    access_organised(actor, rnd.tournament)
    with transaction.atomic():
        rnd = Round.objects.select_for_update().get(pk=rnd.pk)
        if rnd.status != Round.Status.DRAFT:
            raise RoundError(
                _("Round %(n)s is already published.") % {"n": rnd.number},
                code="round.already_published",
                params={"n": rnd.number},
            )
        rnd.status = Round.Status.PUBLISHED
        rnd.published_at = timezone.now()
        rnd.on_tables = on_tables
        rnd.save(update_fields=["status", "published_at", "on_tables"])
        record(actor, "round.publish", rnd, tournament=rnd.tournament_id, number=rnd.number, on_tables=on_tables)
        if on_tables:
            seat_round_on_tables(rnd, actor)
        finish_round_if_done(rnd)  # a round of byes only is over at once
        _enqueue_snapshot(rnd.tournament_id)
        outbox.enqueue(task_names.NOTIFY_PAIRINGS, [rnd.pk])  # e-mail, where the site sends e-mail
    return rnd


@dataclass(frozen=True)
class HandPairing:
    """The outcome of pair_by_hand: the warnings, and the round if it was saved."""

    warnings: list[PairingWarning]
    round: Round | None

    @property
    def saved(self) -> bool:
        return self.round is not None


def _registered(word: str, usernames: dict[str, int], line_number: int) -> int:
    """The player a pairing line names, or the refusal naming the line."""
    if word not in usernames:
        raise RoundError(
            _("Line %(n)s: %(name)s is not registered in this tournament.") % {"n": line_number, "name": word},
            code="pairs.unknown_player",
            params={"n": line_number, "name": word},
        )
    return usernames[word]


def parse_pods(text: str, usernames: dict[str, int]) -> list[list[int]]:
    """Rows of players, one pod a line ("alice bob carol"), by user name; the sizes are checked with the rest."""
    pods: list[list[int]] = []
    for line_number, line in enumerate(text.splitlines(), start=1):
        words = line.replace(",", " ").replace("\t", " ").split()
        if not words:
            continue
        pods.append([_registered(word, usernames, line_number) for word in words])
    if not pods:
        raise RoundError(_("Give at least one table."), code="pairs.empty")
    return pods


def parse_pairs(text: str, usernames: dict[str, int]) -> list[tuple[int, int | None]]:
    """Rows "alice bob" (one table a line) or "carol" / "carol -" / "carol bye" for a bye; by username."""
    pairs: list[tuple[int, int | None]] = []
    for line_number, line in enumerate(text.splitlines(), start=1):
        words = line.replace(",", " ").replace("\t", " ").split()
        if not words:
            continue
        if len(words) > 2:
            raise RoundError(
                _("Line %(n)s: give two players (or one player for a bye), not %(k)s words.")
                % {"n": line_number, "k": len(words)},
                code="pairs.too_many_words",
                params={"n": line_number, "k": len(words)},
            )
        ids: list[int | None] = []
        for word in words:
            if word.lower() in ("-", "bye") and ids:
                ids.append(None)
                continue
            ids.append(_registered(word, usernames, line_number))
        a = ids[0]
        if a is None:
            raise RoundError(
                _("Line %(n)s: the first name must be a player.") % {"n": line_number},
                code="pairs.first_is_bye",
                params={"n": line_number},
            )
        pairs.append((a, ids[1] if len(ids) > 1 else None))
    if not pairs:
        raise RoundError(_("Give at least one table."), code="pairs.empty")
    return pairs


def pair_by_hand(
    tournament: Tournament, actor: Any, pairs: Sequence[Sequence[int | None]], *, confirm: bool = False
) -> HandPairing:
    """Replace the draft round's pairings (or make a draft of the next round) with the organiser's tables.

    ``pairs``: a match event's ``(player, opponent)`` rows (opponent None for a bye), a pod event's players
    of each pod (``parse_pods``). Every rule they break comes back as a warning
    (matches.tournament.check_pairing, check_pods). With warnings nothing is saved unless ``confirm``; a
    player who is not registered, or at two tables, or a pod of a size the game does not seat, is never saved.
    """
    access_organised(actor, tournament)
    with transaction.atomic():
        tournament = _locked_running(tournament)
        pods = scoring_of(tournament).pods
        draft = tournament.rounds.filter(status=Round.Status.DRAFT).first()
        if draft is not None:
            number, kind = draft.number, draft.kind
        else:
            number = (tournament.rounds.order_by("-number").values_list("number", flat=True).first() or 0) + 1
            _check_previous_finished(tournament, number)
            planned = _safe_plan(tournament, number)
            kind = planned or (
                Round.Kind.ROUND_ROBIN
                if tournament.structure == Tournament.Structure.ROUND_ROBIN
                else Round.Kind.ELIMINATION
                if tournament.structure == Tournament.Structure.SINGLE_ELIMINATION
                else Round.Kind.SWISS
            )
        names = dict(
            get_user_model().objects.filter(pk__in={p for pair in pairs for p in pair}).values_list("pk", "username")
        )
        groups = [[p for p in pod if p is not None] for pod in pairs] if pods else []
        if pods:
            found = check_hand_pods(tournament, groups)
        else:
            found = check_pairing(
                scoring_of(tournament).pairing_standings(tournament), [(pair[0], pair[1]) for pair in pairs]
            )
        warnings = [dataclasses.replace(w, text=warning_text(w.code, named(w.params, names))) for w in found]
        hard = [w for w in warnings if w.problem not in CONFIRMABLE]
        if hard or (warnings and not confirm):
            return HandPairing(warnings, None)
        if draft is not None:
            draft.delete()
        # Notes as codes with names: each reader sees them in his language (matches/templatetags/round_notes.py).
        notes = [{"code": w.code, "params": named(w.params, names)} for w in warnings]
        rnd = Round.objects.create(tournament=tournament, number=number, kind=kind, notes=notes)
        if pods:
            create_pods(tournament, rnd, groups)
        else:
            # a row's first player is never None (a bye is its second: parse_pairs refuses "bye" first)
            _create_matches(tournament, rnd, [(cast(int, pair[0]), pair[1]) for pair in pairs])
        record(
            actor,
            "round.pair_by_hand",
            rnd,
            tournament=tournament.pk,
            number=number,
            pairs=[list(pair) for pair in pairs],
            warnings=[w.message for w in warnings],
        )
    return HandPairing(warnings, rnd)


def named(params: dict[str, Any], names: dict[Any, str]) -> dict[str, Any]:
    """A pairing warning's params with its players by user name."""
    return {k: names.get(v, str(v)) if k in PLAYER_PARAMS else v for k, v in params.items()}


def warning_text(code: str, params: dict[str, Any]) -> str:
    """A pairing warning (or a round's note) in the active language."""
    template = WARNING_TEXT.get(code)
    return _(template) % params if template else code


def _safe_plan(tournament: Tournament, number: int) -> str | None:
    try:
        plan = plan_round(tournament, number)
    except (RoundError, StructureError):
        return None
    return plan.kind if plan is not None else None


def drop_player(tournament: Tournament, actor: Any, player: Any) -> Registration:
    """The player leaves: never paired again, keeps their results (and counts as an opponent)."""
    access_drop(actor, tournament, player)
    with transaction.atomic():
        registration = Registration.objects.select_for_update().filter(tournament=tournament, player=player).first()
        if registration is None:
            raise RoundError(
                _("%(name)s is not registered in this tournament.") % {"name": player},
                code="round.not_registered",
                params={"name": str(player)},
            )
        if tournament.status == Tournament.Status.FINISHED:
            raise RoundError(_("The tournament has finished."), code="tournament.finished")
        if registration.dropped:
            raise RoundError(
                _("%(name)s has already dropped.") % {"name": player},
                code="round.already_dropped",
                params={"name": str(player)},
            )
        registration.dropped = True
        registration.save(update_fields=["dropped"])
        record(actor, "tournament.drop", registration, tournament=tournament.pk, player=player.pk)
        promote_waitlist(tournament, actor)  # before the start, the first waiting player takes the place
        _enqueue_snapshot(tournament.pk)
    return registration


def enter_late(
    tournament: Tournament, player: Any, deck_version: DeckVersion | None, *, invited_by: Any
) -> Registration:
    """The player enters after the start, by his own act (accepting an invitation, ``matches.services.invitations``):
    his own legal deck, locked at once, and a missed-round loss (0–2, no opponent; docs/tournaments.md
    "Late entry") for every round already published. A board-game event has no deck (``deck_version`` is
    None) and no missed-round rows: its pods and VP standings count the rounds he played. Called inside the
    acceptance's transaction."""
    with transaction.atomic():
        tournament = _locked_running(tournament)
        if tournament.structure != Tournament.Structure.SWISS:
            raise RoundError(_("Late entry is only possible in a Swiss tournament."), code="round.late_entry_not_swiss")
        if tournament.rounds.filter(kind=Round.Kind.TOP_CUT).exists():
            raise RoundError(_("The top cut has begun: no more late entries."), code="round.late_entry_top_cut")
        if Registration.objects.filter(tournament=tournament, player=player).exists():
            raise RoundError(
                _("%(name)s is already registered in this tournament.") % {"name": player},
                code="round.already_registered",
                params={"name": str(player)},
            )
        if not get_system(tournament.system).has_cards:
            return _enter_board_event_late(tournament, player, invited_by)
        if deck_version is None:
            raise RoundError(_("Enter with a deck of your own."), code="round.late_entry_needs_deck")
        if deck_version.deck.owner_id != player.pk:
            raise RoundError(_("The deck must be the player's own."), code="round.late_entry_not_owner")
        assert tournament.format is not None  # an event with cards has a format
        result = check_deck_version(deck_version, tournament.format)
        if not result.legal:
            raise RoundError(
                _("This deck is not legal in %(format)s: %(n)s violation(s).")
                % {"format": tournament.format.display_title(get_language() or "zh"), "n": len(result.violations)},
                code="round.late_entry_illegal_deck",
                params={"format": tournament.format.display_title(get_language() or "zh"), "n": len(result.violations)},
            )
        now = timezone.now()
        registration = Registration.objects.create(
            tournament=tournament,
            player=player,
            deck_version=deck_version,
            registered_by=player,
            registered_at=now,
            locked_at=now,
            locked_decklist=deck_version.decklist,
            locked_hash=deck_content_hash(deck_version.decklist, deck_version.card_database_version.content_hash),
        )
        missed = list(tournament.rounds.exclude(status=Round.Status.DRAFT).order_by("number"))
        Match.objects.bulk_create(
            [
                Match(
                    round=rnd,
                    tournament=tournament,
                    player_a=player,
                    registration_a=registration,
                    table=0,
                    best_of=tournament.best_of,
                    status=Match.Status.FINISHED,
                    result_source=Match.Source.MISSED,
                    games_won_b=2,
                    finished_at=now,
                )
                for rnd in missed
            ]
        )
        record(
            player,
            "tournament.late_entry",
            registration,
            tournament=tournament.pk,
            player=player.pk,
            missed_rounds=[r.number for r in missed],
            invited_by=getattr(invited_by, "pk", None),
            locked_hash=registration.locked_hash,
        )
        _enqueue_snapshot(tournament.pk)
    return registration


def _enter_board_event_late(tournament: Tournament, player: Any, invited_by: Any) -> Registration:
    now = timezone.now()
    registration = Registration.objects.create(
        tournament=tournament, player=player, registered_by=player, registered_at=now, locked_at=now
    )
    missed = list(tournament.rounds.exclude(status=Round.Status.DRAFT).values_list("number", flat=True))
    record(
        player,
        "tournament.late_entry",
        registration,
        tournament=tournament.pk,
        player=player.pk,
        missed_rounds=missed,
        invited_by=getattr(invited_by, "pk", None),
    )
    _enqueue_snapshot(tournament.pk)
    return registration


def finish_tournament(tournament: Tournament, actor: Any) -> Tournament:
    """Running -> finished once every round is finished; the ratings are updated from its matches."""
    access_organised(actor, tournament)
    with transaction.atomic():
        tournament = _locked_running(tournament)
        if not tournament.rounds.exists():
            raise RoundError(_("No round has been played yet."), code="round.none_played")
        _check_previous_finished(tournament, 10**6)
        tournament.status = Tournament.Status.FINISHED
        tournament.finished_at = timezone.now()
        tournament.save(update_fields=["status", "finished_at"])
        record(actor, "tournament.finish", tournament, rounds=tournament.rounds.count())
        _enqueue_snapshot(tournament.pk)
        outbox.enqueue(task_names.UPDATE_RATINGS, [tournament.pk])
    return tournament


def set_structure(
    tournament: Tournament, actor: Any, *, structure: str, planned_rounds: Any = 0, top_cut: Any = 0
) -> Tournament:
    """Choose the structure before the tournament starts: Swiss (rounds, 0 = from attendance; top cut 0/4/8),
    round robin or single elimination."""
    access_organised(actor, tournament)
    if structure not in Tournament.Structure.values:
        raise RoundError(
            _("The structure is one of %(choices)s, not %(value)r.")
            % {"choices": ", ".join(Tournament.Structure.values), "value": structure},
            code="structure.unknown",
            params={"choices": ", ".join(Tournament.Structure.values), "value": structure},
        )
    try:
        rounds, cut = int(str(planned_rounds or 0)), int(str(top_cut or 0))
    except ValueError:
        raise RoundError(_("Rounds and top cut must be whole numbers."), code="structure.not_a_number") from None
    if scoring_of(tournament).pods and (structure != Tournament.Structure.SWISS or str(top_cut or 0) != "0"):
        raise RoundError(
            _("Pods are paired Swiss-style by points: choose Swiss without a top cut."), code="structure.pods"
        )
    if not 0 <= rounds <= 20:
        raise RoundError(
            _("Swiss rounds: 0 (from attendance) to 20, not %(n)s.") % {"n": rounds},
            code="structure.rounds_range",
            params={"n": rounds},
        )
    if cut not in (0, 4, 8):
        raise RoundError(
            _("The top cut is 0, 4 or 8 players, not %(n)s.") % {"n": cut}, code="structure.top_cut", params={"n": cut}
        )
    if structure != Tournament.Structure.SWISS:
        rounds, cut = 0, 0
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.status not in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION):
            raise RoundError(
                _("The structure cannot change once the tournament has started."), code="structure.started"
            )
        tournament.structure, tournament.planned_rounds, tournament.top_cut = structure, rounds, cut
        tournament.save(update_fields=["structure", "planned_rounds", "top_cut"])
        record(actor, "tournament.structure", tournament, structure=structure, planned_rounds=rounds, top_cut=cut)
    return tournament
