"""What the replay needs to know about a rule set beyond one play: who rolls next (acey-deucey's
1-2, a named double and another roll, A4; doubles that earn another roll, A5 and the house
rule), the variant codes of broken rules, and scoring names.

:class:`Turns` is the small state machine one game's replay keeps: after each play it says
whether the same player rolls again and whether that roll must be a named double.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamao_cli.engine.ruleset import RuleSet, Scoring
from gamao_cli.engine.variants import DEFINITIONS, definition
from gamao_cli.i18n import N_

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

_IDS = {d.variant: d.rule_ids for d in DEFINITIONS if d.rule_ids is not None}
SCORING_RULE = {variant: ids.scoring for variant, ids in _IDS.items()}
"""The rule id of a result that differs from the variant's scoring (engine.variants)."""
NO_CUBE_RULE = {variant: ids.no_cube for variant, ids in _IDS.items()}
"""The rule id of a double in a variant without the cube."""
OPENING_RULE = {variant: ids.opening for variant, ids in _IDS.items()}
"""The rule id of a variant's opening reroll."""


def level_name(rs: RuleSet, level: int) -> str:
    """A result's name under ``rs``: tavla's mars, Long Nardy's oin and mars, acey-deucey's
    points per checker (engine.variants: each variant's result names)."""
    if rs.scoring is Scoring.PER_CHECKER:
        return f"{level}-checker game"
    names = definition(rs.variant).result_names
    return names[level - 1] if 0 < level <= len(names) else f"level {level}"


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
