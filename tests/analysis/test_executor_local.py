"""The executors of this machine: in this process and in worker processes; progress told."""

from __future__ import annotations

import os

from gamao_cli.analysis.executors import in_process, make_executor, tick
from gamao_cli.analysis.executors.local import ProcessExecutor, SerialExecutor


def _pid(value: int) -> tuple[int, int]:
    return value, os.getpid()


def test_local_with_one_job_runs_in_this_process_and_with_more_in_workers() -> None:
    serial = make_executor("local", jobs=1)
    assert isinstance(serial, SerialExecutor) and serial.jobs == 1
    with serial:
        assert list(serial.map(_pid, [3, 1, 2])) == [
            (3, os.getpid()),
            (1, os.getpid()),
            (2, os.getpid()),
        ]
    pooled = make_executor("local", jobs=2)
    assert isinstance(pooled, ProcessExecutor) and pooled.jobs == 2
    with pooled:
        first = list(pooled.map(_pid, list(range(20))))
        second = list(pooled.map(_pid, list(range(20, 40))))
        alone = list(pooled.map(_pid, [7]))  # one unit: not worth a worker
        kept = list(pooled.map(_pid, [8, 9], serial=True))  # standard input: this process
        assert pooled.pool is not None
    assert pooled.pool is None  # stopped on exit
    assert [v for v, _ in first + second] == list(range(40))  # input order
    workers = {pid for _, pid in first + second}
    # The same two workers answer both maps: they are started once for the executor's life.
    assert len(workers) <= 2 and os.getpid() not in workers
    assert alone == [(7, os.getpid())] and kept == [(8, os.getpid()), (9, os.getpid())]


def _ticking(n: int) -> int:
    """Tells ``n`` - 1 steps as it goes and returns ``n`` (its size)."""
    for _ in range(n - 1):
        tick()
    return n


def test_progress_is_each_results_size_told_as_it_goes_in_this_process() -> None:
    told: list[int] = []
    got = list(in_process(_ticking, [3, 1, 4], told.append, size=lambda n: n))
    assert got == [3, 1, 4]
    # 3: two ticks, then the rest (1); 1: no tick, then 1; 4: three ticks, then 1.
    assert told == [1, 1, 1, 1, 1, 1, 1, 1]
    told.clear()
    assert list(in_process(abs, [-2, 5], told.append)) == [2, 5]
    assert told == [1, 1]  # no size: one a unit
    tick()  # outside a unit: nothing to tell, no error
    with ProcessExecutor(2) as ex:
        told.clear()
        # In a worker the ticks go nowhere: each result's size is told after it.
        assert list(ex.map(_ticking, [3, 1, 4, 2], progress=told.append, size=int)) == [3, 1, 4, 2]
    assert told == [3, 1, 4, 2]
