"""The drawing of gamao_cli's import structure in docs/architecture.md, made from the source.

    python tools/import_graph.py            # print the drawing (Markdown: Mermaid and a table)
    python tools/import_graph.py --pairs    # the same, each import counted (module pairs)
    python tools/import_graph.py --write    # put the drawing into docs/architecture.md

Every module of the package is read with ``ast`` (nothing is imported). A *unit* is a
layer's own modules (``model``, ``engine``, ``formats``, ``analysis``, ``report``, ``cli``:
the modules directly in the layer's folder, drawn ``formats/*.py``), a subpackage of a layer
(``formats/xg``), or the package's root modules (``gamao_cli``: the entry point, the build
switch, i18n), with its number of modules. The drawing shows each layer as a box of its
units, and an arrow ``A --> B`` between layers when modules of A import modules of B; the
table gives the same unit by unit, imports within a layer included. With ``--pairs`` each
arrow and import is labelled with the number of (importing module, imported module) pairs
(the document leaves them out: they change with every import added).
Imports inside functions (the CLI's lazy ones) count as well as top-level ones: both are
dependencies. tests/test_import_graph.py checks that the document holds this output.
"""

from __future__ import annotations

import ast
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGE = "gamao_cli"
LAYERS = ("model", "engine", "formats", "analysis", "report", "cli")
DOC = REPO / "docs" / "architecture.md"
BEGIN = "<!-- import-graph: begin (python tools/import_graph.py --write) -->"
END = "<!-- import-graph: end -->"


def modules(root: Path) -> dict[str, Path]:
    """Every module of the package under ``root``, by dotted name."""
    out = {}
    for path in sorted((root / PACKAGE).rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def imported(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules that module ``name`` imports, anywhere in its text."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                found.add(full if full in known else base)
    out = set()
    for target in found:
        while target and target not in known:  # a name inside a module: that module
            target = target.rpartition(".")[0]
        if target and target != name:
            out.add(target)
    return out


def unit(name: str, known: dict[str, Path]) -> str:
    """The unit a module belongs to: its layer, or its layer's subpackage, or the root."""
    parts = name.split(".")
    if len(parts) < 2 or parts[1] not in LAYERS:
        return PACKAGE
    if len(parts) > 3 or (len(parts) == 3 and known[name].name == "__init__.py"):
        return f"{parts[1]}/{parts[2]}"
    return parts[1]


def graph(root: Path) -> tuple[Counter[str], Counter[tuple[str, str]]]:
    """(modules per unit, module imports per pair of units) of the package under ``root``."""
    known = modules(root)
    sizes: Counter[str] = Counter(unit(n, known) for n in known)
    edges: Counter[tuple[str, str]] = Counter()
    for name, path in known.items():
        for target in imported(name, path, known):
            a, b = unit(name, known), unit(target, known)
            if a != b:
                edges[a, b] += 1
    return sizes, edges


def _order(name: str) -> tuple[int, str]:
    layer = _layer(name)
    return (LAYERS.index(layer) if layer in LAYERS else len(LAYERS), name)


def _layer(name: str) -> str:
    return name.split("/")[0]


def _node(name: str) -> str:
    """A unit's node id: a layer's own modules are ``LAYER_``, apart from the layer's box."""
    return name.replace("/", "_") if "/" in name else f"{name}_"


def drawing(root: Path = REPO, pairs: bool = False) -> str:
    """The Markdown that docs/architecture.md holds between its markers: the layers as boxes
    holding their units, an arrow between two layers for the imports from one to the other,
    then a table of every unit with the imports it makes, unit by unit."""
    sizes, edges = graph(root)
    units = sorted(sizes, key=_order)
    layers: Counter[tuple[str, str]] = Counter()
    for (a, b), count in edges.items():
        if _layer(a) != _layer(b):
            layers[_layer(a), _layer(b)] += count
    lines = ["```mermaid", "flowchart BT"]
    for layer in [*LAYERS, PACKAGE]:
        members = [u for u in units if _layer(u) == layer]
        if not members:
            continue
        lines.append(f"  subgraph {layer}")
        for u in members:
            noun = "module" if sizes[u] == 1 else "modules"
            label = u if "/" in u else f"{u}/*.py"
            lines.append(f'    {_node(u)}["{label}: {sizes[u]} {noun}"]')
        lines.append("  end")
    for (a, b), count in sorted(layers.items(), key=lambda e: (_order(e[0][0]), _order(e[0][1]))):
        lines.append(f"  {a} -->|{count}| {b}" if pairs else f"  {a} --> {b}")
    imports = "imports from (module pairs)" if pairs else "imports from"
    lines += ["```", "", f"| unit | modules | {imports} |", "| --- | ---: | --- |"]
    for u in units:
        mine = sorted(((b, n) for (a, b), n in edges.items() if a == u), key=lambda e: _order(e[0]))
        out = [f"{b} {n}" if pairs else b for b, n in mine]
        lines.append(f"| {u} | {sizes[u]} | {', '.join(out) or '-'} |")
    return "\n".join(lines) + "\n"


def write(doc: Path = DOC) -> None:
    """Replace the drawing between the markers of ``doc`` by the current one."""
    text = doc.read_text(encoding="utf-8")
    head, rest = text.split(BEGIN, 1)
    tail = rest.split(END, 1)[1]
    doc.write_text(f"{head}{BEGIN}\n{drawing()}{END}{tail}", encoding="utf-8")


def main(argv: list[str]) -> int:
    if argv == ["--write"]:
        write()
        return 0
    if argv not in ([], ["--pairs"]):
        print(__doc__, file=sys.stderr)
        return 2
    sys.stdout.write(drawing(pairs=argv == ["--pairs"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
