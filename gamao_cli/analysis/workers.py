"""How many worker processes a run takes, and their pool (the local executor's:
:mod:`gamao_cli.analysis.executors.local`).

Workers are started with ``spawn``, a fresh interpreter each, never as a ``fork`` of this
process. A fork copies a process's locks but not its threads: if another thread held a lock
(rich refreshes its progress bar from a thread; polars runs a thread pool once it has
computed anything), the child can deadlock on it. Polars' documentation asks for ``spawn``
and Python 3.12 warns about forking a process that has threads. A spawned worker costs an
interpreter start and its imports, about 0.2 s once per run, in parallel.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gamao_cli.formats.inputs import InputFile

PARALLEL_BYTES = 2 << 20
"""Without ``--jobs``, worker processes are started only for inputs of at least this many
bytes, and only when a core is idle (:func:`idle_cores`): otherwise starting them (an
interpreter and gamao's imports each, the work and the results pickled to and fro) costs
more than they save. Measured with ``gamao check``, whole process, pure-Python build, on 2
cores busy with other work (load 7 to 9): 4 example files (40 KB) 3.96 s with 2 workers
against 1.83 s with one; the real corpus (118 files, 3.6 MB) 8.59 s against 5.27 s; eight
copies of it (29 MB) 31.2 s against 32.0 s. On an idle machine docs/performance.md's figures (300
gnubg matches, about 4 MB: 1.15 s with one, 0.88 s with two) put the two even at about 2 MB."""


def idle_cores(cores: int) -> float:
    """Cores not busy with other work: ``cores`` less the last minute's load average (all of
    them where the system does not say)."""
    try:
        return cores - os.getloadavg()[0]
    except (AttributeError, OSError):  # Windows: no load average
        return float(cores)


def default_jobs(jobs: int | None, items: Sequence[InputFile]) -> int:
    """``--jobs`` as given; without it, every core when ``items`` hold at least
    :data:`PARALLEL_BYTES` (their sizes summed until that is reached) and a core is idle,
    else 1: the default is never slower than ``--jobs 1`` on a small input or a busy
    machine."""
    if jobs is not None:
        return jobs
    cores = os.cpu_count() or 1
    total = 0
    for item in items:
        if cores == 1 or item.path is None:  # standard input is read in this process
            return 1
        if item.span is not None:
            total += item.span.end - item.span.start
        else:
            try:
                total += os.stat(item.path).st_size
            except OSError:  # reported when it is read
                continue
        if total >= PARALLEL_BYTES:
            return cores if idle_cores(cores) >= 1 else 1
    return 1


def per_file_jobs(jobs: int | None, items: Sequence[InputFile]) -> int:
    """``--jobs`` for work heavy for its size (skill analysis): as given, else every core;
    never more than one a file."""
    return min(jobs or os.cpu_count() or 1, max(1, len(items)))


def worker_pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of ``jobs`` worker processes started with ``spawn``."""
    return ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn"))
