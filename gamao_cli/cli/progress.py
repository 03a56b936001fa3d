"""A progress bar on stderr for long runs, only on a terminal: done / total, the time taken
and an estimate of the time left; for work in units (``stats``, ``report``, datasets, on any
executor) also the units done / total and the plays replayed a second."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol

from gamao_cli.cli.common import is_terminal, stderr_console
from gamao_cli.i18n import N_, _, format_number

# The labels the commands give their progress bars, shown in the active language.
LABELS = (
    N_("checking"),
    N_("drawing"),
    N_("repairing"),
    N_("splitting"),
    N_("merging"),
    N_("fingerprinting"),
    N_("filtering"),
    N_("reading"),
    N_("skill"),
    N_("analysing games"),
)


class Advance(Protocol):
    def __call__(self, n: int, /, plays: int = 0, units: tuple[int, int] | None = None) -> None:
        """``n`` more done; ``plays`` more plays replayed; ``units``: (done, total) units."""


def _nothing(n: int, plays: int = 0, units: tuple[int, int] | None = None) -> None:
    return None


def rate_text(plays: int, seconds: float, units: tuple[int, int] | None) -> str:
    """``units 3/20 · 104.233 plays/s`` (the parts known), in the active language."""
    parts = []
    if units is not None:
        parts.append(_("units {done}/{total}").format(done=units[0], total=units[1]))
    if plays and seconds > 0:
        parts.append(_("{rate} plays/s").format(rate=format_number(plays / seconds)))
    return " · ".join(parts)


@contextmanager
def progress_bar(total: int, label: str, minimum: int = 4) -> Iterator[Advance]:
    """Yield an ``advance(n, plays=0, units=None)`` callback; a no-op when stderr is not a
    terminal or the run is short."""
    if total < minimum or not is_terminal():
        yield _nothing
        return
    from rich.progress import (  # here: a tenth of the start-up of commands that never show it
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    label = _(label)
    progress = Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        TextColumn(_("left")),
        TimeRemainingColumn(),
        console=stderr_console(),
        transient=True,
    )
    started = time.perf_counter()
    replayed = 0
    with progress:
        task = progress.add_task(label, total=total, rate="")

        def advance(n: int, plays: int = 0, units: tuple[int, int] | None = None) -> None:
            nonlocal replayed
            replayed += plays
            rate = rate_text(replayed, time.perf_counter() - started, units)
            progress.update(task, advance=n, rate=rate)

        yield advance
