"""Who may do what in tournaments, matches and adjudication: the one answer per question.

Every permission question of the ``matches`` app is a function here, in the style of Zulip's
``access_*`` helpers: ``can_*`` answers yes or no (for templates and presenters), ``access_*`` returns
the object or raises ``junling.errors.NotAllowed`` / ``Http404``. Views, the API, services and
presenters call these; none of them checks ``is_staff`` or a role by itself.

Objects a user may not even see answer 404 (their existence is not revealed); objects he sees but
may not change answer 403 (``NotAllowed``).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.db.models import Q, QuerySet
from django.http import Http404
from django.utils.translation import gettext as _

from junling.access import is_staff as is_staff
from junling.errors import NotAllowed
from junling.prepared import Prepared
from matches.models import (
    Adjudication,
    Invitation,
    JudgeCall,
    Match,
    MatchGame,
    Pod,
    RefereedMatch,
    Registration,
    Round,
    Tournament,
)


def _authenticated(user: Any) -> bool:
    return bool(getattr(user, "is_authenticated", False))


def _id(pk: Any) -> int:
    """A primary key from a URL or a body; anything else is no object at all (404, not 500)."""
    if isinstance(pk, bool):
        raise ValueError(pk)
    value = int(str(pk))
    if not 0 < value < 2**63:
        raise ValueError(pk)
    return value


# --- Staff -------------------------------------------------------------------------------------
# ``is_staff`` (staff or superuser) comes from junling.access, the one definition of the site; staff
# may organise, judge and adjudicate every tournament.


# --- Tournaments, registration, rounds and results --------------------------------------------


def _organiser_of(user: Any, tournament: Tournament) -> bool:
    return _authenticated(user) and tournament.organisers.filter(pk=user.pk).exists()


def _judge_of(user: Any, tournament: Tournament) -> bool:
    return _authenticated(user) and tournament.judges.filter(pk=user.pk).exists()


RATED_TOURNAMENT_PERMISSION = "matches.add_rated_tournament"
"""The Django permission staff grant (admin: users or groups) to those who may create rated tournaments."""


def can_create_tournament(user: Any, *, rated: bool = False) -> bool:
    """Anyone logged in may create an unrated tournament (he organises it); a rated one needs
    ``matches.add_rated_tournament``, which staff grant, or staff."""
    if not _authenticated(user):
        return False
    return not rated or is_staff(user) or user.has_perm(RATED_TOURNAMENT_PERMISSION)


def access_tournament_creation(user: Any, *, rated: bool = False) -> Any:
    """``user`` if he may create a tournament (``rated`` or not), else NotAllowed."""
    if not can_create_tournament(user, rated=rated):
        if rated and _authenticated(user):
            raise NotAllowed(
                _("Only staff and organisers they approve may create rated tournaments."),
                code="tournament.not_rated_creator",
            )
        raise NotAllowed(_("You may not create tournaments."), code="tournament.not_creator")
    return user


def can_organise(user: Any, tournament: Tournament) -> bool:
    """The tournament's organisers and staff: run rounds, enter results, publish decklists."""
    return is_staff(user) or _organiser_of(user, tournament)


def can_judge(user: Any, tournament: Tournament) -> bool:
    """The tournament's judges and staff: resolve disputes (organisers override results instead)."""
    return is_staff(user) or _judge_of(user, tournament)


def can_oversee(user: Any, tournament: Tournament) -> bool:
    """Organisers, judges and staff: see draft rounds and the disputes page."""
    return can_organise(user, tournament) or can_judge(user, tournament)


def visible_tournaments(user: Any) -> QuerySet[Tournament]:
    """Every tournament but drafts; a draft only to its organisers and judges (staff see all)."""
    tournaments = Tournament.objects.select_related("format")
    if is_staff(user):
        return tournaments
    if _authenticated(user):
        return tournaments.filter(~Q(status=Tournament.Status.DRAFT) | Q(organisers=user) | Q(judges=user)).distinct()
    return tournaments.exclude(status=Tournament.Status.DRAFT)


def access_tournament(user: Any, pk: Any) -> Tournament:
    """The tournament ``pk`` if ``user`` may see it, else Http404."""
    try:
        tournament = visible_tournaments(user).filter(pk=_id(pk)).first()
    except (TypeError, ValueError):
        tournament = None
    if tournament is None:
        raise Http404(_("There is no such tournament."))
    return tournament


