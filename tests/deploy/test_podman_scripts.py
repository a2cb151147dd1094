"""Issue 29 item 10: the helpers of ``make compose-check`` in deploy/podman/ (docs/deploy.md)."""

from __future__ import annotations

import os
import runpy
import subprocess
from pathlib import Path

from tests.conftest import ROOT

PODMAN = ROOT / "deploy" / "podman"


def fake_podman(tmp_path: Path) -> dict[str, str]:
    """A PATH whose ``podman`` prints its arguments one a line, for the wrapper to call."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    podman = bin_dir / "podman"
    podman.write_text('#!/bin/sh\nfor a in "$@"; do echo "$a"; done\n', encoding="utf-8")
    podman.chmod(0o755)
    return {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}"}


def run_wrapper(tmp_path: Path, *args: str) -> list[str]:
    done = subprocess.run(
        [str(PODMAN / "podman-hostnet"), *args], env=fake_podman(tmp_path), capture_output=True, text=True, check=True
    )
    return done.stdout.splitlines()


def test_the_wrapper_drops_the_project_network_and_alias_beside_host_networking(tmp_path):
    args = ["run", "--name=x", "--network", "host", "--net", "p_default", "--network-alias", "web", "img", "cmd"]
    assert run_wrapper(tmp_path, *args) == ["run", "--name=x", "--network", "host", "img", "cmd"]


def test_the_wrapper_passes_a_run_without_host_networking_as_it_is(tmp_path):
    args = ["run", "--net", "p_default", "--network-alias", "web", "img"]
    assert run_wrapper(tmp_path, *args) == args


def test_the_wheel_list_reads_each_pin_and_whether_it_has_a_marker(tmp_path, monkeypatch):
    (tmp_path / "requirements.lock").write_text(
        'Django==5.2.1\nasync-timeout==5.0.1 ; python_full_version < "3.11.3"\n# a comment\nzope.interface==8.7\n',
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    pins = runpy.run_path(str(PODMAN / "wheels.py"))["pins"]()
    assert pins == {"django": ("5.2.1", False), "async_timeout": ("5.0.1", True), "zope_interface": ("8.7", False)}


def test_the_lock_pins_what_debian_bookworms_python_needs_beyond_the_hosts():
    # redis needs async-timeout before Python 3.11.3; bookworm's python3 is 3.11.2 (deploy/podman/wheels.py)
    lock = (ROOT / "requirements.lock").read_text(encoding="utf-8")
    assert 'async-timeout==5.0.1 ; python_full_version < "3.11.3"' in lock
