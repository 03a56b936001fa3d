"""A game's rolls and plays: the turn order, the dice, each play judged by the engine and
applied to the board (a forced play left out replayed), each recorded; set-up positions.

After an illegal play the replay goes on from the position as recorded when the recorded play
can be applied; when it cannot, the rest of the game is reported as unverifiable.

Compiled (setup.py): the hot path of a replay (:meth:`PlayReplay.on_move` for every roll).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, cast

from gamao_cli.analysis.codes import PLAY_CODES
from gamao_cli.analysis.records import PlayRecord
from gamao_cli.analysis.replay_findings import Reporter, dice_text
from gamao_cli.analysis.replay_rolls import RollReplay
from gamao_cli.analysis.replay_state import GameState, MatchSetting, ReplaySink
from gamao_cli.analysis.variant_turns import VARIANT_PLAY_CODES
from gamao_cli.engine.notation import format_play
from gamao_cli.engine.plays import Play, StepTuple, moves_of
from gamao_cli.engine.position import pip_count
from gamao_cli.engine.scoring import Ending
from gamao_cli.i18n import N_
from gamao_cli.model.actions import BAR, OFF, Action, Board, Move, MoveMark, SetPosition, Win
from gamao_cli.model.match import Game

_UNPARSED: Final = MoveMark.UNPARSED  # a constant of the compiled module: no look-up

_PLAY_RECORD: Final = PlayRecord
"""The class, held as a constant of the compiled module: no look-up by name per play."""

_new_record: Final = cast(
    Callable[[type[PlayRecord], tuple[object, ...]], PlayRecord], tuple.__new__
)
"""``PlayRecord`` from a tuple of its fields in order, without the keyword constructor."""

Judged = tuple[bool, tuple[StepTuple, ...], Board | None, Board | None, Sequence[Play] | None]
"""A play's verdict as the replay goes on with it: whether it is legal, its single-die steps,
the boards after it (None when it cannot be applied), the legal plays when listed."""


class PlayReplay:
    """The rolls of one game: judged, applied to :attr:`GameState.boards`, recorded."""

    def __init__(
        self,
        setting: MatchSetting,
        sink: ReplaySink,
        state: GameState,
        report: Reporter,
        game: Game,
    ) -> None:
        rs = setting.rs
        self.state: Final = state
        self.report: Final = report
        self.actions: Final = game.actions
        self.number: Final = game.number
        self.records: Final = sink.plays
        self.canonical: Final = sink.canonical
        self.applied: Final = sink.applied
        self.recording: Final = setting.recording
        self.analyse: Final = setting.analyse
        self.rs: Final = rs
        self.moves: Final = moves_of(rs)  # the generator and validator that play it
        self.checkers: Final = rs.checkers
        self.rolls: Final = RollReplay(rs, state, report)
        self.extra_turns: Final = self.rolls.extra_turns
        self.played = 0  # plays applied (after_play): one record each when recording
        self.first_bearoff: list[int | None] = [None, None]
        self.pips: tuple[int, int] | None = None  # both players' pips on the boards

    # -- a roll ----------------------------------------------------------------------------

    def on_move(self, move: Move, actions: Sequence[Action], i: int) -> None:
        state = self.state
        player = move.player
        dice = move.dice
        opening = self.rolls.take_turn(move)
        roll = move.roll or dice  # Move.all_dice, spelt out: a property is interpreted code
        if not self.rolls.replayable(move, roll, opening):
            self.unverifiable(move)  # nothing more once the game cannot be replayed
            return
        boards = state.boards
        assert boards is not None
        state.side = player
        me, opp = boards[player], boards[1 - player]
        state.plays += 1
        if move.mark is _UNPARSED:
            self.report.report(
                "R217",
                N_("the play '{play}' could not be read").format(play=move.text),
                move,
                dice=dice,
            )
            self.unverifiable(move)
            return
        if not move.steps:
            if self.extra_turns:
                self.rolls.after(player, dice, False)  # nothing played: no roll again
            self.on_no_play(move, dice, me, opp, _is_last_roll(actions, i))
            return
        quick = self.moves.quick_legal(self.rs, me, opp, roll, move.steps)
        mover: Board | None
        opponent: Board | None
        plays: Sequence[Play] | None
        if quick is not None:  # most plays: legal as written, no verdict built
            steps, mover, opponent, marks = quick
            legal, plays = True, None
            if self.canonical is not None:
                self.canonical[id(move)] = steps
            for point in marks:
                self.false_hit(move, dice, point)
        else:
            legal, steps, mover, opponent, plays = self.judged(move, me, opp, dice, roll)
        if mover is None or opponent is None:
            self.unverifiable(move)
            return
        count = None
        if self.analyse:
            if plays is not None:
                count = len(plays)
            else:  # legal: an illegal play's verdict lists the plays
                count = self.moves.play_count(self.rs, me, opp, roll, steps)
        if self.extra_turns:
            self.rolls.after(player, dice, _full(steps, dice) if legal else False)
        hits = sum(1 for s in steps if s[2]) if legal else _hits(opp, opponent)
        self.after_play(move, dice, me, opp, mover, opponent, hits, count, opening)

    def judged(
        self, move: Move, me: Board, opp: Board, dice: tuple[int, int], roll: tuple[int, ...]
    ) -> Judged:
        """The engine's verdict on a play the quick check did not pass, and its findings."""
        verdict = self.moves.judge(self.rs, me, opp, roll, move.steps)
        # The verdict's fields at once: one by one, each is a look-up by name.
        legal, code_, rule, message, steps, mover, opponent, reordered, listed, marks = verdict
        plays: Sequence[Play] | None = listed
        if not legal:
            if plays is None:
                plays = self.plays_for(me, opp, roll)
            code = code_ or "wrong-distance"
            if not plays and code not in ("no-play-recorded",):
                code = "play-when-dancing"
                message = N_("a play is recorded, but {dice} cannot be played here").format(
                    dice=dice_text(dice)
                )
            if code in VARIANT_PLAY_CODES:
                self.report.report(
                    VARIANT_PLAY_CODES[code], message, move, dice=dice, plays=plays, rule=rule
                )
            else:
                self.report.report(
                    PLAY_CODES[code], message, move, dice=dice, plays=plays, rule=None
                )
            return legal, steps, mover, opponent, plays
        if self.canonical is not None:
            self.canonical[id(move)] = steps
        if reordered:
            self.report.report(
                "R220",
                N_("legal, but not in the order written: {play}").format(play=format_play(steps)),
                move,
                dice=dice,
            )
        for point in marks:
            self.false_hit(move, dice, point)
        return legal, steps, mover, opponent, plays

    def false_hit(self, move: Move, dice: tuple[int, int], point: int) -> None:
        self.report.report(
            "R221",
            N_("a hit is marked on {point}, but no blot was there").format(point=point),
            move,
            dice=dice,
        )

    def on_no_play(
        self, move: Move, dice: tuple[int, int], me: Board, opp: Board, last_before_end: bool
    ) -> None:
        state = self.state
        report = self.report
        plays = self.plays_for(me, opp, move.all_dice)
        if last_before_end and move.mark in (MoveMark.EMPTY, MoveMark.UNKNOWN):
            if _result_winner(self.actions) != move.player:
                # An empty roll cell (or XG's ????) before the other player's result: the
                # roller resigned after rolling.
                state.plays -= 1
                return
            winning = [p for p in plays if p.mover[OFF] == self.checkers]
            if winning:
                # The roller won: the play that bore off the last checkers was left out.
                done = winning[0]
                report.report(
                    "R211",
                    N_(
                        "no play recorded, but {play} bore off the last checkers and won; it is "
                        "replayed"
                    ).format(play=format_play(done.steps)),
                    move,
                    dice=dice,
                    plays=plays,
                )
                opening = state.plays == 1
                self.after_play(
                    move, dice, me, opp, done.mover, done.opponent, done.hits, len(plays), opening
                )
                return
            if plays:
                # The other player resigned once the roller had rolled.
                state.plays -= 1
                return
            # A dance, then the other player resigned.
        if not plays:
            self.after_play(move, dice, me, opp, me, opp, 0, 0, state.plays == 1)
            return
        if len(plays) == 1:
            forced = plays[0]
            report.report(
                "R211",
                N_("no play recorded, but {play} was forced; it is replayed").format(
                    play=format_play(forced.steps)
                ),
                move,
                dice=dice,
                plays=plays,
            )
            self.after_play(
                move, dice, me, opp, forced.mover, forced.opponent, forced.hits, 1, state.plays == 1
            )
            return
        report.report(
            "R211",
            N_("no play recorded, but {count} legal plays existed").format(count=len(plays)),
            move,
            dice=dice,
            plays=plays,
        )
        self.after_play(move, dice, me, opp, me, opp, 0, len(plays), state.plays == 1)

    def plays_for(self, me: Board, opp: Board, dice: tuple[int, ...]) -> list[Play]:
        """Every legal play under the game's rule set (``dice``: every die rolled)."""
        return self.moves.plays(self.rs, me, opp, dice)

    def after_play(
        self,
        move: Move,
        dice: tuple[int, int],
        me: Board,
        opp: Board,
        me2: Board,
        opp2: Board,
        hits: int,
        legal_count: int | None,
        opening: bool,
    ) -> None:
        """The play applied (and recorded): the boards after it, the game won by it."""
        state = self.state
        player = move.player
        self.played += 1
        if self.recording:  # the play's record, with both players' pips before and after it
            before = self.pips if self.pips is not None else _pips(player, me, opp)
            # Only the mover's count changes unless the play hit.
            mine = pip_count(me2)
            theirs = before[1 - player] if opp2 is opp or opp2 == opp else pip_count(opp2)
            after = (mine, theirs) if player == 0 else (theirs, mine)
            borne = me2[OFF] - me[OFF]
            if borne > 0 and self.first_bearoff[player] is None:
                self.first_bearoff[player] = pip_count(me)
            # PlayRecord's fields in order, built as the tuple it is (many are made).
            self.records.append(
                _new_record(
                    _PLAY_RECORD,
                    (
                        self.number,
                        move.number,
                        player,
                        dice,
                        before,
                        after,
                        hits,
                        legal_count == 0 and me2 == me and opp2 == opp,  # dance
                        me[BAR] > 0,  # entering
                        borne,
                        None if legal_count is None else min(legal_count, 2),
                        opening,
                        move,
                    ),
                )
            )
            self.pips = after
        state.boards = (me2, opp2) if player == 0 else (opp2, me2)
        state.side = 1 - player
        if self.applied is not None:
            self.applied.append((move, me2, opp2))
        if me2[OFF] == self.checkers:
            state.ended = Ending.BEAR_OFF
            state.winner = player
            state.level = level = self.rs.result_level(opp2)
            state.points = level * state.cube.value

    def unverifiable(self, action: Action) -> None:
        state = self.state
        if state.boards is not None:
            self.report.report(
                "R222",
                N_("the rest of this game cannot be verified: {reason}").format(
                    reason=N_("the play cannot be applied to the board")
                ),
                action,
            )
        state.boards = None
        self.pips = None
        state.verified = False

    def on_set_position(self, action: SetPosition) -> None:
        """A position set up (the cube it gives is :meth:`CubeReplay.set_up`'s)."""
        state = self.state
        if action.player is not None or action.text:
            self.report.report(
                "R218",
                N_(
                    "the record marks this play as illegal and gives the position after it; "
                    "replay goes on from there"
                ),
                action,
            )
        state.boards, state.side = action.boards, action.turn
        self.pips = None
        state.turn = action.turn
        if self.rs.problems(action.boards):
            self.unverifiable(action)


def _result_winner(actions: Sequence[Action]) -> int | None:
    """The winner the game's result line names, if any."""
    for action in actions:
        if isinstance(action, Win):
            return action.player
    return None


def _is_last_roll(actions: Sequence[Action], i: int) -> bool:
    """True when nothing but result lines follows action ``i``."""
    return i + 1 == len(actions) or all(isinstance(a, Win) for a in actions[i + 1 :])


def _pips(player: int, me: Board, opp: Board) -> tuple[int, int]:
    a, b = pip_count(me), pip_count(opp)
    return (a, b) if player == 0 else (b, a)


def _full(steps: Sequence[tuple[int, int, bool]], dice: tuple[int, int]) -> bool:
    """Whether a legal play used every die of the roll (four for a double)."""
    return len(steps) == (4 if dice[0] == dice[1] else 2)


def _hits(opp: Board, opp2: Board) -> int:
    return max(0, opp2[BAR] - opp[BAR])
