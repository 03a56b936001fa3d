"""``gamao moves``: every legal play for a position and roll."""

from __future__ import annotations

from typing import Annotated

import typer

from gamao_cli.analysis.position_file import position_argument
from gamao_cli.cli.common import ExitCode, fail, stderr_console
from gamao_cli.cli.rules_options import NO_RULE_ARGS, VariantOpts
from gamao_cli.engine.ids import IdError
from gamao_cli.engine.position_arg import parse_roll
from gamao_cli.i18n import _
from gamao_cli.report.moves_out import listing_json, listing_text, play_listing
from gamao_cli.report.position_out import warnings_of


def moves(
    position: Annotated[
        str,
        typer.Argument(
            help="XGID=..., a gnubg PositionID:MatchID, a bare Position ID (player on roll "
            "as gnubg encodes it), a position file (XG / BGBlitz position text, a list of "
            "IDs, .xgp), a gamao position string GAMAO=... (Long Nardy, acey-deucey), or "
            "'start': the variant's start position.",
            show_default=False,
        ),
    ],
    dice: Annotated[
        str | None,
        typer.Option("--dice", "-d", help="The roll, e.g. 31 (default: the dice in the ID)."),
    ] = None,
    fmt: Annotated[
        str, typer.Option("--format", "-f", help="text or json.", metavar="text|json")
    ] = "text",
    which: Annotated[
        int,
        typer.Option(
            "--position", "-n", help="Which position of a position file (1-based).", min=1
        ),
    ] = 1,
    rule_args: VariantOpts = NO_RULE_ARGS,
) -> None:
    """List every legal play for POSITION and a roll."""
    if fmt not in ("text", "json"):
        fail(_("--format '{fmt}': expected text or json").format(fmt=fmt))
    chosen, houses, pairs = rule_args.variant_settings()
    try:
        arg, rs, source = position_argument(position, which, chosen, houses, pairs, _notice)
    except (IdError, ValueError) as exc:
        fail(str(exc))
    if source is not None:
        for line in warnings_of(source):
            typer.echo(line, err=True)
    try:
        roll: tuple[int, ...] | None = parse_roll(dice, rs.dice) if dice is not None else arg.dice
    except ValueError as exc:
        fail(str(exc))
    if roll is None:
        if source is None:
            fail(_("no dice: give --dice, e.g. --dice 31 (the position ID has none)"))
        fail(
            _(
                "no dice: give --dice, e.g. --dice 31 (position {which} of {position} is a "
                "cube decision: it has no dice)"
            ).format(which=which, position=position)
        )
    problems = rs.problems(arg.position.boards)
    if problems:
        fail(
            _("position '{position}' is impossible: {problems}").format(
                position=position, problems=problems[0]
            )
        )
    listing = play_listing(arg, rs, roll, source)
    if fmt == "json":
        typer.echo(listing_json(listing, position if source is not None else None, which))
        raise typer.Exit(ExitCode.OK)
    typer.echo(listing_text(listing))


def _notice(message: str) -> None:
    stderr_console().print(message, markup=False, highlight=False)


def register(app: typer.Typer) -> None:
    app.command("moves")(moves)