def access_organised(user: Any, tournament: Tournament) -> Tournament:
    """``tournament`` if ``user`` may organise it, else NotAllowed."""
    if not can_organise(user, tournament):
        raise NotAllowed(_("Only the tournament's organisers may do this."), code="tournament.not_organiser")
    return tournament


def access_organised_tournament(user: Any, pk: Any) -> Tournament:
    """The tournament ``pk`` for its organiser: Http404 if he may not see it, NotAllowed if he may not run it."""
    return access_organised(user, access_tournament(user, pk))


def access_overseen(user: Any, tournament: Tournament) -> Tournament:
    """``tournament`` for its judges and organisers (the disputes page), else NotAllowed."""
    if not can_oversee(user, tournament):
        raise NotAllowed(
            _("Only the tournament's judges and organisers may see disputes."), code="tournament.not_overseer"
        )
    return tournament


def visible_rounds(user: Any, tournament: Tournament) -> QuerySet[Round]:
    """The tournament's rounds; a draft (pairings under review) only to organisers and judges."""
    rounds = tournament.rounds.order_by("number")
    if not can_oversee(user, tournament):
        rounds = rounds.exclude(status=Round.Status.DRAFT)
    return rounds


def access_round(user: Any, tournament: Tournament, number: Any) -> Round:
    """Round ``number`` of ``tournament`` if ``user`` may see it, else Http404."""
    try:
        rnd = visible_rounds(user, tournament).filter(number=_id(number)).first()
    except (TypeError, ValueError):
        rnd = None
    if rnd is None:
        raise Http404(_("There is no such round."))
    return rnd


def can_view_registration_decklist(user: Any, registration: Registration) -> bool:
    """The player, the tournament's organisers and judges, staff; anyone once the decklists are published."""
    tournament = registration.tournament
    if tournament.decklists_published:
        return True
    if not _authenticated(user):
        return False
    return user.pk == registration.player_id or can_oversee(user, tournament)


def access_match(user: Any, pk: Any) -> Match:
    """The match ``pk`` if ``user`` may see its tournament (a casual match: anyone), else Http404."""
    try:
        match = Match.objects.select_related("round", "tournament", "player_a", "player_b").filter(pk=_id(pk)).first()
    except (TypeError, ValueError):
        match = None
    if match is None or (
        match.tournament_id is not None and not visible_tournaments(user).filter(pk=match.tournament_id).exists()
    ):
        raise Http404(_("There is no such match."))
    return match


def can_report(user: Any, match: Match) -> bool:
    """Only the two players of a match report its result."""
    return _authenticated(user) and match.involves(user)


def access_report(user: Any, match: Match) -> Match:
    if not can_report(user, match):
        raise NotAllowed(_("Only the two players of a match may report its result."), code="result.not_player")
    return match


def can_report_pod(user: Any, pod: Any) -> bool:
    """A pod's own players and the tournament's organisers report a pod (placements, regions)."""
    if not _authenticated(user):
        return False
    return can_organise(user, pod.tournament) or pod.seats.filter(player=user).exists()


def access_pod_report(user: Any, pod: Any) -> Any:
    if not can_report_pod(user, pod):
        raise NotAllowed(_("Only the pod's players and the organisers may report it."), code="pod.not_seated")
    return pod


def access_override(user: Any, match: Match) -> Match:
    """``match`` if ``user`` organises its tournament (he may then enter any result), else NotAllowed."""
    if match.tournament_id is None or not can_organise(user, match.tournament):  # type: ignore[arg-type]
        raise NotAllowed(_("Only the tournament's organisers may override a result."), code="result.not_organiser")
    return match


def access_dispute(user: Any, match: Match) -> Match:
    """``match`` if ``user`` judges its tournament, else NotAllowed."""
    if match.tournament_id is None or not can_judge(user, match.tournament):  # type: ignore[arg-type]
        raise NotAllowed(_("Only the tournament's judges may resolve a dispute."), code="result.not_judge")
    return match


# --- Judge calls (issue 27): players call from their table, judges answer, head judges take escalations ---------


def can_head_judge(user: Any, tournament: Tournament) -> bool:
    """A head judge of the event: its organisers (and staff). An escalated call waits for one of them."""
    return can_organise(user, tournament)


def can_answer_calls(user: Any, tournament: Tournament) -> bool:
    """The event's judges, organisers and staff see the calls and the round health view, and answer calls."""
    return can_oversee(user, tournament)


