"""Tournament running REST API: rounds, pairings, standings, report a result, the ratings leaderboard;
organiser endpoints to pair the next round and publish it.

Errors are the one envelope {"error": {"code", "message", "status", "params"}} with 400 (bad input or
state), 403 (not allowed), 404. No endpoint here returns a decklist. Routes are in matches/urls.py.
"""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.names import display_names_by_id
from accounts.serializers import PlayerNameField
from engine.systems import DEFAULT_SYSTEM
from junling.pages import InvalidInput, valid_data
from matches import access
from matches.models import Match, Pod, Rating, Round, Tournament
from matches.models.tournaments import system_choices
from matches.presenters import watch as watch_presenter
from matches.presenters.suggested_bid import suggested_bid_export
from matches.presenters.tournaments import final_placings, pairing_rows, visible_bids
from matches.services import rounds as services
from matches.services.ratings import leaderboard
from matches.services.results import report_result
from matches.services.scoring import scoring_of
from matches.services.spectators import do_feature_table
from matches.services.standings import latest_snapshot
from matches.services.wargame import do_enter_bid

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
    player_a_name = serializers.CharField(help_text="Player A's display name in the reader's language.")
    player_b_name = serializers.CharField(help_text="Player B's display name; empty for a bye or a missed round.")
    status = serializers.CharField()
    games_won_a = serializers.IntegerField()
    games_won_b = serializers.IntegerField()
    games_drawn = serializers.IntegerField()
    bye = serializers.BooleanField()
    missed = serializers.BooleanField()
    side_a = serializers.CharField(help_text="A two-sided wargame: player A's side (after the bids); else empty.")
    side_b = serializers.CharField(help_text="A two-sided wargame: player B's side; else empty.")
    vp_a = serializers.IntegerField(allow_null=True, help_text="A wargame: player A's victory points, once reported.")
    vp_b = serializers.IntegerField(allow_null=True, help_text="A wargame: player B's victory points, once reported.")
    bid_a = serializers.IntegerField(
        help_text="A wargame: VP player A gives up by the bid (set once both sealed bids are in, or reported)."
    )
    bid_b = serializers.IntegerField(help_text="A wargame: VP player B gives up by the bid.")


class StandingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.IntegerField()
    name = serializers.CharField(help_text="The player's user name.")
    shown = serializers.CharField(required=False, help_text="The player's display name in the reader's language.")
    points = serializers.IntegerField()
    mwp = serializers.FloatField()
    gwp = serializers.FloatField()
    omwp = serializers.FloatField()
    ogwp = serializers.FloatField()
    record = serializers.CharField()
    dropped = serializers.BooleanField()


class PlacingSerializer(serializers.Serializer):
    place = serializers.IntegerField(help_text="1 the champion, 2 the finalist, then the bracket's order.")
    name = serializers.CharField(help_text="The player's user name.")
    shown = serializers.CharField(help_text="His display name in the reader's language.")
    reached = serializers.CharField(help_text="The stage he reached, in the reader's language.")


class SuggestedBidSerializer(serializers.Serializer):
    first = serializers.CharField(help_text="The first side's code (the margins are its VP minus the second's).")
    second = serializers.CharField(help_text="The second side's code.")
    games = serializers.IntegerField(help_text="Finished games on this map the suggestion comes from.")
    enough = serializers.BooleanField(help_text="Whether there are at least min_games games (else: not enough).")
    min_games = serializers.IntegerField()
    mean_margin = serializers.FloatField(help_text="The first side's mean margin (the second's is its negative).")
    side = serializers.CharField(help_text="The side code the bid is for; empty for no bid.")
    bid = serializers.FloatField(help_text="The bid in VP that brings the sides to 50 % (the median margin).")
    low = serializers.FloatField(help_text="95 % interval of the first side's balancing bid: lower end.")
    high = serializers.FloatField(help_text="Its upper end.")


class ReportSerializer(serializers.Serializer):
    games_won_a = serializers.IntegerField(help_text="Games won by player A.", min_value=0, max_value=9)
    games_won_b = serializers.IntegerField(help_text="Games won by player B.", min_value=0, max_value=9)
    games_drawn = serializers.IntegerField(required=False, default=0, min_value=0, max_value=9)


class BidSerializer(serializers.Serializer):
    side = serializers.CharField(max_length=32, help_text="The side bid for (one of the game's sides).")
    vp = serializers.IntegerField(min_value=0, max_value=999, help_text="Victory points given up for it.")
    player = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=1,
        help_text="Whose bid (organisers, for a paper table); default: yours.",
    )


