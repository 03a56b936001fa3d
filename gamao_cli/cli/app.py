"""The ``gamao`` command."""

from __future__ import annotations

import typer

from gamao_cli import __version__
from gamao_cli.build import build_name
from gamao_cli.cli import analyse, check, codes, convert, moves, report, show, stats

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
    """Parse, verify, score, report on and convert backgammon match records."""


for module in (moves, check, show, convert, stats, report, analyse, codes):
    module.register(app)


def main() -> None:
    app()
