"""Refusal, narration and question codes of the 文禄朝鲜之役 engine: code → English template (``%(name)s`` fields),
the msgid of the engine's Chinese catalogue (``engine/locale/zh_Hans/LC_MESSAGES/django.po``).

The engine keeps codes with parameters (``Board.steps``: ``{"code", "rule", "params"}``); :func:`text` renders
one in English or Chinese. Side and nation words in parameters (``japan``, ``allies``) are translated too.

>>> text("wenlu.step.loss.reduced", {"side": "japan", "counter": "小西军1"})
'the Japanese: 小西军1 takes a loss and is flipped (reduced)'
>>> text("wenlu.step.loss.reduced", {"side": "japan", "counter": "小西军1"}, "zh")
'日本军：小西军1 受到损耗，翻面'
"""

from __future__ import annotations

from typing import Any

from engine.boardgame.errors import said_params
from engine.messages import N_, catalogue

WORDS: dict[str, str] = {
    # the march die's modifiers (§7.1(1), ``march.modifiers``)
    "mod.early_turns": N_("§7.1(1)① game turns 1–8"),
    "mod.hanseong": N_("§7.1(1)② the Allies hold Hanseong"),
    "mod.king_in_hanseong": N_("§7.1(1)② the King is in Hanseong"),
    "mod.king_abroad": N_("§7.1(1)② the King is not in Korea"),
    "japan": N_("the Japanese"),
    "allies": N_("the Allies"),
    "korea": N_("Korea"),
    "ming": N_("Ming"),
    "japan + allies": N_("both sides"),
    "replacement": N_("replacement"),
    "king": N_("king"),
    "prince": N_("prince"),
}
"""Words a parameter may hold, translated when shown."""

