"""The executors of this machine: in this process, or in spawned worker processes
(:mod:`gamao_cli.analysis.workers`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from types import TracebackType
from typing import TypeVar

from gamao_cli.analysis.executors import in_process
from gamao_cli.analysis.workers import worker_pool

T = TypeVar("T")
R = TypeVar("R")


class SerialExecutor:
    """Every unit in this process, one after the other (nothing pickled)."""

    name = "local"
    jobs = 1

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
        return in_process(fn, work, progress, size)

    def __enter__(self) -> SerialExecutor:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        return None


SERIAL = SerialExecutor()
"""The executor of the library's functions when none is given."""


class ProcessExecutor:
    """``jobs`` worker processes, started with ``spawn`` at the first unit that needs them
    and kept until the executor's exit (a command that maps twice starts them once). A map
    of one unit runs it in this process. Call under ``if __name__ == "__main__":``."""

    name = "local"

    def __init__(self, jobs: int = 2) -> None:
        self.jobs = max(1, jobs)
        self.pool: ProcessPoolExecutor | None = None

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
        if serial or self.jobs <= 1 or len(work) <= 1:
            return in_process(fn, work, progress, size)
        return self._pooled(fn, work, progress, size, chunk)

    def _pooled(
        self,
        fn: Callable[[T], R],
        work: Sequence[T],
        progress: Callable[[int], None] | None,
        size: Callable[[R], int] | None,
        chunk: int | None,
    ) -> Iterator[R]:
        if self.pool is None:
            self.pool = worker_pool(self.jobs)
        chunk = chunk or max(1, min(16, len(work) // (self.jobs * 4)))
        for result in self.pool.map(fn, work, chunksize=chunk):
            yield result
            if progress:
                progress(1 if size is None else size(result))

    def __enter__(self) -> ProcessExecutor:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = None
