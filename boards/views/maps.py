"""Maps and game data of one game: versions per name, imports (staff and approved organisers), a version's
page as tables, downloads."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from boards import access
from boards.forms import GameDataImportForm, MapImportForm, MapLayoutForm
from boards.models import GameData, GameMap
from boards.presenters.imports import job_view
from boards.presenters.maps import data_page, map_page
from boards.presenters.systems import display_name
from boards.problems import ShownProblem
from boards.services import imports
from boards.services import maps as map_services
from boards.services.layouts import do_save_layout
from boards.services.maps import MapImportRefused
from boards.views.games import language
from engine.systems import System
from junling.throttles import UPLOAD, check_page_rate


def _grouped(rows: Any) -> list[tuple[str, list[Any]]]:
    groups: dict[str, list[Any]] = {}
    for row in rows:
        groups.setdefault(row.name, []).append(row)
    return list(groups.items())


def _context(request: HttpRequest, system: System, **extra: Any) -> dict[str, Any]:
    maps = GameMap.objects.filter(system=system.id).order_by("name", "-created_at", "-id")
    data = GameData.objects.filter(system=system.id).select_related("game_map").order_by("name", "-created_at", "-id")
    test_maps = {m.pk for m in maps if map_services.is_test_file(m)}
    return {
        "system": system,
        "system_name": display_name(system, language(request))[0],
        "maps": _grouped(maps),
        "data": _grouped(data),
        "test_maps": test_maps,
        "test_label": _("test map written for Junling, not the publisher's map"),
        "can_import": access.can_import_maps(request.user),
        "map_form": extra.pop("map_form", None) or MapImportForm(),
        "data_form": extra.pop("data_form", None) or GameDataImportForm(system_id=system.id),
        "max_kb": map_services.MAX_FILE_BYTES // 1024,
        **extra,
    }


@require_GET
def map_list(request: HttpRequest, system_id: str) -> HttpResponse:
    system = access.access_system(system_id, need="map")
    return render(request, "boards/maps.html", _context(request, system))


def _form_problems(form: Any) -> list[ShownProblem]:
    return [ShownProblem(field, str(e), str(e)) for field, errors in form.errors.items() for e in errors]


@require_POST
def map_import(request: HttpRequest, system_id: str) -> HttpResponse:
    """Upload a map; on failure the page lists every bad row (where and why), 400 (413 if too big)."""
    return _import(request, system_id, "map")


@require_POST
def data_import(request: HttpRequest, system_id: str) -> HttpResponse:
    """Upload game data, checked against a stored map version; every bad row listed on failure."""
    return _import(request, system_id, "data")


def _import(request: HttpRequest, system_id: str, kind: str) -> HttpResponse:
    """A map's or game data's upload (``kind``: ``map`` or ``data``), all or nothing: the form, then the service."""
    system = access.access_system(system_id, need="map")
    access.access_map_import(request.user)
    check_page_rate(request, UPLOAD)  # the API's import shares the bucket
    if kind == "map":
        form: forms.Form = MapImportForm(request.POST, request.FILES)
    else:
        form = GameDataImportForm(request.POST, request.FILES, system_id=system.id)
    if not form.is_valid():
        status = 413 if form.has_error("file", "too_large") else 400
        context = _context(request, system, problems=_form_problems(form), failed=kind, **{f"{kind}_form": form})
        return render(request, "boards/maps.html", context, status=status)
    upload = form.cleaned_data["file"]
    common: dict[str, Any] = {
        "filename": upload.name or "<upload>",
        "version": form.cleaned_data["version"].strip() or None,
        "actor": request.user,
    }
    raw = upload.read()
    if imports.is_large(raw):
        game_map = form.cleaned_data.get("game_map") if kind == "data" else None
        job = imports.do_queue_import(system.id, kind, raw, game_map=game_map, **common)
        response = redirect("boards:import-job", job.pk)
        response.status_code = 303  # see the job's page
        return response
    try:
        if kind == "map":
            stored: Any = map_services.import_map(system, raw, **common)
        else:
            game_map = form.cleaned_data["game_map"]
            stored = map_services.import_game_data(system, raw, game_map=game_map, **common)
    except MapImportRefused as exc:
        context = _context(request, system, problems=exc.problems, failed=kind, **{f"{kind}_form": form})
        return render(request, "boards/maps.html", context, status=exc.status)
    said = {"name": stored.name, "version": stored.version, "hash": stored.content_hash}
    if kind == "map":
        messages.success(request, _("Imported map %(name)s version %(version)s (%(hash)s).") % said)
    else:
        messages.success(request, _("Imported game data %(name)s version %(version)s (%(hash)s).") % said)
    return redirect(f"boards:{kind}", system.id, stored.pk)


@require_GET
def map_detail(request: HttpRequest, system_id: str, pk: int) -> HttpResponse:
    system = access.access_system(system_id, need="map")
    row = access.access_map(system, pk)
    context = _map_context(request, system, row, can_move=access.can_import_maps(request.user), form=MapLayoutForm())
    return render(request, "boards/map_detail.html", context)


def _map_context(
    request: HttpRequest, system: Any, row: GameMap, *, can_move: bool, form: MapLayoutForm, **extra: Any
) -> dict[str, Any]:
    """The map page's context: its tables and board, its other versions, and the layout form."""
    versions = GameMap.objects.filter(system=system.id, name=row.name).order_by("-created_at", "-id")
    return {
        "system": system,
        "system_name": display_name(system, language(request))[0],
        "page": map_page(row, system),
        "versions": versions,
        "test_label": _("test map written for Junling, not the publisher's map"),
        "can_move": can_move,
        "layout_form": form,
        **extra,
    }


