"""Games of every variant played by a seeded random player through the rule-set generator:
test material for the replay and the property tests (the moves are legal by construction, so
a replay of them must come out clean)."""

from __future__ import annotations

import random

from gamao_cli.engine.plays import generate
from gamao_cli.engine.ruleset import POOL, RuleSet
from gamao_cli.model.actions import OFF, Action, Board, Move, Step, Win
from gamao_cli.model.match import Game, Match, Rules


def _roll(rng: random.Random, count: int = 2) -> tuple[int, ...]:
    return tuple(rng.randint(1, 6) for _ in range(count))


def play_game(
    rs: RuleSet, seed: int, *, entries_from_off: bool = False, max_turns: int = 400
) -> tuple[list[Action], list[tuple[Board, Board, int]]]:
    """One game: its actions (moves and the result) and the position before each move
    (both boards and the player on roll)."""
    rng = random.Random(seed)
    boards = list(rs.start_boards())
    player = rng.randint(0, 1)
    actions: list[Action] = []
    before: list[tuple[Board, Board, int]] = []
    dice = _roll(rng, rs.dice)
    while dice[0] == dice[1] and not rs.opening_reroll:
        dice = _roll(rng, rs.dice)
    named = False
    for number in range(1, max_turns + 1):
        me, opp = boards[player], boards[1 - player]
        before.append((boards[0], boards[1], player))
        best, plays = generate(rs, me, opp, dice)
        steps: tuple[Step, ...] = ()
        if plays:
            play = plays[rng.randrange(len(plays))]
            steps = tuple(
                Step(OFF if f == POOL and entries_from_off else f, t, h) for f, t, h in play.steps
            )
            boards[player], boards[1 - player] = play.mover, play.opponent
        # Tabula's three dice: the first two in Move.dice, all of them in Move.roll.
        actions.append(
            Move(
                player,
                (dice[0], dice[1]),
                steps,
                text="".join(map(str, dice)),
                number=number,
                roll=dice if len(dice) > 2 else (),
            )
        )
        if boards[player][OFF] == rs.checkers:
            actions.append(Win(player, rs.result_level(boards[1 - player])))
            return actions, before
        full = best == (4 if len(dice) == 2 and dice[0] == dice[1] else len(dice))
        again = False
        if named:
            named = False
            again = full or rs.acey_reroll_always
        elif rs.acey_deucey and sorted(dice) == [1, 2] and full:
            named = again = True
        elif dice[0] == dice[1] and full and rs.doubles_extra_roll:
            again = True
        if not again:
            player = 1 - player
        if named:
            n = rng.randint(1, 6)
            dice = (n, n)
        else:
            dice = _roll(rng, rs.dice)
    raise AssertionError(f"no end after {max_turns} turns (seed {seed})")


def play_match(rs: RuleSet, seeds: list[int], **kwargs: bool) -> Match:
    """A money session of one game per seed, tagged with the rule set's variant."""
    games = tuple(
        Game(number=i + 1, score=None, actions=tuple(play_game(rs, seed, **kwargs)[0]))
        for i, seed in enumerate(seeds)
    )
    return Match(("alice", "bob"), 0, games, rules=Rules(variant=rs.variant, jacoby=False))
