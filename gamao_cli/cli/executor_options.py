"""``--executor`` and ``--scheduler``: where check, stats and report run their work."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from enum import Enum
from typing import TYPE_CHECKING, Annotated

import typer

from gamao_cli.cli.common import fail, stderr_console
from gamao_cli.i18n import _

if TYPE_CHECKING:
    from gamao_cli.analysis.executors import Executor


class ExecutorChoice(str, Enum):
    local = "local"
    dask = "dask"


ExecutorOpt = Annotated[
    ExecutorChoice,
    typer.Option(
        "--executor",
        help="Where the work runs: this machine's worker processes, or a Dask cluster.",
    ),
]
SchedulerOpt = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        envvar="GAMAO_SCHEDULER",
        help="The Dask scheduler's address (default: a local cluster of --jobs workers).",
    ),
]


@contextmanager
def executor_for(
    kind: ExecutorChoice, jobs: int, scheduler: str | None
) -> Iterator[Executor | None]:
    """The executor to use (None: the local process pool, as without an executor)."""
    if kind is ExecutorChoice.local:
        if scheduler:
            fail(_("--scheduler needs --executor dask"))
        yield None
        return
    from gamao_cli.analysis.executors import ExecutorError, make_executor

    err = stderr_console()
    try:
        with make_executor(kind.value, jobs, scheduler, notice=lambda m: err.print(m)) as ex:
            yield ex
    except ExecutorError as exc:
        fail(str(exc))
