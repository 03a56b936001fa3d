"""The plays a replay applies, without the rest of the replay (fingerprints' fast path).

A fingerprint, and ``filter --reaches`` without ``--where``, read only the boards after each
play (:attr:`MatchReplayer.applied`). The full replay also judges the cube, the score, the
turns and the result, and builds findings: on the real corpus, 48 ms against 27 ms for the
boards alone. :func:`plays_applied` follows the replay's board logic alone
(:mod:`game_replay`: ``on_move``, ``on_no_play``, ``after_play``, the end of a game) for the
rule sets of standard movement (:attr:`RuleSet.standard_moves`: two dice, turns as in
backgammon), reading each play as the checker reads it (:meth:`engine.plays.Moves.play_result`).
It gives up (None) where that logic depends on more than the boards: a play or a set-up
position after a drop or a result line (whether the game had ended then depends on the cube
and the score), or another rule set; the caller then replays the match in full. So the list it
returns is the full replay's, item for item: tests compare the two on every record the project
holds and on randomly altered ones.

Compiled (setup.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from gamao_cli.analysis.records import Applied
from gamao_cli.engine.plays import moves_of
from gamao_cli.engine.ruleset import RuleSet
from gamao_cli.model.actions import (
    OFF,
    Action,
    Board,
    Drop,
    Move,
    MoveMark,
    SetPosition,
    Win,
)
from gamao_cli.model.match import Game, Match

_UNPARSED: Final = MoveMark.UNPARSED
_EMPTY: Final = MoveMark.EMPTY
_UNKNOWN: Final = MoveMark.UNKNOWN


def plays_applied(match: Match, rs: RuleSet) -> list[Applied] | None:
    """Every play the replay of ``match`` under ``rs`` applies, in order, as
    (move, the mover's board after, the opponent's board after); None when only the full
    replay can tell (see the module's documentation)."""
    if not rs.standard_moves:
        return None
    applied: list[Applied] = []
    start = rs.start_boards()
    for game in match.games:
        if not _game(game, rs, start, applied):
            return None
    return applied


def _game(game: Game, rs: RuleSet, start: tuple[Board, Board], applied: list[Applied]) -> bool:
    """Append ``game``'s applied plays; False when the full replay is needed."""
    boards: list[Board] | None = [start[0], start[1]]
    if game.start is not None:
        boards = [game.start.boards[0], game.start.boards[1]]
    checkers = rs.checkers
    moves = moves_of(rs)
    ended = False  # borne off: the replay skips every action but result lines
    settled = False  # a drop or a result line: whether the game ended depends on more
    actions = game.actions
    size = len(actions)
    for i in range(size):
        action = actions[i]
        if isinstance(action, Win):
            settled = True
            continue
        if ended:
            continue
        if isinstance(action, SetPosition):
            if settled:
                return False
            boards = None if rs.problems(action.boards) else list(action.boards)
            continue
        if isinstance(action, Drop):
            settled = True
            continue
        if not isinstance(action, Move):
            continue
        if settled:
            return False
        if boards is None:
            continue  # the rest of the game cannot be verified: nothing is applied
        dice = action.dice
        roll = action.roll or dice
        if (
            not (1 <= dice[0] <= 6 and 1 <= dice[1] <= 6)
            or len(roll) != 2
            or (action.roll and not all(1 <= d <= 6 for d in roll))
            or action.mark is _UNPARSED
        ):
            boards = None  # a bad roll or an unreadable play: unverifiable from here
            continue
        player = action.player
        me = boards[player]
        opp = boards[1 - player]
        if action.steps:
            after = moves.play_result(rs, me, opp, roll, action.steps)
            if after is None:
                boards = None  # the play cannot be applied
                continue
            mover, opponent = after
        else:
            plays = moves.plays(rs, me, opp, roll)
            mover, opponent = me, opp
            if (action.mark is _EMPTY or action.mark is _UNKNOWN) and _last_roll(actions, i):
                # An empty roll cell before the result: the roller resigned after rolling,
                # or bore off the last checkers in a play left out (replayed).
                if _winner(actions) != player:
                    continue
                winning = [p for p in plays if p.mover[OFF] == checkers]
                if winning:
                    mover, opponent = winning[0].mover, winning[0].opponent
                elif plays:
                    continue  # the other player resigned once the roller had rolled
            elif len(plays) == 1:
                mover, opponent = plays[0].mover, plays[0].opponent  # a forced play left out
        applied.append((action, mover, opponent))
        boards[player] = mover
        boards[1 - player] = opponent
        if mover[OFF] == checkers:
            ended = True
    return True


def _last_roll(actions: Sequence[Action], i: int) -> bool:
    """Whether nothing but result lines follows action ``i``."""
    return all(isinstance(actions[k], Win) for k in range(i + 1, len(actions)))


def _winner(actions: Sequence[Action]) -> int | None:
    """The winner the game's first result line names."""
    for action in actions:
        if isinstance(action, Win):
            return action.player
    return None
