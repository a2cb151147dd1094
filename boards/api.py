"""REST API: game systems, maps and game data (reads for everyone; imports for staff and approved organisers)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import generics, serializers, status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from boards import access
from boards.models import GameData, GameMap, ImportJob
from boards.models.maps import system_choices
from boards.presenters.imports import job_json
from boards.presenters.systems import said_note
from boards.services import imports
from boards.services import maps as map_services
from engine.systems import all_systems, get_system
from junling.api import ErrorSerializer


class GameSystemSerializer(serializers.Serializer):
    """What one game system has (``engine.systems.System``)."""

    id = serializers.CharField()
    name = serializers.CharField()
    name_en = serializers.CharField()
    rules = serializers.CharField()
    seats = serializers.ListField(child=serializers.IntegerField(), min_length=2, max_length=2)
    has_cards = serializers.BooleanField()
    has_map = serializers.BooleanField()
    refereed = serializers.SerializerMethodField()
    battle_calculator = serializers.SerializerMethodField()
    scoring = serializers.CharField()
    sides = serializers.ListField(child=serializers.CharField())

    def get_refereed(self, obj: Any) -> bool:
        return obj.engine is not None

    def get_battle_calculator(self, obj: Any) -> bool:
        return obj.battle_calculator is not None


class GameMapSerializer(serializers.ModelSerializer):
    note_text = serializers.SerializerMethodField()

    class Meta:
        model = GameMap
        fields = ["id", "system", "name", "title", "version", "content_hash", "note", "source_filename", "created_at"]
        fields += ["note_text"]
        read_only_fields = fields

    def get_note_text(self, obj: Any) -> str:
        """The note in the reader's language (a bundled file's by its code; ``note`` is the file's own)."""
        return said_note(get_system(obj.system), obj.note)


class GameMapDetailSerializer(GameMapSerializer):
    class Meta(GameMapSerializer.Meta):
        fields = [*GameMapSerializer.Meta.fields, "document"]
        read_only_fields = fields


class GameDataSerializer(serializers.ModelSerializer):
    note_text = serializers.SerializerMethodField()
    map = serializers.CharField(source="game_map.content_hash", read_only=True)

    class Meta:
        model = GameData
        fields = ["id", "system", "name", "version", "content_hash", "map", "note", "source_filename", "created_at"]
        fields += ["note_text"]
        read_only_fields = fields

    def get_note_text(self, obj: Any) -> str:
        """The note in the reader's language (a bundled file's by its code; ``note`` is the file's own)."""
        return said_note(get_system(obj.system), obj.note)


class GameDataDetailSerializer(GameDataSerializer):
    class Meta(GameDataSerializer.Meta):
        fields = [*GameDataSerializer.Meta.fields, "document"]
        read_only_fields = fields


class MapImportSerializer(serializers.Serializer):
    system = serializers.ChoiceField(choices=system_choices(), help_text="the game system (engine.systems)")
    file = serializers.FileField(help_text=f"a junling-map/1 JSON file, at most {map_services.MAX_FILE_BYTES} bytes")
    version = serializers.CharField(required=False, allow_blank=True, max_length=50, help_text="label (default: next)")


class GameDataImportSerializer(MapImportSerializer):
    file = serializers.FileField(help_text="the game's data JSON file (its DATA_FORMAT)")
    map = serializers.CharField(
        required=False, allow_blank=True, max_length=80, help_text="content hash of the map version (default: newest)"
    )


class GameSystemList(APIView):
    """Every game system with what it has."""

    permission_classes = [AllowAny]

    @extend_schema(responses=GameSystemSerializer(many=True))
    def get(self, request: Request) -> Response:
        return Response(GameSystemSerializer(all_systems(), many=True).data)


class GameMapList(generics.ListAPIView):
    """Stored map versions (``?system=`` filters)."""

    serializer_class = GameMapSerializer
    permission_classes = [AllowAny]

    def get_queryset(self) -> Any:
        rows = GameMap.objects.order_by("system", "name", "-created_at", "-id")
        system = self.request.query_params.get("system", "")
        return rows.filter(system=system) if system else rows


class GameMapDetail(generics.RetrieveAPIView):
    """One map version with its canonical JSON (``document``)."""

    serializer_class = GameMapDetailSerializer
    permission_classes = [AllowAny]
    queryset = GameMap.objects.all()


class GameDataList(generics.ListAPIView):
    """Stored game-data versions (``?system=`` filters)."""

    serializer_class = GameDataSerializer
    permission_classes = [AllowAny]

    def get_queryset(self) -> Any:
        rows = GameData.objects.select_related("game_map").order_by("system", "name", "-created_at", "-id")
        system = self.request.query_params.get("system", "")
        return rows.filter(system=system) if system else rows


class GameDataDetail(generics.RetrieveAPIView):
    """One game-data version with the file (``document``)."""

    serializer_class = GameDataDetailSerializer
    permission_classes = [AllowAny]
    queryset = GameData.objects.select_related("game_map")


IMPORT_RESPONSES = {
    400: OpenApiResponse(ErrorSerializer, description="Every bad row, in error.params.errors ({where, message})."),
    403: OpenApiResponse(ErrorSerializer, description="Only staff and approved organisers import."),
    413: OpenApiResponse(ErrorSerializer, description="The file is over the size limit."),
}


