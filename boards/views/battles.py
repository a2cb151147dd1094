"""The battle calculator page for paper tables, and kept battles (permalink, JSON download)."""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from boards import access
from boards.battle_fields import BattleFieldsForm, initial_from_spec
from boards.forms import BattleForm
from boards.presenters.battles import example_input, outcome_rows, shown_steps
from boards.presenters.systems import display_name
from boards.services import battles as battle_services
from boards.services.battles import BattleRefused
from boards.views.games import language
from engine.systems import System


def _context(
    request: HttpRequest, system: System, form: BattleForm, fields: BattleFieldsForm, **extra: Any
) -> dict[str, Any]:
    return {
        "system": system,
        "system_name": display_name(system, language(request))[0],
        "form": form,
        "fields": fields,
        "sections": fields.sections(),
        "can_keep": access.can_keep_battle_log(request.user),
        **extra,
    }


def _drawn(system: System, spec: dict[str, Any]) -> tuple[BattleFieldsForm, list[str]]:
    """The fields drawn from a calculator input, and where it holds what no field can."""
    initial, rows, left_out = initial_from_spec(system.calculator_form(), spec)
    return BattleFieldsForm(system=system, initial=initial, rows=rows), left_out


def _dice_initial(dice: Any, seed: Any) -> dict[str, Any]:
    """The page's dice and seed fields from an input's (a list of dice, a seed), as typed."""
    shown = " ".join(str(d) for d in dice) if isinstance(dice, list) else ""
    return {"dice": shown, "seed": seed if isinstance(seed, int) and not isinstance(seed, bool) else None}


def _json(spec: dict[str, Any]) -> str:
    return json.dumps(spec, ensure_ascii=False, indent=1)


@require_http_methods(["GET", "POST"])
def battle(request: HttpRequest, system_id: str) -> HttpResponse:
    """GET: the fields (the bundled example in them). POST calculate: the result below the fields, nothing
    stored; keep: the battle kept as a log (logged-in users), then its permalink; export: the battle's JSON as a
    file; import: the fields drawn from pasted JSON. A JSON given with any action is the battle."""
    system = access.access_system(system_id, need="calculator")
    if request.method == "GET":
        example = json.loads(example_input(system))
        fields, _left_out = _drawn(system, example)
        form = BattleForm(initial={"roll": BattleForm.TABLE, **_dice_initial(example.get("dice"), example.get("seed"))})
        note = example.get("note") if isinstance(example.get("note"), str) else ""
        return render(request, "boards/battle.html", _context(request, system, form, fields, example_note=note))
    form = BattleForm(request.POST)
    fields = BattleFieldsForm(request.POST, system=system)
    if not form.is_valid():
        return render(request, "boards/battle.html", _context(request, system, form, fields), status=400)
    data = form.cleaned_data
    left_out: list[str] = []
    if data["battle"] is not None:  # the JSON import is the battle: the fields are drawn from it
        spec = dict(data["battle"])
        fields, left_out = _drawn(system, spec)
        dice = data["dice"] or spec.get("dice") or []
        if data["seed"] is not None:
            spec["seed"] = data["seed"]
        seed = spec.get("seed")
    elif fields.is_valid():
        spec, dice, seed = fields.spec(), data["dice"], data["seed"]
        fields, left_out = _drawn(system, spec)  # the rows typed, blank ones dropped, and one blank row more
        if seed is not None:
            spec["seed"] = seed
    else:
        return render(request, "boards/battle.html", _context(request, system, form, fields), status=400)
    after = BattleForm(initial={"roll": data["roll"], **_dice_initial(dice, seed)})
    if data["action"] == BattleForm.IMPORT:
        return render(request, "boards/battle.html", _context(request, system, after, fields, left_out=left_out))
    if data["action"] == BattleForm.EXPORT:
        document = {**spec, "dice": dice} if dice else spec
        response = HttpResponse(_json(document) + "\n", content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="battle-{system.id}.json"'
        return response
    options = {"dice": dice, "site_roll": data["roll"] == BattleForm.SITE, "signed_seed": data.get("signed_seed") or ""}
    try:
        if data["action"] == BattleForm.KEEP:
            access.access_battle_log_keeping(request.user)
            log = battle_services.keep_battle_log(system, spec, actor=request.user, **options)
            return redirect("boards:battle-log", system.id, log.token)
        result = battle_services.calculate_battle(system, spec, lang=language(request), **options)
    except BattleRefused as exc:
        context = _context(request, system, after, fields, error=exc.message, left_out=left_out)
        return render(request, "boards/battle.html", context, status=400)
    # The kept log must be this battle: the form carries the site's signed seed, and the dice stay as typed.
    keep = BattleForm(initial={"roll": data["roll"], "signed_seed": result.signed_seed, **_dice_initial(dice, seed)})
    context = _context(
        request,
        system,
        keep,
        fields,
        battle=result,
        steps=shown_steps(result.result),
        outcome=outcome_rows(result.result),
        exported=_json(result.spec),
        left_out=left_out,
    )
    return render(request, "boards/battle.html", context)


@require_GET
def battle_log(request: HttpRequest, system_id: str, token: str) -> HttpResponse:
    """A kept battle: worked out again from its input in the reader's language (the engine is deterministic)."""
    system = access.access_system(system_id, need="calculator")
    log = access.access_battle_log(system, token)
    try:
        result = battle_services.run(system, log.spec, language(request))
    except BattleRefused:
        result = log.result  # an engine that no longer reads the input: the result kept then
    context = {
        "system": system,
        "system_name": display_name(system, language(request))[0],
        "log": log,
        "steps": shown_steps(result),
        "outcome": outcome_rows(result),
        "same": result.get("dice") == log.result.get("dice") and result.get("winner") == log.result.get("winner"),
        "input": json.dumps(log.spec, ensure_ascii=False, indent=1),
    }
    return render(request, "boards/battle_log.html", context)


@require_GET
def battle_log_json(request: HttpRequest, system_id: str, token: str) -> HttpResponse:
    system = access.access_system(system_id, need="calculator")
    log = access.access_battle_log(system, token)
    response = HttpResponse(battle_services.log_document(log), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="battle-{system.id}-{log.token}.json"'
    return response
