"""The site's key for signing game logs: one for every game's logs (card matches and board-game tables)."""

from __future__ import annotations

import hashlib
import hmac

from django.conf import settings


def log_signing_key() -> bytes:
    """The key the site signs game logs with and checks their signatures with (derived from SECRET_KEY).

    It is 64 hex digits as ASCII bytes, so that it can be written to a file for
    ``python -m engine replay --key-file``.
    """
    secret = str(settings.SECRET_KEY).encode()
    return hmac.new(secret, b"junling game log signing key v1", hashlib.sha256).hexdigest().encode()
