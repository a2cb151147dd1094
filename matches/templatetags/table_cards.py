"""``{{ name|card_key }}``: the key that ties a card's button on the table to its text (play.js), without
putting the card's canonical name in the page's markup (the page speaks the reader's language)."""

from __future__ import annotations

import functools
import hashlib

from django import template

register = template.Library()


@register.filter
@functools.lru_cache(maxsize=4096)  # a pure function of the name: a table asks it for every chip it draws
def card_key(name: str) -> str:
    return "c" + hashlib.blake2s(str(name).encode(), digest_size=6).hexdigest()
