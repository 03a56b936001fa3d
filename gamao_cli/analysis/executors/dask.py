"""The Dask executor: work units as tasks on a ``distributed`` cluster.

With no scheduler address a ``LocalCluster`` of ``jobs`` single-threaded worker processes is
started for the run (and stopped after it); with one, the run is a client of that cluster.
Each unit is one task (``pure=False``: run every time, never taken from an earlier result),
retried on another worker if its worker dies. Results come back in input order. At most
:data:`AHEAD` tasks a worker thread are submitted ahead of the next result in order; results
are fetched as tasks complete, in any order, and released from the cluster at once: the
cluster holds a few units' results, never the run's, whatever the archive's size. On a
``LocalCluster`` the results come straight from the workers, not relayed by the scheduler. A
unit that raises is an error of the run: gamao's unit functions do not raise on bad input (it
becomes a finding), so such an error is a bug and is not hidden.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from types import TracebackType
from typing import Any, TypeVar

from gamao_cli.analysis.executors import ExecutorError, in_process

T = TypeVar("T")
R = TypeVar("R")

RETRIES = 3
"""How many times a unit is run again when the worker running it dies."""

AHEAD = 4
"""Tasks in flight for each worker thread: enough to keep every worker busy while results
are taken in order, few enough that results do not pile up on the workers."""

CONNECT_TIMEOUT = "20s"
"""How long to wait for a scheduler given by address."""

LOCAL_CONFIG = {"distributed.worker.profile.enabled": False}
"""Dask settings of the LocalCluster gamao starts (a cluster given by address keeps its own).
The workers' statistical profiler samples every thread's stack every 10 ms: on gamao's units,
pure Python, it cost about 9% of a unit's time (20,000 matches, 42 units, three runs each:
685-713 ms a unit with it, 621-650 without, 592-655 on the local executor)."""


class DaskExecutor:
    name = "dask"

    def __init__(
        self,
        jobs: int = 1,
        scheduler: str | None = None,
        notice: Callable[[str], None] | None = None,
    ) -> None:
        self.jobs = max(1, jobs)
        self.scheduler = scheduler
        self.notice = notice
        self.client: Any = None
        self.cluster: Any = None

    def __enter__(self) -> DaskExecutor:
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            raise ExecutorError(
                "the dask executor needs Dask: pip install 'gamao-cli[distributed]'"
            ) from None
        try:
            if self.scheduler:
                self.client = Client(self.scheduler, timeout=CONNECT_TIMEOUT)
            else:
                import dask

                with dask.config.set(LOCAL_CONFIG):  # the workers' nannies pass it on
                    self.cluster = LocalCluster(
                        n_workers=self.jobs,
                        threads_per_worker=1,
                        processes=True,
                        dashboard_address=":0",
                    )
                self.client = Client(self.cluster, direct_to_workers=True)
        except (OSError, TimeoutError) as exc:
            self.__exit__(None, None, None)
            where = self.scheduler or "a local cluster"
            raise ExecutorError(f"cannot start the dask executor on {where}: {exc}") from None
        link = getattr(self.client, "dashboard_link", None)
        if self.notice is not None and link:
            self.notice(f"dask dashboard: {link}")
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self.client is not None:
            self.client.close()
            self.client = None
        if self.cluster is not None:
            self.cluster.close()
            self.cluster = None

    def map(
        self,
        fn: Callable[[T], R],
        work: Sequence[T],
        *,
        serial: bool = False,
        progress: Callable[[int], None] | None = None,
        size: Callable[[R], int] | None = None,
        chunk: int | None = None,
    ) -> Iterator[R]:
        if serial or not work:
            return in_process(fn, work, progress, size)
        return self._submitted(fn, work, progress, size)

    def _submitted(
        self,
        fn: Callable[[T], R],
        work: Sequence[T],
        progress: Callable[[int], None] | None,
        size: Callable[[R], int] | None,
    ) -> Iterator[R]:
        if self.client is None:
            raise ExecutorError("the dask executor is used outside its 'with' block")
        from distributed import as_completed

        client = self.client
        items = list(work)
        threads = sum(client.nthreads().values()) or self.jobs
        window = max(2, AHEAD * threads)
        index: dict[str, int] = {}
        ready: dict[int, Any] = {}
        flowing = as_completed(with_results=True)
        ahead = taken = 0

        def refill() -> None:
            nonlocal ahead
            while ahead < len(items) and ahead - taken < window:
                future = client.submit(fn, items[ahead], pure=False, retries=RETRIES)
                index[future.key] = ahead
                flowing.add(future)
                ahead += 1

        refill()
        try:
            for future, result in flowing:
                ready[index.pop(future.key)] = result
                future.release()
                while taken in ready:
                    value = ready.pop(taken)
                    taken += 1
                    yield value
                    if progress:
                        progress(1 if size is None else size(value))
                refill()
        finally:
            flowing.clear()
