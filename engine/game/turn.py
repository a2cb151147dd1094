"""The turn: 取 draw phase (§3.4), the main phase in any order (§3.9), 终 the end phase (§3.8, ruling G9)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.game.actions import Discard, EndTurn, LegalAction, PaymentChoice
from engine.game.errors import IllegalAction
from engine.game.terms import Area, Phase, Termination
from engine.messages import card, seat

if TYPE_CHECKING:
    from engine.game.state import State

# Members read once: on Python 3.11 ``Phase.MAIN`` goes through the enum class's ``__getattr__`` hook (about
# 65 ns a read), and every turn reads several
_DRAW = Phase.DRAW
_MAIN = Phase.MAIN
_UPKEEP = Phase.UPKEEP
_HAND = Area.HAND
_DISCARD = Area.DISCARD


def begin_turn(s: State, player: int, *, draw: bool = True) -> None:
    """A new turn of ``player``: per-turn marks are cleared, then the draw phase (skipped on turn 1, G1)."""
    s.turn += 1
    s.active = player
    s.deciding = player
    s.acted.clear()
    s.fresh.clear()
    s.activated.clear()
    if s.texts:
        s.moved.clear()
        s.attacked.clear()
        if s.tmem:
            s.tmem.clear()
        if s.modifiers:
            s.modifiers[:] = [m for m in s.modifiers if len(m) > 4 and m[4] == "game"]
    else:
        s.modifiers.clear()
    if "turn_start" in s.hooks:
        s.rules.emit(s, "turn_start", {"player": player})
        if s.frames:
            s.rules.proceed(s)
        if s.outcome is not None:
            return
    if not draw:
        to_main(s)
        return
    start_draw(s, player)


def start_draw(s: State, player: int) -> None:
    """取: the draw phase of ``player`` (§3.4); no card to draw ends the game (§1.4)."""
    s.phase = _DRAW
    if not s.resource[player]:
        s.rules.end(
            s,
            player,
            Termination.NO_CARD_TO_DRAW,
            {"player": seat(player)},
        )
        return
    # The draw is compulsory, even at the hand limit (FAQ); 袁绍 draws one more.
    count = 1
    if s.texts and "draw_mod" in s.keyed:
        count += s.rules.side_sum(s, player, "draw_mod")
        count = max(1, min(count, len(s.resource[player])))
    s.rules.reveal_from_resource(s, player, count, _HAND, "main")


def hand_limit(s: State, player: int) -> int:
    """The hand limit (§2.2.5, D4) after texts on the table (审配, 祝融, 传国玉玺, 君臣同心, …)."""
    if not s.texts or "hand_limit" not in s.keyed:
        return s.limit[player]
    limit = s.limit[player] + s.rules.side_sum(s, player, "hand_limit")
    return limit if limit > 0 else 0


def upkeep(s: State, player: int) -> int:
    """The upkeep ([军费]): one per own general on the battlefield, after texts (于禁, 张鲁, 犒赏军士, …)."""
    if not s.texts:
        return len(s.field[player])
    if "upkeep_free" in s.flagged:
        total = sum(0 if s.rules.has_flag(s, g, "upkeep_free") else 1 for g in s.field[player])
    else:
        total = len(s.field[player])
    if "upkeep_mod" in s.keyed:
        total += s.rules.side_sum(s, player, "upkeep_mod")
    mods = s.tmem.get("upkeep")
    if mods:
        total += mods[player]
    return total if total > 0 else 0


def to_main(s: State) -> None:
    """The main phase of the active player (again, after a chance event)."""
    s.phase = _MAIN
    s.deciding = s.active


def legal_main(s: State) -> list[LegalAction]:
    """Every action of the main phase, in a fixed order; combinatorial payments are described."""
    out: list[LegalAction] = []
    for legal in s.rules.main_legal:
        legal(s, out)
    out.append(EndTurn())
    return out


def check_end_turn(s: State, a: EndTurn) -> IllegalAction | None:
    """终 may be declared at any time of the main phase."""
    return None


def do_end_turn(s: State, a: EndTurn) -> None:
    """终: pay the upkeep first — one RESOURCE card per own general on the battlefield (§3.8, G9)."""
    player = s.active
    if "turn_end" in s.hooks:
        s.rules.emit(s, "turn_end", {"player": player})
        if s.frames:
            s.rules.proceed(s)
        if s.outcome is not None:
            return
    s.phase = _UPKEEP
    cost = upkeep(s, player) if s.texts else len(s.field[player])
    have = len(s.resource[player])
    if cost > have:
        s.rules.end(
            s,
            player,
            Termination.CANNOT_PAY_UPKEEP,
            {"player": seat(player), "cost": cost, "have": have},
        )
        return
    s.rules.reveal_from_resource(s, player, cost, _DISCARD, "upkeep")


def after_upkeep(s: State) -> None:
    """Then discard down to the hand limit (G9), or the turn passes."""
    player = s.active
    limit = hand_limit(s, player) if s.texts else s.limit[player]
    if len(s.hand[player]) > limit:
        s.phase = Phase.HAND_LIMIT
        s.deciding = player
        return
    begin_turn(s, 1 - player)


def legal_discard(s: State) -> list[LegalAction]:
    """Any (hand size − limit) hand cards."""
    player = s.active
    hand = s.hand[player]
    return [PaymentChoice(Discard(()), len(hand) - hand_limit(s, player), tuple(hand))]


def check_discard(s: State, a: Discard) -> IllegalAction | None:
    """Exactly the excess over the hand limit, distinct cards of one's hand (§2.2.5, G9)."""
    player = s.active
    hand = s.hand[player]
    excess = len(hand) - hand_limit(s, player)
    if len(a.cards) != excess:
        return IllegalAction(
            "refusal.discard.count",
            {"limit": hand_limit(s, player), "held": len(hand), "excess": excess, "given": len(a.cards)},
            "§2.2.5",
        )
    if len(set(a.cards)) != len(a.cards):
        return IllegalAction("refusal.discard.twice", {}, "§2.2.5")
    for c in a.cards:
        if c not in hand:
            return IllegalAction("refusal.not_in_hand", {"card": card(s.names, c)}, "§2.2.5")
    return None


def do_discard(s: State, a: Discard) -> None:
    """The cards go to DISCARD face down; the turn passes."""
    s.rules.pay(s, s.active, a.cards)
    begin_turn(s, 1 - s.active)


def main_then_texts(s: State) -> None:
    """The main phase again after a draw, then the texts the draw set off."""
    to_main(s)
    if s.frames:
        s.rules.proceed(s)
