"""The step handlers and conditions of the effect language (``docs/effects.md`` has an example of each).

Steps name generals and cards through the context: ``"who": "self"`` is the text's general (or the
general carrying the text's equipment), ``"who": "t"`` the card chosen by an earlier ``choose`` step
``"as": "t"``, or a name the engine put there (``winner``, ``loser``, ``general``, ``attacker``,
``defender``, ``executor``).

Each handler and condition is entered in this module's tables (:data:`HANDLERS`, :data:`CONDITIONS`,
:data:`BUILTINS`) by the decorator above it; ``rules.py`` puts the tables in ``s.rules``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from engine.cards import CardType
from engine.game.errors import IllegalAction
from engine.game.terms import OUTSIDE, STOP, Area, Phase, Termination, Zone
from engine.game.wiring import Builtin, Condition, Handler

if TYPE_CHECKING:
    from engine.game.state import State

# enum members read once: reading one off its class costs about 70 ns in CPython 3.11, and the rules
# ask them at every check
_BORDER, _CHOICE, _ENEMY_BORDER, _EQUIPMENT, _FORTRESS = (
    Zone.BORDER,
    Phase.CHOICE,
    Zone.ENEMY_BORDER,
    CardType.EQUIPMENT,
    Zone.FORTRESS,
)
# and their values (``member.value`` is a Python-level descriptor, about 175 ns a read)
_FORTRESS_VALUE, _OUTSIDE_VALUES = _FORTRESS.value, (_BORDER.value, _ENEMY_BORDER.value)

HANDLERS: dict[str, Handler] = {}
"""The handler of each step kind."""
CONDITIONS: dict[str, Condition] = {}
"""Each condition by name: ``fn(state, subject, source, params, context) -> bool``."""


def handler(kind: str) -> Callable[[Handler], Handler]:
    """Enter the function below as the handler of effect steps of ``kind``."""

    def enter(fn: Handler) -> Handler:
        HANDLERS[kind] = fn
        return fn

    return enter


def condition(name: str) -> Callable[[Condition], Condition]:
    """Enter the function below as the condition ``name``."""

    def enter(fn: Condition) -> Condition:
        CONDITIONS[name] = fn
        return fn

    return enter


def _who(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any], key: str = "who") -> int | None:
    who = step.get(key, "self")
    if who == "self":
        return s.rules.carrier_or_self(s, source)
    value = ctx.get(who)
    if isinstance(value, list):
        return value[0] if value else None
    return value


def _enemy(s: State, source: int) -> int:
    return 1 - s.owner[source]


# --- Might and Wit for a while ---------------------------------------------------------------------


@handler("modify")
def _modify(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> Any:
    """[武]/[智] ±amount for ``who`` (a general, "own" or "enemy" side, with a ``filter``) until
    ``until``: "turn" (default), "contest" (this melee only) or "game"."""
    who = step.get("who", "self")
    owner = s.owner[source]
    if who in ("own", "enemy"):
        player, general = (owner if who == "own" else 1 - owner), -1
    else:
        g = _who(s, source, step, ctx)
        if g is None or g not in s.zone:
            return STOP
        player, general = s.owner[g], g
    flt = step.get("filter", "")
    s.modifiers.append(
        [player, step.get("stat", "might"), int(step["amount"]), general, step.get("until", "turn"), flt]
    )
    return None


@handler("might_bonus")
def _might_bonus(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> None:
    """All own generals get +amount Might until the end of the turn (stacks, §3.6.2 note)."""
    s.modifiers.append([s.owner[source], "might", int(step.get("amount", 1)), -1, "turn", ""])


@handler("wit_bonus")
def _wit_bonus(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> None:
    """All own generals get +amount Wit until the end of the turn."""
    s.modifiers.append([s.owner[source], "wit", int(step.get("amount", 1)), -1, "turn", ""])


# --- cards between areas ------------------------------------------------------------------------------


@handler("deplete")
def _deplete(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> None:
    """[消耗]: ``who`` ("enemy" by default, or "own") puts ``amount`` RESOURCE cards to DISCARD (G10)."""

    player = s.owner[source] if step.get("who") == "own" else _enemy(s, source)
    s.rules.deplete(s, player, int(step.get("amount", 1)), then="effects")


@handler("draw")
def _draw(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> None:
    """The owner takes ``amount`` cards from the top of his RESOURCE into his hand (as many as there are)."""
    owner = s.owner[source]
    amount = min(int(step.get("amount", 1)), len(s.resource[owner]))
    if amount:
        s.rules.reveal_from_resource(s, owner, amount, Area.HAND, "effects")


@handler("recycle")
def _recycle(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> None:
    """``amount`` cards from the bottom of own DISCARD to the bottom of own RESOURCE, one by one (G12)."""
    owner = s.owner[source]
    for _ in range(int(step["amount"])):
        card = s.rules.take_discard_bottom(s, owner)
        if card is None:
            return
        s.resource[owner].append(card)


@handler("discard_top_out")
def _discard_top_out(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> None:
    """The top ``amount`` cards of the enemy DISCARD go out of the game."""
    enemy = _enemy(s, source)
    for _ in range(int(step.get("amount", 1))):
        if not s.discard[enemy]:
            return
        s.put_out_of_game(enemy, s.discard[enemy].pop())


def matches(s: State, card: int, spec: Mapping[str, Any]) -> bool:
    """Whether a card fits a search filter: name, type, subtypes, faction, mark."""
    c = s.cards[card]
    if "name" in spec and c.name != spec["name"]:
        return False
    if "type" in spec and c.type != spec["type"]:
        return False
    if "subtypes" in spec and c.subtype not in spec["subtypes"]:
        return False
    if "faction" in spec and spec["faction"] not in c.factions:
        return False
    return not ("mark" in spec and spec["mark"] not in c.marks)


@handler("search")
def _search(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> Any:
    """找寻 (§4.1 item 23): a card of own RESOURCE fitting ``match`` is shown and taken into the hand,
    then RESOURCE is shuffled. The player chooses among the names found; none found: only the shuffle."""
    owner = s.owner[source]
    seen: dict[str, int] = {}
    match = step.get("match", {})
    names = s.names
    for c in sorted(s.resource[owner]):
        name = names[c]
        if name not in seen and matches(s, c, match):
            seen[name] = c
    options = list(seen.values())
    if not options:
        s.rules.shuffle_resource(s, owner)
        return STOP
    return ask(s, owner, options, 1, step.get("as", "found"), ctx, "search", after="search")


def _after_search(s: State, player: int, chosen: list[int], ctx: dict[str, Any]) -> None:
    card = chosen[0]
    s.resource[player].remove(card)
    s.hand[player].append(card)
    s.rules.shuffle_resource(s, player)


@handler("discard_random")
def _discard_random(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> None:
    """Cards taken at random from the enemy hand to his DISCARD (a chance event per card)."""
    enemy = _enemy(s, source)
    amount = min(int(step.get("amount", 1)), len(s.hand[enemy]))
    if amount:
        s.rules.reveal_from_hand(s, enemy, amount, "effects")


@handler("forced_discard")
def _forced_discard(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> Any:
    """The enemy puts hand cards of his choice to DISCARD: ``count`` of them, or down to ``down_to``."""
    enemy = _enemy(s, source)
    hand = s.hand[enemy]
    count = len(hand) - int(step["down_to"]) if "down_to" in step else int(step.get("count", 1))
    count = min(count, len(hand))
    if count <= 0:
        return None
    return ask(s, enemy, list(hand), count, "discarded", ctx, "discard", after="discard")


def _after_discard(s: State, player: int, chosen: list[int], ctx: dict[str, Any]) -> None:
    for c in chosen:
        s.hand[s.owner[c]].remove(c)
        s.discard[s.owner[c]].append(c)


@handler("hand_to_resource")
def _hand_to_resource(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> Any:
    """The owner puts ``count`` hand cards of his choice at the bottom of his RESOURCE (G12)."""
    owner = s.owner[source]
    count = min(int(step.get("count", 1)), len(s.hand[owner]))
    if count <= 0:
        return None
    return ask(s, owner, list(s.hand[owner]), count, "returned", ctx, "to_resource", after="to_resource")


def _after_to_resource(s: State, player: int, chosen: list[int], ctx: dict[str, Any]) -> None:
    for c in chosen:
        s.hand[player].remove(c)
        s.resource[player].append(c)


@handler("look_hand")
def _look_hand(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> None:
    """The owner looks at the enemy hand (shown in his observation until the end of the turn)."""
    looked = s.tmem.setdefault("looked", [[], []])
    looked[s.owner[source]] = list(s.hand[_enemy(s, source)])


@handler("look_top")
def _look_top(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> Any:
    """The owner looks at the top ``amount`` cards of his RESOURCE (unseen ones are revealed to him by
    chance events), then puts them back on top in the order he chooses (郭嘉)."""
    owner = s.owner[source]
    top = s.memory.setdefault("top", [0, 0])
    s.top = top
    n = min(int(step.get("amount", 2)), len(s.resource[owner]))
    more = min(n - top[owner], s.hidden[owner]) if n > top[owner] else 0
    ctx["_look"] = n
    s.rules.queue(s, -1, "@look_order", {"player": owner, "n": n}, first=True)
    if more > 0:
        s.chance = [owner, more, Area.RESOURCE, "effects"]
        s.rules.settle_reveal(s)
    return None


def _look_order(s: State, ctx: dict[str, Any]) -> None:
    player, n = ctx["player"], ctx["n"]
    cards = s.resource[player][:n]
    if len(cards) < 2:
        return
    s.frames.insert(0, [-1, "@look_done", 0, {"player": player, "n": n}])
    ask(s, player, cards, len(cards), "order", s.frames[0][3], "order")


def _look_done(s: State, ctx: dict[str, Any]) -> None:
    player = ctx["player"]
    order = ctx.get("order")
    if order:
        s.resource[player][: len(order)] = order


@handler("discard_card")
def _discard_card(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> Any:
    """A chosen hand card goes to its owner's DISCARD."""
    card = _who(s, source, step, ctx, "card")
    if card is None or card not in s.hand[s.owner[card]]:
        return STOP
    s.hand[s.owner[card]].remove(card)
    s.discard[s.owner[card]].append(card)
    return None