DESCRIPTION = (
    "201 with the new version; 200 with the stored one if the same content was imported before; 202 with a job "
    f"to poll if the file has more than {imports.LARGE_ROWS} rows or {imports.LARGE_BYTES // 1024} KB."
)


class _Import(APIView):
    throttle_scope = "upload"
    permission_classes = [IsAuthenticated]
    parser_classes = [MultiPartParser, FormParser]

    def check_permissions(self, request: Request) -> None:
        super().check_permissions(request)  # anonymous: DRF's 401/403, which asks to log in
        access.access_map_import(request.user)

    def read_upload(self, request: Request, serializer_class: type[Any]) -> tuple[dict[str, Any], Any, dict[str, Any]]:
        """The checked form, the game system it names and the service's common arguments (content, name,
        version); a file over the size limit is refused before it is read."""
        serializer = serializer_class(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        system = access.access_system(data["system"], need="map")
        upload = data["file"]
        if upload.size is not None and upload.size > map_services.MAX_FILE_BYTES:
            raise map_services.too_big(upload.size)
        common = {
            "filename": upload.name or "<upload>",
            "version": (data.get("version") or "").strip() or None,
            "actor": request.user,
        }
        return data, system, {"content": upload.read(), **common}

    @staticmethod
    def stored(model: type[Any], before: int, obj: Any, serializer_class: type[Any]) -> Response:
        """201 with a new version, 200 with the one stored before for the same content."""
        code = status.HTTP_201_CREATED if model.objects.count() > before else status.HTTP_200_OK
        return Response(serializer_class(obj).data, status=code)


class ImportStoredSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    version = serializers.CharField()
    content_hash = serializers.CharField()


class ImportRowSerializer(serializers.Serializer):
    where = serializers.CharField()
    message = serializers.CharField(help_text="in the reader's language")
    message_en = serializers.CharField()


class ImportJobSerializer(serializers.Serializer):
    """A large import checked in a task (``boards.services.imports``): poll its URL until ``status`` is done or
    refused."""

    id = serializers.IntegerField()
    system = serializers.CharField()
    kind = serializers.ChoiceField(choices=ImportJob.Kind.choices)
    status = serializers.ChoiceField(choices=ImportJob.Status.choices)
    done = serializers.IntegerField(help_text="rows checked so far")
    total = serializers.IntegerField(help_text="rows of the file")
    stored = ImportStoredSerializer(allow_null=True, help_text="the stored version, once done")
    errors = ImportRowSerializer(many=True, help_text="every bad row, once refused")  # type: ignore[assignment]


class ImportQueuedSerializer(serializers.Serializer):
    job = ImportJobSerializer()
    url = serializers.CharField(help_text="GET it for the job's status, progress and result")


def queued(request: Request, kind: str, system: Any, upload: dict[str, Any], game_map: Any = None) -> Response | None:
    """202 with the job and its URL if the upload is large (checked in a task), else None (checked now)."""
    if not imports.is_large(upload["content"]):
        return None
    content = upload.pop("content")
    job = imports.do_queue_import(system.id, kind, content, game_map=game_map, **upload)
    url = request.build_absolute_uri(reverse("boards:api-import-job", args=[job.pk]))
    return Response({"job": job_json(job), "url": url}, status=status.HTTP_202_ACCEPTED, headers={"Location": url})


class ImportJobDetail(APIView):
    """A large import's status, progress and result (its creator and staff; 404 for anyone else)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: ImportJobSerializer, 404: ErrorSerializer})
    def get(self, request: Request, pk: str) -> Response:
        return Response(job_json(access.access_import_job(request.user, pk)))


ASYNC_RESPONSE = {
    202: OpenApiResponse(ImportQueuedSerializer, description="A large file: checked in a task; poll the url."),
}


class GameMapImport(_Import):
    """Import a map file; all or nothing."""

    @extend_schema(
        request=MapImportSerializer,
        responses={201: GameMapSerializer, 200: GameMapSerializer, **ASYNC_RESPONSE, **IMPORT_RESPONSES},
        description=DESCRIPTION,
    )
    def post(self, request: Request) -> Response:
        _data, system, upload = self.read_upload(request, MapImportSerializer)
        large = queued(request, "map", system, upload)
        if large is not None:
            return large
        before = GameMap.objects.count()
        stored = map_services.import_map(system, upload.pop("content"), **upload)
        return self.stored(GameMap, before, stored, GameMapSerializer)


class GameDataImport(_Import):
    """Import a game-data file, checked against a stored map version; all or nothing."""

    @extend_schema(
        request=GameDataImportSerializer,
        responses={201: GameDataSerializer, 200: GameDataSerializer, **ASYNC_RESPONSE, **IMPORT_RESPONSES},
        description=DESCRIPTION,
    )
    def post(self, request: Request) -> Response:
        data, system, upload = self.read_upload(request, GameDataImportSerializer)
        game_map = None
        if data.get("map"):
            game_map = GameMap.objects.filter(system=system.id, content_hash=data["map"]).first()
            if game_map is None:
                raise map_services.MapNotFound(map_services.no_map_message(data["map"]), params={"hash": data["map"]})
        large = queued(request, "data", system, upload, game_map)
        if large is not None:
            return large
        before = GameData.objects.count()
        stored = map_services.import_game_data(system, upload.pop("content"), game_map=game_map, **upload)
        return self.stored(GameData, before, stored, GameDataSerializer)
