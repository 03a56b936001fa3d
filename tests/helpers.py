"""Small builders shared by tests."""

from __future__ import annotations

import random
from pathlib import Path

from gamao_cli.engine.movegen import legal_plays
from gamao_cli.engine.notation import to_model_steps
from gamao_cli.engine.position import Position, board_from_points
from gamao_cli.model.actions import Board, Move, Step, Win
from gamao_cli.model.location import Location
from gamao_cli.model.match import Game, Match

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


def self_play(seed: int, games: int, plays: int | None = None) -> Match:
    """Random legal self-play as a money session: ``games`` games, each played out to its
    bear-off (hits, dances, the bar and bearing off all come up) and its ``Wins`` line, or
    stopped after ``plays`` plays. The opening roll is never a double."""
    rng = random.Random(seed)
    made = []
    for number in range(1, games + 1):
        pos = Position.start(turn=rng.randint(0, 1))
        actions: list[Move | Win] = []
        while not pos.is_game_over() and (plays is None or len(actions) < plays):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            while not actions and dice[0] == dice[1]:
                dice = (rng.randint(1, 6), rng.randint(1, 6))
            found = legal_plays(pos, dice)
            moved: tuple[Step, ...] = ()
            if found:
                play = rng.choice(found)
                moved = to_model_steps(play.steps)
                pos = Position.from_view(play.mover, play.opponent, pos.turn).switched()
            else:
                pos = pos.switched()
            actions.append(Move(1 - pos.turn, dice, moved, number=len(actions) + 1))
        if pos.is_game_over():
            actions.append(Win(1 - pos.turn, 1))
        made.append(Game(number, (0, 0), tuple(actions)))
    return Match(("a", "b"), 0, tuple(made), location=Location("g.mat"))
