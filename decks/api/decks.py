"""Deck REST API: check a decklist without saving; create, read, update (= new version) and delete decks.

Errors are JSON with status 400: ``{"error": {"line": n, "message": "..."}}`` for an unreadable decklist,
``{"error": {"message": "..."}, ...verdict}`` for a deck that cannot be saved.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied, SuspiciousOperation
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.exceptions import ParseError
from rest_framework.parsers import BaseParser, FormParser, MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from decks.models import Deck, DeckVersion, Format
from decks.services import decks as deck_services
from decks.services.decks import DeckInUse, DecklistUnreadable, DeckRefused
from junling.parsers import SafeJSONParser

KINDS = ("auto", "text", "json", "csv")


class CheckRequestSerializer(serializers.Serializer):
    decklist = serializers.CharField(
        required=False, allow_blank=True, trim_whitespace=False, help_text="The decklist text (text, JSON or CSV)."
    )
    file = serializers.FileField(required=False, help_text="Or upload the decklist file (multipart).")
    format = serializers.CharField(required=False, allow_blank=True, help_text="Format name; default: the default.")
    card_database = serializers.CharField(
        required=False, allow_blank=True, help_text="Card-database version id or content hash; default: the format's."
    )
    kind = serializers.ChoiceField(choices=KINDS, required=False, default="auto")


class ErrorSerializer(serializers.Serializer):
    error = inline_serializer(
        "DecklistError", fields={"line": serializers.IntegerField(), "message": serializers.CharField()}
    )


class ViolationSerializer(serializers.Serializer):
    code = serializers.CharField()
    rule = serializers.CharField()
    cards = serializers.ListField(child=serializers.CharField())
    message = serializers.CharField()
    message_zh = serializers.CharField()


CHECK_RESULT = inline_serializer(
    "CheckResult",
    fields={
        "legal": serializers.BooleanField(),
        "violations": ViolationSerializer(many=True),
        "warnings": ViolationSerializer(many=True),
        "count": serializers.IntegerField(),
        "pool_count": serializers.IntegerField(),
        "factions": serializers.ListField(child=serializers.CharField()),
        "declared_factions": serializers.ListField(child=serializers.CharField()),
        "hand_limit": serializers.IntegerField(allow_null=True),
        "by_type": serializers.DictField(child=serializers.IntegerField()),
        "by_faction": serializers.DictField(child=serializers.IntegerField()),
        "cost_curve": serializers.DictField(child=serializers.IntegerField()),
        "format": serializers.CharField(),
        "card_database": serializers.CharField(),
    },
)


def unreadable(exc: DecklistUnreadable) -> Response:
    return Response({"error": exc.to_dict()}, status=status.HTTP_400_BAD_REQUEST)


def refused(exc: DeckRefused) -> Response:
    body: dict[str, Any] = {"error": {"line": 0, "message": exc.message}}
    if exc.result is not None:
        body.update(exc.result.to_dict())
    return Response(body, status=status.HTTP_400_BAD_REQUEST)


class DecklistTextParser(BaseParser):
    """A bare decklist body (``Content-Type: text/plain``): the bytes go to the engine, which decodes them."""

    media_type = "text/plain"

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        from engine.decklist import MAX_BYTES

        return {"__raw__": stream.read(MAX_BYTES + 1) if stream is not None else b""}


def load_body(request: Request) -> None:
    """Parse the body now, so that a body over Django's size limits is a clear 400, not a 500."""
    try:
        request.data  # noqa: B018
    except SuspiciousOperation as exc:
        raise DecklistUnreadable(str(exc) or "The request is too large.") from None


def _source(request: Request) -> tuple[str | bytes, str]:
    load_body(request)
    upload = request.FILES.get("file") if hasattr(request, "FILES") else None
    if upload is not None:
        return deck_services.read_upload(upload), upload.name or "<upload>"
    data = request.data if isinstance(request.data, dict) else {}
    if "__raw__" in data:
        return data["__raw__"], "<decklist>"
    value = data.get("decklist", "")
    if not isinstance(value, str):
        raise DeckRefused("'decklist' must be text.")
    return value, "<decklist>"


QUERY_NAMES = {"format": "deck_format"}
"""Query-string names of body fields (for a bare text body); ?format= is DRF's renderer switch."""


