"""Every command that fans out runs its work units on the one executor chosen from --jobs,
--executor and --scheduler, and says the same in this process as in two workers."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from gamao_cli.analysis import executors
from gamao_cli.analysis.executors.local import SerialExecutor
from gamao_cli.cli.app import app

runner = CliRunner()
GNUBG = ["tests/fixtures/gnubg/m01_s1.mat", "tests/fixtures/gnubg/m01_s2.mat"]


class _Recording(SerialExecutor):
    """This process's executor, noting every map: the unit function's name and the units."""

    def __init__(self, jobs: int, log: list[tuple[str, int]]) -> None:
        self.asked = jobs
        self.log = log

    def map(
        self,
        fn: Callable[[Any], Any],
        work: Sequence[Any],
        *,
        serial: bool = False,
        progress: Callable[[int], None] | None = None,
        size: Callable[[Any], int] | None = None,
        chunk: int | None = None,
    ) -> Iterator[Any]:
        self.log.append((fn.__name__, len(work)))
        return super().map(fn, work, serial=serial, progress=progress, size=size, chunk=chunk)


def _recorded(
    monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> tuple[list[tuple[str, int, str | None]], list[tuple[str, int]]]:
    """The executors ``gamao ARGS`` made (kind, jobs, scheduler) and the maps it ran."""
    made: list[tuple[str, int, str | None]] = []
    log: list[tuple[str, int]] = []

    def make(
        kind: str = "local",
        jobs: int = 1,
        scheduler: str | None = None,
        notice: Callable[[str], None] | None = None,
    ) -> _Recording:
        made.append((kind, jobs, scheduler))
        return _Recording(jobs, log)

    monkeypatch.setattr(executors, "make_executor", make)
    result = runner.invoke(app, args)
    assert result.exit_code in (0, 1), result.stderr
    return made, log


def test_every_command_that_fans_out_maps_its_units_on_the_one_executor(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # examples/ holds 4 files (about 60 KB): below 2 MB, so one job without --jobs.
    cases: list[tuple[list[str], list[tuple[str, int]]]] = [
        (["check", "examples"], [("_check_one", 4)]),
        (["stats", "examples", "-f", "csv"], [("_fold_remote", 4)]),  # 4 files: a unit each
        (["report", "examples", "-o", str(tmp_path / "r.html")], [("read_batch", 4)]),
        (
            ["convert", "examples", "--to", "json", "-o", str(tmp_path / "c")],
            [("convert_small", 4)],
        ),
        (["dedupe", "examples", "-f", "json"], [("_occurrences", 0), ("_occurrences", 4)]),
        (["filter", "examples", "--where", "length >= 1"], [("_select_file", 4)]),
        # 60 KB in units of 4 MB: one unit
        (["stats", "examples", "--tables", str(tmp_path / "ds")], [("write_unit", 1)]),
        (["analyse", *GNUBG, "--engine", "recorded", "-f", "csv"], [("_analyse_one", 2)]),
    ]
    for args, maps in cases:
        made, log = _recorded(monkeypatch, [*args, "--jobs", "2"])
        assert (made, log) == ([("local", 2, None)], maps), args
    made, log = _recorded(monkeypatch, ["check", "examples", "--executor", "dask",
                                        "--scheduler", "tcp://10.0.0.5:8786"])  # fmt: skip
    assert (made, log) == ([("dask", 1, "tcp://10.0.0.5:8786")], [("_check_one", 4)])
    # --skill: the skill pass (one unit a file) on an executor of its own, every core by
    # default but never more than one a file.
    pytest.importorskip("bgsage")
    made, log = _recorded(monkeypatch, ["stats", *GNUBG, "--skill", "-f", "csv", "--jobs", "3"])
    assert made == [("local", 3, None), ("local", 2, None)]
    assert log == [("_fold_remote", 2), ("_analyse_one", 2)]


def _outputs(args: list[str], jobs: str, tmp_path: Path) -> tuple[int, str, dict[str, bytes]]:
    out = tmp_path / f"jobs{jobs}"
    out.mkdir()
    given = [a.replace("OUT", str(out)) for a in args]
    result = runner.invoke(app, [*given, "--jobs", jobs])
    written = {str(p.relative_to(out)): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    return result.exit_code, result.stdout, written


@pytest.mark.parametrize(
    "args",
    [
        ["check", "examples", "tests/fixtures/gnubg", "-f", "jsonl"],
        ["stats", "examples", "tests/fixtures/gnubg", "--by", "match", "-f", "csv"],
        ["convert", "examples", "tests/fixtures/gnubg", "--to", "mat", "-o", "OUT"],
        ["dedupe", "examples", "tests/fixtures/gnubg", "-f", "json"],
        ["filter", "examples", "tests/fixtures/gnubg", "--where", "length >= 5", "-o", "OUT"],
    ],
    ids=lambda args: args[0],
)
def test_one_job_and_two_worker_processes_say_the_same(args: list[str], tmp_path: Path) -> None:
    serial = _outputs(args, "1", tmp_path)
    pooled = _outputs(args, "2", tmp_path)
    assert pooled == serial
    code, stdout, written = serial
    assert code in (0, 1) and (stdout.count("\n") >= 5 or len(written) >= 5)
