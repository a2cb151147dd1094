"""Board-game table pages: the list with a new-table form, a table (one seat's view, polled and pushed),
joining, acting, the signed log, and the judge's replay. Views read input through ``tables.forms``, ask
``tables.access``, call ``tables.services`` and render ``tables.presenters``; a GET never writes."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from junling.errors import Refused
from junling.pages import confirm_page, confirmed, form_message, refusals
from junling.throttles import UPLOAD, check_page_rate
from tables import access, presenters, services
from tables.forms import ActForm, CreateTableForm, JoinForm, JudgeForm, PositionJudgeForm
from tables.models import Table


def _lang() -> str:
    return get_language() or "zh-hans"


def _list(request: HttpRequest, form: CreateTableForm, error: str = "", status: int = 200) -> HttpResponse:
    context = {**presenters.list_context(request.user, _lang()), "form": form, "error": error}
    return render(request, "tables/list.html", context, status=status)


@require_GET
def table_list(request: HttpRequest) -> HttpResponse:
    """Read by anyone: the public tables (live and finished); signed in, also the open ones, his own and the
    new-table form (setting up and joining need a login)."""
    return _list(request, CreateTableForm())


@login_required
@require_POST
def table_create(request: HttpRequest) -> HttpResponse:
    form = CreateTableForm(request.POST)
    if not form.is_valid():
        return _list(request, form, form_message(form), 400)
    d = form.cleaned_data
    try:
        table = services.do_create_table(
            request.user,
            d["system"],
            d["seats"],
            my_seat=d["my_seat"] - 1,
            invited=d["invite"],
            bots=d["bots"],
            bot=d.get("bot") or "",
            public=bool(d.get("public")),
            clock_total=d["clock_total"],
            clock_increment=d["clock_increment"],
        )
    except Refused as exc:
        return _list(request, form, exc.message, 400)
    return redirect("tables:table", table.pk)


def _context(request: HttpRequest, table: Table, error: Any = None) -> dict[str, Any]:
    return {"table": table, "view": presenters.table_view(table, request.user, _lang()), "error": error}


@login_required
@require_GET
def table_page(request: HttpRequest, pk: int) -> HttpResponse:
    table = access.access_table(request.user, pk)
    return render(request, "tables/table.html", _context(request, table))


@require_GET
def table_watch(request: HttpRequest, pk: int) -> HttpResponse:
    """A spectator's page: public information only (anyone, for a public table; an event's organisers and
    judges; staff)."""
    table = access.access_spectated_table(request.user, pk)
    view = presenters.watch_view(table, request.user, _lang())
    return render(request, "tables/watch.html", {"table": table, "view": view})


@require_GET
def watch_fragment(request: HttpRequest, pk: int) -> HttpResponse:
    """The spectator's table alone (polling): 204 while the version the page drew is current."""
    table = access.access_spectated_table(request.user, pk)
    delayed = access.spectator_delay(table, request.user) > 0
    if not delayed and request.GET.get("v") == presenters.version(table):
        return HttpResponse(status=204)
    view = presenters.watch_view(table, request.user, _lang())
    if delayed and request.GET.get("v") == view["version"]:
        return HttpResponse(status=204)
    return render(request, "tables/_table.html", {"table": table, "view": view})


@login_required
@require_GET
def table_fragment(request: HttpRequest, pk: int) -> HttpResponse:
    """The table alone (htmx polling): 204 while the version the page drew is current."""
    table = access.access_table(request.user, pk)
    if request.GET.get("v") == presenters.version(table):
        return HttpResponse(status=204)
    return render(request, "tables/_table.html", _context(request, table))


def _seat(request: HttpRequest) -> int | None:
    """The seat a form names (joining, conceding), None if it names none."""
    form = JoinForm(request.POST)
    return form.cleaned_data.get("seat") if form.is_valid() else None


@login_required
@require_POST
@refusals
def table_join(request: HttpRequest, pk: int) -> HttpResponse:
    table = access.access_table(request.user, pk)
    seat = _seat(request)
    try:
        services.do_join_table(request.user, table, seat)
    except Refused as exc:
        return render(request, "tables/table.html", _context(request, table, {"reason": exc.message}), status=400)
    return redirect("tables:table", table.pk)


@login_required
@require_POST
@refusals
def table_cancel(request: HttpRequest, pk: int) -> HttpResponse:
    table = access.access_table(request.user, pk)
    services.do_cancel_table(request.user, table)
    return redirect("tables:list")


