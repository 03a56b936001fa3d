"""The process pool that reads, checks and tabulates files in parallel.

Workers are started with ``spawn``, a fresh interpreter each, never as a ``fork`` of this
process. A fork copies a process's locks but not its threads: if another thread held a lock
(rich refreshes its progress bar from a thread; polars runs a thread pool once it has
computed anything), the child can deadlock on it. Polars' documentation asks for ``spawn``
and Python 3.12 warns about forking a process that has threads. A spawned worker costs an
interpreter start and its imports, about 0.2 s once per run, in parallel.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


def worker_pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of ``jobs`` worker processes started with ``spawn``."""
    return ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn"))


def map_in_order(
    fn: Callable[[T], R],
    work: Sequence[T],
    jobs: int,
    *,
    serial: bool = False,
    progress: Callable[[int], None] | None = None,
) -> Iterator[R]:
    """``fn`` over ``work``, results in input order: in this process when ``serial``, ``jobs``
    is 1 or there is one item, else in a pool of spawned workers (``fn`` and the items must
    pickle; call under ``if __name__ == "__main__":``). ``progress(1)`` after each item."""
    if serial or jobs <= 1 or len(work) <= 1:
        for args in work:
            yield fn(args)
            if progress:
                progress(1)
        return
    chunk = max(1, min(16, len(work) // (jobs * 4)))
    with worker_pool(jobs) as pool:
        for result in pool.map(fn, work, chunksize=chunk):
            yield result
            if progress:
                progress(1)
