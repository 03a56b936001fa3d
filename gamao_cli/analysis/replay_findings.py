"""A game's findings: each with its place in the record, the position it was found in
(its identifiers and, when asked for, its board) and the options it is judged under.

Compiled (setup.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from gamao_cli.analysis.codes import CHECK_CODES, CUBE_CODES
from gamao_cli.analysis.context import position_ids
from gamao_cli.analysis.findings import Finding
from gamao_cli.analysis.replay_state import GameState, MatchSetting
from gamao_cli.analysis.variant_turns import NO_CUBE_RULE
from gamao_cli.engine.cube import CubeState, CubeViolation
from gamao_cli.engine.match_score import MatchScore
from gamao_cli.engine.play_list import listed_plays
from gamao_cli.engine.plays import Play
from gamao_cli.engine.position import Position
from gamao_cli.i18n import N_
from gamao_cli.model.actions import Action
from gamao_cli.model.match import Game


def dice_text(dice: tuple[int, int]) -> str:
    return f"{dice[0]}{dice[1]}"


class Reporter:
    """Reports one game's findings, in the state the game is in when each is found."""

    def __init__(
        self, setting: MatchSetting, findings: list[Finding], state: GameState, game: Game
    ) -> None:
        self.setting: Final = setting
        self.findings: Final = findings
        self.state: Final = state
        self.game: Final = game

    def name(self, player: int | None) -> str | None:
        return self.setting.name(player)

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
        setting = self.setting
        state = self.state
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
        pos = state.position
        ids = None
        board = None
        if pos is not None:
            view = pos.with_turn(player) if player is not None else pos
            if setting.ids:
                ids = position_ids(
                    view,
                    state.cube,
                    setting.length,
                    state.score.score,
                    dice,
                    bool(setting.rules.jacoby),
                    setting.rs,
                )
            if setting.show_board:
                board = self.draw(view, state.cube, state.score, dice)
        self.findings.append(
            Finding(
                code=code,
                severity=spec.severity,
                rule=rule or spec.rule,
                file=loc.file or setting.file,
                line=loc.line,
                column=loc.column,
                game=self.game.number,
                move=number,
                player=setting.name(player),
                message=message,
                dice=dice_text(dice) if dice else None,
                recorded=recorded or None,
                position_id=ids.position_id if ids else None,
                match_id=ids.match_id if ids else None,
                xgid=ids.xgid if ids else None,
                legal_plays=legal,
                legal_count=count,
                board=board,
                under=setting.under if code.startswith("R2") else None,
            )
        )

    def cube_problem(self, why: CubeViolation | None, action: Action) -> None:
        """The cube's state machine's objection to ``action``, if it has one."""
        if why is not None:
            variant = self.setting.rs.variant
            if why.kind == "double-no-cube" and variant in NO_CUBE_RULE:
                rule = NO_CUBE_RULE[variant]
                message = N_("{why} ({variant})").format(why=why.message, variant=variant.value)
                self.report("C320", message, action, rule=rule)
                return
            self.report(CUBE_CODES[why.kind], why.message, action, rule=why.rule)

    def draw(
        self, pos: Position, cube: CubeState, score: MatchScore, dice: tuple[int, int] | None
    ) -> str | None:
        """The board a finding shows (``--show-board``); None where it cannot be drawn."""
        from gamao_cli.engine.board_text import draw_board

        setting = self.setting
        try:
            return draw_board(
                pos,
                setting.players,
                cube_value=cube.value,
                cube_owner=cube.owner,
                score=score.score,
                match_length=setting.length,
                dice=dice,
                rules=setting.rs,
            )
        except ValueError:
            return None
