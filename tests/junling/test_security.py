"""Issue 11 points 4 and 7: login lockout, password strength, deployment settings, the secret key file."""

from __future__ import annotations

import base64
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError

ROOT = Path(__file__).resolve().parents[2]
STRONG = "correct-horse-battery-9"


@pytest.mark.parametrize("weak", ["12345678", "password", "1234567890", "qwertyuiop"])
def test_weak_passwords_are_refused_by_the_validators(weak):
    with pytest.raises(ValidationError):
        validate_password(weak)


def test_a_long_uncommon_password_is_accepted():
    validate_password(STRONG)


@pytest.fixture
def player(django_user_model):
    return django_user_model.objects.create_user("alice", password=STRONG)


def _fail_logins(client, path: str, times: int) -> None:
    for _ in range(times):
        response = client.post(path, {"username": "alice", "password": "wrong-password"})
        assert response.status_code == 200  # the login form again, with its error


@pytest.mark.parametrize("path", ["/accounts/login/", "/admin/login/"])
def test_the_right_password_is_refused_after_too_many_wrong_ones(client, player, path):
    _fail_logins(client, path, settings.AXES_FAILURE_LIMIT - 1)
    assert client.post(path, {"username": "alice", "password": "wrong-again"}).status_code == 429
    response = client.post(path, {"username": "alice", "password": STRONG})
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_a_lockout_of_one_name_does_not_lock_another_name_at_the_same_address(client, player, django_user_model):
    django_user_model.objects.create_user("bob", password=STRONG)
    _fail_logins(client, "/accounts/login/", settings.AXES_FAILURE_LIMIT - 1)
    client.post("/accounts/login/", {"username": "alice", "password": "wrong-again"})
    response = client.post("/accounts/login/", {"username": "bob", "password": STRONG})
    assert response.status_code == 302


def test_a_few_wrong_passwords_then_the_right_one_logs_in(client, player):
    _fail_logins(client, "/accounts/login/", settings.AXES_FAILURE_LIMIT - 1)
    response = client.post("/accounts/login/", {"username": "alice", "password": STRONG})
    assert response.status_code == 302


def _basic(password: str) -> str:
    return "Basic " + base64.b64encode(f"alice:{password}".encode()).decode()


def test_http_basic_on_the_api_is_locked_out_too(client, player):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        assert client.get("/api/decks/", HTTP_AUTHORIZATION=_basic("wrong-password")).status_code in (401, 403)
    response = client.get("/api/decks/", HTTP_AUTHORIZATION=_basic(STRONG))
    assert response.status_code in (403, 429)
    assert client.get("/api/decks/", HTTP_AUTHORIZATION=_basic("still-wrong")).status_code != 200


def test_pages_carry_a_content_security_policy(client):
    policy = client.get("/")["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "frame-ancestors 'none'" in policy


def test_the_api_docs_are_served_from_the_site_without_internet(client):
    page = client.get("/api/docs/").content.decode()
    assert "drf_spectacular_sidecar" in page
    assert "cdn." not in page and "jsdelivr" not in page


def _run(code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "JUNLING_"))}
    full.update(env, PYTHONPATH=str(ROOT), DJANGO_SETTINGS_MODULE="junling.settings")
    return subprocess.run([sys.executable, "-c", code], env=full, capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_the_generated_secret_key_file_is_readable_by_its_owner_only(tmp_path):
    result = _run("import django; django.setup()", {"JUNLING_VAR_DIR": str(tmp_path)})
    assert result.returncode == 0, result.stderr
    mode = stat.S_IMODE((tmp_path / "secret_key").stat().st_mode)
    assert mode == 0o600
    assert len((tmp_path / "secret_key").read_text().strip()) >= 50


def test_check_deploy_is_clean_under_the_production_setting(tmp_path):
    code = (
        "import django, sys; django.setup(); from django.core.management import call_command; "
        "call_command('check', deploy=True, fail_level='WARNING')"
    )
    env = {
        "JUNLING_VAR_DIR": str(tmp_path),
        "JUNLING_PRODUCTION": "1",
        "DJANGO_SECRET_KEY": "k" * 10 + "-Zx9_qW3rT7yU1iO5pA2sD6fG0hJ4kL8zX3cV7bN1mQ5wE9rT2yU6",
        "DJANGO_ALLOWED_HOSTS": "junling.example.org",
    }
    result = _run(code, env)
    assert result.returncode == 0, result.stdout + result.stderr


def test_check_deploy_warns_without_the_production_setting(tmp_path):
    code = (
        "import django; django.setup(); from django.core.management import call_command; "
        "call_command('check', deploy=True, fail_level='WARNING')"
    )
    result = _run(code, {"JUNLING_VAR_DIR": str(tmp_path), "DJANGO_ALLOWED_HOSTS": "junling.example.org"})
    assert result.returncode != 0
    assert "SECURE_HSTS_SECONDS" in result.stdout + result.stderr


def test_production_logs_are_one_json_object_a_line(tmp_path):
    code = "import django, logging; django.setup(); logging.getLogger('junling.test').warning('hello %s', 'world')"
    result = _run(code, {"JUNLING_VAR_DIR": str(tmp_path), "LOG_FORMAT": "json"})
    assert result.returncode == 0, result.stderr
    import json

    line = json.loads(result.stderr.strip().splitlines()[-1])
    assert line["message"] == "hello world" and line["level"] == "WARNING" and line["logger"] == "junling.test"


def test_the_deck_check_api_is_throttled_per_client(client, monkeypatch):
    from django.core.cache import cache
    from rest_framework.throttling import ScopedRateThrottle

    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"deck-check": "3/minute", "upload": "3/minute"})
    cache.clear()
    codes = [
        client.post("/api/decks/check", {"decklist": "3 关羽"}, content_type="application/json").status_code
        for _ in range(4)
    ]
    assert 429 not in codes[:3] and codes[3] == 429
    cache.clear()


def test_a_burst_of_logins_from_one_address_meets_only_axes_limit_not_allauths(client, player):
    """Issue 29 point 9: one login limit, django-axes's (name and address). allauth's 30 logins a minute an
    address, beside it, gave everyone behind one venue's address a 429 for a minute."""
    from django.core.cache import cache

    cache.clear()
    codes = []
    for _ in range(35):
        codes.append(client.post("/accounts/login/", {"login": "alice", "password": STRONG}).status_code)
        client.logout()
    cache.clear()
    assert codes == [302] * 35
