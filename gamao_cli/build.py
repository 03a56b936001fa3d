"""Which build of gamao is running.

``setup.py`` compiles the hot paths (:data:`COMPILED_MODULES`: the ``.mat`` and SGF readers,
the engine's positions, play generation and validation, the game replay) with mypyc when it
can; a compiled module sits beside its source and is imported in its place. The compiled and
the pure-Python modules behave the same; the compiled ones are faster.

Setting ``GAMAO_PURE_PYTHON=1`` skips compiling at install time and, at run time, imports
gamao's modules from their source even where a compiled build is present (to rule the build
out when looking into a problem, or to measure the difference).

Standard library only: imported by ``gamao_cli/__init__.py`` before anything else.
"""

from __future__ import annotations

import os
import sys
from importlib.machinery import (
    BYTECODE_SUFFIXES,
    EXTENSION_SUFFIXES,
    SOURCE_SUFFIXES,
    FileFinder,
    SourceFileLoader,
    SourcelessFileLoader,
)
from importlib.util import find_spec
from pathlib import Path

__all__ = [
    "COMPILED_MODULES",
    "PURE_ENV",
    "build_name",
    "compiled_sources",
    "pure_requested",
    "reader_build",
]

COMPILED_MODULES = (
    "gamao_cli.formats.mat.reader",
    "gamao_cli.formats.mat.lines",
    "gamao_cli.model.notation",
    "gamao_cli.formats.sgf.parser",
    "gamao_cli.formats.sgf.tree",
    "gamao_cli.formats.sgf.reader",
    "gamao_cli.formats.sgf.moves",
    "gamao_cli.formats.sgf.header",
    "gamao_cli.formats.sgf.game",
    "gamao_cli.formats.sgf.analysis",
    "gamao_cli.engine.position",
    "gamao_cli.engine.movegen",
    "gamao_cli.engine.rules_movegen",
    "gamao_cli.engine.rules_search",
    "gamao_cli.engine.nardy",
    "gamao_cli.engine.tabula_movegen",
    "gamao_cli.engine.validate",
    "gamao_cli.engine.validate_read",
    "gamao_cli.engine.validate_quick",
    "gamao_cli.engine.validate_explain",
    "gamao_cli.engine.judgement",
    "gamao_cli.engine.plays",
    "gamao_cli.analysis.game_replay",
    "gamao_cli.analysis.replay_state",
    "gamao_cli.analysis.replay_findings",
    "gamao_cli.analysis.replay_rolls",
    "gamao_cli.analysis.replay_plays",
    "gamao_cli.analysis.replay_cube",
    "gamao_cli.analysis.replay_results",
    "gamao_cli.analysis.fingerprint_tokens",
    "gamao_cli.analysis.plays_applied",
    "gamao_cli.analysis.table_rows",
    "gamao_cli.formats.mat.state",
    "gamao_cli.formats.mat.cells",
    "gamao_cli.formats.mat.games",
    "gamao_cli.formats.xg.annotate",
    "gamao_cli.formats.xg.games",
    "gamao_cli.formats.xg.moves",
    "gamao_cli.formats.xg.records",
    "gamao_cli.formats.xg.reader",
)
"""The modules ``setup.py`` compiles: the one list of them (``setup.py`` and the Makefile take
theirs from :func:`compiled_sources`)."""


def compiled_sources() -> list[str]:
    """The source files of :data:`COMPILED_MODULES`, relative to the repository: what
    ``setup.py`` compiles and what the Makefile rebuilds on (it runs this file for them)."""
    return [name.replace(".", "/") + ".py" for name in COMPILED_MODULES]


PURE_ENV = "GAMAO_PURE_PYTHON"
"""The environment variable that asks for the pure-Python build (any value but ``0``)."""

_PACKAGE = Path(__file__).resolve().parent


def pure_requested() -> bool:
    """Whether :data:`PURE_ENV` asks for the pure-Python build."""
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def is_compiled(module_name: str) -> bool:
    """Whether the module ``module_name`` is (or, not imported yet, would be imported as) a
    compiled build. A module not yet imported is only looked up, not run (``gamao
    --version`` answers without loading the engine)."""
    module = sys.modules.get(module_name)
    if module is not None:
        origin = getattr(module, "__file__", None) or ""
    else:
        spec = find_spec(module_name)
        origin = (spec.origin if spec is not None else None) or ""
    return origin.endswith(tuple(EXTENSION_SUFFIXES))


def build_name() -> str:
    """``compiled``, ``pure Python`` or, if only some of :data:`COMPILED_MODULES` are
    compiled (a broken build), ``partly compiled``."""
    compiled = [is_compiled(name) for name in COMPILED_MODULES]
    if all(compiled):
        return "compiled"
    return "partly compiled" if any(compiled) else "pure Python"


def reader_build() -> str:
    """``compiled`` or ``pure Python``: the build of the ``.mat`` reader in use."""
    return "compiled" if is_compiled("gamao_cli.formats.mat.reader") else "pure Python"


def _source_only(path: str) -> FileFinder:
    """A finder without extension modules for gamao's own package folders; every other
    folder is left to the usual finders."""
    folder = Path(path).resolve()
    if folder != _PACKAGE and _PACKAGE not in folder.parents:
        raise ImportError("not a gamao package folder")
    return FileFinder(
        path, (SourceFileLoader, SOURCE_SUFFIXES), (SourcelessFileLoader, BYTECODE_SUFFIXES)
    )


def use_source_modules() -> None:
    """Import gamao's modules from their source from now on (idempotent)."""
    if _source_only in sys.path_hooks:
        return
    sys.path_hooks.insert(0, _source_only)
    for path in list(sys.path_importer_cache):
        try:
            _source_only(path)
        except ImportError:
            continue
        del sys.path_importer_cache[path]
