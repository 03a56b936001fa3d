"""Where the work of a command runs: in this process, this machine's worker processes, or a
Dask cluster.

Every command that fans out hands its work units to one :class:`Executor`, chosen once from
its options (:func:`make_executor`); the code that plans and consumes the work is the same
whichever it is. ``map(fn, work)`` yields ``fn(item)`` for every item, **in input order**,
whatever order the work finishes in, as the results come (a caller that writes them as they
come holds a few at a time), so a command's output does not depend on where it ran. ``fn``
and the items must pickle (``fn`` a module-level function) for the executors that run them
elsewhere. Use an executor as a context manager: it starts its workers on entry (when it
has any) and stops them on exit.

* :class:`~gamao_cli.analysis.executors.local.SerialExecutor`: in this process (``--jobs 1``);
* :class:`~gamao_cli.analysis.executors.local.ProcessExecutor`: ``jobs`` spawned worker
  processes on this machine (:mod:`gamao_cli.analysis.workers`);
* :class:`~gamao_cli.analysis.executors.dask.DaskExecutor`: a Dask ``distributed`` cluster,
  the one at ``scheduler`` (an address such as ``tcp://10.0.0.5:8786``, or the
  ``GAMAO_SCHEDULER`` environment variable) or, with none, a ``LocalCluster`` of ``jobs``
  worker processes started for the run. A unit whose worker dies is run again on another
  (Dask's retries). Dask is an optional dependency (``pip install
  'gamao-cli[distributed]'``), imported only when this executor is used.

``map(..., serial=True)`` runs the work in this process on any executor (standard input,
which only this process can read). ``chunk``: how many units a worker process takes at once
(default: about four takes a job, at most 16 units each; 1 for units that are already runs
of files, whose results should come back one at a time). ``progress(n)`` is called after
each result, ``n`` being ``size(result)`` (1 without ``size``); a unit run in this process may
tell its progress as it goes with :func:`tick`, and only the rest is told after it.
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
    jobs: int
    """How many units run at once (1: in this process); the work is planned for it."""

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


_told: list[Callable[[int], None]] = []
"""The progress callback of the unit running in this process, if any (see :func:`tick`)."""


def tick(n: int = 1) -> None:
    """``n`` more of the running unit done: told at once when the unit runs in this process
    (its executor then tells only the rest after it), nothing in a worker."""
    if _told:
        _told[-1](n)


def in_process(
    fn: Callable[[T], R],
    work: Sequence[T],
    progress: Callable[[int], None] | None = None,
    size: Callable[[R], int] | None = None,
) -> Iterator[R]:
    """``fn`` over ``work`` in this process, one item after the other."""
    for item in work:
        if progress is None:
            yield fn(item)
            continue
        told = 0

        def told_now(n: int) -> None:
            nonlocal told
            told += n
            progress(n)

        _told.append(told_now)
        try:
            result = fn(item)
        finally:
            _told.pop()
        yield result
        rest = (1 if size is None else size(result)) - told
        if rest > 0:
            progress(rest)


def make_executor(
    kind: str = "local",
    jobs: int = 1,
    scheduler: str | None = None,
    notice: Callable[[str], None] | None = None,
) -> Executor:
    """The executor called ``kind`` (``local``: in this process with ``jobs`` 1, else in
    ``jobs`` worker processes; ``dask``). ``notice`` receives one-line messages for the user
    (the Dask dashboard's address)."""
    from gamao_cli.analysis.executors.local import ProcessExecutor, SerialExecutor

    if kind == "local":
        return SerialExecutor() if jobs <= 1 else ProcessExecutor(jobs)
    if kind == "dask":
        from gamao_cli.analysis.executors.dask import DaskExecutor

        return DaskExecutor(jobs, scheduler or os.environ.get(SCHEDULER_ENV) or None, notice)
    raise ExecutorError(f"unknown executor {kind!r} (known: local, dask)")


__all__ = ["SCHEDULER_ENV", "Executor", "ExecutorError", "in_process", "make_executor", "tick"]
