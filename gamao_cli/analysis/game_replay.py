"""Replaying one game: plays judged by the engine, the cube by its state machine, the
result against the final board, the drop or the resignation.

After an illegal play the replay goes on from the position as recorded when the recorded play
can be applied; when it cannot, the rest of the game is reported as unverifiable.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, Protocol, cast

from gamao_cli.analysis.codes import CHECK_CODES, CUBE_CODES, PLAY_CODES
from gamao_cli.analysis.context import position_ids
from gamao_cli.analysis.conventions import is_capped, is_conceded, needed
from gamao_cli.analysis.findings import Finding
from gamao_cli.analysis.options import CheckOptions, EffectiveRules, non_default_options
from gamao_cli.analysis.records import Applied, CubeRecord, GameRecord, PlayRecord
from gamao_cli.analysis.variant_turns import (
    NO_CUBE_RULE,
    OPENING_RULE,
    SCORING_RULE,
    VARIANT_PLAY_CODES,
    Turns,
    level_name,
)
from gamao_cli.engine.cube import CubeState, CubeViolation
from gamao_cli.engine.match_score import MatchScore
from gamao_cli.engine.notation import format_play
from gamao_cli.engine.play_list import listed_plays
from gamao_cli.engine.plays import Play, moves_of
from gamao_cli.engine.position import Position, pip_count
from gamao_cli.engine.scoring import Ending
from gamao_cli.formats.text_game import OPENING_ROLL_PLAYED
from gamao_cli.i18n import N_
from gamao_cli.model.actions import (
    BAR,
    OFF,
    Action,
    Beaver,
    Board,
    Double,
    Drop,
    Move,
    MoveMark,
    Resign,
    SetPosition,
    Take,
    Win,
)
from gamao_cli.model.match import Game, Match


class Stop(Exception):
    """Raised to end a replay at the probed action."""


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The state before an action: what ``gamao show`` draws."""

    game: Game
    action: Action
    position: Position | None  # None when the game could not be replayed up to here
    cube: CubeState
    score: MatchScore
    turn: int | None


Probe = Callable[[Game, Action], bool]


class MatchHost(Protocol):
    """What a game's replay reads and fills in the match replay that runs it
    (:class:`gamao_cli.analysis.replay.MatchReplayer`): this module needs nothing else of
    it, so it does not import it."""

    match: Match
    options: CheckOptions
    rules: EffectiveRules
    file: str
    findings: list[Finding]
    plays: list[PlayRecord]
    cube_actions: list[CubeRecord]
    jacoby_votes: list[bool]
    probe: Probe | None
    snapshot: Snapshot | None
    canonical: dict[int, tuple[tuple[int, int, bool], ...]] | None
    applied: list[Applied] | None
    ids: bool
    records: bool

    def name(self, player: int | None) -> str | None: ...

    def draw(
        self, pos: Position, cube: CubeState, score: MatchScore, dice: tuple[int, int] | None
    ) -> str | None: ...

    def infer_winner(self, index: int, points: int) -> int | None: ...

    def is_last(self, index: int) -> bool: ...


_UNPARSED: Final = MoveMark.UNPARSED  # a constant of the compiled module: no look-up

_PLAY_RECORD: Final = PlayRecord
"""The class, held as a constant of the compiled module: no look-up by name per play."""

_new_record: Final = cast(
    Callable[[type[PlayRecord], tuple[object, ...]], PlayRecord], tuple.__new__
)
"""``PlayRecord`` from a tuple of its fields in order, without the keyword constructor."""


def _dice_text(dice: tuple[int, int]) -> str:
    return f"{dice[0]}{dice[1]}"


