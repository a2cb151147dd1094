"""Who may do what with game systems, maps, game data and battle logs: the one answer per question.

- Everyone (visitors too) reads the game systems, every map and game-data version, downloads them,
  and uses the battle calculators.
- **Importing a map or game data**: staff, and the organisers staff approve by granting the Django
  permission ``boards.add_gamemap`` (admin: a user or a group such as "map organisers"); a new version
  is what events and refereed games will be played on, so not every tournament organiser may add one.
- **Keeping a battle as a log**: anyone logged in (the log names who kept it); a kept log is public by
  its permalink, as a table's result sheet is.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext as _

from boards.models import BattleLog, GameData, GameMap, ImportJob
from engine.systems import System, UnknownSystemError, get_system
from junling.access import is_staff
from junling.errors import NotAllowed
from junling.parsers import parse_id

IMPORT_PERMISSION = "boards.add_gamemap"
"""The Django permission staff grant to the organisers who may import maps and game data."""


def _authenticated(user: Any) -> bool:
    return bool(getattr(user, "is_authenticated", False))


def _id(pk: Any) -> int | None:
    return parse_id(pk)


def access_system(system_id: Any, *, need: str = "") -> System:
    """The game system ``system_id`` (Http404 if none); ``need`` ``map`` or ``calculator``: one that has it."""
    try:
        system = get_system(str(system_id))
    except UnknownSystemError:
        raise Http404(_("There is no such game.")) from None
    if need == "map" and not system.has_map:
        raise Http404(_("This game has no map."))
    if need == "calculator" and not system.battle_calculator:
        raise Http404(_("This game has no battle calculator."))
    return system


def can_import_maps(user: Any) -> bool:
    """Staff, and organisers granted ``boards.add_gamemap``: import maps and game data."""
    return _authenticated(user) and (is_staff(user) or user.has_perm(IMPORT_PERMISSION))


def access_map_import(user: Any) -> None:
    """Raise NotAllowed unless ``user`` may import maps and game data."""
    if not can_import_maps(user):
        raise NotAllowed(
            _("Only staff and the organisers they approve may import maps and game data."),
            code="map.import_not_allowed",
        )


def access_map(system: System, pk: Any) -> GameMap:
    """The map version ``pk`` of ``system`` (anyone may read it), else Http404."""
    number = _id(pk)
    found = GameMap.objects.filter(pk=number, system=system.id).first() if number is not None else None
    if found is None:
        raise Http404(_("There is no such map."))
    return found


def access_game_data(system: System, pk: Any) -> GameData:
    """The game-data version ``pk`` of ``system``, else Http404."""
    number = _id(pk)
    rows = GameData.objects.select_related("game_map")
    found = rows.filter(pk=number, system=system.id).first() if number is not None else None
    if found is None:
        raise Http404(_("There is no such game data."))
    return found


def can_keep_battle_log(user: Any) -> bool:
    """Anyone logged in keeps a calculated battle as a log."""
    return _authenticated(user)


def access_battle_log_keeping(user: Any) -> None:
    if not can_keep_battle_log(user):
        raise NotAllowed(_("Log in to keep a battle as a log."), code="battle_log.login_needed")


def access_battle_log(system: System, token: Any) -> BattleLog:
    """The kept battle behind a permalink (public), else Http404."""
    text = str(token or "")
    found = BattleLog.objects.filter(system=system.id, token=text).first() if 0 < len(text) <= 32 else None
    if found is None:
        raise Http404(_("There is no such battle log."))
    return found


def can_see_import_job(user: Any, job: ImportJob) -> bool:
    """A large import's job: its creator and staff only (the file may be an unpublished map)."""
    return _authenticated(user) and (is_staff(user) or job.created_by_id == user.pk)


def access_import_job(user: Any, pk: Any) -> ImportJob:
    """The import job ``pk`` if ``user`` may see it, else Http404 (another user's job is not said to exist)."""
    number = _id(pk)
    rows = ImportJob.objects.select_related("stored_map", "stored_data")
    found = rows.filter(pk=number).first() if number is not None else None
    if found is None or not can_see_import_job(user, found):
        raise Http404(_("There is no such import."))
    return found
