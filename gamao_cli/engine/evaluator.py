"""What skill analysis asks of a backgammon engine: gamao's own small protocol.

An :class:`Evaluator` evaluates a checker play (every legal play with its equity), a cube
decision (no double / double-take / double-pass) and the 21 rolls of a position (the equity
of the best play of each, for luck). Positions are gamao's boards in their owners' numbering
(``model.actions.Board``), always seen from the player on roll; the cube and the score are an
:class:`EvalContext` from that player's side. Every equity is cubeful and **normalised**
(EMG: +1 is a single game won at the current cube), as in ``model.analysis``.

The bgsage implementation lives in ``engine/bgsage_eval.py``; it is the only module of gamao
that imports bgsage. ``engine/eval_cache.py`` wraps any evaluator in a cache.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from gamao_cli.model.actions import Board
from gamao_cli.model.analysis import Probabilities

CENTRED = -1
ROLLER = 0  # the cube owner is the player on roll
OTHER = 1  # the cube owner is the other player

ROLLS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
"""The 21 distinct rolls, in the order :meth:`Evaluator.rolls` returns their equities."""

LEVELS = ("1ply", "2ply", "3ply")
"""Evaluation depths, in XG's numbering (1-ply is the raw network: gnubg's 0-ply)."""


@dataclass(frozen=True, slots=True)
class EvalContext:
    """Cube and score from the side of the player on roll.

    ``away``/``opp_away`` are the points each side still needs (both 0 in money play).
    ``cube_owner`` is :data:`CENTRED`, :data:`ROLLER` or :data:`OTHER`.
    """

    cube_value: int = 1
    cube_owner: int = CENTRED
    away: int = 0
    opp_away: int = 0
    crawford: bool = False
    jacoby: bool = False
    beavers: bool = False

    @property
    def is_money(self) -> bool:
        return self.away == 0 and self.opp_away == 0

    def key(self) -> str:
        """A stable text key (for caches)."""
        flags = f"{int(self.crawford)}{int(self.jacoby)}{int(self.beavers)}"
        return f"{self.cube_value}:{self.cube_owner}:{self.away}:{self.opp_away}:{flags}"


@dataclass(frozen=True, slots=True)
class PlayEval:
    """One legal play: both boards after it (mover's first) and its equity for the mover."""

    mover: Board
    opponent: Board
    equity: float
    cubeless: float | None = None
    probabilities: Probabilities | None = None
    level: str = ""


@dataclass(frozen=True, slots=True)
class CheckerEval:
    """Every legal play of a roll, best first (empty when the roll cannot be played)."""

    plays: tuple[PlayEval, ...]
    level: str


@dataclass(frozen=True, slots=True)
class CubeEval:
    """A cube decision before the roll, from the side of the player who may double."""

    no_double: float
    double_take: float
    double_pass: float
    probabilities: Probabilities | None
    level: str

    @property
    def doubled(self) -> float:
        """What doubling is worth: the opponent answers for the best of take and pass."""
        return min(self.double_take, self.double_pass)

    @property
    def best(self) -> float:
        return max(self.no_double, self.doubled)


class Evaluator(Protocol):
    """An engine behind skill analysis (see the module docstring)."""

    @property
    def name(self) -> str:
        """The engine and its level, e.g. ``"bgsage 1-ply"``: the ``source`` of its records."""
        ...

    def checker(
        self,
        mover: Board,
        opponent: Board,
        dice: tuple[int, int],
        ctx: EvalContext,
        played: tuple[Board, Board] | None = None,
    ) -> CheckerEval:
        """Every legal play of ``dice``, with its cubeful normalised equity, best first.
        ``played`` (both boards after the play made) is evaluated at the full level even
        where a deep search would prune it."""
        ...

    def cube(self, mover: Board, opponent: Board, ctx: EvalContext) -> CubeEval:
        """The cube decision of the player on roll, before rolling."""
        ...

    def rolls(self, mover: Board, opponent: Board, ctx: EvalContext) -> tuple[float, ...]:
        """For each roll of :data:`ROLLS`: the equity after its best play (for luck)."""
        ...

    def mwc(self, equity: float, ctx: EvalContext) -> float | None:
        """The match-winning chance of a normalised equity (None in money play)."""
        ...


def luck_of(equities: tuple[float, ...], dice: tuple[int, int], opening: bool = False) -> float:
    """The luck of ``dice``: the equity of its best play against the average over all 36
    rolls (a non-double counts twice). An opening roll cannot be a double: the average is then
    over the 30 non-doubles (gnubg's and bgsage's rule)."""
    lo, hi = min(dice), max(dice)
    total = 0.0
    weight = 0
    actual = 0.0
    for (a, b), eq in zip(ROLLS, equities, strict=True):
        if a == lo and b == hi:
            actual = eq
        if opening and a == b:
            continue
        w = 1 if a == b else 2
        total += w * eq
        weight += w
    return actual - total / weight