MESSAGES: dict[str, str] = {
    # refusals
    "wenlu.refusal.game_over": N_("the game is over"),
    "wenlu.refusal.chance_due": N_("a chance event is due (%(what)s): only its outcome can be entered"),
    "wenlu.refusal.not_chance": N_("no chance event is due: %(action)s is not a player's action"),
    "wenlu.refusal.not_an_outcome": N_("%(action)s is not a possible outcome of %(what)s"),
    "wenlu.refusal.not_offered": N_("%(action)s is not one of the choices for %(what)s"),
    "wenlu.refusal.unknown_action": N_("%(action)s is not an action of 文禄朝鲜之役"),
    # the notes of the bundled files (``NOTES``)
    "wenlu.note.test_map": N_(
        "Test map written for Junling from the rules' text (seed 003 §2.4, §4.0, §7.1, §10, §11.1, §12.1, the"
        " card texts); NOT the publisher's map: the regions are the places the text names plus one or two "
        "capitals per province (道) so that §4.0 adds up (8 governors + 7 units = 15 capitals, 京畿道 1, the "
        "others 2), and roads, their classes and mountain roads are invented for testing."
    ),
    "wenlu.note.test_data": N_(
        "Test data written for Junling from seed 003 §4.0 and the worked examples (立花宗茂 FA 5, 生驹亲正 FA 2, "
        "§8.1(4)); NOT the publisher's counter sheet: the other values, the Japanese generals beyond §4.0, "
        "the righteous generals' names and areas, the replacement pool's size and the card counts are "
        "invented for testing. §4.0's 'a-b' is read FA-morale here (ruling W24)."
    ),
    "wenlu.note.battle_example": N_(
        "§8.1(4)'s worked example (立花宗茂 FA 5 and 生驹亲正 FA 2 with a unit each, and a 小西 unit without its "
        "general) against a Korean force at 尚州, which came from 釜山; the dice are a table's, transcribed. "
        "Counter values other than the example's are not the publisher's."
    ),
    # what a chance event is for (``Chance.what``, with its params)
    "wenlu.chance.activation": N_("activation marker"),
    "wenlu.chance.pool": N_("a general from the pool"),
    "wenlu.chance.supply": N_("the 补充 die"),
    "wenlu.chance.epidemic": N_("epidemic die of %(place)s"),
    "wenlu.chance.units": N_("units of %(general)s"),
    "wenlu.chance.attack": N_("attack die of %(general)s"),
    "wenlu.chance.initiative": N_("initiative of %(side)s"),
    "wenlu.chance.march": N_("march die"),
    "wenlu.chance.event_card": N_("event card of %(side)s"),
    # the battle (§8, §13.32)
    "wenlu.step.battle": N_("field battle in %(region)s in the activation of %(active)s"),
    "wenlu.step.round": N_("round %(round)s"),
    "wenlu.step.leader": N_("%(side)s: the battle commander is %(general)s (FA %(fa)s)"),
    "wenlu.step.stalemate": N_("neither side can hit: the battle stops, both stay and nobody controls the region"),
    "wenlu.step.declare": N_("%(side)s declare a retreat: they do not attack this round"),
    "wenlu.step.no_attack": N_("both sides declared a retreat: nobody attacks"),
    "wenlu.step.alone": N_("%(side)s attack alone, without initiative dice"),
    "wenlu.step.surprise": N_("Surprise: in the first round only the Japanese attack"),
    "wenlu.step.initiative": N_(
        "initiative: the Japanese roll %(japan)s (+%(japan_bonus)s), the Allies %(allies)s (+%(allies_bonus)s): "
        "%(attackers)s attack"
    ),
    "wenlu.step.attack": N_(
        "%(side)s: %(general)s (FA %(base)s, modifiers %(mods)s: %(fa)s) rolls %(dice)s dice "
        "(itself and %(units)s unit(s)): %(rolls)s, %(hits)s hit(s)"
    ),
    "wenlu.step.loss.reduced": N_("%(side)s: %(counter)s takes a loss and is flipped (reduced)"),
    "wenlu.step.loss.removed": N_("%(side)s: %(counter)s takes a loss and leaves the game"),
    "wenlu.step.loss.replacement": N_("%(side)s: %(counter)s takes a loss and goes to the replacement pool"),
    "wenlu.step.loss_excess": N_("%(side)s have no counter left for %(points)s more loss point(s): they are lost"),
    "wenlu.step.retreat": N_("%(side)s: %(general)s retreats with %(n)s counter(s) to %(to)s"),
    "wenlu.step.retreat_blocked": N_("%(side)s: %(general)s's group has no region to retreat to now and stays"),
    "wenlu.step.retreat_unled": N_("%(side)s: %(n)s counter(s) without a general cannot retreat and stay"),
    "wenlu.step.result.japan": N_("the Japanese win the field battle in %(region)s"),
    "wenlu.step.result.allies": N_("the Allies win the field battle in %(region)s"),
    "wenlu.step.result.none": N_("the field battle in %(region)s has no winner"),
    "wenlu.step.siege": N_("siege battle in %(region)s: %(garrison)s in the castle, %(besiegers)s besieging"),
    "wenlu.step.siege_none": N_("no besieger in %(region)s may fight the siege battle this activation"),
    "wenlu.step.siege_halved": N_("the besiegers' %(hits)s hit(s) are halved, at most 1: %(dealt)s loss(es)"),
    "wenlu.step.siege_held": N_("the castle of %(region)s holds with %(left)s counter(s): besieged"),
    "wenlu.step.siege_taken": N_("the castle of %(region)s falls: the besieger controls it"),
    # the course of the game (§5–§7, §10–§12)
    "wenlu.step.turn": N_("game turn %(turn)s begins"),
    "wenlu.step.activation": N_("the marker of %(nation)s is drawn"),
    "wenlu.step.march_points": N_("march die %(die)s, modifiers %(mods)s: %(points)s march point(s)"),
    "wenlu.step.supply_cut": N_("supply cut: %(generals)s"),
    "wenlu.step.replace": N_("%(counter)s enters in %(region)s"),
    "wenlu.step.restore": N_("%(counter)s is restored"),
    "wenlu.step.march": N_("%(general)s leads %(n)s counter(s) from %(src)s to %(dst)s (%(cost)s point(s))"),
    "wenlu.step.leave": N_("%(general)s leaves %(counter)s in %(region)s"),
    "wenlu.step.sortie": N_("the garrison of %(region)s (%(n)s counter(s)) marches out of the castle into the field"),
    "wenlu.step.dissolve": N_("%(counter)s in %(region)s is dissolved and goes back to the replacement pool"),
    "wenlu.step.card": N_("%(side)s play %(card)s"),
    "wenlu.step.cancelled": N_("%(card)s is cancelled by 加藤清正虎退治: it and its cost do nothing"),
    "wenlu.step.promoted": N_("%(general)s is promoted to commander-in-chief"),
    "wenlu.step.card_gained": N_("the Japanese gain an event card (%(why)s)"),
    "wenlu.step.peace": N_("the peace marker moves to turn %(turn)s"),
    "wenlu.step.arrive": N_("%(counter)s arrives (%(where)s)"),
    "wenlu.step.end": N_("the game ends: the Japanese %(japan)s, the Allies %(allies)s"),
    "wenlu.step.sudden": N_("the Japanese reach 9 points: sudden victory"),
    # the battle calculator's summary (python -m engine battle wenlu)
    "wenlu.cli.winner": N_("winner: %(side)s"),
    "wenlu.cli.no_winner": N_("winner: none"),
    "wenlu.cli.losses": N_("losses of %(side)s: %(list)s"),
    "wenlu.cli.retreat": N_("retreat: %(side)s, %(general)s with %(n)s counter(s) to %(to)s"),
    "wenlu.cli.removed": N_("removed from the game: %(counter)s"),
    "wenlu.cli.siege_taken": N_("siege: the castle falls"),
    "wenlu.cli.siege_held": N_("siege: the castle holds with %(n)s counter(s)"),
    "wenlu.cli.dice": N_("dice: %(dice)s"),
    "wenlu.result.reduced": N_("reduced"),
    "wenlu.result.removed": N_("removed"),
    "wenlu.result.replacement": N_("to the replacement pool"),
    # questions of pending decisions (``Decision.what``, with its params)
    "wenlu.ask.card_before": N_("event card (before the march die)"),
    "wenlu.ask.card_after": N_("event card (after the march die)"),
    "wenlu.ask.card_any_time": N_("event card (at any time, between steps)"),
    "wenlu.ask.cancel": N_("play 加藤清正虎退治 to cancel %(card)s?"),
    "wenlu.ask.surprise": N_("play 奇袭 in %(region)s?"),
    "wenlu.ask.ambush": N_("play 伏兵 in %(region)s?"),
    "wenlu.ask.promotion": N_("play 官位晋升 after %(region)s?"),
    "wenlu.ask.restore_card": N_("counter to restore (补充)"),
    "wenlu.ask.castle_marker": N_("region for the castle marker"),
    "wenlu.ask.rise_general": N_("righteous general to rise"),
    "wenlu.ask.rise_where": N_("where %(general)s rises"),
    "wenlu.ask.commander": N_("battle commander (主将) of %(side)s"),
    "wenlu.ask.loss": N_("loss %(i)s of %(n)s (%(side)s)"),
    "wenlu.ask.retreat_to": N_("where the group of %(general)s retreats"),
    "wenlu.ask.retreat_leader": N_("retreat: which general leads the next group"),
    "wenlu.ask.declare_retreat": N_("declare a retreat (%(side)s)?"),
    "wenlu.ask.man_castle": N_("Korean counter into the castle of %(region)s"),
    "wenlu.ask.next_battle": N_("next battle"),
    "wenlu.ask.replacement": N_("replacement: region"),
    "wenlu.ask.restore_ming": N_("restore a Ming counter"),
    "wenlu.ask.general": N_("general to march"),
    "wenlu.ask.group": N_("group of %(general)s"),
    "wenlu.ask.march_on": N_("%(general)s marches on"),
    # labels of a player's actions (:func:`label`)
    "wenlu.act.pass": N_("Pass"),
    "wenlu.act.pick": N_("Choose %(choice)s"),
    "wenlu.act.retreat": N_("Declare a retreat"),
    "wenlu.act.take": N_("Add %(x)s to the group"),
    "wenlu.act.leave": N_("Leave %(x)s here"),
    "wenlu.act.dissolve": N_("Dissolve a Korean unit in %(x)s"),
    "wenlu.act.sortie": N_("March the garrison of %(x)s out into the field"),
}

