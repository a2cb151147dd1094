"""Who may do what in tournaments, matches and adjudication: the one answer per question.

Every permission question of the ``matches`` app is a function here, in the style of Zulip's
``access_*`` helpers: ``can_*`` answers yes or no (for templates and presenters), ``access_*`` returns
the object or raises ``junling.errors.NotAllowed`` / ``Http404``. Views, the API, services and
presenters call these; none of them checks ``is_staff`` or a role by itself.
"""

from __future__ import annotations

# --- Staff -------------------------------------------------------------------------------------

# --- Tournaments, registration, rounds and results --------------------------------------------

# --- Adjudication -------------------------------------------------------------------------------

# --- Refereed play ------------------------------------------------------------------------------
