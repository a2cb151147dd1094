"""Equipment (§2.3, §3.6.1, ruling G13): one armament (宝物) and one troop (兵种) per general, armaments unique
per player, the 敌 mark equips an enemy general; equipment goes to its owner's DISCARD when its general leaves.

A general whose text gives it two armament slots (吕布) carries two armaments, or one armament and one troop,
never two armaments and a troop (§2.3.1 note, ruling G16): it has two slots in all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.cards import CardType
from engine.game.actions import Equip, LegalAction, PaymentChoice
from engine.game.errors import IllegalAction
from engine.messages import card
from engine.messages import card as ref

if TYPE_CHECKING:
    from engine.game.state import State

# enum members read once: reading one off its class costs about 70 ns in CPython 3.11, and the rules
# ask them at every check
_EQUIPMENT = CardType.EQUIPMENT

ARMAMENT = "宝物"
TROOP = "兵种"


def slots(s: State, general: int, subtype: str) -> int:
    """How many equipment of ``subtype`` a general may carry: 1, or ``armament_slots`` of its text (G13)."""
    if subtype == ARMAMENT:
        return int(s.cards[general].effect.get("armament_slots", 1)) if s.cards[general].effect else 1
    return 1


def problem(s: State, player: int, card: int, general: int) -> tuple[str, dict[str, Any], str] | None:
    """(code, params, rule) why ``card`` cannot go on ``general`` now, else None."""
    c = s.cards[card]
    if general not in s.zone:
        return "refusal.equip.not_on_field", {"card": ref(s.names, general)}, "§3.6.1"
    enemy_equip = "敌" in c.marks
    if enemy_equip and s.owner[general] == player:
        return "refusal.equip.enemy_mark", {"card": ref(s.names, card)}, "§2.3.5"
    if not enemy_equip and s.owner[general] != player:
        return "refusal.equip.not_yours", {"card": ref(s.names, general)}, "§3.6.1"
    gear = s.gear.get(general, ())
    cards = s.cards
    subtype = c.subtype
    same_slot = 0
    for e in gear:
        if cards[e].subtype == subtype:
            same_slot += 1
    two = slots(s, general, ARMAMENT)  # slots(s, general, subtype) is this for an armament, else 1
    if same_slot >= (two if subtype == ARMAMENT else 1):
        code = "refusal.equip.armament_slot" if subtype == ARMAMENT else "refusal.equip.troop_slot"
        return code, {"card": ref(s.names, general)}, "ruling G13"
    if two > 1 and len(gear) >= two:
        return "refusal.equip.two_slots", {"card": ref(s.names, general), "count": two}, "§2.3.1 note, ruling G16"
    if c.subtype == ARMAMENT:
        name = s.names[card]
        for e in s.carrier:
            if s.owner[e] == player and s.names[e] == name:
                return "refusal.equip.unique", {"card": ref(s.names, card)}, "ruling G13"
    return None


def check(s: State, a: Equip) -> IllegalAction | None:
    """An equipment card in hand, a general with a free slot (G13), the execution cost paid."""
    player = s.active
    if a.card not in s.hand[player]:
        return IllegalAction("refusal.not_in_hand", {"card": card(s.names, a.card)}, "§3.6.1")
    if s.cards[a.card].type != _EQUIPMENT:
        return IllegalAction("refusal.equip.not_equipment", {"card": card(s.names, a.card)}, "§3.6.1")
    if s.texts and s.rules.banned(s, player, a.card):
        return IllegalAction("refusal.banned", {"card": card(s.names, a.card)}, "§2.6")
    why = problem(s, player, a.card, a.general)
    if why is not None:
        return IllegalAction(*why)
    cost = s.rules.execution_cost(s.cards[a.card])
    return s.rules.check_payment(s, player, a.payment, cost, a.card, "§3.6.1", "what.equipping", a.card)


def do(s: State, a: Equip) -> None:
    """Declare and pay; the opponent may answer (G11); then the card goes on the general."""
    if s.rules.reveal_and_pay(s, a):
        s.rules.open_window(s, a)


def resolve(s: State, a: Equip, negated: bool) -> None:
    """The equipment goes on its general (if it is still there with a free slot), else to DISCARD."""
    s.stack.remove(a.card)
    if negated or problem(s, s.owner[a.card], a.card, a.general) is not None:
        s.rules.to_discard(s, a.card)
        return
    s.gear[a.general] = (*s.gear.get(a.general, ()), a.card)
    s.carrier[a.card] = a.general
    if "equipped" in s.hooks:
        s.rules.emit(s, "equipped", {"card": a.card, "general": a.general})


def legal(s: State, out: list[LegalAction]) -> None:
    """Every equipment in hand on every general it may go on."""
    player = s.active
    hand = s.hand[player]
    cards = s.cards
    seen: set[str] = set()
    for c in hand:
        card = cards[c]
        if card.type != _EQUIPMENT or card.name in seen:
            continue
        seen.add(card.name)
        cost = s.rules.execution_cost(card)
        if cost >= len(hand) and cost:
            continue
        if s.texts and s.rules.banned(s, player, c):
            continue
        targets = s.field[1 - player] if "敌" in card.marks else s.field[player]
        for g in targets:
            if problem(s, player, c, g) is None:
                if cost == 0:
                    out.append(Equip(c, g))
                else:
                    out.append(PaymentChoice(Equip(c, g), cost, tuple(x for x in hand if x != c)))