class GameReplay:
    """The state of one game being replayed."""

    def __init__(
        self,
        replayer: MatchHost,
        game: Game,
        index: int,
        score: MatchScore,
    ) -> None:
        self.r = replayer
        self.game = game
        # What the hot path reads of the replayer and the game, held here: attributes of the
        # (uncompiled) objects they live on cost a dictionary look-up on every play.
        self.number = game.number
        self.records = replayer.plays
        self.recording = replayer.records
        self.canonical = replayer.canonical
        self.applied = replayer.applied
        self.analyse = replayer.options.analyse_plays
        self.dice_count = replayer.rules.ruleset.dice
        self.index = index
        self.score = score
        rules = replayer.rules
        # The position as both boards (None once the game cannot be replayed) and the side
        # on roll: kept apart, the hot path never builds a Position (see :attr:`position`).
        rs = rules.ruleset
        self.rs = rs
        # The options, not the variant's default, that a play or turn finding is judged under.
        self.under = non_default_options(rs.options)
        self.moves = moves_of(rs)  # the generator and validator that play it
        self.checkers = rs.checkers
        self.turns = Turns(rs)
        self.extra_turns = rs.acey_deucey or rs.doubles_extra_roll  # who rolls next varies
        self.opening_reroll = rs.opening_reroll
        self.boards: tuple[Board, Board] | None = rs.start_boards()
        self.side = 0
        self.crawford = score.is_crawford_game
        # A match resumed at match point: the Crawford game may lie before the record.
        self.crawford_unknown = (
            self.crawford and index == 0 and score.score != (0, 0) and not game.crawford
        )
        self.cube = start_cube(
            game.cube_value,
            rules.cube,
            self.crawford and not self.crawford_unknown,
            replayer.match.length == 0,  # money play
            rules.beavers,
            rules.cube_limit,
        )
        self.turn: int | None = None
        self.ended: Ending | None = None
        self.winner: int | None = None
        self.level: int | None = None
        self.points: int | None = None
        self.recorded_points: int | None = None
        self.verified = True
        self.plays = 0
        self.played = 0  # plays applied (after_play): one record each when recording
        self.first_bearoff: list[int | None] = [None, None]
        self.drop_value: int | None = None
        self.resign: Resign | None = None
        self.pips: tuple[int, int] | None = None  # both players' pips on self.boards
        if game.start is not None:
            self.boards, self.side = game.start.boards, game.start.turn
            self.turn = game.start.turn
            if game.start.cube_value:
                self.cube = _replace_cube(self.cube, game.start)

    @property
    def position(self) -> Position | None:
        """The position being replayed; None once the game cannot be replayed."""
        return None if self.boards is None else Position(self.boards, self.side)

    # -- findings --------------------------------------------------------------------------

    def report(
        self,
        code: str,
        message: str,
        action: Action | None,
        *,
        player: int | None = None,
        dice: tuple[int, int] | None = None,
        plays: Sequence[Play] | None = None,
        rule: str | None = None,
    ) -> None:
        spec = CHECK_CODES[code]
        loc = action.location if action is not None else self.game.location
        number = getattr(action, "number", None) if action is not None else None
        if player is None and action is not None:
            player = getattr(action, "player", None)
        recorded = getattr(action, "text", None) if action is not None else None
        legal: tuple[str, ...] = ()
        count: int | None = None
        if plays is not None:
            count = len(plays)
            legal = listed_plays(plays)
        pos = self.position
        ids = None
        board = None
        if pos is not None:
            view = pos.with_turn(player) if player is not None else pos
            if self.r.ids:
                ids = position_ids(
                    view,
                    self.cube,
                    self.r.match.length,
                    self.score.score,
                    dice,
                    bool(self.r.rules.jacoby),
                    self.rs,
                )
            if self.r.options.show_board:
                board = self.r.draw(view, self.cube, self.score, dice)
        self.r.findings.append(
            Finding(
                code=code,
                severity=spec.severity,
                rule=rule or spec.rule,
                file=loc.file or self.r.file,
                line=loc.line,
                column=loc.column,
                game=self.game.number,
                move=number,
                player=self.r.name(player),
                message=message,
                dice=_dice_text(dice) if dice else None,
                recorded=recorded or None,
                position_id=ids.position_id if ids else None,
                match_id=ids.match_id if ids else None,
                xgid=ids.xgid if ids else None,
                legal_plays=legal,
                legal_count=count,
                board=board,
                under=self.under if code.startswith("R2") else None,
            )
        )

    def cube_problem(self, why: CubeViolation | None, action: Action) -> None:
        if why is not None:
            if why.kind == "double-no-cube" and self.rs.variant in NO_CUBE_RULE:
                rule = NO_CUBE_RULE[self.rs.variant]
                message = N_("{why} ({variant})").format(
                    why=why.message, variant=self.rs.variant.value
                )
                self.report("C320", message, action, rule=rule)
                return
            self.report(CUBE_CODES[why.kind], why.message, action, rule=why.rule)

    # -- actions ---------------------------------------------------------------------------

    def run(self) -> GameRecord:
        actions = self.game.actions
        if self.rs.automatic_doubles and self.game.cube_value > 1 and self.r.match.length > 0:
            self.report(
                "C321",
                N_(
                    "the game starts with the cube at {cube} (automatic doubles), but this is "
                    "match play"
                ).format(cube=self.game.cube_value),
                None,
            )
        if self.opening_reroll and OPENING_ROLL_PLAYED in self.game.properties:
            first = next((a for a in actions if isinstance(a, Move)), None)
            rule = OPENING_RULE.get(self.rs.variant, "house:reroll-opening")
            self.report(
                "R238",
                N_(
                    "the opening roll is played, but under {rule} its winner rolls both dice again"
                ).format(rule=rule),
                first,
                rule=rule,
            )
        probe = self.r.probe
        for i, action in enumerate(actions):
            if probe is not None and probe(self.game, action):
                self.r.snapshot = Snapshot(
                    self.game, action, self.position, self.cube, self.score, self.turn
                )
                raise Stop
            if isinstance(action, Win):
                self.on_win(action, actions, i)
                continue
            if self.ended is not None:
                if self.ended is Ending.RESIGNATION:
                    continue
                self.report(
                    "R216",
                    N_("{action} after the game ended ({ending})").format(
                        action=_describe(action), ending=self.ended.value
                    ),
                    action,
                )
                continue
            if isinstance(action, Move):
                self.on_move(action, actions, i)
            elif isinstance(action, Double):
                self.on_double(action)
            elif isinstance(action, Take):
                self.cube, why = self.cube.take(action.player)
                self.cube_problem(why, action)
                self.r.cube_actions.append(
                    CubeRecord(
                        self.game.number,
                        action.number,
                        action.player,
                        "take",
                        self.cube.value,
                        action,
                    )
                )
            elif isinstance(action, Drop):
                self.on_drop(action)
            elif isinstance(action, Beaver):
                self.on_beaver(action)
            elif isinstance(action, Resign):
                if action.accepted:
                    self.resign = action
            elif isinstance(action, SetPosition):
                self.on_set_position(action)
        if self.cube.offered_by is not None and self.ended is None:
            self.report(
                "C311",
                N_("the game ends while a double waits for an answer"),
                None,
                player=self.cube.offered_by,
            )
        if self.ended is None and self.recorded_points is None and self.resign is not None:
            # An accepted resignation and no result line: its level times the cube.
            self.ended = Ending.RESIGNATION
            self.winner = 1 - self.resign.player
            self.level = self.resign.level
            self.points = self.resign.level * self.cube.value
        if self.ended is None and self.recorded_points is None:
            if self.r.is_last(self.index):
                self.report(
                    "X414", N_("the last game is unfinished: it has no result"), _last(actions)
                )
            else:
                self.report("X408", "the game ends with no result", _last(actions))
        return self.record()

    def on_move(self, move: Move, actions: Sequence[Action], i: int) -> None:
        player = move.player
        dice = move.dice
        if self.cube.offered_by is not None:
            if self.cube.beaver_pending:
                # gnubg never writes the take that closes a beaver: record it here.
                taker = 1 - self.cube.offered_by
                self.cube = self.cube.accepted()
                self.r.cube_actions.append(
                    CubeRecord(self.game.number, move.number, taker, "take", self.cube.value, move)
                )
            else:
                self.report(
                    "C311",
                    N_("a roll while a double waits for an answer"),
                    move,
                    player=self.cube.offered_by,
                )
                self.cube = _replace_offer(self.cube)
        again = False
        if self.extra_turns:
            turns = self.turns
            again = turns.expects(player)
            if turns.again is not None and not again:
                self.report(
                    "R236",
                    N_("{why}, but the other player rolls").format(why=turns.missing()),
                    move,
                )
                again = True  # reported: not also R215
            elif again and turns.named and dice[0] != dice[1]:
                self.report(
                    "R237",
                    N_("the roll after a 1-2 is the named double, not {dice}").format(
                        dice=_dice_text(dice)
                    ),
                    move,
                )
        if self.turn is not None and player != self.turn and not again:
            self.report(
                "R215",
                N_("{player} plays again: {other}'s turn is missing").format(
                    player=self.r.name(player), other=self.r.name(1 - player)
                ),
                move,
            )
        opening = self.turn is None and self.plays == 0
        self.turn = 1 - player
        roll = move.roll or dice  # Move.all_dice, spelt out: a property is interpreted code
        if not (1 <= dice[0] <= 6 and 1 <= dice[1] <= 6):
            self.report(
                "R217",
                N_("the dice {dice} are not two numbers 1-6").format(dice=_dice_text(dice)),
                move,
            )
            self.unverifiable(move)
            return
        if opening and dice[0] == dice[1] and not self.opening_reroll:
            self.report(
                "R213",
                N_("the opening roll is a double ({dice})").format(dice=_dice_text(dice)),
                move,
                dice=dice,
            )
        boards = self.boards
        if boards is None:
            return
        if len(roll) != self.dice_count or (move.roll and not all(1 <= d <= 6 for d in roll)):
            self.report(
                "R217",
                N_("a {variant} roll has {count} dice, not {roll}").format(
                    variant=self.rs.variant.value,
                    count=self.rs.dice,
                    roll="-".join(map(str, roll)),
                ),
                move,
            )
            self.unverifiable(move)
            return
        self.side = player
        me, opp = boards[player], boards[1 - player]
        self.plays += 1
        if move.mark is _UNPARSED:
            self.report(
                "R217",
                N_("the play '{play}' could not be read").format(play=move.text),
                move,
                dice=dice,
            )
            self.unverifiable(move)
            return
        if not move.steps:
            if self.extra_turns:
                self.turns.after(player, dice, False)  # nothing played: no roll again
                if self.turns.again is not None:
                    self.turn = player
            self.on_no_play(move, dice, me, opp, _is_last_roll(actions, i))
            return
        mover: Board | None
        opponent: Board | None
        listed: tuple[Play, ...] | None
        code_: str | None
        rule: str | None
        quick = self.moves.quick_legal(self.rs, me, opp, roll, move.steps)
        if quick is not None:  # most plays: legal as written, no verdict built
            steps, mover, opponent, marks = quick
            legal, code_, rule, message, reordered, listed = True, None, None, "", False, None
        else:
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
                    dice=_dice_text(dice)
                )
            if code in VARIANT_PLAY_CODES:
                self.report(
                    VARIANT_PLAY_CODES[code], message, move, dice=dice, plays=plays, rule=rule
                )
            else:
                self.report(PLAY_CODES[code], message, move, dice=dice, plays=plays, rule=None)
        else:
            if self.canonical is not None:
                self.canonical[id(move)] = steps
            if reordered:
                self.report(
                    "R220",
                    N_("legal, but not in the order written: {play}").format(
                        play=format_play(steps)
                    ),
                    move,
                    dice=dice,
                )
            for point in marks:
                self.report(
                    "R221",
                    N_("a hit is marked on {point}, but no blot was there").format(point=point),
                    move,
                    dice=dice,
                )
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
            full = _full(steps, dice) if legal else False
            self.turns.after(player, dice, full)
            if self.turns.again is not None:
                self.turn = player
        self.after_play(
            move,
            dice,
            me,
            opp,
            mover,
            opponent,
            sum(1 for s in steps if s[2]) if legal else _hits(opp, opponent),
            count,
            opening,
        )

    def on_no_play(
        self,
        move: Move,
        dice: tuple[int, int],
        me: tuple[int, ...],
        opp: tuple[int, ...],
        last_before_end: bool,
    ) -> None:
        plays = self.plays_for(me, opp, move.all_dice)
        if last_before_end and move.mark in (MoveMark.EMPTY, MoveMark.UNKNOWN):
            if self.result_winner(move) != move.player:
                # An empty roll cell (or XG's ????) before the other player's result: the
                # roller resigned after rolling.
                self.plays -= 1
                return
            winning = [p for p in plays if p.mover[OFF] == self.checkers]
            if winning:
                # The roller won: the play that bore off the last checkers was left out.
                self.report(
                    "R211",
                    N_(
                        "no play recorded, but {play} bore off the last checkers and won; it is "
                        "replayed"
                    ).format(play=format_play(winning[0].steps)),
                    move,
                    dice=dice,
                    plays=plays,
                )
                done = winning[0]
                self.after_play(
                    move,
                    dice,
                    me,
                    opp,
                    done.mover,
                    done.opponent,
                    done.hits,
                    len(plays),
                    self.plays == 1,
                )
                return
            if plays:
                # The other player resigned once the roller had rolled.
                self.plays -= 1
                return
            # A dance, then the other player resigned.
        if not plays:
            self.after_play(move, dice, me, opp, me, opp, 0, 0, self.plays == 1)
            return
        if len(plays) == 1:
            self.report(
                "R211",
                N_("no play recorded, but {play} was forced; it is replayed").format(
                    play=format_play(plays[0].steps)
                ),
                move,
                dice=dice,
                plays=plays,
            )
            forced = plays[0]
            self.after_play(
                move, dice, me, opp, forced.mover, forced.opponent, forced.hits, 1, self.plays == 1
            )
            return
        self.report(
            "R211",
            N_("no play recorded, but {count} legal plays existed").format(count=len(plays)),
            move,
            dice=dice,
            plays=plays,
        )
        self.after_play(move, dice, me, opp, me, opp, 0, len(plays), self.plays == 1)

    def plays_for(self, me: Board, opp: Board, dice: tuple[int, ...]) -> list[Play]:
        """Every legal play under the game's rule set (``dice``: every die rolled)."""
        return self.moves.plays(self.rs, me, opp, dice)

    def result_winner(self, move: Move) -> int | None:
        """The winner the game's result line names, if any."""
        for action in self.game.actions:
            if isinstance(action, Win):
                return action.player
        return None

    def after_play(
        self,
        move: Move,
        dice: tuple[int, int],
        me: tuple[int, ...],
        opp: tuple[int, ...],
        me2: tuple[int, ...],
        opp2: tuple[int, ...],
        hits: int,
        legal_count: int | None,
        opening: bool,
    ) -> None:
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
        self.boards = (me2, opp2) if player == 0 else (opp2, me2)
        self.side = 1 - player
        if self.applied is not None:
            self.applied.append((move, me2, opp2))
        if me2[OFF] == self.checkers:
            self.ended = Ending.BEAR_OFF
            self.winner = player
            self.level = self.rs.result_level(opp2)
            self.points = self.level * self.cube.value

    def unverifiable(self, action: Action) -> None:
        if self.boards is not None:
            self.report(
                "R222",
                N_("the rest of this game cannot be verified: {reason}").format(
                    reason=N_("the play cannot be applied to the board")
                ),
                action,
            )
        self.boards = None
        self.pips = None
        self.verified = False

    def on_double(self, action: Double) -> None:
        player = action.player
        if self.cube.offered_by is not None and self.cube.offered_by != player:
            # A double by the doubled player before answering: a beaver (SGF writes it so).
            self.on_beaver(
                Beaver(player, action.value, action.text, action.number, action.location)
            )
            return
        if self.crawford_unknown and self.crawford:
            self.crawford = False
            self.report(
                "X420",
                N_(
                    "a double in game {game}, where the resumed match starts at {score}: the "
                    "Crawford game was played before the record starts"
                ).format(
                    game=self.game.number, score=f"{self.score.score[0]}-{self.score.score[1]}"
                ),
                action,
            )
        if self.turn is None and self.plays == 0:
            self.report("C308", "a double before the opening roll", action)
        elif self.turn is not None and player != self.turn:
            self.report(
                "C308",
                N_("a double on {player}'s turn").format(player=self.r.name(1 - player)),
                action,
            )
        self.cube, why = self.cube.double(player, action.value or None)
        self.cube_problem(why, action)
        self.r.cube_actions.append(
            CubeRecord(
                self.game.number,
                action.number,
                player,
                "double",
                action.value or self.cube.value * 2,
                action,
            )
        )

    def on_drop(self, action: Drop) -> None:
        offered = self.cube.offered_by
        self.cube, why = self.cube.drop(action.player)
        self.cube_problem(why, action)
        self.r.cube_actions.append(
            CubeRecord(
                self.game.number, action.number, action.player, "drop", self.cube.value, action
            )
        )
        if why is None and offered is not None:
            self.ended = Ending.DROP
            self.winner = offered
            self.level = 1
            self.points = self.cube.drop_value
            self.drop_value = self.cube.drop_value

    def on_beaver(self, action: Beaver) -> None:
        state, why = self.cube.beaver(action.player)
        if why is None and self.cube.beavers is None:
            self.report("C307", N_("a beaver: the record implies beavers are allowed"), action)
        self.cube_problem(why, action)
        if action.value and action.value != state.pending_value and why is None:
            self.report(
                "C309",
                N_("a beaver to {value}, but the cube goes to {cube}").format(
                    value=action.value, cube=state.pending_value
                ),
                action,
            )
        self.cube = state
        self.r.cube_actions.append(
            CubeRecord(
                self.game.number,
                action.number,
                action.player,
                "beaver",
                state.pending_value,
                action,
            )
        )

    def on_set_position(self, action: SetPosition) -> None:
        if action.player is not None or action.text:
            self.report(
                "R218",
                N_(
                    "the record marks this play as illegal and gives the position after it; "
                    "replay goes on from there"
                ),
                action,
            )
        self.boards, self.side = action.boards, action.turn
        self.pips = None
        self.turn = action.turn
        if self.rs.problems(action.boards):
            self.unverifiable(action)
        if action.cube_value:
            self.cube = _replace_cube(self.cube, action)

    # -- the result ------------------------------------------------------------------------

    def on_win(self, win: Win, actions: Sequence[Action], i: int) -> None:
        if self.recorded_points is not None:
            return  # a second result line (e.g. a loser's "Losses" cell) adds nothing
        self.recorded_points = win.points
        winner = win.player
        cube = self.cube.value
        if winner is None and self.resign is not None:
            winner = 1 - self.resign.player
        elif winner is not None and self.resign is not None and winner == self.resign.player:
            self.report(
                "X410",
                N_("the result names {player}, who resigned").format(player=self.r.name(winner)),
                win,
                player=winner,
            )
        if self.ended is None and self.boards is not None:
            # No bear-off and no drop: a resignation.
            if winner is None:
                winner = self.r.infer_winner(self.index, win.points)
                if winner is None:
                    self.report("X411", N_("the record does not say who won this game"), win)
                    return
                self.report(
                    "X411",
                    N_(
                        "the winner is not marked; {player} won (from the next game's score)"
                    ).format(player=self.r.name(winner)),
                    win,
                    player=winner,
                )
            self.ended = Ending.RESIGNATION
            self.winner = winner
            level, rem = divmod(win.points, cube)
            if not rem and level > self.rs.max_level() and self.rs.variant in SCORING_RULE:
                self.report(
                    "X431",
                    N_(
                        "a resignation worth {points} with the cube at {cube}: {variant} scores "
                        "at most {most} a game"
                    ).format(
                        points=win.points,
                        cube=cube,
                        variant=self.rs.variant.value,
                        most=self.rs.max_level(),
                    ),
                    win,
                    player=winner,
                    rule=SCORING_RULE[self.rs.variant],
                )
                self.points = win.points
                return
            worth = self.rs.max_level() * cube
            if (rem or not 1 <= level <= 3) and self.conventions(win, winner, worth, True):
                return
            if rem or not 1 <= level <= 3:
                self.report(
                    "X401",
                    N_(
                        "Wins {points} after a resignation, but with the cube at {cube} a "
                        "resignation is worth {single}, {gammon} or {backgammon}"
                    ).format(
                        points=win.points,
                        cube=cube,
                        single=cube,
                        gammon=2 * cube,
                        backgammon=3 * cube,
                    ),
                    win,
                    player=winner,
                )
                self.points = win.points
                return
            self.level = level
            self.points = win.points
            loser_board = self.boards[1 - winner]
            allowed = self.rs.result_level(loser_board)
            names = {n: level_name(self.rs, n) for n in range(1, self.rs.max_level() + 1)}
            self.report(
                "X402",
                (
                    N_("resigned a {kind} ({points} point)")
                    if win.points == 1
                    else N_("resigned a {kind} ({points} points)")
                ).format(kind=names[level], points=win.points),
                win,
                player=winner,
            )
            if level > allowed:
                self.report(
                    "X403",
                    N_("a {kind} was resigned, but the position allowed at most a {most}").format(
                        kind=names[level], most=names[allowed]
                    ),
                    win,
                    player=winner,
                )
            return
        if self.ended is None:
            # Unverifiable game: trust the record.
            self.winner = (
                winner if winner is not None else self.r.infer_winner(self.index, win.points)
            )
            self.points = win.points
            return
        if winner is None:
            self.report(
                "X411",
                N_("the winner is not marked; {player} won").format(
                    player=self.r.name(self.winner)
                ),
                win,
                player=self.winner,
            )
        elif winner != self.winner:
            self.report(
                "X410",
                N_("the result names {player}, but {winner} won the game").format(
                    player=self.r.name(winner), winner=self.r.name(self.winner)
                ),
                win,
                player=winner,
            )
        if self.ended is Ending.DROP:
            assert self.winner is not None
            worth = self.drop_value or 0
            if win.points != worth and self.conventions(win, self.winner, worth, False):
                return
            if win.points != self.drop_value:
                self.report(
                    "X404",
                    N_(
                        "Wins {points} after a drop, but the cube before the double was {cube}"
                    ).format(points=win.points, cube=self.drop_value),
                    win,
                    player=self.winner,
                )
            return
        # Bear-off: single / gammon / backgammon times the cube, Jacoby where it applies.
        assert self.level is not None
        plain = self.level * cube
        jacoby_value = cube if not self.cube.turned else plain
        jacoby = self.r.rules.jacoby
        if jacoby is True:
            expected = {jacoby_value}
        elif jacoby is False or not self.r.match.is_money:
            expected = {plain}
        else:
            expected = {plain, jacoby_value}
        if win.points not in expected and self.conventions(win, self.winner, min(expected), False):
            return
        if win.points not in expected:
            names = {n: level_name(self.rs, n) for n in range(1, self.rs.max_level() + 1)}
            want = " or ".join(str(v) for v in sorted(expected))
            if self.rs.variant in SCORING_RULE:
                self.report(
                    "X430",
                    N_(
                        "Wins {points}, but in {variant} a {kind} with the cube at {cube} is "
                        "worth {worth}"
                    ).format(
                        points=win.points,
                        variant=self.rs.variant.value,
                        kind=names[self.level],
                        cube=cube,
                        worth=want,
                    ),
                    win,
                    player=self.winner,
                    rule=SCORING_RULE[self.rs.variant],
                )
                self.points = min(expected, key=lambda v: abs(v - win.points))
                return
            self.report(
                "X401",
                N_("Wins {points}, but a {kind} with the cube at {cube} is worth {worth}").format(
                    points=win.points, kind=names[self.level], cube=cube, worth=want
                ),
                win,
                player=self.winner,
            )
            self.points = min(expected, key=lambda v: abs(v - win.points))
            return
        self.points = win.points
        if len(expected) == 2:
            implied = win.points == jacoby_value
            self.r.jacoby_votes.append(implied)
            self.report(
                "X409",
                (
                    N_("a {kind} scored {points}: implies the Jacoby rule is on")
                    if implied
                    else N_("a {kind} scored {points}: implies the Jacoby rule is off")
                ).format(kind=names_of(self.level), points=win.points),
                win,
                player=self.winner,
            )

    def conventions(self, win: Win, winner: int | None, worth: int, resigned: bool) -> bool:
        """Points capped at what the winner needed (X416) or, for a resignation, a match
        conceded (X417): reported as such, the game scores what takes the winner to the
        match's end; False when neither applies. ``worth`` is what the game was worth (for a
        resignation: at most, a backgammon)."""
        if winner is None:
            return False
        length = self.r.match.length
        need = needed(length, self.score.score, winner)
        if need is None:
            return False
        if is_capped(win.points, worth, need):
            self.report(
                "X416",
                (
                    N_(
                        "Wins {points}: what {player} needed to win the match, less than a "
                        "resignation is worth on a {cube}-cube"
                    ).format(points=win.points, player=self.r.name(winner), cube=self.cube.value)
                    if resigned
                    else N_(
                        "Wins {points}: what {player} needed to win the match, capped from {worth}"
                    ).format(points=win.points, player=self.r.name(winner), worth=worth)
                ),
                win,
                player=winner,
            )
        elif resigned and is_conceded(win.points, self.cube.value, length, need):
            self.report(
                "X417",
                N_(
                    "Wins {points} is more than any game is worth: {player} conceded the match"
                ).format(points=win.points, player=self.r.name(1 - winner)),
                win,
                player=winner,
            )
            self.level = None
        else:
            return False
        self.points = need
        return True

    def record(self) -> GameRecord:
        players = self.r.match.players
        return GameRecord(
            number=self.game.number,
            index=self.index,
            score=self.score.score,
            players=players,
            winner=self.winner,
            points=self.points,
            recorded_points=self.recorded_points,
            level=self.level,
            ending=self.ended.value if self.ended else None,
            cube=self.drop_value
            if self.ended is Ending.DROP and self.drop_value
            else self.cube.value,
            crawford=self.crawford,
            post_crawford=self.score.is_post_crawford,
            verified=self.verified,
            line=self.game.location.line,
            plays=self.plays,
            first_bearoff_pips=(self.first_bearoff[0], self.first_bearoff[1]),
        )


