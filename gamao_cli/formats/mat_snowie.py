"""The Snowie text position inside ``.mat`` ``Illegal play (...)`` cells, minimally.

40 ``;``-separated fields (formats.md 4.4): 0 match length, 1 Jacoby, 2-3 unknown, 4 player on
roll (unreliable: gnubg's writer flips it), 5 name of the player on roll, 6 the other name,
7 Crawford game, 8-9 scores (player on roll first), 10 cube value, 11 cube owner (1 the player
on roll, 0 centred, -1 the other), 12 the other player's bar, 13-36 points 1..24 seen from the
player on roll (positive: own checkers, negative: the other player's), 37 the bar of the
player on roll, 38-39 that player's dice (``0;0``: not rolled yet).

In a ``.mat`` file the cell gives the position AFTER the illegal play, with the NEXT player on
roll (formats.md 8.1).
"""

from __future__ import annotations

from dataclasses import dataclass

from gamao_cli.model.actions import BAR, OFF, Board

CHECKERS = 15
FIELDS = 40


class SnowieError(ValueError):
    """The text is not a Snowie position."""


@dataclass(frozen=True, slots=True)
class SnowiePosition:
    """A decoded Snowie text position, seen from the player on roll."""

    mover: Board  # the player on roll's board, own numbering
    other: Board  # the other player's board, own numbering
    names: tuple[str, str]  # (on roll, other)
    scores: tuple[int, int]  # (on roll, other)
    length: int
    cube_value: int
    cube_owner: int  # 1: the player on roll, 0: centred, -1: the other
    dice: tuple[int, int] | None


def _int(field: str, index: int) -> int:
    try:
        return int(field.strip())
    except ValueError:
        raise SnowieError(f"field {index} ({field!r}) is not a number") from None


def _board(counts: list[int], bar: int) -> Board:
    cells = [0] * 26
    for point, count in enumerate(counts, start=1):
        cells[point] = count
    cells[BAR] = bar
    cells[OFF] = CHECKERS - sum(cells)
    return tuple(cells)


def decode_snowie(text: str) -> SnowiePosition:
    """Decode the fields between the parentheses of ``Illegal play (...)``."""
    fields = text.split(";")
    if len(fields) == FIELDS + 1 and not fields[-1].strip():
        fields.pop()
    if len(fields) != FIELDS:
        raise SnowieError(f"a Snowie position has {FIELDS} fields, this one has {len(fields)}")
    values = {i: _int(fields[i], i) for i in range(FIELDS) if i not in (5, 6)}
    points = [values[13 + i] for i in range(24)]
    own_bar, other_bar = values[37], values[12]
    if own_bar < 0 or other_bar < 0:
        raise SnowieError("a bar count is negative")
    mover = _board([max(n, 0) for n in points], own_bar)
    other_points = [0] * 24
    for i, n in enumerate(points, start=1):
        if n < 0:
            other_points[25 - i - 1] = -n
    other = _board(other_points, other_bar)
    for who, board in (("player on roll", mover), ("other player", other)):
        if board[OFF] < 0:
            raise SnowieError(f"the {who} has more than {CHECKERS} checkers")
    d1, d2 = values[38], values[39]
    if (d1, d2) == (0, 0):
        dice: tuple[int, int] | None = None
    elif 1 <= d1 <= 6 and 1 <= d2 <= 6:
        dice = (d1, d2)
    else:
        raise SnowieError(f"dice {d1};{d2} are not 1..6")
    owner = values[11]
    if owner not in (-1, 0, 1):
        raise SnowieError(f"cube owner {owner} is not -1, 0 or 1")
    return SnowiePosition(
        mover=mover,
        other=other,
        names=(fields[5].strip(), fields[6].strip()),
        scores=(values[8], values[9]),
        length=values[0],
        cube_value=values[10],
        cube_owner=owner,
        dice=dice,
    )


def encode_snowie(position: SnowiePosition) -> str:
    """The Snowie text of a position (the inverse of :func:`decode_snowie`), ``;``-terminated."""
    points = []
    for i in range(1, 25):
        own, theirs = position.mover[i], position.other[25 - i]
        points.append(own if own else -theirs)
    d1, d2 = position.dice or (0, 0)
    fields: list[object] = [
        position.length, 0, 1, 0, 0, position.names[0], position.names[1], 0,
        position.scores[0], position.scores[1], position.cube_value, position.cube_owner,
        position.other[BAR], *points, position.mover[BAR], d1, d2,
    ]  # fmt: skip
    return "".join(f"{f};" for f in fields)
