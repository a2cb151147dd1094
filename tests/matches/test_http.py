"""matches.http: a refusal is an error page or the one JSON envelope, never a 500."""

from __future__ import annotations

import json

import pytest
from django.test import RequestFactory
from rest_framework import serializers
from rest_framework.test import APIRequestFactory
from rest_framework.views import APIView

from junling.errors import NotAllowed, Refused
from junling.pages import InvalidInput, refusals, valid_data


class _Numbers(serializers.Serializer):
    n = serializers.IntegerField(min_value=0)


def test_valid_data_returns_the_validated_values():
    assert valid_data(_Numbers, {"n": "3"}) == {"n": 3}


@pytest.mark.parametrize("data", [{}, {"n": "x"}, {"n": -1}, ["n"], "n"])
def test_invalid_data_is_an_invalid_input_refusal_naming_the_field(data):
    with pytest.raises(InvalidInput) as info:
        valid_data(_Numbers, data)
    error = info.value.envelope()["error"]
    assert error["code"] == "invalid" and error["status"] == 400 and error["message"]
    json.dumps(error)  # the envelope is JSON as it stands


def test_a_page_view_answers_an_escaped_refusal_with_its_status(db):
    @refusals
    def view(request):
        raise NotAllowed("You may not.", code="x.no")

    response = view(RequestFactory().get("/"))
    assert response.status_code == 403 and "You may not." in response.content.decode()


def test_any_api_view_answers_a_refusal_with_the_envelope_through_the_one_exception_handler(db):
    class View(APIView):
        permission_classes = []

        def get(self, request):
            raise Refused("Nope.", code="x.nope", params={"n": 1})

    response = View.as_view()(APIRequestFactory().get("/api/x"))
    assert response.status_code == 400
    assert response.data == {"error": {"code": "x.nope", "message": "Nope.", "status": 400, "params": {"n": 1}}}
