"""The judge's floor over the API (issue 27): a player calls a judge to his table; the event's judges read the
queue (the longest wait first) and a round's health, claim a call, pass it to a head judge, resolve it.
The same access rules and services as the pages; errors are the one envelope. Routes: matches/urls.py."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from junling.pages import valid_data
from matches import access
from matches.models import JudgeCall
from matches.presenters import floor as presenter
from matches.services import judge_calls
from matches.services.judge_calls import NOTE_MAX, REASON_MAX


class CallSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["match", "pod"], help_text="A pairing (match) or a pod.")
    table = serializers.IntegerField(min_value=1, max_value=2**63 - 1, help_text="The match's or the pod's id.")
    reason = serializers.CharField(required=False, default="", allow_blank=True, max_length=REASON_MAX)


class EscalateSerializer(serializers.Serializer):
    reason = serializers.CharField(required=False, default="", allow_blank=True, max_length=REASON_MAX)


class ResolveSerializer(serializers.Serializer):
    note = serializers.CharField(max_length=NOTE_MAX, help_text="What was decided (the players read it).")


CALL_ROW = inline_serializer(
    "JudgeCallRow",
    {
        "pk": serializers.IntegerField(),
        "round": serializers.IntegerField(),
        "table": serializers.IntegerField(),
        "caller": serializers.CharField(),
        "players": serializers.ListField(child=serializers.CharField()),
        "reason": serializers.CharField(),
        "status": serializers.ChoiceField(choices=JudgeCall.Status.choices),
        "status_label": serializers.CharField(),
        "escalated": serializers.BooleanField(),
        "escalated_by": serializers.CharField(help_text="Who passed the call to a head judge (empty if nobody)."),
        "escalation_reason": serializers.CharField(help_text="Why, in that judge's own words (may be empty)."),
        "claimed_by": serializers.CharField(),
        "mine": serializers.BooleanField(),
        "resolved_by": serializers.CharField(),
        "note": serializers.CharField(),
        "waited_seconds": serializers.IntegerField(),
        "waited": serializers.CharField(),
        "can_take": serializers.BooleanField(),
        "watch_url": serializers.CharField(),
    },
)


def _row(request: Request, call: JudgeCall) -> dict[str, Any]:
    call = presenter.calls_of(call.tournament).get(pk=call.pk)
    return presenter.call_row(call, timezone.now(), request.user)


class CallsAPI(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={200: inline_serializer("JudgeCallQueue", {"waiting": CALL_ROW, "resolved": CALL_ROW})},
        summary="Judges: the event's calls waiting (the longest wait first) and the latest resolved",
    )
    def get(self, request: Request, pk: str) -> Response:
        tournament = access.access_floor(request.user, access.access_tournament(request.user, pk))
        queue = presenter.call_queue(request.user, tournament, timezone.now())
        return Response({"waiting": queue["waiting"], "resolved": queue["resolved"]})


class CallJudgeAPI(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=CallSerializer,
        responses={201: CALL_ROW},
        summary="Call a judge to your table (a table with a call waiting answers that call)",
    )
    def post(self, request: Request) -> Response:
        data = valid_data(CallSerializer, request.data)
        table = access.table_to_call(data["kind"], data["table"])
        call = judge_calls.do_call_judge(request.user, table, data["reason"])
        return Response(_row(request, call), status=status.HTTP_201_CREATED)


class CallDetailAPI(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: CALL_ROW}, summary="A call (its caller and the event's judges)")
    def get(self, request: Request, pk: str) -> Response:
        return Response(_row(request, access.access_judge_call(request.user, pk)))


class ClaimCallAPI(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: CALL_ROW}, summary="Judges: take a call (“I'm on it”)")
    def post(self, request: Request, pk: str) -> Response:
        call = access.access_judge_call(request.user, pk)
        return Response(_row(request, judge_calls.do_claim_call(request.user, call)))


class EscalateCallAPI(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=EscalateSerializer, responses={200: CALL_ROW}, summary="Judges: pass a call to a head judge")
    def post(self, request: Request, pk: str) -> Response:
        call = access.access_judge_call(request.user, pk)
        data = valid_data(EscalateSerializer, request.data)
        return Response(_row(request, judge_calls.do_escalate_call(request.user, call, data["reason"])))


class ResolveCallAPI(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=ResolveSerializer, responses={200: CALL_ROW}, summary="Judges: resolve a call with a note")
    def post(self, request: Request, pk: str) -> Response:
        call = access.access_judge_call(request.user, pk)
        data = valid_data(ResolveSerializer, request.data)
        return Response(_row(request, judge_calls.do_resolve_call(request.user, call, data["note"])))


class RoundHealthAPI(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={
            200: inline_serializer(
                "RoundHealth",
                {
                    "round": serializers.IntegerField(),
                    "started": serializers.DateTimeField(allow_null=True),
                    "counts": serializers.DictField(child=serializers.IntegerField()),
                    "tables": serializers.ListField(child=serializers.DictField()),
                },
            )
        },
        summary="Judges and organisers: a round's tables, open or finished, results missing or disputed, calls",
    )
    def get(self, request: Request, pk: str, number: str) -> Response:
        tournament = access.access_floor(request.user, access.access_tournament(request.user, pk))
        rnd = access.access_round(request.user, tournament, number)
        health = presenter.round_health(tournament, rnd, timezone.now())
        return Response(
            {
                "round": rnd.number,
                "started": health["started"],
                "counts": health["counts"],
                "tables": health["rows"],
            }
        )
