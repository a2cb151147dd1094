"""§11 event cards: the windows of an activation (before the march die, after it; Q3, Q9, ruling W3) and the
cards' effects. Played here: 李舜臣出击, 义兵蜂起, 守城, 皇帝的檄文, 流行性疾病 (Allies); 三奉行派遣,
秀吉的书信, 讲和交涉 ⑥⑦⑧, 补充 (Japanese); 奇袭 and 伏兵 through the battle's hooks, 加藤清正虎退治 as an
Allied card is played; 官位晋升 after a field battle."""

from __future__ import annotations

from engine.boardgame.procedure import Proc, ask, picked, roll
from engine.wenlu.actions import Pass, Pick
from engine.wenlu.board import Board

BEFORE = {"japan": ("讲和交涉6",), "korea": ("李舜臣出击", "义兵蜂起"), "ming": ()}
AFTER = {
    "japan": ("三奉行派遣", "秀吉的书信", "讲和交涉7", "讲和交涉8", "补充"),
    "korea": ("守城", "流行性疾病"),
    "ming": ("皇帝的檄文", "流行性疾病"),
}
PEACE = ("讲和交涉6", "讲和交涉7", "讲和交涉8")
ONE_POINT = ("讲和交涉7", "讲和交涉8")


def _side(nation: str) -> str:
    return "japan" if nation == "japan" else "allies"


def playable(b: Board, nation: str, window: str) -> list[str]:
    side = _side(nation)
    names = (BEFORE if window == "before" else AFTER)[nation]
    out = []
    for card in sorted(set(b.hands[side])):
        if card not in names:
            continue
        if card == "补充" and not _resupply_targets(b):
            continue
        if card in (*ONE_POINT, "补充") and b.points < 1:
            continue
        if card in ("三奉行派遣", "秀吉的书信") and any(p in b.played for p in PEACE):
            continue  # cannot share an activation with 讲和交涉
        if card in PEACE and any(p in b.played for p in ("三奉行派遣", "秀吉的书信")):
            continue
        if card == "李舜臣出击" and b.yi_sun_sin:
            continue  # once a game turn
        if card in ("义兵蜂起", "守城") and "李舜臣出击" in b.played:
            continue
        if card == "义兵蜂起" and not any(b.loc.get(c.id) == "standby" for c in b.data.counters):
            continue
        if card == "流行性疾病" and not any(b.c(c).nation == "japan" and b.on_map(c) for c in b.reduced):
            continue
        if card == "守城" and not (set(b.data.map.region_ids) - b.markers):
            continue
        out.append(card)
    return out


DISSOLVE = "dissolve:"
"""``Pick("dissolve:<region>")``: a Korean unit there goes back to 补充区 (§10.3(6), ruling W23)."""


def window(b: Board, nation: str, when: str) -> Proc:
    """Offer the cards of this window one at a time until the player passes (Q3, Q9, ruling W3); before the
    die of a Korean activation, dissolution too (§10.3(6), ruling W23)."""
    side = _side(nation)
    player = 0 if side == "japan" else 1
    while b.outcome is None:
        cards = playable(b, nation, when)
        regions = _dissolvable(b) if nation == "korea" and when == "before" else []
        if not cards and not regions:
            return
        action = yield from ask(
            b,
            player,
            "wenlu.ask.card_" + when,
            [Pass(), *(Pick(c) for c in cards), *(Pick(DISSOLVE + r) for r in regions)],
            "§11.2, ruling W3",
        )
        card = picked(action)
        if not card:
            return
        if card.startswith(DISSOLVE):
            dissolve(b, card[len(DISSOLVE) :])
            continue
        yield from play(b, side, card)


def play(b: Board, side: str, card: str) -> Proc:
    """``side`` plays ``card`` from its hand (§11.2: spent); an Allied card may be cancelled by 加藤清正虎退治
    (Q4: then it and its cost do nothing)."""
    b.hands[side].remove(card)
    b.spent.append(card)
    b.note("wenlu.step.card", "§11.2", side=side, card=card)
    if side == "allies" and (yield from tiger(b, card)):
        return
    b.played.append(card)
    yield from effect(b, card)


def dissolve(b: Board, region: str) -> None:
    """§10.3(6), ruling W23: a Korean unit in ``region`` goes back to 补充区."""
    cid = next(c for c in b.here(region, "allies") if b.c(c).nation == "korea" and b.c(c).kind == "unit")
    b.loc[cid] = "replacement"
    b.castle.discard(cid)
    b.note("wenlu.step.dissolve", "§10.3(6), ruling W23", counter=cid, region=region)


