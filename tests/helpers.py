"""Small builders shared by tests."""

from __future__ import annotations

import random
from pathlib import Path

from gamao_cli.engine.movegen import legal_plays
from gamao_cli.engine.position import Position, board_from_points
from gamao_cli.model.actions import Board, Step

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus" / "real"
FIXTURES = REPO / "tests" / "fixtures"


def board(points: dict[int, int]) -> Board:
    return board_from_points(points)


def view(me: dict[int, int], opp: dict[int, int]) -> Position:
    """A position with player 0 on roll; ``opp`` in the opponent's own numbering."""
    return Position.from_view(board(me), board(opp), 0)


def steps(*hops: tuple[int, int]) -> list[Step]:
    return [Step(f, t) for f, t in hops]


def random_positions(seed: int, games: int) -> list[tuple[Position, tuple[int, int]]]:
    """(position, roll) pairs from random legal self-play."""
    rng = random.Random(seed)
    out: list[tuple[Position, tuple[int, int]]] = []
    for _ in range(games):
        pos = Position.start()
        while not pos.is_game_over():
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            out.append((pos, dice))
            plays = legal_plays(pos, dice)
            if plays:
                play = rng.choice(plays)
                pos = Position.from_view(play.mover, play.opponent, pos.turn).switched()
            else:
                pos = pos.switched()
    return out
