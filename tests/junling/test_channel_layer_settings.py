"""The Redis channel layer's settings: a socket's wait on Redis must not outlast redis-py's read timeout."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from channels_redis.core import RedisChannelLayer

ROOT = Path(__file__).resolve().parent.parent.parent


def _printed_by_django(code: str, **env: str) -> str:
    """What ``code`` prints in a new process whose Django is set up with ``env`` and no other CHANNEL_ setting."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("CHANNEL_")}
    clean.update(env, DJANGO_SETTINGS_MODULE="junling.settings", DJANGO_SECRET_KEY="test-channel-layer")
    out = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout


def test_a_redis_read_waits_longer_than_a_receive_blocks() -> None:
    """channels_redis blocks ``brpop_timeout`` seconds on Redis for a socket's next message; redis-py 8 gives a
    read 5 s by default, the same: an idle socket's consumer died of TimeoutError (bench/live_push.py)."""
    code = (
        "import json; from django.conf import settings; "
        "print(json.dumps(settings.CHANNEL_LAYERS['default']['CONFIG']['hosts']))"
    )
    (host,) = json.loads(_printed_by_django(code, CHANNEL_REDIS_URL="redis://127.0.0.1:6379/9"))
    assert host["address"] == "redis://127.0.0.1:6379/9"
    assert host["socket_timeout"] > RedisChannelLayer.brpop_timeout
    assert host["socket_connect_timeout"] <= 5  # a Redis that is down is still noticed at once
    assert host["max_connections"] >= 1000  # redis-py 8's 100 ran out at 500 live matches


def test_without_redis_the_layer_is_the_in_memory_one_whose_expiry_sweep_runs_once_a_period() -> None:
    """``junling.channel_layer.InMemoryChannelLayer``: channels' sweep of expired messages walked every
    channel and group membership on every receive and group_send; it runs at most once a ``sweep_every``."""
    code = "import json; from django.conf import settings; print(json.dumps(settings.CHANNEL_LAYERS['default']))"
    assert json.loads(_printed_by_django(code))["BACKEND"] == "junling.channel_layer.InMemoryChannelLayer"


def test_the_in_memory_layer_sweeps_an_expired_message_out_only_when_a_sweep_is_due() -> None:
    from asgiref.sync import async_to_sync

    from junling.channel_layer import InMemoryChannelLayer

    layer = InMemoryChannelLayer(expiry=-1)  # every message is expired as soon as it is sent
    layer.sweep_every = 3600
    async_to_sync(layer.send)("socket.one", {"type": "x"})
    layer._clean_expired()  # the first sweep is due: it runs
    assert "socket.one" not in layer.channels
    async_to_sync(layer.send)("socket.two", {"type": "x"})
    layer._clean_expired()  # within the period: nothing swept
    assert "socket.two" in layer.channels
    layer._swept -= 3600  # the period has passed
    layer._clean_expired()
    assert "socket.two" not in layer.channels
