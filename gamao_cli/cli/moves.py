"""``gamao moves``: every legal play for a position and roll."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from gamao_cli.analysis.position_file import (
    FilePosition,
    candidates_by_result,
    looks_like_file,
    read_file_position,
)
from gamao_cli.cli.common import ExitCode, fail, stderr_console
from gamao_cli.cli.rules_options import NO_RULE_ARGS, VariantOpts
from gamao_cli.engine import gamao_id
from gamao_cli.engine.board_text import draw_board
from gamao_cli.engine.ids import IdError, position_id_from_boards
from gamao_cli.engine.notation import format_play
from gamao_cli.engine.play_list import ordered_plays
from gamao_cli.engine.plays import legal_plays
from gamao_cli.engine.position import Position
from gamao_cli.engine.position_arg import PositionArg, parse_position, parse_roll
from gamao_cli.engine.ruleset import STANDARD, RuleSet, applicable_options, rule_set
from gamao_cli.i18n import _, ngettext
from gamao_cli.model.actions import OFF, Board
from gamao_cli.model.analysis import Candidate
from gamao_cli.model.match import Variant
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
    source: FilePosition | None = None
    rs = STANDARD
    try:
        if position.strip().lower() != "start" and looks_like_file(position):
            source = read_file_position(position, which)
            arg = source.arg
            rs = rule_set(chosen or Variant.STANDARD, houses, pairs if chosen else ())
            if not gamao_id.standard_ids_fit(rs):
                fail(
                    _(
                        "{position}: a position file holds backgammon positions, not {variant}"
                    ).format(position=position, variant=rs.variant.value)
                )
        else:
            if which != 1:
                fail(_("--position is for position files; POSITION here is an identifier"))
            arg, rs = _position(position, chosen, houses, pairs)
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
    pos = arg.position
    plays = legal_plays(rs, pos.mover, pos.opponent, roll)
    ordered = ordered_plays(plays)
    key = "position_id" if gamao_id.standard_ids_fit(rs) else "gamao_id"
    rows = [(format_play(p.steps), _id(rs, p.mover, p.opponent, pos.turn)) for p in ordered]
    analysed = candidates_by_result(source, (roll[0], roll[1])) if source is not None else {}
    ranks = [analysed.get(p.key) for p in ordered]
    if fmt == "json":
        doc: dict[str, object] = {
            key: _id(rs, pos.mover, pos.opponent, pos.turn),
            "dice": list(roll),
            "count": len(rows),
            "forced": len(rows) == 1,
            "plays": [
                {"play": text, key: pid, **_json_rank(rank)}
                for (text, pid), rank in zip(rows, ranks, strict=True)
            ],
        }
        if rs.variant is not Variant.STANDARD:
            doc["variant"] = rs.variant.value
        if source is not None:
            doc["file"] = {"name": position, "position": which}
        typer.echo(json.dumps(doc, indent=2))
        raise typer.Exit(ExitCode.OK)
    typer.echo(
        draw_board(
            arg.position,
            source.names if source is not None else None,
            cube_value=arg.cube_value,
            cube_owner=arg.cube_owner,
            score=arg.score,
            match_length=arg.match_length,
            dice=roll,
            rules=rs,
        )
    )
    typer.echo("")
    if not rows:
        typer.echo(
            _("Roll {roll}: no legal play (the roll cannot be played).").format(
                roll="".join(map(str, roll))
            )
        )
        return
    width = len(str(len(rows)))
    play_width = max(len(text) for text, _pid in rows) if analysed else 0
    for i, ((text, _pid), rank) in enumerate(zip(rows, ranks, strict=True), start=1):
        note = ""
        if rank is not None:
            level = f", {rank[1].level}" if rank[1].level else ""
            note = "  " + _("eq {equity} (analysis #{rank}{level})").format(
                equity=f"{rank[1].equity:+.3f}", rank=rank[0], level=level
            )
        typer.echo(f"{i:>{width}}. {text:<{play_width}}{note}".rstrip())
    if len(rows) == 1:
        typer.echo(_("1 legal play (forced)"))
    else:
        typer.echo(
            ngettext("{count} legal play", "{count} legal plays", len(rows)).format(count=len(rows))
        )


def _json_rank(rank: tuple[int, Candidate] | None) -> dict[str, object]:
    """The file's analysis of one play, for the JSON output (nothing if it has none)."""
    if rank is None:
        return {}
    return {"analysis": {"rank": rank[0], "equity": rank[1].equity, "level": rank[1].level}}


def _id(rs: RuleSet, mover: Board, opponent: Board, turn: int) -> str:
    """The position's ID from the mover's view: gnubg's Position ID where it carries the
    variant faithfully, else gamao's position string."""
    if gamao_id.standard_ids_fit(rs):
        return position_id_from_boards(mover, opponent)
    return gamao_id.encode(rs, Position.from_view(mover, opponent, turn))


def _rebased(board: Board, checkers: int) -> Board:
    """A board decoded from a standard ID (15 checkers) with its off count for ``checkers``."""
    cells = list(board)
    cells[OFF] = checkers - sum(cells[1:])
    if cells[OFF] < 0:
        raise ValueError(
            _("more than {checkers} checkers on a side for this variant").format(checkers=checkers)
        )
    return tuple(cells)


def _position(
    text: str,
    chosen: Variant | None,
    houses: tuple[str, ...],
    pairs: tuple[tuple[str, str], ...],
) -> tuple[PositionArg, RuleSet]:
    """The POSITION argument and the rule set it is played under."""
    raw = text.strip()

    def rules(variant: Variant) -> RuleSet:
        return rule_set(variant, houses, applicable_options(variant, pairs))

    if raw.lower() == "start":
        rs = rules(chosen or Variant.STANDARD)
        return PositionArg(Position(rs.start_boards(), 0), None), rs
    if raw.upper().startswith(gamao_id.PREFIX):
        own, pos = gamao_id.decode(raw)
        if chosen is not None and chosen is not own.variant:
            stderr_console().print(
                _("the position string says {variant}; played as {chosen} as asked").format(
                    variant=own.variant.value, chosen=chosen.value
                ),
                markup=False,
                highlight=False,
            )
            own = rules(chosen)
            if len(pos.boards[0]) != own.cells:
                raise ValueError(
                    _("a {variant} position cannot be read from '{raw}'").format(
                        variant=own.variant.value, raw=raw
                    )
                )
        else:
            own = rules(own.variant)
        return PositionArg(pos, None), own
    rs = rules(chosen or Variant.STANDARD)
    if not gamao_id.standard_ids_fit(rs):
        raise ValueError(
            _(
                "'{raw}': an XGID or gnubg ID cannot carry a {variant} position (it lays the "
                "sides out as 25 - p with no checkers waiting to enter); give a gamao position "
                "string, GAMAO=..., or 'start'"
            ).format(raw=raw, variant=rs.variant.value)
        )
    arg = parse_position(raw)
    if rs.checkers != 15:
        b0, b1 = arg.position.boards
        pos = Position((_rebased(b0, rs.checkers), _rebased(b1, rs.checkers)), arg.position.turn)
        arg = PositionArg(
            pos, arg.dice, arg.cube_value, arg.cube_owner, arg.score, arg.match_length
        )
    return arg, rs


def register(app: typer.Typer) -> None:
    app.command("moves")(moves)
