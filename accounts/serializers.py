"""The API's fields about accounts."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from accounts.names import display_name


class PlayerNameField(serializers.CharField):
    """A player's display name in the reader's language (accounts.names.display_name); the user name stays
    the player's identifier in the fields beside it."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("read_only", True)
        kwargs.setdefault("help_text", "The player's display name in the reader's language.")
        super().__init__(**kwargs)

    def to_representation(self, value: Any) -> str:
        return display_name(value)
