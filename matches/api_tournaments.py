"""Tournament running REST API: rounds, pairings, standings, report a result, the ratings leaderboard;
organiser endpoints to pair the next round and publish it.

Errors are {"error": {"message": ...}} with 400 (bad input or state), 403 (not allowed), 404.
No endpoint here returns a decklist.
"""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.http import Http404
from django.urls import re_path
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from matches.models import Match, Rating, Round, Tournament
from matches.services import rounds as services
from matches.services.results import ResultRefused, report_result
from matches.services.rounds import RoundError, can_judge, can_organise
from matches.services.standings import latest_snapshot
from matches.views import _visible
from matches.views_tournaments import pairing_rows

MAX_PAGE = 1000
PAGE_PARAMS = [
    OpenApiParameter("page", int, description="Page number from 1."),
    OpenApiParameter("page_size", int, description=f"Rows per page, at most {MAX_PAGE} (default 100)."),
]


class RoundSerializer(serializers.ModelSerializer):
    # Plain strings: choice enums named "kind"/"status" collide with other apps' in the schema.
    kind = serializers.CharField(help_text="swiss, round_robin, elimination or top_cut.")
    status = serializers.CharField(help_text="draft (pairings under review), published or finished.")

    class Meta:
        model = Round
        fields = ["number", "kind", "status", "created_at", "published_at", "finished_at", "notes"]


class PairingSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    player_a = serializers.CharField()
    player_b = serializers.CharField(help_text="Empty for a bye or a missed round.")
    status = serializers.CharField()
    games_won_a = serializers.IntegerField()
    games_won_b = serializers.IntegerField()
    games_drawn = serializers.IntegerField()
    bye = serializers.BooleanField()
    missed = serializers.BooleanField()


class StandingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.IntegerField()
    mwp = serializers.FloatField()
    gwp = serializers.FloatField()
    omwp = serializers.FloatField()
    ogwp = serializers.FloatField()
    record = serializers.CharField()
    dropped = serializers.BooleanField()


class ReportSerializer(serializers.Serializer):
    games_won_a = serializers.IntegerField(help_text="Games won by player A.")
    games_won_b = serializers.IntegerField(help_text="Games won by player B.")
    games_drawn = serializers.IntegerField(required=False, default=0)


class MatchSerializer(serializers.ModelSerializer):
    player_a = serializers.CharField(source="player_a.username")
    player_b = serializers.CharField(source="player_b.username", allow_null=True, default=None)
    round = serializers.IntegerField(source="round.number", allow_null=True, default=None)
    status = serializers.CharField(help_text="pending, playing, reported, disputed or finished.")
    result_source = serializers.CharField(help_text="refereed, reported, organiser, judge, bye, missed or empty.")

    class Meta:
        model = Match
        fields = [
            "id",
            "round",
            "table",
            "player_a",
            "player_b",
            "status",
            "games_won_a",
            "games_won_b",
            "games_drawn",
            "is_bye",
            "result_source",
            "finished_at",
        ]


class RatingSerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="player.username")

    class Meta:
        model = Rating
        fields = ["player", "mu", "sigma", "ordinal", "matches", "updated_at"]


def _error(message: str, code: int = status.HTTP_400_BAD_REQUEST) -> Response:
    return Response({"error": {"message": message}}, status=code)


def _tournament(request: Request, pk: Any) -> Tournament:
    tournament = _visible(request.user).filter(pk=pk).first()
    if tournament is None:
        raise Http404(_("There is no such tournament."))
    return tournament


def _round(request: Request, tournament: Tournament, number: Any) -> Round:
    rnd = Round.objects.filter(tournament=tournament, number=number).first()
    if rnd is None or (
        rnd.status == Round.Status.DRAFT
        and not (can_organise(request.user, tournament) or can_judge(request.user, tournament))
    ):
        raise Http404(_("There is no such round."))
    return rnd


def _paged(request: Request, rows: Any) -> dict[str, Any] | Response:
    raw_page, raw_size = request.query_params.get("page", "1"), request.query_params.get("page_size", "100")
    if not raw_page.isdigit() or not raw_size.isdigit() or len(raw_page) > 9 or len(raw_size) > 9:
        return _error("'page' and 'page_size' must be whole numbers.")
    size = int(raw_size)
    if not 1 <= size <= MAX_PAGE:
        return _error(f"'page_size' is 1 to {MAX_PAGE}, not {size}.")
    paginator = Paginator(rows, size)
    number = int(raw_page)
    if number < 1 or (number > paginator.num_pages and number != 1):
        return _error(f"'page' is 1 to {paginator.num_pages}, not {number}.")
    page = paginator.page(number) if paginator.count else None
    return {
        "count": paginator.count,
        "page": number,
        "pages": paginator.num_pages,
        "results": list(page.object_list) if page else [],
    }


class RoundListAPI(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=RoundSerializer(many=True), summary="A tournament's rounds (drafts only to organisers)")
    def get(self, request: Request, pk: str) -> Response:
        tournament = _tournament(request, pk)
        rounds = tournament.rounds.order_by("number")
        if not (can_organise(request.user, tournament) or can_judge(request.user, tournament)):
            rounds = rounds.exclude(status=Round.Status.DRAFT)
        return Response(RoundSerializer(rounds, many=True).data)


