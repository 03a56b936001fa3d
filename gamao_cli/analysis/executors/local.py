"""The local executor: spawned worker processes on this machine (analysis.workers)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from types import TracebackType
from typing import TypeVar

from gamao_cli.analysis.workers import map_in_order

T = TypeVar("T")
R = TypeVar("R")


class LocalExecutor:
    name = "local"

    def __init__(self, jobs: int = 1) -> None:
        self.jobs = max(1, jobs)

    def map(
        self,
        fn: Callable[[T], R],
        work: Sequence[T],
        *,
        serial: bool = False,
        progress: Callable[[int], None] | None = None,
    ) -> Iterator[R]:
        return map_in_order(fn, work, self.jobs, serial=serial, progress=progress)

    def __enter__(self) -> LocalExecutor:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        return None
