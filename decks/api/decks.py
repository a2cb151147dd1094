"""Deck REST API: check a decklist without saving; create, read, update (= new version) and delete decks.

Input goes through the serializers below (``is_valid()``); every error is the site's one envelope
(``junling.api``): ``{"error": {"code", "message", "status", "params"}}``. An unreadable decklist
is ``decklist.unreadable`` with ``params.line``; a deck that cannot be saved carries its verdict
in ``params.result``; a bad field is ``invalid`` with ``params.fields``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import SuspiciousOperation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.parsers import BaseParser, FormParser, MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.serializers import PlayerNameField
from decks.access import access_deck_to_read, access_own_deck, access_shared_deck, can_edit_deck, decks_of
from decks.forms import CARD_DATABASE_MAX, FORMAT_NAME_MAX
from decks.models import Deck, DeckVersion, Format
from decks.services import decks as deck_services
from decks.services.decks import DecklistUnreadable, DeckRefused
from engine.decklist import MAX_BYTES
from junling.api import ErrorSerializer
from junling.parsers import SafeJSONParser

KINDS = ("auto", "text", "json", "csv")


class TextField(serializers.CharField):
    """A CharField that takes only text: a JSON number or list is an error, not silently a string."""

    default_error_messages = {"invalid": gettext_lazy("Not valid text.")}

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class DecklistInputSerializer(serializers.Serializer):
    """Where a decklist comes from: the ``decklist`` text, an uploaded ``file``, or a bare text body."""

    decklist = TextField(
        required=False, allow_blank=True, trim_whitespace=False, help_text="The decklist text (text, JSON or CSV)."
    )
    file = serializers.FileField(
        required=False, allow_empty_file=True, help_text="Or upload the decklist file (multipart)."
    )
    card_database = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=CARD_DATABASE_MAX,
        help_text="Card-database version id or content hash; default: the format's.",
    )
    kind = serializers.ChoiceField(choices=KINDS, required=False, default="auto")

    def decklist_source(self) -> tuple[str | bytes, str] | None:
        """(decklist, file name) of the validated input, or None if it gives no decklist."""
        data = self.validated_data
        upload = data.get("file")
        if upload is not None:
            return deck_services.read_upload(upload), upload.name or "<upload>"
        raw = self.context.get("raw")
        if raw is not None:
            return raw, "<decklist>"
        if "decklist" in data:
            return data["decklist"], "<decklist>"
        return None


def _format_of(name: str) -> Format:
    try:
        return deck_services.get_format(name or None)
    except DeckRefused as exc:
        raise serializers.ValidationError(exc.message, code=exc.code) from None


class CheckRequestSerializer(DecklistInputSerializer):
    format = TextField(
        required=False, allow_blank=True, max_length=FORMAT_NAME_MAX, help_text="Format name; default: the default."
    )


class DeckWriteSerializer(DecklistInputSerializer):
    """A deck's fields; on update each is optional (an absent decklist keeps the latest version's)."""

    name = TextField(required=False, trim_whitespace=False, help_text="At most 100 characters.")
    format = TextField(required=False, max_length=FORMAT_NAME_MAX, help_text="Format name; default: the default.")

    def validate_name(self, value: str) -> str:
        try:
            return deck_services.clean_deck_name(value)
        except DeckRefused as exc:
            raise serializers.ValidationError(exc.message, code=exc.code) from None

    def validate_format(self, value: str) -> Format:
        return _format_of(value)


class DeckCreateSerializer(DeckWriteSerializer):
    name = TextField(trim_whitespace=False, help_text="At most 100 characters.")


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


class DecklistTextParser(BaseParser):
    """A bare decklist body (``Content-Type: text/plain``): the bytes go to the engine, which decodes them."""

    media_type = "text/plain"

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        return {"__raw__": stream.read(MAX_BYTES + 1) if stream is not None else b""}


def load_body(request: Request) -> None:
    """Parse the body now, so that a body over Django's size limits is a clear 400, not a 500."""
    try:
        request.data  # noqa: B018
    except SuspiciousOperation as exc:
        raise DecklistUnreadable(str(exc) or _("The request is too large."), code="request.too_large") from None


QUERY_NAMES = {"format": "deck_format"}
"""Query-string names of body fields (for a bare text body); ?format= is DRF's renderer switch."""
BODY_ONLY = ("decklist", "file")


def validated(request: Request, serializer_class: type[DecklistInputSerializer]) -> DecklistInputSerializer:
    """The request's input through ``serializer_class``; a field missing in the body may come in the query string.

    Raises DRF's ValidationError (400, ``params.fields``) for bad fields.
    """
    load_body(request)
    body = request.data
    if not isinstance(body, Mapping):
        raise serializers.ValidationError(
            {"non_field_errors": [_("The body must be a JSON object, a form or a decklist text.")]}
        )
    raw = body.get("__raw__")
    data: dict[str, Any] = {}
    for name in serializer_class().fields.keys():  # the names (the stubs' BindingDict.__iter__ yields fields)
        value = body.get(name) if raw is None else None
        if value is None and name not in BODY_ONLY:
            value = request.query_params.get(QUERY_NAMES.get(name, name))
        if value is not None:
            data[name] = value
    serializer = serializer_class(data=data, context={"raw": raw})
    serializer.is_valid(raise_exception=True)
    return serializer


