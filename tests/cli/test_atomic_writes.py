"""Every file a command writes appears whole or not at all (formats.atomic): a run whose
write fails half way, or whose input is unreadable, leaves no target and no temporary file;
``fix --in-place`` leaves the file as it was."""

from __future__ import annotations

import errno
import os
import shutil
import signal
import stat
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib import import_module
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from typer.testing import CliRunner

from gamao_cli.cli.app import app
from gamao_cli.cli.lazy import COMMANDS
from gamao_cli.formats import atomic

runner = CliRunner()
NO_SPACE = OSError(errno.ENOSPC, "No space left on device")


class _HalfWritten:
    """A file whose first write puts half its data down, then finds the disk full."""

    def __init__(self, fh: Any) -> None:
        self._fh = fh

    def write(self, data: Any) -> int:
        self._fh.write(data[: max(1, len(data) // 2)])
        raise NO_SPACE

    def __getattr__(self, name: str) -> Any:
        return getattr(self._fh, name)


def _failing(suffix: str) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """atomic_open and atomic_path, the real ones, whose writes into targets ending in
    ``suffix`` fail half way."""
    real_open, real_path = atomic.atomic_open, atomic.atomic_path

    @contextmanager
    def opener(target: Path, *args: Any, **kwargs: Any) -> Iterator[Any]:
        with real_open(target, *args, **kwargs) as fh:
            yield _HalfWritten(fh) if target.name.endswith(suffix) else fh

    @contextmanager
    def pather(target: Path) -> Iterator[Path]:
        with real_path(target) as temporary:
            yield temporary
            if target.name.endswith(suffix):
                raise NO_SPACE

    return opener, pather


def _inject(monkeypatch: pytest.MonkeyPatch, suffix: str) -> None:
    """Failing writes wherever a command module took atomic_open or atomic_path."""
    writers = (  # the modules below the CLI that write files, imported by commands lazily
        "gamao_cli.analysis.match_output",
        "gamao_cli.analysis.repair_output",
        "gamao_cli.analysis.dedupe_copies",
    )
    for module in {*COMMANDS.values(), *writers}:
        import_module(module)
    real_open, real_path = atomic.atomic_open, atomic.atomic_path
    opener, pather = _failing(suffix)
    for name, module in list(sys.modules.items()):
        if not name.startswith("gamao_cli"):
            continue
        if getattr(module, "atomic_open", None) is real_open:
            monkeypatch.setattr(module, "atomic_open", opener)
        if getattr(module, "atomic_path", None) is real_path:
            monkeypatch.setattr(module, "atomic_path", pather)


def _files(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())


# (arguments with {t} for the temporary directory, the suffix whose writes fail, the files
# that may remain: written whole before the failing one)
CASES: dict[str, tuple[list[str], str, list[str]]] = {
    "convert one file": (
        ["convert", "examples/gnubg_7pt.mat", "--to", "json", "-o", "{t}/out.json"], "", []
    ),
    "convert jsonl": (["convert", "examples", "--to", "jsonl", "-o", "{t}/all.jsonl"], "", []),
    "convert dir": (["convert", "examples", "--to", "sgf", "-o", "{t}/out", "-j", "1"], "", []),
    "fix -o": (["fix", "examples", "-o", "{t}/out"], "", []),
    "split": (["split", "examples", "-o", "{t}/out"], "", []),
    "split by player": (["split", "examples", "-o", "{t}/out", "--by", "player"], "", []),
    "merge": (["merge", "examples", "-o", "{t}/all.mat"], "", []),
    "filter copies": (
        ["filter", "examples", "-o", "{t}/out", "--rejected", "{t}/rej", "-w", "length >= 7"],
        "", [],
    ),
    "filter converts": (
        ["filter", "examples", "-o", "{t}/out", "-w", "length >= 7", "--to", "json"], "", []
    ),
    "report html": (["report", "examples/gnubg_7pt.mat", "-o", "{t}/r.html"], "", []),
    "report md": (["report", "examples/gnubg_7pt.mat", "-o", "{t}/r.md", "-f", "md"], "", []),
    "report charts": (
        ["report", "examples/gnubg_7pt.mat", "-o", "{t}/r.html", "--charts", "{t}/charts"],
        ".svg",
        ["r.html"],
    ),
    "stats csv": (["stats", "examples", "-o", "{t}/s.csv", "-f", "csv"], "", []),
    "stats parquet": (["stats", "examples", "-o", "{t}/s.parquet", "-f", "parquet"], "", []),
    "dedupe": (["dedupe", "examples", "examples", "-o", "{t}/d.json", "-f", "json"], "", []),
    "dedupe --write-dupes": (["dedupe", "examples", "examples", "--write-dupes", "{t}/d"], "", []),
    "check": (["check", "examples", "-o", "{t}/c.json", "-f", "json"], "", []),
    "check text": (["check", "examples", "-o", "{t}/c.txt"], "", []),
    "analyse": (["analyse", "examples/gnubg_7pt.sgf", "-o", "{t}/a.csv", "-f", "csv"], "", []),
    "analyse parquet": (
        ["analyse", "examples/gnubg_7pt.sgf", "-o", "{t}/a.parquet", "-f", "parquet"], "", []
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_write_failing_half_way_leaves_nothing(
    case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    args, suffix, remaining = CASES[case]
    _inject(monkeypatch, suffix)
    result = runner.invoke(app, [a.replace("{t}", str(tmp_path)) for a in args])
    assert result.exit_code == 2, result.output
    assert "cannot write" in result.stderr  # a message, not a traceback
    assert _files(tmp_path) == remaining


def test_stats_tables_failing_shard_leaves_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def half(self: pl.DataFrame, out: Any, **kwargs: Any) -> None:
        out.write(b"PAR1")
        raise NO_SPACE

    monkeypatch.setattr(pl.DataFrame, "write_parquet", half)
    result = runner.invoke(app, ["stats", "examples", "--tables", str(tmp_path / "t"), "-j", "1"])
    assert result.exit_code != 0
    # The manifest (written first, complete: false) stays for --resume; no shard, no temporary.
    assert _files(tmp_path) == ["t/manifest.json"]


def test_convert_of_an_unreadable_file_writes_nothing(tmp_path: Path) -> None:
    bad = tmp_path / "bad.xg"
    bad.write_bytes(b"RGMH" + b"\x00" * 200)
    out = tmp_path / "out.json"
    result = runner.invoke(app, ["convert", str(bad), "--to", "json", "-o", str(out)])
    assert result.exit_code == 2
    assert _files(tmp_path) == ["bad.xg"]  # no empty out.json


def test_fix_in_place_keeps_the_file_when_the_write_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    copy = tmp_path / "m.mat"
    shutil.copyfile("examples/illegal_plays.mat", copy)
    copy.chmod(0o640)
    before = copy.read_bytes()
    _inject(monkeypatch, ".mat")
    result = runner.invoke(app, ["fix", str(copy), "--in-place"])
    assert result.exit_code == 2
    assert copy.read_bytes() == before
    assert _files(tmp_path) == ["m.mat"]
    monkeypatch.undo()
    assert runner.invoke(app, ["fix", str(copy), "--in-place"]).exit_code == 1
    assert copy.read_bytes() != before  # repaired this time (X404 Wins 2 -> Wins 1) ...
    assert b"Wins 1 point" in copy.read_bytes()
    assert stat.S_IMODE(copy.stat().st_mode) == 0o640  # ... keeping its mode
    assert _files(tmp_path) == ["m.mat"]


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or os.name != "posix", reason="POSIX signals")
def test_sigterm_mid_write_leaves_nothing(tmp_path: Path) -> None:
    from gamao_cli.cli.app import _terminate_cleanly

    previous = signal.getsignal(signal.SIGTERM)
    try:
        _terminate_cleanly()  # what gamao's main() does first
        with pytest.raises(SystemExit) as stopped, atomic.atomic_open(tmp_path / "o.jsonl") as fh:
            fh.write("{}\n" * 1000)
            os.kill(os.getpid(), signal.SIGTERM)
            fh.write("never\n")  # the handler runs before this line
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert stopped.value.code == 128 + signal.SIGTERM
    assert _files(tmp_path) == []
