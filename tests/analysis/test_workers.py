from pathlib import Path

import pytest

from gamao_cli.analysis.workers import worker_pool

STATE = {"value": "as imported"}


def _state(_: int) -> str:
    return STATE["value"]


def test_workers_are_fresh_interpreters_not_forks() -> None:
    """A forked worker would see the parent's change; a spawned one imports the module anew."""
    STATE["value"] = "changed in the parent"
    try:
        with worker_pool(2) as pool:
            assert list(pool.map(_state, range(4))) == ["as imported"] * 4
    finally:
        STATE["value"] = "as imported"


def test_default_jobs_start_workers_only_for_large_inputs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gamao_cli.analysis import workers
    from gamao_cli.formats.inputs import InputFile
    from gamao_cli.formats.ranges import ByteRange

    monkeypatch.setattr(workers.os, "cpu_count", lambda: 8)
    monkeypatch.setattr(workers.os, "getloadavg", lambda: (6.5, 0.0, 0.0))  # 1.5 cores idle
    monkeypatch.setattr(workers, "PARALLEL_BYTES", 1000)
    small, large = tmp_path / "small.mat", tmp_path / "large.mat"
    small.write_bytes(b"x" * 400)
    large.write_bytes(b"x" * 700)
    s, lg = InputFile("small.mat", small), InputFile("large.mat", large)
    assert workers.default_jobs(None, [s]) == 1  # 400 bytes
    assert workers.default_jobs(None, [s, s]) == 1  # 800
    assert workers.default_jobs(None, [s, lg]) == 8  # 1100: every core
    assert workers.default_jobs(3, [s]) == 3  # --jobs as given, whatever the size
    assert workers.default_jobs(None, [InputFile("gone", tmp_path / "gone"), lg, s]) == 8
    assert workers.default_jobs(None, [InputFile("-", None), lg, lg]) == 1  # stdin: serial
    part = InputFile("large.mat", large, span=ByteRange(0, 100, 0, 0))
    assert workers.default_jobs(None, [part, lg]) == 1  # 100 + 700: a range counts its bytes
    monkeypatch.setattr(workers.os, "getloadavg", lambda: (7.5, 8.0, 8.0))  # less than 1 idle
    assert workers.default_jobs(None, [lg, lg]) == 1  # a busy machine: workers would not pay
    assert workers.default_jobs(2, [lg, lg]) == 2
    monkeypatch.setattr(workers.os, "cpu_count", lambda: 1)
    assert workers.default_jobs(None, [lg, lg]) == 1  # one core: never a pool
