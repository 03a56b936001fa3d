"""Rows and cells of a ``.mat`` game: dice and plays, cube phrases, results, ``Resigns`` and
Snowie ``Illegal play (...)`` cells, the common rows read in place (:meth:`CellReader.fast_rows`),
and the caches of play texts shared by all readers.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple, TypeVar

from gamao_cli.engine.ids import IdError
from gamao_cli.engine.snowie import decode_snowie
from gamao_cli.engine.variants import definition, variant_named
from gamao_cli.formats.mat import lines as ml
from gamao_cli.formats.mat.fast import DICE, PAIR_LINE, ROW_LINE
from gamao_cli.formats.mat.state import MAX_LINE, GameBuilder, ReaderState, quote
from gamao_cli.formats.shells.moves import add_pair_at, new_location, new_move, new_move_at
from gamao_cli.i18n import N_
from gamao_cli.model.actions import (
    Action,
    Beaver,
    Double,
    Drop,
    Move,
    MoveMark,
    Resign,
    SetPosition,
    Step,
    Take,
    Win,
)
from gamao_cli.model.location import Location
from gamao_cli.model.match import Variant
from gamao_cli.model.notation import NotationError, parse_steps

_CACHE_LIMIT: Final = 1 << 15
"""Play texts kept in :data:`_STEPS` at most (it is emptied when full)."""
_T = TypeVar("_T")
_PLAY, _EMPTY, _UNPARSED = MoveMark.PLAY, MoveMark.EMPTY, MoveMark.UNPARSED
_PHRASES: dict[str, re.Pattern[str]] = {
    "d": ml.CUBE_CELL,  # Doubles; Drops is tried when this fails
    "b": ml.CUBE_CELL,
    "r": ml.CUBE_CELL,
    "t": ml.TAKE_CELL,
    "w": ml.WIN_CELL,
    "l": ml.LOSS_CELL,
    "i": ml.ILLEGAL_PLAY,
}


def _enters(variant: Variant | None) -> bool:
    """Whether ``variant``'s checkers start off the board and a dice cell holds its rolls: a
    play's hop from off is an entry (engine.variants: acey-deucey, not tabula)."""
    return variant is not None and definition(variant).enters_in_mat


def clear_caches() -> None:
    """Forget the play texts read so far (the caches shared by all readers; for benchmarks)."""
    _STEPS.clear()
    _CELLS.clear()
    _UNREADABLE.clear()


class _Unreadable(NamedTuple):
    """A cached play text that is not a play."""

    message: str
    offset: int


_STEPS: dict[str, tuple[Step, ...]] = {}
"""Play text -> its steps, shared by all readers: Steps are immutable and the same plays
(opening moves, bear-offs) come up in match after match."""
_Play = tuple[tuple[int, int], tuple[Step, ...], MoveMark]
_CELLS: dict[str, _Play] = {}
"""Dice cell text (``62: 13/11 13/7``) -> its dice, steps and mark, shared like
:data:`_STEPS`."""
_ROW_NUMBERS = {str(n): n for n in range(1, 1000)}
"""Row numbers as written (``7`` of ``  7)``), read without ``int()``."""
_UNREADABLE: dict[str, _Unreadable] = {}
"""Play text that is not a play -> why (kept apart so that a hit in :data:`_STEPS` needs no
further test)."""


