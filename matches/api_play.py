"""The refereed-match REST API: a player's view of the table (only his observation), acting, conceding,
starting a bot match, and the signed logs once the match is over.

Anyone who is not a player of the match gets 404 (as if it did not exist); the logs are also open to
the tournament's judges and staff, and only after the match. Input is read by serializers; refusals
come back in the site's one envelope (``junling.errors.Refused.envelope``).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from decks.models import DeckVersion
from engine.game.actions import ACTION_KINDS
from engine.game.players import INTERACTIVE as BOTS
from junling.errors import NotAllowed, Refused
from matches import access
from matches.models import RefereedGame
from matches.presenters import play as presenter
from matches.services.play import acting, clock, lifecycle

_ERROR = inline_serializer(
    "PlayError",
    {
        "error": inline_serializer(
            "PlayErrorBody",
            {
                "code": serializers.CharField(),
                "message": serializers.CharField(),
                "status": serializers.IntegerField(),
                "params": serializers.DictField(help_text="For a refused action: rule, reason and stale."),
            },
        )
    },
)


class ActSerializer(serializers.Serializer):
    action = serializers.JSONField(help_text="The engine action's JSON form.")
    payment = serializers.ListField(
        child=serializers.CharField(), required=False, allow_null=True, help_text="The card ids (or names) chosen."
    )
    step = serializers.IntegerField(required=False, allow_null=True, min_value=0)

    def validate_action(self, value: Any) -> Any:
        """An engine action's JSON form of a kind a player may take (``ACTION_KINDS``, not chance)."""
        kind = value.get("type") if isinstance(value, dict) else None
        cls = ACTION_KINDS.get(kind) if isinstance(kind, str) else None
        if cls is None or cls.is_chance:
            raise serializers.ValidationError(
                _("Name an action a player may take (one of %(kinds)s).") % {"kinds": ", ".join(PLAYER_KINDS)}
            )
        return value


PLAYER_KINDS = [kind for kind, cls in ACTION_KINDS.items() if not cls.is_chance]


class BotMatchSerializer(serializers.Serializer):
    deck_version = serializers.IntegerField()
    bot = serializers.ChoiceField(choices=list(BOTS))
    best_of = serializers.ChoiceField(choices=list(lifecycle.BEST_OF), default=1)
    clock_total = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=clock.MIN_TOTAL,
        max_value=clock.MAX_TOTAL,
        help_text="Seconds each player has for a game (empty: no clock); the bot's clock runs while it thinks.",
    )
    clock_increment = serializers.IntegerField(
        required=False, default=0, min_value=0, max_value=clock.MAX_INCREMENT, help_text="Seconds added a turn."
    )

    def validate_deck_version(self, value: int) -> DeckVersion:
        user = self.context["request"].user
        version = DeckVersion.objects.select_related("deck", "card_database_version").filter(pk=value).first()
        if version is None or version.deck.owner_id != user.pk:
            raise serializers.ValidationError(_("Choose one of your decks (deck_version)."))
        return version


def _refused(exc: Refused) -> Response:
    return Response(exc.envelope(), status=exc.status)


def _invalid(serializer: serializers.Serializer) -> Response:
    errors = serializer.errors
    field, messages = next(iter(errors.items()))
    first = messages[0] if isinstance(messages, list) and messages else messages
    message = f"{field}: {first}" if field != "non_field_errors" else str(first)
    return _refused(Refused(message, code="invalid", params={"fields": errors}))


def _view(request: Request, match: Any) -> dict[str, Any]:
    return presenter.api_view(match, request.user, getattr(request, "LANGUAGE_CODE", "zh-hans"))


class PlayStateAPI(APIView):
    """GET: your view of the match: your observation, your legal actions (controls), your feed."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: OpenApiResponse(description="The player's view"), 404: None})
    def get(self, request: Request, pk: str) -> Response:
        return Response(_view(request, access.access_refereed_match(request.user, pk)))


class PlayActAPI(APIView):
    """POST {"action": {...engine action JSON...}, "payment": [ids], "step": N}: act in the match."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=ActSerializer,
        responses={200: OpenApiResponse(description="The player's view after acting"), 400: _ERROR, 409: _ERROR},
    )
    def post(self, request: Request, pk: str) -> Response:
        match = access.access_refereed_match(request.user, pk)
        serializer = ActSerializer(data=request.data)
        if not serializer.is_valid():
            return _invalid(serializer)
        data = serializer.validated_data
        try:
            acting.do_act(match, request.user, data["action"], step=data.get("step"), payment=data.get("payment"))
        except Refused as exc:
            return _refused(exc)
        match.refresh_from_db()
        return Response(_view(request, match))


class PlayConcedeAPI(APIView):
    """POST: concede the current game."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: OpenApiResponse(description="The view after conceding"), 409: _ERROR})
    def post(self, request: Request, pk: str) -> Response:
        match = access.access_refereed_match(request.user, pk)
        try:
            lifecycle.do_concede(match, request.user)
        except Refused as exc:
            return _refused(exc)
        match.refresh_from_db()
        return Response(_view(request, match))


class PlaySettleAPI(APIView):
    """POST: apply what is due (a response window that ran out, ruling G11); the view after it."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: OpenApiResponse(description="The player's view")})
    def post(self, request: Request, pk: str) -> Response:
        match = access.access_refereed_match(request.user, pk)
        acting.do_settle(match, request.user)
        match.refresh_from_db()
        return Response(_view(request, match))


class PlayBotAPI(APIView):
    """POST {"deck_version": id, "bot": "random"|"greedy"|"ismcts-1"…"ismcts-3", "best_of": 1|3, "clock_total": s,
    "clock_increment": s}: a match against a bot (``ismcts-3`` and any bot on a clock move in a task)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=BotMatchSerializer,
        responses={201: OpenApiResponse(description="The new match's view"), 400: _ERROR},
    )
    def post(self, request: Request) -> Response:
        serializer = BotMatchSerializer(data=request.data, context={"request": request})
        if not serializer.is_valid():
            return _invalid(serializer)
        data = serializer.validated_data
        try:
            match = lifecycle.do_start_bot_match(
                request.user,
                data["deck_version"],
                data["bot"],
                best_of=data["best_of"],
                clock_total=data.get("clock_total"),
                clock_increment=data["clock_increment"],
            )
        except Refused as exc:
            return _refused(exc)
        return Response(_view(request, match), status=status.HTTP_201_CREATED)


class PlayLogAPI(APIView):
    """GET: a game's signed log (junling-log/1), for players, judges and staff once the match is over."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: OpenApiResponse(description="The log (JSON)"), 403: _ERROR, 404: _ERROR})
    def get(self, request: Request, pk: str, number: str) -> Response | HttpResponse:
        match = access.access_match_logs(request.user, pk)
        if not access.can_download_logs(match, request.user):
            message = _("The logs of a match can be downloaded once the match is over.")
            return _refused(NotAllowed(message, code="play.log_not_yet"))
        row = RefereedGame.objects.select_related("log").filter(refereed_match__match=match, number=number).first()
        if row is None or row.log is None:
            return _refused(Refused(_("There is no such game."), code="play.no_game", status=404))
        return HttpResponse(row.log.content, content_type="application/json; charset=utf-8")