def any_time(b: Board) -> Proc:
    """Ruling W23 "at any time" (between steps, ``rules.between_steps``): the Allies may dissolve Korean units
    (§10.3(6)) and play 流行性疾病, one at a time until they pass."""
    while b.outcome is None:
        epidemic = "流行性疾病" in b.hands["allies"] and any(
            b.c(c).nation == "japan" and b.on_map(c) for c in b.reduced
        )
        options = [Pick(DISSOLVE + r) for r in _dissolvable(b)]
        if epidemic:
            options.insert(0, Pick("流行性疾病"))
        if not options:
            return
        action = yield from ask(b, 1, "wenlu.ask.card_any_time", [Pass(), *options], "ruling W23")
        choice = picked(action)
        if not choice:
            return
        if choice.startswith(DISSOLVE):
            dissolve(b, choice[len(DISSOLVE) :])
        else:
            yield from play(b, "allies", choice)


def _play(b: Board, side: str, card: str, what: str, rule: str, params: dict[str, str]) -> Proc:
    """Ask ``side`` whether to play ``card`` now (the question ``what`` with ``params``); True if played
    (spent, §11.2)."""
    if card not in b.hands[side]:
        return False
    action = yield from ask(b, 0 if side == "japan" else 1, what, [Pass(), Pick(card)], rule, params=params)
    if picked(action) != card:
        return False
    b.hands[side].remove(card)
    b.spent.append(card)
    b.note("wenlu.step.card", rule, side=side, card=card)
    return True


def tiger(b: Board, card: str) -> Proc:
    """加藤清正虎退治, ruling W20: answers an Allied card as it is played, 加藤清正 being in 咸镜道."""
    where = b.loc.get(b.data.kato, "out")
    m = b.data.map
    if not m.has_region(where) or m.region(where).province != b.data.kato_province:
        return False
    if (
        yield from _play(b, "japan", "加藤清正虎退治", "wenlu.ask.cancel", "加藤清正虎退治, ruling W20", {"card": card})
    ):
        b.note("wenlu.step.cancelled", "加藤清正虎退治, Q4", card=card)
        return True
    return False


def surprise(b: Board, region: str, active: str) -> Proc:
    """奇袭, ruling W14: at the start of a field battle in a Japanese activation."""
    if active == "japan" and (
        yield from _play(b, "japan", "奇袭", "wenlu.ask.surprise", "奇袭, ruling W14", {"region": region})
    ):
        b.surprise = True


def ambush(b: Board, region: str, active: str, attackers: list[str]) -> Proc:
    """伏兵, ruling W19: in an Allied activation, after initiative and before the attack dice, when the
    Japanese attack; Japanese FA +1 for the rest of the battle."""
    if active == "allies" and "japan" in attackers and not b.ambush:
        if (yield from _play(b, "japan", "伏兵", "wenlu.ask.ambush", "伏兵, ruling W19", {"region": region})):
            b.ambush = True


def promotion(b: Board, region: str, fought: list[str]) -> Proc:
    """官位晋升, ruling W19: after a field battle, one surviving Korean general that fought in it (not from the
    castle) becomes 总大将."""
    able = [g for g in fought if b.loc.get(g) == region and g not in b.castle and b.rank(g) == 1]
    if not able or "官位晋升" not in b.hands["allies"]:
        return
    action = yield from ask(
        b,
        1,
        "wenlu.ask.promotion",
        [Pass(), *(Pick(g) for g in able)],
        "官位晋升, ruling W19",
        params={"region": region},
    )
    g = picked(action)
    if not g:
        return
    b.hands["allies"].remove("官位晋升")
    b.spent.append("官位晋升")
    b.note("wenlu.step.card", "官位晋升, ruling W19", side="allies", card="官位晋升")
    if (yield from tiger(b, "官位晋升")):
        return
    b.promoted.add(g)
    b.note("wenlu.step.promoted", "官位晋升, ruling W19", general=g)


def _resupply_targets(b: Board) -> list[str]:
    """补充: reduced Japanese counters in Korea (not a home box) with a supply line."""
    reach = b.reachable("japan")
    m = b.data.map
    return sorted(
        c
        for c in b.reduced
        if b.c(c).nation == "japan" and b.on_map(c) and m.region(b.loc[c]).home_box is None and b.loc[c] in reach
    )


