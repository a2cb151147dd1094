"""A round's refusals, apart so that the Swiss and the pod services share them without importing each other."""

from __future__ import annotations

from django.utils.translation import gettext as _

from junling.errors import Refused


class RoundError(Refused):
    """A round cannot be paired, published or changed now; the message says why."""

    code = "round.refused"


def unpairable(exc: Exception) -> RoundError:
    """The refusal of a round the pairing algorithm could not pair (``exc`` says why)."""
    return RoundError(
        _("This round cannot be paired: %(detail)s.") % {"detail": exc},
        code="round.structure_error",
        params={"detail": str(exc)},
    )
