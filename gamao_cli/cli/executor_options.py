"""``--jobs``, ``--executor`` and ``--scheduler``: where the commands that fan out run their
work. Declared here once, as one option group (:data:`ParallelOpts`; cli.option_groups) that
each such command takes as one parameter; :func:`executor_for` turns it into the run's
executor."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any

import typer

from gamao_cli.cli.common import fail, stderr_console
from gamao_cli.cli.option_groups import OptionGroup
from gamao_cli.i18n import _

if TYPE_CHECKING:
    from gamao_cli.analysis.executors import Executor
    from gamao_cli.formats.inputs import InputFile


class ExecutorChoice(str, Enum):
    local = "local"
    dask = "dask"


BY_SIZE = "all cores from 2 MB of input when a core is idle, else 1"


def _jobs(what: str, default: str = BY_SIZE) -> Any:
    return typer.Option("--jobs", "-j", help=f"{what} in parallel (default: {default}).", min=1)


JobsOpt = Annotated[int | None, _jobs("Files read")]
CheckJobsOpt = Annotated[int | None, _jobs("Files checked")]
AnalyseJobsOpt = Annotated[int | None, _jobs("Files analysed", "all cores, at most one per file")]
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


@dataclass(frozen=True, slots=True)
class Parallel:
    """What ``--jobs``, ``--executor`` and ``--scheduler`` asked for."""

    jobs: JobsOpt = None
    executor: ExecutorOpt = ExecutorChoice.local
    scheduler: SchedulerOpt = None


@dataclass(frozen=True, slots=True)
class CheckParallel(Parallel):
    """:class:`Parallel` with ``check``'s help for ``--jobs``."""

    jobs: CheckJobsOpt = None


@dataclass(frozen=True, slots=True)
class AnalyseParallel(Parallel):
    """:class:`Parallel` with ``analyse``'s help and default for ``--jobs``."""

    jobs: AnalyseJobsOpt = None


ParallelOpts = Annotated[Parallel, OptionGroup(Parallel)]
CheckParallelOpts = Annotated[Parallel, OptionGroup(CheckParallel)]
AnalyseParallelOpts = Annotated[Parallel, OptionGroup(AnalyseParallel)]
LOCAL = Parallel()


@contextmanager
def executor_for(
    run: Parallel,
    items: Sequence[InputFile],
    rule: Callable[[int | None, Sequence[InputFile]], int] | None = None,
) -> Iterator[Executor]:
    """The run's executor for ``items``, entered: ``--jobs`` as given, else by ``rule``
    (:func:`gamao_cli.analysis.workers.default_jobs`: by the inputs' size); exit 2 with a
    message when it cannot start (Dask missing, a scheduler that does not answer). No
    items: nothing to run, so nothing is started (this process's executor)."""
    from gamao_cli.analysis.executors import ExecutorError, make_executor
    from gamao_cli.analysis.workers import default_jobs

    jobs = (rule or default_jobs)(run.jobs, items)
    if run.executor is ExecutorChoice.local and run.scheduler:
        fail(_("--scheduler needs --executor dask"))
    err = stderr_console()
    try:
        kind = run.executor.value if items else ExecutorChoice.local.value
        with make_executor(kind, jobs, run.scheduler, lambda m: err.print(m)) as ex:
            yield ex
    except ExecutorError as exc:
        fail(str(exc))