def resupply(b: Board) -> Proc:
    """补充: 1 point; a die; that many reduced Japanese counters in Korea with supply are restored."""
    die = yield from roll(b, "wenlu.chance.supply", "补充")
    for _ in range(die):
        targets = _resupply_targets(b)
        if not targets:
            return
        action = yield from ask(
            b, 0, "wenlu.ask.restore_card", [Pass(), *(Pick(c) for c in targets)], "补充, ruling W7"
        )
        cid = picked(action)
        if not cid:
            return
        b.reduced.discard(cid)
        b.fresh.add(cid)
        b.note("wenlu.step.restore", "补充, ruling W7", counter=cid)


def _dissolvable(b: Board) -> list[str]:
    """Regions holding a Korean unit (ruling W23: Korean units only)."""
    return sorted({b.loc[cid] for cid in b.data.of_kind("korea", "unit") if b.on_map(cid)})


def _peace(b: Board, n: int) -> None:
    """Ruling W22: the peace marker moves earlier, never before the current turn."""
    new = max(b.turn, b.peace - n)
    if new != b.peace:
        b.peace = new
        b.note("wenlu.step.peace", "讲和交涉, ruling W22", turn=new)


def _out_of_korea(b: Board, kind: str) -> bool:
    for c in b.data.counters:
        if c.kind == kind:
            where = b.loc.get(c.id, "out")
            return not (b.data.map.has_region(where) and b.data.map.region(where).home_box is None)
    return True


def effect(b: Board, card: str) -> Proc:
    m = b.data.map
    if card == "李舜臣出击":
        b.yi_sun_sin = True
        b.all_points = True
    elif card == "义兵蜂起":
        b.all_points = True
        yield from rising(b)
    elif card == "守城":
        b.points = 0
        options = [Pick(r) for r in m.region_ids if r not in b.markers and m.region(r).home_box is None]
        action = yield from ask(b, 1, "wenlu.ask.castle_marker", options, "守城, ruling W16")
        b.markers.add(picked(action) or picked(options[0]))
    elif card == "皇帝的檄文":
        b.points += 2
    elif card == "流行性疾病":
        for cid in sorted(c for c in b.reduced if b.c(c).nation == "japan" and b.on_map(c)):
            die = yield from roll(b, "wenlu.chance.epidemic", "流行性疾病, ruling W23", place=cid)
            if die == 1:
                b.reduced.discard(cid)
                b.loc[cid] = "out"
                b.note("wenlu.step.loss.removed", "流行性疾病, ruling W23", side="japan", counter=cid)
    elif card == "补充":
        b.points -= 1
        yield from resupply(b)
    elif card == "三奉行派遣":
        b.points += 4
    elif card == "秀吉的书信":
        b.letter = True
    elif card == "讲和交涉6":
        b.all_points = True
        if b.loc.get(b.data.konishi) == "平壤":
            _peace(b, 2)
    elif card == "讲和交涉7":
        b.points -= 1
        out = _out_of_korea(b, "king") + _out_of_korea(b, "prince")
        if out:
            _peace(b, out)
    elif card == "讲和交涉8":
        b.points -= 1
        if b.loc.get(b.data.konishi) == b.data.hanseong:
            _peace(b, 1)


def rising(b: Board) -> Proc:
    """义兵蜂起, ruling W23: up to 2 standby generals, each in an enemy-free region of its area, with 1d6 units
    from 补充区 (as many as there are)."""
    for _ in range(2):
        standby = sorted(c.id for c in b.data.counters if b.loc.get(c.id) == "standby")
        ready = [g for g in standby if _rise_regions(b, g)]
        if not ready:
            return
        action = yield from ask(b, 1, "wenlu.ask.rise_general", [Pass(), *(Pick(g) for g in ready)], "义兵蜂起")
        g = picked(action)
        if not g:
            return
        regions = _rise_regions(b, g)
        action = yield from ask(
            b, 1, "wenlu.ask.rise_where", [Pick(r) for r in regions], "义兵蜂起", params={"general": g}
        )
        r = picked(action) or regions[0]
        b.loc[g] = r
        b.fresh.add(g)
        b.note("wenlu.step.replace", "义兵蜂起", counter=g, region=r)
        die = yield from roll(b, "wenlu.chance.units", "义兵蜂起", general=g)
        pool = [c.id for c in b.data.counters if b.loc.get(c.id) == "replacement" and c.kind == "unit"]
        for cid in pool[:die]:
            b.loc[cid] = r
            b.fresh.add(cid)
            b.note("wenlu.step.replace", "义兵蜂起", counter=cid, region=r)


def _rise_regions(b: Board, g: str) -> list[str]:
    area = b.c(g).area
    return [r.id for r in b.data.map.regions if r.province == area and not b.here(r.id, "japan")]
