"""Who may do what with card databases, formats and decks: the one answer per question.

Every permission question of the ``decks`` app is a function here, in the style of Zulip's
``access_*`` helpers: ``can_*`` answers yes or no, ``access_*`` returns the object or raises
``junling.errors.NotAllowed`` / ``Http404``. Views, the API and services call these.
"""

from __future__ import annotations