class CellReader(ReaderState):
    """Reads the rows and cells of the game in progress into its actions."""

    def row(self, line: str, number: int, start: int) -> None:
        self.cells(line, number, start)

    def cells(self, line: str, number: int | None, start: int) -> None:
        game = self.game
        assert game is not None
        cells, head = ml.split_cells(line, start)
        if head is not None:
            self.report(
                "P101",
                N_(
                    "unreadable text {text}: expected dice such as `31: 8/5 6/5`, "
                    "`Doubles => 2`, `Takes`, `Drops` or `Wins 1 point`"
                ).format(text=quote(head[1])),
                head[0] + 1,
            )
        if not cells:
            return
        sides = ml.cell_sides(cells, game.threshold)
        if len(cells) == 2:
            if sides[0] == 1:
                self.report("P116", "two cells in the right column", cells[1][0] + 1)
            elif cells[0][0] + 4 < cells[1][0] < game.threshold:
                # a two-cell row shows where the right column starts in narrow layouts
                game.threshold = cells[1][0]
        elif len(cells) > 2:
            self.report(
                "P116",
                N_("{count} cells on one row; each placed by its column").format(count=len(cells)),
                cells[2][0] + 1,
            )
        columns = game.columns
        for (column, text), side in zip(cells, sides, strict=True):
            self.cell(text, column, columns[side], number)

    def cell(self, text: str, column: int, player: int, number: int | None) -> None:
        game = self.game
        assert game is not None
        where = new_location(self.file, self.lineno, column + 1)
        first = text[0]
        if "0" <= first <= "9":
            dice = ml.DICE_CELL.match(text)
            if dice is not None:
                self.dice_cell(dice, text, column, player, number, where)
                return
        else:
            key = first.lower()
            found = _PHRASES[key].match(text) if key in _PHRASES else None
            if found is None and key == "d":
                found = ml.DROP_CELL.match(text)
            elif found is None and key == "r":
                found = ml.RESIGN_CELL.match(text)
            if found is not None:
                if found.re is ml.CUBE_CELL:
                    self.cube_cell(found, text, column, player, number, where)
                    return
                if key == "i":
                    self.trailing(found[2], text, column)
                    position = self.illegal_play(found[1], text, column, player, number, where)
                    if position is not None:
                        game.actions.append(position)
                    return
                action: Action
                if key == "t":
                    self.trailing(found[1], text, column)
                    action = Take(player, text, number, where)
                elif key == "d":
                    self.trailing(found[1], text, column)
                    action = Drop(player, text, number, where)
                elif key == "r":  # Resigns, Resigned Game, Resigned Match
                    self.trailing(found[2], text, column)
                    action = Resign(player, 1, True, text, number, where)
                    game.resigned = True
                elif key == "w":
                    self.trailing(found[3], text, column)
                    winner = None if column < ml.WIN_NO_SIDE_COLUMN else player
                    action = Win(
                        winner, int(found[1]), found[2] is not None, None, text, number, where
                    )
                    game.won = True
                else:  # "l": Galaxy's loser cell, kept on the game's Win
                    self.trailing(found[2], text, column)
                    game.losses.append((player, int(found[1]), where))
                    return
                game.actions.append(action)
                return
        self.report(
            "P101",
            N_(
                "unreadable cell {text}: expected dice such as `31: 8/5 6/5`, "
                "`Doubles => 2`, `Takes`, `Drops` or `Wins 1 point`"
            ).format(text=quote(text)),
            column + 1,
        )

    def trailing(self, extra: str, text: str, column: int) -> None:
        if extra:
            self.report(
                "P118",
                N_("text {extra} after {text} ignored").format(
                    extra=quote(extra), text=quote(text[: -len(extra)].strip())
                ),
                column + len(text) - len(extra) + 1,
            )

    def cube_cell(
        self,
        found: re.Match[str],
        text: str,
        column: int,
        player: int,
        number: int | None,
        where: Location,
    ) -> None:
        game = self.game
        assert game is not None
        self.trailing(found[3], text, column)
        if found[2] is None:
            value = game.cube * 2
            self.report(
                "P108",
                N_("{text} gives no cube value; {value} assumed").format(
                    text=quote(text), value=value
                ),
                column + 1,
            )
        else:
            value = int(found[2])
        game.cube = max(value, 1)
        if found[1][0] in "dD":
            game.actions.append(Double(player, value, text, number, where))
        else:
            game.actions.append(Beaver(player, value, text, number, where))
            game.beavers = True

    def fast_rows(self, buf: str, pos: int, lineno: int, game: GameBuilder) -> tuple[int, int]:
        """The common rows (:data:`ROW_LINE`) of ``buf`` from ``pos`` on, one after the other.

        Stops at the first other line, and at a row that needs a diagnostic other than P102
        (two cells in the right column, an over-long line). Returns the position after the
        last row read (``pos`` if none) and the new line number.
        """
        fast = ROW_LINE.match
        pair_line = PAIR_LINE.match
        numbers = _ROW_NUMBERS
        threshold = game.threshold
        left, right = game.columns
        append = game.actions.append
        pending = self.pending
        file = self.file
        cells = _CELLS
        make = new_move_at
        pair = add_pair_at
        while True:
            found = pair_line(buf, pos)
            if found is not None and not pending:
                # Two dice cells: the common row, read with fewer groups. The same steps as
                # the general row below, written out again: a call per cell costs more.
                end = found.end()
                column = found.start(2) - pos
                column_right = found.start(3) - pos
                if column < threshold and end - pos <= MAX_LINE:
                    number, cell, cell2 = found.groups()
                    lineno += 1
                    paired = numbers.get(number) or int(number)
                    known = cells.get(cell)
                    if known is None:
                        self.lineno = lineno
                        known = self.dice_play(cell, column)
                    if column + 4 < column_right < threshold:
                        game.threshold = threshold = column_right
                    known2 = cells.get(cell2)
                    if known2 is None:
                        self.lineno = lineno
                        known2 = self.dice_play(cell2, column_right)
                    rolled, steps, mark = known
                    rolled2, steps2, mark2 = known2
                    pair(
                        append, left, rolled, steps, cell, mark, right, rolled2, steps2, cell2,
                        mark2, paired, file, lineno, column + 1, column_right + 1,
                    )  # fmt: skip
                    pos = end
                    continue
            found = fast(buf, pos)
            if found is None:
                break
            (number, cell, phrase, value, points, whole,
             cell2, phrase2, value2, points2, whole2) = found.groups()  # fmt: skip
            column = found.start(2 if cell is not None else 3) - pos
            if column < threshold:
                player = left
            elif cell2 is None and phrase2 is None:
                player = right
            else:
                break  # two cells in the right column (P116)
            end = found.end()
            if end - pos > MAX_LINE:
                break
            if pending:
                self.flush_pending()
            lineno += 1
            row = None if number is None else int(number)
            if cell is not None:
                known = cells.get(cell)
                if known is None:
                    self.lineno = lineno
                    known = self.dice_play(cell, column)
                rolled, steps, mark = known
                append(make(player, rolled, steps, cell, mark, row, file, lineno, column + 1))
            else:
                self.lineno = lineno
                self.phrase(phrase, value, points, whole, column, player, row)
            if cell2 is not None:
                column_right = found.start(7) - pos
                if column + 4 < column_right < threshold:
                    game.threshold = threshold = column_right
                known = cells.get(cell2)
                if known is None:
                    self.lineno = lineno
                    known = self.dice_play(cell2, column_right)
                rolled, steps, mark = known
                append(make(right, rolled, steps, cell2, mark, row, file, lineno, column_right + 1))
            elif phrase2 is not None:
                column_right = found.start(8) - pos
                if column + 4 < column_right < threshold:
                    game.threshold = threshold = column_right
                self.lineno = lineno
                self.phrase(phrase2, value2, points2, whole2, column_right, right, row)
            pos = end
        self.lineno = lineno
        return pos, lineno

    def dice_play(self, cell: str, column: int) -> _Play:
        """Dice, steps and mark of a dice cell of :data:`ROW_LINE` (``62: 13/11 13/7``) at
        0-based ``column``, cached in :data:`_CELLS` unless the play is unreadable (P102,
        reported at each occurrence).
        """
        dice = DICE[cell[:2]]
        rest = cell[3:].lstrip(" ")
        if not rest:
            known: _Play = (dice, (), _EMPTY)
        elif rest == "Cannot Move":
            known = (dice, (), MoveMark.CANNOT_MOVE)
        elif rest[0] == "?":  # "????"
            known = (dice, (), MoveMark.UNKNOWN)
        else:
            steps = self.steps(rest, column + len(cell) - len(rest))
            if steps is None:
                return dice, (), _UNPARSED
            known = (dice, steps, _PLAY)
            if any(step.from_point == 0 for step in steps):
                return known  # an entry: read in an entering variant only, never cached
        _remember(_CELLS, cell, known)
        return known

    def phrase(
        self,
        text: str,
        value: str | None,
        points: str | None,
        whole: str | None,
        column: int,
        player: int,
        number: int | None,
    ) -> None:
        """A cube or result cell of :data:`ROW_LINE`, as :meth:`cell` reads it."""
        game = self.game
        assert game is not None
        where = new_location(self.file, self.lineno, column + 1)
        action: Action
        if value is not None:
            cube = int(value)
            game.cube = max(cube, 1)
            action = Double(player, cube, text, number, where)
        elif points is not None:
            winner = None if column < ml.WIN_NO_SIDE_COLUMN else player
            action = Win(winner, int(points), whole is not None, None, text, number, where)
            game.won = True
        elif text[0] == "T":
            action = Take(player, text, number, where)
        else:
            action = Drop(player, text, number, where)
        game.actions.append(action)

    def enters(self) -> bool:
        """Whether the match's ``Variation`` tag names a variant whose checkers enter from
        off the board (acey-deucey), where ``off/19`` is an entry (docs/variants.md)."""
        return any(
            key.lower() == "variation" and _enters(variant_named(value))
            for key, value in self.match.tags
        )

    def steps(self, rest: str, column: int) -> tuple[Step, ...] | None:
        """The steps of a play text (cached); None, reported as P102, if it is not a play.

        ``column`` is the 0-based column of ``rest`` in the line.
        """
        steps = _STEPS.get(rest)
        if steps is not None:
            return steps
        unreadable = _UNREADABLE.get(rest)
        if unreadable is None:
            try:
                steps = tuple(parse_steps(rest))
            except NotationError as exc:
                unreadable = _Unreadable(exc.message, exc.offset)  # no traceback: no cycles
                _remember(_UNREADABLE, rest, unreadable)
            else:
                _remember(_STEPS, rest, steps)
                return steps
        if self.enters():
            try:  # an entry `off/19` (not cached: other matches' variants refuse it)
                return tuple(parse_steps(rest, entering=True))
            except NotationError as exc:
                unreadable = _Unreadable(exc.message, exc.offset)
        self.report(
            "P102",
            N_("play {text} is not readable: {why}").format(
                text=quote(rest), why=unreadable.message
            ),
            column + unreadable.offset + 1,
        )
        return None

    def dice_cell(
        self,
        found: re.Match[str],
        text: str,
        column: int,
        player: int,
        number: int | None,
        where: Location,
    ) -> None:
        game = self.game
        assert game is not None
        dice = DICE.get(found[1] + found[2])
        rest = found[3]
        if dice is None:
            self.report(
                "P107",
                N_("dice {dice} are not two numbers 1..6").format(dice=f"{found[1]}{found[2]}"),
                column + 1,
            )
            dice = (int(found[1]), int(found[2]))
            game.actions.append(Move(player, dice, (), text, MoveMark.UNPARSED, number, where))
            return
        if not rest:
            game.actions.append(new_move(player, dice, (), text, MoveMark.EMPTY, number, where))
            return
        first = rest[0]
        special = not ("0" <= first <= "9" or first in "bBoO")
        if special and self.special_play(text, rest, column, player, number, where, dice):
            return
        steps = self.steps(rest, column + found.start(3))
        mark = MoveMark.UNPARSED if steps is None else MoveMark.PLAY
        game.actions.append(new_move(player, dice, steps or (), text, mark, number, where))

    def special_play(
        self,
        text: str,
        rest: str,
        column: int,
        player: int,
        number: int | None,
        where: Location,
        dice: tuple[int, int],
    ) -> bool:
        """``Cannot Move``, ``????`` and ``Illegal play (...)``; False for anything else."""
        game = self.game
        assert game is not None
        mark: MoveMark | None = None
        found = ml.CANNOT_MOVE.match(rest)
        if found is not None:
            mark = MoveMark.CANNOT_MOVE
        else:
            found = ml.UNKNOWN_PLAY.match(rest)
            if found is not None:
                mark = MoveMark.UNKNOWN
        if found is not None and mark is not None:
            self.trailing(found[1], text, column)
            game.actions.append(new_move(player, dice, (), text, mark, number, where))
            return True
        found = ml.ILLEGAL_PLAY.match(rest)
        if found is None:
            return False
        self.trailing(found[2], text, column)
        action = self.illegal_play(found[1], text, column, player, number, where)
        game.actions.append(
            action or Move(player, dice, (), text, MoveMark.UNPARSED, number, where)
        )
        return True

    def illegal_play(
        self,
        inner: str,
        text: str,
        column: int,
        player: int,
        number: int | None,
        where: Location,
    ) -> SetPosition | None:
        game = self.game
        assert game is not None
        try:
            position = decode_snowie(inner)
        except IdError as exc:
            self.report(
                "P109",
                N_("the position in {text} is not readable: {why}").format(
                    text=quote(text), why=exc
                ),
                column + 1,
            )
            return None
        turn = 1 - player
        if game.players is not None and position.names[0] != game.players[turn]:
            if position.names[0] == game.players[player]:
                turn = player
            self.report(
                "P119",
                N_(
                    "the position puts {name} on roll after {dice}; the score line names "
                    "{first} and {second}"
                ).format(
                    name=repr(position.names[0]),
                    dice=quote(text[:2]),
                    first=repr(game.players[0]),
                    second=repr(game.players[1]),
                ),
                column + 1,
            )
        boards = (
            (position.on_roll, position.other) if turn == 0 else (position.other, position.on_roll)
        )
        owner = position.owner_player(turn)
        return SetPosition(
            boards, turn, position.dice, position.cube_value, owner, text, number, where, player
        )


def _remember(cache: dict[str, _T], key: str, value: _T) -> None:
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[key] = value
