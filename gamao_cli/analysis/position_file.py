"""Positions read from a file (``gamao moves FILE``, ``gamao show FILE``).

A *position file* is any input whose first match (with games) has a game that starts from a
set position and has no actions: the position texts of :mod:`gamao_cli.formats.position.text`,
XG ``.xgp`` files, a gnubg SGF holding a single setup node, ... Every such game of the file
is one position; ``--position N`` picks the N-th (1-based), in file order. The file is read
as any input is (:func:`gamao_cli.formats.inputs.read_path`: its format recognised by the
registry); the text of a position and of its recorded analysis is
:mod:`gamao_cli.report.position_out`'s.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from gamao_cli.engine.gamao_id import standard_ids_fit
from gamao_cli.engine.ids import IdError
from gamao_cli.engine.plays import judge
from gamao_cli.engine.position import Position
from gamao_cli.engine.position_arg import PositionArg, read_position
from gamao_cli.engine.ruleset import STANDARD, RuleSet, rule_set
from gamao_cli.engine.xgid import XgidState, encode_xgid
from gamao_cli.i18n import _, ngettext
from gamao_cli.model.actions import Board
from gamao_cli.model.analysis import Annotation, Candidate
from gamao_cli.model.diagnostics import Diagnostic, Severity
from gamao_cli.model.match import Game, Match, Variant


class PositionFileError(ValueError):
    """The file holds no position to use (the message says why, naming the file)."""


@dataclass(frozen=True, slots=True)
class FilePosition:
    """One position of a file: the argument it makes, and where it came from."""

    arg: PositionArg
    match: Match
    game: Game
    number: int  # 1-based, among the file's positions
    double_offered: bool = False

    @property
    def names(self) -> tuple[str, str] | None:
        players = self.match.players
        return players if all(players) else None

    @property
    def annotation(self) -> Annotation | None:
        return next((a for a in self.game.annotations if a.action == 0), None)

    @property
    def diagnostics(self) -> tuple[Diagnostic, ...]:
        return self.match.diagnostics


def looks_like_file(text: str) -> bool:
    """Whether a POSITION argument names an existing file (``-`` is standard input)."""
    return text == "-" or os.path.isfile(text)


def _is_position(game: Game) -> bool:
    return game.start is not None and not game.actions


def _positions(matches: Iterator[Match], shown: str) -> Iterator[tuple[Match, Game]]:
    first = True
    for match in matches:
        if not match.games:
            continue
        if first and not any(_is_position(g) for g in match.games):
            raise PositionFileError(
                _(
                    "{shown}: a match file, not a position file: give a position, or use "
                    "gamao show FILE --game N --move M"
                ).format(shown=shown)
            )
        first = False
        for game in match.games:
            if _is_position(game):
                yield match, game


def _errors(path: str) -> str:
    """The first error a file's reader reported, for a file without positions."""
    from gamao_cli.formats.inputs import iter_input_files, read_path

    for match in read_path(next(iter(iter_input_files([path])))):
        for d in match.diagnostics:
            if d.severity is Severity.ERROR:
                return f": {d.message}"
    return ""


def read_file_position(path: str, number: int = 1) -> FilePosition:
    """The ``number``-th position of the file ``path`` (:class:`PositionFileError` if none)."""
    shown = path if path != "-" else "<stdin>"
    from gamao_cli.formats.inputs import iter_input_files, read_path

    item = next(iter(iter_input_files([path])))
    count = 0
    for match, game in _positions(read_path(item), shown):
        count += 1
        if count == number:
            return _file_position(match, game, number)
    if count == 0:
        raise PositionFileError(
            _("{shown}: no position could be read{errors}").format(
                shown=shown, errors=_errors(path)
            )
        )
    raise PositionFileError(
        ngettext(
            "{shown}: --position {number}, but the file holds {count} position",
            "{shown}: --position {number}, but the file holds {count} positions",
            count,
        ).format(shown=shown, number=number, count=count)
    )


def _file_position(match: Match, game: Game, number: int) -> FilePosition:
    start = game.start
    assert start is not None
    owner = start.cube_owner if start.cube_owner is not None else -1
    arg = PositionArg(
        Position(start.boards, start.turn),
        start.dice,
        start.cube_value or game.cube_value,
        owner,
        game.score,
        match.length,
    )
    offered = any(k == "DoubleOffered" for k, _v in game.properties)
    return FilePosition(arg, match, game, number, offered)


def xgid_of(fp: FilePosition) -> str | None:
    """The position's XGID as gamao writes it (None if it cannot be encoded)."""
    arg = fp.arg
    if arg.position.problems():
        return None
    try:
        return encode_xgid(
            XgidState(
                position=arg.position,
                cube_value=arg.cube_value,
                cube_owner=arg.cube_owner,
                dice=arg.dice,
                double_offered=fp.double_offered,
                score=arg.score or (0, 0),
                match_length=arg.match_length or 0,
                crawford=bool(fp.game.crawford),
                jacoby=bool(fp.match.rules.jacoby),
                beaver=bool(fp.match.rules.beavers),
            )
        )
    except (IdError, ValueError):
        return None


def candidates_by_result(
    fp: FilePosition, roll: tuple[int, int]
) -> dict[tuple[Board, Board], tuple[int, Candidate]]:
    """The file's analysed candidates for ``roll``, by resulting boards: (rank, candidate).

    Empty unless the file's analysis is for this roll (the file's own dice).
    """
    ann = fp.annotation
    if ann is None or ann.checker is None or fp.arg.dice is None:
        return {}
    if sorted(fp.arg.dice) != sorted(roll):
        return {}
    pos = fp.arg.position
    out: dict[tuple[Board, Board], tuple[int, Candidate]] = {}
    for rank, cand in enumerate(ann.checker.candidates, start=1):
        verdict = judge(STANDARD, pos.mover, pos.opponent, roll, cand.steps)
        if verdict.legal and verdict.mover is not None and verdict.opponent is not None:
            out.setdefault((verdict.mover, verdict.opponent), (rank, cand))
    return out


def position_argument(
    text: str,
    which: int = 1,
    chosen: Variant | None = None,
    houses: tuple[str, ...] = (),
    pairs: tuple[tuple[str, str], ...] = (),
    notice: Callable[[str], None] | None = None,
) -> tuple[PositionArg, RuleSet, FilePosition | None]:
    """A POSITION argument (``gamao moves``): position ``which`` of the position file
    ``text`` names, or the position an identifier gives (:func:`read_position`); the rule set
    it is played under; the file's position, if it came from a file. ValueError (a
    :class:`PositionFileError` for a file) or IdError naming what is wrong."""
    if text.strip().lower() != "start" and looks_like_file(text):
        source = read_file_position(text, which)
        rs = rule_set(chosen or Variant.STANDARD, houses, pairs if chosen else ())
        if not standard_ids_fit(rs):
            raise ValueError(
                _("{position}: a position file holds backgammon positions, not {variant}").format(
                    position=text, variant=rs.variant.value
                )
            )
        return source.arg, rs, source
    if which != 1:
        raise ValueError(_("--position is for position files; POSITION here is an identifier"))
    arg, rs = read_position(text, chosen, houses, pairs, notice)
    return arg, rs, None
