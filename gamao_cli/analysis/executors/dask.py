"""The Dask executor: work units as tasks on a ``distributed`` cluster.

With no scheduler address a ``LocalCluster`` of ``jobs`` single-threaded worker processes is
started for the run (and stopped after it); with one, the run is a client of that cluster.
Each unit is one task (``pure=False``: run every time, never taken from an earlier result),
retried on another worker if its worker dies. Results come back in input order. A unit
that raises is an error of the run: gamao's unit functions do not raise on bad input (it
becomes a finding), so such an error is a bug and is not hidden.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from types import TracebackType
from typing import Any, TypeVar

from gamao_cli.analysis.executors import ExecutorError

T = TypeVar("T")
R = TypeVar("R")

RETRIES = 3
"""How many times a unit is run again when the worker running it dies."""

CONNECT_TIMEOUT = "20s"
"""How long to wait for a scheduler given by address."""


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
                self.cluster = LocalCluster(
                    n_workers=self.jobs,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=":0",
                )
                self.client = Client(self.cluster)
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
    ) -> Iterator[R]:
        if serial or not work:
            for item in work:
                yield fn(item)
                if progress:
                    progress(1)
            return
        if self.client is None:
            raise ExecutorError("the dask executor is used outside its 'with' block")
        futures = self.client.map(fn, list(work), pure=False, retries=RETRIES)
        try:
            for future in futures:
                yield future.result()
                if progress:
                    progress(1)
        finally:
            self.client.cancel(futures)
