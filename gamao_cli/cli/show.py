"""``gamao show``: the board before one action of a recorded game."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from gamao_cli.cli.common import fail
from gamao_cli.cli.rules_options import NO_RULE_ARGS, RuleOpts
from gamao_cli.i18n import _

if TYPE_CHECKING:
    from gamao_cli.analysis.game_replay import Snapshot
    from gamao_cli.engine.ruleset import RuleSet
    from gamao_cli.model.match import Match


class ShowFormat(str, Enum):
    text = "text"
    svg = "svg"


FileArg = Annotated[Path, typer.Argument(help="A match file or a position file.")]
GameOpt = Annotated[
    int | None,
    typer.Option("--game", "-g", help="Game number, as in the file (match files)."),
]
MoveOpt = Annotated[
    int | None,
    typer.Option(
        "--move",
        "-m",
        help="Move (row) number, as in the file (match files); where the file numbers no "
        "moves (bgammon.org, FIBS logs), the Nth roll of the game.",
    ),
]
PlayerOpt = Annotated[
    str | None,
    typer.Option(
        "--player",
        "-p",
        help="Whose action in that row: a name, 0/1 or "
        "left/right (default: the first action of the row).",
    ),
]
MatchOpt = Annotated[int, typer.Option("--match", help="Which match of the file (1-based).", min=1)]
FormatOpt = Annotated[
    ShowFormat,
    typer.Option(
        "--format",
        "-f",
        help="text: the board as text with its IDs; svg: the board as an SVG picture "
        "(match files), written to --output.",
    ),
]
OutputOpt = Annotated[
    Path | None,
    typer.Option("--output", "-o", help="The file to write the SVG picture to (default: stdout)."),
]
PositionOpt = Annotated[
    int | None,
    typer.Option("--position", "-n", help="Which position of a position file (1-based).", min=1),
]


def show(
    file: FileArg,
    game: GameOpt = None,
    move: MoveOpt = None,
    player: PlayerOpt = None,
    match_index: MatchOpt = 1,
    rule_args: RuleOpts = NO_RULE_ARGS,
    which: PositionOpt = None,
    fmt: FormatOpt = ShowFormat.text,
    output: OutputOpt = None,
) -> None:
    """Draw the board before an action: pip counts, cube, score, Position ID, Match ID, XGID.

    For a position file (XG / BGBlitz position text, a list of IDs, .xgp) give no --game and
    --move: the position is drawn with its legal plays and the analysis the file records.
    """
    if fmt is ShowFormat.svg and (game is None or move is None):
        fail(_("--format svg draws a match file's position: give --game and --move"))
    if game is None and move is None:
        _show_position(file, which or 1)
        return
    if game is None or move is None:
        fail(_("give both --game and --move (or neither, for a position file)"))
    if which is not None:
        fail(_("--position is for position files; a match file takes --game and --move"))
    # Imported here: `show FILE` of a position file and the other commands do without them.
    from gamao_cli.analysis.action_at import action_probe, player_side
    from gamao_cli.analysis.options import effective_rules
    from gamao_cli.analysis.replay import snapshot_at
    from gamao_cli.report.action_out import action_text

    match = _match(file, match_index, game)
    try:
        side = player_side(player, match)
    except ValueError as exc:
        fail(str(exc))
    options = rule_args.check_options()
    rs = effective_rules(match, options).ruleset
    snap = snapshot_at(match, action_probe(match, game, move, side), options)
    if snap is None:
        fail(
            _("{file}: game {game} has no move {move}").format(file=file, game=game, move=move)
            + (_(" for {player}").format(player=player) if player else "")
        )
    if fmt is ShowFormat.svg:
        _write_svg(snap, match, rs, output)
        return
    typer.echo(action_text(snap, match, rs, bool(options.jacoby), (str(file), game, move)))


def _write_svg(snap: Snapshot, match: Match, rs: RuleSet, output: Path | None) -> None:
    """The picture of the position, to ``output`` (whole or not at all) or stdout."""
    from gamao_cli.report.position_svg import snapshot_svg

    svg = snapshot_svg(snap, match, rs)
    if svg is None:
        fail(_("the game cannot be replayed up to here (an earlier play could not be applied)"))
    if output is None:
        typer.echo(svg, nl=False)
        return
    from gamao_cli.formats.atomic import atomic_open

    try:
        with atomic_open(output, newline="\n") as fh:
            fh.write(svg)
    except OSError as exc:
        fail(_("cannot write {file}: {error}").format(file=output, error=exc.strerror or exc))


def _match(file: Path, index: int, game: int) -> Match:
    """Match ``index`` of ``file``, which must have game number ``game`` (exit 2 if not)."""
    from gamao_cli.formats.inputs import iter_input_files, read_path

    items = list(iter_input_files([str(file)]))
    matches = [m for m in read_path(items[0]) if m.games] if items else []
    if not matches:
        fail(_("{file}: no match could be read").format(file=file))
    if index > len(matches):
        fail(
            _("{file}: --match {match}, but the file holds {count}").format(
                file=file, match=index, count=len(matches)
            )
        )
    match = matches[index - 1]
    numbers = [g.number for g in match.games]
    if game not in numbers:
        fail(
            _("{file}: no game {game} (games {first}-{last})").format(
                file=file, game=game, first=numbers[0], last=numbers[-1]
            )
        )
    return match


def _show_position(file: Path, number: int) -> None:
    """Position ``number`` of a position file (exit 2 with one line if there is none)."""
    from gamao_cli.analysis.position_file import PositionFileError, read_file_position
    from gamao_cli.report.position_out import position_text, warnings_of

    try:
        fp = read_file_position(str(file), number)
    except PositionFileError as exc:
        fail(str(exc))
    for line in warnings_of(fp):
        typer.echo(line, err=True)
    typer.echo(position_text(fp, str(file)))


def register(app: typer.Typer) -> None:
    app.command("show")(show)
