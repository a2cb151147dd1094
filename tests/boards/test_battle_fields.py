"""The battle calculator without JSON (issue 30, item 8): both sides' forces as form fields a row a piece, the
dice typed or rolled, the result step by step below the fields; the JSON stays an import and an export."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from typing import Any

import pytest

from boards.battle_fields import MAX_ROWS, BattleFieldsForm, initial_from_spec
from boards.models import BattleLog
from engine.systems import get_system
from tests.boards.conftest import DATA

pytestmark = pytest.mark.django_db
GAMES = ["longhu", "wenlu"]


def example(system: str) -> dict[str, Any]:
    return json.loads((DATA / "battles" / f"{system}_example.json").read_text(encoding="utf-8"))


class _Posted(HTMLParser):
    """What a browser posts for the calculator's form as the page drew it (no button pressed)."""

    def __init__(self) -> None:
        super().__init__()
        self.data: dict[str, Any] = {}
        self.select: str | None = None
        self.textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        name = a.get("name")
        if tag == "input" and name:
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self.data.setdefault(name, []).append(a.get("value") or "on")
            elif kind != "submit":
                self.data[name] = a.get("value") or ""
        elif tag == "select":
            self.select = name
        elif tag == "option" and self.select and "selected" in a:
            self.data[self.select] = a.get("value") or ""
        elif tag == "textarea":
            self.textarea = name

    def handle_data(self, data: str) -> None:
        if self.textarea:
            self.data[self.textarea] = data.strip()

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self.select = None
        if tag == "textarea":
            self.textarea = None


def drawn(page: str) -> dict[str, Any]:
    parser = _Posted()
    parser.feed(page)
    return parser.data


def _spec_of(system: str, data: dict[str, Any]) -> dict[str, Any]:
    form = BattleFieldsForm(data, system=get_system(system))
    assert form.is_valid(), form.errors
    return form.spec()


@pytest.mark.parametrize("system", GAMES)
def test_the_bundled_example_drawn_as_fields_gives_back_the_same_calculator_input(system):
    spec = example(system)
    initial, rows, left_out = initial_from_spec(get_system(system).calculator_form(), spec)
    assert left_out == []
    form = BattleFieldsForm(system=get_system(system), initial=initial, rows=rows)
    posted = {name: form[name].value() for name in form.fields}
    posted = {k: v for k, v in posted.items() if v not in (None, False)} | rows
    expected = {k: v for k, v in spec.items() if k not in ("dice", "seed", "note")}
    assert _spec_of(system, posted) == expected


