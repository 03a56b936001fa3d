"""What the replay needs to know about a rule set beyond one play: who rolls next (acey-deucey's
1-2, a named double and another roll, A4; doubles that earn another roll, A5 and the house
rule), the variant codes of broken rules, and scoring names.

:class:`Turns` is the small state machine one game's replay keeps: after each play it says
whether the same player rolls again and whether that roll must be a named double.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamao_cli.engine.ruleset import RuleSet
from gamao_cli.i18n import N_
from gamao_cli.model.match import Variant

VARIANT_PLAY_CODES = {
    "nardy-hit": "R230",
    "nardy-bar": "R230",
    "head-rule": "R231",
    "six-block": "R232",
    "home-hit-moves-on": "R233",
    "five-checker-limit": "R234",
    "exact-bear-off": "R235",
    "tabula-exact-bear-off": "R235",
    "tabula-enter-first": "R239",
}
"""Judgement kinds of a broken variant rule (engine.plays.VARIANT_REASONS) to finding codes."""

SCORING_RULE = {
    Variant.TAVLA: "T6",
    Variant.LONG_NARDY: "N8",
    Variant.ACEY_DEUCEY: "A7",
    Variant.TABULA: "tabula:scoring",
}
NO_CUBE_RULE = {
    Variant.TAVLA: "T7",
    Variant.LONG_NARDY: "N9",
    Variant.ACEY_DEUCEY: "A7",
    Variant.TABULA: "tabula:no-cube",
}
OPENING_RULE = {
    Variant.TAVLA: "T2",
    Variant.LONG_NARDY: "N2",
    Variant.ACEY_DEUCEY: "A2",
    Variant.TABULA: "tabula:opening",
}


def level_name(rs: RuleSet, level: int) -> str:
    """A result's name under ``rs``: tavla's mars, Long Nardy's oin and mars, acey-deucey's
    points per checker."""
    if rs.scoring == "per-checker":
        return f"{level}-checker game"
    if rs.scoring == "mars":
        if rs.variant is Variant.LONG_NARDY:
            return {1: N_("oin"), 2: N_("mars"), 3: N_("koks")}.get(level, f"level {level}")
        return {1: N_("single game"), 2: N_("mars")}.get(level, f"level {level}")
    return {1: N_("single game"), 2: N_("gammon"), 3: N_("backgammon")}.get(level, f"level {level}")


@dataclass(slots=True)
class Turns:
    """Who must roll next beyond the usual alternation (None: the other player)."""

    rs: RuleSet
    again: int | None = None  # this player rolls again
    named: bool = False  # ... and that roll is the double named after a 1-2 (A4)

    def expects(self, player: int) -> bool:
        return self.again == player

    def missing(self) -> str | None:
        """Why the other player's roll now is out of turn, or None."""
        if self.again is None:
            return None
        if self.named:
            return N_("the 1-2 was played in full: the same player names a double and plays it")
        return N_("the double was played in full: the same player rolls again")

    def after(self, player: int, dice: tuple[int, int], full: bool) -> None:
        """Update after ``player`` played ``dice`` (``full``: every die used)."""
        rs = self.rs
        named = self.named and self.again == player
        self.again, self.named = None, False
        if named:
            if full or rs.acey_reroll_always:
                self.again = player  # A4: the named double played in full gives another roll
            return
        if rs.acey_deucey and sorted(dice) == [1, 2] and full:
            self.again, self.named = player, True
        elif dice[0] == dice[1] and full and rs.doubles_extra_roll:
            self.again = player
