"""The tables REST API: a seat's view of its table (only its own observation) and acting.

Refusals come back in the site's one envelope (``junling.errors.Refused.envelope``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from junling.pages import valid_data
from tables import access, presenters, services


class TableActSerializer(serializers.Serializer):
    action = serializers.JSONField(help_text="The engine action's JSON form (one of legal_actions).")
    step = serializers.IntegerField(min_value=0, help_text="The table's step the action answers.")


_VIEW = inline_serializer(
    "TableView",
    {
        "pk": serializers.IntegerField(),
        "version": serializers.CharField(),
        "status": serializers.CharField(),
        "step": serializers.IntegerField(),
        "you": serializers.IntegerField(allow_null=True),
        "observation": serializers.DictField(required=False),
        "legal_actions": serializers.ListField(child=serializers.DictField(), required=False),
        "feed": serializers.ListField(child=serializers.DictField(), required=False),
        "clock": serializers.DictField(required=False, allow_null=True),
        "claim": serializers.CharField(required=False, allow_null=True),
        "delay": serializers.IntegerField(required=False),
    },
)


class TableView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=_VIEW, summary="A seat's view of a board-game table")
    def get(self, request: Request, pk: int) -> Response:
        table = access.access_table(request.user, pk)
        return Response(presenters.api_view(table, request.user, get_language() or "zh-hans"))


class TableActView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=TableActSerializer, responses=_VIEW, summary="Act at a board-game table")
    def post(self, request: Request, pk: int) -> Response:
        table = access.access_table(request.user, pk)
        data: dict[str, Any] = valid_data(TableActSerializer, request.data)
        services.do_act(request.user, table, data["action"], data["step"])
        table.refresh_from_db()
        return Response(presenters.api_view(table, request.user, get_language() or "zh-hans"))


class TableConcedeView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses=_VIEW, summary="Concede one's own seat at a board-game table")
    def post(self, request: Request, pk: int) -> Response:
        table = access.access_table(request.user, pk)
        services.do_concede(request.user, table, request.data.get("seat") if hasattr(request.data, "get") else None)
        table.refresh_from_db()
        return Response(presenters.api_view(table, request.user, get_language() or "zh-hans"))


class TableClaimView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses=_VIEW,
        summary=(
            "Claim a board-game table: another seat's clock ran out, or the seat to act has been gone 180 s "
            "(that seat loses as by concession)"
        ),
    )
    def post(self, request: Request, pk: int) -> Response:
        table = access.access_table(request.user, pk)
        services.do_claim(request.user, table)
        table.refresh_from_db()
        return Response(presenters.api_view(table, request.user, get_language() or "zh-hans"))


class TableWatchView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=_VIEW, summary="A spectator's view of a board-game table (public information only)")
    def get(self, request: Request, pk: int) -> Response:
        table = access.access_spectated_table(request.user, pk)
        return Response(presenters.watch_api_view(table, request.user, get_language() or "zh-hans"))