@pytest.mark.parametrize("system", GAMES)
def test_the_fields_as_drawn_work_out_as_the_engines_calculator_does_with_the_steps_below_the_fields(client, system):
    page = client.get(f"/games/{system}/battle/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "textarea" in page and 'name="battle"' in page  # the import box, empty
    data = drawn(page)
    assert not data.get("battle")
    response = client.post(f"/games/{system}/battle/", {**data, "action": "calculate"}, HTTP_ACCEPT_LANGUAGE="en")
    shown = response.content.decode()
    assert response.status_code == 200
    expected = get_system(system).calculator().calculate(example(system), "en")
    for step in expected["steps"]:
        assert f"[{step['rule']}]" in shown
    assert shown.index("</form>") < shown.index('id="result"') < shown.index('class="battle-steps"')


def test_a_battle_typed_into_blank_fields_alone_is_worked_out_and_a_blank_row_is_added_for_the_next_piece(client):
    data = {
        "battle-region": "尚州",
        "battle-active": "japan",
        "battle-japan-rows": "1",
        "battle-japan-0-id": "立花宗茂",
        "battle-japan-0-faction": "立花",
        "battle-japan-0-fa": "5",
        "battle-allies-rows": "2",
        "battle-allies-0-id": "朝鲜军",
        "battle-allies-0-nation": "korea",
        "battle-allies-0-count": "2",
        "battle-roads-rows": "0",
        "seed": "7",
        "roll": "table",
        "action": "calculate",
    }
    response = client.post("/games/wenlu/battle/", data, HTTP_ACCEPT_LANGUAGE="en")
    page = response.content.decode()
    assert response.status_code == 200, page
    assert 'class="battle-steps"' in page
    spec = json.loads(page.split('id="battle-json">', 1)[1].split("</pre>", 1)[0].replace("&quot;", '"'))
    assert spec["japan"] == [{"id": "立花宗茂", "faction": "立花", "fa": 5}]
    assert spec["allies"] == [{"id": "朝鲜军", "nation": "korea", "count": 2}]  # the blank second row is no piece
    redrawn = drawn(page)
    assert redrawn["battle-japan-rows"] == "2" and redrawn["battle-japan-1-id"] == ""


def test_a_number_field_holding_a_word_is_refused_on_that_field_and_nothing_is_worked_out(client):
    data = drawn(client.get("/games/wenlu/battle/", HTTP_ACCEPT_LANGUAGE="en").content.decode())
    data["battle-japan-0-fa"] = "five"
    response = client.post("/games/wenlu/battle/", {**data, "action": "calculate"}, HTTP_ACCEPT_LANGUAGE="en")
    page = response.content.decode()
    assert response.status_code == 400 and 'class="battle-steps"' not in page
    row = page.split("<legend>Japan, row 1</legend>", 1)[1].split("</fieldset>", 1)[0]
    assert "Enter a whole number." in row


def test_a_country_without_a_strength_is_refused_naming_the_country(client):
    data = drawn(client.get("/games/longhu/battle/", HTTP_ACCEPT_LANGUAGE="en").content.decode())
    data["attacker-strength-0-strength"] = ""
    response = client.post("/games/longhu/battle/", {**data, "action": "calculate"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400 and "Give 曹操 a number." in response.content.decode()


def test_a_country_named_twice_in_one_side_is_refused(client):
    data = drawn(client.get("/games/longhu/battle/", HTTP_ACCEPT_LANGUAGE="en").content.decode())
    data["attacker-strength-1-country"] = data["attacker-strength-0-country"]
    response = client.post("/games/longhu/battle/", {**data, "action": "calculate"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400 and "曹操 is named twice." in response.content.decode()


def test_a_strategy_table_with_a_word_is_refused_on_its_field(client):
    data = drawn(client.get("/games/longhu/battle/", HTTP_ACCEPT_LANGUAGE="en").content.decode())
    data["battle-strategy"] = "0 1 x 2"
    response = client.post("/games/longhu/battle/", {**data, "action": "calculate"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400 and "A whole number, not x." in response.content.decode()


def test_a_posted_row_count_beyond_the_limit_draws_no_more_rows_than_the_limit(client):
    data = drawn(client.get("/games/wenlu/battle/").content.decode())
    data["battle-japan-rows"] = "100000"
    form = BattleFieldsForm(data, system=get_system("wenlu"))
    assert sum(1 for name in form.fields if name.endswith("-id") and name.startswith("battle-japan-")) == MAX_ROWS


def test_the_json_import_fills_the_fields_and_is_worked_out_as_imported(client):
    spec = example("longhu")
    data = {"battle": json.dumps(spec, ensure_ascii=False), "roll": "table", "action": "import"}
    response = client.post("/games/longhu/battle/", data, HTTP_ACCEPT_LANGUAGE="en")
    page = response.content.decode()
    assert response.status_code == 200 and 'class="battle-steps"' not in page
    redrawn = drawn(page)
    assert redrawn["attacker-characters-2-name"] == "关羽" and redrawn["battle-strategy"] == "0 1 1 2 2 3"
    assert redrawn["dice"] == " ".join(map(str, spec["dice"])) and not redrawn.get("battle")
    again = client.post("/games/longhu/battle/", {**redrawn, "action": "calculate"}, HTTP_ACCEPT_LANGUAGE="en")
    assert again.status_code == 200 and 'class="battle-steps"' in again.content.decode()


def test_an_imported_answer_no_field_can_hold_is_said_and_the_battle_is_worked_out_as_imported(client):
    spec = {**example("longhu"), "decisions": [[1, 2]]}
    data = {"battle": json.dumps(spec, ensure_ascii=False), "roll": "table", "action": "calculate"}
    page = client.post("/games/longhu/battle/", data, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="battle-left-out"' in page and "decisions" in page.split('id="battle-left-out"', 1)[1][:400]


def test_import_with_an_empty_json_box_asks_for_the_json(client):
    data = drawn(client.get("/games/wenlu/battle/", HTTP_ACCEPT_LANGUAGE="en").content.decode())
    response = client.post("/games/wenlu/battle/", {**data, "action": "import"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert "Paste the battle&#x27;s JSON here to import it." in response.content.decode()


@pytest.mark.parametrize("system", GAMES)
def test_the_json_export_is_the_calculators_input_of_the_fields_with_the_dice_typed(client, system):
    data = drawn(client.get(f"/games/{system}/battle/").content.decode())
    response = client.post(f"/games/{system}/battle/", {**data, "action": "export"})
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    exported = json.loads(response.content)
    assert exported == {k: v for k, v in example(system).items() if k != "note"}
    assert get_system(system).calculator().calculate(exported, "en")["steps"]


def test_a_battle_kept_from_the_fields_is_the_battle_worked_out(client, player):
    client.force_login(player)
    data = drawn(client.get("/games/wenlu/battle/").content.decode())
    shown = client.post("/games/wenlu/battle/", {**data, "action": "calculate"}).content.decode()
    response = client.post("/games/wenlu/battle/", {**drawn(shown), "action": "keep"})
    assert response.status_code == 302
    log = BattleLog.objects.get()
    assert log.spec == {k: v for k, v in example("wenlu").items() if k != "note"}


def test_a_row_count_that_is_not_a_number_draws_no_rows_and_the_page_still_answers(client):
    data = drawn(client.get("/games/longhu/battle/").content.decode())
    data["defender-characters-rows"] = "many"
    form = BattleFieldsForm(data, system=get_system("longhu"))
    assert form.is_valid() and "characters" not in form.spec()["defender"]
    response = client.post("/games/longhu/battle/", {**data, "action": "calculate"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200, response.content.decode()
