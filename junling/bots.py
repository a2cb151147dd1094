"""What a bot is called on a page, in the reader's language, for every refereed game (card matches and board
tables): the one table of bot labels. A log and the database keep the bot's name (``random``, ``ismcts-2``)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

BOT_LABELS = {
    "random": gettext_lazy("Random bot"),
    "greedy": gettext_lazy("Greedy bot"),
    "ismcts-1": gettext_lazy("Searching bot, easy"),
    "ismcts-2": gettext_lazy("Searching bot, strong"),
    "ismcts-3": gettext_lazy("Searching bot, strongest"),
    "search-1": gettext_lazy("Searching bot, easy"),  # the board games' level (engine.boardgame.search)
}


def bot_label(bot: str) -> str:
    """A bot by its label (an unknown name: "<name> bot", in the reader's language)."""
    return str(BOT_LABELS[bot]) if bot in BOT_LABELS else _("%(bot)s bot") % {"bot": bot}
