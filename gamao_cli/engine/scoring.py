"""Game results and their value (RULES.md E1-E6, C5)."""

from __future__ import annotations

from enum import Enum, IntEnum

from gamao_cli.model.actions import BAR, OFF, Board

CHECKERS = 15


class ResultType(IntEnum):
    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3

    @property
    def label(self) -> str:
        return self.name.lower()


class Ending(str, Enum):
    BEAR_OFF = "bear-off"
    DROP = "drop"
    RESIGNATION = "resignation"


def result_type(loser: Board) -> ResultType:
    """The result when the other player has borne off all 15 (E2-E4), from the loser's board:
    a backgammon needs a loser's checker on the bar or in the winner's home board, which is the
    loser's points 19..24."""
    if loser[OFF] > 0:
        return ResultType.SINGLE
    if loser[BAR] or any(loser[19:25]):
        return ResultType.BACKGAMMON
    return ResultType.GAMMON


def max_result(loser: Board) -> ResultType:
    """The most a resignation could be worth now (same test as :func:`result_type`)."""
    return result_type(loser)


def game_points(level: int, cube: int, *, jacoby: bool = False, cube_turned: bool = True) -> int:
    """Points for a game won at ``level`` (1-3) with ``cube``. Under Jacoby (money play), a
    gammon or backgammon counts single while the cube has not been turned (C5)."""
    if jacoby and not cube_turned:
        level = 1
    return level * cube


def is_finished(board: Board) -> bool:
    return board[OFF] == CHECKERS
