"""The battle calculator page: the documented input, the engine's own calculate, the site's committed roll, logs."""

from __future__ import annotations

import json

import pytest

from boards.models import BattleLog
from boards.services import battles
from engine.systems import get_system
from tests.boards.conftest import DATA

pytestmark = pytest.mark.django_db


def example(system: str) -> dict:
    return json.loads((DATA / "battles" / f"{system}_example.json").read_text(encoding="utf-8"))


def test_the_page_gives_the_same_result_as_the_engines_calculator_for_the_worked_example_of_8_1(client):
    from engine.wenlu.calculator import calculate

    spec = example("wenlu")
    expected = calculate(spec, "en")
    response = client.post(
        "/games/wenlu/battle/", {"battle": json.dumps(spec), "roll": "table"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    page = response.content.decode()
    assert response.status_code == 200
    for step in expected["steps"]:
        assert f"[{step['rule']}]" in page
    assert expected["steps"][-1]["text"].split(":")[0] in page


def test_the_steps_read_in_chinese_for_a_chinese_reader(client):
    response = client.post("/games/wenlu/battle/", {"battle": json.dumps(example("wenlu")), "roll": "table"})
    assert "日本军" in response.content.decode()


def test_dice_typed_in_the_form_replace_the_dice_in_the_input(client):
    spec = example("longhu")
    battle = battles.calculate_battle(get_system("longhu"), spec, dice=[6] * 40)
    assert battle.result["dice"] and set(battle.result["dice"]) == {6}


def test_missing_dice_are_reported_with_the_die_the_engine_needs():
    spec = example("longhu")
    spec["dice"] = [1]
    with pytest.raises(battles.BattleRefused) as caught:
        battles.calculate_battle(get_system("longhu"), spec)
    assert "more dice are needed" in caught.value.message


def test_the_site_rolls_from_a_seed_it_commits_to_and_shows():
    spec = example("wenlu")
    spec.pop("dice")
    spec.pop("seed")
    battle = battles.calculate_battle(get_system("wenlu"), spec, site_roll=True)
    assert battle.site_rolled and battle.seed is not None
    assert battle.commitment == battles.commitment(battle.seed)
    again = battles.calculate_battle(get_system("wenlu"), spec, site_roll=True, signed_seed=battle.signed_seed)
    assert again.seed == battle.seed and again.result == battle.result


def test_a_forged_signed_seed_is_not_the_sites_and_a_new_seed_is_drawn():
    spec = example("wenlu")
    spec.pop("dice")
    battle = battles.calculate_battle(get_system("wenlu"), spec, site_roll=True, signed_seed="7:forged")
    assert battle.seed is not None and battles.site_seed(battle.signed_seed) == battle.seed


def test_bad_json_is_an_error_on_the_field(client):
    response = client.post("/games/longhu/battle/", {"battle": "{", "roll": "table"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400 and "This is not JSON" in response.content.decode()


def test_a_die_outside_1_to_6_is_an_error_on_the_field(client):
    response = client.post(
        "/games/longhu/battle/", {"battle": "{}", "dice": "1 7", "roll": "table"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 400 and "not 7" in response.content.decode()


def test_input_the_engine_refuses_is_shown_with_its_reason(client):
    response = client.post(
        "/games/wenlu/battle/", {"battle": json.dumps({"japan": []}), "roll": "table"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 400 and "japan: must be a non-empty list" in response.content.decode()


def test_a_visitor_may_calculate_but_not_keep(client):
    data = {"battle": json.dumps(example("longhu")), "roll": "table", "action": "keep"}
    assert client.post("/games/longhu/battle/", data).status_code == 403
    assert not BattleLog.objects.exists()


def test_keep_as_log_saves_the_battle_with_a_permalink_and_a_json_download(client, player):
    client.force_login(player)
    spec = example("wenlu")
    spec.pop("dice")
    spec.pop("seed")
    shown = client.post("/games/wenlu/battle/", {"battle": json.dumps(spec), "roll": "site"})
    signed = shown.context["battle"].signed_seed
    response = client.post(
        "/games/wenlu/battle/", {"battle": json.dumps(spec), "roll": "site", "signed_seed": signed, "action": "keep"}
    )
    log = BattleLog.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/wenlu/battle/logs/{log.token}/"
    assert log.site_rolled and log.seed == shown.context["battle"].seed
    assert log.result == shown.context["battle"].result | {"steps": log.result["steps"]}
    page = client.get(response["Location"]).content.decode()
    assert log.commitment in page
    download = json.loads(client.get(f"/games/wenlu/battle/logs/{log.token}/json").content)
    assert download["input"]["seed"] == log.seed and download["result"]["winner"] == log.result["winner"]


def test_a_kept_log_is_the_input_of_the_command_line_calculator(player, tmp_path):
    from engine.__main__ import main

    log = battles.keep_battle_log(get_system("longhu"), example("longhu"), actor=player)
    path = tmp_path / "battle.json"
    path.write_text(json.dumps(log.spec, ensure_ascii=False), encoding="utf-8")
    assert main(["battle", "longhu", str(path), "--json"]) == 0


def test_an_unknown_permalink_is_not_found(client):
    assert client.get("/games/longhu/battle/logs/nothing/").status_code == 404


@pytest.mark.parametrize(
    ("system", "bad"),
    [
        ("wenlu", {"region": "x", "japan": []}),
        ("wenlu", {"region": "x", "japan": [{"id": "a"}], "allies": [{"id": "b", "nation": "korea"}], "roads": [{}]}),
        ("longhu", {"attacker": 3, "defender": {}}),
    ],
)
def test_a_malformed_battle_is_refused_in_the_readers_language_saying_what_and_where(system, bad):
    import re

    zh = battles.BattleRefused
    with pytest.raises(zh) as chinese:
        battles.calculate_battle(get_system(system), bad, lang="zh-hans")
    with pytest.raises(zh) as english:
        battles.calculate_battle(get_system(system), bad, lang="en")
    said = chinese.value.params["error"]
    assert chinese.value.params["code"] == english.value.params["code"]
    # only the input's own field names and values stay in Latin letters
    fields = {"japan", "allies", "korea", "ming", "roads", "attacker", "defender", "strength", "faction", "nation"}
    assert [w for w in re.findall(r"[A-Za-z]{4,}", said) if w not in fields] == []
    assert said != english.value.params["error"]


def test_every_calculator_refusal_has_a_chinese_text():
    from engine.longhu.calculator import CalculatorError as Longhu
    from engine.messages import catalogue
    from engine.wenlu.calculator import CalculatorError as Wenlu

    zh = catalogue("zh")
    untranslated = [t for cls in (Longhu, Wenlu) for t in cls.MESSAGES.values() if zh.gettext(t) == t]
    assert untranslated == []


def test_a_refused_answer_names_the_games_question_in_the_readers_language():
    from engine.longhu.calculator import CalculatorError as Longhu
    from engine.wenlu.calculator import CalculatorError as Wenlu

    asked = {"code": "wenlu.ask.card_before", "params": {}}
    wenlu = Wenlu("calc_not_a_choice", {"answer": "'x'", "asked": asked, "rule": "§8", "options": ["a", "pass"]})
    assert wenlu.text("zh") == "回答 'x' 不是“事件卡（行军骰之前）”（§8）的选项：a, pass"
    longhu = Longhu(
        "calc_not_a_choice", {"answer": "'x'", "asked": {"code": "ask_home_country", "params": {}}, "options": []}
    )
    assert "指定你的本国" in longhu.text("zh") and "ask_home_country" not in str(longhu)


def test_the_calculators_steps_name_the_bundled_datas_characters_and_countries_in_english(db):
    import re
    from pathlib import Path

    from boards.services.battles import run
    from boards.services.maps import ensure_test_maps
    from engine.systems import get_system

    ensure_test_maps()
    system = get_system("longhu")
    example = Path(__file__).resolve().parents[2] / "engine" / "data" / "battles" / "longhu_example.json"
    spec = json.loads(example.read_text(encoding="utf-8"))
    english = [s["text"] for s in run(system, spec, "en")["steps"]]
    chinese = [s["text"] for s in run(system, spec, "zh-hans")["steps"]]
    assert english and not any(re.search(r"[\u3400-\u9fff]", t) for t in english), english
    assert any("董卓" in t for t in chinese)
