"""The compiled build (setup.py, gamao_cli.build): what it compiles, that a build in use is
current, and that GAMAO_PURE_PYTHON imports the pure-Python modules instead."""

from __future__ import annotations

import ast
import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gamao_cli.build import COMPILED_MODULES, PURE_ENV, build_name, pure_requested

ROOT = Path(__file__).resolve().parents[1]


def _compiled_sources() -> list[str]:
    tree = ast.parse((ROOT / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "COMPILED":
            value = ast.literal_eval(node.value)
            assert isinstance(value, list)
            return value
    raise AssertionError("setup.py has no COMPILED list")


def _makefile_sources() -> list[str]:
    text = (ROOT / "Makefile").read_text().replace("\\\n", " ")
    (line,) = [line for line in text.splitlines() if line.startswith("COMPILED :=")]
    return line.removeprefix("COMPILED :=").split()


def test_setup_the_makefile_and_the_package_name_the_same_modules() -> None:
    sources = _compiled_sources()
    assert sources[:3] == [
        "gamao_cli/formats/mat_reader.py",
        "gamao_cli/formats/mat_lines.py",
        "gamao_cli/model/notation.py",
    ]
    assert len(sources) == 29
    assert _makefile_sources() == sources
    assert [s.removesuffix(".py").replace("/", ".") for s in sources] == list(COMPILED_MODULES)
    assert all((ROOT / source).is_file() for source in sources)


@pytest.mark.parametrize("source", _compiled_sources())
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
    "import gamao_cli.build as b, gamao_cli.formats.mat_reader as r, pathlib; "
    "print(b.reader_build(), pathlib.Path(r.__file__).name)"
)


def test_pure_python_variable_imports_the_sources() -> None:
    assert _in_fresh_python(_SHOW, "1") == "pure Python mat_reader.py"


def test_reader_build_names_the_module_in_use() -> None:
    build, _, name = _in_fresh_python(_SHOW, "0").rpartition(" ")
    assert name.startswith("mat_reader.")
    assert build == ("pure Python" if name == "mat_reader.py" else "compiled")


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
