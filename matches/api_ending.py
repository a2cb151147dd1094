"""The REST API of a game's ends outside the rules: draw offers (offer, accept, decline, withdraw), a claim
(a win on time, or by abandonment) and the presence signal; conceding is ``POST .../concede`` (``api_play``).

The same services the table's forms call (``matches.services.play.ending``), for the requesting user
only: each acts for the seat of ``request.user`` (``access.access_seat``); a user who is not a player of
the match gets 404, as if it did not exist (``access.access_refereed_match``). Every refusal comes back in
the site's one error envelope (``junling.api.exception_handler``).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from junling.api import ErrorSerializer
from matches import access
from matches.presenters import play as presenter
from matches.services.play import ending


class DrawSerializer(serializers.Serializer):
    verb = serializers.ChoiceField(
        choices=list(ending.DRAW_ANSWERS),
        help_text="offer (to the opponent), accept or decline (his offer), withdraw (your own offer).",
        error_messages={"invalid_choice": gettext_lazy("Say offer, accept, decline or withdraw.")},
    )


_VIEW = OpenApiResponse(description="The player's view after it (as GET /api/play/matches/<id>/ answers)")
_NOT_FOUND = OpenApiResponse(ErrorSerializer, description="Not a match of yours (as if it did not exist).")
_REFUSED = OpenApiResponse(
    ErrorSerializer,
    description="Refused (error.code: play.draw_bot, play.draw_pending, play.nothing_to_claim, play.not_started, "
    "invalid ...).",
)
_STALE = OpenApiResponse(
    ErrorSerializer, description="The game moved on (error.code: play.game_over, play.no_draw_offer): look again."
)


def _view(request: Request, match: Any) -> Response:
    match.refresh_from_db()
    return Response(presenter.api_view(match, request.user, getattr(request, "LANGUAGE_CODE", "zh-hans")))


class PlayDrawAPI(APIView):
    """POST {"verb": "offer"|"accept"|"decline"|"withdraw"}: a draw offer of the current game, for yourself.

    One offer at a time; it lapses when its maker acts; an accepted offer draws the game. Not against a bot.
    """

    permission_classes = [IsAuthenticated]

    @extend_schema(request=DrawSerializer, responses={200: _VIEW, 400: _REFUSED, 404: _NOT_FOUND, 409: _STALE})
    def post(self, request: Request, pk: str) -> Response:
        match = access.access_refereed_match(request.user, pk)
        serializer = DrawSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        ending.DRAW_ANSWERS[serializer.validated_data["verb"]](match, request.user)
        return _view(request, match)


class PlayClaimAPI(APIView):
    """POST: claim the current game: your opponent's clock ran out (a win on time), or he has been gone
    (no action, no presence signal) long enough (abandonment; never a bot). Refused otherwise."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: _VIEW, 400: _REFUSED, 404: _NOT_FOUND, 409: _STALE})
    def post(self, request: Request, pk: str) -> Response:
        match = access.access_refereed_match(request.user, pk)
        ending.do_claim(match, request.user)
        return _view(request, match)


class PlayPresentAPI(APIView):
    """POST: you are here (send it every 30 s while you play over the API without a websocket): your game
    cannot be claimed from you as abandoned. Actions count too."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None, 404: _NOT_FOUND})
    def post(self, request: Request, pk: str) -> Response:
        match = access.access_refereed_match(request.user, pk)
        ending.do_mark_present(match, request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
