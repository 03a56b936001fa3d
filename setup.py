"""Build step: compile the hot paths (readers, engine, replay) with mypyc, else pure Python.

Everything else about the package is in ``pyproject.toml``. The modules in
:data:`COMPILED` are ordinary, fully typed Python; mypyc (part of mypy, a build requirement)
turns them into C extensions: ``.mat`` reading is about 15% faster, SGF reading 25%, legal
play generation 50% and validation 85% (README, Performance). The compiled and the pure
modules behave the same: ``make test`` runs the whole suite against both.

The build also compiles the message catalogues (``gamao_cli/locale/*/LC_MESSAGES/gamao.po``)
to ``gamao.mo`` beside them in the build (in the source tree for an editable install), with
Babel (a build requirement) or, without it, the package's own small msgfmt.

Set ``GAMAO_PURE_PYTHON=1`` to skip compiling the modules (the catalogues are always
built). Without mypyc or a C compiler, or when a build fails, the package installs as pure
Python with a warning instead of failing. A pure install removes the compiled modules an
earlier editable install left beside the sources.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def _module_from(path: Path, name: str) -> Any:
    """The module of one of the package's stdlib-only files, run without importing the
    package (its dependencies need not be installed yet)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


COMPILED: list[str] = _module_from(ROOT / "gamao_cli/build.py", "_gamao_build").compiled_sources()
"""The modules compiled (``gamao_cli.build.COMPILED_MODULES``, the one list of them): the
readers' and the replay's hot paths. Compiled code calls the functions of these modules
directly, so a test cannot replace one by patching its module."""


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


def _compile_catalogue(po: Path, mo: Path) -> None:
    """Compile one ``.po`` to ``.mo``: Babel's compiler, else gamao_cli/msgfmt.py."""
    mo.parent.mkdir(parents=True, exist_ok=True)
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError:
        _module_from(ROOT / "gamao_cli/msgfmt.py", "_gamao_msgfmt").compile_po(po, mo)
        return
    with po.open("rb") as fh:
        catalog = read_po(fh)
    with mo.open("wb") as out:
        write_mo(out, catalog)



class _BuildPyWithCatalogues(build_py):
    """``build_py`` that also compiles the gettext catalogues into the build."""

    def run(self) -> None:
        super().run()
        editable = bool(getattr(self, "editable_mode", False))
        for po in sorted((ROOT / "gamao_cli" / "locale").glob("*/LC_MESSAGES/*.po")):
            relative = po.relative_to(ROOT).with_suffix(".mo")
            target = ROOT / relative if editable else Path(self.build_lib) / relative
            _compile_catalogue(po, target)


setup(
    ext_modules=_extensions(),
    cmdclass={"build_ext": _OptionalBuildExt, "build_py": _BuildPyWithCatalogues},
)
