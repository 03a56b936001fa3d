"""The ``gamao`` command."""

from __future__ import annotations

import typer

from gamao_cli import __version__
from gamao_cli.build import build_name
from gamao_cli.cli import (
    analyse,
    check,
    codes,
    convert,
    dedupe,
    filter,
    fix,
    moves,
    report,
    show,
    split,
    stats,
)

app = typer.Typer(
    name="gamao",
    help="Parse, verify, score, report on and convert backgammon match records.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"gamao {__version__} ({build_name()})")
        raise typer.Exit()


@app.callback()
def root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
) -> None:
    """Parse, verify, score, report on and convert backgammon match records.

    Every command that takes paths also takes --files-from FILE (paths one a line, '-' for
    stdin). Defaults for any option can be set in gamao.toml or [tool.gamao] in
    pyproject.toml (docs/config.md); options on the command line win.
    """


for module in (
    moves,
    check,
    show,
    convert,
    filter,
    dedupe,
    split,
    fix,
    stats,
    report,
    analyse,
    codes,
):
    module.register(app)


def main(argv: list[str] | None = None) -> None:
    """The command line: ``--files-from`` lists expanded and the configuration file's
    defaults applied (gamao_cli.cli.config), then the command run."""
    import sys

    from typer.main import get_command

    from gamao_cli.cli.common import ExitCode, stderr_console
    from gamao_cli.cli.config import ConfigError, default_map, expand_files_from, find_config

    args = sys.argv[1:] if argv is None else argv
    group = get_command(app)
    try:
        args = expand_files_from(args)
        found = find_config()
        defaults = default_map(group, found[1], found[0]) if found else {}
    except ConfigError as exc:
        from rich.text import Text

        stderr_console().print(Text.assemble(("error:", "bold red"), " ", str(exc)))
        raise SystemExit(ExitCode.CANNOT_RUN) from None
    group(args=args, prog_name="gamao", default_map=defaults)