def access_floor(user: Any, tournament: Tournament) -> Tournament:
    """``tournament`` for those who answer its calls (its judges, organisers, staff), else NotAllowed."""
    if not can_answer_calls(user, tournament):
        raise NotAllowed(
            _("Only the tournament's judges and organisers see its calls and tables."), code="call.not_judge"
        )
    return tournament


def table_of(user: Any, rnd: Round) -> tuple[Match | None, Pod | None]:
    """The pairing or the pod ``user`` plays in round ``rnd`` (a bye is no table), or (None, None)."""
    if not _authenticated(user):
        return None, None
    match = rnd.matches.filter(Q(player_a=user) | Q(player_b=user), is_bye=False, player_b__isnull=False).first()
    if match is not None:
        return match, None
    return None, rnd.pods.filter(seats__player=user).first()


def table_to_call(kind: str, pk: Any) -> Match | Pod:
    """The pairing (``kind`` "match") or the pod a call names, or 404 (also for a casual match or a draft's)."""
    model: type[Match] | type[Pod] = Match if kind == "match" else Pod
    try:
        table = model.objects.select_related("round", "tournament").filter(pk=_id(pk)).first()
    except ValueError:
        raise Http404 from None
    if table is None or table.tournament_id is None or table.round is None or table.round.status == Round.Status.DRAFT:
        raise Http404  # a draft's tables are not shown to players yet: as if they did not exist
    return table


def can_call_judge(user: Any, table: Match | Pod) -> bool:
    """A player of the table, while its round is published (not a draft, not finished)."""
    rnd = table.round
    if rnd is None or rnd.status != Round.Status.PUBLISHED or not _authenticated(user):
        return False
    if isinstance(table, Match):
        return not table.is_bye and table.involves(user)
    return table.seats.filter(player=user).exists()


def access_call_judge(user: Any, table: Match | Pod) -> Match | Pod:
    if not can_call_judge(user, table):
        raise NotAllowed(
            _("Only a player at a table of the round being played may call a judge to it."), code="call.not_player"
        )
    return table


def can_take_call(user: Any, call: JudgeCall) -> bool:
    """Claim, escalate or resolve ``call``: a judge of its event; once escalated, a head judge only."""
    if call.escalated:
        return can_head_judge(user, call.tournament)
    return can_answer_calls(user, call.tournament)


def access_take_call(user: Any, call: JudgeCall) -> JudgeCall:
    if not can_answer_calls(user, call.tournament):
        raise NotAllowed(_("Only the tournament's judges may answer its calls."), code="call.not_judge")
    if not can_take_call(user, call):
        raise NotAllowed(
            _("This call was passed to a head judge: only the organisers may take it."), code="call.head_judge_only"
        )
    return call


def access_judge_call(user: Any, pk: Any) -> JudgeCall:
    """A call, for the judges of its event and the player who made it; 404 for anyone else."""
    try:
        call = JudgeCall.objects.select_related("tournament").get(pk=_id(pk))
    except (ValueError, JudgeCall.DoesNotExist):
        raise Http404 from None
    if call.caller_id != getattr(user, "pk", None) and not can_answer_calls(user, call.tournament):
        raise Http404
    return call


def can_drop(user: Any, tournament: Tournament, player: Any) -> bool:
    """A player drops himself; an organiser drops anyone."""
    is_self = _authenticated(user) and getattr(user, "pk", None) == getattr(player, "pk", None)
    return is_self or can_organise(user, tournament)


def access_drop(user: Any, tournament: Tournament, player: Any) -> Any:
    if not can_drop(user, tournament, player):
        raise NotAllowed(_("Only the tournament's organisers may do this."), code="tournament.not_organiser")
    return player


def can_check_in(user: Any, tournament: Tournament, player: Any) -> bool:
    """A player checks himself in; an organiser checks in a player he sees at the venue."""
    return can_drop(user, tournament, player)


def access_check_in(user: Any, tournament: Tournament, player: Any) -> Any:
    if not can_check_in(user, tournament, player):
        raise NotAllowed(_("Only the player or the tournament's organisers may check in."), code="event.not_allowed")
    return player


def can_extend_time(user: Any, tournament: Tournament) -> bool:
    """Organisers and judges give a table extra time."""
    return can_oversee(user, tournament)


def access_extend_time(user: Any, tournament: Tournament) -> Tournament:
    if not can_extend_time(user, tournament):
        raise NotAllowed(_("Only the tournament's judges and organisers may give extra time."), code="event.not_judge")
    return tournament


