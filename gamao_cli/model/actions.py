"""The actions of a game, in file order, as recorded.

Players are 0 and 1: player 0 is the left column of a ``.mat`` file, gnubg's player 0 and
SGF's White. Points are counted from the mover's own side: 1..24, the bar is 25, off is 0.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Final

from gamao_cli.model.location import NOWHERE, Location

# Final: compiled modules use these values inline instead of looking the names up.
BAR: Final = 25
OFF: Final = 0

# A board: per player, 26 counts in that player's own numbering:
# index 0 = borne off, 1..24 = points, 25 = bar.
Board = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Step:
    """One hop of a recorded play: ``from_point/to_point``, possibly spanning several dice.

    ``hit`` is the hit mark as written (``*``); the engine computes real hits itself.
    ``via_hits`` are intermediate points written with a hit mark (``8/4*/3``).
    """

    from_point: int
    to_point: int
    hit: bool = False
    via_hits: tuple[int, ...] = ()

    def __str__(self) -> str:
        def name(p: int) -> str:
            return "bar" if p == BAR else "off" if p == OFF else str(p)

        vias = "".join(f"/{name(v)}*" for v in self.via_hits)
        return f"{name(self.from_point)}{vias}/{name(self.to_point)}{'*' if self.hit else ''}"


class MoveMark(str, Enum):
    """What the play part of a roll cell said, beyond its steps."""

    PLAY = "play"  # steps were written (or a dance by an empty step list in SGF)
    EMPTY = "empty"  # dice and nothing else
    CANNOT_MOVE = "cannot-move"  # "Cannot Move"
    UNKNOWN = "unknown"  # "????": XG's resignation after rolling
    UNPARSED = "unparsed"  # text the reader could not read as a play (kept in ``text``)


@dataclass(frozen=True, slots=True)
class Move:
    """A roll and the play recorded for it."""

    player: int
    dice: tuple[int, int]  # in the order written
    steps: tuple[Step, ...]
    text: str = ""  # the cell as written, e.g. "31: 8/5 6/5"
    mark: MoveMark = MoveMark.PLAY
    number: int | None = None  # the row number in the file, where it has one
    location: Location = NOWHERE
    roll: tuple[int, ...] = ()  # every die, when a roll has more than two (tabula's three)

    @property
    def all_dice(self) -> tuple[int, ...]:
        """Every die rolled: :attr:`roll` where the roll has more than two dice, else
        :attr:`dice`."""
        return self.roll or self.dice


@dataclass(frozen=True, slots=True)
class Double:
    player: int
    value: int  # the cube value offered (the new value)
    text: str = ""
    number: int | None = None
    location: Location = NOWHERE


@dataclass(frozen=True, slots=True)
class Take:
    player: int
    text: str = ""
    number: int | None = None
    location: Location = NOWHERE


@dataclass(frozen=True, slots=True)
class Drop:
    player: int
    text: str = ""
    number: int | None = None
    location: Location = NOWHERE


@dataclass(frozen=True, slots=True)
class Beaver:
    """The doubled player takes and redoubles at once (money play); ``value`` is the new cube."""

    player: int
    value: int
    text: str = ""
    number: int | None = None
    location: Location = NOWHERE


@dataclass(frozen=True, slots=True)
class Resign:
    """An explicit resignation offer (SGF); ``level`` is 1, 2 or 3 (single/gammon/backgammon)."""

    player: int
    level: int
    accepted: bool = True
    text: str = ""
    number: int | None = None
    location: Location = NOWHERE


@dataclass(frozen=True, slots=True)
class SetPosition:
    """A position set in the record (SGF setup, ``.mat`` ``Illegal play (...)`` cells).

    ``boards`` is both players' boards in their own numbering, ``turn`` the player on roll,
    ``dice`` that player's dice if the record gives them.
    """

    boards: tuple[Board, Board]
    turn: int
    dice: tuple[int, int] | None = None
    cube_value: int | None = None
    cube_owner: int | None = None  # None: not said; -1: centred
    text: str = ""
    number: int | None = None
    location: Location = NOWHERE
    player: int | None = None  # the column the cell stood in, if any


@dataclass(frozen=True, slots=True)
class Win:
    """The result line as recorded: ``Wins N point(s) [and the match]`` or SGF ``RE``.

    ``player`` is None where the record does not say who won (a ``Wins`` line at column 1).
    ``resigned`` is True/False where the record says (SGF ``RE[W+2R]``), None where it does not.
    """

    player: int | None
    points: int
    and_the_match: bool = False
    resigned: bool | None = None
    text: str = ""
    number: int | None = None
    location: Location = NOWHERE
    extra: tuple[tuple[str, str], ...] = field(default=())


Action = Move | Double | Take | Drop | Beaver | Resign | SetPosition | Win