def names_of(level: int) -> str:
    return {1: N_("single game"), 2: N_("gammon"), 3: N_("backgammon")}[level]


def _describe(action: Action) -> str:
    if isinstance(action, Move):
        return N_("a roll")
    return {
        Double: N_("a double"),
        Take: N_("a take"),
        Drop: N_("a drop"),
        Beaver: N_("a beaver"),
        Resign: N_("a resignation"),
        SetPosition: N_("a position"),
    }.get(type(action), N_("an action"))


def _last(actions: Sequence[Action]) -> Action | None:
    return actions[-1] if actions else None


def _is_last_roll(actions: Sequence[Action], i: int) -> bool:
    """True when nothing but result lines follows action ``i``."""
    return i + 1 == len(actions) or all(isinstance(a, Win) for a in actions[i + 1 :])


def _pips(player: int, me: tuple[int, ...], opp: tuple[int, ...]) -> tuple[int, int]:
    a, b = pip_count(me), pip_count(opp)
    return (a, b) if player == 0 else (b, a)


def _full(steps: Sequence[tuple[int, int, bool]], dice: tuple[int, int]) -> bool:
    """Whether a legal play used every die of the roll (four for a double)."""
    return len(steps) == (4 if dice[0] == dice[1] else 2)


def _hits(opp: tuple[int, ...], opp2: tuple[int, ...]) -> int:
    return max(0, opp2[BAR] - opp[BAR])


