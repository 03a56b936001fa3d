"""Positions: both sides' checkers, the bar and off, and the side on roll.

A board is 26 counts in its owner's numbering: index 0 = borne off, 1..24 = points (the
owner moves from 24 toward 1; 1..6 is home), 25 = bar. Player ``p``'s point ``i`` is the
other player's point ``25 - i``. Player 0 is the ``.mat`` left column, gnubg's player 0 and
SGF's White.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamao_cli.engine.ruleset import rule_set
from gamao_cli.model.actions import BAR, OFF, Board
from gamao_cli.model.match import Variant

CHECKERS = 15


def board_from_points(points: dict[int, int]) -> Board:
    """A board from ``{point: count}`` (bar = 25); the rest of the 15 checkers are off."""
    cells = [0] * 26
    for point, count in points.items():
        if not 1 <= point <= BAR:
            raise ValueError(f"point {point} is not 1..25")
        cells[point] += count
    cells[OFF] = CHECKERS - sum(cells[1:])
    if cells[OFF] < 0:
        raise ValueError("more than 15 checkers")
    return tuple(cells)


def pip_count(board: Board) -> int:
    """Pips to bear off every checker (a checker on point i needs i pips; the bar is 25, and
    so is a checker still to enter, as :meth:`RuleSet.pips` counts it)."""
    total = 0
    for i in range(1, 26):  # a plain loop: compiled, several times faster than sum(map(...))
        total += board[i] * i
    for i in range(26, len(board)):
        total += board[i] * 25
    return total


@dataclass(frozen=True, slots=True)
class Position:
    """An immutable, hashable position: both boards (own numbering) and the player on roll."""

    boards: tuple[Board, Board]
    turn: int = 0

    @classmethod
    def start(cls, variant: Variant = Variant.STANDARD, turn: int = 0) -> Position:
        """The variant's start (its definition: engine.variants)."""
        return cls(rule_set(variant).start_boards(), turn)

    @classmethod
    def from_view(cls, mover: Board, opponent: Board, turn: int) -> Position:
        """A position from the mover's view: the boards of the player on roll and the other."""
        return cls((mover, opponent) if turn == 0 else (opponent, mover), turn)

    @property
    def mover(self) -> Board:
        return self.boards[self.turn]

    @property
    def opponent(self) -> Board:
        return self.boards[1 - self.turn]

    def pips(self, player: int) -> int:
        return pip_count(self.boards[player])

    def off(self, player: int) -> int:
        return self.boards[player][OFF]

    def switched(self) -> Position:
        """The same boards with the other player on roll."""
        return Position(self.boards, 1 - self.turn)

    def with_turn(self, turn: int) -> Position:
        return self if turn == self.turn else Position(self.boards, turn)

    def absolute(self) -> tuple[int, ...]:
        """Player 0's view: 28 signed counts, index 1..24 = player 0's points (positive for
        player 0, negative for player 1), 0 = player 1's bar (negative), 25 = player 0's bar,
        26 = player 0's checkers off, 27 = player 1's checkers off."""
        b0, b1 = self.boards
        cells = [0] * 28
        for i in range(1, 25):
            cells[i] = b0[i] - b1[25 - i]
        cells[0] = -b1[BAR]
        cells[25] = b0[BAR]
        cells[26] = b0[OFF]
        cells[27] = b1[OFF]
        return tuple(cells)

    @classmethod
    def from_absolute(cls, cells: tuple[int, ...] | list[int], turn: int = 0) -> Position:
        """The inverse of :meth:`absolute` (index 26 and 27 are ignored: off is derived)."""
        p0 = {i: cells[i] for i in range(1, 25) if cells[i] > 0}
        p1 = {25 - i: -cells[i] for i in range(1, 25) if cells[i] < 0}
        if cells[25]:
            p0[BAR] = abs(cells[25])
        if cells[0]:
            p1[BAR] = abs(cells[0])
        return cls((board_from_points(p0), board_from_points(p1)), turn)

    def problems(self) -> list[str]:
        """What makes this position impossible, as plain sentences (empty when valid)."""
        out: list[str] = []
        for player, board in enumerate(self.boards):
            if len(board) != 26:
                out.append(f"player {player}'s board has {len(board)} cells, not 26")
                continue
            if any(n < 0 for n in board):
                out.append(f"player {player} has a negative checker count")
            if sum(board) != CHECKERS:
                out.append(f"player {player} has {sum(board)} checkers, not 15")
        if not out:
            b0, b1 = self.boards
            for i in range(1, 25):
                if b0[i] and b1[25 - i]:
                    out.append(f"both players have checkers on player 0's point {i}")
        return out

    def is_game_over(self) -> bool:
        return self.boards[0][OFF] == CHECKERS or self.boards[1][OFF] == CHECKERS
