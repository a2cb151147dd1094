"""The battle calculator for paper tables: the web form's input is the documented calculator input
(``python -m engine battle GAME FILE``, ``docs/longhu.md`` and ``docs/wenlu.md``), and the engine's own
``calculate`` works it out (``engine.systems.System.calculator()``). Nothing here re-implements a rule.

The site rolls the dice by drawing a seed (``secrets``): the commitment ``sha256:`` + SHA-256 of the seed's
decimal digits is shown with the seed, and the seed travels signed (``django.core.signing``) so that a log
kept as "the site rolled" really used the site's seed.
"""

from __future__ import annotations

import copy
import hashlib
import json
import secrets
from dataclasses import dataclass
from typing import Any

from django.core import signing
from django.db import transaction
from django.utils.translation import gettext as _

from boards.models import BattleLog, GameData
from boards.services import maps
from engine.systems import System
from junling.errors import Refused
from junling.models import record

SEED_SALT = "boards.battle.seed"
MAX_SEED = 2**63 - 1


class BattleRefused(Refused):
    """Input the calculator cannot use; ``message`` says what and where (the engine's words)."""

    code = "battle.invalid"


@dataclass(frozen=True)
class Battle:
    """A worked-out battle: the input as the engine got it, its result, and how the dice came."""

    spec: dict[str, Any]
    result: dict[str, Any]
    seed: int | None
    site_rolled: bool
    commitment: str
    signed_seed: str


def commitment(seed: int) -> str:
    """``sha256:`` + the SHA-256 of the seed's decimal digits: what a player checks the revealed seed against."""
    return "sha256:" + hashlib.sha256(str(seed).encode()).hexdigest()


def draw_seed() -> tuple[int, str]:
    """A fresh seed from the site and its signed form (the proof, when kept, that the site drew it)."""
    seed = secrets.randbelow(MAX_SEED)
    return seed, signing.dumps(seed, salt=SEED_SALT)


def site_seed(signed: str) -> int | None:
    """The seed inside ``signed`` if the site signed it, else None."""
    try:
        value = signing.loads(signed, salt=SEED_SALT)
    except signing.BadSignature:
        return None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def prepare(
    spec: Any, *, dice: list[int] | None = None, site_roll: bool = False, signed_seed: str = ""
) -> tuple[dict[str, Any], int | None, bool, str]:
    """The calculator input: ``spec`` with the dice typed at the table (if any) and, if the site rolls, its seed.

    Returns (input, seed, site rolled, signed seed)."""
    if not isinstance(spec, dict):
        raise BattleRefused(_("The battle must be a JSON object."), code="battle.not_an_object")
    spec = copy.deepcopy(spec)
    if dice:
        spec["dice"] = list(dice)
    seed: int | None = None
    rolled = False
    if site_roll:
        known = site_seed(signed_seed) if signed_seed else None
        if known is None:
            known, signed_seed = draw_seed()
        seed, rolled = known, True
        spec["seed"] = seed
    else:
        signed_seed = ""
        raw = spec.get("seed")
        seed = raw if isinstance(raw, int) and not isinstance(raw, bool) else None
    return spec, seed, rolled, signed_seed


def calculate_battle(
    system: System,
    spec: Any,
    *,
    dice: list[int] | None = None,
    site_roll: bool = False,
    signed_seed: str = "",
    lang: str = "en",
) -> Battle:
    """Work the battle out with the engine's calculator of ``system``; nothing is stored."""
    prepared, seed, rolled, signed = prepare(spec, dice=dice, site_roll=site_roll, signed_seed=signed_seed)
    result = run(system, prepared, lang)
    return Battle(prepared, result, seed, rolled, commitment(seed) if rolled and seed is not None else "", signed)


def _names(system: System, language: str) -> dict[str, str]:
    newest = GameData.objects.filter(system=system.id).order_by("-created_at", "-pk").first()
    if newest is None:
        return {}
    return dict(getattr(maps.game_data(newest.content_hash), "names", lambda _lang: {})(language))


def run(system: System, spec: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """The engine's ``calculate(spec, lang, names)``, the names in its steps in the reader's language (those of the
    system's newest game data: the battle's input names countries, characters and counters as it does); its
    refusal (what and where) becomes a :class:`BattleRefused`."""
    module = system.calculator()
    language = "zh" if lang.startswith("zh") else "en"
    try:
        return dict(module.calculate(copy.deepcopy(spec), language, _names(system, language)))
    except module.CalculatorError as exc:  # what and where, in the reader's language
        said = exc.text(language)[:500]
        raise BattleRefused(
            _("The battle could not be worked out: %(error)s") % {"error": said},
            params={"error": said, "code": exc.code},
        ) from None
    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
        raise BattleRefused(
            _("The battle could not be worked out: a field is missing or of the wrong kind (%(error)s).")
            % {"error": str(exc)[:500]},
            params={"error": str(exc)[:500]},
        ) from None


def keep_battle_log(
    system: System,
    spec: Any,
    *,
    dice: list[int] | None = None,
    site_roll: bool = False,
    signed_seed: str = "",
    actor: Any = None,
) -> BattleLog:
    """Work the battle out again (the engine is deterministic) and keep it as a log with a permalink."""
    battle = calculate_battle(system, spec, dice=dice, site_roll=site_roll, signed_seed=signed_seed)
    with transaction.atomic():
        log = BattleLog.objects.create(
            system=system.id,
            token=secrets.token_urlsafe(12),
            spec=battle.spec,
            result=battle.result,
            site_rolled=battle.site_rolled,
            seed=battle.seed,
            commitment=battle.commitment,
            created_by=actor if getattr(actor, "is_authenticated", False) else None,
        )
        record(
            actor,
            "battle_log.keep",
            log,
            system=system.id,
            token=log.token,
            site_rolled=log.site_rolled,
            commitment=log.commitment,
            winner=battle.result.get("winner"),
        )
    return log


def log_document(log: BattleLog) -> str:
    """The JSON download of a kept battle: the input (feed it to ``python -m engine battle``) and the result."""
    doc = {
        "format": "junling-battle-log/1",
        "system": log.system,
        "token": log.token,
        "created_at": log.created_at.isoformat(),
        "site_rolled": log.site_rolled,
        "seed": log.seed,
        "commitment": log.commitment,
        "input": log.spec,
        "result": log.result,
    }
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
