"""factory_boy factories and builders for the matches tests: users, formats, tournaments, decks, matches.

Factories make rows directly (fast, any state); the builders at the bottom go through the services
(``running_tournament``: registered, locked decks and all), for tests that need what a real event has.
"""

from __future__ import annotations

import datetime
from typing import Any

import factory
from django.contrib.auth import get_user_model
from django.utils import timezone
from factory.django import DjangoModelFactory

from decks.models import DeckVersion, Format
from engine.cards import GENERALS_ORDER
from matches.models import Match, Round, Tournament
from matches.services import registration as registration_services
from matches.services.results import override_result
from tests.decks.factories import legal_text, make_card_database_version, make_deck


class UserFactory(DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"player{n}")

    @classmethod
    def _create(cls, model_class: Any, *args: Any, **kwargs: Any) -> Any:
        # No password: hashing one costs ~0.3 s per user; tests log in with force_login.
        manager = cls._get_manager(model_class)
        existing = manager.filter(username=kwargs["username"]).first()
        return existing or manager.create_user(*args, password=None, **kwargs)


class FormatFactory(DjangoModelFactory):
    """A Generals' Order format over one card-database version of the small sample set."""

    class Meta:
        model = Format
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"test-format-{n}")
    title = "Test format"
    title_zh = "测试赛制"
    game = GENERALS_ORDER
    ruleset = GENERALS_ORDER
    banlist: list[str] = []

    @factory.post_generation
    def versions(self, create: bool, extracted: Any, **kwargs: Any) -> None:
        if create:
            self.card_database_versions.set(list(extracted) if extracted else [make_card_database_version()])


class TournamentFactory(DjangoModelFactory):
    """A tournament open for registration (a day either side of now), organised by ``created_by``."""

    class Meta:
        model = Tournament
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Cup {n}")
    format = factory.SubFactory(FormatFactory)
    status = Tournament.Status.REGISTRATION
    registration_opens = factory.LazyFunction(lambda: timezone.now() - datetime.timedelta(days=1))
    registration_closes = factory.LazyFunction(lambda: timezone.now() + datetime.timedelta(days=1))
    created_by = factory.SubFactory(UserFactory)

    @factory.post_generation
    def organisers(self, create: bool, extracted: Any, **kwargs: Any) -> None:
        if create:
            self.organisers.set(list(extracted) if extracted else [self.created_by])

    @factory.post_generation
    def judges(self, create: bool, extracted: Any, **kwargs: Any) -> None:
        if create and extracted:
            self.judges.set(list(extracted))


class MatchFactory(DjangoModelFactory):
    """A casual match (no tournament) between two new players, pending."""

    class Meta:
        model = Match

    player_a = factory.SubFactory(UserFactory)
    player_b = factory.SubFactory(UserFactory)
    best_of = 3
    status = Match.Status.PENDING


def grant_rated_tournaments(user: Any) -> Any:
    """Give ``user`` the permission staff grant to create rated tournaments; returns the user, reloaded."""
    from django.contrib.auth.models import Permission

    user.user_permissions.add(
        Permission.objects.get(codename="add_rated_tournament", content_type__app_label="matches")
    )
    return get_user_model().objects.get(pk=user.pk)  # a fresh object: the permission cache is per object


def deck_version(player: Any, fmt: Format, text: str | None = None) -> DeckVersion:
    """A deck of ``player`` in ``fmt`` (legal unless ``text`` says otherwise): its latest version."""
    return make_deck(player, fmt, text or legal_text()).latest_version()


def running_tournament(
    players: int,
    *,
    structure: str = Tournament.Structure.SWISS,
    rounds: int = 0,
    top_cut: int = 0,
    best_of: int = 3,
    rated: bool = True,
) -> tuple[Tournament, Any, list[Any]]:
    """A started tournament with ``players`` registered (by themselves) through the services; (tournament,
    organiser, players). ``rated``: its organiser holds ``matches.add_rated_tournament`` and creates it rated."""
    fmt = FormatFactory()
    organiser = UserFactory()
    if rated:
        grant_rated_tournaments(organiser)
    tournament = registration_services.create_tournament(
        organiser, name="Cup", format=fmt, best_of=best_of, rated=rated
    )
    Tournament.objects.filter(pk=tournament.pk).update(structure=structure, planned_rounds=rounds, top_cut=top_cut)
    registration_services.open_registration(tournament, organiser)
    people = UserFactory.create_batch(players)
    for player in people:
        registration_services.register_deck(player, tournament, deck_version(player, fmt))
    registration_services.start_tournament(tournament, organiser)
    tournament.refresh_from_db()
    return tournament, organiser, people


def play_round(rnd: Round, organiser: Any) -> None:
    """Player A wins 2-0 at every table still open (entered by the organiser)."""
    for match in rnd.matches.exclude(status=Match.Status.FINISHED):
        override_result(match, organiser, 2, 0)


