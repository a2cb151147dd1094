"""Setup refusals and steps of 三国智: code → English template, the msgid of the engine's Chinese catalogue
(``engine/locale/zh_Hans/LC_MESSAGES/django.po``); :func:`text` renders one in English or Chinese.

>>> text("sanguozhi.setup.hand_size", {"held": 5, "size": 6})
'the starting hand holds 5 cards; every player draws 6'
>>> text("sanguozhi.setup.slot_filled", {"slot": {"slot": "commander"}, "name": "曹操"}, "zh")
'主将槽中有 曹操：开局时将领、谋略与兵权槽都是空的'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.messages import N_, catalogue

SLOT_WORDS: dict[str, str] = {
    "commander": N_("the 主将 (commander) slot"),
    "strategist": N_("the 军师 (strategist) slot"),
    "lieutenants": N_("the 副将 (lieutenant) slots"),
    "schemes": N_("the 谋略 (scheme) slots"),
    "command:步兵": N_("the 步兵 兵权 (infantry command) slot"),
    "command:弓兵": N_("the 弓兵 兵权 (archer command) slot"),
    "command:骑兵": N_("the 骑兵 兵权 (cavalry command) slot"),
    "command:谋士": N_("the 谋士 兵权 (scholar command) slot"),
}

MESSAGES: dict[str, str] = {
    "sanguozhi.player": N_("player %(n)s"),
    "sanguozhi.none": N_("none"),
    "sanguozhi.ok": N_("A legal opening table of this deck (seed 004 §1.2)."),
    "sanguozhi.impossible": N_("Not a legal setup: %(rule)s (at %(where)s): %(reason)s"),
    # the setup checker
    "sanguozhi.setup.shape": N_("%(where)s: expected %(expected)s"),
    "sanguozhi.setup.unknown_card": N_("no card named %(name)s in the card database"),
    "sanguozhi.setup.deck": N_("the deck breaks a deck rule: %(reason)s"),
    "sanguozhi.setup.hand_size": N_("the starting hand holds %(held)s cards; every player draws %(size)s"),
    "sanguozhi.setup.not_in_camp": N_(
        "%(name)s is in the hand or the camp more often than in the shuffled deck (events never are)"
    ),
    "sanguozhi.setup.camp_count": N_(
        "the deck has %(deck)s cards; camp %(camp)s + hand %(hand)s leaves %(missing)s unplaced"
    ),
    "sanguozhi.setup.events": N_("the 事件 slot holds %(have)s; it holds the deck's events face down: %(want)s"),
    "sanguozhi.setup.formations": N_(
        "the 阵型 slot holds %(have)s; it holds the deck's formations face down: %(want)s"
    ),
    "sanguozhi.setup.granary": N_("the 粮仓 holds %(have)s; it holds the deck's grain cards face up: %(want)s"),
    "sanguozhi.setup.graveyard": N_("the graveyard holds %(count)s cards: nothing is placed there in setup"),
    "sanguozhi.setup.slot_count": N_("%(slot)s number %(have)s; a player starts with %(want)s"),
    "sanguozhi.setup.command_type": N_("%(type)s is not a 兵权 slot; they are %(types)s"),
    "sanguozhi.setup.slot_filled": N_("%(slot)s holds %(name)s: general, scheme and 兵权 slots start empty"),
    "sanguozhi.setup.grain": N_("starting grain is %(want)s, not %(have)s"),
    "sanguozhi.setup.grain_cap": N_("the grain cap starts at %(want)s, not %(have)s"),
    "sanguozhi.setup.hand_limit": N_("the hand limit is %(want)s, not %(have)s"),
    "sanguozhi.refusal.not_your_choice": N_("it is %(due)s's mulligan choice, not %(player)s's"),
    "sanguozhi.refusal.choice": N_("%(choice)s is not a choice: keep, or take the one mulligan"),
    # the command line's table
    "sanguozhi.cli.side": N_(
        "%(player)s — hand: %(hand)s; camp: %(camp)s cards; events: %(events)s; formations: %(formations)s; "
        "grain %(grain)s/%(cap)s; starting hand: %(mulligan)s"
    ),
    "sanguozhi.cli.hidden": N_("%(count)s face down"),
    "sanguozhi.cli.names": N_("%(names)s"),
    "sanguozhi.cli.undecided": N_("not yet confirmed"),
    "sanguozhi.cli.kept": N_("kept"),
    "sanguozhi.cli.taken": N_("mulligan taken"),
    # the simulator's steps
    "sanguozhi.step.fix": N_("%(player)s fixes a deck of %(count)s cards and %(events)s event(s)"),
    "sanguozhi.step.shuffle": N_("%(by)s shuffles %(player)s's deck"),
    "sanguozhi.step.shuffle_pass": N_("%(by)s passes on shuffling %(player)s's deck"),
    "sanguozhi.step.place": N_(
        "%(player)s places %(camp)s cards face down in 营地, %(events)s event(s) face down in 事件, "
        "%(formations)s formation(s) face down in 阵型, %(grain_cards)s grain card(s) face up in 粮仓"
    ),
    "sanguozhi.step.roll": N_("order roll (d6): %(rolls)s"),
    "sanguozhi.step.order": N_("%(first)s rolled highest and goes first; action order %(order)s"),
    "sanguozhi.step.grain": N_("%(player)s starts with %(grain)s grain (cap %(cap)s)"),
    "sanguozhi.step.draw": N_("%(player)s draws %(count)s cards"),
    "sanguozhi.step.keep": N_("%(player)s keeps the starting hand"),
    "sanguozhi.step.mulligan": N_("%(player)s takes the mulligan: the 6 cards go back into the deck"),
    "sanguozhi.step.ready": N_(
        "every starting hand is confirmed: the turns begin (§1.2.7; the turn is not in these pages)"
    ),
}
"""Every code of the 三国智 setup, with its English template."""

PLAYER_KEYS = frozenset({"player", "by", "first", "due"})
"""Parameters that name a player (shown as "player N")."""


def text(code: str, params: Mapping[str, Any] | None = None, lang: str = "en") -> str:
    """``code`` with ``params`` in ``lang`` (``en`` or ``zh``)."""
    tr = catalogue(lang).gettext
    values = {k: _param(k, v, lang) for k, v in (params or {}).items()}
    template = tr(MESSAGES.get(code, code))
    try:
        return template % values
    except (KeyError, ValueError, TypeError):
        return MESSAGES.get(code, code)


def _param(key: str, value: Any, lang: str) -> str:
    tr = catalogue(lang).gettext
    if isinstance(value, Mapping):
        if "slot" in value:
            return tr(SLOT_WORDS.get(str(value["slot"]), str(value["slot"])))
        if "names" in value:
            names = [str(n) for n in value["names"]]
            return "、".join(names) if names else tr(MESSAGES["sanguozhi.none"])
        if "en" in value:
            return str(value["zh"] if lang.lower().startswith("zh") else value["en"])
    if key in PLAYER_KEYS and isinstance(value, int) and not isinstance(value, bool):
        return tr(MESSAGES["sanguozhi.player"]) % {"n": value + 1}  # seats counted from 1 (the log's index + 1)
    return str(value)
