"""The engine's messages in the reader's language: the one place the site turns ``(code, params)`` into text.

The engine speaks in codes (``engine.messages``); its catalogue is on ``LOCALE_PATHS``, so Django's
translation reads the same Chinese as ``python -m engine --lang zh``. Card names come from the card
database in the reader's language; players are named by their user names (the viewer is "you");
zones are said from the viewer's side; a card the viewer cannot see is "a card you cannot see".
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from engine.messages import Message, Reader
from junling.second_person import SECOND_PERSON


class SiteReader(Reader):
    """A :class:`engine.messages.Reader` in the active Django language, for one viewer."""

    def __init__(
        self,
        *,
        viewer: int | None = None,
        players: Sequence[str] | None = None,
        database: Any = None,
        visible: Collection[int] | None = None,
        ids: bool = False,
        you: bool = False,
    ) -> None:
        language = get_language() or "zh-hans"
        super().__init__(language, visible=visible, ids=ids, translate=_, db=database)
        self.viewer = viewer
        self.players = list(players) if players else None
        self.capitalise = self.players is None  # user names keep their own case
        self.you = you and viewer is not None
        """Speak to the viewer: "You draw 关羽." (junling.second_person), never his name."""
        self.cache: dict[str, str] = {}

    def render(self, message: Message | Sequence[Any] | Mapping[str, Any]) -> str:
        if self.you:
            m = message if isinstance(message, Message) else Message.from_json(message)
            template = SECOND_PERSON.get(m.code)
            if template is not None and m.params.get("player") == {"seat": self.viewer}:
                values = {k: self.param(v) for k, v in m.params.items() if k != "player"}
                try:
                    return _(template) % values
                except (KeyError, ValueError, TypeError):
                    pass
            message = m
        return super().render(message)

    def card_name(self, name: str) -> str:
        if name not in self.cache:
            self.cache[name] = super().card_name(name)
        return self.cache[name]

    def seat(self, player: Any) -> str:
        if self.you and player == self.viewer:
            return _("you")
        if self.players is not None and isinstance(player, int) and 0 <= player < len(self.players):
            return self.players[player]
        if isinstance(player, int) and not isinstance(player, bool):
            # Logs count seats from 0 (docs/log-format.md); people count them from 1, as every page does.
            return self.text("word.player", n=player + 1)
        return super().seat(player)

    def zone(self, z: str, owner: int) -> str:
        if self.viewer is None:
            return super().zone(z, owner)
        return zone_name(z, owner == self.viewer)


def zone_name(z: str, mine: bool) -> str:
    """A zone of one side as the viewer calls it (``mine``: the viewer's own side)."""
    if z == "fortress":
        return _("自城内 (your fortress)") if mine else _("敌城内 (enemy fortress)")
    if (z == "border") == mine:
        return _("自城外 (your border)")
    return _("敌城外 (enemy border)")


def render(
    message: Message | Sequence[Any] | Mapping[str, Any],
    *,
    viewer: int | None = None,
    players: Sequence[str] | None = None,
    database: Any = None,
    visible: Collection[int] | None = None,
) -> str:
    """``message`` (a Message, ``[code, params]`` or ``{"code", "params"}``) as text in the active language."""
    return SiteReader(viewer=viewer, players=players, database=database, visible=visible).render(message)


def rule(text: str) -> str:
    """A rule cited (``§3.5``, ``ruling G4``) in the active language."""
    return SiteReader().rule(text or "")


def said(data: Any, fallback: str = "") -> Message | None:
    """The message stored in a JSON dict (a verdict's problem, first illegal entry or result), if any."""
    if isinstance(data, Mapping) and isinstance(data.get("code"), str):
        return Message(data["code"], dict(data.get("params") or {}))
    return None
