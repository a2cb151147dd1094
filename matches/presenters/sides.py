"""The sides of engine.systems' two-sided games, by name in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

SIDE_NAMES = {"japan": gettext_lazy("Japan"), "allies": gettext_lazy("Korea and Ming")}
"""The sides of engine.systems' two-sided games, in the reader's language."""
