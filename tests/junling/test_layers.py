"""The site's apps in declared layers (docs/architecture.md "Layers", issue 25): an app imports only its own
layer's modules and those of the layers below; no app-level cycle; the engine imports no app."""

from __future__ import annotations

from tests.engine.test_architecture import ROOT, _cycles, _edges, _modules

LAYERS: list[tuple[str, ...]] = [
    ("engine",),  # the game knowledge: pure Python, no Django
    ("junling",),  # the site's plumbing: audit, outbox, errors, pages and API helpers, push, the consumer base
    ("accounts",),  # users, profiles, display names
    ("decks", "boards"),  # card databases and decks; maps, game data and the battle calculator
    ("tables",),  # refereed board-game tables
    ("matches",),  # events (tournaments, rounds, standings, ratings), card matches, adjudication
    ("home",),  # pages gathering every app for one player, whole-site commands
]
"""Bottom first. Apps of one layer do not import each other."""

COMPOSITION_ROOT = {"junling.settings", "junling.urls", "junling.asgi", "junling.wsgi"}
"""The modules that wire the whole site (settings, URL and websocket routes): they may name any app."""

PACKAGES = [name for layer in LAYERS for name in layer]


def _layer_of(module: str) -> tuple[int, str]:
    top = module.partition(".")[0]
    for n, layer in enumerate(LAYERS):
        if top in layer:
            return n, top
    raise AssertionError(f"{module} is in no layer: add its package to LAYERS")


def _site_edges() -> dict[str, set[str]]:
    return _edges(_modules([ROOT / name for name in PACKAGES]))


def test_every_app_and_package_of_the_site_is_in_a_layer():
    apps = {p.parent.name for p in ROOT.glob("*/apps.py")} | {p.parent.name for p in ROOT.glob("*/__init__.py")}
    apps -= {"tests", "bench", "var", "deploy"}
    assert apps <= set(PACKAGES), apps - set(PACKAGES)


def test_no_app_imports_an_app_of_its_own_layer_or_above():
    upward = []
    for module, targets in _site_edges().items():
        if module in COMPOSITION_ROOT:
            continue
        layer, app = _layer_of(module)
        for target in targets:
            their_layer, their_app = _layer_of(target)
            if their_app != app and their_layer >= layer:
                upward.append(f"{module} -> {target}")
    assert sorted(upward) == []


def test_there_is_no_app_level_cycle():
    apps: dict[str, set[str]] = {name: set() for name in PACKAGES}
    for module, targets in _site_edges().items():
        if module in COMPOSITION_ROOT:
            continue
        apps[module.partition(".")[0]] |= {t.partition(".")[0] for t in targets} - {module.partition(".")[0]}
    assert _cycles(apps) == []


def test_the_site_has_no_module_level_import_cycle():
    assert _cycles(_site_edges()) == []
