"""tools/import_graph.py: the units of a package and the imports between them, from its text."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import REPO, tool_module

import_graph = tool_module("import_graph")


def _package(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / "gamao_cli" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_units_and_imports_are_counted_by_module_pairs(tmp_path: Path) -> None:
    root = _package(tmp_path, {
        "__init__.py": "",
        "i18n.py": "",
        "model/__init__.py": "",
        "model/match.py": "import json\n",
        "engine/__init__.py": "",
        "engine/plays.py": "from gamao_cli.model.match import Match\nfrom gamao_cli import i18n\n",
        "formats/__init__.py": "",
        "formats/registry.py": "from gamao_cli.formats.mat import FAMILY\n",
        "formats/mat/__init__.py": "from . import reader\nFAMILY = 1\n",
        "formats/mat/reader.py": (
            "from ..registry import x\nfrom gamao_cli.model import match\n"
            "def f():\n    from gamao_cli.engine.plays import judge\n"
        ),
    })  # fmt: skip
    sizes, edges = import_graph.graph(root)
    # Units: the root (2 modules), model, engine (2 each: __init__ and one), formats (2),
    # formats/mat (2: its __init__ and reader).
    assert dict(sizes) == {"gamao_cli": 2, "model": 2, "engine": 2, "formats": 2,
                           "formats/mat": 2}  # fmt: skip
    # engine.plays -> model.match and -> gamao_cli.i18n; formats.registry -> formats.mat
    # (its __init__); formats.mat.reader -> formats.registry (relative), -> model.match
    # (a module named in a from-import), -> engine.plays (inside a function); the mat
    # __init__'s own "from . import reader" stays inside the unit.
    assert dict(edges) == {
        ("engine", "model"): 1,
        ("engine", "gamao_cli"): 1,
        ("formats", "formats/mat"): 1,
        ("formats/mat", "formats"): 1,
        ("formats/mat", "model"): 1,
        ("formats/mat", "engine"): 1,
    }
    # Drawn between layers: formats/mat's imports are the formats layer's; those within
    # formats are left out of the arrows; the table keeps them.
    drawn = import_graph.drawing(root, pairs=True)
    arrows = [line for line in drawn.splitlines() if "-->" in line]
    assert arrows == [
        "  engine -->|1| model",
        "  engine -->|1| gamao_cli",
        "  formats -->|1| model",
        "  formats -->|1| engine",
    ]
    assert "| formats/mat | 2 | model 1, engine 1, formats 1 |" in drawn


def test_the_drawing_is_mermaid_then_a_table(tmp_path: Path) -> None:
    root = _package(tmp_path, {
        "model/__init__.py": "",
        "engine/__init__.py": "from gamao_cli.model import x\n",
    })  # fmt: skip
    assert import_graph.drawing(root) == "\n".join([
        "```mermaid",
        "flowchart BT",
        "  subgraph model",
        '    model_["model/*.py: 1 module"]',
        "  end",
        "  subgraph engine",
        '    engine_["engine/*.py: 1 module"]',
        "  end",
        "  engine --> model",
        "```",
        "",
        "| unit | modules | imports from |",
        "| --- | ---: | --- |",
        "| model | 1 | - |",
        "| engine | 1 | model |",
        "",
    ])  # fmt: skip


def test_docs_architecture_holds_the_current_drawing() -> None:
    text = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
    held = text.split(import_graph.BEGIN + "\n", 1)[1].split(import_graph.END, 1)[0]
    assert held == import_graph.drawing(), "regenerate: python tools/import_graph.py --write"