class PairingsAPI(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=PAGE_PARAMS,
        responses=inline_serializer(
            "PairingsPage",
            fields={
                "round": RoundSerializer(),
                "count": serializers.IntegerField(),
                "page": serializers.IntegerField(),
                "pages": serializers.IntegerField(),
                "results": PairingSerializer(many=True),
            },
        ),
        summary="A round's pairings and results, by table",
    )
    def get(self, request: Request, pk: str, number: str) -> Response:
        tournament = _tournament(request, pk)
        rnd = _round(request, tournament, number)
        paged = _paged(request, pairing_rows(rnd))
        if isinstance(paged, Response):
            return paged
        return Response({"round": RoundSerializer(rnd).data, **paged})


class StandingsAPI(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=PAGE_PARAMS,
        responses=inline_serializer(
            "StandingsPage",
            fields={
                "round": serializers.IntegerField(),
                "computed_at": serializers.DateTimeField(allow_null=True),
                "count": serializers.IntegerField(),
                "page": serializers.IntegerField(),
                "pages": serializers.IntegerField(),
                "results": StandingRowSerializer(many=True),
            },
        ),
        summary="The latest standings (MTR tiebreakers: MW%, GW%, OMW%, OGW%)",
    )
    def get(self, request: Request, pk: str) -> Response:
        tournament = _tournament(request, pk)
        snapshot = latest_snapshot(tournament)
        paged = _paged(request, snapshot.rows if snapshot else [])
        if isinstance(paged, Response):
            return paged
        return Response(
            {
                "round": snapshot.round_number if snapshot else 0,
                "computed_at": snapshot.computed_at if snapshot else None,
                **paged,
            }
        )


class ReportAPI(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=ReportSerializer,
        responses={200: MatchSerializer},
        summary="Report your match's result (both players must agree; a disagreement goes to a judge)",
    )
    def post(self, request: Request, match_id: str) -> Response:
        match = Match.objects.select_related("round", "tournament", "player_a", "player_b").filter(pk=match_id).first()
        if match is None or (
            match.tournament_id and not _visible(request.user).filter(pk=match.tournament_id).exists()
        ):
            raise Http404(_("There is no such match."))
        data = request.data if hasattr(request.data, "get") else {}
        for key in ("games_won_a", "games_won_b"):
            if key not in data:
                return _error(f"Give {key!r}.")
        try:
            match = report_result(
                match, request.user, data.get("games_won_a"), data.get("games_won_b"), data.get("games_drawn", 0)
            )
        except (ResultRefused, RoundError) as exc:
            return _error(str(exc))
        match = Match.objects.select_related("round", "player_a", "player_b").get(pk=match.pk)
        return Response(MatchSerializer(match).data)


class PairNextRoundAPI(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={201: RoundSerializer}, summary="Organisers: pair the next round (a draft)")
    def post(self, request: Request, pk: str) -> Response:
        tournament = _tournament(request, pk)
        try:
            rnd = services.pair_next_round(tournament, request.user)
        except RoundError as exc:
            return _error(str(exc))
        return Response(RoundSerializer(rnd).data, status=status.HTTP_201_CREATED)


class PublishRoundAPI(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: RoundSerializer}, summary="Organisers: publish a draft round")
    def post(self, request: Request, pk: str, number: str) -> Response:
        tournament = _tournament(request, pk)
        if not can_organise(request.user, tournament):
            return _error("Only the tournament's organisers may do this.", status.HTTP_403_FORBIDDEN)
        rnd = _round(request, tournament, number)
        try:
            rnd = services.publish_round(rnd, request.user)
        except RoundError as exc:
            return _error(str(exc))
        return Response(RoundSerializer(rnd).data)


class LeaderboardAPI(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=PAGE_PARAMS,
        responses=inline_serializer(
            "LeaderboardPage",
            fields={
                "count": serializers.IntegerField(),
                "page": serializers.IntegerField(),
                "pages": serializers.IntegerField(),
                "results": RatingSerializer(many=True),
            },
        ),
        summary="Ratings leaderboard (OpenSkill ordinal, best first)",
    )
    def get(self, request: Request) -> Response:
        board = Rating.objects.select_related("player").order_by("-ordinal", "player_id")
        paged = _paged(request, board)
        if isinstance(paged, Response):
            return paged
        paged["results"] = RatingSerializer(paged["results"], many=True).data
        return Response(paged)


ID = r"(?P<pk>[0-9]{1,18})"
NUMBER = r"(?P<number>[0-9]{1,5})"

urlpatterns = [
    re_path(rf"^api/tournaments/{ID}/rounds/?$", RoundListAPI.as_view(), name="api-rounds"),
    re_path(rf"^api/tournaments/{ID}/rounds/{NUMBER}/pairings/?$", PairingsAPI.as_view(), name="api-pairings"),
    re_path(rf"^api/tournaments/{ID}/rounds/{NUMBER}/publish/?$", PublishRoundAPI.as_view(), name="api-publish"),
    re_path(rf"^api/tournaments/{ID}/pair/?$", PairNextRoundAPI.as_view(), name="api-pair"),
    re_path(rf"^api/tournaments/{ID}/standings/?$", StandingsAPI.as_view(), name="api-standings"),
    re_path(r"^api/matches/(?P<match_id>[0-9]{1,18})/report/?$", ReportAPI.as_view(), name="api-report"),
    re_path(r"^api/ratings/?$", LeaderboardAPI.as_view(), name="api-ratings"),
]