NOTES: dict[str, str] = {
    MESSAGES[code]: code for code in ("wenlu.note.test_map", "wenlu.note.test_data", "wenlu.note.battle_example")
}
"""The ``note`` of each bundled file (test map, test data, the calculator's example) → its message code: the
files keep their English note (it is part of their content hash, which logs name); pages say it by its code."""


def reworded(code: str, params: dict[str, Any], lang: str = "en") -> tuple[str, dict[str, Any]]:
    """The params a step is said with in ``lang``: the march die's modifiers (``"+2 mod.early_turns, +1
    mod.hanseong"``: values and words of :data:`WORDS`) as a phrase of ``lang``; a modifier written otherwise
    (logs before these words kept the reason in Chinese) is said as written."""
    mods = params.get("mods")
    if code != "wenlu.step.march_points" or not isinstance(mods, str) or "mod." not in mods:
        return code, params
    tr = catalogue(lang).gettext
    said = []
    for mod in mods.split(", "):
        value, _, why = mod.partition(" ")
        said.append(f"{value} {tr(WORDS[why])}" if why in WORDS else mod)
    sep = "、" if lang.lower().startswith("zh") else ", "
    return code, {**params, "mods": sep.join(said)}


def text(code: str, params: dict[str, Any] | None = None, lang: str = "en") -> str:
    """The message ``code`` filled with ``params``, in English or (``zh``) Chinese."""
    code, params = reworded(code, said_params(params, lang, text, label), lang)
    tr = catalogue(lang).gettext
    values = {k: tr(WORDS[v]) if isinstance(v, str) and v in WORDS else v for k, v in (params or {}).items()}
    template = MESSAGES.get(code, code)
    try:
        return tr(template) % values
    except (KeyError, ValueError, TypeError):
        return template % values if values else template