@require_POST
def map_layout(request: HttpRequest, system_id: str, pk: int) -> HttpResponse:
    """Save the positions the map's board was moved to as a new version of the map (staff, approved organisers);
    a bad position is listed on the map page (400), nothing stored."""
    system = access.access_system(system_id, need="map")
    row = access.access_map(system, pk)
    access.access_map_import(request.user)
    form = MapLayoutForm(request.POST)
    problems: list[Any] = []
    if form.is_valid():
        try:
            stored = do_save_layout(request.user, system, row, form.cleaned_data["positions"])
        except MapImportRefused as exc:
            problems = exc.problems
        else:
            said = {"name": stored.name, "version": stored.version, "hash": stored.content_hash}
            messages.success(request, _("Saved the positions as map %(name)s version %(version)s (%(hash)s).") % said)
            response = redirect("boards:map", system.id, stored.pk)
            response.status_code = 303
            return response
    else:
        problems = _form_problems(form)
    context = _map_context(request, system, row, can_move=True, form=form, problems=problems)
    return render(request, "boards/map_detail.html", context, status=400)


@require_GET
def data_detail(request: HttpRequest, system_id: str, pk: int) -> HttpResponse:
    system = access.access_system(system_id, need="map")
    row = access.access_game_data(system, pk)
    versions = GameData.objects.filter(system=system.id, name=row.name).order_by("-created_at", "-id")
    context = {
        "system": system,
        "system_name": display_name(system, language(request))[0],
        "page": data_page(row, system),
        "versions": versions,
        "is_test": map_services.is_test_file(row.game_map),
        "test_label": _("test data written for Junling, not the publisher's"),
    }
    return render(request, "boards/data_detail.html", context)


def _download(obj: GameMap | GameData) -> HttpResponse:
    filename, text = map_services.download(obj)
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["X-Content-Hash"] = obj.content_hash
    return response


@require_GET
def map_download(request: HttpRequest, system_id: str, pk: int) -> HttpResponse:
    system = access.access_system(system_id, need="map")
    return _download(access.access_map(system, pk))


@require_GET
def data_download(request: HttpRequest, system_id: str, pk: int) -> HttpResponse:
    system = access.access_system(system_id, need="map")
    return _download(access.access_game_data(system, pk))


@require_GET
def import_job(request: HttpRequest, pk: int) -> HttpResponse:
    """A large import's page (its creator and staff): progress, polled every 1.5 s until done, then the new
    version's link or every bad row. Reads only."""
    job = access.access_import_job(request.user, pk)
    system = access.access_system(job.system, need="map")
    context = {"view": job_view(job), "system_name": display_name(system, language(request))[0]}
    return render(request, "boards/import_job.html", context)
