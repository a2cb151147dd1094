"""What the engine says, as codes with parameters: refusals, game ends, narration, verdict problems.

The engine never writes a sentence for a person. It returns a :class:`Message` ``(code, params)``;
the catalogue :data:`MESSAGES` holds each code's English template once, and a :class:`Reader`
turns a message into text in one language for one reader. The Chinese catalogue is
``engine/locale/zh_Hans/LC_MESSAGES/django.po``: the command line reads it with the standard
``gettext`` module, the site with Django's (it is on ``LOCALE_PATHS``), so both say the same.

Parameters are JSON values; a few shapes are references the reader resolves:

- ``{"card": 12, "name": "关羽"}`` a card of the game (``card``: its id, ``name``: canonical name);
  a reader who cannot see card 12 reads "a card you cannot see".
- ``{"name": "关羽"}`` a card name alone (a name said aloud, a name in a log).
- ``{"cards": [card, ...]}`` several cards; ``{"seat": 0}`` a player; ``{"zone": "border", "owner": 0}``
  a zone of a player's side; ``{"term": code}`` a word of the catalogue; ``{"msg": code, "params": {...}}``
  a message inside a message; ``{"msgs": [...]}`` several, joined.

>>> m = Message("refusal.not_in_hand", {"card": card(["关羽"], 0)})
>>> render(m)
'关羽 (#0) is not in your hand'
>>> render(m, "zh")
'关羽 (#0) 不在你的手牌中'
>>> Reader("en", visible=set()).render(m)
'a card you cannot see is not in your hand'
"""

from __future__ import annotations

import functools
import gettext
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
"""The engine's translations (``django`` domain, so that Django reads the same catalogue)."""


def N_(text: str) -> str:
    """Marks a template for ``makemessages --keyword=N_``; returns it unchanged."""
    return text


class Message(NamedTuple):
    """A code of :data:`MESSAGES` and its parameters (JSON values, references as described above)."""

    code: str
    params: Mapping[str, Any] = {}

    def __str__(self) -> str:
        return render(self)

    def to_json(self) -> list[Any]:
        """``[code, params]``, as stored and sent."""
        return [self.code, dict(self.params)]

    def param(self) -> dict[str, Any]:
        """This message as the parameter of another."""
        return {"msg": self.code, "params": dict(self.params)}

    @classmethod
    def from_json(cls, data: Any) -> Message:
        """The inverse of :meth:`to_json` (also takes a ``{"code", "params"}`` dict)."""
        if isinstance(data, Mapping):
            return cls(str(data["code"]), dict(data.get("params") or {}))
        code, params = data
        return cls(str(code), dict(params or {}))


# --- building parameters ------------------------------------------------------------------------------------


def card(names: Sequence[str], c: Any) -> dict[str, Any]:
    """A reference to the card ``c`` of a game whose names are ``names`` (``state.names``)."""
    if isinstance(c, int) and not isinstance(c, bool) and 0 <= c < len(names):
        return {"card": c, "name": names[c]}
    return {"unknown": repr(c)}


def cards(names: Sequence[str], cs: Iterable[Any]) -> dict[str, Any]:
    """References to several cards."""
    return {"cards": [card(names, c) for c in cs]}


def seat(player: Any) -> dict[str, Any]:
    """A player, by seat (0 or 1)."""
    return {"seat": player}


def zone(z: Any, owner: int) -> dict[str, Any]:
    """A zone of ``owner``'s side."""
    return {"zone": str(getattr(z, "value", z)), "owner": owner}


def term(code: str) -> dict[str, str]:
    """A word of the catalogue (a phase, an action kind, "none")."""
    return {"term": code}


def msg(code: str, **params: Any) -> dict[str, Any]:
    """A message as the parameter of another."""
    return {"msg": code, "params": params}


def text(value: Any) -> str:
    """A value shown as it is written (a field name, a JSON fragment)."""
    return str(value)


# --- the catalogue --------------------------------------------------------------------------------------------

