"""A progress bar on stderr for long runs, only on a terminal: done / total, the time taken
and an estimate of the time left."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from gamao_cli.cli.common import is_terminal, stderr_console


@contextmanager
def progress_bar(total: int, label: str, minimum: int = 4) -> Iterator[Callable[[int], None]]:
    """Yield an ``advance(n)`` callback; a no-op when stderr is not a terminal or the run is
    short."""
    if total < minimum or not is_terminal():
        yield lambda n: None
        return
    progress = Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=stderr_console(),
        transient=True,
    )
    with progress:
        task = progress.add_task(label, total=total)
        yield lambda n: progress.advance(task, n)
