"""Tournament REST API: list and read tournaments (decklists only to those allowed), register a deck, invitations
(an organiser invites; only the invited player accepts, with his own deck, or declines).

Refusals and bad input answer with the one error envelope (junling.api.exception_handler).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.serializers import PlayerNameField
from decks.models import DeckVersion, Format
from decks.services.decks import DecklistUnreadable
from engine.systems import get_system
from junling.errors import Refused
from junling.pages import valid_data
from matches import access
from matches.models import Invitation, Registration, Tournament
from matches.services import invitations as invitation_services
from matches.services import registration as services
from matches.services.scoring import scoring_of


class RegistrationSerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="player.username", read_only=True)
    player_name = PlayerNameField(source="player")
    decklist = serializers.SerializerMethodField(
        help_text="Null unless you may see it (player, organisers, judges, "
        "or everyone once the decklists are published)."
    )
    deck_version = serializers.SerializerMethodField()

    class Meta:
        model = Registration
        fields = [
            "id",
            "player",
            "player_name",
            "registered_at",
            "dropped",
            "locked_at",
            "locked_hash",
            "deck_version",
            "decklist",
        ]

    def _allowed(self, registration: Registration) -> bool:
        return access.can_view_registration_decklist(self.context.get("user"), registration)

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_decklist(self, registration: Registration) -> str | None:
        return services.registration_decklist(registration) if self._allowed(registration) else None

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_deck_version(self, registration: Registration) -> int | None:
        return registration.deck_version_id if self._allowed(registration) else None


class TournamentSerializer(serializers.ModelSerializer):
    format: serializers.SlugRelatedField[Format] = serializers.SlugRelatedField(slug_field="name", read_only=True)
    organisers: serializers.SlugRelatedField[User] = serializers.SlugRelatedField(
        slug_field="username", many=True, read_only=True
    )
    judges: serializers.SlugRelatedField[User] = serializers.SlugRelatedField(
        slug_field="username", many=True, read_only=True
    )
    registration_open = serializers.SerializerMethodField()

    class Meta:
        model = Tournament
        fields = [
            "id",
            "name",
            "system",
            "format",
            "map_hash",
            "status",
            "best_of",
            "registration_opens",
            "registration_closes",
            "registration_open",
            "decklists_published",
            "rated",
            "organisers",
            "judges",
            "started_at",
        ]

    def get_registration_open(self, tournament: Tournament) -> bool:
        return tournament.registration_is_open()


class PodChoicesSerializer(serializers.Serializer):
    """A pod event's choices (issue 26): pod sizes, each pod size's points a place, the tiebreakers in order."""

    sizes = serializers.ChoiceField(choices=["threes_bottom", "threes_top", "fives"])
    custom_points = serializers.BooleanField()
    points = serializers.DictField(child=serializers.ListField(child=serializers.IntegerField()))
    tiebreakers = serializers.ListField(child=serializers.ChoiceField(choices=["regions", "opp", "firsts"]))


class TournamentDetailSerializer(TournamentSerializer):
    registrations = serializers.SerializerMethodField()
    pod_choices = serializers.SerializerMethodField()

    class Meta(TournamentSerializer.Meta):
        fields = [*TournamentSerializer.Meta.fields, "registrations", "pod_choices"]

    @extend_schema_field(PodChoicesSerializer(allow_null=True))
    def get_pod_choices(self, tournament: Tournament) -> dict[str, Any] | None:
        """Null unless the event plays in pods."""
        from matches.presenters.tournaments import pod_choices_export

        return pod_choices_export(tournament) if scoring_of(tournament).pods else None

    @extend_schema_field(RegistrationSerializer(many=True))
    def get_registrations(self, tournament: Tournament) -> list[dict[str, Any]]:
        registrations = tournament.registrations.select_related("player", "deck_version", "tournament")
        return list(RegistrationSerializer(registrations, many=True, context=self.context).data)


ID_MAX = 2**63 - 1


class RegisterRequestSerializer(serializers.Serializer):
    deck_version = serializers.IntegerField(
        required=False, help_text="A version of one of your decks.", min_value=1, max_value=ID_MAX
    )
    deck = serializers.IntegerField(
        required=False, help_text="Or one of your decks: its latest version.", min_value=1, max_value=ID_MAX
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """The deck version to register: one of the player's own (by version, or a deck's latest)."""
        mine = DeckVersion.objects.select_related("deck").filter(deck__owner=self.context["user"])
        if attrs.get("deck_version") is not None:
            version = mine.filter(pk=attrs["deck_version"]).first()
            if version is None:
                raise serializers.ValidationError(
                    {"deck_version": _("You have no deck version %(id)s.") % {"id": attrs["deck_version"]}}
                )
        elif attrs.get("deck") is not None:
            version = mine.filter(deck_id=attrs["deck"]).order_by("-number").first()
            if version is None:
                raise serializers.ValidationError({"deck": _("You have no deck %(id)s.") % {"id": attrs["deck"]}})
        else:
            raise serializers.ValidationError(_("Give 'deck_version' (or 'deck') to register."))
        return {"version": version}


def _tournament(request: Request, pk: Any) -> Tournament:
    tournament = access.access_tournament(request.user, pk)
    return Tournament.objects.prefetch_related("organisers", "judges").select_related("format").get(pk=tournament.pk)


class TournamentListAPI(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses=TournamentSerializer(many=True), summary="List tournaments")
    def get(self, request: Request) -> Response:
        tournaments = access.visible_tournaments(request.user).prefetch_related("organisers", "judges")
        return Response(TournamentSerializer(tournaments, many=True).data)


class TournamentDetailAPI(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses=TournamentDetailSerializer, summary="A tournament with its registrations")
    def get(self, request: Request, pk: int) -> Response:
        tournament = _tournament(request, pk)
        return Response(TournamentDetailSerializer(tournament, context={"user": request.user}).data)


ERROR_ENVELOPE = inline_serializer(
    "RegistrationRefused",
    fields={"error": serializers.DictField(help_text="code, message, status and params (legal, violations).")},
)


class RegisterAPI(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=RegisterRequestSerializer,
        responses={
            201: RegistrationSerializer,
            400: OpenApiResponse(
                ERROR_ENVELOPE,
                description="Refused: every violation of an illegal deck (in params), or why registration is not "
                "possible, or which field is wrong.",
            ),
        },
        summary="Register a deck version for a tournament",
    )
    def post(self, request: Request, pk: int) -> Response:
        tournament = _tournament(request, pk)
        data = valid_data(RegisterRequestSerializer, request.data, user=request.user)
        try:
            registration = services.register_deck(request.user, tournament, data["version"])
        except DecklistUnreadable as exc:
            raise Refused(str(exc), code="registration.unreadable_deck") from None
        registration = Registration.objects.select_related("player", "deck_version", "tournament").get(
            pk=registration.pk
        )
        return Response(
            RegistrationSerializer(registration, context={"user": request.user}).data, status=status.HTTP_201_CREATED
        )


class InvitationSerializer(serializers.ModelSerializer):
    tournament = serializers.IntegerField(source="tournament_id", read_only=True)
    tournament_name = serializers.CharField(source="tournament.name", read_only=True)
    player = serializers.CharField(source="player.username", read_only=True)
    invited_by = serializers.CharField(source="invited_by.username", read_only=True, allow_null=True, default=None)
    status = serializers.CharField(read_only=True, help_text="pending, accepted or declined.")

    class Meta:
        model = Invitation
        fields = ["id", "tournament", "tournament_name", "player", "invited_by", "status", "created_at"]


class InviteRequestSerializer(serializers.Serializer):
    player = serializers.CharField(max_length=150, help_text="The user name of the player to invite.")

    def validate_player(self, value: str) -> Any:
        user = get_user_model().objects.filter(username=value.strip()).first()
        if user is None:
            raise serializers.ValidationError(_("There is no player named %(name)s.") % {"name": value.strip()[:150]})
        return user


class InviteAPI(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=InviteRequestSerializer,
        responses={201: InvitationSerializer},
        summary="Invite a player (organisers); the player enters only by accepting with his own deck",
    )
    def post(self, request: Request, pk: int) -> Response:
        tournament = access.access_organised(request.user, _tournament(request, pk))
        data = valid_data(InviteRequestSerializer, request.data)
        invitation = invitation_services.do_invite(tournament, request.user, data["player"])
        return Response(InvitationSerializer(invitation).data, status=status.HTTP_201_CREATED)


class MyInvitationsAPI(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=InvitationSerializer(many=True), summary="Your pending invitations")
    def get(self, request: Request) -> Response:
        return Response(InvitationSerializer(access.invitations_of(request.user), many=True).data)


class AcceptInvitationAPI(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=RegisterRequestSerializer,
        responses={201: RegistrationSerializer, 400: OpenApiResponse(ERROR_ENVELOPE, description="Refused.")},
        summary="Accept an invitation with one of your own deck versions (a board-game event: no body)",
    )
    def post(self, request: Request, pk: int) -> Response:
        invitation = access.access_invitation(request.user, pk)
        version = None
        if get_system(invitation.tournament.system).has_cards:  # a board-game event has no deck
            version = valid_data(RegisterRequestSerializer, request.data, user=request.user)["version"]
        registration = invitation_services.do_accept_invitation(invitation, request.user, version)
        registration = Registration.objects.select_related("player", "deck_version", "tournament").get(
            pk=registration.pk
        )
        return Response(
            RegistrationSerializer(registration, context={"user": request.user}).data, status=status.HTTP_201_CREATED
        )


class DeclineInvitationAPI(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: InvitationSerializer}, summary="Decline an invitation")
    def post(self, request: Request, pk: int) -> Response:
        invitation = access.access_invitation(request.user, pk)
        return Response(InvitationSerializer(invitation_services.do_decline(invitation, request.user)).data)
