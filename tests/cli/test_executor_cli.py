"""``--executor dask`` on the commands: the same output as the local executor."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamao_cli.cli.app import app

pytest.importorskip("distributed", reason="Dask is not installed (the 'distributed' extra)")
runner = CliRunner()


def test_check_and_stats_on_a_local_dask_cluster(tmp_path: Path) -> None:
    local = runner.invoke(app, ["check", "examples", "-f", "jsonl", "--jobs", "2"])
    dask = runner.invoke(app, ["check", "examples", "-f", "jsonl", "--jobs", "2",
                               "--executor", "dask"])  # fmt: skip
    assert (dask.exit_code, dask.stdout) == (local.exit_code, local.stdout)
    assert "dask dashboard: http://" in dask.stderr
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    runner.invoke(app, ["stats", "examples", "--by", "player", "-f", "csv", "-o", str(a)])
    result = runner.invoke(app, ["stats", "examples", "--by", "player", "-f", "csv", "-o", str(b),
                                 "--executor", "dask", "--jobs", "2"])  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert b.read_text() == a.read_text()
    bad = runner.invoke(app, ["check", "examples", "--scheduler", "tcp://127.0.0.1:9"])
    assert bad.exit_code == 2 and "--scheduler needs --executor dask" in bad.stderr


def test_convert_on_a_local_dask_cluster_writes_what_a_local_run_writes(tmp_path: Path) -> None:
    local = runner.invoke(app, ["convert", "examples", "tests/fixtures/gnubg", "--to", "jsonl",
                                "-o", str(tmp_path / "a.jsonl"), "--jobs", "2"])  # fmt: skip
    dask = runner.invoke(app, ["convert", "examples", "tests/fixtures/gnubg", "--to", "jsonl",
                               "-o", str(tmp_path / "b.jsonl"), "--jobs", "2",
                               "--executor", "dask"])  # fmt: skip
    # truth.json (a JSON document that is not a match) is skipped; no reader reports a problem
    assert (dask.exit_code, local.exit_code) == (0, 0)
    a, b = (tmp_path / "a.jsonl").read_text(), (tmp_path / "b.jsonl").read_text()
    assert a == b and a.count("\n") > 20
    strip = [line for line in dask.stderr.splitlines() if not line.startswith("dask dashboard")]
    assert strip == local.stderr.splitlines()
    for where, how in (("d", ["--executor", "dask"]), ("e", [])):
        folder = runner.invoke(app, ["convert", "examples", "--to", "sgf", "-o",
                                     str(tmp_path / where), "--jobs", "2", *how])  # fmt: skip
        assert folder.exit_code == 0, folder.stderr
    written = {p.name: p.read_text() for p in (tmp_path / "d").iterdir()}
    assert written == {p.name: p.read_text() for p in (tmp_path / "e").iterdir()}
    assert len(written) == 4


def test_analyse_on_a_local_dask_cluster_gives_the_local_records() -> None:
    pytest.importorskip("bgsage")
    args = ["analyse", "tests/fixtures/gnubg/m01_s1.mat", "tests/fixtures/gnubg/m01_s2.mat",
            "-f", "csv", "--by", "decision", "--jobs", "2"]  # fmt: skip
    local = runner.invoke(app, args)
    dask = runner.invoke(app, [*args, "--executor", "dask"])
    assert local.exit_code == dask.exit_code == 0, dask.stderr
    assert dask.stdout == local.stdout and local.stdout.count("\n") > 10