class BidSideSerializer(serializers.Serializer):
    entered = serializers.BooleanField(source="in")
    side = serializers.CharField(allow_null=True)
    vp = serializers.IntegerField(allow_null=True)


class BidsSerializer(serializers.Serializer):
    both = serializers.BooleanField(help_text="Both bids are in: the figures are shown.")
    a = BidSideSerializer()
    b = BidSideSerializer()


class PublishSerializer(serializers.Serializer):
    on_tables = serializers.BooleanField(
        default=False, help_text="Play the round on the site's refereed tables (board-game events with a map)."
    )


class FeatureSerializer(serializers.Serializer):
    match = serializers.IntegerField(required=False, min_value=1, max_value=2**63 - 1, help_text="A pairing's id.")
    pod = serializers.IntegerField(required=False, min_value=1, max_value=2**63 - 1, help_text="A pod's id.")
    featured = serializers.BooleanField(help_text="true: anyone may watch it; false: only the event's overseers.")

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        if ("match" in data) == ("pod" in data):
            raise serializers.ValidationError({"match": _("Name one table: a match or a pod.")})
        return data


class SpectatorTableSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["match", "pod"])
    id = serializers.IntegerField()
    table = serializers.IntegerField(allow_null=True)
    players = serializers.ListField(child=serializers.CharField())
    featured = serializers.BooleanField()
    watch = serializers.CharField(allow_null=True, help_text="The spectator's page, while the table is played.")


class SpectatorsSerializer(serializers.Serializer):
    spectator_delay = serializers.IntegerField()
    tables = SpectatorTableSerializer(many=True)


class PageSerializer(serializers.Serializer):
    page = serializers.IntegerField(required=False, default=1, min_value=1, max_value=10**9)
    page_size = serializers.IntegerField(required=False, default=100, min_value=1, max_value=MAX_PAGE)


class LeaderboardQuerySerializer(PageSerializer):
    game = serializers.ChoiceField(choices=system_choices(), required=False, default=DEFAULT_SYSTEM)


class MatchSerializer(serializers.ModelSerializer):
    player_a = serializers.CharField(source="player_a.username")
    player_b = serializers.CharField(source="player_b.username", allow_null=True, default=None)
    player_a_name = PlayerNameField(source="player_a")
    player_b_name = PlayerNameField(source="player_b", allow_null=True, default=None)
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
            "player_a_name",
            "player_b_name",
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
    player_name = PlayerNameField(source="player")

    class Meta:
        model = Rating
        fields = ["player", "player_name", "system", "mu", "sigma", "ordinal", "matches", "updated_at"]


def _tournament(request: Request, pk: Any) -> Tournament:
    return access.access_tournament(request.user, pk)


