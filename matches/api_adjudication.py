"""The adjudication REST API: a judge uploads a log; the adjudication's status and verdict.

The verdict is what the verdict page shows, as JSON (``docs/log-format.md``, "The verdict"), with
``trust`` and, for a log that claims a match of this site, ``record``: its comparison with the
match's stored log, players and registered decks, every difference a message (``code``, ``params``,
``message`` in English). Only those who may see an adjudication get it (404 otherwise).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from junling.api import ErrorSerializer
from matches import access
from matches.models import Adjudication
from matches.services import adjudication as services


class AdjudicationSerializer(serializers.ModelSerializer):
    percent = serializers.IntegerField(read_only=True)
    match = serializers.IntegerField(source="match_id", read_only=True, allow_null=True)
    game = serializers.IntegerField(source="game_id", read_only=True, allow_null=True)
    log = serializers.CharField(source="log.sha256", read_only=True)
    trust = serializers.SerializerMethodField(
        help_text="authentic, matches record, differs from record, tampered or unverified (null until done)."
    )

    class Meta:
        model = Adjudication
        fields = ["id", "status", "percent", "ok", "trust", "log", "match", "game", "verdict"]

    def get_trust(self, adjudication: Adjudication) -> str | None:
        verdict: dict[str, Any] = adjudication.verdict or {}
        value = verdict.get("trust")
        return str(value) if value is not None else None


class LogUploadSerializer(serializers.Serializer):
    log = serializers.FileField(help_text=f"A game log (UTF-8 JSON), at most {services.MAX_LOG_UPLOAD_BYTES:,} bytes.")


class AdjudicationUploadAPI(APIView):
    """A judge uploads a log: 201 with a new adjudication (its replay queued), 200 with the stored one."""

    throttle_scope = "upload"
    permission_classes = [IsAuthenticated]
    parser_classes = [MultiPartParser, FormParser]

    def check_permissions(self, request: Request) -> None:
        super().check_permissions(request)
        access.access_upload(request.user)

    @extend_schema(
        request=LogUploadSerializer,
        responses={
            201: AdjudicationSerializer,
            200: AdjudicationSerializer,
            400: OpenApiResponse(ErrorSerializer, description="Not a log file: what is wrong and where."),
            403: OpenApiResponse(ErrorSerializer, description="Only judges and staff upload logs."),
            413: OpenApiResponse(ErrorSerializer, description="The file is over the size limit."),
        },
        summary="Upload a game log for adjudication",
    )
    def post(self, request: Request) -> Response:
        serializer = LogUploadSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        upload = serializer.validated_data["log"]
        if upload.size is not None and upload.size > services.MAX_LOG_UPLOAD_BYTES:
            raise services.AdjudicationRefused(
                services.too_big_message(upload.size), code="adjudication.too_big", status=413
            )
        before = Adjudication.objects.count()
        adjudication = services.upload_log(request.user, upload.read(services.MAX_LOG_UPLOAD_BYTES + 1))
        adjudication.refresh_from_db()  # an in-process replay (no broker) may have finished it
        code = status.HTTP_201_CREATED if Adjudication.objects.count() > before else status.HTTP_200_OK
        return Response(AdjudicationSerializer(adjudication).data, status=code)


class AdjudicationDetailAPI(APIView):
    """An adjudication: its status and, once done, the verdict (with the comparison with the claimed match)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={200: AdjudicationSerializer, 404: OpenApiResponse(ErrorSerializer, description="No such one.")},
        summary="An adjudication and its verdict",
    )
    def get(self, request: Request, pk: str) -> Response:
        adjudication = access.access_adjudication(request.user, pk)
        return Response(AdjudicationSerializer(adjudication).data)
