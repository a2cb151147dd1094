"""``{% judge_call_box match=... %}`` (or ``pod=``, ``round=``, ``board=``): a player's "Call a judge" box at his
table, or his call's state; nothing for anyone who may not call there (``presenters.floor.my_call``)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils import timezone

from matches.presenters import floor

register = template.Library()


@register.inclusion_tag("matches/floor/_call_box.html", takes_context=True)
def judge_call_box(context: Any, match: Any = None, pod: Any = None, round: Any = None, board: Any = None) -> dict:
    request = context.get("request")
    user = getattr(request, "user", None)
    table = floor.table_for(user, match=match, pod=pod, rnd=round, board=board)
    return {
        "box": floor.my_call(user, table, timezone.now()) if table is not None else None,
        "next": request.get_full_path() if request is not None else "",
        "csrf_token": context.get("csrf_token"),
    }
