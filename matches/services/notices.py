"""Notices that a round's pairings are up (issue 13): on the site (``pairings_notice``, read by the tournament
and "my match" pages) and, where the site is set up to send e-mail, one e-mail per player (a task, once).

E-mail is "configured" when ``settings.EMAIL_BACKEND`` is not Django's default SMTP backend aimed at
localhost (a fresh install sends nothing rather than failing on a missing mail server); the tests' in-memory
backend counts as configured.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.mail import send_mass_mail
from django.db import transaction
from django.db.models import Q
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from accounts.names import display_name
from junling.models import record
from matches.models import Match, Pod, PodSeat, Round

DEFAULT_BACKEND = "django.core.mail.backends.smtp.EmailBackend"


def email_configured() -> bool:
    backend = getattr(settings, "EMAIL_BACKEND", DEFAULT_BACKEND)
    return backend != DEFAULT_BACKEND or getattr(settings, "EMAIL_HOST", "localhost") not in ("", "localhost")


def _text(match: Match, user: Any, language: str) -> tuple[str, str]:
    with translation.override(language):
        rnd, tournament = match.round, match.tournament
        assert rnd is not None and tournament is not None  # a round's pairing notice
        subject = _("%(tournament)s: round %(n)s is paired") % {"tournament": tournament.name, "n": rnd.number}
        if match.is_bye or match.player_b_id is None:
            body = _("You have a bye in round %(n)s.") % {"n": rnd.number}
        else:
            other = match.player_b if match.player_a_id == user.pk else match.player_a
            body = _("Round %(n)s: table %(t)s against %(o)s.") % {"n": rnd.number, "t": match.table, "o": other}
        return subject, body


def _pod_text(pod: Pod, user: Any, language: str) -> tuple[str, str]:
    with translation.override(language):
        rnd, tournament = pod.round, pod.tournament
        subject = _("%(tournament)s: round %(n)s is paired") % {"tournament": tournament.name, "n": rnd.number}
        others = [display_name(s.player) for s in pod.seats.all() if s.player_id != user.pk]
        body = _("Round %(n)s: table %(t)s with %(others)s.") % {
            "n": rnd.number,
            "t": pod.table,
            "others": pgettext("list separator", ", ").join(others),
        }
        return subject, body


def _letters(rnd: Round) -> list[tuple[Any, Any]]:
    """(player, the text maker for his table) for every player of the round with an e-mail address: the two
    players of each pairing, every seat of each pod (issue 27: board-game events are told too)."""
    letters: list[tuple[Any, Any]] = []
    for match in rnd.matches.select_related("player_a", "player_b", "round", "tournament"):
        for user in (match.player_a, match.player_b):
            if user is not None and user.email:
                letters.append((user, lambda u, lang, m=match: _text(m, u, lang)))
    pods = rnd.pods.select_related("round", "tournament").prefetch_related("seats__player__profile")
    for pod in pods:
        for seat in pod.seats.all():
            if seat.player.email:
                letters.append((seat.player, lambda u, lang, p=pod: _pod_text(p, u, lang)))
    return letters


def send_pairing_notices(round_id: int) -> int:
    """One e-mail per player of the round with an address (Chinese, then English), once per round. Nothing
    is written when there is nobody to write to (no e-mail set up, or no player with an address)."""
    if not email_configured():
        return 0
    addressed = Q(player_a__email__gt="") | Q(player_b__email__gt="")
    if not (
        Match.objects.filter(round_id=round_id).filter(addressed).exists()
        or PodSeat.objects.filter(pod__round_id=round_id, player__email__gt="").exists()
    ):
        return 0
    with transaction.atomic():
        rnd = Round.objects.select_for_update().filter(pk=round_id).first()
        if rnd is None or rnd.notified_at is not None or rnd.status == Round.Status.DRAFT:
            return 0
        rnd.notified_at = timezone.now()
        rnd.save(update_fields=["notified_at"])
        messages = []
        for user, text in _letters(rnd):
            zh_subject, zh_body = text(user, "zh-hans")
            en_subject, en_body = text(user, "en")
            messages.append((f"{zh_subject} / {en_subject}", f"{zh_body}\n\n{en_body}\n", None, [user.email]))
        sent = send_mass_mail(messages, fail_silently=True) if messages else 0
        record(None, "round.notify", rnd, emails=sent)
    return sent


def pairings_notice(user: Any, tournament: Any) -> dict[str, Any] | None:
    """The site's notice: the latest published round, when, and the reader's table in it (if he plays)."""
    rnd = (
        tournament.rounds.filter(status=Round.Status.PUBLISHED, published_at__isnull=False).order_by("-number").first()
    )
    if rnd is None:
        return None
    match = None
    if getattr(user, "is_authenticated", False):
        match = rnd.matches.filter(player_a=user).first() or rnd.matches.filter(player_b=user).first()
    return {"round": rnd, "match": match}
