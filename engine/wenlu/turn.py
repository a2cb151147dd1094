"""§4 set-up, §5 the game turn: activation markers (§5.2, ruling W2), arrivals on the turn track (§10.2,
§10.3(4)), and the end of a game turn (§5.3)."""

from __future__ import annotations

from engine.boardgame.procedure import Chance, Proc
from engine.wenlu.actions import Draw
from engine.wenlu.board import Board

MARKERS = {"japan": 2, "korea": 2}
"""§4.0(4): two Japanese and two Korean markers in the cup; Ming ones join on turns 4 and 9 (§10.2)."""


def place_counters(b: Board) -> None:
    """§4.0: every counter where the data says it starts; the decks shuffled (drawn as chance events)."""
    for cid, at in b.data.start:
        b.loc[cid] = at
    for side in ("japan", "allies"):
        b.decks[side] = b.data.deck(side)
    b.peace = b.data.peace_turn
    b.cup = [n for n, k in MARKERS.items() for _ in range(k)]


def arrivals(b: Board) -> None:
    """Ruling W2: at the start of turns 4 and 9 the Ming counters go to the Ming box and a Ming marker joins
    the cup; at the start of turn 8 权慄 goes to 补充区 (§10.3(4))."""
    slot = f"turn-{b.turn}"
    for c in b.data.counters:
        if b.loc.get(c.id) != slot:
            continue
        where = "replacement" if c.nation == "korea" else b.data.ming_box
        b.loc[c.id] = where
        b.note("wenlu.step.arrive", "§10.2, §10.3(4), ruling W2", counter=c.id, where=where)
    if b.turn in (4, 9):
        b.cup.append("ming")
        b.cup.sort()


def draw_marker(b: Board) -> Proc:
    """§5.1(1), §5.2: a marker from the cup; turn 1 starts with a Japanese one taken (§13.1, ruling W2)."""
    if not b.cup:
        return None
    if b.turn == 1 and not b.drawn:
        nation = "japan"
    else:
        action = yield Chance("cup", "wenlu.chance.activation", "§5.2(1)")
        nation = action.piece if isinstance(action, Draw) else b.cup[0]
    b.cup.remove(nation)
    b.drawn.append(nation)
    return nation


def pool_draw(b: Board) -> Proc:
    """§5.3②: two generals at random from 在野武将区 to 待机武将区."""
    for _ in range(2):
        if not any(b.loc.get(c.id) == "pool" for c in b.data.counters):
            return
        action = yield Chance("pool", "wenlu.chance.pool", "§5.3②")
        if isinstance(action, Draw):
            b.loc[action.piece] = "standby"


def refill_cup(b: Board) -> None:
    """§5.3③: every marker in play back in the cup."""
    b.cup = sorted(b.cup + b.drawn)
    b.drawn = []
