"""A 三国智 deck's "try the opening" page: the seeded deck-to-table simulation (``engine.sanguozhi``) as the
player sees it, in the reader's language. Built only from the engine's observation of seat 0."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from decks.models import DeckVersion
from decks.presenters.builder import english
from engine.decklist import DecklistError, parse_decklist
from engine.systems import get_system

SLOT_LABELS = {
    "graveyard": gettext_lazy("墓地 (graveyard)"),
    "commander": gettext_lazy("主将 (commander)"),
    "strategist": gettext_lazy("军师 (strategist)"),
    "lieutenant": gettext_lazy("副将 (lieutenant)"),
    "camp": gettext_lazy("营地 (camp: the deck)"),
    "event": gettext_lazy("事件 (events)"),
    "scheme": gettext_lazy("谋略 (scheme)"),
    "formation": gettext_lazy("阵型 (formations)"),
    "command:步兵": gettext_lazy("步兵兵权 (infantry command)"),
    "command:弓兵": gettext_lazy("弓兵兵权 (archer command)"),
    "command:骑兵": gettext_lazy("骑兵兵权 (cavalry command)"),
    "command:谋士": gettext_lazy("谋士兵权 (scholar command)"),
    "granary": gettext_lazy("粮仓 (granary)"),
}
TYPE_EN = {
    "将领": "General",
    "谋略": "Scheme",
    "事件": "Event",
    "兵权": "Command",
    "阵型": "Formation",
    "粮草": "Grain",
}
"""三国智's card types in English (the Chinese page shows the printed type), as the builder does for 将军令's."""
ROW_LABELS = {
    "far": gettext_lazy("Far row"),
    "middle": gettext_lazy("Middle row"),
    "near": gettext_lazy("Near row"),
}


def has_opening(version: DeckVersion) -> bool:
    """Whether the deck's game has a setup simulator (the system table says so, never the game's name)."""
    return get_system(version.deck.format.game).setup is not None


def opening_context(version: DeckVersion, seed: int, choice: str, lang: str) -> dict[str, Any]:
    """The simulated opening of ``version`` with ``seed``, after ``choice`` (keep, mulligan or none yet)."""
    setup = get_system(version.deck.format.game).setup_module()
    engine_lang = "zh" if lang.lower().startswith("zh") else "en"
    db = version.card_database_version.to_engine()
    out: dict[str, Any] = {"seed": seed, "choice": choice, "next_seed": (seed + 1) % (10**9 + 1)}
    try:
        decklist = parse_decklist(version.decklist, kind="text")
        opening = setup.opening_after([decklist], db, seed, [choice] if choice else [])
    except DecklistError as exc:
        out["error"] = str(exc)
        return out
    except setup.SetupError as exc:
        problem = exc.problem
        out["error"] = setup.message_text(problem.code, problem.params, engine_lang)
        out["rule"] = problem.rule
        return out

    def card(name: str) -> dict[str, str]:
        found = db.lookup(name)
        if found is None:
            return {"name": name, "type": ""}
        kind = TYPE_EN.get(found.type, found.type) if english(lang) else found.type
        return {"name": found.display_name(lang), "type": kind}

    seen = opening.observation(0)["sides"][0]
    side = opening.sides[0]
    filled = {
        "graveyard": len(seen["graveyard"]),
        "camp": seen["camp"]["count"],
        "event": len(side.events),
        "formation": len(side.formations),
        "granary": len(side.granary),
    }
    rows: dict[str, list[dict[str, Any]]] = {}
    for slot in setup.SLOTS:
        rows.setdefault(slot.row, []).append(
            {
                "key": slot.key,
                "label": SLOT_LABELS.get(slot.key, slot.name),
                "count": slot.count,
                "cards": filled.get(slot.key, 0),
                "section": slot.section,
            }
        )
    out.update(
        {
            "hand": [card(n) for n in side.hand],
            "events": [card(n) for n in side.events],
            "formations": [card(n) for n in side.formations],
            "camp_count": seen["camp"]["count"],
            "grain": seen["grain"],
            "grain_cap": seen["grain_cap"],
            "hand_limit": seen["hand_limit"],
            "mulligan": side.mulligan,
            "deciding": opening.to_decide == 0,
            "rows": [(ROW_LABELS[r], slots) for r, slots in rows.items()],
            "steps": [setup.message_text(s["code"], s["params"], engine_lang) for s in opening.steps],
            "status": _("Every starting hand is confirmed: the turns would begin here (§1.2.7).")
            if opening.to_decide is None
            else _("Keep this hand, or take your one mulligan (§1.2.6.1)."),
        }
    )
    return out