def step_text(step: dict[str, Any], lang: str = "en") -> str:
    """One noted step (``{"code", "rule", "params"}``) as text."""
    return text(step["code"], step.get("params", {}), lang)


CHOICES = ("retreat",)
"""Picks of a word (not a name) with a label of their own."""
PREFIXES = ("take", "leave", "dissolve", "sortie")
"""Picks of ``prefix:name`` (``groups.TAKE``, ``march.LEAVE``, ``cards.DISSOLVE``, ``march.SORTIE``)."""


def label_code(action: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A player's action (its JSON) as a label code with params."""
    kind = str(action.get("type", ""))
    choice = str(action.get("choice", ""))
    if kind == "pick":
        if choice in CHOICES:
            return "wenlu.act." + choice, {}
        prefix, sep, rest = choice.partition(":")
        if sep and prefix in PREFIXES:
            return "wenlu.act." + prefix, {"x": rest}
        return "wenlu.act.pick", {"choice": choice}
    return "wenlu.act." + kind, {k: v for k, v in action.items() if k != "type"}


def label(action: dict[str, Any], lang: str = "en") -> str:
    """A player's action in words (the label of its button).

    >>> label({"type": "pick", "choice": "sortie:釜山"}, "zh")
    '釜山 的守军出城野战'
    """
    code, params = label_code(action)
    return text(code, params, lang) if code in MESSAGES else " ".join([code, *map(str, params.values())])
