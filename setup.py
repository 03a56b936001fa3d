"""Build step: compile the ``.mat`` reading path with mypyc, falling back to pure Python.

Everything else about the package is in ``pyproject.toml``. The modules in
:data:`COMPILED` are ordinary, fully typed Python; mypyc (part of mypy, a build requirement)
turns them into C extensions, which read ``.mat`` text about 18% faster (README,
Performance). The compiled and the pure modules behave the same (the test suite runs the
reader tests both ways: ``make test``).

Set ``GAMAO_PURE_PYTHON=1`` to skip compiling. Without mypyc or a C compiler, or when a
build fails, the package installs as pure Python with a warning instead of failing.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

COMPILED = [
    "gamao_cli/formats/mat_reader.py",
    "gamao_cli/formats/mat_lines.py",
    "gamao_cli/model/notation.py",
]
"""The modules compiled: the reader's hot path. Tests that patch module attributes must not
target them (compiled code calls its own functions directly)."""


def _warn(message: str) -> None:
    message = " ".join(message.split())
    if len(message) > 300:
        message = message[:297] + "..."
    print(f"gamao build: {message}; installing pure Python", file=sys.stderr)


def _extensions() -> list[Any]:
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
            self.extensions = []


setup(ext_modules=_extensions(), cmdclass={"build_ext": _OptionalBuildExt})
