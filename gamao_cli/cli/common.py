"""What every command shares: consoles, exit codes, output formats, errors."""

from __future__ import annotations

import sys
from enum import Enum, IntEnum
from typing import TYPE_CHECKING, Annotated, NoReturn, TextIO

import typer

# Every console is a SafeConsole (report.safe_console): record text is shown, never acted on.
if TYPE_CHECKING:  # rich.console costs 25 ms of start-up: imported when a console is made
    from contextlib import ExitStack
    from pathlib import Path

    from rich.console import Console


class ExitCode(IntEnum):
    OK = 0
    FINDINGS = 1
    CANNOT_RUN = 2


ForceOpt = Annotated[bool, typer.Option("--force", help="Overwrite existing files.")]


class OutputFormat(str, Enum):
    text = "text"
    json = "json"
    jsonl = "jsonl"
    csv = "csv"


def stderr_console() -> Console:
    from gamao_cli.report.safe_console import SafeConsole

    return SafeConsole(stderr=True, highlight=False, soft_wrap=True)


def stdout_console(color: bool | None = None) -> Console:
    from gamao_cli.report.safe_console import SafeConsole

    return SafeConsole(
        highlight=False,
        soft_wrap=True,
        force_terminal=color,
        no_color=color is False,
    )


def fail(message: str) -> NoReturn:
    """Print a one-line error to stderr and exit with code 2 (could not run)."""
    from rich.text import Text

    from gamao_cli.i18n import _, translate_message

    label = _("error:")
    stderr_console().print(Text.assemble((label, "bold red"), " ", translate_message(message)))
    raise typer.Exit(ExitCode.CANNOT_RUN)


def say_exists(dest: object) -> None:
    """Say on stderr that ``dest`` exists and is not overwritten (no ``--force``)."""
    from gamao_cli.i18n import _

    stderr_console().print(
        _("{path}: exists, not overwritten (use --force)").format(path=dest),
        markup=False,
        highlight=False,
    )


def is_terminal(stream: object = None) -> bool:
    stream = stream or sys.stderr
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def text_output(stack: ExitStack, output: Path | None) -> TextIO:
    """Standard output, or ``output`` opened on ``stack`` to appear whole or not at all
    (formats.atomic): a failure to create or write it exits 2 with its reason, after the
    partial file is removed."""
    if output is None:
        return sys.stdout
    from functools import partial

    from gamao_cli.formats.atomic import atomic_open
    from gamao_cli.i18n import _

    stack.push(partial(_write_failed, output))  # runs after atomic_open's clean-up
    try:
        return stack.enter_context(atomic_open(output, newline=""))
    except OSError as exc:
        fail(_("cannot write {output}: {error}").format(output=output, error=exc.strerror))


def _write_failed(
    output: Path, kind: type[BaseException] | None, exc: BaseException | None, _tb: object
) -> None:
    """A write into ``output`` that failed: the error message, not a traceback."""
    if isinstance(exc, OSError):
        from gamao_cli.i18n import _

        fail(_("cannot write {output}: {error}").format(output=output, error=exc.strerror or exc))