MESSAGES: dict[str, str] = {
    # words
    "word.none": N_("none"),
    "word.hidden_card": N_("a card you cannot see"),
    "word.player": N_("player %(n)s"),
    "word.ruling": N_("ruling %(id)s"),
    "word.list_separator": N_(", "),
    "zone.fortress": N_("自城内"),
    "zone.border": N_("自城外"),
    "zone.enemy_border": N_("敌城外"),
    "phase.commandment": N_("commandment"),
    "phase.coin_flip": N_("coin flip"),
    "phase.initial_draw": N_("initial draw"),
    "phase.draw": N_("draw"),
    "phase.main": N_("main"),
    "phase.response": N_("response"),
    "phase.upkeep": N_("upkeep"),
    "phase.hand_limit": N_("hand limit"),
    "phase.choice": N_("choice"),
    "phase.naming": N_("naming"),
    "phase.over": N_("game over"),
    "action.coin_flip": N_("coin flip"),
    "action.reveal": N_("reveal"),
    "action.choose_commandment": N_("choose a commandment"),
    "action.recruit": N_("recruit"),
    "action.equip": N_("equip"),
    "action.event": N_("event"),
    "action.tactic": N_("tactic"),
    "action.advantage": N_("advantage"),
    "action.activate": N_("activate"),
    "action.move": N_("move"),
    "action.melee": N_("melee"),
    "action.siege": N_("siege"),
    "action.end_turn": N_("end turn"),
    "action.counter": N_("counter"),
    "action.pass": N_("pass"),
    "action.discard": N_("discard"),
    "action.choose": N_("choose"),
    "action.name_cards": N_("name cards"),
    # a log, an action or a state that cannot be read back (engine.game.errors.LogError, engine.log)
    "log.action_not_object": N_("an action must be a JSON object, not %(type)s"),
    "log.unknown_action_type": N_("unknown action type %(kind)s (one of %(kinds)s)"),
    "log.missing_field": N_("%(kind)s: the field %(field)s is missing"),
    "log.bad_value": N_("%(kind)s: the field %(field)s has a bad value %(value)s"),
    "log.unknown_field": N_("%(kind)s: unknown field %(field)s"),
    "log.state_format": N_("unknown state format %(got)s; expected %(want)s"),
    "log.state_other_database": N_("the state was made with another card database (content hash differs)"),
    "log.state_malformed": N_("malformed state: %(error)s: %(detail)s"),
    "log.state_card_twice": N_("impossible state: %(card)s is in two areas (%(areas)s); a card is in one area (§3.2)"),
    "log.state_card_nowhere": N_("impossible state: %(card)s is in no area; every card is in one area (§3.2)"),
    "log.state_no_card": N_("impossible state: %(card)s in %(area)s is not a card of this game (ids 0 to %(last)s)"),
    "log.state_zones": N_("impossible state: the generals on the battlefield and their zones differ"),
    "log.recorder_not_new": N_("a recorder starts with a new game (the state has actions already)"),
    "log.bad_seed": N_("the seed must be an integer from 0 to 2**63 - 1, not %(seed)s"),
    "log.finished": N_("the log is finished: no more actions"),
    "log.too_big": N_("the log is %(size)s bytes; the limit is %(limit)s bytes"),
    "log.over_limit": N_("the log is over the limit of %(limit)s bytes"),
    "log.not_json_input": N_("a log is JSON bytes, text or a dict, not %(type)s"),
    "log.empty": N_("the log is empty"),
    "log.invalid_json": N_("not valid JSON (%(where)s): %(error)s"),
    "log.too_deep": N_("not valid JSON: nested too deeply"),
    # engine/jsonsafe.py: the one JSON reader's refusals (issue 29 point 3)
    "json.syntax": N_("not valid JSON"),
    "json.syntax_at": N_("not valid JSON (line %(line)s, column %(column)s)"),
    "json.encoding": N_("not UTF-8 text"),
    "json.too_deep": N_("nested deeper than %(depth)s levels at %(where)s"),
    "json.out_of_range": N_("a number out of range at %(where)s"),
    "json.nul": N_("a NUL character in the text at %(where)s"),
    "json.nul_key": N_("a NUL character in a key at %(where)s"),
    "log.not_object": N_("a log is a JSON object, not %(type)s"),
    "log.card_ref_type": N_("a card is a name or an id, not %(ref)s"),
    "log.no_such_id": N_("there is no card #%(id)s in this game (ids 0 to %(last)s)"),
    "log.ref_no_such_id": N_("%(ref)s: no card #%(id)s in this game (ids 0 to %(last)s)"),
    "log.ref_wrong_name": N_("%(ref)s: card #%(id)s is %(is)s, not %(name)s"),
    "log.unknown_card": N_("unknown card %(name)s (not in the card database)"),
    "log.absent_card": N_("no card named %(name)s is in either player's deck or command pool"),
    "log.entry_not_object": N_("an action is a JSON object, not %(type)s"),
    "log.card_list_expected": N_("a list of cards is expected, not %(ref)s"),
    # the controls of a player's table: what each legal action offers (engine.game.narrate.label)
    "control.choose_commandment": N_("Choose the commandment %(card)s"),
    "control.choose_commandment.none": N_("No commandment"),
    "control.recruit": N_("Recruit %(card)s (cost %(count)s)"),
    "control.equip": N_("Equip %(card)s on %(general)s"),
    "control.event": N_("Play the event %(card)s"),
    "control.tactic": N_("%(executor)s executes %(card)s"),
    "control.advantage": N_("Place the advantage %(card)s"),
    "control.activate": N_("Activate the effect of %(source)s"),
    "control.event.target": N_("Play the event %(card)s on %(target)s"),
    "control.event.target2": N_("Play the event %(card)s on %(target)s and %(target2)s"),
    "control.tactic.target": N_("%(executor)s executes %(card)s against %(target)s"),
    "control.activate.target": N_("Activate the effect of %(source)s on %(target)s"),
    "control.move": N_("Move %(general)s to %(to)s"),
    "control.melee": N_("%(attacker)s attacks %(defender)s"),
    "control.siege": N_("%(general)s besieges (ruling G7)"),
    "control.end_turn": N_("End turn"),
    "control.counter": N_("Answer with the counter %(card)s"),
    "control.pass": N_("Let it resolve"),
    "control.discard": N_("Discard down to the hand limit"),
    "control.choose": N_("Choose the cards the text asks for"),
    "control.name_cards": N_("Name the cards your commandment forbids the enemy"),
    "control.other": N_("%(kind)s"),
    "group.respond": N_("Response window"),
    "group.setup": N_("Commandment"),
    "group.discard": N_("Hand limit"),
    "group.recruit": N_("Recruit (兵)"),
    "group.cards": N_("Play a card"),
    "group.activate": N_("Activate"),
    "group.move": N_("Move"),
    "group.attack": N_("Attack and siege"),
    "group.end": N_("End of turn (终)"),
    "group.choice": N_("Card text"),
    "choice.search": N_("找寻"),
    "choice.target": N_("target"),
    "choice.discard": N_("discard"),
    "choice.order": N_("order"),
    "choice.payment": N_("payment"),
    "choice.to_resource": N_("to the bottom of RESOURCE"),
    "choice.may": N_("yes or no"),
    "part.resource": N_("resource"),
    "part.pool": N_("pool"),
    # what a payment pays for
    "what.recruiting": N_("recruiting %(card)s"),
    "what.equipping": N_("equipping %(card)s"),
    "what.playing": N_("playing %(card)s"),
    "what.executing": N_("executing %(card)s"),
    "what.placing": N_("placing %(card)s"),
    "what.activating": N_("activating %(card)s"),
    "what.search": N_("找寻 (§4.1 item 23)"),
    "what.text": N_("a text"),
    # refusals: an action the rules do not allow now
    "refusal.game_over": N_("the game is over: %(reason)s"),
    "refusal.chance_due": N_("a card is being taken from a RESOURCE: a chance event is due"),
    "refusal.no_reveal_pending": N_("no card is being taken from a RESOURCE now"),
    "refusal.reveal.not_in_hand": N_("%(player)s's hand holds no card named %(name)s"),
    "refusal.reveal.not_in_resource": N_(
        "%(player)s's RESOURCE holds no unseen card named %(name)s: it cannot be the next card"
    ),
    "refusal.unknown_action": N_("%(action)s is not an action of this game"),
    "refusal.window_open": N_(
        "%(player)s has a response window open on the %(pending)s of %(card)s: he answers it with a counter card "
        "or passes first, not %(kind)s"
    ),
    "refusal.first_player_no_draw": N_("%(player)s goes first and skips his first draw: no card is drawn on turn 1"),
    "refusal.hand_limit_due": N_(
        "%(player)s holds %(held)s cards over his hand limit of %(limit)s: he discards %(excess)s first, not %(kind)s"
    ),
    "refusal.commandment.from_deck": N_("%(card)s is a commandment (令) in the resource deck: it can never be used"),
    "refusal.recruit.payment": N_("recruiting %(card)s costs %(how)s = %(cost)s hand card(s); %(given)s were given"),
    "cost.printed": N_("printed %(cost)s"),
    "cost.minus_faction": N_("%(before)s − %(count)s own %(faction)s general(s)"),
    "cost.texts": N_("%(before)s %(amount)s (card texts)"),
    "cost.floor": N_("%(before)s, never below 0"),
    "refusal.choice_waits": N_("a card text waits for a choice (%(phase)s): not %(kind)s"),
    "refusal.wrong_phase": N_("%(kind)s is not possible now (it is the %(phase)s phase)"),
    "refusal.not_in_hand": N_("%(card)s is not in your hand"),
    "refusal.banned": N_("%(card)s was named by the enemy's 束缚: you may not use it"),
    "refusal.not_own_general": N_("%(card)s is not one of your generals on the battlefield"),
    "refusal.payment.count": N_("%(what)s costs %(cost)s hand card(s); %(given)s were given"),
    "refusal.payment.twice": N_("%(card)s was given twice: each hand card pays once"),
    "refusal.payment.played_card": N_("%(card)s is the card being played; it cannot pay for itself"),
    "refusal.payment.not_in_hand": N_("%(card)s is not in your hand, so it cannot pay"),
    "refusal.choose.count": N_("%(what)s asks for %(count)s card(s); %(given)s were chosen"),
    "refusal.choose.twice": N_("a card was chosen twice"),
    "refusal.choose.not_offered": N_("%(card)s is not one of the cards %(what)s lets you choose"),
    "refusal.name_cards.count": N_("%(card)s names %(count)s different cards; %(given)s were given"),
    "refusal.name_cards.not_a_name": N_("%(name)s is not a card name"),
    "refusal.name_cards.unknown": N_("%(name)s is not a card of this game's card database"),
    "refusal.discard.count": N_(
        "your hand limit is %(limit)s and you hold %(held)s: discard exactly %(excess)s, not %(given)s"
    ),
    "refusal.discard.twice": N_("a card was named twice"),
    "refusal.commandment.not_in_pool": N_("%(card)s is not in your command pool"),
    "refusal.commandment.not_commandment": N_("%(card)s is not a commandment (令) card"),
    "refusal.coin.bad_player": N_("the coin names player 0 or 1, not %(value)s"),
    "refusal.recruit.not_general": N_("%(card)s is not a general (人): only generals are recruited"),
    "refusal.recruit.name_taken": N_(
        "you already have a general named %(card)s on the battlefield or in CASUALTY (§1.2.1)"
    ),
    "refusal.recruit.zone": N_("%(card)s is recruited into 自城内 (入城); its text allows no other zone"),
    "refusal.equip.not_equipment": N_("%(card)s is not an equipment (物) card"),
    "refusal.equip.not_on_field": N_("%(card)s is not a general on the battlefield"),
    "refusal.equip.enemy_mark": N_("%(card)s bears the 敌 mark: it is equipped on an enemy general only"),
    "refusal.equip.not_yours": N_("%(card)s is not your general"),
    "refusal.equip.armament_slot": N_("%(card)s already carries an armament (§3.6.1 rule B)"),
    "refusal.equip.troop_slot": N_("%(card)s already carries a troop (§3.6.1 rule B)"),
    "refusal.equip.two_slots": N_(
        "%(card)s already carries %(count)s pieces of equipment: a general with two armament slots carries two "
        "armaments, or one armament and one troop, never two armaments and a troop"
    ),
    "refusal.equip.unique": N_("you already have the armament %(card)s on the battlefield: armaments are unique"),
    "refusal.event.is_tactic": N_("%(card)s is a tactic (计略): a tactic is executed through a general"),
    "refusal.event.not_event": N_("%(card)s is not an event (事件)"),
    "refusal.tactic.not_tactic": N_("%(card)s is not a tactic (火计, 水计, 土计 or 奇计)"),
    "refusal.tactic.no_enemy": N_("there is no enemy general in the zone of %(card)s"),
    "refusal.target.none_needed": N_("%(card)s targets no general: it names no target"),
    "refusal.target.none_legal": N_(
        "%(card)s needs %(count)s target(s) and has no legal target now: it cannot be played, nothing is paid"
    ),
    "refusal.target.named_later": N_("%(card)s chooses %(count)s generals when it resolves: name no target now"),
    "refusal.target.missing": N_("%(card)s names its target when it is played, before the enemy may answer: name one"),
    "refusal.target.not_legal": N_("%(target)s is not a legal target of %(card)s"),
    "refusal.target.one_only": N_("%(card)s names one target: name no second general"),
    "refusal.target.pair_missing": N_(
        "%(card)s names both its generals when it is played, before the enemy may answer: name two"
    ),
    "refusal.target.pair_same": N_("%(card)s names two different generals, not %(target)s twice"),
    "refusal.target.pair_zones": N_(
        "%(card)s names two generals in one zone: %(a)s and %(b)s stand in different zones"
    ),
    "refusal.target.pair_mark": N_(
        "%(card)s names two generals, at least one with the %(mark)s mark: neither %(a)s nor %(b)s has it"
    ),
    "refusal.advantage.not_advantage": N_("%(card)s is not an advantage (优) card"),
    "refusal.counter.not_counter": N_("%(card)s is not a counter (特) card"),
    "refusal.counter.does_not_answer": N_("%(card)s does not answer a %(kind)s action"),
    "refusal.activate.not_on_field": N_("%(card)s is not your general or equipment on the battlefield"),
    "refusal.activate.no_effect": N_("%(card)s has no active effect (特效)"),
    "refusal.activate.already": N_("the active effect of %(card)s was already activated this turn"),
    "refusal.activate.not_in_enemy_turn": N_("%(card)s has no active effect usable now in the enemy's turn"),
    "refusal.fulfil.none": N_("%(card)s has no condition you can fulfil now"),
    "refusal.fulfil.done": N_("the condition of %(card)s is already fulfilled"),
    "refusal.fulfil.count": N_("%(card)s asks for %(count)s card(s)"),
    "refusal.fulfil.bad_card": N_("%(card)s is not a hand card that fulfils %(source)s"),
    "refusal.ready.fresh_move": N_("%(card)s was recruited this turn and cannot move yet (§3.5 待命)"),
    "refusal.ready.fresh_attack": N_("%(card)s was recruited this turn and cannot attack yet (§3.5 待命)"),
    "refusal.ready.no_move_again": N_("%(card)s may not move again this turn (its text says so)"),
    "refusal.ready.acted": N_("%(card)s has already moved or attacked this turn"),
    "refusal.move.bad_zone": N_("%(zone)s is not a zone a general may enter (never 敌城内)"),
    "refusal.move.same_zone": N_("%(card)s already stands in %(zone)s"),
    "refusal.move.blocked": N_(
        "%(enemies)s enemy general(s) stand in your 自城外 and only %(mine)s of yours would stay there to "
        "block them: move blockers to 自城外 first (ruling G4)"
    ),
    "refusal.move.retreat_only": N_("%(card)s may move again this turn only to retreat (的卢)"),
    "refusal.move.swamp": N_("沼泽: no general may move from 自城内 straight to 敌城外"),
    "refusal.melee.not_enemy": N_("%(card)s is not an enemy general on the battlefield"),
    "refusal.melee.not_same_zone": N_("%(attacker)s and %(defender)s do not stand in the same zone (§3.7.1 A)"),
    "refusal.siege.not_enemy_border": N_("%(card)s does not stand in 敌城外 (§3.7.1 siege rule 1)"),
    "refusal.siege.forbidden": N_("%(card)s may not besiege (its text or its equipment's says so)"),
    "refusal.siege.held": N_("an enemy general stands in 敌城外: no siege while it holds (§3.7.1 rule 2)"),
    # how a game ends (§1.4); the English texts are those of older logs' results, keep them
    "termination.no_card_to_draw": N_("%(player)s has no RESOURCE card to draw at the start of his turn"),
    "termination.cannot_pay_depletion": N_("%(player)s must deplete %(amount)s RESOURCE cards but has only %(have)s"),
    "termination.cannot_pay_upkeep": N_(
        "%(player)s must pay an upkeep of %(cost)s RESOURCE cards but has only %(have)s"
    ),
    "termination.special_victory": N_("%(card)s fulfilled its special victory"),
    "termination.undeclared_faction": N_(
        "%(player)s played %(card)s of the faction %(faction)s, which he did not declare (declared: %(declared)s)"
    ),
    "termination.concession": N_("%(player)s conceded"),
    # ends the site's referee decides outside the rules (matches.services.play.clock): recorded in the log's header
    "termination.time": N_("%(player)s ran out of time"),
    "termination.abandonment": N_("%(player)s abandoned the game"),
    "termination.draw_agreed": N_("The players agreed a draw"),
    "outcome.wins": N_("%(player)s wins: %(reason)s (%(rule)s)"),
    # narration: what happens, as each reader may hear it (engine.game.narrate.describe)
    "narrate.coin_flip": N_("The coin falls: %(player)s goes first (ruling G1)."),
    "narrate.draw": N_("%(player)s draws %(card)s."),
    "narrate.draw_hidden": N_("%(player)s draws a card."),
    "narrate.look_top": N_("%(player)s looks at %(card)s on top of his RESOURCE."),
    "narrate.look_top_hidden": N_("%(player)s looks at the top card of his RESOURCE."),
    "narrate.resource_to_discard": N_("%(player)s puts %(card)s from RESOURCE to DISCARD, face down."),
    "narrate.resource_to_discard_hidden": N_("%(player)s puts the top card of RESOURCE to DISCARD, face down."),
    "narrate.lose_random": N_("%(player)s loses %(card)s from his hand at random, to DISCARD."),
    "narrate.lose_random_hidden": N_("%(player)s loses a card from his hand at random, to DISCARD."),
    "narrate.commandment": N_("%(player)s chooses the commandment %(card)s (face down until the game begins)."),
    "narrate.commandment_hidden": N_("%(player)s chooses a commandment, face down."),
    "narrate.no_commandment": N_("%(player)s chooses no commandment."),
    "narrate.recruit": N_("%(player)s recruits %(card)s into %(zone)s (cost %(cost)s)%(paid)s."),
    "narrate.equip": N_("%(player)s equips %(card)s on %(general)s%(paid)s."),
    "narrate.event": N_("%(player)s plays the event %(card)s%(paid)s."),
    "narrate.tactic": N_("%(general)s of %(player)s executes %(card)s%(paid)s."),
    "narrate.advantage": N_("%(player)s places the advantage %(card)s%(paid)s."),
    "narrate.activate": N_("%(player)s activates the effect of %(card)s%(paid)s."),
    "narrate.event_target": N_("%(player)s plays the event %(card)s on %(target)s%(paid)s."),
    "narrate.event_pair": N_("%(player)s plays the event %(card)s on %(target)s and %(target2)s%(paid)s."),
    "narrate.tactic_target": N_("%(general)s of %(player)s executes %(card)s against %(target)s%(paid)s."),
    "narrate.activate_target": N_("%(player)s activates the effect of %(card)s on %(target)s%(paid)s."),
    "narrate.move": N_("%(player)s moves %(card)s from %(from)s to %(to)s."),
    "narrate.melee": N_("%(attacker)s (Might %(might_a)s) attacks %(defender)s (Might %(might_d)s)."),
    "narrate.siege": N_("%(card)s besieges %(enemy)s's RESOURCE (ruling G7)."),
    "narrate.siege_depletes": N_("The siege of %(card)s depletes %(amount)s card(s) of %(enemy)s's RESOURCE."),
    "narrate.melee_won": N_("%(winner)s wins the melee: %(loser)s goes to CASUALTY."),
    "narrate.melee_both": N_("The melee is a tie: %(attacker)s and %(defender)s both go to CASUALTY (§3.7.1 E)."),
    "narrate.melee_none": N_("The melee ends with no general falling: %(attacker)s and %(defender)s stay."),
    "narrate.to_casualty": N_("%(card)s goes to CASUALTY."),
    "narrate.draw_recycled": N_("%(player)s takes %(card)s from his RESOURCE (a card put at its bottom before)."),
    "narrate.draw_recycled_hidden": N_("%(player)s takes a card from his RESOURCE that was put at its bottom before."),
    "narrate.recycled_to_discard": N_(
        "%(player)s puts %(card)s (put at the bottom of RESOURCE before) to DISCARD, face down."
    ),
    "narrate.recycled_to_discard_hidden": N_(
        "%(player)s puts a card that was put at the bottom of RESOURCE before to DISCARD, face down."
    ),
    "narrate.end_turn_texts": N_(
        "%(player)s ends turn %(turn)s; upkeep %(upkeep)s (%(generals)s general(s), changed by %(cards)s)."
    ),
    "narrate.end_turn": N_("%(player)s ends turn %(turn)s; upkeep %(upkeep)s."),
    "narrate.counter": N_("%(player)s answers the %(kind)s with %(card)s%(paid)s."),
    "narrate.counter_target": N_("%(player)s answers the %(kind)s with %(card)s on %(target)s%(paid)s."),
    "narrate.pass": N_("%(player)s lets it resolve."),
    "narrate.discard": N_("%(player)s discards %(cards)s down to the hand limit."),
    "narrate.discard_hidden": N_("%(player)s discards %(count)s card(s) down to the hand limit."),
    "narrate.may_yes": N_("%(player)s says yes."),
    "narrate.may_no": N_("%(player)s says no."),
    "narrate.choose": N_("%(player)s chooses %(cards)s (%(kind)s)."),
    "narrate.choose_hidden": N_("%(player)s chooses %(count)s card(s) (%(kind)s)."),
    "narrate.name_cards": N_("%(player)s names %(names)s: the enemy may not use them."),
    "narrate.other": N_("%(player)s: %(kind)s."),
    "narrate.paid": N_(", paying %(cards)s"),
    "narrate.paid_hidden": N_(", paying %(count)s card(s)"),
    "narrate.end_of_log": N_("The referee closes the log."),
    "narrate.end_of_log_result": N_("The referee closes the log: %(player)s wins (%(reason)s)."),
    "narrate.illegal": N_("Illegal (%(rule)s): %(reason)s"),
    "narrate.unreadable": N_("Unreadable: %(reason)s"),
    # a decklist that cannot be read (engine.decklist)
    "decklist.where": N_("%(file)s, line %(line)s: %(reason)s"),
    "decklist.too_big": N_("the decklist is %(size)s MB; the limit is 1 MB"),
    "decklist.binary_file": N_("this is a binary file or not UTF-8/GBK text, not a decklist"),
    "decklist.control_characters": N_("this is binary data (control characters), not a decklist"),
    "decklist.empty": N_("the decklist is empty"),
    "decklist.too_many_lines": N_("the decklist has %(lines)s lines; the limit is %(limit)s"),
    "decklist.name_missing": N_("a card name is missing"),
    "decklist.hash_in_name": N_("a card name cannot contain '#': %(name)s"),
    "decklist.name_too_long": N_("the card name is %(length)s characters long; the limit is %(limit)s"),
    "decklist.count_range": N_("the count %(count)s is out of range (1 to %(limit)s)"),
    "decklist.unknown_faction": N_("unknown faction %(faction)s (known: %(known)s)"),
    "decklist.name_after_count": N_("a card name is missing after the count %(count)s"),
    "decklist.count_whole": N_("a count must be a whole number from 1 to %(limit)s: %(line)s"),
    "decklist.no_cards": N_("the decklist names no cards"),
    "decklist.json": N_("not valid JSON: %(error)s at column %(column)s"),
    "decklist.json_shape": N_('expected {"factions": [...], "deck": [...], "pool": [...]}'),
    "decklist.json_key": N_("unknown key %(key)s (expected factions, deck, pool)"),
    "decklist.json_factions": N_('"factions" must be a list of faction names'),
    "decklist.json_section": N_('"%(section)s" must be a list or an object'),
    "decklist.json_item": N_('%(section)s item %(item)s: expected {"name": ..., "count": ...}'),
    "decklist.json_count": N_("%(section)s item %(item)s: the count %(count)s is not a whole number"),
    "decklist.csv_section": N_("unknown section %(section)s (deck, pool or faction)"),
    "decklist.csv_count": N_("the count %(count)s is not a whole number"),
    "decklist.csv": N_("not valid CSV: %(error)s"),
    # a game that cannot be set up (engine.game.setup)
    "setup.unknown_cards": N_("unknown card(s) in the deck: %(names)s"),
    "setup.names_expected": N_("a list of card names is expected, not one string"),
    # the command line (python -m engine play / replay)
    "cli.play.header": N_("Player 0: %(deck0)s (%(bot0)s bot); player 1: %(deck1)s (%(bot1)s bot); seed %(seed)s"),
    "cli.play.turn": N_("-- turn %(turn)s: %(player)s (hand %(hand)s, RESOURCE %(resource)s)"),
    "cli.play.unfinished": N_("The game did not end within %(count)s actions."),
    "cli.play.result": N_("%(player)s wins after %(turns)s turns: %(reason)s (%(rule)s)."),
    "cli.replay.log": N_("Log: %(path)s (%(entries)s entries, %(replayed)s replayed)"),
    "cli.replay.well_formed": N_("Well formed: %(value)s"),
    "cli.replay.authentic": N_(
        "Authentic: %(value)s (signature: %(signature)s; hash chain: %(chain)s; seed: %(seed)s; "
        "card database: %(database)s)"
    ),
    "cli.replay.legal": N_("Legal: %(value)s"),
    "cli.replay.first_illegal": N_("First illegal entry: %(index)s (%(actor)s): %(action)s"),
    "cli.replay.decklists": N_("Decklists: %(value)s"),
    "cli.replay.result": N_("Result: %(player)s wins: %(reason)s (%(rule)s)"),
    "cli.replay.unfinished": N_("Result: %(reason)s"),
    "cli.replay.problems": N_("Problems (%(count)s):"),
    "cli.replay.record": N_("Stored record: %(value)s (%(count)s differences)"),
    "word.yes": N_("yes"),
    "word.no": N_("NO"),
    "word.not_decided": N_("not decided"),
    "word.unverified": N_("unverified (not signed with this site's key)"),
    # the verdict's checks (Verdict.signature, chain, seed, database, decklists)
    "status.valid": N_("valid"),
    "status.invalid": N_("invalid"),
    "status.unsigned": N_("unsigned"),
    "status.not checked": N_("not checked"),
    "status.broken": N_("broken"),
    "status.absent": N_("absent"),
    "status.matches": N_("matches"),
    "status.mismatch": N_("mismatch"),
    "status.not revealed": N_("not revealed"),
    "status.transcribed": N_("transcribed"),
    "status.match": N_("matches"),
    # the verdict on a log (engine.replay.verdict)
    "text": N_("%(text)s"),
    "verdict.internal": N_("the replay failed: %(error)s"),
    "verdict.unknown_top_level": N_("unknown top-level field (a log has header, entries and signature)"),
    "verdict.not_an_object": N_("missing or not an object"),
    "verdict.not_a_list": N_("missing or not a list"),
    "verdict.missing": N_("missing"),
    "verdict.unknown_format": N_("unknown log format %(format)s; this replay reads %(expected)s"),
    "verdict.too_many_entries": N_("%(total)s entries; the limit is %(limit)s"),
    "verdict.seed_mismatch": N_("the seed and salt do not match the header's commitment (sha256 of salt:seed)"),
    "verdict.signature_unexpected": N_("the header says the log is unsigned but it carries a signature"),
    "verdict.signature_missing": N_("the header says the log is signed but the signature is missing"),
    "verdict.signature_needs_chain": N_("a signed log needs a hash chain"),
    "verdict.signature_mismatch": N_(
        "the signature does not match (another key, or the log was changed after it was signed)"
    ),
    "verdict.database_mismatch": N_(
        "the log was played with card database %(log_hash)s…, not %(hash)s… (%(name)s %(version)s): "
        "give the right database"
    ),
    "verdict.unknown_database": N_(
        "the log names card database %(hash)s…, which this site does not have (it has %(known)s)"
    ),
    "verdict.decklist_unreadable": N_("a locked decklist cannot be read: %(error)s"),
    "verdict.setup_failed": N_("the engine cannot set up a game with these decks"),
    "verdict.until_negative": N_("--until counts entries from 0, not %(until)s"),
    "verdict.until_not_reached": N_(
        "no state after entry %(until)s: %(replayed)s of the %(total)s entries were replayed"
    ),
    "verdict.until_not_reached_illegal": N_(
        "no state after entry %(until)s: %(replayed)s of the %(total)s entries were replayed "
        "(the replay stopped at the first illegal entry)"
    ),
    "verdict.chance_mismatch": N_(
        "this chance outcome does not follow from the revealed seed (the seed gives %(expected)s)"
    ),
    "verdict.first_player_mismatch": N_("the header says %(player)s goes first, the coin flip says otherwise"),
    "verdict.state_mismatch": N_("the state hash differs from the replayed state's"),
    "verdict.final_state_mismatch": N_("the final state hash differs from the replayed state's"),
    "verdict.result_mismatch": N_("the log claims %(claimed)s; under the rules the result is %(actual)s"),
    "verdict.chance_due": N_("a chance event is due, not an action of %(actor)s"),
    "verdict.hand_limit_due": N_(
        "%(player)s holds %(held)s cards over his hand limit of %(limit)s and discards %(excess)s first: "
        "%(actor)s may not act before"
    ),
    "verdict.window_open": N_(
        "the response window on the %(pending)s of %(card)s is open: %(player)s answers it or passes first, "
        "not %(actor)s"
    ),
    "verdict.out_of_turn": N_("it is %(player)s's turn to act (%(phase)s phase), not %(actor)s's"),
    "verdict.not_replayed": N_("not replayed"),
    "verdict.unfinished_illegal": N_("unfinished: the replay stopped at the illegal entry %(index)s"),
    "verdict.unfinished": N_("unfinished: turn %(turn)s, %(phase)s phase"),
    "verdict.unknown_header_field": N_("unknown header field"),
    "verdict.ruleset_expected": N_('an object {"name": ..., "version": ...} is expected'),
    "verdict.database_expected": N_('an object with the card database\'s "hash" is expected'),
    "verdict.players_expected": N_("a list of two player objects is expected"),
    "verdict.decks_expected": N_("a list of two decks is expected"),
    "verdict.deck_expected": N_("a deck object is expected"),
    "verdict.names_expected": N_("a list of names is expected"),
    "verdict.unknown_deck_field": N_("unknown deck field"),
    "verdict.first_player_value": N_("0, 1 or null, not %(value)s"),
    "verdict.signed_value": N_("true or false"),
    "verdict.commitment_value": N_("64 lowercase hex digits (sha256) expected"),
    "verdict.randomness_value": N_('{"kind": "committed", "commitment": ...} or {"kind": "transcribed"}'),
    "verdict.entry_not_object": N_("an entry is an object, not %(type)s"),
    "verdict.action_not_object": N_('missing, or not an object with a "type"'),
    "verdict.actor_value": N_("0, 1, %(chance)s or %(referee)s, not %(actor)s"),
    "verdict.state_hash_value": N_("a state hash is 64 hex digits"),
    "verdict.entry_without_hash": N_("the entry has no hash (in a chained log every entry has one)"),
    "verdict.chain_broken": N_(
        "the hash chain breaks at entry %(index)s: this entry, or the one before it, was changed, "
        "removed, inserted or moved"
    ),
    "verdict.unknown_entry_field": N_("unknown entry field (n, actor, action, state, hash)"),
    "verdict.misnumbered": N_("entry %(index)s is numbered %(n)s: entries are out of order or missing"),
    "verdict.end_not_last": N_("the end entry must be the last entry"),
    "verdict.end_field": N_("not a field of the end entry (%(fields)s)"),
    "verdict.seed_value": N_("an integer from 0 to 2**63 - 1, not %(value)s"),
    "verdict.salt_value": N_("a string of 1 to 128 characters, not %(value)s"),
    "verdict.two_decklists": N_("two decklists expected, not %(count)s"),
    "verdict.decklist_differs": N_("%(player)s's %(part)s differs from the locked decklist: %(diffs)s"),
    "verdict.decklist_count": N_("%(name)s: %(have)s in the log, %(need)s locked"),
    "verdict.factions_differ": N_("%(player)s declared %(got)s; the locked decklist declares %(want)s"),
    "verdict.diff_separator": N_("; "),
    # positions (docs/positions.md, engine/game/position.py)
    "position.shape": N_("%(where)s: expected %(expected)s"),
    "position.format": N_("unknown position format %(got)s; expected %(want)s"),
    "position.database": N_("the position names another card database (hash %(hash)s)"),
    "position.deck": N_("%(player)s's decklist cannot be set up: %(reason)s"),
    "position.unknown_card": N_("no card named %(name)s in the card database"),
    "position.too_many": N_(
        "%(player)s's position places %(name)s more often than his decklist holds it (%(registered)s)"
    ),
    "position.missing": N_("%(count)s × %(name)s of %(player)s's decklist are in no area: every card is in one area"),
    "position.turn_order": N_("on turn %(turn)s, with %(first)s going first, the active player is %(active)s"),
    "position.phase": N_("a position stands in the active player's main phase, not %(phase)s"),
    "position.pending": N_("Declared from the main phase below: %(action)s"),
    "position.phase_any": N_("a position stands in one of the phases %(phases)s, not %(phase)s"),
    "position.pending_phase": N_(
        "a position names the action declared (pending) exactly when it stands in a response window or a "
        "choice, not in the %(phase)s phase"
    ),
    "position.draw_after_acts": N_(
        "%(player)s's draw phase comes first in his turn: none of his generals has acted, moved, attacked, "
        "been recruited or used an effect yet"
    ),
    "position.draw_first_turn": N_("the first player does not draw on turn 1: there is no draw phase to stand in"),
    "position.draw_no_card": N_("%(player)s has no card to draw: the game ended when his draw phase began"),
    "position.upkeep_unpaid": N_(
        "%(player)s cannot pay an upkeep of %(cost)s from a RESOURCE of %(have)s: the game ended when he declared 终"
    ),
    "position.upkeep_not_waiting": N_(
        "%(player)s's upkeep of %(cost)s has no face-down card to reveal: it is paid at once when 终 is declared"
    ),
    "position.hand_limit_not_due": N_(
        "%(player)s holds %(held)s cards, within his hand limit of %(limit)s: no discard is due and the turn passes"
    ),
    "position.no_window": N_("declaring this %(kind)s opens no response window: the enemy may not answer it"),
    "position.no_choice": N_("after this %(kind)s no card text waits for a choice"),
    "position.phase_unwritten": N_(
        "a position in the %(phase)s phase is written as the main phase it was declared from, with its pending action"
    ),
    "position.not_commandment": N_("%(name)s in COMMAND is not a commandment (令)"),
    "position.casualty_not_general": N_("%(name)s in CASUALTY is not a general: only defeated generals go there"),
    "position.not_a_general": N_("%(name)s on the battlefield is not a general (人)"),
    "position.enemy_fortress": N_("%(name)s stands in 敌城内: no general ever enters the enemy's fortress"),
    "position.not_equipment": N_("%(name)s carried by a general is not equipment (物)"),
    "position.flag_not_active": N_("%(name)s has acted or was recruited this turn, but it is not its owner's turn"),
    "position.used_not_here": N_("%(name)s, used this turn, is neither this general nor its equipment"),
    "position.not_advantage": N_("%(name)s in ADVANTAGE is not an advantage card (优)"),
    "position.general_twice": N_("%(player)s has two generals named %(name)s across the battlefield and CASUALTY"),
    "position.view_hidden": N_("%(count)s cards"),
    "area.resource": N_("RESOURCE"),
    "area.hand": N_("hand"),
    "area.discard": N_("DISCARD"),
    "area.casualty": N_("CASUALTY"),
    "area.out_of_game": N_("OUT OF GAME"),
    "area.pool": N_("command pool"),
    "area.command": N_("COMMAND"),
    "area.advantage": N_("ADVANTAGE"),
    "position.title": N_("Turn %(turn)s: %(player)s's %(phase)s phase (%(first)s went first)"),
    "position.side": N_("%(player)s (factions %(factions)s, hand limit %(limit)s)"),
    "position.pile": N_("%(area)s (%(count)s): %(cards)s"),
    "position.resource": N_("RESOURCE (%(count)s): %(unseen)s unseen on top, then %(cards)s"),
    "position.general": N_("%(zone)s: %(card)s"),
    "position.carries": N_("carries %(cards)s"),
    "position.did": N_("this turn: %(what)s"),
    "position.did_recruited": N_("recruited"),
    "position.did_moved": N_("moved"),
    "position.did_attacked": N_("attacked"),
    "position.did_acted": N_("acted"),
    "position.did_used": N_("used %(cards)s"),
    "position.no_general": N_("no general on the battlefield"),
    "position.possible": N_("A possible position: every card in one area, the decklists, the golden rules hold."),
    "position.impossible": N_("Impossible position (%(rule)s, at %(where)s): %(reason)s"),
    "position.view_of": N_("As %(player)s sees it."),
    "position.advantage": N_("ADVANTAGE: %(card)s, %(player)s's"),
    "position.other_decks": N_("the position's decklists differ from the log header's"),
    "verdict.position": N_("the game cannot start from this position: %(reason)s (%(rule)s)"),
    # a paper log as a table writes it (ruling G18, engine/replay/paper.py)
    "paper.face_down": N_("%(player)s puts a card from RESOURCE face down into DISCARD; nobody sees it."),
    "paper.unknown_not_face_down": N_(
        "an unnamed card is written here, but no card is going face down from a RESOURCE to DISCARD now"
    ),
    "paper.cannot_be_unknown": N_(
        "%(name)s cannot be one of %(player)s's cards that nobody saw (%(count)s face down unnamed): "
        "none of them can have that name"
    ),
    # a log compared with the stored record of the game it claims (engine.replay.compare, matches/services/records.py)
    "status.differs": N_("differs"),
    "status.not compared": N_("not compared"),
    "status.authentic": N_("authentic"),
    "status.tampered": N_("tampered"),
    "status.unverified": N_("unverified"),
    "status.matches record": N_("matches the stored record"),
    "status.differs from record": N_("differs from the stored record"),
    "record.value_differs": N_("this log has %(log)s, the stored log %(stored)s"),
    "record.database_differs": N_("this log names the card database %(log)s…, the stored log %(stored)s…"),
    "record.deck_order": N_("%(player)s's %(part)s holds the stored log's cards in another order"),
    "record.deck_differs": N_("%(player)s's %(part)s differs from the stored log's: %(diffs)s"),
    "record.deck_count": N_("%(name)s: %(have)s in this log, %(need)s in the stored log"),
    "record.entry_differs": N_("entry %(index)s: this log has %(log)s, the stored log %(stored)s"),
    "record.entries_differ": N_(
        "%(count)s of the %(compared)s entries both logs have differ, the first at entry %(first)s"
    ),
    "record.extra_entries": N_("this log has %(count)s entries after the last of the stored log's %(stored)s"),
    "record.missing_entries": N_("the stored log's last %(count)s entries (of %(stored)s) are missing from this log"),
    "record.signature_differs": N_("the signature differs from the stored log's"),
    "record.result_differs": N_("this log's end claims %(log)s; the stored log's end says %(stored)s"),
    "record.no_end": N_("no result (no end entry)"),
    "record.winner": N_("%(player)s wins"),
    "record.no_winner": N_("no winner"),
    "record.unknown_match": N_(
        "the log claims match %(match)s of this site; it was not compared: there is no such match, "
        "or the uploader may not check it"
    ),
    "record.no_stored_log": N_("match %(match)s has no stored log of game %(game)s to compare with"),
    "record.game_unnamed": N_(
        "the log does not say which game of match %(match)s it is, and the match has %(games)s stored logs"
    ),
    "record.player_not_in_match": N_("%(player)s is %(name)s in this log; match %(match)s is between %(players)s"),
    "record.database_not_match": N_(
        "this log names the card database %(log)s…; match %(match)s was played with %(stored)s…"
    ),
    "record.result_recorded": N_("this log claims %(log)s in game %(game)s; the site recorded %(recorded)s"),
    "record.recorded_winner": N_("%(name)s won"),
    "record.recorded_draw": N_("a draw"),
    "record.recorded_none": N_("no result"),
}
"""Every code the engine uses, with its English template (``%(name)s`` placeholders)."""