def _paged(request: Request, rows: Any) -> dict[str, Any]:
    query = valid_data(PageSerializer, request.query_params)
    paginator = Paginator(rows, query["page_size"])
    number = query["page"]
    if number > paginator.num_pages and number != 1:
        raise InvalidInput(
            _("'page' is 1 to %(pages)s, not %(n)s.") % {"pages": paginator.num_pages, "n": number},
            params={"fields": {"page": ["out of range"]}},
        )
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
        return Response(RoundSerializer(access.visible_rounds(request.user, tournament), many=True).data)


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
        rnd = access.access_round(request.user, tournament, number)
        paged = _paged(request, pairing_rows(rnd))
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
                "placings": PlacingSerializer(many=True),
                "champion": serializers.CharField(allow_null=True),
                "suggested_bid": SuggestedBidSerializer(
                    allow_null=True, help_text="A two-sided wargame's suggested bid for the map; null otherwise."
                ),
            },
        ),
        summary="The latest standings (MTR tiebreakers: MW%, GW%, OMW%, OGW%), the final placings and the champion",
    )
    def get(self, request: Request, pk: str) -> Response:
        tournament = _tournament(request, pk)
        snapshot = latest_snapshot(tournament)
        paged = _paged(request, snapshot.rows if snapshot else [])
        shown = display_names_by_id(r["player"] for r in paged["results"])
        paged["results"] = [{**r, "shown": shown.get(r["player"], r["name"])} for r in paged["results"]]
        placings = final_placings(tournament)
        return Response(
            {
                "round": snapshot.round_number if snapshot else 0,
                "computed_at": snapshot.computed_at if snapshot else None,
                **paged,
                "placings": PlacingSerializer(placings, many=True).data,
                "champion": placings[0]["name"] if placings else None,
                "suggested_bid": suggested_bid_export(tournament) if scoring_of(tournament).sided else None,
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
        match = access.access_report(request.user, access.access_match(request.user, match_id))
        data = valid_data(ReportSerializer, request.data)
        match = report_result(match, request.user, data["games_won_a"], data["games_won_b"], data["games_drawn"])
        match = Match.objects.select_related("round", "player_a", "player_b").get(pk=match.pk)
        return Response(MatchSerializer(match).data)


class BidAPI(APIView):
    """A wargame table's sealed bids for sides (issue 26): the same service and rules as the bid page."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={200: BidsSerializer}, summary="A table's sealed bids: which are in; figures once both are"
    )
    def get(self, request: Request, match_id: str) -> Response:
        match = access.access_match(request.user, match_id)
        return Response(BidsSerializer(visible_bids(match, request.user)).data)

    @extend_schema(
        request=BidSerializer,
        responses={200: BidsSerializer},
        summary="Enter a sealed bid (yours, or an organiser's for a player of a paper table)",
    )
    def post(self, request: Request, match_id: str) -> Response:
        match = access.access_match(request.user, match_id)
        data = valid_data(BidSerializer, request.data)
        player = int(data["player"] or request.user.pk or 0)
        match = do_enter_bid(match, request.user, player, data["side"], data["vp"])
        return Response(BidsSerializer(visible_bids(match, request.user)).data)


class PairNextRoundAPI(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={201: RoundSerializer}, summary="Organisers: pair the next round (a draft)")
    def post(self, request: Request, pk: str) -> Response:
        tournament = access.access_organised(request.user, _tournament(request, pk))
        rnd = services.pair_next_round(tournament, request.user)
        return Response(RoundSerializer(rnd).data, status=status.HTTP_201_CREATED)


class PublishRoundAPI(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=PublishSerializer, responses={200: RoundSerializer}, summary="Organisers: publish a draft round"
    )
    def post(self, request: Request, pk: str, number: str) -> Response:
        tournament = access.access_organised(request.user, _tournament(request, pk))
        on_tables = valid_data(PublishSerializer, request.data)["on_tables"]
        rnd = services.publish_round(
            access.access_round(request.user, tournament, number), request.user, on_tables=on_tables
        )
        return Response(RoundSerializer(rnd).data)


def _spectators(tournament: Tournament) -> dict[str, Any]:
    rows = watch_presenter.spectator_settings_context(tournament)["rows"]
    tables = [{k: row[k] for k in ("kind", "id", "table", "players", "featured", "watch")} for row in rows]
    return {"spectator_delay": tournament.spectator_delay, "tables": tables}


class SpectatorsAPI(APIView):
    """An organiser's feature tables: the tables being played now (pairings, pods) and which are featured."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: SpectatorsSerializer}, summary="Organisers: the tables and the feature tables")
    def get(self, request: Request, pk: str) -> Response:
        tournament = access.access_organised(request.user, _tournament(request, pk))
        return Response(_spectators(tournament))

    @extend_schema(
        request=FeatureSerializer,
        responses={200: SpectatorsSerializer},
        summary="Organisers: feature a table (anyone may watch it) or stop featuring it",
    )
    def post(self, request: Request, pk: str) -> Response:
        tournament = access.access_organised(request.user, _tournament(request, pk))
        data = valid_data(FeatureSerializer, request.data)
        table: Match | Pod
        if "match" in data:
            table = get_object_or_404(Match, pk=data["match"], tournament=tournament)
        else:
            table = get_object_or_404(Pod, pk=data["pod"], tournament=tournament)
        do_feature_table(request.user, table, data["featured"])
        return Response(_spectators(tournament))


class LeaderboardAPI(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[
            *PAGE_PARAMS,
            OpenApiParameter(
                "game", str, description="The game system (engine/systems.py); the card game if not given."
            ),
        ],
        responses=inline_serializer(
            "LeaderboardPage",
            fields={
                "count": serializers.IntegerField(),
                "page": serializers.IntegerField(),
                "pages": serializers.IntegerField(),
                "results": RatingSerializer(many=True),
            },
        ),
        summary="Ratings leaderboard of one game (OpenSkill ordinal, best first)",
    )
    def get(self, request: Request) -> Response:
        game = valid_data(LeaderboardQuerySerializer, request.query_params)["game"]
        paged = _paged(request, leaderboard(game))
        paged["results"] = RatingSerializer(paged["results"], many=True).data
        return Response(paged)
