"""A game's result: the result line checked against how the game ended (the last checker
borne off, a drop, a resignation) and scored (the cube, gammons, the Jacoby rule, the
conventions of points capped at what the winner needed or of a match conceded); a game
without a result; the game's record.

Compiled (setup.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from gamao_cli.analysis.conventions import is_capped, is_conceded, needed
from gamao_cli.analysis.replay_findings import Reporter
from gamao_cli.analysis.replay_state import GameState, MatchSetting
from gamao_cli.analysis.variant_turns import SCORING_RULE, level_name
from gamao_cli.engine.scoring import Ending
from gamao_cli.i18n import N_
from gamao_cli.model.actions import Action, Resign, Win
from gamao_cli.model.match import Game


class ResultReplay:
    """The result of one game: its result lines and an accepted resignation, read against
    :attr:`GameState.ended`, scored into :attr:`GameState.points`."""

    def __init__(
        self,
        setting: MatchSetting,
        state: GameState,
        report: Reporter,
        game: Game,
        following: Game | None,
    ) -> None:
        self.setting: Final = setting
        self.state: Final = state
        self.report: Final = report
        self.game: Final = game
        self.following: Final = following  # the match's next game, None for the last
        self.recorded_points: int | None = None
        self.resign: Resign | None = None  # the resignation accepted, if any

    def on_resign(self, action: Resign) -> None:
        if action.accepted:
            self.resign = action

    def on_win(self, win: Win) -> None:
        if self.recorded_points is not None:
            return  # a second result line (e.g. a loser's "Losses" cell) adds nothing
        self.recorded_points = win.points
        state = self.state
        winner = self.named_winner(win)
        if state.ended is None and state.boards is not None:
            # No bear-off and no drop: a resignation.
            self.resigned(win, winner)
            return
        if state.ended is None:
            # Unverifiable game: trust the record.
            state.winner = winner if winner is not None else self.infer_winner()
            state.points = win.points
            return
        self.check_winner(win, winner)
        if state.ended is Ending.DROP:
            self.after_drop(win)
            return
        self.after_bear_off(win)

    def named_winner(self, win: Win) -> int | None:
        """The winner the result line names, else the player who did not resign; X410 when
        it names the player who resigned."""
        winner = win.player
        resign = self.resign
        if winner is None and resign is not None:
            return 1 - resign.player
        if winner is not None and resign is not None and winner == resign.player:
            self.report.report(
                "X410",
                N_("the result names {player}, who resigned").format(
                    player=self.report.name(winner)
                ),
                win,
                player=winner,
            )
        return winner

    def infer_winner(self) -> int | None:
        """The winner of the game from the next game's score."""
        following = self.following
        if following is None:
            return None
        now, nxt = self.game.score, following.score
        if now is None or nxt is None:
            return None
        gains = (nxt[0] - now[0], nxt[1] - now[1])
        if gains[0] > 0 and gains[1] == 0:
            return 0
        if gains[1] > 0 and gains[0] == 0:
            return 1
        return None

    # -- a resignation ---------------------------------------------------------------------

    def resigned(self, win: Win, named: int | None) -> None:
        """A game the result line ends while the board plays on: resigned."""
        state = self.state
        report = self.report
        rs = self.setting.rs
        winner = named if named is not None else self.resignation_winner(win)
        if winner is None:
            return
        state.ended = Ending.RESIGNATION
        state.winner = winner
        cube = state.cube.value
        level, rem = divmod(win.points, cube)
        if not rem and level > rs.max_level() and rs.variant in SCORING_RULE:
            report.report(
                "X431",
                N_(
                    "a resignation worth {points} with the cube at {cube}: {variant} scores "
                    "at most {most} a game"
                ).format(
                    points=win.points, cube=cube, variant=rs.variant.value, most=rs.max_level()
                ),
                win,
                player=winner,
                rule=SCORING_RULE[rs.variant],
            )
            state.points = win.points
            return
        worth = rs.max_level() * cube
        if (rem or not 1 <= level <= 3) and self.conventions(win, winner, worth, True):
            return
        if rem or not 1 <= level <= 3:
            report.report(
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
            state.points = win.points
            return
        state.level = level
        state.points = win.points
        self.resigned_level(win, winner, level)

    def resignation_winner(self, win: Win) -> int | None:
        """The winner of a resigned game whose result line names none, from the next game's
        score (X411 either way); None when it cannot be told."""
        winner = self.infer_winner()
        if winner is None:
            self.report.report("X411", N_("the record does not say who won this game"), win)
            return None
        self.report.report(
            "X411",
            N_("the winner is not marked; {player} won (from the next game's score)").format(
                player=self.report.name(winner)
            ),
            win,
            player=winner,
        )
        return winner

    def resigned_level(self, win: Win, winner: int, level: int) -> None:
        """X402 for the level resigned, X403 when the position allowed less."""
        rs = self.setting.rs
        boards = self.state.boards
        assert boards is not None
        allowed = rs.result_level(boards[1 - winner])
        names = {n: level_name(rs, n) for n in range(1, rs.max_level() + 1)}
        self.report.report(
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
            self.report.report(
                "X403",
                N_("a {kind} was resigned, but the position allowed at most a {most}").format(
                    kind=names[level], most=names[allowed]
                ),
                win,
                player=winner,
            )

    # -- a game played out or dropped ------------------------------------------------------

    def check_winner(self, win: Win, named: int | None) -> None:
        """X411 when the result line names no winner, X410 when it names the loser."""
        winner = self.state.winner
        report = self.report
        if named is None:
            report.report(
                "X411",
                N_("the winner is not marked; {player} won").format(player=report.name(winner)),
                win,
                player=winner,
            )
        elif named != winner:
            report.report(
                "X410",
                N_("the result names {player}, but {winner} won the game").format(
                    player=report.name(named), winner=report.name(winner)
                ),
                win,
                player=named,
            )

    def after_drop(self, win: Win) -> None:
        """A dropped double is worth the cube before it (X404 otherwise)."""
        state = self.state
        assert state.winner is not None
        worth = state.drop_value or 0
        if win.points != worth and self.conventions(win, state.winner, worth, False):
            return
        if win.points != state.drop_value:
            self.report.report(
                "X404",
                N_("Wins {points} after a drop, but the cube before the double was {cube}").format(
                    points=win.points, cube=state.drop_value
                ),
                win,
                player=state.winner,
            )

    def after_bear_off(self, win: Win) -> None:
        """Bear-off: single / gammon / backgammon times the cube, Jacoby where it applies."""
        state = self.state
        assert state.level is not None
        cube = state.cube.value
        plain = state.level * cube
        jacoby_value = cube if not state.cube.turned else plain
        jacoby = self.setting.rules.jacoby
        if jacoby is True:
            expected = {jacoby_value}
        elif jacoby is False or not self.setting.money:
            expected = {plain}
        else:
            expected = {plain, jacoby_value}
        if win.points not in expected and self.conventions(win, state.winner, min(expected), False):
            return
        if win.points not in expected:
            self.wrong_points(win, expected, state.level)
            return
        state.points = win.points
        if len(expected) == 2:
            implied = win.points == jacoby_value
            self.report.report(
                "X409",
                (
                    N_("a {kind} scored {points}: implies the Jacoby rule is on")
                    if implied
                    else N_("a {kind} scored {points}: implies the Jacoby rule is off")
                ).format(kind=names_of(state.level), points=win.points),
                win,
                player=state.winner,
            )

    def wrong_points(self, win: Win, expected: set[int], level: int) -> None:
        """X430 (a variant's scoring) or X401: the points are not what the game is worth; it
        scores the worth nearest them."""
        state = self.state
        rs = self.setting.rs
        cube = state.cube.value
        names = {n: level_name(rs, n) for n in range(1, rs.max_level() + 1)}
        want = " or ".join(str(v) for v in sorted(expected))
        if rs.variant in SCORING_RULE:
            self.report.report(
                "X430",
                N_(
                    "Wins {points}, but in {variant} a {kind} with the cube at {cube} is "
                    "worth {worth}"
                ).format(
                    points=win.points,
                    variant=rs.variant.value,
                    kind=names[level],
                    cube=cube,
                    worth=want,
                ),
                win,
                player=state.winner,
                rule=SCORING_RULE[rs.variant],
            )
        else:
            self.report.report(
                "X401",
                N_("Wins {points}, but a {kind} with the cube at {cube} is worth {worth}").format(
                    points=win.points, kind=names[level], cube=cube, worth=want
                ),
                win,
                player=state.winner,
            )
        state.points = min(expected, key=lambda v: abs(v - win.points))

    def conventions(self, win: Win, winner: int | None, worth: int, resigned: bool) -> bool:
        """Points capped at what the winner needed (X416) or, for a resignation, a match
        conceded (X417): reported as such, the game scores what takes the winner to the
        match's end; False when neither applies. ``worth`` is what the game was worth (for a
        resignation: at most, a backgammon)."""
        if winner is None:
            return False
        state = self.state
        report = self.report
        length = self.setting.length
        need = needed(length, state.score.score, winner)
        if need is None:
            return False
        cube = state.cube.value
        if is_capped(win.points, worth, need):
            report.report(
                "X416",
                (
                    N_(
                        "Wins {points}: what {player} needed to win the match, less than a "
                        "resignation is worth on a {cube}-cube"
                    ).format(points=win.points, player=report.name(winner), cube=cube)
                    if resigned
                    else N_(
                        "Wins {points}: what {player} needed to win the match, capped from {worth}"
                    ).format(points=win.points, player=report.name(winner), worth=worth)
                ),
                win,
                player=winner,
            )
        elif resigned and is_conceded(win.points, cube, length, need):
            report.report(
                "X417",
                N_(
                    "Wins {points} is more than any game is worth: {player} conceded the match"
                ).format(points=win.points, player=report.name(1 - winner)),
                win,
                player=winner,
            )
            state.level = None
        else:
            return False
        state.points = need
        return True

    # -- the game's end --------------------------------------------------------------------

    def finish(self, actions: Sequence[Action]) -> None:
        """The game's end: an accepted resignation with no result line scores its level
        times the cube; a game with neither has no result (X414 for the match's last)."""
        state = self.state
        if state.ended is not None or self.recorded_points is not None:
            return
        if self.resign is not None:
            state.ended = Ending.RESIGNATION
            state.winner = 1 - self.resign.player
            state.level = self.resign.level
            state.points = self.resign.level * state.cube.value
            return
        last = actions[-1] if actions else None
        if self.following is None:
            self.report.report("X414", N_("the last game is unfinished: it has no result"), last)
        else:
            self.report.report("X408", "the game ends with no result", last)


def names_of(level: int) -> str:
    return {1: N_("single game"), 2: N_("gammon"), 3: N_("backgammon")}[level]


def match_win(actions: Sequence[Action]) -> Win | None:
    """The game's first ``Wins ... and the match``, if any (a loop here, compiled: every
    game of every match is scanned for it)."""
    for action in actions:
        if isinstance(action, Win) and action.and_the_match:
            return action
    return None
