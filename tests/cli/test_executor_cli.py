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