@login_required
@require_POST
@refusals
def table_act(request: HttpRequest, pk: int) -> HttpResponse:
    table = access.access_table(request.user, pk)
    form = ActForm(request.POST)
    error = None
    status = 200
    if not form.is_valid():
        error, status = {"reason": form_message(form)}, 400
    else:
        try:
            services.do_act(request.user, table, form.cleaned_data["action"], form.cleaned_data["step"])
        except Refused as exc:
            error, status = {"reason": exc.message, "rule": exc.params.get("rule", "")}, exc.status
    table.refresh_from_db()
    if request.htmx:  # type: ignore[attr-defined]
        return render(request, "tables/_table.html", _context(request, table, error), status=status)
    if error is None:
        return redirect("tables:table", table.pk)
    return render(request, "tables/table.html", _context(request, table, error), status=status)


@login_required
@require_POST
@refusals
def table_concede(request: HttpRequest, pk: int) -> HttpResponse:
    """The first post asks (the confirmation page, nothing changed); the second, ``confirm=yes``, concedes."""
    table = access.access_table(request.user, pk)
    seat = _seat(request)
    access.access_concede(table, request.user, seat)
    if not confirmed(request):
        return confirm_page(
            request,
            title=_("Concede table %(n)s?") % {"n": table.pk},
            question=_("A concession ends the game at once and cannot be undone."),
            consequences=presenters.concession_consequences(table),
            button=_("Yes, concede"),
            cancel_url=reverse("tables:table", args=[table.pk]),
            fields={"seat": "" if seat is None else str(seat)},
        )
    services.do_concede(request.user, table, seat)
    return redirect("tables:table", table.pk)


@login_required
@require_POST
@refusals
def table_claim(request: HttpRequest, pk: int) -> HttpResponse:
    """A seated player claims the game: another seat's clock ran out, or the seat to act is gone (a POST: a GET
    never writes)."""
    table = access.access_table(request.user, pk)
    try:
        services.do_claim(request.user, table)
    except Refused as exc:
        table.refresh_from_db()
        return render(request, "tables/table.html", _context(request, table, {"reason": exc.message}), status=400)
    return redirect("tables:table", table.pk)


@login_required
@require_POST
def table_present(request: HttpRequest, pk: int) -> HttpResponse:
    """The seat's page says its player is here (every 30 s while no socket is open): 204."""
    table = access.access_table(request.user, pk)
    services.do_mark_present(request.user, table)
    return HttpResponse(status=204)


@login_required
@require_GET
def table_log(request: HttpRequest, pk: int) -> HttpResponse:
    table = access.access_log(request.user, pk)
    response = HttpResponse(table.log.encode("utf-8"), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="table-{table.pk}-{table.log_sha256[:12]}.json"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
@refusals
def judge(request: HttpRequest) -> HttpResponse:
    access.access_judging(request.user)
    verdict = None
    error = ""
    status = 200
    position_form = PositionJudgeForm()
    position_verdict = None
    if request.method == "POST" and "position" in request.POST:
        form = JudgeForm()
        position_form = PositionJudgeForm(request.POST)
        if position_form.is_valid():
            try:
                check_page_rate(request, UPLOAD)
                position_verdict = services.judge_position(
                    request.user,
                    position_form.cleaned_data["game"],
                    position_form.cleaned_data["position"],
                    position_form.cleaned_data["action"],
                )
            except Refused as exc:
                error, status = exc.message, exc.status
        else:
            error, status = form_message(position_form), 400
    elif request.method == "POST":
        form = JudgeForm(request.POST, request.FILES)
        if form.is_valid():
            try:
                check_page_rate(request, UPLOAD)  # a replay costs what an upload to the card game's judge costs
                if form.cleaned_data.get("log"):
                    verdict = services.judge_log(request.user, form.cleaned_data["log"].read())
                else:
                    table = access.judged_tables(request.user).filter(pk=form.cleaned_data["table"]).first()
                    if table is None:
                        raise services.TableRefused(presenters.no_such_table())
                    verdict = services.judge_table(request.user, table)
            except Refused as exc:
                error, status = exc.message, exc.status
        else:
            error, status = form_message(form), 400
    else:
        form = JudgeForm()
    context = {
        "form": form,
        "error": error,
        "verdict": presenters.verdict_view(verdict) if verdict else None,
        "position_form": position_form,
        "position_verdict": position_verdict,
        "tables": presenters.judged_rows(request.user, _lang()),
    }
    return render(request, "tables/judge.html", context, status=status)
