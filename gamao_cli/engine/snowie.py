"""Snowie's one-line text position (``shared/research/formats.md`` sections 4.4 and 8).

40 fields separated by ``;`` (a trailing ``;`` is allowed): 0 match length, 1 Jacoby, 2-3
unknown, 4 player on roll (as the file numbers it), 5-6 names, 7 Crawford game, 8-9 scores,
10 cube value, 11 cube owner (1 the player on roll, 0 centred, -1 the other), 12 the other
player's bar, 13..36 points 1..24 from the player on roll's side (positive: the player on
roll's checkers, negative: the other player's), 37 the bar of the player on roll, 38-39 dice
(``0;0``: not rolled).

Inside a ``.mat`` ``Illegal play (...)`` cell it is the position AFTER the illegal play, with
the NEXT player on roll, whose dice (or ``0;0`` before a cube action) are fields 38-39. In the
three such cells of the corpus (``bgnori-bglib/Nori-Kenji081229.txt``) the names and scores
are given player on roll first, and field 4 is 0 when the ``.mat`` right-column player is on
roll and 1 for the left column; :func:`decode_snowie` keeps field 4 as written
(``on_roll_field``) and leaves it to the caller to say which player is on roll.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamao_cli.engine.ids import IdError
from gamao_cli.engine.position import CHECKERS, Position
from gamao_cli.i18n import N_
from gamao_cli.model.actions import BAR, OFF, Board

FIELDS = 40


@dataclass(frozen=True, slots=True)
class SnowiePosition:
    """A decoded Snowie text position; pairs are (player on roll, other player).

    ``on_roll`` / ``other`` are boards in their owner's numbering (off 0, bar 25).
    ``cube_owner``: 1 the player on roll, 0 centred, -1 the other player (as in the file).
    ``unknown`` holds fields 2 and 3 as written.
    """

    match_length: int
    jacoby: bool
    unknown: tuple[int, int]
    on_roll_field: int
    names: tuple[str, str]
    crawford: bool
    scores: tuple[int, int]
    cube_value: int
    cube_owner: int
    on_roll: Board
    other: Board
    dice: tuple[int, int] | None

    def position(self, on_roll_player: int) -> Position:
        """The position with player ``on_roll_player`` (0 or 1) on roll."""
        return Position.from_view(self.on_roll, self.other, on_roll_player)

    def owner_player(self, on_roll_player: int) -> int:
        """The cube owner as a player number (-1 centred), given who is on roll."""
        if self.cube_owner == 0:
            return -1
        return on_roll_player if self.cube_owner == 1 else 1 - on_roll_player


def _fail(text: str, why: str) -> IdError:
    return IdError(N_("Snowie position {text}: {why}").format(text=repr(text), why=why))


def decode_snowie(text: str) -> SnowiePosition:
    """Read a Snowie text position (the text between the parentheses of an illegal-play cell).

    Raises :class:`IdError` with a one-line message for a wrong field count, a non-number,
    values out of range, more than 15 checkers for a side, or dice given by halves.
    """
    raw = text.strip()
    fields = raw.split(";")
    if len(fields) > 1 and fields[-1].strip() == "":
        fields.pop()  # a trailing ';'

    if len(fields) != FIELDS:
        raise _fail(
            raw,
            N_("has {count} ';'-separated fields, not {fields}").format(
                count=len(fields), fields=FIELDS
            ),
        )

    def number(index: int, low: int, high: int) -> int:
        value = fields[index].strip()
        body = value[1:] if value.startswith("-") else value
        if not body.isdigit() or not body.isascii():
            raise _fail(
                raw,
                N_("field {index} {value} is not a whole number").format(
                    index=index, value=repr(value)
                ),
            )
        n = int(value)
        if not low <= n <= high:
            raise _fail(
                raw,
                N_("field {index} is {n}, not {low}..{high}").format(
                    index=index, n=n, low=low, high=high
                ),
            )
        return n

    cube = number(10, 1, 1 << 15)
    if cube & (cube - 1):
        raise _fail(raw, N_("cube value {cube} is not a power of 2").format(cube=cube))
    on_roll = [0] * 26
    other = [0] * 26
    for point in range(1, 25):
        n = number(12 + point, -CHECKERS, CHECKERS)
        if n > 0:
            on_roll[point] = n
        elif n < 0:
            other[25 - point] = -n
    other[BAR] = abs(number(12, -CHECKERS, CHECKERS))
    on_roll[BAR] = abs(number(37, -CHECKERS, CHECKERS))
    for side, cells in ((N_("player on roll"), on_roll), (N_("other player"), other)):
        total = sum(cells)
        if total > CHECKERS:
            raise _fail(
                raw,
                N_("the {side} has {total} checkers, more than 15").format(side=side, total=total),
            )
        cells[OFF] = CHECKERS - total
    d0, d1 = number(38, 0, 6), number(39, 0, 6)
    if (d0 == 0) != (d1 == 0):
        raise _fail(raw, N_("dice {d0} and {d1} (both 1..6, or both 0)").format(d0=d0, d1=d1))
    return SnowiePosition(
        match_length=number(0, 0, 1 << 15),
        jacoby=bool(number(1, 0, 1)),
        unknown=(number(2, -(1 << 15), 1 << 15), number(3, -(1 << 15), 1 << 15)),
        on_roll_field=number(4, 0, 1),
        names=(fields[5].strip(), fields[6].strip()),
        crawford=bool(number(7, 0, 1)),
        scores=(number(8, 0, 1 << 15), number(9, 0, 1 << 15)),
        cube_value=cube,
        cube_owner=number(11, -1, 1),
        on_roll=tuple(on_roll),
        other=tuple(other),
        dice=(d0, d1) if d0 else None,
    )
