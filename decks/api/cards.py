"""REST API for cards and card databases: reads for everyone, imports for staff only."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status, viewsets
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from decks.access import access_card_database_import
from decks.models import Card, CardDatabase, CardDatabaseVersion, Printing
from decks.services import cards as card_services
from engine import cards as engine_cards
from engine.cards import CSV_COLUMNS
from engine.systems import all_systems
from junling.api import ErrorSerializer
from junling.parsers import parse_id


class PrintingSerializer(serializers.ModelSerializer):
    class Meta:
        model = Printing
        fields = ["series", "number", "artist", "rarity"]


class CardSerializer(serializers.ModelSerializer):
    printings = PrintingSerializer(many=True, read_only=True)
    version: serializers.PrimaryKeyRelatedField[CardDatabaseVersion] = serializers.PrimaryKeyRelatedField(
        read_only=True
    )

    class Meta:
        model = Card
        # The card schema's own columns (engine.cards.CSV_COLUMNS), so the API follows the file format.
        fields = ["id", "version", *CSV_COLUMNS]
        read_only_fields = fields


class CardDatabaseVersionSerializer(serializers.ModelSerializer):
    database = serializers.CharField(source="database.name", read_only=True)
    game = serializers.CharField(source="database.game", read_only=True)

    class Meta:
        model = CardDatabaseVersion
        fields = [
            "id",
            "database",
            "game",
            "version",
            "content_hash",
            "card_count",
            "source_filename",
            "source_encoding",
            "created_at",
        ]
        read_only_fields = fields


class CardDatabaseSerializer(serializers.ModelSerializer):
    versions = CardDatabaseVersionSerializer(many=True, read_only=True)

    class Meta:
        model = CardDatabase
        fields = ["id", "name", "game", "description", "created_at", "versions"]
        read_only_fields = fields


FILTER_PARAMETERS = [
    OpenApiParameter("version", OpenApiTypes.INT, description="card database version id (default: the starter's)"),
    OpenApiParameter("type", OpenApiTypes.STR, description="card type, e.g. 人"),
    OpenApiParameter("subtype", OpenApiTypes.STR, description="subtype, e.g. 火计"),
    OpenApiParameter("faction", OpenApiTypes.STR, description="faction in Chinese or English; 无 = no faction"),
    OpenApiParameter("mark", OpenApiTypes.STR, description="special mark, e.g. 反"),
    OpenApiParameter("q", OpenApiTypes.STR, description="text search over names, aliases and texts (zh/繁/en)"),
    *[
        OpenApiParameter(f"{stat}{suffix}", OpenApiTypes.INT, description=f"{stat} {what}")
        for stat in ("cost", "might", "wit")
        for suffix, what in (("", "exactly"), ("_min", "at least"), ("_max", "at most"))
    ],
]


class CardViewSet(viewsets.ReadOnlyModelViewSet):
    """Cards of one card-database version, filtered like the card browser."""

    serializer_class = CardSerializer
    permission_classes = [AllowAny]
    queryset = Card.objects.none()

    def get_queryset(self) -> Any:
        if self.action != "list":
            return Card.objects.select_related("version").prefetch_related("printings")
        raw = self.request.query_params.get("version", "")
        if raw:
            pk = parse_id(raw)
            if pk is None:
                raise ValidationError({"version": _("%(value)r is not a version id.") % {"value": raw[:40]}})
            version: CardDatabaseVersion | None = get_object_or_404(CardDatabaseVersion, pk=pk)
        else:
            version = card_services.default_version()
        if version is None:
            return Card.objects.none()
        filters, errors = card_services.CardFilters.from_query(self.request.query_params)
        if errors:
            raise ValidationError(errors)
        return card_services.filter_cards(version, filters)

    @extend_schema(parameters=FILTER_PARAMETERS)
    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().list(request, *args, **kwargs)


class CardDatabaseViewSet(viewsets.ReadOnlyModelViewSet):
    """Card databases with their versions."""

    serializer_class = CardDatabaseSerializer
    permission_classes = [AllowAny]
    queryset = CardDatabase.objects.prefetch_related("versions").order_by("name")


class CardDatabaseVersionViewSet(viewsets.ReadOnlyModelViewSet):
    """Immutable card-database versions (content hash, card count, source file)."""

    serializer_class = CardDatabaseVersionSerializer
    permission_classes = [AllowAny]
    queryset = CardDatabaseVersion.objects.select_related("database").order_by("database__name", "-created_at")


class CardDatabaseImportSerializer(serializers.Serializer):
    file = serializers.FileField(help_text=f"JSON or CSV, at most {engine_cards.MAX_FILE_BYTES} bytes")
    database = serializers.CharField(
        required=False, allow_blank=True, max_length=100, help_text="database name (default: the file's)"
    )
    version = serializers.CharField(
        required=False, allow_blank=True, max_length=50, help_text="version label (default: the file's)"
    )
    game = serializers.ChoiceField(
        choices=[s.id for s in all_systems() if s.has_cards], required=False, allow_blank=True
    )


class CardDatabaseImportView(APIView):
    """Import a JSON or CSV card-database file (staff only); all or nothing."""

    throttle_scope = "upload"
    permission_classes = [IsAuthenticated]
    parser_classes = [MultiPartParser, FormParser]

    def check_permissions(self, request: Request) -> None:
        super().check_permissions(request)  # anonymous: DRF's 401/403, which asks to log in
        access_card_database_import(request.user)

    @extend_schema(
        request=CardDatabaseImportSerializer,
        responses={
            201: CardDatabaseVersionSerializer,
            200: CardDatabaseVersionSerializer,
            400: OpenApiResponse(ErrorSerializer, description="Every row error, in error.params.errors."),
            403: OpenApiResponse(ErrorSerializer, description="Only staff import card databases."),
            413: OpenApiResponse(ErrorSerializer, description="The file is over the size limit."),
        },
        description="201 with the new version; 200 with the stored version if the same content was imported "
        "before; 400 (413 if too big) with every row error in `error.params.errors`.",
    )
    def post(self, request: Request) -> Response:
        serializer = CardDatabaseImportSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        upload = data["file"]
        filename = upload.name or "<upload>"
        if upload.size is not None and upload.size > engine_cards.MAX_FILE_BYTES:
            raise card_services.too_big(filename, upload.size)
        before = CardDatabaseVersion.objects.count()
        version = card_services.import_card_database(
            upload.read(),
            filename=filename,
            database_name=data.get("database", "").strip() or None,
            version=data.get("version", "").strip() or None,
            game=data.get("game") or None,
            actor=request.user,
        )
        created = CardDatabaseVersion.objects.count() > before
        code = status.HTTP_201_CREATED if created else status.HTTP_200_OK
        return Response(CardDatabaseVersionSerializer(version).data, status=code)


class CardDatabaseExportView(APIView):
    """Download one version as JSON or CSV; it imports back to the same content hash."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[OpenApiParameter("fmt", OpenApiTypes.STR, OpenApiParameter.PATH, enum=["json", "csv"])],
        responses={(200, "application/json"): OpenApiTypes.OBJECT, (200, "text/csv"): OpenApiTypes.STR},
    )
    def get(self, request: Request, pk: int, fmt: str) -> HttpResponse:
        version = get_object_or_404(CardDatabaseVersion.objects.select_related("database"), pk=pk)
        if fmt not in card_services.EXPORT_FORMATS:
            raise NotFound(_("Unknown export format %(fmt)r; use json or csv.") % {"fmt": fmt[:20]})
        text = card_services.export_card_database(version, fmt)
        content_type = "application/json" if fmt == "json" else "text/csv"
        response = HttpResponse(text, content_type=f"{content_type}; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{card_services.export_filename(version, fmt)}"'
        return response
