"""The wheels of requirements.lock for the image, built on the host (`make compose-check`; docs/deploy.md).

Containers here reach no package index (the host's pip settings are the host's), so the image installs these
offline. ``pip wheel -r requirements.lock`` builds what the host's Python needs into the cache; a pin whose
marker is false here but may be true in the image (``async-timeout ; python_full_version < "3.11.3"``: Debian
bookworm's Python is 3.11.2) is built too, without its marker. Then exactly the lock's versions are linked into
deploy/wheels/, which deploy/Dockerfile installs with ``--no-index``.

Run: ``python deploy/podman/wheels.py CACHE_DIR`` from the clone's root, with the venv's Python.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

LOCK = Path("requirements.lock")
OUT = Path("deploy/wheels")


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def pins() -> dict[str, tuple[str, bool]]:
    """Each pinned name: its version, and whether the pin has a marker."""
    out = {}
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if "==" not in line:
            continue
        requirement, _, marker = line.partition(";")
        name, version = requirement.split("==", 1)
        out[norm(name.split("[")[0].strip())] = (version.strip(), bool(marker.strip()))
    return out


def pip_wheel(cache: Path, *args: str) -> None:
    command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check", "-w", str(cache)]
    done = subprocess.run([*command, *args], capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"pip wheel {' '.join(args)} failed:\n{done.stderr[-2000:]}")


def main(cache: Path) -> None:
    cache.mkdir(parents=True, exist_ok=True)
    wanted = pins()
    pip_wheel(cache, "-r", str(LOCK))
    for name, (version, marked) in wanted.items():
        if marked:
            pip_wheel(cache, "--no-deps", f"{name}=={version}")
    OUT.mkdir(exist_ok=True)
    for old in OUT.glob("*.whl"):
        old.unlink()
    found = set()
    for wheel in cache.glob("*.whl"):
        name, version = wheel.name.split("-")[:2]
        if wanted.get(norm(name), ("", False))[0] == version:
            try:
                os.link(wheel, OUT / wheel.name)
            except OSError:
                shutil.copy2(wheel, OUT / wheel.name)
            found.add(norm(name))
    missing = sorted(set(wanted) - found)
    if missing:
        sys.exit(f"no wheel for {missing}")
    print(f"{len(found)} wheels in {OUT}")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