# --- generals -----------------------------------------------------------------------------------------


@handler("to_casualty")
def _to_casualty(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> Any:
    """A general to its owner's CASUALTY (``who``; "self" sacrifices the text's own general)."""
    g = _who(s, source, step, ctx)
    if g is None or g not in s.zone:
        return STOP
    killer = _who(s, source, step, ctx, "by") if "by" in step else None
    s.rules.to_casualty(s, g, by=killer)
    return None


@handler("to_hand")
def _to_hand(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> Any:
    """A general back to its owner's hand; its equipment to DISCARD."""
    g = _who(s, source, step, ctx)
    if g is None or g not in s.zone:
        return STOP
    s.rules.leave_battlefield(s, g)
    s.hand[s.owner[g]].append(g)
    return None


@handler("to_out_of_game")
def _to_out_of_game(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> Any:
    """A general leaves the battlefield for OUT OF GAME; its equipment to DISCARD."""
    g = _who(s, source, step, ctx)
    if g is None or g not in s.zone:
        return STOP
    s.rules.leave_battlefield(s, g)
    s.put_out_of_game(s.owner[g], g)
    return None


@handler("move")
def _move(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> Any:
    """A general moves to ``to`` (seen from its owner's side), blocking ignored; ``no_more_moves``
    forbids its own moves for the rest of the turn (吕蒙)."""
    g = _who(s, source, step, ctx)
    if g is None or g not in s.zone:
        return STOP
    s.zone[g] = Zone(step["to"])
    if step.get("no_more_moves"):
        s.tmem.setdefault("nomove", []).append(g)
    return None


@handler("equip_free")
def _equip_free(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> Any:
    """A hand card (``card``) goes onto a general (``who``) without paying, if it may go there (G13)."""

    card = _who(s, source, step, ctx, "card")
    g = _who(s, source, step, ctx)
    if card is None or g is None or card not in s.hand[s.owner[card]]:
        return STOP
    if s.rules.equip_problem(s, s.owner[card], card, g) is not None:
        return STOP
    s.hand[s.owner[card]].remove(card)
    s.gear[g] = (*s.gear.get(g, ()), card)
    s.carrier[card] = g
    return None


@handler("duel")
def _duel(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> Any:
    """Two generals (``a``, ``b``) compare current Might: the lower goes to CASUALTY, both if equal."""
    a, b = ctx.get(step.get("a", "a")), ctx.get(step.get("b", "b"))
    if isinstance(a, list):
        a, b = a[0], a[1] if len(a) > 1 else b
    if a is None or b is None or a not in s.zone or b not in s.zone:
        return STOP
    if step.get("same_zone") and s.zone[a] is not s.zone[b]:
        return STOP  # the two must stand in one zone: the text does nothing
    if "mark" in step and step["mark"] not in s.cards[a].marks and step["mark"] not in s.cards[b].marks:
        return STOP
    ma, mb = s.rules.might(s, a), s.rules.might(s, b)
    if ma <= mb:
        s.rules.to_casualty(s, a)
    if mb <= ma:
        s.rules.to_casualty(s, b)
    return None


@handler("joint_attack")
def _joint_attack(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> Any:
    """Two own generals attack one enemy general with the sum of their Might (前后夹攻); both have attacked."""
    own = ctx.get(step.get("own", "own"))
    target = ctx.get(step.get("target", "t"))
    if isinstance(target, list):
        target = target[0]
    if not own or target is None or target not in s.zone or any(g not in s.zone for g in own):
        return STOP
    for g in own:
        s.acted.add(g)
        s.attacked.add(g)
    total = sum(s.rules.might(s, g) for g in own)
    enemy = s.rules.might(s, target)
    if total >= enemy:
        s.rules.to_casualty(s, target, by=own[0])
        if total > enemy:
            s.rules.emit(s, "victory", {"winner": own[0], "loser": target, "attack": True})
    if enemy >= total:
        for g in own:
            s.rules.to_casualty(s, g)
    return None


@handler("extra_attack")
def _extra_attack(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> Any:
    """The general may attack once more this turn (速攻, 项羽)."""
    g = _who(s, source, step, ctx)
    if g is None or g not in s.zone:
        return STOP
    extra = s.tmem.setdefault("extra", {})
    extra[str(g)] = extra.get(str(g), 0) + 1
    return None


@handler("grant")
def _grant(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> Any:
    """This turn, ``flag`` holds for ``who`` (a general, or "own": all own generals)."""
    who = step.get("who", "self")
    g = -1 if who == "own" else _who(s, source, step, ctx)
    if g is None:
        return STOP
    s.tmem.setdefault("grants", []).append([s.owner[source], step["flag"], g])
    return None


@handler("upkeep_mod")
def _upkeep_mod(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> None:
    """The owner's upkeep ([军费]) at the end of this turn changes by ``amount`` (never below 0)."""
    mods = s.tmem.setdefault("upkeep", [0, 0])
    mods[s.owner[source]] += int(step["amount"])


@handler("siege_reduce")
def _siege_reduce(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> None:
    """The siege being answered depletes ``amount`` fewer cards (坚壁清野)."""
    s.tmem["siege_reduce"] = s.tmem.get("siege_reduce", 0) + int(step["amount"])


@handler("remember")
def _remember(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> None:
    """Note ``key`` for this card for the rest of the game (once-per-game texts)."""
    s.memory.setdefault(step["key"], []).append(source)


@handler("special_victory")
def _special_victory(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> None:
    """The owner wins at once (§1.4 4), unless the enemy's text forbids it (逆境)."""

    owner = s.owner[source]
    if s.rules.player_flag(s, owner, "no_special_victory"):
        return
    s.rules.end(s, 1 - owner, Termination.SPECIAL_VICTORY, {"card": {"card": source, "name": s.names[source]}})


@handler("strike")
def _strike(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> Any:
    """施计 (glossary 22, §3.7.3 rule 7): the executor's Wit (plus ``bonus`` steps whose ``if`` holds
    for the target) against each target's; lower Wit goes to CASUALTY. ``target`` is a chosen general,
    or "all" enemy generals in the executor's zone."""
    executor = ctx["executor"]
    if executor not in s.zone:
        return STOP
    if step.get("target", "all") == "all":
        targets = s.rules.enemies_in_zone(s, executor)
    else:
        t = _who(s, source, step, ctx, "target")
        targets = [t] if t is not None and t in s.zone else []
    if not targets:
        return STOP
    for t in targets:
        s.now["tactic"] = [executor, source, t]
        power = s.rules.wit(s, executor)
        for b in step.get("bonus", ()):
            if s.rules.holds_all(s, b.get("if", ()), t, source, ctx):
                power += int(b["amount"])
        theirs = s.rules.wit(s, t)
        s.now.pop("tactic", None)
        if theirs < power and not s.rules.immune_to_tactic(s, t, executor):
            s.rules.to_casualty(s, t, by=executor)
            s.rules.emit(s, "victory", {"winner": executor, "loser": t, "attack": False, "tactic": True})
    return None


# --- choices --------------------------------------------------------------------------------------------


def ask(
    s: State, player: int, options: list[int], count: int, var: str, ctx: dict[str, Any], kind: str, after: str = ""
) -> Any:
    """Let ``player`` choose ``count`` of ``options`` (stored in the context as ``var``); a forced
    choice (as many options as asked) is made at once. Returns STOP if there are too few options."""
    if len(options) < count:
        return STOP
    if (len(options) == count and kind != "order") or count == 0:
        finish_choice(s, player, list(options[:count]), var, ctx, after)
        return None
    s.choice = {
        "player": player,
        "kind": kind,
        "count": count,
        "options": list(options),
        "as": var,
        "after": after,
        "phase": s.phase.value,
        "to_act": s.deciding,
    }
    s.phase = _CHOICE
    s.deciding = player
    return None


def finish_choice(s: State, player: int, chosen: list[int], var: str, ctx: dict[str, Any], after: str) -> None:
    """Store the chosen cards in the context and do what the choice was for."""
    ctx[var] = list(chosen)
    if after:
        AFTER[after](s, player, chosen, ctx)


AFTER = {"search": _after_search, "discard": _after_discard, "to_resource": _after_to_resource}


OPTIONS = {
    "enemy_generals": lambda s, owner: list(s.field[1 - owner]),
    "own_generals": lambda s, owner: list(s.field[owner]),
    "enemy_hand": lambda s, owner: list(s.hand[1 - owner]),
    "own_hand": lambda s, owner: list(s.hand[owner]),
}


def choice_options(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> list[int]:
    """What a ``choose`` step of ``source``'s text offers its owner now (``from``, every ``where``, ``best``)."""
    owner = s.owner[source]
    options = OPTIONS[step["from"]](s, owner)
    where = step.get("where")
    if where:
        options = [o for o in options if s.rules.holds_all(s, where, o, source, ctx)]
    if step.get("best") == "max_base_cost" and options:
        top = max(s.cards[o].cost or 0 for o in options)
        options = [o for o in options if (s.cards[o].cost or 0) == top]
    return options


TARGETS = ("enemy_generals", "own_generals")
"""The ``from`` of a ``choose`` step that names a target (a general), as opposed to a card in a hand."""


def declared_step(steps: Any) -> Mapping[str, Any] | None:
    """The step of a text (its ``play`` or ``activate`` steps) whose target is named when the card is played
    or the effect activated, before the response window (§3.7.3 step 3, §1.5 2), ruling G17): its first step,
    when it chooses generals. None if the text targets nothing."""
    if not steps:
        return None
    first = steps[0]
    if first.get("kind") == "choose" and first.get("from") in TARGETS:
        return first
    return None


def target_options(s: State, source: int, steps: Any, ctx: dict[str, Any]) -> tuple[list[int], int] | None:
    """The legal targets of a text now and how many it names (ruling G17); None if it targets nothing."""
    step = declared_step(steps)
    if step is None:
        return None
    return choice_options(s, source, step, ctx), int(step.get("count", 1))


def _ref(s: State, g: int) -> dict[str, Any]:
    return {"card": g, "name": s.names[g]} if 0 <= g < len(s.names) else {"unknown": repr(g)}


def _pair_rule(steps: Any, var: str) -> Mapping[str, Any]:
    """The later step of a text that decides which pairs its first step may name (``duel``: one zone, a mark)."""
    for step in steps[1:]:
        if step.get("kind") == "duel" and step.get("a", "a") == var:
            return step
    return {}


def pair_problem(s: State, source: int, steps: Any, a: int, b: int) -> IllegalAction | None:
    """Why the two generals ``a`` and ``b`` are not a pair the text of ``source`` may name (ruling G17):
    the card text asks them to stand in one zone (借刀杀人, 内讧) and at least one to bear a mark (内讧's 反)."""
    rule = _pair_rule(steps, str(steps[0].get("as", "t")))
    ref = {"card": source, "name": s.names[source]}
    if rule.get("same_zone") and s.zone.get(a) is not s.zone.get(b):
        return IllegalAction(
            "refusal.target.pair_zones", {"card": ref, "a": _ref(s, a), "b": _ref(s, b)}, "§1.5 2), ruling G17"
        )
    mark = rule.get("mark")
    if mark and mark not in s.cards[a].marks and mark not in s.cards[b].marks:
        return IllegalAction(
            "refusal.target.pair_mark",
            {"card": ref, "a": _ref(s, a), "b": _ref(s, b), "mark": mark},
            "§1.5 2), ruling G17",
        )
    return None


def target_pairs(s: State, source: int, steps: Any, ctx: dict[str, Any]) -> list[tuple[int, int]]:
    """The pairs a text whose first step chooses two generals may name now (ruling G17), each once."""
    found = target_options(s, source, steps, ctx)
    if found is None or found[1] != 2:
        return []
    options = found[0]
    return [
        (a, b) for i, a in enumerate(options) for b in options[i + 1 :] if pair_problem(s, source, steps, a, b) is None
    ]


def check_target(
    s: State, source: int, steps: Any, ctx: dict[str, Any], target: int | None, target2: int | None = None
) -> IllegalAction | None:
    """Why ``target`` (and ``target2``) is not what a card or effect playing ``steps`` may name now
    (ruling G17), else None.

    A text that targets names its legal targets when played: one general, or a legal pair of two
    (借刀杀人, 内讧: both legal, distinct, and what the text asks of the pair); it cannot be played at all
    while it has no legal target or pair (§1.5 2)). A text that targets nothing names none."""
    step = declared_step(steps)  # target_options, inline: most texts name none
    if step is None:
        if target is not None or target2 is not None:
            ref = {"card": source, "name": s.names[source]}
            return IllegalAction("refusal.target.none_needed", {"card": ref}, "ruling G17")
        return None
    ref = {"card": source, "name": s.names[source]}
    options, count = choice_options(s, source, step, ctx), int(step.get("count", 1))
    if len(options) < count or (count == 2 and not target_pairs(s, source, steps, ctx)):
        return IllegalAction("refusal.target.none_legal", {"card": ref, "count": count}, "§1.5 2), ruling G17")
    if count == 1 and target2 is not None:
        return IllegalAction("refusal.target.one_only", {"card": ref}, "ruling G17")
    if target is None or (count == 2 and target2 is None):
        code = "refusal.target.missing" if count == 1 else "refusal.target.pair_missing"
        return IllegalAction(code, {"card": ref, "count": count}, "§3.7.3, ruling G17")
    named = [target] if target2 is None else [target, target2]
    for g in named:
        if g not in options:
            return IllegalAction("refusal.target.not_legal", {"card": ref, "target": _ref(s, g)}, "§1.5 2), ruling G17")
    if count == 2:
        assert target2 is not None
        if target == target2:
            return IllegalAction("refusal.target.pair_same", {"card": ref, "target": _ref(s, target)}, "ruling G17")
        return pair_problem(s, source, steps, target, target2)
    return None


def targets_for(s: State, source: int, steps: Any, ctx: dict[str, Any]) -> list[int | None]:
    """The targets a legal action playing ``steps`` may name: ``[None]`` for a text that names none now, the
    legal targets for one that names one, ``[]`` while it has too few (ruling G17). A text naming a pair:
    see :func:`target_pairs_for`."""
    return [t for t, _ in target_pairs_for(s, source, steps, ctx)]


def target_pairs_for(s: State, source: int, steps: Any, ctx: dict[str, Any]) -> list[tuple[int | None, int | None]]:
    """What a legal action playing ``steps`` names as ``(target, target2)``: ``[(None, None)]`` for a text that
    names none, ``(t, None)`` for each legal target of one that names one, each legal pair of one that
    names two (借刀杀人, 内讧), ``[]`` while it has too few (ruling G17)."""
    found = target_options(s, source, steps, ctx)
    if found is None:
        return [(None, None)]
    options, count = found
    if count == 2:
        return list(target_pairs(s, source, steps, ctx))
    if len(options) < count:
        return []
    return [(t, None) for t in options] if count == 1 else [(None, None)]


@handler("choose")
def _choose(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> Any:
    """The owner chooses ``count`` (1) of ``from`` (enemy_generals, own_generals, enemy_hand, own_hand)
    for which every ``where`` condition holds; ``best`` keeps only the highest [基本招募点] (擒贼擒王).
    Too few: the rest of the text does not happen.

    A target named when the card was played (``_target`` in the context, ruling G17) is the choice: if it
    is no longer one of the options when the text resolves, the rest of the text does not happen."""
    options = choice_options(s, source, step, ctx)
    var = step.get("as", "t")
    if "_target" in ctx:
        named = [ctx.pop("_target")]
        if "_target2" in ctx:
            named.append(ctx.pop("_target2"))
        if any(g not in options for g in named):
            return STOP
        finish_choice(s, s.owner[source], named, var, ctx, "")
        return None
    return ask(s, s.owner[source], options, int(step.get("count", 1)), var, ctx, "target")


@handler("use_dui")
def _use_dui(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> Any:
    """对策: use a hand card with the 对 mark (``card``) at once: pay its cost with hand cards of the
    owner's choice, then equip it on an own general (物) or let its text happen (事)."""
    card = _who(s, source, step, ctx, "card")
    owner = s.owner[source]
    if card is None or card not in s.hand[owner]:
        return STOP
    use_card(s, owner, card, ctx)
    return None


def use_card(s: State, owner: int, card: int, ctx: dict[str, Any]) -> None:
    """Queue the use of a 对 card in the enemy's turn (对策, 荀攸): payment, then equip or play."""
    c = s.cards[card]
    s.hand[owner].remove(card)
    s.stack.append(card)
    s.rules.queue(s, -1, "@use_card", {"card": card, "cost": c.cost or 0}, first=True)


def _use_card(s: State, ctx: dict[str, Any]) -> None:
    card = ctx["card"]
    owner = s.owner[card]
    step = ctx.get("_step", 0)
    if step == 0:
        ctx["_step"] = 1
        s.frames.insert(0, [-1, "@use_card", 0, ctx])
        cost = ctx["cost"]
        if cost > len(s.hand[owner]):  # cannot pay: the card goes back to the hand unused
            s.stack.remove(card)
            s.hand[owner].append(card)
            s.frames.pop(0)
            return
        if cost:
            ask(s, owner, list(s.hand[owner]), cost, "paid", ctx, "payment", after="pay")
        return
    if step == 1:
        c = s.cards[card]
        if c.type == _EQUIPMENT:
            options = [g for g in s.field[owner] if s.rules.equip_problem(s, owner, card, g) is None]
            if not options:  # no general may carry it (slots full, G13, G16): paid, to DISCARD
                s.stack.remove(card)
                s.rules.to_discard(s, card)
                return
            ctx["_step"] = 2
            s.frames.insert(0, [-1, "@use_card", 0, ctx])
            ask(s, owner, options, 1, "g", ctx, "target")
            return
        s.stack.remove(card)
        s.rules.to_discard(s, card)
        if c.effect.get("play"):
            s.rules.queue(s, card, "play", {}, first=False)
            s.frames.insert(0, s.frames.pop())
        return
    s.stack.remove(card)
    g = ctx["g"][0]
    s.gear[g] = (*s.gear.get(g, ()), card)
    s.carrier[card] = g


def _after_pay(s: State, player: int, chosen: list[int], ctx: dict[str, Any]) -> None:
    for c in chosen:
        s.hand[player].remove(c)
        s.discard[player].append(c)


AFTER["pay"] = _after_pay

BUILTINS: dict[str, Builtin] = {"@look_order": _look_order, "@look_done": _look_done, "@use_card": _use_card}
"""The engine's own steps, queued by name (``@close`` is the response window's, in ``counters.py``)."""


# --- conditions -----------------------------------------------------------------------------------------


# s.zone.get(g) inline: these are asked at every Might or Wit a static text reaches
condition("outside")(lambda s, g, src, p, ctx: s.zone.get(g) in OUTSIDE)
condition("in_border")(lambda s, g, src, p, ctx: s.zone.get(g) is _BORDER)
condition("in_enemy_border")(lambda s, g, src, p, ctx: s.zone.get(g) is _ENEMY_BORDER)
condition("in_fortress")(lambda s, g, src, p, ctx: s.zone.get(g) is _FORTRESS)
condition("has_mark")(lambda s, g, src, p, ctx: p["mark"] in s.cards[g].marks)
condition("named")(lambda s, g, src, p, ctx: s.names[g] == p["name"])


@condition("own_turn")
def _own_turn(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """It is the text's owner's turn."""
    return bool(s.active == s.owner[src])


condition("enemy")(lambda s, g, src, p, ctx: s.owner[g] != s.owner[src])
condition("is_self")(lambda s, g, src, p, ctx: g == s.rules.carrier_or_self(s, src))
condition("wit_at_most")(lambda s, g, src, p, ctx: s.rules.wit(s, g) <= int(p["n"]))
condition("might_at_least")(lambda s, g, src, p, ctx: s.rules.might(s, g) >= int(p["n"]))
condition("attacked_this_turn")(lambda s, g, src, p, ctx: g in s.attacked)
condition("own_resource_below")(lambda s, g, src, p, ctx: len(s.resource[s.owner[src]]) < int(p["n"]))
condition("own_casualty_at_least")(
    lambda s, g, src, p, ctx: sum(1 for c in s.casualty[s.owner[src]] if s.cards[c].is_general) >= int(p["n"])
)
condition("fewer_generals")(lambda s, g, src, p, ctx: len(s.field[s.owner[src]]) < len(s.field[1 - s.owner[src]]))
condition("own_border_occupied")(lambda s, g, src, p, ctx: any(s.zone[x] is _BORDER for x in s.field[s.owner[src]]))


@condition("alone_outside")
def _alone_outside(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """No other own general stands outside the fortresses (曹操)."""
    return not any(x != g and s.zone[x] in OUTSIDE for x in s.field[s.owner[g]])


@condition("same_zone_as")
def _same_zone_as(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """``g`` stands in the same place as the general ``var`` ("self" by default; G5)."""
    who = p.get("var", "self")
    other = s.rules.carrier_or_self(s, src) if who == "self" else ctx.get(who)
    if isinstance(other, list):
        other = other[0] if other else None
    if other is None or other not in s.zone or g not in s.zone:
        return False
    if s.owner[other] == s.owner[g]:
        return s.zone[other] is s.zone[g] and s.zone[g] is not _FORTRESS
    return s.rules.facing(s.zone[other]) is s.zone[g]


@condition("same_zone_pair")
def _same_zone_pair(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """Another general of ``g``'s side stands in ``g``'s zone outside (a pair to choose)."""
    z = s.zone.get(g)
    return z in OUTSIDE and any(x != g and s.zone[x] is z for x in s.field[s.owner[g]])


@condition("has_troop")
def _has_troop(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """The general carries a troop (兵种)."""
    return any(s.cards[e].subtype == "兵种" for e in s.gear.get(g, ()))


@condition("other_own_faction_on_field")
def _other_own_faction(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """Another own general of ``faction`` is on the battlefield."""
    return any(x != g and p["faction"] in s.cards[x].factions for x in s.field[s.owner[src]])


@condition("own_faction_count")
def _own_faction_count(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """At least ``min`` own generals of ``faction`` on the battlefield."""
    return sum(1 for x in s.field[s.owner[src]] if p["faction"] in s.cards[x].factions) >= int(p["min"])


@condition("same_faction_count")
def _same_faction_count(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """At least ``min`` own generals on the battlefield share one faction (君臣同心)."""
    counts: dict[str, int] = {}
    for x in s.field[s.owner[src]]:
        for f in s.cards[x].factions:
            counts[f] = counts.get(f, 0) + 1
    return any(n >= int(p["min"]) for n in counts.values())


@condition("name_on_field")
def _name_on_field(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """An own general named ``name`` is on the battlefield."""
    return any(s.names[x] == p["name"] for x in s.field[s.owner[src]])


@condition("attacking")
def _attacking(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """``g`` declared the melee being resolved ([武力攻击]); with ``mark``: against a general bearing it."""
    contest = s.now.get("contest")
    if not contest or contest[0] != g:
        return False
    return "mark" not in p or p["mark"] in s.cards[contest[1]].marks


@condition("attacked")
def _attacked(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """``g`` is the general attacked in the melee being resolved."""
    contest = s.now.get("contest")
    return contest is not None and contest[1] == g


@condition("attacked_by_self")
def _attacked_by_self(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """``g`` is attacked, in the melee being resolved, by the text's general (张飞)."""
    contest = s.now.get("contest")
    return contest is not None and contest[1] == g and contest[0] == s.rules.carrier_or_self(s, src)


@condition("sieging")
def _sieging(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """``g`` is the general whose [攻城] is being resolved."""
    return s.now.get("siege") == g


@condition("first_siege")
def _first_siege(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """``g`` has not besieged before in this game (关羽)."""
    return g not in s.memory.get("sieged", ())


@condition("executing")
def _executing(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """``g`` executes the tactic being resolved (of ``subtype`` if given)."""
    tactic = s.now.get("tactic")
    if not tactic or tactic[0] != g:
        return False
    return "subtype" not in p or s.cards[tactic[1]].subtype == p["subtype"]


@condition("tactic_target")
def _tactic_target(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """``g`` is the target of the tactic being resolved (of ``subtype`` if given)."""
    tactic = s.now.get("tactic")
    if not tactic or tactic[2] != g:
        return False
    return "subtype" not in p or s.cards[tactic[1]].subtype == p["subtype"]


@condition("context_is_self")
def _context_is_self(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """The event's ``key`` (winner, loser, general, defender, …) is the text's own general."""
    return ctx.get(p["key"]) == (src if s.cards[src].is_general else s.carrier.get(src))


@condition("context_own_other")
def _context_own_other(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """The event's ``key`` is another own general (of ``faction`` if given)."""
    x = ctx.get(p["key"])
    if x is None or x == src or s.owner[x] != s.owner[src]:
        return False
    return "faction" not in p or p["faction"] in s.cards[x].factions


@condition("context_enemy")
def _context_enemy(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """The event's ``key`` is an enemy general."""
    x = ctx.get(p["key"])
    return x is not None and s.owner[x] != s.owner[src]


@condition("context_true")
def _context_true(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """The event's ``key`` is true (``attack``: the winner declared the melee)."""
    return bool(ctx.get(p["key"]))


@condition("retreat_home")
def _retreat_home(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """The move of the event went from outside into 自城内 (张郃)."""
    return ctx.get("to") == _FORTRESS_VALUE and ctx.get("from") in _OUTSIDE_VALUES


@condition("not_remembered")
def _not_remembered(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """The card has not used its once-per-game text (``key``) yet."""
    return src not in s.memory.get(p["key"], ())


@condition("army_at_least")
def _army_at_least(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """At least ``min`` own generals on the battlefield, ``outside`` of them in 敌城外 (军临天下)."""
    field = s.field[s.owner[src]]
    far = sum(1 for x in field if s.zone[x] is _ENEMY_BORDER)
    return len(field) >= int(p["min"]) and far >= int(p.get("far", 0))


@condition("pending_melee_on_other_own")
def _pending_melee_on_other_own(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """The action being answered is an enemy [武力攻击] on another own general (周仓)."""
    pending = s.pending
    if pending is None or pending.kind != "melee":
        return False
    d = pending.defender  # type: ignore[attr-defined]
    return d != src and d in s.zone and s.owner[d] == s.owner[src]


@condition("pending_attacker")
def _pending_attacker(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """``g`` is the general whose action is being answered (its mover, attacker or sieger)."""
    pending = s.pending
    if pending is None:
        return False
    return g in (getattr(pending, "general", None), getattr(pending, "attacker", None))


@condition("has_faction")
def _has_faction(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """``g`` belongs to ``faction``."""
    return p["faction"] in s.cards[g].factions


@condition("can_equip")
def _can_equip(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """The card ``var`` may go onto ``g`` now (slots, uniqueness: G13)."""

    card = ctx.get(p["var"])
    if isinstance(card, list):
        card = card[0] if card else None
    return card is not None and s.rules.equip_problem(s, s.owner[card], card, g) is None


@condition("may_attack")
def _may_attack(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """``g`` may still attack this turn (G8)."""
    return s.rules.may_attack(s, g)


@condition("faced_by")
def _faced_by(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """At least ``min`` generals of the text's owner that may still attack stand where ``g`` stands."""
    there = s.rules.facing(s.zone[g])
    owner = s.owner[src]
    n = sum(1 for x in s.field[owner] if s.zone[x] is there and s.rules.may_attack(s, x))
    return there is not None and n >= int(p["min"])


@condition("chose_yes")
def _chose_yes(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """The player said yes to the ``may`` step stored as ``var``."""
    answer = ctx.get(p.get("var", "yes"))
    return answer is not None and len(answer) > 0 and answer[0] != -1


@handler("may")
def _may(s: State, source: int, step: Mapping[str, Any], ctx: dict[str, Any]) -> Any:
    """ "可以": the owner says yes (the source's id) or no (-1); later steps check ``chose_yes``."""
    return ask(s, s.owner[source], [source, -1], 1, step.get("as", "yes"), ctx, "may")


@condition("pending_defender")
def _pending_defender(s: State, g: int, src: int, p: Mapping[str, Any], ctx: dict[str, Any]) -> bool:
    """``g`` is the general attacked by the melee being answered."""
    pending = s.pending
    return pending is not None and getattr(pending, "defender", None) == g
