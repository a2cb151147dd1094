"""Refusal, narration and question codes of the 龙虎三国志 engine: code → English template (``str.format`` fields).

Every ``IllegalAction`` code is here (a test checks it). The English templates are the msgids of the
engine's Chinese catalogue (``engine/locale/zh_Hans/LC_MESSAGES/django.po``); :func:`text` renders a code
in either language.
"""

from __future__ import annotations

import re
from typing import Any

from engine.boardgame.errors import said_params, said_word
from engine.messages import N_, catalogue

MESSAGES: dict[str, str] = {
    # refusals
    "game_over": N_("the game is over"),
    "chance_due": N_("a chance event is due ({what}): only its outcome can be entered"),
    "not_chance": N_("no chance event is due: {action} is not a player's action"),
    "not_an_outcome": N_("{action} is not a possible outcome of {what}"),
    "wrong_decision": N_("{action} does not answer the pending decision ({what})"),
    "not_offered": N_("{action} is not one of the choices for {what}"),
    "not_adjacent": N_("{b} does not border {a}"),
    "unknown_action": N_("{action} is not an action of 龙虎三国志"),
    # narration of steps (battle calculator, logs)
    "step_betrayal": N_("{side} tests {target} with {character} (diplomacy {dip}): rolled {die}{plus}, {result}"),
    "step_strategy": N_("{character} ({mult}x) rolls {die}: strategy table gives {value}, {damage} damage to {target}"),
    "step_valour": N_("{character} (valour {valour}) rolls {die}: {result}"),
    "step_losses": N_("{side} loses {amount} strength ({detail})"),
    "step_melee": N_("{side} melee: command {command}, {dice} dice {rolls}: {hits} hit(s)"),
    "step_retreat": N_("{side} retreats from {region} to {to}"),
    "step_capture": N_("{character} rolls {die} for capture: {result}"),
    "step_loyalty": N_("{character} (loyalty {loyalty}) rolls {die}: {result}"),
    "step_escape": N_("{character} goes to {to}"),
    "step_escape_out": N_("{character} leaves the game"),
    "step_escape_dead": N_("{character} goes to the dead pool"),
    "step_result": N_("{winner} wins the battle in {region}"),
    "step_both_gone": N_("both armies are gone: the attacker loses, the defender's pieces stay"),
    "step_no_army": N_("{side} has no army in {region}: it has lost"),
    "step_turned": N_("{target} changes side and now fights for {side}"),
    "step_ended": N_("no hostile army is left: the battle ends"),
    "calc_region": N_("the contested region"),
    "step_turn": N_("round {round}: {country} acts ({player})"),
    "seat": N_("seat {n}"),
    "step_diplomacy": N_("{character} tries {target}: rolled {die}{plus} against diplomacy {dip}: {result}"),
    "step_produce": N_("{country} produces {strength} strength in {region}"),
    "step_move": N_("{leader} leads {moving} from {src} into {dst}"),
    "step_joins": N_("{character} joins {country} in {region}"),
    "step_strike": N_("{region} loses {strength} strength"),
    "step_dies": N_("{character} dies"),
    "step_emperor": N_("the emperor goes to {region} with {country}"),
    "step_revival": N_("{country} returns in {region}"),
    "step_assassination": N_("assassination of {character}: rolled {die}, {result}"),
    "step_fate": N_("fate die {die}: {event}"),
    "step_round_end": N_("round {round} ends"),
    # the notes of the bundled files (``NOTES``)
    "note_test_map": N_(
        "Test map written for Junling from the rules' text (seed 001 §3-3-1, §3-3, §3-4); NOT the publisher's"
        " map: regions, borders and values are invented for testing."
    ),
    "note_test_data": N_(
        "Test data written for Junling from the rules' text (seed 001 §3-3-1, §3-3, §3-4); NOT the "
        "publisher's data: regions, borders and values are invented for testing."
    ),
    "note_battle_example": N_(
        "A battle for the calculator; values from the Junling test data, not the publisher's counters."
    ),
    # what a chance event is for (``Chance.what``, with its params)
    "chance_betrayal": N_("betrayal test of {target} by {character}"),
    "chance_strategy": N_("strategy of {character}"),
    "chance_valour": N_("valour of {character}"),
    "chance_melee": N_("melee die of {side}"),
    "chance_capture": N_("capture of {character}"),
    "chance_loyalty": N_("loyalty of {character}"),
    "chance_order_roll": N_("order roll of {player}"),
    "chance_order_marker": N_("order marker"),
    "chance_diplomacy": N_("diplomacy of {character} with {target}"),
    "chance_free_retainer": N_("free retainer"),
    "chance_uprising": N_("uprising in {region}"),
    "chance_uprising_reroll": N_("uprising in {region} (reroll of a 6)"),
    "chance_seek_talent": N_("the 求贤令 die"),
    "chance_fate": N_("fate die"),
    "chance_second_fate": N_("second fate die (左慈)"),
    "chance_warlords_table": N_("the 群雄表 die"),
    "chance_revival": N_("revival roll of {player}"),
    "chance_barbarian_table": N_("the 蛮族袭击表 die"),
    "chance_barbarians": N_("barbarians in {region}"),
    "chance_barbarians_reroll": N_("barbarians in {region} (reroll of a 6)"),
    "chance_assassination": N_("assassination of {character}"),
    # questions of pending decisions (``Decision.what``, with its params)
    "ask_choose_country": N_("choose a country"),
    "ask_home_country": N_("name your home country"),
    "ask_traitor_acts": N_("which traitor acts"),
    "ask_country_acts": N_("which country acts"),
    "ask_diplomacy": N_("diplomacy"),
    "ask_edict_reroll": N_("勅命: reroll the failed test?"),
    "ask_edict_pay": N_("勅命: region paying strength"),
    "ask_production": N_("production"),
    "ask_lead": N_("movement: lead a stack"),
    "ask_take": N_("movement: take pieces, then go"),
    "ask_go_on": N_("movement: stop, go on, or leave pieces here"),
    "ask_next_battle": N_("which battle next"),
    "ask_betrayal_attacker": N_("attacker: betrayal test target"),
    "ask_betrayal_defender": N_("defender: betrayal test target"),
    "ask_retreat_attacker": N_("retreat from {region} (attacker)"),
    "ask_retreat_defender": N_("retreat from {region} (defender)"),
    "ask_captive_joins": N_("country {character} joins"),
    "ask_escape_to": N_("where {character} goes"),
    "ask_controls": N_("country that controls {region}"),
    "ask_split": N_("split {losses} losses among {countries}"),
    "ask_keeps": N_("country that keeps {region}"),
    "ask_armies_go": N_("where {country}'s armies go"),
    "ask_change_home": N_("change your home?"),
    "ask_new_home": N_("choose a new home"),
    "ask_joins_where": N_("where {character} joins"),
    "ask_uprising_region": N_("region of the uprising"),
    "ask_three_visits": N_("三顾茅庐: bring {character}?"),
    "ask_sorcery_die": N_("妖术: keep which die"),
    "ask_retainer_dies": N_("retainer who dies"),
    "ask_emperor_receiver": N_("who receives the emperor"),
    "ask_emperor_host": N_("country that hosts the emperor"),
    "ask_revive_country": N_("country to revive"),
    "ask_revival_region": N_("region of the revival"),
    "ask_retainer_returns": N_("retainer who returns"),
    "ask_famine_region": N_("region of the famine"),
    "ask_assassinate": N_("retainer to assassinate"),
    # labels of a player's actions (:func:`label`)
    "act_pass": N_("Pass"),
    "act_pick": N_("Choose {choice}"),
    "act_edict": N_("Use the imperial edict"),
    "act_diplomacy": N_("Diplomacy: {character} with {country}"),
    "act_place": N_("Produce {strength} in {region}"),
    "act_lead": N_("Lead a stack with {character}"),
    "act_take": N_("Take {piece} along"),
    "act_take_strength": N_("Take {strength} strength of {piece} along"),
    "act_leave": N_("Leave {piece} behind"),
    "act_leave_strength": N_("Leave {strength} strength of {piece} behind"),
    "act_go": N_("Move into {region}"),
    "act_split": N_("Share the losses: {losses}"),
}


