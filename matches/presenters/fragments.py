"""A refereed match's table fragments, rendered once per seat kind and version and shared.

Every action of a live match is drawn several times: the actor's HTTP answer, each seat's pushed table
(``matches.consumers``), each spectator's, a polling page's. What a table shows depends only on the
seat kind that reads it (player A, player B, or a spectator without a delay: public information
only), the reader's language and the table's version (``play.version_of``: game, stored steps,
status, an expired window, a draw offer, a flag); so each process renders a fragment once per
(match, seat kind, language, version) and hands the same text to every reader of that kind.

A seat's fragment holds forms: it is rendered with :data:`CSRF_PLACEHOLDER` where the CSRF token goes,
and each reader gets his own token put in (``for_page`` / ``for_socket``). A pushed table does not poll
(its page's socket is open): ``for_socket`` drops the fragment's polling attributes (``view.poll``).

Hidden information: the key holds the seat kind and the current game's pk and salt, so a fragment is
only ever handed to a reader of the seat it was built for (spectators: built by
``watch.spectator_view`` from public information only). A refused action's table (with its error) is
never cached. Clocks and countdowns in a fragment are read at rendering time: an entry lives
:data:`TTL` seconds at most, and at most :data:`MAX_FRAGMENTS` are kept.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from django.template.loader import render_to_string
from django.utils import translation

from matches.access import access_seat
from matches.models import Match, RefereedGame
from matches.presenters import play, watch

CSRF_PLACEHOLDER = "csrfplaceholderXXcsrfplaceholderXXcsrfplaceholderXXcsrfplaceholder"
"""What a cached fragment holds where each reader's CSRF token goes (64 characters, as a token)."""

TTL = 1.0
"""Seconds a fragment is handed out (its clocks and countdowns were read when it was rendered)."""

MAX_FRAGMENTS = 1024
"""The most fragments a process keeps (the oldest go first); one is a few kilobytes."""

_lock = threading.Lock()
_FRAGMENTS: OrderedDict[tuple[Any, ...], tuple[float, Fragment]] = OrderedDict()


@dataclass(frozen=True)
class Fragment:
    """A rendered table: its version, game and step, and its HTML with the CSRF placeholder and polling."""

    version: str
    game: int
    step: int
    html: str
    poll: str

    def for_page(self, csrf_token: str) -> str:
        """The fragment as a page or an HTTP answer shows it (it polls until a socket opens)."""
        return self.html.replace(CSRF_PLACEHOLDER, csrf_token)

    def for_socket(self, csrf_token: str) -> str:
        """The fragment as a socket is pushed it: the same, without the polling attributes."""
        html = self.html.replace(self.poll, "", 1) if self.poll else self.html
        return html.replace(CSRF_PLACEHOLDER, csrf_token)


def forget_fragments() -> None:
    """Drop every cached fragment (tests; a restart does it)."""
    with _lock:
        _FRAGMENTS.clear()


def _cached(key: tuple[Any, ...], build: Any) -> Fragment:
    """The fragment stored under ``key + (version,)`` while fresh, else ``build()``'s (stored under its own
    version: a game that moved on while it was built is not filed under the older one)."""
    now = time.monotonic()
    with _lock:
        hit = _FRAGMENTS.get(key)
        if hit is not None and hit[0] > now:
            return hit[1]
    fragment: Fragment = build()
    with _lock:
        _FRAGMENTS[(*key[:-1], fragment.version)] = (now + TTL, fragment)
        _FRAGMENTS.move_to_end((*key[:-1], fragment.version))
        while len(_FRAGMENTS) > MAX_FRAGMENTS:
            _FRAGMENTS.popitem(last=False)
    return fragment


def _fragment(template: str, context: dict[str, Any], csrf: bool) -> Fragment:
    extra = {"csrf_token": CSRF_PLACEHOLDER} if csrf else {}
    html = render_to_string(template, {**context, **extra})
    view = context["view"]
    return Fragment(view["version"], view.get("game", 0), view.get("step", 0), html, str(view.get("poll", "")))


def seat_table(match: Match, row: RefereedGame | None, user: Any, language: str, version: str = "") -> Fragment:
    """The table of ``user``'s seat (``play.table_context``); ``match`` fresh, ``row`` its current game,
    ``version`` their ``play.version_of`` if the caller has it."""
    seat = access_seat(match, user)
    version = version or play.version_of(match.status, row)

    def build() -> Fragment:
        with translation.override(language):
            return _fragment("matches/play/_table.html", play.table_context(match, user, language), csrf=True)

    return _cached(("seat", match.pk, _game_of(row), seat, language, version), build)


def spectator_table(match: Match, row: RefereedGame | None, user: Any, language: str, delay: int) -> Fragment:
    """A spectator's table (``watch.watch_context``); shared between spectators only without a delay."""

    def build() -> Fragment:
        with translation.override(language):
            return _fragment("matches/watch/_table.html", watch.watch_context(match, user, language), csrf=False)

    if delay > 0:  # what shows depends on the moment: built for this reader alone
        return build()
    return _cached(("spectator", match.pk, _game_of(row), language, watch.undelayed_version(match, row)), build)


def _game_of(row: RefereedGame | None) -> tuple[int, str] | None:
    """The current game's pk and random salt: a reused pk (a test's flushed database) never matches."""
    return None if row is None else (row.pk, row.salt)
