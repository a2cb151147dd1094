"""The refereed-match REST API: a player's view of the table (only his observation), acting, conceding,
starting a bot match, and the signed logs once the match is over.

Anyone who is not a player of the match gets 404 (as if it did not exist); the logs are also open to
the tournament's judges and staff, and only after the match.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.urls import re_path
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from decks.models import DeckVersion
from matches.models import RefereedGame
from matches.services import play as services
from matches.services.play import ActionRefused, PlayRefused

_ERROR = inline_serializer(
    "PlayError",
    {
        "error": inline_serializer(
            "PlayErrorBody",
            {"message": serializers.CharField(), "rule": serializers.CharField(), "stale": serializers.BooleanField()},
        )
    },
)


def _view(request: Request, match: Any) -> dict[str, Any]:
    view = services.player_view(match, request.user, getattr(request, "LANGUAGE_CODE", "zh-hans"))
    view.pop("board", None)  # the page's arrangement; the observation holds the same
    return view


def _refused(exc: ActionRefused) -> Response:
    code = status.HTTP_409_CONFLICT if exc.stale else status.HTTP_400_BAD_REQUEST
    return Response({"error": {"message": exc.reason, "rule": exc.rule, "stale": exc.stale}}, status=code)


class PlayStateAPI(APIView):
    """GET: your view of the match: your observation, your legal actions (controls), your feed."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: OpenApiResponse(description="The player's view"), 404: None})
    def get(self, request: Request, pk: str) -> Response:
        return Response(_view(request, services.get_match_for_player(request.user, pk)))


class PlayActAPI(APIView):
    """POST {"action": {...engine action JSON...}, "payment": [ids], "step": N}: act in the match."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=inline_serializer(
            "PlayAct",
            {
                "action": serializers.JSONField(),
                "payment": serializers.ListField(child=serializers.IntegerField(), required=False),
                "step": serializers.IntegerField(required=False),
            },
        ),
        responses={200: OpenApiResponse(description="The player's view after acting"), 400: _ERROR, 409: _ERROR},
    )
    def post(self, request: Request, pk: str) -> Response:
        match = services.get_match_for_player(request.user, pk)
        data = request.data if isinstance(request.data, dict) else {}
        payment = data.get("payment")
        if payment is not None and not isinstance(payment, list):
            return _refused(ActionRefused(_("payment is a list of card ids.")))
        try:
            services.act(match, request.user, data.get("action"), step=data.get("step"), payment=payment)
        except ActionRefused as exc:
            return _refused(exc)
        except PermissionDenied as exc:
            return Response({"error": {"message": str(exc), "rule": "", "stale": False}}, status=403)
        match.refresh_from_db()
        return Response(_view(request, match))


class PlayConcedeAPI(APIView):
    """POST: concede the current game."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: OpenApiResponse(description="The view after conceding"), 409: _ERROR})
    def post(self, request: Request, pk: str) -> Response:
        match = services.get_match_for_player(request.user, pk)
        try:
            services.concede(match, request.user)
        except ActionRefused as exc:
            return _refused(exc)
        match.refresh_from_db()
        return Response(_view(request, match))


class PlayBotAPI(APIView):
    """POST {"deck_version": id, "bot": "random"|"greedy", "best_of": 1|3}: a match against a bot."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=inline_serializer(
            "PlayBot",
            {
                "deck_version": serializers.IntegerField(),
                "bot": serializers.ChoiceField(choices=["random", "greedy"]),
                "best_of": serializers.IntegerField(required=False),
            },
        ),
        responses={201: OpenApiResponse(description="The new match's view"), 400: _ERROR},
    )
    def post(self, request: Request) -> Response:
        data = request.data if isinstance(request.data, dict) else {}
        version = DeckVersion.objects.select_related("deck").filter(pk=_int(data.get("deck_version"))).first()
        try:
            if version is None or version.deck.owner_id != request.user.pk:
                raise PlayRefused(_("Choose one of your decks (deck_version)."))
            match = services.start_bot_match(
                request.user, version, str(data.get("bot", "")), best_of=_int(data.get("best_of")) or 1
            )
        except PlayRefused as exc:
            return Response({"error": {"message": exc.message, "rule": "", "stale": False}}, status=400)
        return Response(_view(request, match), status=status.HTTP_201_CREATED)


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


class PlayLogAPI(APIView):
    """GET: a game's signed log (junling-log/1), for players, judges and staff once the match is over."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: OpenApiResponse(description="The log (JSON)"), 403: _ERROR, 404: None})
    def get(self, request: Request, pk: str, number: str) -> Response | HttpResponse:
        match = services.get_match_for_log(request.user, pk)
        if not services.can_download_logs(match, request.user):
            message = _("The logs of a match can be downloaded once the match is over.")
            return Response({"error": {"message": message, "rule": "", "stale": False}}, status=403)
        row = RefereedGame.objects.select_related("log").filter(refereed_match__match=match, number=number).first()
        if row is None or row.log is None:
            return Response({"error": {"message": _("There is no such game."), "rule": "", "stale": False}}, 404)
        return HttpResponse(row.log.content, content_type="application/json; charset=utf-8")


urlpatterns = [
    re_path(r"^api/play/bot/?$", PlayBotAPI.as_view(), name="api-play-bot"),
    re_path(r"^api/play/matches/(?P<pk>[0-9]{1,18})/?$", PlayStateAPI.as_view(), name="api-play-state"),
    re_path(r"^api/play/matches/(?P<pk>[0-9]{1,18})/act/?$", PlayActAPI.as_view(), name="api-play-act"),
    re_path(r"^api/play/matches/(?P<pk>[0-9]{1,18})/concede/?$", PlayConcedeAPI.as_view(), name="api-play-concede"),
    re_path(
        r"^api/play/matches/(?P<pk>[0-9]{1,18})/games/(?P<number>[0-9]{1,4})/log/?$",
        PlayLogAPI.as_view(),
        name="api-play-log",
    ),
]
