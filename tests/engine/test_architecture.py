"""The engine's house rules, checked on its source: no import cycle, no function-local import, no
import-time registration into another module's table (``docs/engine.md`` "Layout and wiring")."""

from __future__ import annotations

import ast
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"

LOCAL_IMPORTS_ALLOWED = {
    # the traditional-to-simplified converter (a third-party package) is imported on first use, together
    # with its dictionaries: only folding a non-ASCII name needs it, importing the engine does not
    ("engine.cards", "opencc"),
}


SITE = [ROOT / name for name in ("engine", "decks", "matches", "junling")]


def _modules(roots: list[pathlib.Path] = [ENGINE]) -> dict[str, tuple[pathlib.Path, ast.Module]]:  # noqa: B006
    mods = {}
    for p in sorted(q for root in roots for q in root.rglob("*.py")):
        if {"data", "migrations"} & set(p.relative_to(ROOT).parts):
            continue
        name = ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        mods[name] = (p, ast.parse(p.read_text(encoding="utf-8")))
    return mods


def _edges(mods: dict[str, tuple[pathlib.Path, ast.Module]]) -> dict[str, set[str]]:
    """Every import, in a function, a class or under ``if TYPE_CHECKING`` too (as the hook counts them)."""
    edges: dict[str, set[str]] = {m: set() for m in mods}
    for m, (p, tree) in mods.items():
        pkg = m if p.name == "__init__.py" else m.rpartition(".")[0]
        for n in ast.walk(tree):
            if isinstance(n, ast.Import):
                names = [a.name for a in n.names]
            elif isinstance(n, ast.ImportFrom):
                base = n.module or ""
                if n.level:
                    up = pkg.split(".")[: len(pkg.split(".")) - n.level + 1]
                    base = ".".join(up + ([base] if base else []))
                names = [base] + [f"{base}.{a.name}" for a in n.names]
            else:
                continue
            for x in names:
                while x and x not in mods:
                    x = x.rpartition(".")[0]
                if x and x != m:
                    edges[m].add(x)
    return edges


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_the_engine_has_no_import_cycle():
    assert _cycles(_edges(_modules())) == []


def test_the_site_has_no_import_cycle_either():
    """The Django apps too: services enqueue tasks by name (matches/task_names.py), never import them."""
    assert _cycles(_edges(_modules(SITE))) == []


def test_only_the_composition_root_imports_the_rule_areas():
    areas = {
        f"engine.game.{n}"
        for n in (
            "activation advantage areas choices combat costs counters effects effects_steps equipment "
            "generals movement observe recruitment setup strategy turn victory"
        ).split()
    }
    edges = _edges(_modules())
    importers = {m: sorted(e & areas) for m, e in edges.items() if e & areas}
    # narrate.py (the English narrator, a client like the CLI) reads Might and costs for its sentences
    assert set(importers) <= {"engine.game.rules", "engine.game.narrate"}, importers
    assert set(importers["engine.game.rules"]) == areas
    assert "engine.game.rules" not in edges["engine.game.state"]


def test_wenlu_rule_areas_are_wired_by_its_composition_root_only():
    """文禄朝鲜之役 (engine/wenlu): rules.py wires the rule areas; no area imports another. The state places
    the counters (turn) and scores a concession (victory), the battle calculator fights one battle (battle), as
    龙虎三国志's do; the searching bots read the victory points (victory) as the state's concession does."""
    areas = {f"engine.wenlu.{n}" for n in "battle cards march supply turn victory".split()}
    edges = _edges(_modules())
    importers = {m: e & areas for m, e in edges.items() if e & areas}
    assert importers.pop("engine.wenlu.rules") == areas
    assert importers == {
        "engine.wenlu.state": {"engine.wenlu.turn", "engine.wenlu.victory"},
        "engine.wenlu.calculator": {"engine.wenlu.battle"},
        "engine.wenlu.bots_search": {"engine.wenlu.victory"},
    }


def test_the_engine_imports_at_module_level_only():
    found = []
    for m, (_p, tree) in _modules().items():
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for n in ast.walk(fn):
                if isinstance(n, ast.Import | ast.ImportFrom):
                    names = [a.name for a in n.names] if isinstance(n, ast.Import) else [n.module or ""]
                    found += [(m, x) for x in names if (m, x.partition(".")[0]) not in LOCAL_IMPORTS_ALLOWED]
    assert found == []


def _imported_modules(tree: ast.Module) -> set[str]:
    """Names bound at module level to imported modules or to names imported from engine modules."""
    bound = set()
    for n in tree.body:
        if isinstance(n, ast.Import):
            bound |= {a.asname or a.name.partition(".")[0] for a in n.names}
        elif isinstance(n, ast.ImportFrom) and (n.module or "").startswith("engine"):
            bound |= {a.asname or a.name for a in n.names}
    return bound


def _root(node: ast.AST) -> str | None:
    while isinstance(node, ast.Attribute | ast.Subscript | ast.Call):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


def test_no_module_fills_another_modules_table_when_imported():
    found = []
    for m, (_p, tree) in _modules().items():
        imported = _imported_modules(tree)
        for n in tree.body:
            targets: list[ast.AST] = []
            if isinstance(n, ast.Assign):
                targets = [t for t in n.targets if isinstance(t, ast.Attribute | ast.Subscript)]
            elif isinstance(n, ast.AugAssign | ast.AnnAssign) and isinstance(n.target, ast.Attribute | ast.Subscript):
                targets = [n.target]
            elif isinstance(n, ast.Expr) and isinstance(n.value, ast.Call) and isinstance(n.value.func, ast.Attribute):
                targets = [n.value.func.value]  # e.g. other.TABLE.append(...), other.TABLE.update(...)
            elif isinstance(n, ast.FunctionDef | ast.ClassDef):
                targets = list(n.decorator_list)  # @other.register(...) fills other's table
            found += [(m, ast.unparse(t)) for t in targets if _root(t) in imported]
    # dataclass and functools decorators build the class or function itself
    found = [(m, t) for m, t in found if not t.startswith(("dataclass", "functools", "enum"))]
    assert found == []


def test_the_board_game_base_imports_neither_game_and_only_the_standard_library():
    """engine/boardgame is the base of engine/longhu and engine/wenlu (docs/boardgames.md): it finds a game
    through engine.systems, never by importing it, and needs nothing outside the standard library."""
    mods = _modules()
    base = {m for m in mods if m == "engine.boardgame" or m.startswith("engine.boardgame.")}
    edges = _edges(mods)
    for m in base:
        assert not {e for e in edges[m] if e.startswith(("engine.longhu", "engine.wenlu"))}, m
        for n in ast.walk(mods[m][1]):
            names = [a.name for a in n.names] if isinstance(n, ast.Import) else []
            if isinstance(n, ast.ImportFrom) and not n.level:
                names = [n.module or ""]
            for x in names:
                top = x.partition(".")[0]
                assert top == "engine" or top in sys.stdlib_module_names or top == "__future__", (m, x)
