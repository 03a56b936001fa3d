"""A game's rolls before their plays: whose turn it is (the usual alternation, a variant's
extra rolls) and whether the dice can be (two numbers 1-6, as many as the variant rolls, no
double to open where the opening winner does not roll again).

Compiled (setup.py).
"""

from __future__ import annotations

from typing import Final

from gamao_cli.analysis.replay_findings import Reporter, dice_text
from gamao_cli.analysis.replay_state import GameState
from gamao_cli.analysis.variant_turns import Turns
from gamao_cli.engine.ruleset import RuleSet
from gamao_cli.i18n import N_
from gamao_cli.model.actions import Move


class RollReplay:
    """The turns of one game: who rolls (:attr:`GameState.turn`) and with what dice."""

    def __init__(self, rs: RuleSet, state: GameState, report: Reporter) -> None:
        self.rs: Final = rs
        self.state: Final = state
        self.report: Final = report
        self.dice_count: Final = rs.dice
        self.turns: Final = Turns(rs)
        self.extra_turns: Final = rs.acey_deucey or rs.doubles_extra_roll  # who rolls next varies
        self.opening_reroll: Final = rs.opening_reroll

    def take_turn(self, move: Move) -> bool:
        """The roll's turn taken (R215 when it is not the roller's); whether it is the
        game's opening roll."""
        state = self.state
        player = move.player
        again = self.rolls_again(move) if self.extra_turns else False
        if state.turn is not None and player != state.turn and not again:
            self.report.report(
                "R215",
                N_("{player} plays again: {other}'s turn is missing").format(
                    player=self.report.name(player), other=self.report.name(1 - player)
                ),
                move,
            )
        opening = state.turn is None and state.plays == 0
        state.turn = 1 - player
        return opening

    def rolls_again(self, move: Move) -> bool:
        """Whether the roller rolls again (a variant's extra roll); R236 when the roll
        should have been theirs, R237 when the roll after a 1-2 is not the named double."""
        turns = self.turns
        again = turns.expects(move.player)
        if turns.again is not None and not again:
            self.report.report(
                "R236", N_("{why}, but the other player rolls").format(why=turns.missing()), move
            )
            return True  # reported: not also R215
        if again and turns.named and move.dice[0] != move.dice[1]:
            self.report.report(
                "R237",
                N_("the roll after a 1-2 is the named double, not {dice}").format(
                    dice=dice_text(move.dice)
                ),
                move,
            )
        return again

    def replayable(self, move: Move, roll: tuple[int, ...], opening: bool) -> bool:
        """The roll's findings (R217 for dice that cannot be, R213 for a double opening);
        whether its play can be replayed: not once the game cannot be replayed, nor after
        such dice (the rest of the game then cannot be verified)."""
        dice = move.dice
        if not (1 <= dice[0] <= 6 and 1 <= dice[1] <= 6):
            self.report.report(
                "R217",
                N_("the dice {dice} are not two numbers 1-6").format(dice=dice_text(dice)),
                move,
            )
            return False
        if opening and dice[0] == dice[1] and not self.opening_reroll:
            self.report.report(
                "R213",
                N_("the opening roll is a double ({dice})").format(dice=dice_text(dice)),
                move,
                dice=dice,
            )
        if self.state.boards is None:
            return False
        if len(roll) != self.dice_count or (move.roll and not all(1 <= d <= 6 for d in roll)):
            self.report.report(
                "R217",
                N_("a {variant} roll has {count} dice, not {roll}").format(
                    variant=self.rs.variant.value,
                    count=self.rs.dice,
                    roll="-".join(map(str, roll)),
                ),
                move,
            )
            return False
        return True

    def after(self, player: int, dice: tuple[int, int], full: bool) -> None:
        """A variant's extra roll after ``player`` played ``dice`` (``full``: every die
        used): the next turn is theirs again."""
        self.turns.after(player, dice, full)
        if self.turns.again is not None:
            self.state.turn = player