def can_withdraw(user: Any, tournament: Tournament) -> bool:
    """A registered player withdraws his own registration until the tournament starts (nobody else's)."""
    return (
        _authenticated(user)
        and tournament.status in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION)
        and tournament.registrations.filter(player=user).exists()
    )


def access_withdraw(user: Any, tournament: Tournament) -> Any:
    """``user`` if logged in (the service then says whether there is a registration to withdraw)."""
    if not _authenticated(user):
        raise NotAllowed(_("Log in to withdraw a registration."), code="registration.anonymous")
    return user


def can_answer_invitation(user: Any, invitation: Invitation) -> bool:
    """Only the invited player answers an invitation (nobody enters another player)."""
    return _authenticated(user) and user.pk == invitation.player_id


def access_invitation(user: Any, pk: Any) -> Invitation:
    """The pending invitation ``pk`` addressed to ``user``; Http404 for anyone else (its existence is not revealed)."""
    try:
        invitation = (
            Invitation.objects.select_related("tournament__format", "invited_by")
            .filter(pk=_id(pk), status=Invitation.Status.PENDING)
            .first()
        )
    except (TypeError, ValueError):
        invitation = None
    if invitation is None or not can_answer_invitation(user, invitation):
        raise Http404(_("There is no such invitation."))
    return invitation


def invitations_of(user: Any) -> QuerySet[Invitation]:
    """The pending invitations addressed to ``user``."""
    if not _authenticated(user):
        return Invitation.objects.none()
    return Invitation.objects.filter(player=user, status=Invitation.Status.PENDING).select_related(
        "tournament", "invited_by"
    )


# --- Adjudication -------------------------------------------------------------------------------


def can_upload_logs(user: Any) -> bool:
    """A judge of some tournament, or staff: may upload loose logs."""
    if not _authenticated(user):
        return False
    return is_staff(user) or Tournament.objects.filter(judges=user).exists()


def can_adjudicate_tournament(user: Any, tournament: Tournament) -> bool:
    """The tournament's judges and organisers, and staff."""
    return can_oversee(user, tournament)


def can_use_adjudication(user: Any) -> bool:
    """Any judge, organiser or staff member: they see the adjudication pages."""
    if not _authenticated(user):
        return False
    return can_upload_logs(user) or Tournament.objects.filter(organisers=user).exists()


def access_adjudication_pages(user: Any) -> Any:
    """``user`` if he may use the adjudication pages; to anyone else they do not exist (Http404)."""
    if not can_use_adjudication(user):
        raise Http404(_("There is no such page."))
    return user


def access_upload(user: Any) -> Any:
    if not can_upload_logs(user):
        raise NotAllowed(_("Only judges and staff may upload logs for adjudication."), code="adjudication.not_judge")
    return user


def _playing_own(user: Any, match: Match | None) -> bool:
    # A player never sees (or asks for) the adjudication of his own match before it is over.
    return match is not None and match.involves(user) and not match.is_finished


def can_view_adjudication(user: Any, adjudication: Adjudication) -> bool:
    """Judges and organisers of the match's tournament and staff; a loose log: any judge or staff.

    A player of the match never sees the adjudication of a match that is not finished.
    """
    if not _authenticated(user):
        return False
    if is_staff(user):
        return True
    match = adjudication.match
    if _playing_own(user, match):
        return False
    if adjudication.tournament is not None:
        return can_adjudicate_tournament(user, adjudication.tournament)
    if match is not None:  # a casual match: its players (once it is over) and judges
        return match.involves(user) or can_upload_logs(user)
    return can_upload_logs(user)


def visible_adjudications(user: Any) -> QuerySet[Adjudication]:
    """The adjudications ``user`` may see (the same rule as :func:`can_view_adjudication`)."""
    qs = Adjudication.objects.select_related("log", "match", "tournament", "game", "requested_by")
    if not _authenticated(user):
        return qs.none()
    if is_staff(user):
        return qs
    mine = Q(tournament__judges=user) | Q(tournament__organisers=user)
    if can_upload_logs(user):
        mine |= Q(tournament__isnull=True)
    running_own = (Q(match__player_a=user) | Q(match__player_b=user)) & ~Q(match__status=Match.Status.FINISHED)
    return qs.filter(mine).exclude(running_own).distinct()


