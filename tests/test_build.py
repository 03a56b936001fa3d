"""The compiled build (setup.py, gamao_cli.build): what it compiles, that a build in use is
current, and that GAMAO_PURE_PYTHON imports the pure-Python modules instead."""

from __future__ import annotations

import ast
import importlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gamao_cli.build import (
    COMPILED_MODULES,
    PURE_ENV,
    build_name,
    compiled_sources,
    pure_requested,
)

ROOT = Path(__file__).resolve().parents[1]


def _makefile_sources() -> list[str]:
    """The Makefile's COMPILED, as make expands it (``make -p`` prints its variables)."""
    done = subprocess.run(
        ["make", "-pnq", "-C", str(ROOT), "setup"], capture_output=True, text=True, check=False
    )
    (line,) = [line for line in done.stdout.splitlines() if line.startswith("COMPILED :=")]
    return line.removeprefix("COMPILED :=").split()


def _setup_compiled() -> ast.expr:
    """The value setup.py gives its COMPILED."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "COMPILED":
            assert node.value is not None
            return node.value
    raise AssertionError("setup.py has no COMPILED")


def test_the_package_lists_the_compiled_modules_once() -> None:
    sources = compiled_sources()
    assert sources[:3] == [
        "gamao_cli/formats/mat/reader.py",
        "gamao_cli/formats/mat/lines.py",
        "gamao_cli/model/notation.py",
    ]
    assert len(sources) == 40 == len(set(sources))
    assert all((ROOT / source).is_file() for source in sources)
    call = _setup_compiled()
    assert isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
    assert call.func.attr == "compiled_sources"


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
def test_the_makefile_rebuilds_on_the_compiled_modules() -> None:
    assert _makefile_sources() == compiled_sources()


@pytest.mark.parametrize("source", compiled_sources())
def test_the_build_in_use_is_current(source: str) -> None:
    """A compiled module is imported in place of its source: one older than its source
    would silently run old code. ``make test`` rebuilds when a compiled source changes."""
    module = importlib.import_module(source.removesuffix(".py").replace("/", "."))
    loaded = Path(module.__file__ or "")
    if pure_requested():
        assert loaded == ROOT / source
        return
    if loaded.suffix == ".py":
        pytest.skip(f"{source} is not compiled (no mypyc or C compiler at install)")
    assert loaded.stat().st_mtime >= (ROOT / source).stat().st_mtime, (
        f"{loaded.name} is older than {source}: rebuild it (make setup)"
    )


def _in_fresh_python(code: str, pure: str) -> str:
    env = {**os.environ, PURE_ENV: pure}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


_SHOW = (
    "import gamao_cli.build as b, gamao_cli.formats.mat.reader as r, pathlib; "
    "print(b.reader_build(), pathlib.Path(r.__file__).name)"
)


def test_pure_python_variable_imports_the_sources() -> None:
    assert _in_fresh_python(_SHOW, "1") == "pure Python reader.py"


def test_reader_build_names_the_module_in_use() -> None:
    build, _, name = _in_fresh_python(_SHOW, "0").rpartition(" ")
    assert name.startswith("reader.")
    assert build == ("pure Python" if name == "reader.py" else "compiled")


def test_version_names_the_build() -> None:
    env = {**os.environ, PURE_ENV: "1"}
    done = subprocess.run(
        [sys.executable, "-m", "gamao_cli", "--version"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout == "gamao 0.1.0 (pure Python)\n"


def test_build_name_agrees_with_the_modules_in_use() -> None:
    sources = [importlib.import_module(name).__file__ or "" for name in COMPILED_MODULES]
    pure = [source.endswith(".py") for source in sources]
    expected = "pure Python" if all(pure) else "partly compiled" if any(pure) else "compiled"
    assert build_name() == expected
    if pure_requested():
        assert expected == "pure Python"


_NAME_ONLY = (
    "import sys\n"
    "from gamao_cli.build import build_name\n"
    "name = build_name()\n"
    "print(name, 'gamao_cli.engine.validate' in sys.modules)\n"
)


@pytest.mark.parametrize("pure", ["0", "1"])
def test_build_name_looks_the_modules_up_without_running_them(pure: str) -> None:
    """``gamao --version`` answers without loading the engine (30 ms of a start), and still
    names the build the modules would be imported from."""
    name, loaded = _in_fresh_python(_NAME_ONLY, pure).rsplit(" ", 1)
    assert loaded == "False"
    expected = _in_fresh_python(
        "from gamao_cli.build import COMPILED_MODULES, build_name\n"
        "import importlib\n"
        "for m in COMPILED_MODULES: importlib.import_module(m)\n"
        "print(build_name())\n",
        pure,
    )
    assert name == expected
    if pure == "1":
        assert name == "pure Python"
