"""``makemessages`` that also extracts the engine's catalogue: templates marked ``N_("...")`` in engine/messages.py."""

from __future__ import annotations

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=N_"]