def access_adjudication(user: Any, pk: Any) -> Adjudication:
    """The adjudication ``pk`` if ``user`` may see it; Http404 otherwise (its existence is not revealed)."""
    try:
        adjudication = (
            Adjudication.objects.select_related(
                "log", "match", "tournament", "game", "database_version", "requested_by"
            )
            .filter(pk=_id(pk))
            .first()
        )
    except (TypeError, ValueError):
        adjudication = None
    if adjudication is None or not can_view_adjudication(user, adjudication):
        raise Http404(_("There is no such adjudication."))
    return adjudication


def games_to_adjudicate(user: Any) -> QuerySet[MatchGame]:
    """Match games with a stored log in tournaments ``user`` judges or organises (all for staff)."""
    qs = MatchGame.objects.filter(log__isnull=False).select_related(
        "match__player_a", "match__player_b", "match__tournament", "log"
    )
    if not _authenticated(user):
        return qs.none()
    if is_staff(user):
        return qs.order_by("-id")
    tournaments = Tournament.objects.filter(Q(judges=user) | Q(organisers=user))
    running_own = (Q(match__player_a=user) | Q(match__player_b=user)) & ~Q(match__status=Match.Status.FINISHED)
    return qs.filter(match__tournament__in=tournaments).exclude(running_own).distinct().order_by("-id")


def can_adjudicate_game(user: Any, game: MatchGame) -> bool:
    """The judges and organisers of the game's tournament (a casual game: any judge), never a player of a match
    still being played; staff always."""
    return can_check_claim(user, game.match)


def can_check_claim(user: Any, match: Match) -> bool:
    """Who may have an uploaded log that claims ``match`` compared with its record (its stored logs show
    both hands): those who may adjudicate its games (:func:`can_adjudicate_game`)."""
    if is_staff(user):
        return True
    allowed = can_adjudicate_tournament(user, match.tournament) if match.tournament_id else can_upload_logs(user)  # type: ignore[arg-type]
    return allowed and not _playing_own(user, match)


def can_attach_log(user: Any, match: Match) -> bool:
    """A judge or organiser of the match's tournament, not playing it, may attach an uploaded log to it."""
    if match.tournament_id is None or match.is_bye or match.player_b_id is None:
        return False
    if is_staff(user):
        return True
    return can_adjudicate_tournament(user, match.tournament) and not _playing_own(user, match)  # type: ignore[arg-type]


def matches_to_attach(user: Any) -> QuerySet[Match]:
    """The open and finished two-player matches of the tournaments ``user`` judges or organises (newest first)."""
    tournaments = tournaments_to_replay(user)
    return (
        Match.objects.filter(tournament__in=tournaments, is_bye=False, player_b__isnull=False)
        .exclude(Q(player_a=user) | Q(player_b=user))
        .select_related("tournament", "round", "player_a", "player_b")
        .order_by("-id")
    )


def access_attach_log(user: Any, match: Match) -> Match:
    if not can_attach_log(user, match):
        raise NotAllowed(
            _("Only the tournament's judges and organisers may attach a log to this match."),
            code="adjudication.not_judge",
        )
    return match


def access_game_adjudication(user: Any, game: MatchGame) -> MatchGame:
    if not can_adjudicate_game(user, game):
        raise NotAllowed(
            _("Only the tournament's judges and organisers may adjudicate this game."), code="adjudication.not_judge"
        )
    return game


def can_rule(user: Any, match: Match) -> bool:
    """Who may record a ruling on a game of ``match``: its tournament's judges and organisers (a casual match:
    any judge), never one of its players unless staff."""
    if is_staff(user):
        return True
    allowed = can_adjudicate_tournament(user, match.tournament) if match.tournament_id else can_upload_logs(user)  # type: ignore[arg-type]
    return allowed and not match.involves(user)


def access_ruling(user: Any, match: Match) -> Match:
    if not can_rule(user, match):
        raise NotAllowed(
            _("Only the tournament's judges and organisers may rule on this game."), code="ruling.not_judge"
        )
    return match


def tournaments_to_replay(user: Any) -> QuerySet[Tournament]:
    """Tournaments whose logs ``user`` may have replayed in a batch: those he judges or organises (all for staff)."""
    qs = Tournament.objects.exclude(status=Tournament.Status.DRAFT)
    if not _authenticated(user):
        return qs.none()
    if is_staff(user):
        return qs
    return qs.filter(Q(judges=user) | Q(organisers=user)).distinct()


