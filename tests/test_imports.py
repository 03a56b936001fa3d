"""The package's modules import each other without circles (type-checking imports included),
and each layer imports only the layers below it (model, engine, formats, analysis, report,
cli)."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.helpers import REPO

PACKAGE = REPO / "gamao_cli"
LAYERS = ("model", "engine", "formats", "analysis", "report", "cli")


def _module(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _top_level(tree: ast.Module) -> list[ast.stmt]:
    """The module's own statements, those of its top-level ``if`` blocks included (``if
    TYPE_CHECKING:``); not those of functions, whose imports run only when called."""
    out: list[ast.stmt] = []
    todo: list[ast.stmt] = list(tree.body)
    while todo:
        node = todo.pop(0)
        out.append(node)
        if isinstance(node, (ast.If, ast.Try)):
            todo.extend(node.body + node.orelse)
    return out


def _imports() -> dict[str, set[str]]:
    """Every module of the package and the package modules it imports at its top level."""
    modules = {_module(p): p for p in PACKAGE.rglob("*.py")}
    out: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in _top_level(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                base = node.module
                found.update(
                    f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base
                    for a in node.names
                )
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
        out[name] = {m for m in found if m in modules and m != name}
    return out


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle among the modules of ``graph``, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)) is not None:
            return found
    return None


def test_no_import_circle_among_the_analysis_modules() -> None:
    graph = _imports()
    analysis = {
        name: {m for m in deps if m.startswith("gamao_cli.analysis.")}
        for name, deps in graph.items()
        if name.startswith("gamao_cli.analysis.")
    }
    assert "gamao_cli.analysis.replay" in analysis["gamao_cli.analysis.canonical"]
    assert _cycle(analysis) is None


def test_no_import_circle_among_the_mat_reader_modules() -> None:
    graph = _imports()
    formats = {
        name: {m for m in deps if m.startswith("gamao_cli.formats.mat.")}
        for name, deps in graph.items()
        if name.startswith("gamao_cli.formats.mat.")
    }
    assert formats["gamao_cli.formats.mat.reader"] >= {
        "gamao_cli.formats.mat.games",
        "gamao_cli.formats.mat.state",
    }
    assert _cycle(formats) is None


def test_the_cycle_finder_finds_a_circle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_no_layer_imports_a_higher_one_even_inside_a_function() -> None:
    """The layering holds for imports deferred into functions too (a lazy import is still a
    dependency): analysis imports neither report nor cli, report does not import cli."""
    bad = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).parts
        if len(parts) < 2 or parts[0] not in LAYERS:
            continue
        higher = LAYERS[LAYERS.index(parts[0]) + 1 :]
        for module in _imported(ast.parse(path.read_text(encoding="utf-8"))):
            names = module.split(".")
            if names[0] == "gamao_cli" and len(names) > 1 and names[1] in higher:
                bad.append(f"{path.relative_to(PACKAGE)} imports {module}")
    assert not bad, bad


def test_model_engine_formats_import_no_higher_layer() -> None:
    graph = _imports()
    for name, deps in graph.items():
        layer = name.split(".")[1] if name.count(".") else ""
        if layer not in ("model", "engine", "formats"):
            continue
        higher = LAYERS[LAYERS.index(layer) + 1 :]
        bad = {m for m in deps if m.count(".") and m.split(".")[1] in higher}
        assert not bad, f"{name} imports {sorted(bad)}"


ENGINE_INTERNALS = frozenset(
    f"gamao_cli.engine.{m}"
    for m in ("movegen", "rules_movegen", "tabula_movegen", "validate", "rules_validate")
)
"""The engine's generators and validators: everything outside the engine asks
:mod:`gamao_cli.engine.plays`, which picks among them by the rule set."""


def _imported(tree: ast.Module) -> set[str]:
    """Every module an ``import`` anywhere in ``tree`` names (in functions too), a name imported
    from a package counted as the module ``package.name``."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


def _outside_the_engine() -> list[Path]:
    """The Python files that are neither the engine nor the engine's own tests."""
    roots = [PACKAGE, REPO / "tests", REPO / "benchmarks", REPO / "tools"]
    inside = (PACKAGE / "engine", REPO / "tests" / "engine")
    return [
        p
        for root in roots
        for p in sorted(root.rglob("*.py"))
        if not any(p.is_relative_to(d) for d in inside)
    ]


def test_only_the_engine_names_its_generators_and_validators() -> None:
    files = _outside_the_engine()
    assert PACKAGE / "analysis" / "game_replay.py" in files
    assert REPO / "benchmarks" / "bench_engine.py" in files
    for path in files:
        bad = _imported(ast.parse(path.read_text(encoding="utf-8"))) & ENGINE_INTERNALS
        assert not bad, f"{path.relative_to(REPO)} imports {sorted(bad)}"


def test_the_engine_internals_check_sees_every_form_of_import() -> None:
    tree = ast.parse(
        "import gamao_cli.engine.movegen\n"
        "from gamao_cli.engine import validate\n"
        "def f():\n"
        "    from gamao_cli.engine.rules_validate import judge_rules\n"
        "from gamao_cli.engine.plays import judge\n"
    )
    assert _imported(tree) & ENGINE_INTERNALS == {
        "gamao_cli.engine.movegen",
        "gamao_cli.engine.validate",
        "gamao_cli.engine.rules_validate",
    }