def _field(request: Request, key: str) -> str | None:
    data = request.data if hasattr(request.data, "get") else {}
    value = data.get(key)
    if value in (None, ""):
        value = request.query_params.get(QUERY_NAMES.get(key, key))
    if value in (None, ""):
        return None
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        raise DeckRefused(f"{key!r} must be text.")
    return str(value)


class DeckCheckAPI(APIView):
    """Check a decklist's legality without saving anything."""

    authentication_classes: list = []  # nothing is saved: no session lookup on this hot path
    permission_classes = [AllowAny]
    parser_classes = [SafeJSONParser, MultiPartParser, FormParser, DecklistTextParser]

    @extend_schema(
        request={
            "application/json": CheckRequestSerializer,
            "multipart/form-data": CheckRequestSerializer,
            "text/plain": OpenApiTypes.STR,
        },
        parameters=[
            OpenApiParameter("deck_format", str, description="Format name, for a text/plain body."),
            OpenApiParameter("card_database", str, description="Card-database version id or hash (text/plain)."),
            OpenApiParameter("kind", str, enum=KINDS, description="Decklist form, for a text/plain body."),
        ],
        responses={
            200: OpenApiResponse(CHECK_RESULT, description="The verdict (legal or not)."),
            400: OpenApiResponse(ErrorSerializer, description="The decklist cannot be read."),
        },
        summary="Check a decklist (no save)",
    )
    def post(self, request: Request) -> Response:
        try:
            source, filename = _source(request)
            kind = _field(request, "kind") or "auto"
            if kind not in KINDS:
                raise DeckRefused(f"'kind' must be one of {', '.join(KINDS)}.")
            format_name = _field(request, "format")
            if format_name is not None and len(format_name) > 64:
                raise DeckRefused("Unknown format (the name is too long).")
            checked = deck_services.check_decklist_cached(
                source, format_name, card_database=_field(request, "card_database"), filename=filename, kind=kind
            )
        except DecklistUnreadable as exc:
            return unreadable(exc)
        except DeckRefused as exc:
            return refused(exc)
        except ParseError as exc:
            return Response({"error": {"line": 0, "message": str(exc.detail)}}, status=status.HTTP_400_BAD_REQUEST)
        body = checked.result.to_dict()
        body["format"] = checked.format.name
        body["card_database"] = checked.card_database_version.content_hash
        return Response(body)


def _lookup_format(name: str | None) -> Format:
    if name is not None and len(name) > 64:
        raise DeckRefused("Unknown format (the name is too long).")
    return deck_services.get_format(name)


class DeckVersionSerializer(serializers.ModelSerializer):
    card_database = serializers.CharField(source="card_database_version.content_hash", read_only=True)

    class Meta:
        model = DeckVersion
        fields = [
            "id",
            "number",
            "card_database",
            "decklist",
            "declared_factions",
            "resolved",
            "content_hash",
            "legal",
            "check_result",
            "created_at",
        ]


class DeckVersionSummarySerializer(serializers.ModelSerializer):
    class Meta:
        model = DeckVersion
        fields = ["id", "number", "content_hash", "legal", "created_at"]


class DeckSerializer(serializers.ModelSerializer):
    format = serializers.SlugRelatedField(slug_field="name", read_only=True)
    owner = serializers.CharField(source="owner.username", read_only=True)
    latest_version = serializers.SerializerMethodField()
    versions = DeckVersionSummarySerializer(many=True, read_only=True)

    class Meta:
        model = Deck
        fields = ["id", "name", "owner", "format", "created_at", "updated_at", "latest_version", "versions"]

    @extend_schema_field(DeckVersionSerializer(allow_null=True))
    def get_latest_version(self, deck: Deck) -> dict[str, Any] | None:
        versions = sorted(deck.versions.all(), key=lambda v: v.number)
        return DeckVersionSerializer(versions[-1]).data if versions else None


class DeckWriteSerializer(serializers.Serializer):
    name = serializers.CharField(required=False, trim_whitespace=False)
    format = serializers.CharField(required=False)
    decklist = serializers.CharField(required=False, allow_blank=True, trim_whitespace=False)
    card_database = serializers.CharField(required=False)
    kind = serializers.ChoiceField(choices=KINDS, required=False, default="auto")


def _decks_of(user: Any) -> Any:
    return (
        Deck.objects.filter(owner=user)
        .select_related("format", "owner")
        .prefetch_related("versions__card_database_version")
    )