def access_tournament_replay(user: Any, tournament: Tournament) -> Tournament:
    if not can_adjudicate_tournament(user, tournament):
        raise NotAllowed(_("Only the tournament's judges and organisers may do this."), code="adjudication.not_judge")
    return tournament


# --- Refereed play ------------------------------------------------------------------------------
# Who is seated at a refereed match, who may see its table and its logs. Anyone else gets 404 for a
# match, as if it did not exist.


def seat_of(match: Match, user: Any) -> int | None:
    """0 for player A, 1 for player B, None for anyone else."""
    pk = getattr(user, "pk", None)
    if pk is None:
        return None
    if pk == match.player_a_id:
        return 0
    if pk == match.player_b_id:
        return 1
    return None


def can_play(user: Any) -> bool:
    """Anyone logged in may start a refereed match or challenge a player."""
    return bool(getattr(user, "is_authenticated", False))


def access_player(user: Any) -> Any:
    """``user``, if he may play; else NotAllowed."""
    if not can_play(user):
        raise NotAllowed(_("Log in to play."), code="play.login")
    return user


def access_seat(match: Match, user: Any) -> int:
    """The seat of ``user`` at ``match``; NotAllowed for anyone who is not one of its two players."""
    seat = seat_of(match, user)
    if seat is None:
        raise NotAllowed(_("Only the players of this match may act in it."), code="play.not_seated")
    return seat


def can_watch(match: Match, user: Any) -> bool:
    """Who may see a refereed match's table: its two players, each his own side (spectators: can_spectate)."""
    return seat_of(match, user) is not None


def can_spectate(match: Match, user: Any) -> bool:
    """Who may watch a refereed match as a spectator (public information only): anyone, a game outside a
    tournament or a tournament's feature table; its organisers, judges and staff, every table of it."""
    if match.tournament_id is None or match.featured:
        return True
    assert match.tournament is not None  # tournament_id is set
    return can_oversee(user, match.tournament)


def spectatable(user: Any, matches: QuerySet[Match]) -> QuerySet[Match]:
    """``matches`` narrowed to those ``user`` may watch (the query form of :func:`can_spectate`)."""
    if is_staff(user):
        return matches
    public = Q(tournament__isnull=True) | Q(featured=True)
    if getattr(user, "is_authenticated", False):
        return matches.filter(public | Q(tournament__organisers=user) | Q(tournament__judges=user)).distinct()
    return matches.filter(public)


def overseen_board_tables(user: Any) -> Q:
    """The filter, over board-game tables (``tables.Table``), of the tables of events ``user`` organises or
    judges (a pod's or a pairing's): they watch every one of them (``tables.access.can_spectate``)."""
    if not getattr(user, "is_authenticated", False):
        return Q(pk__in=[])
    q = Q()
    for link in ("event_match", "event_pod"):
        q |= Q(**{f"{link}__tournament__organisers": user}) | Q(**{f"{link}__tournament__judges": user})
    return q


def spectator_delay(match: Match, user: Any) -> int:
    """How many seconds behind the game a spectator's feed runs: the tournament's ``spectator_delay``,
    except for its organisers, judges and staff (0)."""
    tournament = match.tournament
    if tournament is None or not tournament.spectator_delay or can_oversee(user, tournament):
        return 0
    return int(tournament.spectator_delay)


def featured_board_tables() -> Q:
    """The filter, over board-game tables (``tables.Table``), of the tables of an event's feature tables (a
    wargame round's pairing or a pod the organisers featured, ``Match.featured``, ``Pod.featured``): anyone
    watches them, delayed as the event says (:func:`board_table_spectator_delay`)."""
    return Q(event_match__featured=True) | Q(event_pod__featured=True)


def event_of_board_table(table: Any) -> Any:
    """The event's pod or pairing played at a board-game table (``tables.Table``; it has ``tournament``, ``table``
    and ``featured``), or None for a table of no event."""
    for link in ("event_pod", "event_match"):
        try:
            return getattr(table, link)
        except ObjectDoesNotExist:
            continue
    return None


def board_table_spectator_delay(table: Any, user: Any) -> int:
    """Seconds behind the game a spectator watches a board-game table (``tables.Table``) of an event: its
    tournament's ``spectator_delay`` (a pod's or a pairing's table), except for its organisers, judges and staff
    (0); 0 for a table of no event."""
    event = event_of_board_table(table)
    tournament = event.tournament if event is not None else None
    if tournament is None or not tournament.spectator_delay or can_oversee(user, tournament):
        return 0
    return int(tournament.spectator_delay)


