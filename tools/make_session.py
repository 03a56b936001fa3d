"""One long money session of short self-played games, as a ``.mat`` file (issue 27).

    .venv/bin/python tools/make_session.py OUT.mat --games 1000000 [--seed 1] [--pool 2000]

Each game is random legal self-play (the engine's legal plays, drawn from the seed): an
opening roll that is not a double, up to two more plays, then the player on roll doubles
and the other drops, so every game ends with its ``Wins 1 point`` line and the session's
scores follow from the games: the file checks clean. ``--pool`` distinct games are played
out and the session draws its games from them (a million games are written in seconds).
Written a game at a time: memory stays flat whatever ``--games`` is. The same seed gives
the same file, byte for byte.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from gamao_cli.engine.notation import to_model_steps
from gamao_cli.engine.plays import legal_plays
from gamao_cli.engine.position import Position
from gamao_cli.engine.ruleset import STANDARD
from gamao_cli.formats.mat.writer import write_mat_game
from gamao_cli.model.actions import Action, Double, Drop, Move, Step, Win
from gamao_cli.model.match import Game, Match

PLAYERS = ("Ana Silva", "Bruno Costa")


def short_game(rng: random.Random) -> tuple[Action, ...]:
    """The actions of one short legal game: 1-3 plays, a double, a drop and the win."""
    pos = Position.start(turn=rng.randint(0, 1))
    actions: list[Action] = []
    for _ in range(rng.randint(1, 3)):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        while not actions and dice[0] == dice[1]:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
        found = legal_plays(STANDARD, pos.mover, pos.opponent, dice)
        moved: tuple[Step, ...] = ()
        if found:
            play = rng.choice(found)
            moved = to_model_steps(play.steps)
            pos = Position.from_view(play.mover, play.opponent, pos.turn).switched()
        else:
            pos = pos.switched()
        actions.append(Move(1 - pos.turn, dice, moved))
    doubler = pos.turn
    actions += [Double(doubler, 2), Drop(1 - doubler), Win(doubler, 1)]
    return tuple(actions)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pool", type=int, default=2000)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    pool = [short_game(rng) for _ in range(args.pool)]
    session = Match(PLAYERS, 0, ())
    score = [0, 0]
    with args.out.open("w", encoding="utf-8", newline="\n") as out:
        out.write(" 0 point match\n\n")
        for number in range(1, args.games + 1):
            actions = pool[rng.randrange(len(pool))]
            game = Game(number, (score[0], score[1]), actions)
            write_mat_game(game, session, out)
            win = actions[-1]
            assert isinstance(win, Win) and win.player is not None
            score[win.player] += win.points
    size = args.out.stat().st_size
    print(f"{args.games} games, {size / 1e6:.1f} MB: {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