# --- reading ------------------------------------------------------------------------------------------------


_SENTENCES = ("narrate.", "cli.")
"""Codes whose text is a sentence of its own (capitalised even when it begins with a parameter)."""


@functools.cache
def catalogue(lang: str) -> gettext.NullTranslations:
    """The engine's translations into ``lang`` (``zh``, ``zh-hans``, ``zh_Hans``; anything else is English)."""
    if lang.lower().replace("_", "-").startswith("zh"):
        return gettext.translation("django", LOCALE_DIR, languages=["zh_Hans"], fallback=True)
    return gettext.NullTranslations()


class Reader:
    """Turns messages into text for one reader in one language.

    ``visible``: the card ids this reader sees (None: all of them); ``ids``: add ``(#id)`` to card
    names (a judge's reading); ``db``: a card database, to name cards in ``lang``. The site subclasses
    it to use Django's translation, the card database's names in the reader's language and the
    players' names.
    """

    def __init__(
        self,
        lang: str = "en",
        *,
        visible: Collection[int] | None = None,
        ids: bool = True,
        translate: Callable[[str], str] | None = None,
        db: Any = None,
    ) -> None:
        self.lang = lang
        self.visible = visible
        self.ids = ids
        self.db = db
        self.translate = translate or catalogue(lang).gettext
        self.capitalise = True
        """Capitalise a sentence that begins with a parameter ("player 0 draws" → "Player 0 draws")."""

    def text(self, code: str, **params: Any) -> str:
        """The translated template of ``code`` filled in with ``params``."""
        return self.render(Message(code, params))

    def render(self, message: Message | Sequence[Any] | Mapping[str, Any]) -> str:
        """``message`` as text (a :class:`Message`, ``[code, params]`` or ``{"code", "params"}``)."""
        if not isinstance(message, Message):
            message = Message.from_json(message)
        template = MESSAGES.get(message.code)
        if template is None:  # not a code: a text written before the engine spoke in codes
            template = message.code
        values = {k: self.param(v) for k, v in message.params.items()}
        try:
            out = self.translate(template) % values
        except (KeyError, ValueError, TypeError):
            out = template % values if values else template
        if self.capitalise and message.code.startswith(_SENTENCES) and out[:1].islower():
            out = out[0].upper() + out[1:]
        return out

    def param(self, value: Any) -> str:
        """One parameter as text."""
        if isinstance(value, Mapping):
            if "msg" in value:
                return self.render(Message(value["msg"], value.get("params") or {}))
            if "msgs" in value:
                sep = self.translate(MESSAGES["verdict.diff_separator"])
                return sep.join(self.param(m) for m in value["msgs"])
            if "term" in value:
                word = str(value["term"])
                return self.translate(MESSAGES.get(word, word))
            if "cards" in value:
                sep = self.translate(MESSAGES["word.list_separator"])
                return sep.join(self.param(c) for c in value["cards"]) or self.translate(MESSAGES["word.none"])
            if "card" in value or "name" in value:
                return self.card(value)
            if "unknown" in value:  # an id that names no card of the game, as the player sent it
                return f"card #{value['unknown']}"
            if "list" in value:  # feed lines of older games: card names
                sep = self.translate(MESSAGES["word.list_separator"])
                return sep.join(self.card_name(str(n)) for n in value["list"])
            if "seat" in value:
                return self.seat(value["seat"])
            if "zone" in value:
                return self.zone(str(value["zone"]), int(value.get("owner", 0)))
        if isinstance(value, bool):
            return str(value).lower()
        return str(value)

    def card(self, ref: Mapping[str, Any]) -> str:
        """A card reference: its name in this reader's language, or the hidden-card words."""
        c = ref.get("card")
        if isinstance(c, str):  # feed lines of older games named the card only
            return self.card_name(c)
        if c is not None and self.visible is not None and c not in self.visible:
            return self.translate(MESSAGES["word.hidden_card"])
        name = self.card_name(str(ref.get("name", "")))
        return f"{name} (#{c})" if self.ids and c is not None else name

    def card_name(self, name: str) -> str:
        """A card's canonical name as this reader says it (in ``lang`` when a card database was given)."""
        found = self.db.lookup(name) if self.db is not None else None
        return found.display_name(self.lang) if found is not None else name

    def seat(self, player: Any) -> str:
        """A player."""
        return self.text("word.player", n=player)

    def zone(self, z: str, owner: int) -> str:
        """A zone, from its owner's side."""
        return self.translate(MESSAGES.get(f"zone.{z}", z))

    def rule(self, rule: str) -> str:
        """A rule cited: ``§3.5`` stays as it is; ``ruling G4`` is translated."""
        if rule.startswith("ruling "):
            return self.text("word.ruling", id=rule[len("ruling ") :])
        return rule


def render(message: Message | Sequence[Any] | Mapping[str, Any], lang: str = "en", **options: Any) -> str:
    """``message`` as text in ``lang`` (English, or Chinese for ``zh``); see :class:`Reader` for options."""
    return Reader(lang, **options).render(message)