def stored_map_hash(system: str) -> str:
    """The content hash of ``system``'s bundled test map, stored as ``manage.py loadmaps`` stores it."""
    from boards.services.maps import ensure_test_maps
    from matches.services.board_maps import known_maps

    ensure_test_maps()
    return next(iter(known_maps(system)))


def pod_event(players: int, *, rounds: int = 3, system: str = "longhu") -> tuple[Tournament, Any, list[Any]]:
    """A started board-game event of ``system`` (no decks; the bundled test map) with ``players`` who joined
    by themselves; (tournament, organiser, players)."""
    organiser = UserFactory()
    tournament = registration_services.create_tournament(
        organiser, name="龙虎杯", format=None, system=system, map_hash=stored_map_hash(system)
    )
    Tournament.objects.filter(pk=tournament.pk).update(planned_rounds=rounds)
    registration_services.open_registration(tournament, organiser)
    people = UserFactory.create_batch(players)
    for player in people:
        registration_services.join_event(player, tournament)
    registration_services.start_tournament(tournament, organiser)
    tournament.refresh_from_db()
    return tournament, organiser, people


def play_pods(rnd: Round, organiser: Any) -> None:
    """Every open pod of the round reported by the organiser: seat order is placement; regions 8, 6, 4, 2."""
    from matches.services.pods import report_pod

    for pod in rnd.pods.exclude(status="finished"):
        seats = list(pod.seats.order_by("seat"))
        report_pod(pod, organiser, {s.player_id: (k, 10 - 2 * k) for k, s in enumerate(seats, start=1)})


def event_floor(players: int = 4, *, judges: int = 2) -> tuple[Tournament, Any, list[Any], list[Any], Round]:
    """A running Swiss event with round 1 published and ``judges`` judges: (tournament, organiser (its head
    judge), judges, players, round). The judge calls of issue 27 are made at its tables."""
    from matches.services import rounds as round_services

    tournament, organiser, people = running_tournament(players)
    staff = UserFactory.create_batch(judges)
    tournament.judges.set(staff)
    rnd = round_services.publish_round(round_services.pair_next_round(tournament, organiser), organiser)
    return tournament, organiser, staff, people, rnd


def make_judge_call(rnd: Round, *, table: int = 1, reason: str = "") -> Any:
    """A call from player A of the round's ``table``, through the service."""
    from matches.services.judge_calls import do_call_judge

    match = rnd.matches.get(table=table)
    return do_call_judge(match.player_a, match, reason)


def published_round_in_bulk(players: int, organiser: Any) -> tuple[Tournament, Round]:
    """A running tournament of ``players`` players, each with a profile (a display name), whose first round
    is published with a table for each pair: rows made in bulk (a thousand players in well under a second),
    for tests that count a page's queries at scale. No decks (the pairings pages never read them)."""
    from accounts.models import Profile

    User = get_user_model()
    prefix = f"bulk{User.objects.count()}-"
    User.objects.bulk_create([User(username=f"{prefix}{i:05d}", password="!") for i in range(players)])
    people = list(User.objects.filter(username__startswith=prefix).order_by("username"))
    Profile.objects.bulk_create([Profile(user=u, display_name=f"显名{u.username[-5:]}") for u in people])
    now = timezone.now()
    tournament = TournamentFactory(status=Tournament.Status.RUNNING, started_at=now, created_by=organiser)
    tournament.organisers.add(organiser)
    rnd = Round.objects.create(tournament=tournament, number=1, status=Round.Status.PUBLISHED, published_at=now)
    Match.objects.bulk_create(
        [
            Match(tournament=tournament, round=rnd, table=t + 1, player_a=people[2 * t], player_b=people[2 * t + 1])
            for t in range(players // 2)
        ]
    )
    return tournament, rnd


def bidding_round_on_a_played_map(finished: int, *, margin: int = 3) -> tuple[Tournament, Any, Match]:
    """A published round 1 of a 文禄朝鲜之役 event with bids, and ``finished`` finished games on its map (Japan
    by ``margin`` VP, played half with Japan as A, half as B) in another event on the same map."""
    war, organiser, _ = pod_event(4, rounds=2, system="wenlu")
    Tournament.objects.filter(pk=war.pk).update(side_bids=True)
    war.refresh_from_db()
    other, _, _ = pod_event(2, rounds=1, system="wenlu")
    for k in range(finished):
        japan_a = k % 2 == 0
        MatchFactory(
            tournament=other,
            status=Match.Status.FINISHED,
            best_of=1,
            side_a="japan" if japan_a else "allies",
            vp_a=10 + margin if japan_a else 10,
            vp_b=10 if japan_a else 10 + margin,
        )
    from matches.services import rounds as round_services

    rnd = round_services.pair_next_round(war, organiser)
    round_services.publish_round(rnd, organiser)
    return war, organiser, rnd.matches.order_by("table").first()