def _replace_cube(cube: CubeState, setup: SetPosition) -> CubeState:
    from dataclasses import replace

    owner = cube.owner if setup.cube_owner is None else setup.cube_owner
    return replace(cube, value=setup.cube_value or cube.value, owner=owner)


def _replace_offer(cube: CubeState) -> CubeState:
    from dataclasses import replace

    return replace(cube, offered_by=None)


_START_CUBES: dict[tuple[int, bool, bool, bool, bool | None, int | None], CubeState] = {}


def start_cube(
    value: int, enabled: bool, crawford: bool, money: bool, beavers: bool | None, limit: int | None
) -> CubeState:
    """A game's cube before any action. The state is immutable, so games that start alike
    share one (a few kinds a run): building it was a tenth of starting a game's replay."""
    key = (value, enabled, crawford, money, beavers, limit)
    cube = _START_CUBES.get(key)
    if cube is None:
        if len(_START_CUBES) >= 256:
            _START_CUBES.clear()
        cube = _START_CUBES[key] = CubeState(
            value=value, enabled=enabled, crawford=crawford, money=money, beavers=beavers,
            limit=limit,
        )  # fmt: skip
    return cube


def match_win(actions: Sequence[Action]) -> Win | None:
    """The game's first ``Wins ... and the match``, if any (a loop here, compiled: every
    game of every match is scanned for it)."""
    for action in actions:
        if isinstance(action, Win) and action.and_the_match:
            return action
    return None
