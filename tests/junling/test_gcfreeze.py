"""Every server and worker process freezes the garbage collector's view of the loaded app (issue 17)."""

import gc
import os
import runpy
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from junling import gcfreeze

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def thawed(monkeypatch):
    monkeypatch.setattr(gcfreeze, "_frozen_in", None)
    yield
    gc.unfreeze()


def test_freeze_after_startup_freezes_once_per_process(thawed, monkeypatch):
    monkeypatch.delenv("JUNLING_GC_FREEZE", raising=False)
    assert gcfreeze.freeze_after_startup() is True
    assert gc.get_freeze_count() > 0
    assert gcfreeze.freeze_after_startup() is False  # already done in this process


def test_freeze_can_be_turned_off_to_measure_the_difference(thawed, monkeypatch):
    monkeypatch.setenv("JUNLING_GC_FREEZE", "0")
    assert gcfreeze.freeze_after_startup() is False
    assert gc.get_freeze_count() == 0


def test_a_forked_process_freezes_again_for_itself(thawed, monkeypatch):
    monkeypatch.delenv("JUNLING_GC_FREEZE", raising=False)
    monkeypatch.setattr(gcfreeze, "_frozen_in", os.getpid() + 1)  # frozen by the parent
    assert gcfreeze.freeze_after_startup(warm=False) is True


@pytest.fixture
def calls(monkeypatch):
    seen = []
    monkeypatch.setattr(gcfreeze, "freeze_after_startup", lambda **kw: seen.append(kw) or True)
    return seen


def test_celery_worker_processes_freeze_when_they_start(calls):
    from celery.signals import worker_process_init, worker_ready

    import junling.celery  # noqa: F401 (connects the handler)

    worker_process_init.send(sender=None)
    worker_ready.send(sender=None)
    assert len(calls) == 2


def test_gunicorn_workers_freeze_after_loading_the_app_and_a_preloading_master_before_forking(calls):
    conf = runpy.run_path(str(ROOT / "deploy" / "gunicorn.conf.py"))
    assert conf["wsgi_app"] == "junling.wsgi:application"
    conf["post_worker_init"](SimpleNamespace())
    conf["when_ready"](SimpleNamespace(cfg=SimpleNamespace(preload_app=False)))
    assert len(calls) == 1
    conf["when_ready"](SimpleNamespace(cfg=SimpleNamespace(preload_app=True)))
    assert len(calls) == 2


def test_importing_the_wsgi_app_freezes_it(tmp_path):
    env = dict(os.environ, JUNLING_VAR_DIR=str(tmp_path), PYTHONPATH=str(ROOT))
    env.pop("JUNLING_GC_FREEZE", None)
    code = "import gc, junling.wsgi; print(gc.get_freeze_count())"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    assert int(out.stdout.split()[-1]) > 10_000


def test_the_asgi_server_sets_its_collector_thresholds_unless_told_to_keep_cpythons() -> None:
    """``junling.asgi`` (what uvicorn and daphne import) sets ``gcfreeze.SERVER_THRESHOLDS``;
    ``JUNLING_GC_THRESHOLD`` names others, or "default" keeps CPython's."""
    from junling.gcfreeze import SERVER_THRESHOLDS

    root = Path(__file__).resolve().parent.parent.parent
    code = "import gc, junling.asgi; print(','.join(map(str, gc.get_threshold())))"

    def thresholds(setting: str | None) -> str:
        env = {k: v for k, v in os.environ.items() if k not in ("JUNLING_GC_THRESHOLD", "PYTEST_VERSION")}
        env.update(DJANGO_SETTINGS_MODULE="junling.settings", DJANGO_SECRET_KEY="test-gc", DB_POOL="0")
        if setting is not None:
            env["JUNLING_GC_THRESHOLD"] = setting
        run = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        return run.stdout.strip().splitlines()[-1]

    assert thresholds(None) == ",".join(map(str, SERVER_THRESHOLDS)) != "700,10,10"
    assert thresholds("5000,15,12") == "5000,15,12"
    assert thresholds("default") == "700,10,10"
