"""matches.forms: every page's input is parsed and bounded, and a bad field says which and why."""

from __future__ import annotations

import pytest

from junling.pages import form_message
from matches.forms import (
    HandPairingForm,
    LogUploadForm,
    OverrideForm,
    PlayerForm,
    RegisterDeckForm,
    ResultForm,
    RulingForm,
    StepForm,
    StructureForm,
    TournamentForm,
)
from tests.matches.factories import UserFactory, deck_version, running_tournament

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("value", ["", "abc", "-1", "0", "9" * 40, "1.5", " 3 x"])
def test_a_deck_version_that_is_not_one_of_yours_is_a_field_error(fmt, value):
    form = RegisterDeckForm({"deck_version": value}, player=UserFactory())
    assert not form.is_valid() and "deck_version" in form.errors
    assert "Choose one of your deck versions." in form_message(form)


def test_only_your_own_deck_versions_are_choices(fmt):
    mine, other = UserFactory(), UserFactory()
    version = deck_version(other, fmt)
    assert not RegisterDeckForm({"deck_version": version.pk}, player=mine).is_valid()
    form = RegisterDeckForm({"deck_version": version.pk}, player=other)
    assert form.is_valid() and form.cleaned_data["deck_version"] == version


def test_a_new_tournament_form_gives_typed_values(fmt):
    form = TournamentForm(
        {"name": "Cup", "format": fmt.pk, "best_of": "1", "structure": "swiss", "planned_rounds": "", "top_cut": "8"}
    )
    assert form.is_valid(), form.errors
    data = form.cleaned_data
    assert (data["format"], data["best_of"], data["planned_rounds"], data["top_cut"]) == (fmt, 1, 0, 8)


@pytest.mark.parametrize(
    "bad,field",
    [
        ({"name": ""}, "name"),
        ({"name": "x" * 201}, "name"),
        ({"format": "999999"}, "format"),
        ({"format": "x"}, "format"),
        ({"best_of": "2"}, "best_of"),
        ({"structure": "ladder"}, "structure"),
        ({"planned_rounds": "21"}, "planned_rounds"),
        ({"planned_rounds": "x"}, "planned_rounds"),
        ({"top_cut": "5"}, "top_cut"),
    ],
)
def test_a_bad_new_tournament_names_the_field(fmt, bad, field):
    good = {
        "name": "Cup",
        "format": fmt.pk,
        "best_of": "3",
        "structure": "swiss",
        "planned_rounds": "0",
        "top_cut": "0",
    }
    form = TournamentForm({**good, **bad})
    assert not form.is_valid() and list(form.errors) == [field]
    assert form_message(form).startswith(str(form.fields[field].label))


def test_the_structure_form_defaults_rounds_and_cut_to_zero():
    form = StructureForm({"structure": "round_robin"})
    assert form.is_valid() and (form.cleaned_data["planned_rounds"], form.cleaned_data["top_cut"]) == (0, 0)


def test_a_player_is_named_by_an_existing_user_name():
    user = UserFactory()
    assert PlayerForm({"player": f" {user.username} "}).is_valid()
    form = PlayerForm({"player": "nobody"})
    assert not form.is_valid() and "There is no player named nobody." in form_message(form)


def test_hand_pairings_are_parsed_into_ids_and_a_bad_line_is_a_field_error():
    tournament, _organiser, people = running_tournament(3)
    a, b, c = people
    form = HandPairingForm(
        {"pairs": f"{a.username} {b.username}\n{c.username} bye", "confirm": "on"}, tournament=tournament
    )
    assert form.is_valid() and form.cleaned_data == {"pairs": [(a.pk, b.pk), (c.pk, None)], "confirm": True}
    form = HandPairingForm({"pairs": "x y z"}, tournament=tournament)
    assert not form.is_valid() and "Line 1: give two players" in form_message(form)
    assert not HandPairingForm({"pairs": ""}, tournament=tournament).is_valid()


@pytest.mark.parametrize(
    "data",
    [{}, {"games_won_a": "2"}, {"games_won_a": "two", "games_won_b": "0"}, {"games_won_a": "-1", "games_won_b": "0"}],
)
def test_a_result_needs_two_whole_numbers(data):
    assert not ResultForm(data).is_valid()


def test_a_result_gives_three_numbers_with_no_draws_by_default():
    form = OverrideForm({"games_won_a": "2", "games_won_b": "1", "reason": "late", "next": "/x"})
    assert form.is_valid() and form.games() == (2, 1, 0)


def test_a_ruling_needs_a_known_winner_and_a_reason():
    assert RulingForm({"winner": "a", "reason": "misplay"}).is_valid()
    assert "The winner is player A" in form_message(RulingForm({"winner": "c", "reason": "x"}))
    assert "needs a reason" in form_message(RulingForm({"winner": "a", "reason": "  "}))


def test_an_upload_without_a_file_says_so():
    assert "Choose a log file to upload." in form_message(LogUploadForm({}, {}))


@pytest.mark.parametrize(
    "n,ok", [("0", True), ("12", True), ("", True), ("-1", False), ("x", False), ("9" * 40, False)]
)
def test_a_step_number_is_a_whole_number_from_zero(n, ok):
    assert StepForm({"n": n}).is_valid() is ok


def test_a_search_is_trimmed_and_cut_to_150_characters():
    from matches.forms import SearchForm

    form = SearchForm({"q": "  " + "x" * 200})
    assert form.is_valid() and form.cleaned_data["q"] == "x" * 150


def test_the_act_form_reads_the_ticked_cards_from_the_field_the_control_names():
    from django.http import QueryDict

    from matches.forms_play import ActForm

    data = QueryDict(mutable=True)
    data.update({"action": '{"type": "discard"}', "payment_choice": "cards"})
    data.setlist("cards", ["4", "7"])
    form = ActForm(data)
    assert form.is_valid() and form.payment_or_none() == ["4", "7"]


def test_the_act_form_reads_boxes_named_payment_from_an_older_page_and_none_without_a_choice():
    from django.http import QueryDict

    from matches.forms_play import ActForm

    older = QueryDict(mutable=True)
    older.update({"action": '{"type": "recruit", "card": 1}', "payment_choice": "1"})
    older.setlist("payment", ["3"])
    plain = ActForm({"action": '{"type": "end_turn"}'})
    assert ActForm(older).is_valid() and plain.is_valid()
    form = ActForm(older)
    form.is_valid()
    assert form.payment_or_none() == ["3"] and plain.payment_or_none() is None