def access_spectated_match(user: Any, pk: Any) -> Match:
    """A refereed match the user may watch as a spectator (404 otherwise, as if it did not exist)."""
    try:
        match = _refereed(_id(pk))
    except ValueError:
        match = None
    if match is None or not can_spectate(match, user):
        raise Http404(_("There is no such match."))
    return match


def can_feature(user: Any, table: Match | Pod) -> bool:
    """The tournament's organisers (and staff) mark its feature tables: a pairing (``Match``) or a pod."""
    return table.tournament is not None and can_organise(user, table.tournament)


def can_see_logs(match: Match, user: Any) -> bool:
    """Who may ask for a refereed match's logs: its players, the tournament's judges and staff."""
    if seat_of(match, user) is not None or is_staff(user):
        return True
    return match.tournament is not None and match.tournament.is_judge(user)


def can_download_logs(match: Match, user: Any) -> bool:
    """Those who may see the logs, and only once the match is over (the seed stays secret until then)."""
    return match.is_finished and can_see_logs(match, user)


def _refereed(pk: Any) -> Match | None:
    """The match ``pk`` if it is refereed (one query, compiled once a process: every action reads it)."""
    try:
        key = int(pk)
    except (TypeError, ValueError):
        key = None
    if key is None:
        match = Match.objects.select_related("player_a", "player_b", "tournament").filter(pk=pk).first()
        return match if match is not None and RefereedMatch.objects.filter(match=match).exists() else None
    return _REFEREED.first(key)


_REFEREED = Prepared(
    lambda pk: (
        Match.objects.select_related("player_a", "player_b", "tournament")
        .filter(pk=pk, refereed__isnull=False)
        .order_by()[:1]
    ),
    0,
)


def can_accept_open_challenge(match: Match, user: Any) -> bool:
    """Anyone logged in but the challenger may take an open challenge of the lobby."""
    return can_play(user) and match.player_a_id != getattr(user, "pk", None)


def access_open_challenge(user: Any, pk: Any) -> Match:
    """An open challenge of the lobby the user may take (404 otherwise, e.g. taken or withdrawn)."""
    match = Match.objects.filter(pk=pk, refereed__is_open=True, player_b__isnull=True).first()
    if match is None or not can_accept_open_challenge(match, user):
        raise Http404(_("There is no such challenge."))
    return match


def access_refereed_match(user: Any, pk: Any) -> Match:
    """A refereed match whose table the user may see (404 for anyone else, as if it did not exist)."""
    match = _refereed(pk)
    if match is None or not can_watch(match, user):
        raise Http404(_("There is no such match."))
    return match


def access_match_logs(user: Any, pk: Any) -> Match:
    """A refereed match whose logs the user may ask for (players, judges, staff); 404 for others."""
    match = _refereed(pk)
    if match is None or not can_see_logs(match, user):
        raise Http404(_("There is no such match."))
    return match


def startable_matches(user: Any) -> QuerySet[Match]:
    """The user's published tournament matches between two registered decks that may still be played refereed."""
    return (
        Match.objects.filter(Q(player_a=user) | Q(player_b=user), refereed__isnull=True, tournament__isnull=False)
        .filter(registration_a__isnull=False, registration_b__isnull=False, player_b__isnull=False)
        .filter(status__in=[Match.Status.PENDING, Match.Status.PLAYING])
        .exclude(round__status=Round.Status.DRAFT)
    )


def access_match_to_start(user: Any, pk: Any) -> Match:
    """A tournament match the user may start refereed (404 otherwise)."""
    match = startable_matches(user).filter(pk=pk).first() if can_play(user) else None
    if match is None:
        raise Http404(_("There is no such match."))
    return match


class BoardTableEvents:
    """The events' answers about board-game tables (``tables.access.EventPolicy``), installed by ``matches.apps``."""

    def event_of(self, table: Any) -> Any:
        return event_of_board_table(table)

    def may_judge(self, user: Any) -> bool:
        return can_upload_logs(user)

    def watched_by(self, user: Any) -> Q:
        return featured_board_tables() | overseen_board_tables(user)

    def overseen_by(self, user: Any) -> Q:
        return overseen_board_tables(user)

    def spectator_delay(self, table: Any, user: Any) -> int:
        return board_table_spectator_delay(table, user)