NOTES: dict[str, str] = {MESSAGES[code]: code for code in ("note_test_map", "note_test_data", "note_battle_example")}
"""The ``note`` of each bundled file (test map, test data, the calculator's example) → its message code: the
files keep their English note (it is part of their content hash, which logs name); pages say it by its code."""

WORDS: dict[str, str] = {
    "success": N_("success"),
    "failure": N_("failure"),
    "no damage": N_("no damage"),
    "captured": N_("captured"),
    "not captured": N_("not captured"),
    "beheaded": N_("beheaded"),
    "killed": N_("killed"),
    "fails": N_("fails"),
    "nothing": N_("nothing"),
    "out of the game": N_("out of the game"),
    "the dead pool": N_("the dead pool"),
    "off the table: the round ends": N_("off the table: the round ends"),
    "retainer_death": N_("a retainer dies"),
    "recruit": N_("recruitment"),
    "harvest": N_("harvest"),
    "emperor_flees": N_("the emperor flees"),
    "revival": N_("revival"),
    "famine": N_("famine"),
    "yellow_turbans": N_("the Yellow Turbans"),
    "barbarians": N_("barbarian raid"),
    "assassination": N_("assassination"),
}
"""Words a step's parameter may hold (results, fate events), translated when shown; the log keeps the word."""

PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?P<n>\d+) damage"), N_("{n} damage")),
    (re.compile(r"joins (?P<country>.+)"), N_("joins {country}")),
)
"""Parameter values with a part to keep (a number, a country), translated as a template."""


ESCAPES_OFF = {"out of the game": "step_escape_out", "the dead pool": "step_escape_dead"}
"""``step_escape`` to a place off the map (``battle._OFF``) is said as a sentence of its own."""
SEAT_KEYS = frozenset({"player"})
"""Parameters that hold a seat index (0-based in logs and states); said as the seat, counted from 1."""


def reworded(code: str, params: dict[str, Any], lang: str = "en") -> tuple[str, dict[str, Any]]:
    """The code a step is said with: a character's escape off the map is its own sentence ("公孙瓒 leaves the
    game", not "goes to out of the game"), in any ``lang``; the log keeps the code it was written with."""
    if code == "step_escape" and params.get("to") in ESCAPES_OFF:
        return ESCAPES_OFF[params["to"]], params
    return code, params


def _word(value: Any, tr: Any) -> Any:
    return said_word(value, tr, WORDS, PATTERNS)


def text(code: str, params: dict[str, Any] | None = None, lang: str = "en") -> str:
    """The message ``code`` filled with ``params`` (``str.format``), in English or (``zh``) Chinese; result and
    event words in the parameters are translated too.

    >>> text("not_adjacent", {"a": "洛阳", "b": "成都"}, "zh")
    '成都 与 洛阳 不相邻'
    >>> text("step_fate", {"die": 3, "event": "harvest"}, "zh")
    '天命骰 3：丰收'
    >>> text("ask_split", {"losses": 2, "countries": ["魏", "吴"]}, "zh")
    '在 魏、吴 之间分配 2 点损失'
    """
    code, params = reworded(code, said_params(params, lang, text, label))
    params = {k: seat_name(v, lang) if k in SEAT_KEYS else v for k, v in params.items()}
    template = MESSAGES.get(code, code)
    if lang == "en":
        return template.format(**{k: _listed(v, ", ") for k, v in (params or {}).items()})
    tr = catalogue(lang).gettext
    return tr(template).format(**{k: _listed(_word(v, tr), "、") for k, v in (params or {}).items()})


def seat_name(seat: Any, lang: str = "en") -> Any:
    """A seat index (0-based) as people count it: "seat 1" (the site says it as its seat label)."""
    if not isinstance(seat, int) or isinstance(seat, bool):
        return seat
    template = MESSAGES["seat"] if lang == "en" else catalogue(lang).gettext(MESSAGES["seat"])
    return template.format(n=seat + 1)


def _listed(value: Any, sep: str) -> Any:
    """A list parameter (the countries sharing losses) joined."""
    return sep.join(map(str, value)) if isinstance(value, (list, tuple)) else value


def step_text(step: dict[str, Any], lang: str = "en") -> str:
    """One noted step (``{"code", "rule", **params}``) as text."""
    return text(step["code"], step, lang)


CHOICES: dict[str, str] = {"edict": "act_edict"}
"""Picks of a word (not a name) with a label of their own."""


def label_code(action: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A player's action (its JSON) as a label code with params."""
    kind = str(action.get("type", ""))
    params = {k: v for k, v in action.items() if k != "type"}
    if kind == "pick" and params.get("choice") in CHOICES:
        return CHOICES[params["choice"]], {}
    if kind in ("take", "leave") and params.get("strength"):
        kind += "_strength"
    return "act_" + kind, params


def label(action: dict[str, Any], lang: str = "en") -> str:
    """A player's action in words (the label of its button).

    >>> label({"type": "take", "piece": "刘备", "strength": 3}, "zh")
    '带上 刘备 的 3 兵力'
    """
    code, params = label_code(action)
    return text(code, params, lang) if code in MESSAGES else " ".join([code, *map(str, params.values())])