class DeckListAPI(APIView):
    """The caller's decks; POST creates a deck with its version 1."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=DeckSerializer(many=True), summary="List my decks")
    def get(self, request: Request) -> Response:
        return Response(DeckSerializer(_decks_of(request.user), many=True).data)

    @extend_schema(
        request=DeckWriteSerializer,
        responses={201: DeckSerializer, 400: OpenApiResponse(ErrorSerializer)},
        summary="Create a deck",
    )
    def post(self, request: Request) -> Response:
        try:
            source, filename = _source(request)
            kind = _field(request, "kind") or "auto"
            if kind not in KINDS:
                raise DeckRefused(f"'kind' must be one of {', '.join(KINDS)}.")
            deck = deck_services.create_deck(
                request.user,
                _field(request, "name") or "",
                _lookup_format(_field(request, "format")),
                source,
                card_database=_field(request, "card_database"),
                filename=filename,
                kind=kind,
            )
        except DecklistUnreadable as exc:
            return unreadable(exc)
        except DeckRefused as exc:
            return refused(exc)
        except ParseError as exc:
            return Response({"error": {"line": 0, "message": str(exc.detail)}}, status=status.HTTP_400_BAD_REQUEST)
        return Response(DeckSerializer(_decks_of(request.user).get(pk=deck.pk)).data, status=status.HTTP_201_CREATED)


class DeckDetailAPI(APIView):
    """One of the caller's decks: read, update (a new version when the content changes), delete."""

    permission_classes = [IsAuthenticated]

    def _deck(self, request: Request, pk: int) -> Deck:
        # Someone else's deck is a 404 here: the API does not confirm that it exists.
        deck = _decks_of(request.user).filter(pk=pk).first()
        if deck is None:
            from django.http import Http404

            raise Http404(_("There is no such deck."))
        return deck

    @extend_schema(responses=DeckSerializer, summary="Read a deck with its versions")
    def get(self, request: Request, pk: int) -> Response:
        return Response(DeckSerializer(self._deck(request, pk)).data)

    @extend_schema(
        request=DeckWriteSerializer,
        responses={200: DeckSerializer, 400: OpenApiResponse(ErrorSerializer)},
        summary="Update a deck (new version)",
    )
    def put(self, request: Request, pk: int) -> Response:
        return self._update(request, pk)

    @extend_schema(
        request=DeckWriteSerializer,
        responses={200: DeckSerializer, 400: OpenApiResponse(ErrorSerializer)},
        summary="Update part of a deck (new version if the content changes)",
    )
    def patch(self, request: Request, pk: int) -> Response:
        return self._update(request, pk)

    def _update(self, request: Request, pk: int) -> Response:
        deck = self._deck(request, pk)
        try:
            load_body(request)
            has_list = "file" in request.FILES or (hasattr(request.data, "get") and "decklist" in request.data)
            source, filename = _source(request) if has_list else (None, "<decklist>")
            kind = _field(request, "kind") or "auto"
            if kind not in KINDS:
                raise DeckRefused(f"'kind' must be one of {', '.join(KINDS)}.")
            fmt_name = _field(request, "format")
            deck_services.update_deck(
                deck,
                request.user,
                name=_field(request, "name"),
                fmt=_lookup_format(fmt_name) if fmt_name else None,
                source=source,
                card_database=_field(request, "card_database"),
                filename=filename,
                kind=kind,
            )
        except DecklistUnreadable as exc:
            return unreadable(exc)
        except DeckRefused as exc:
            return refused(exc)
        except ParseError as exc:
            return Response({"error": {"line": 0, "message": str(exc.detail)}}, status=status.HTTP_400_BAD_REQUEST)
        return Response(DeckSerializer(self._deck(request, pk)).data)

    @extend_schema(responses={204: None, 409: OpenApiResponse(ErrorSerializer)}, summary="Delete a deck")
    def delete(self, request: Request, pk: int) -> Response:
        deck = self._deck(request, pk)
        try:
            deck_services.delete_deck(deck, request.user)
        except DeckInUse as exc:
            return Response({"error": {"line": 0, "message": str(exc)}}, status=status.HTTP_409_CONFLICT)
        except PermissionDenied:
            raise
        return Response(status=status.HTTP_204_NO_CONTENT)
