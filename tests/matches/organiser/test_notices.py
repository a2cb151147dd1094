"""Issue 13: a notice when the pairings go up, on the site and by e-mail (once, where e-mail is configured)."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import override_settings

from matches.models import Round
from matches.services import rounds as services
from matches.services.notices import send_pairing_notices
from tests.matches.factories import running_tournament

pytestmark = pytest.mark.django_db


def _published(django_capture_on_commit_callbacks):
    tournament, organiser, people = running_tournament(2)
    for i, p in enumerate(people):
        p.email = f"p{i}@example.org"
        p.save()
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser)
    return tournament, people, rnd


@override_settings(EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend")
def test_publishing_a_round_emails_each_player_once_in_both_languages(django_capture_on_commit_callbacks):
    _tournament, _people, rnd = _published(django_capture_on_commit_callbacks)
    assert sorted(m.to[0] for m in mail.outbox) == ["p0@example.org", "p1@example.org"]
    message = mail.outbox[0]
    assert "第 1 轮" in message.subject or "1" in message.subject
    assert "table 1" in message.body
    assert Round.objects.get(pk=rnd.pk).notified_at is not None
    assert send_pairing_notices(rnd.pk) == 0 and len(mail.outbox) == 2  # idempotent


@override_settings(EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend", EMAIL_HOST="localhost")
def test_without_email_configured_nothing_is_sent(django_capture_on_commit_callbacks):
    _published(django_capture_on_commit_callbacks)
    assert mail.outbox == []


def test_the_tournament_page_says_the_pairings_are_up_with_my_table(client, django_capture_on_commit_callbacks):
    tournament, people, _rnd = _published(django_capture_on_commit_callbacks)
    client.force_login(people[0])
    page = client.get(f"/tournaments/{tournament.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Round 1 pairings are up" in page and "You play at table 1." in page


@override_settings(EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend")
def test_a_pod_round_emails_every_seated_player_his_table_and_the_others_at_it(django_capture_on_commit_callbacks):
    from tests.matches.factories import pod_event

    tournament, organiser, people = pod_event(4)
    for i, p in enumerate(people):
        p.email = f"pod{i}@example.org"
        p.save()
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser)
    assert sorted(m.to[0] for m in mail.outbox) == [f"pod{i}@example.org" for i in range(4)]
    first = next(m for m in mail.outbox if m.to == ["pod0@example.org"])
    assert "Round 1: table 1 with" in first.body and "第 1 轮" in first.body
    others = [p.username for p in people[1:]]
    assert all(name in first.body for name in others) and people[0].username not in first.body.split("with")[1]
    assert Round.objects.get(pk=rnd.pk).notified_at is not None
