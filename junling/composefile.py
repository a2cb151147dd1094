"""Compose files merged the way the Compose specification merges them, for podman-compose 1.0.3 (Debian bookworm).

``make compose-check`` runs ``deploy/compose.yaml`` with the override ``deploy/podman/compose.host.yaml``
(docs/deploy.md). podman-compose 1.0.3 merges several ``-f`` files its own way: it appends a sequence of the
override to the base's (a ``command`` becomes both commands end to end) and its ``extends`` does the same. So
the files are merged here, as the specification says, into one file podman-compose runs:

- a mapping merges key by key, recursively;
- a sequence or a scalar of the override replaces the base's, except ``ports``, ``expose``, ``dns``,
  ``dns_search``, ``tmpfs`` and ``external_links``, which are concatenated;
- ``environment`` and ``labels`` in list form (``KEY=VALUE``) merge as mappings;
- a key set to ``null`` in the override is removed (the specification's ``!reset``);
- a service's ``extends: {service: NAME}`` (same file, after merging) starts from that service;
- relative paths (``build.context``, ``env_file``, bind-mount sources) are made absolute against the file that
  named them, so the merged file may be written anywhere.

Run: ``python -m junling.composefile BASE OVERRIDE... -o MERGED``. Pure Python and PyYAML, no Django.
"""

from __future__ import annotations

import argparse
import copy
import os
import sys
from pathlib import Path
from typing import Any

import yaml

CONCATENATED = frozenset({"ports", "expose", "dns", "dns_search", "tmpfs", "external_links"})
AS_MAPPING = frozenset({"environment", "labels"})


class ComposeError(ValueError):
    """A compose file this merge cannot read (what and where, in the message)."""


def as_mapping(value: Any) -> dict[str, Any]:
    """``environment``/``labels`` as a mapping, from the list form ``KEY=VALUE`` too."""
    if isinstance(value, dict):
        return dict(value)
    if isinstance(value, list):
        out: dict[str, Any] = {}
        for item in value:
            key, _, val = str(item).partition("=")
            out[key] = val if "=" in str(item) else None
        return out
    raise ComposeError(f"expected a mapping or a KEY=VALUE list, not {value!r}")


def merge(base: Any, override: Any, key: str = "") -> Any:
    """``override`` laid over ``base`` (copies; neither is changed)."""
    if key in AS_MAPPING and base is not None and override is not None:
        base, override = as_mapping(base), as_mapping(override)
    if isinstance(base, dict) and isinstance(override, dict):
        out = copy.deepcopy(base)
        for k, v in override.items():
            if v is None:
                out.pop(k, None)
            elif k in out:
                out[k] = merge(out[k], v, k)
            else:
                out[k] = copy.deepcopy(v)
        return out
    if key in CONCATENATED and isinstance(base, list) and isinstance(override, list):
        return copy.deepcopy(base) + [v for v in copy.deepcopy(override) if v not in base]
    return copy.deepcopy(override)


def absolute_paths(doc: dict[str, Any], directory: Path) -> dict[str, Any]:
    """``doc`` with its services' relative paths made absolute against ``directory``."""

    def resolve(path: str) -> str:
        return str((directory / path).resolve()) if not os.path.isabs(path) else path

    for name, service in (doc.get("services") or {}).items():
        if not isinstance(service, dict):
            raise ComposeError(f"service {name!r} is not a mapping")
        build = service.get("build")
        if isinstance(build, str):
            service["build"] = resolve(build)
        elif isinstance(build, dict) and "context" in build:
            build["context"] = resolve(str(build["context"]))
        env_file = service.get("env_file")
        if env_file is not None:
            files = [env_file] if isinstance(env_file, str) else list(env_file)
            service["env_file"] = [resolve(str(f)) for f in files]
        volumes = service.get("volumes")
        if isinstance(volumes, list):
            out = []
            for volume in volumes:
                if isinstance(volume, str) and volume.startswith((".", "/")) and ":" in volume:
                    source, rest = volume.split(":", 1)
                    volume = f"{resolve(source)}:{rest}"
                out.append(volume)
            service["volumes"] = out
    return doc


def resolve_extends(services: dict[str, Any]) -> dict[str, Any]:
    """Every ``extends: {service: NAME}`` replaced by NAME's definition with the service's own laid over it."""
    done: dict[str, Any] = {}

    def resolved(name: str, seen: tuple[str, ...]) -> Any:
        if name in done:
            return done[name]
        if name not in services:
            raise ComposeError(f"extends names a service that does not exist: {name!r}")
        if name in seen:
            raise ComposeError(f"extends loops: {' -> '.join((*seen, name))}")
        service = copy.deepcopy(services[name])
        ext = service.pop("extends", None)
        if ext is not None:
            parent = ext if isinstance(ext, str) else ext.get("service") if isinstance(ext, dict) else None
            if not isinstance(parent, str):
                raise ComposeError(f"service {name!r}: extends needs a service name")
            if isinstance(ext, dict) and ext.get("file"):
                raise ComposeError(f"service {name!r}: extends from another file is not supported; merge the file")
            service = merge(resolved(parent, (*seen, name)), service)
        done[name] = service
        return service

    return {name: resolved(name, ()) for name in services}


def load(path: Path) -> dict[str, Any]:
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(doc, dict):
        raise ComposeError(f"{path}: a compose file is a mapping at the top")
    return absolute_paths(doc, path.resolve().parent)


def merge_files(paths: list[Path]) -> dict[str, Any]:
    """The files merged in order, ``extends`` resolved, and the ``x-`` extension fields (anchors) dropped."""
    merged: dict[str, Any] = {}
    for path in paths:
        merged = merge(merged, load(path))
    merged["services"] = resolve_extends(merged.get("services") or {})
    return {k: v for k, v in merged.items() if not k.startswith("x-")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Merge compose files as the Compose specification does.")
    parser.add_argument("files", nargs="+", type=Path, help="the base file, then each override")
    parser.add_argument("-o", "--output", type=Path, required=True, help="where to write the merged file")
    args = parser.parse_args(argv)
    try:
        merged = merge_files(args.files)
    except (ComposeError, OSError, yaml.YAMLError) as exc:
        print(f"composefile: {exc}", file=sys.stderr)
        return 2
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(yaml.safe_dump(merged, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
