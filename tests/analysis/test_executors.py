"""The local and Dask executors give the same answers; Dask survives a worker dying.

The Dask tests run a LocalCluster of two worker processes (one per module: starting one
takes a couple of seconds).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from gamao_cli.analysis.check import check_inputs, collect_inputs
from gamao_cli.analysis.corpus import byte_batches, read_corpus
from gamao_cli.analysis.executors import ExecutorError, make_executor
from gamao_cli.analysis.executors.local import SerialExecutor
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.formats.inputs import InputFile
from tests.helpers import FIXTURES, REPO

pytest.importorskip("distributed", reason="Dask is not installed (the 'distributed' extra)")


@pytest.fixture(scope="module")
def dask() -> Iterator[object]:
    with make_executor("dask", jobs=2) as executor:
        yield executor


def _inputs() -> list[InputFile]:
    """The project's own matches: the examples and the gnubg-made fixtures."""
    return collect_inputs([str(REPO / "examples"), str(FIXTURES / "gnubg")])


def test_check_on_dask_equals_the_local_run(dask: object) -> None:
    items = _inputs()
    local = list(check_inputs(items, CheckOptions()))
    remote = list(check_inputs(items, CheckOptions(), executor=dask))  # type: ignore[arg-type]
    assert [r.file for r in remote] == [i.name for i in items]
    assert remote == local


def test_tables_on_dask_equal_the_local_tables(dask: object) -> None:
    items = _inputs()
    options = CheckOptions(analyse_plays=True)
    local = read_corpus(items, options)
    remote = read_corpus(items, options, executor=dask)  # type: ignore[arg-type]
    for (name, a), (_, b) in zip(local.tables.items(), remote.tables.items(), strict=True):
        assert a.equals(b), name
    assert (remote.files, remote.unreadable) == (local.files, local.unreadable)


def _profiling() -> bool:
    import dask

    return bool(dask.config.get("distributed.worker.profile.enabled"))


def test_the_local_clusters_workers_run_without_the_statistical_profiler(dask: object) -> None:
    """Dask's profiler cost about 9% of a unit's time: gamao's LocalCluster turns it off in
    its workers, and leaves the calling process's configuration as it was."""
    client = dask.client  # type: ignore[attr-defined]
    assert client.run(_profiling) == dict.fromkeys(client.nthreads(), False)
    assert _profiling() is True


def _die_once(args: tuple[str, int]) -> int:
    """Kills the worker running it the first time it runs for a value, then succeeds."""
    marker, value = args
    flag = Path(f"{marker}.{value}")
    if value == 3 and not flag.exists():
        flag.write_text("died")
        os._exit(1)
    return value * value


def test_a_unit_whose_worker_dies_is_run_again(dask: object, tmp_path: Path) -> None:
    marker = str(tmp_path / "died")
    work = [(marker, v) for v in range(8)]
    got = list(dask.map(_die_once, work))  # type: ignore[attr-defined]
    assert got == [v * v for v in range(8)]
    assert Path(f"{marker}.3").read_text() == "died"


def _slow_first(args: tuple[str, int]) -> tuple[int, int]:
    """Early values take longest, so tasks finish in about the reverse of input order; each
    also returns how many tasks had started before it finished (files in ``folder``)."""
    import time

    folder, value = args
    Path(folder, f"started.{value}").write_text("")
    time.sleep(0.02 * (20 - value) if value < 20 else 0)
    return value, len(list(Path(folder).iterdir()))


def test_dask_results_come_in_input_order_with_a_bounded_window(
    dask: object, tmp_path: Path
) -> None:
    from gamao_cli.analysis.executors.dask import AHEAD

    work = [(str(tmp_path), v) for v in range(60)]
    got = list(dask.map(_slow_first, work))  # type: ignore[attr-defined]
    assert [v for v, _ in got] == list(range(60))
    window = AHEAD * 2  # two single-threaded workers
    # Task v is submitted only once result v - window has been taken, so no more than v +
    # window tasks had started when it ran; the first result is waited for the longest.
    assert all(started <= v + window for v, started in got)
    assert got[0][1] <= window


def test_local_executor_and_batches() -> None:
    with SerialExecutor() as ex:
        assert list(ex.map(abs, [-2, 3, -4])) == [2, 3, 4]
    items = [InputFile(f"f{i}", None) for i in range(3)]
    assert [len(b) for b in byte_batches(items, size=2)] == [1, 1, 1]  # stdin counts as full
    files = collect_inputs([str(REPO / "examples")])
    assert [len(b) for b in byte_batches(files, size=1 << 30)] == [len(files)]


def test_unknown_executor_and_unreachable_scheduler(monkeypatch: pytest.MonkeyPatch) -> None:
    from gamao_cli.analysis.executors import dask as module

    with pytest.raises(ExecutorError, match="unknown executor 'spark'"):
        make_executor("spark")
    monkeypatch.setattr(module, "CONNECT_TIMEOUT", "1s")
    unreachable = r"cannot start the dask executor on tcp://127\.0\.0\.1:9"
    with (
        pytest.raises(ExecutorError, match=unreachable),
        make_executor("dask", scheduler="tcp://127.0.0.1:9"),
    ):
        pass


def test_one_big_file_in_byte_ranges_on_dask_gives_the_whole_reads_tables(
    dask: object, tmp_path: Path
) -> None:
    sources = sorted((REPO / "examples").glob("*.mat"))
    path = tmp_path / "archive.mat"
    path.write_bytes(b"\n".join(p.read_bytes() for p in sources * 4))
    items = collect_inputs([str(path)])
    options = CheckOptions(analyse_plays=True)
    whole = read_corpus(items, options)
    cut = read_corpus(items, options, executor=dask, unit_bytes=8_000)  # type: ignore[arg-type]
    assert whole.tables.matches.height == 4 * len(sources)
    for (name, a), (_, b) in zip(whole.tables.items(), cut.tables.items(), strict=True):
        assert a.equals(b), name
    assert cut.files == 1
