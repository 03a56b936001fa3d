"""Build step: compile the hot paths (readers, engine, replay) with mypyc, else pure Python.

Everything else about the package is in ``pyproject.toml``. The modules in
:data:`COMPILED` are ordinary, fully typed Python; mypyc (part of mypy, a build requirement)
turns them into C extensions: ``.mat`` reading is about 15% faster, SGF reading 25%, legal
play generation 50% and validation 85% (README, Performance). The compiled and the pure
modules behave the same: ``make test`` runs the whole suite against both.

Set ``GAMAO_PURE_PYTHON=1`` to skip compiling. Without mypyc or a C compiler, or when a
build fails, the package installs as pure Python with a warning instead of failing. A pure
install removes the compiled modules an earlier editable install left beside the sources.
"""

from __future__ import annotations

import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

COMPILED = [
    "gamao_cli/formats/mat_reader.py",
    "gamao_cli/formats/mat_lines.py",
    "gamao_cli/model/notation.py",
    "gamao_cli/formats/sgf_parser.py",
    "gamao_cli/formats/sgf_tree.py",
    "gamao_cli/formats/sgf_reader.py",
    "gamao_cli/formats/sgf_moves.py",
    "gamao_cli/formats/sgf_header.py",
    "gamao_cli/formats/sgf_game.py",
    "gamao_cli/formats/sgf_analysis.py",
    "gamao_cli/engine/position.py",
    "gamao_cli/engine/movegen.py",
    "gamao_cli/engine/rules_movegen.py",
    "gamao_cli/engine/validate.py",
    "gamao_cli/analysis/game_replay.py",
    "gamao_cli/formats/mat_state.py",
    "gamao_cli/formats/mat_cells.py",
    "gamao_cli/formats/mat_games.py",
    "gamao_cli/formats/xg/annotate.py",
    "gamao_cli/formats/xg/games.py",
    "gamao_cli/formats/xg/moves.py",
    "gamao_cli/formats/xg/records.py",
    "gamao_cli/formats/xg/reader.py",
]
"""The modules compiled: the readers' and the replay's hot paths. Compiled code calls the
functions of these modules directly, so a test cannot replace one by patching its module.
``gamao_cli/build.py`` and the Makefile name the same modules (a test checks)."""


def _warn(message: str) -> None:
    message = " ".join(message.split())
    if len(message) > 300:
        message = message[:297] + "..."
    print(f"gamao build: {message}; installing pure Python", file=sys.stderr)


def _remove_compiled() -> None:
    """Remove the compiled modules an earlier in-place (editable) build left beside their
    sources: they would be imported in place of the sources of a pure-Python install."""
    root = Path(__file__).resolve().parent
    for source in COMPILED:
        for suffix in EXTENSION_SUFFIXES:
            (root / source).with_suffix(suffix).unlink(missing_ok=True)
    for shared in root.glob("*__mypyc.*"):  # the library the compiled modules share
        if shared.suffix in (".so", ".pyd"):
            shared.unlink()


def _compiled_extensions() -> list[Any]:
    if os.environ.get("GAMAO_PURE_PYTHON", "") not in ("", "0"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _warn("mypyc is not available")
        return []
    try:
        return list(mypycify(COMPILED, opt_level="3"))
    except (Exception, SystemExit) as exc:  # mypyc exits on a type error
        _warn(f"mypyc failed ({exc})")
        return []


def _extensions() -> list[Any]:
    extensions = _compiled_extensions()
    if not extensions:
        _remove_compiled()
    return extensions


class _OptionalBuildExt(build_ext):
    """``build_ext`` that, when any extension fails to build, removes the others too, so
    that no compiled module is left depending on a missing one, and goes on pure."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # a missing compiler or header, a compile error
            _warn(f"compiling failed ({exc})")
            for output in self.get_outputs():
                Path(output).unlink(missing_ok=True)
            _remove_compiled()
            self.extensions = []


setup(ext_modules=_extensions(), cmdclass={"build_ext": _OptionalBuildExt})
