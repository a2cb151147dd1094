"""The battle calculator page for paper tables, and kept battles (permalink, JSON download)."""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from boards import access
from boards.forms import BattleForm
from boards.presenters.battles import example_input, outcome_rows, shown_steps
from boards.presenters.systems import display_name, field_labels, value_labels
from boards.services import battles as battle_services
from boards.services.battles import BattleRefused
from boards.views.games import language
from engine.systems import System


def _context(request: HttpRequest, system: System, form: BattleForm, **extra: Any) -> dict[str, Any]:
    return {
        "system": system,
        "system_name": display_name(system, language(request))[0],
        "form": form,
        "can_keep": access.can_keep_battle_log(request.user),
        "field_labels": field_labels(system, "calculator"),
        "value_labels": value_labels(system),
        **extra,
    }


@require_http_methods(["GET", "POST"])
def battle(request: HttpRequest, system_id: str) -> HttpResponse:
    """GET: the form (with the bundled example). POST calculate: the result, nothing stored. POST keep: the
    battle kept as a log (logged-in users), then its permalink."""
    system = access.access_system(system_id, need="calculator")
    if request.method == "GET":
        form = BattleForm(initial={"battle": example_input(system), "roll": BattleForm.TABLE})
        return render(request, "boards/battle.html", _context(request, system, form))
    form = BattleForm(request.POST)
    if not form.is_valid():
        return render(request, "boards/battle.html", _context(request, system, form), status=400)
    data = form.cleaned_data
    options = {
        "dice": data["dice"],
        "site_roll": data["roll"] == BattleForm.SITE,
        "signed_seed": data.get("signed_seed") or "",
    }
    try:
        if data["action"] == BattleForm.KEEP:
            access.access_battle_log_keeping(request.user)
            log = battle_services.keep_battle_log(system, data["battle"], actor=request.user, **options)
            return redirect("boards:battle-log", system.id, log.token)
        result = battle_services.calculate_battle(system, data["battle"], lang=language(request), **options)
    except BattleRefused as exc:
        return render(request, "boards/battle.html", _context(request, system, form, error=exc.message), status=400)
    # The kept log must be this battle: the form carries the site's signed seed, and the dice stay as typed.
    keep = BattleForm(
        initial={
            "battle": json.dumps(data["battle"], ensure_ascii=False, indent=1),
            "dice": " ".join(map(str, data["dice"])),
            "roll": data["roll"],
            "signed_seed": result.signed_seed,
        }
    )
    context = _context(
        request,
        system,
        keep,
        battle=result,
        steps=shown_steps(result.result),
        outcome=outcome_rows(result.result),
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
