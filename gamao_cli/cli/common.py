"""What every command shares: consoles, exit codes, output formats, errors."""

from __future__ import annotations

import sys
from enum import Enum, IntEnum
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

# Every console is a SafeConsole (report.safe_console): record text is shown, never acted on.
if TYPE_CHECKING:  # rich.console costs 25 ms of start-up: imported when a console is made
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


def is_terminal(stream: object = None) -> bool:
    stream = stream or sys.stderr
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())