class DeckCheckAPI(APIView):
    """Check a decklist's legality without saving anything."""

    throttle_scope = "deck-check"
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
            400: OpenApiResponse(ErrorSerializer, description="The request or the decklist cannot be read."),
        },
        summary="Check a decklist (no save)",
    )
    def post(self, request: Request) -> Response:
        serializer = validated(request, CheckRequestSerializer)
        data = serializer.validated_data
        source, filename = serializer.decklist_source() or ("", "<decklist>")
        checked = deck_services.check_decklist_cached(
            source,
            data.get("format") or None,
            card_database=data.get("card_database") or None,
            filename=filename,
            kind=data["kind"],
        )
        body = checked.result.to_dict()
        body["format"] = checked.format.name
        body["card_database"] = checked.card_database_version.content_hash
        return Response(body)


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


class SharedDeckSerializer(serializers.ModelSerializer):
    """A deck as someone else sees it (public, or through its share link): its newest version, as its page shows."""

    format: serializers.SlugRelatedField[Format] = serializers.SlugRelatedField(slug_field="name", read_only=True)
    owner = serializers.CharField(source="owner.username", read_only=True)
    owner_name = PlayerNameField(source="owner")
    latest_version = serializers.SerializerMethodField()

    class Meta:
        model = Deck
        fields = [
            "id",
            "name",
            "owner",
            "owner_name",
            "format",
            "visibility",
            "created_at",
            "updated_at",
            "latest_version",
        ]

    @extend_schema_field(DeckVersionSerializer(allow_null=True))
    def get_latest_version(self, deck: Deck) -> dict[str, Any] | None:
        versions = sorted(deck.versions.all(), key=lambda v: v.number)
        return DeckVersionSerializer(versions[-1]).data if versions else None


class DeckSerializer(SharedDeckSerializer):
    """A deck as its owner sees it: every version too."""

    versions = DeckVersionSummarySerializer(many=True, read_only=True)

    class Meta(SharedDeckSerializer.Meta):
        fields = [*SharedDeckSerializer.Meta.fields, "versions"]


def deck_as_seen(deck: Deck, user: Any) -> dict[str, Any]:
    """The deck's answer for ``user``: the owner's (every version) or anyone else's (the newest)."""
    return (DeckSerializer if can_edit_deck(user, deck) else SharedDeckSerializer)(deck).data


class DeckListAPI(APIView):
    """The caller's decks; POST creates a deck with its version 1."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=DeckSerializer(many=True), summary="List my decks")
    def get(self, request: Request) -> Response:
        return Response(DeckSerializer(decks_of(request.user), many=True).data)

    @extend_schema(
        request=DeckCreateSerializer,
        responses={201: DeckSerializer, 400: OpenApiResponse(ErrorSerializer)},
        summary="Create a deck",
    )
    def post(self, request: Request) -> Response:
        serializer = validated(request, DeckCreateSerializer)
        data = serializer.validated_data
        source, filename = serializer.decklist_source() or ("", "<decklist>")
        deck = deck_services.create_deck(
            request.user,
            data["name"],
            data.get("format") or _format_of(""),
            source,
            card_database=data.get("card_database") or None,
            filename=filename,
            kind=data["kind"],
        )
        return Response(DeckSerializer(decks_of(request.user).get(pk=deck.pk)).data, status=status.HTTP_201_CREATED)


class DeckDetailAPI(APIView):
    """A deck: read (the owner's, or anyone's public deck, as its page: decks.access.can_view_deck); update (a
    new version when the content changes) and delete (the owner only).

    A deck the caller may not see or change is a 404 here: the API does not confirm that it exists. A deck
    shared by link is read through its token (DeckSharedAPI).
    """

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        responses={200: DeckSerializer, 404: OpenApiResponse(ErrorSerializer)},
        summary="Read a deck (mine, or a public one: its newest version)",
    )
    def get(self, request: Request, pk: int) -> Response:
        return Response(deck_as_seen(access_deck_to_read(request.user, pk), request.user))

    @extend_schema(
        request=DeckWriteSerializer,
        responses={200: DeckSerializer, 400: OpenApiResponse(ErrorSerializer), 404: OpenApiResponse(ErrorSerializer)},
        summary="Update a deck (new version)",
    )
    def put(self, request: Request, pk: int) -> Response:
        return self._update(request, pk)

    @extend_schema(
        request=DeckWriteSerializer,
        responses={200: DeckSerializer, 400: OpenApiResponse(ErrorSerializer), 404: OpenApiResponse(ErrorSerializer)},
        summary="Update part of a deck (new version if the content changes)",
    )
    def patch(self, request: Request, pk: int) -> Response:
        return self._update(request, pk)

    def _update(self, request: Request, pk: int) -> Response:
        deck = access_own_deck(request.user, pk)
        serializer = validated(request, DeckWriteSerializer)
        data = serializer.validated_data
        source, filename = serializer.decklist_source() or (None, "<decklist>")
        deck_services.update_deck(
            deck,
            request.user,
            name=data.get("name"),
            fmt=data.get("format"),
            source=source,
            card_database=data.get("card_database") or None,
            filename=filename,
            kind=data["kind"],
        )
        return Response(DeckSerializer(access_own_deck(request.user, pk)).data)

    @extend_schema(
        responses={204: None, 404: OpenApiResponse(ErrorSerializer), 409: OpenApiResponse(ErrorSerializer)},
        summary="Delete a deck",
    )
    def delete(self, request: Request, pk: int) -> Response:
        deck_services.delete_deck(access_own_deck(request.user, pk), request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class DeckSharedAPI(APIView):
    """A deck behind its share link (shared by link or public), for anyone who has the token; a wrong token
    and a deck made private again are the same 404 (decks.access.access_shared_deck)."""

    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: SharedDeckSerializer, 404: OpenApiResponse(ErrorSerializer)},
        summary="Read a deck by its share link",
    )
    def get(self, request: Request, token: str) -> Response:
        return Response(deck_as_seen(access_shared_deck(token), request.user))
