"""Where the work of a batch command runs: this machine's process pool, or a Dask cluster.

Both executors have one small interface, :class:`Executor`: ``map(fn, work)`` yields
``fn(item)`` for every item, **in input order**, whatever order the work finishes in, so a
command's output does not depend on where it ran. ``fn`` and the items must pickle (``fn`` a
module-level function). Use an executor as a context manager: it starts its workers on
entry and stops them on exit.

* :class:`LocalExecutor` (the default): ``jobs`` spawned worker processes on this machine
  (``jobs`` 1: in this process).
* :class:`DaskExecutor`: a Dask ``distributed`` cluster, the one at ``scheduler`` (an address
  such as ``tcp://10.0.0.5:8786``, or the ``GAMAO_SCHEDULER`` environment variable) or, with
  none, a ``LocalCluster`` of ``jobs`` worker processes started for the run. A unit whose
  worker dies is run again on another (Dask's retries). Dask is an optional dependency
  (``pip install 'gamao-cli[distributed]'``), imported only when this executor is used.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from types import TracebackType
from typing import Protocol, TypeVar

T = TypeVar("T")
R = TypeVar("R")

SCHEDULER_ENV = "GAMAO_SCHEDULER"


class Executor(Protocol):
    name: str

    def map(
        self,
        fn: Callable[[T], R],
        work: Sequence[T],
        *,
        serial: bool = False,
        progress: Callable[[int], None] | None = None,
    ) -> Iterator[R]:
        """``fn`` over ``work``, in input order; ``serial``: run in this process."""
        ...

    def __enter__(self) -> Executor: ...

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None: ...


class ExecutorError(RuntimeError):
    """An executor that cannot start (Dask not installed, a scheduler that does not answer)."""


def make_executor(
    kind: str = "local",
    jobs: int = 1,
    scheduler: str | None = None,
    notice: Callable[[str], None] | None = None,
) -> Executor:
    """The executor called ``kind`` (``local`` or ``dask``). ``notice`` receives one-line
    messages for the user (the Dask dashboard's address)."""
    from gamao_cli.analysis.executors.local import LocalExecutor

    if kind == "local":
        return LocalExecutor(jobs)
    if kind == "dask":
        from gamao_cli.analysis.executors.dask import DaskExecutor

        return DaskExecutor(jobs, scheduler or os.environ.get(SCHEDULER_ENV) or None, notice)
    raise ExecutorError(f"unknown executor {kind!r} (known: local, dask)")


__all__ = ["SCHEDULER_ENV", "Executor", "ExecutorError", "make_executor"]
