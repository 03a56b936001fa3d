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
from concurrent.futures import ProcessPoolExecutor


def worker_pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of ``jobs`` worker processes started with ``spawn``."""
    return ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn"))
