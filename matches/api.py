"""Tournament REST API: list and read tournaments (decklists only to those allowed), register a deck."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from decks.api.decks import load_body
from decks.models import DeckVersion
from decks.services.decks import DecklistUnreadable
from matches.models import Registration, Tournament
from matches.services import registration as services
from matches.services.registration import RegistrationRefused
from matches.views import _visible


class RegistrationSerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="player.username", read_only=True)
    decklist = serializers.SerializerMethodField(
        help_text="Null unless you may see it (player, organisers, judges, "
        "or everyone once the decklists are published)."
    )
    deck_version = serializers.SerializerMethodField()

    class Meta:
        model = Registration
        fields = ["id", "player", "registered_at", "dropped", "locked_at", "locked_hash", "deck_version", "decklist"]

    def _allowed(self, registration: Registration) -> bool:
        return services.can_view_registration_decklist(self.context.get("user"), registration)

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_decklist(self, registration: Registration) -> str | None:
        return services.registration_decklist(registration) if self._allowed(registration) else None

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_deck_version(self, registration: Registration) -> int | None:
        return registration.deck_version_id if self._allowed(registration) else None


class TournamentSerializer(serializers.ModelSerializer):
    format = serializers.SlugRelatedField(slug_field="name", read_only=True)
    organisers = serializers.SlugRelatedField(slug_field="username", many=True, read_only=True)
    judges = serializers.SlugRelatedField(slug_field="username", many=True, read_only=True)
    registration_open = serializers.SerializerMethodField()

    class Meta:
        model = Tournament
        fields = [
            "id",
            "name",
            "format",
            "status",
            "best_of",
            "registration_opens",
            "registration_closes",
            "registration_open",
            "decklists_published",
            "organisers",
            "judges",
            "started_at",
        ]

    def get_registration_open(self, tournament: Tournament) -> bool:
        return tournament.registration_is_open()


class TournamentDetailSerializer(TournamentSerializer):
    registrations = serializers.SerializerMethodField()

    class Meta(TournamentSerializer.Meta):
        fields = [*TournamentSerializer.Meta.fields, "registrations"]

    @extend_schema_field(RegistrationSerializer(many=True))
    def get_registrations(self, tournament: Tournament) -> list[dict[str, Any]]:
        registrations = tournament.registrations.select_related("player", "deck_version", "tournament")
        return list(RegistrationSerializer(registrations, many=True, context=self.context).data)


class RegisterRequestSerializer(serializers.Serializer):
    deck_version = serializers.IntegerField(required=False, help_text="A version of one of your decks.")
    deck = serializers.IntegerField(required=False, help_text="Or one of your decks: its latest version.")


def _tournament(request: Request, pk: int) -> Tournament:
    tournament = _visible(request.user).prefetch_related("organisers", "judges").filter(pk=pk).first()
    if tournament is None:
        raise Http404(_("There is no such tournament."))
    return tournament


class TournamentListAPI(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses=TournamentSerializer(many=True), summary="List tournaments")
    def get(self, request: Request) -> Response:
        tournaments = _visible(request.user).prefetch_related("organisers", "judges")
        return Response(TournamentSerializer(tournaments, many=True).data)


class TournamentDetailAPI(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses=TournamentDetailSerializer, summary="A tournament with its registrations")
    def get(self, request: Request, pk: int) -> Response:
        tournament = _tournament(request, pk)
        return Response(TournamentDetailSerializer(tournament, context={"user": request.user}).data)


class RegisterAPI(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=RegisterRequestSerializer,
        responses={
            201: RegistrationSerializer,
            400: OpenApiResponse(
                inline_serializer(
                    "RegistrationRefused",
                    fields={
                        "error": serializers.DictField(),
                        "legal": serializers.BooleanField(required=False),
                        "violations": serializers.ListField(child=serializers.DictField(), required=False),
                    },
                ),
                description="Refused: every violation of an illegal deck, or why registration is not possible.",
            ),
        },
        summary="Register a deck version for a tournament",
    )
    def post(self, request: Request, pk: int) -> Response:
        tournament = _tournament(request, pk)
        try:
            load_body(request)
        except DecklistUnreadable as exc:
            return _bad(exc.message)
        data = request.data if hasattr(request.data, "get") else {}
        version = None
        for key in ("deck_version", "deck"):
            raw = data.get(key)
            if raw in (None, ""):
                continue
            if isinstance(raw, bool) or not str(raw).isdigit() or len(str(raw)) > 18:
                return _bad(f"{key!r} must be an id.")
            mine = DeckVersion.objects.select_related("deck").filter(deck__owner=request.user)
            if key == "deck_version":
                version = mine.filter(pk=int(raw)).first()
            else:
                version = mine.filter(deck_id=int(raw)).order_by("-number").first()
            if version is None:
                return _bad(f"You have no deck {'version ' if key == 'deck_version' else ''}{raw}.")
            break
        if version is None:
            return _bad("Give 'deck_version' (or 'deck') to register.")
        try:
            registration = services.register_deck(request.user, tournament, version)
        except RegistrationRefused as exc:
            return Response(exc.to_dict(), status=status.HTTP_400_BAD_REQUEST)
        except DecklistUnreadable as exc:
            return Response({"error": exc.to_dict()}, status=status.HTTP_400_BAD_REQUEST)
        registration = Registration.objects.select_related("player", "deck_version", "tournament").get(
            pk=registration.pk
        )
        return Response(
            RegistrationSerializer(registration, context={"user": request.user}).data, status=status.HTTP_201_CREATED
        )


def _bad(message: str) -> Response:
    return Response({"error": {"message": message}}, status=status.HTTP_400_BAD_REQUEST)
