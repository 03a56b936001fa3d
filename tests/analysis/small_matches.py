"""Two small matches built from model objects, with every figure counted by hand.

Match A, 3 points, "Alice" vs "Bob":
  game 1 (0-0): Alice 21: 13/11 6/5; Bob 41: 24/20* 24/23 (hits Alice's blot on her 5);
      Alice 66 dances (Bob holds her 19); Bob 53: 13/8 13/10; Alice 31: bar/22 6/5*
      (hitting Bob's checker on her 5); Bob doubles, Alice drops: Bob +1.
      Pips after each roll (Alice, Bob): 164/167, 184/162, 184/162, 184/154, 180/159.
  game 2 (0-1): Alice 65: 24/13; Bob 31: 8/5 6/5; Alice doubles, Bob takes;
      Alice 42: 8/4 6/4; Bob resigns a single game at cube 2: Alice +2.
  game 3 (2-1, Crawford): Bob 52: 13/8 13/11; Alice 64: 24/18 13/9; Alice resigns a gammon:
      Bob +2, Bob wins the match 3-2.
Match B, 1 point, "alice " vs "BOB,1650" (the same two players, spelled otherwise):
  game 1 (0-0): Alice 31: 8/5 6/5; Bob resigns: Alice +1 and the match.
"""

from __future__ import annotations

from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.records import MatchReplay
from gamao_cli.analysis.replay import replay_match
from gamao_cli.model.actions import Double, Drop, Move, Step, Take, Win
from gamao_cli.model.location import Location
from gamao_cli.model.match import Game, Match

FILE_A = "a.mat"
FILE_B = "b.mat"


def _move(
    player: int, dice: tuple[int, int], *hops: tuple[int, int], number: int, line: int
) -> Move:
    steps = tuple(Step(f, t) for f, t in hops)
    text = f"{dice[0]}{dice[1]}: " + " ".join(str(s) for s in steps)
    return Move(
        player,
        dice,
        steps,
        text.rstrip(),
        number=number,
        location=Location(FILE_A, line, 1 + 30 * player),
    )


def match_a() -> Match:
    g1 = Game(
        number=1,
        score=(0, 0),
        actions=(
            _move(0, (2, 1), (13, 11), (6, 5), number=1, line=10),
            _move(1, (4, 1), (24, 20), (24, 23), number=1, line=10),
            _move(0, (6, 6), number=2, line=11),
            _move(1, (5, 3), (13, 8), (13, 10), number=2, line=11),
            _move(0, (3, 1), (25, 22), (6, 5), number=3, line=12),
            Double(1, 2, "Doubles => 2", number=3, location=Location(FILE_A, 12, 31)),
            Drop(0, "Drops", number=4, location=Location(FILE_A, 13, 1)),
            Win(1, 1, text="Wins 1 point", location=Location(FILE_A, 14, 31)),
        ),
        location=Location(FILE_A, 8),
    )
    g2 = Game(
        number=2,
        score=(0, 1),
        actions=(
            _move(0, (6, 5), (24, 18), (18, 13), number=1, line=20),
            _move(1, (3, 1), (8, 5), (6, 5), number=1, line=20),
            Double(0, 2, "Doubles => 2", number=2, location=Location(FILE_A, 21, 1)),
            Take(1, "Takes", number=2, location=Location(FILE_A, 21, 31)),
            _move(0, (4, 2), (8, 4), (6, 4), number=3, line=22),
            Win(0, 2, text="Wins 2 points", location=Location(FILE_A, 23, 1)),
        ),
        location=Location(FILE_A, 18),
    )
    g3 = Game(
        number=3,
        score=(2, 1),
        actions=(
            _move(1, (5, 2), (13, 8), (13, 11), number=1, line=30),
            _move(0, (6, 4), (24, 18), (13, 9), number=2, line=31),
            Win(
                1,
                2,
                and_the_match=True,
                text="Wins 2 points and the match",
                location=Location(FILE_A, 32, 31),
            ),
        ),
        location=Location(FILE_A, 28),
    )
    return Match(("Alice", "Bob"), 3, (g1, g2, g3), location=Location(FILE_A, 1))


def match_b() -> Match:
    move = Move(
        0,
        (3, 1),
        (Step(8, 5), Step(6, 5)),
        "31: 8/5 6/5",
        number=1,
        location=Location(FILE_B, 5, 1),
    )
    game = Game(
        number=1,
        score=(0, 0),
        actions=(move, Win(0, 1, and_the_match=True, location=Location(FILE_B, 6, 1))),
        location=Location(FILE_B, 3),
    )
    return Match(("alice ", "BOB,1650"), 1, (game,), location=Location(FILE_B, 1))


def replays(analyse_plays: bool = True) -> list[MatchReplay]:
    options = CheckOptions(analyse_plays=analyse_plays)
    return [
        replay_match(match_a(), options, 0, FILE_A),
        replay_match(match_b(), options, 0, FILE_B),
    ]
