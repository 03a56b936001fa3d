"""The engine's one way in: the legal plays of a roll and the verdict on a recorded play, under
a rule set.

Everything outside the engine asks here, with the rule set: :func:`legal_plays`,
:func:`generate` (the plays and how many dice they use), :func:`judge`, :func:`quick_legal`,
:func:`play_result` and :func:`play_count`. Boards are in the mover's view (``me`` the mover's,
``opp`` the opponent's, each in its owner's numbering); ``dice`` is every die rolled (two, a
double as two equal dice; tabula's three); ``hops`` a recorded play's steps as written.

Which generator and validator play a rule set is decided once, when the rule set is built
(:attr:`~gamao_cli.engine.ruleset.RuleSet.movement`), and picks one of the :class:`Moves`
below:

* standard movement (standard, nackgammon, hypergammon): the standard generator
  (:mod:`~gamao_cli.engine.movegen`) and validator (:mod:`~gamao_cli.engine.validate`);
* standard movement but for acey-deucey's pool or tavla's T4: the standard generator in the
  positions where those rules cannot apply, the rule-set search elsewhere; the rule-set
  validator (:mod:`~gamao_cli.engine.rules_validate`);
* tabula: its own walk for the plays using every die (:mod:`~gamao_cli.engine.tabula_movegen`),
  the rule-set search for the rest; the rule-set validator;
* any other: the rule-set search (:mod:`~gamao_cli.engine.rules_movegen`) and validator.

A loop over many positions of one rule set may hold :func:`moves_of`'s object and call it
directly (the replay does): the choice is then made once for all of them.

Compiled (setup.py): the classes are native, so a call through :class:`Moves` is a call
through a table, not a look-up by name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from gamao_cli.engine import validate
from gamao_cli.engine.judgement import REASONS, VARIANT_REASONS, Judgement
from gamao_cli.engine.movegen import (
    Play,
    StepTuple,
    count_plays,
    plays_for,
    surely_forced,
    surely_not_forced,
)
from gamao_cli.engine.rules_movegen import general_generate, standard_here, tabula_generate
from gamao_cli.engine.rules_validate import judge_rules
from gamao_cli.engine.ruleset import RuleSet
from gamao_cli.engine.validate import QuickVerdict
from gamao_cli.model.actions import Board, Step

__all__ = [
    "REASONS",
    "VARIANT_REASONS",
    "Judgement",
    "Moves",
    "Play",
    "QuickVerdict",
    "StepTuple",
    "generate",
    "judge",
    "legal_plays",
    "moves_of",
    "play_count",
    "play_result",
    "quick_legal",
]


class Moves:
    """How a rule set's plays are found and judged: the rule-set search and validator, which
    play any rule set. Subclasses are the fast paths; one instance each (:func:`moves_of`)."""

    def generate(
        self, rs: RuleSet, me: Board, opp: Board, dice: tuple[int, ...]
    ) -> tuple[int, list[Play]]:
        """(dice used, every distinct legal play); no plays when the roll cannot be played."""
        return general_generate(rs, me, opp, dice)

    def plays(self, rs: RuleSet, me: Board, opp: Board, dice: tuple[int, ...]) -> list[Play]:
        """Every distinct legal play; empty when the roll cannot be played."""
        return self.generate(rs, me, opp, dice)[1]

    def judge(
        self, rs: RuleSet, me: Board, opp: Board, dice: tuple[int, ...], hops: Sequence[Step]
    ) -> Judgement:
        """The verdict on the recorded play ``hops``."""
        return judge_rules(rs, me, opp, dice, hops, generate)

    def quick_legal(
        self, rs: RuleSet, me: Board, opp: Board, dice: tuple[int, ...], hops: Sequence[Step]
    ) -> QuickVerdict | None:
        """A legal play's single-die steps and boards after it, when that is quick to tell
        (one hop a die, legal as written); None otherwise: :meth:`judge` then decides."""
        return None

    def play_count(
        self,
        rs: RuleSet,
        me: Board,
        opp: Board,
        dice: tuple[int, ...],
        played: tuple[StepTuple, ...],
    ) -> int:
        """How many legal plays the roll has, the legal play ``played`` being one: 2 when
        another certainly exists, else :meth:`counted`."""
        if surely_not_forced(me, opp, played, (dice[0], dice[1])):
            return 2
        return self.counted(rs, me, opp, dice)

    def counted(self, rs: RuleSet, me: Board, opp: Board, dice: tuple[int, ...]) -> int:
        """How many legal plays the roll has: every play counted."""
        return len(self.plays(rs, me, opp, dice))

    def play_result(
        self, rs: RuleSet, me: Board, opp: Board, dice: tuple[int, ...], hops: Sequence[Step]
    ) -> tuple[Board, Board] | None:
        """The boards after the recorded play ``hops`` (mover's, opponent's), legal or not, as
        :meth:`judge` gives them; None where it gives none (the play cannot be applied)."""
        verdict = self.judge(rs, me, opp, dice, hops)
        if verdict.mover is None or verdict.opponent is None:
            return None
        return verdict.mover, verdict.opponent


class _Standard(Moves):
    """Standard movement: the standard generator and validator (two dice)."""

    def generate(
        self, rs: RuleSet, me: Board, opp: Board, dice: tuple[int, ...]
    ) -> tuple[int, list[Play]]:
        if len(dice) != 2:
            return general_generate(rs, me, opp, dice)
        plays = plays_for(me, opp, (dice[0], dice[1]))
        return (len(plays[0].steps) if plays else 0), plays

    def plays(self, rs: RuleSet, me: Board, opp: Board, dice: tuple[int, ...]) -> list[Play]:
        if len(dice) != 2:
            return general_generate(rs, me, opp, dice)[1]
        return plays_for(me, opp, (dice[0], dice[1]))

    def judge(
        self, rs: RuleSet, me: Board, opp: Board, dice: tuple[int, ...], hops: Sequence[Step]
    ) -> Judgement:
        return validate.judge(me, opp, (dice[0], dice[1]), hops)

    def quick_legal(
        self, rs: RuleSet, me: Board, opp: Board, dice: tuple[int, ...], hops: Sequence[Step]
    ) -> QuickVerdict | None:
        return validate.quick_legal(me, opp, (dice[0], dice[1]), hops)

    def counted(self, rs: RuleSet, me: Board, opp: Board, dice: tuple[int, ...]) -> int:
        """Counted up to 2 (a choice): telling a forced play from a choice is what matters,
        and stopping at two is much cheaper than generating every play."""
        two = (dice[0], dice[1])
        return 1 if surely_forced(me, two) else count_plays(me, opp, two)

    def play_result(
        self, rs: RuleSet, me: Board, opp: Board, dice: tuple[int, ...], hops: Sequence[Step]
    ) -> tuple[Board, Board] | None:
        return validate.play_result(me, opp, (dice[0], dice[1]), hops)


class _MostlyStandard(Moves):
    """Acey-deucey and tavla: the standard generator where the pool (A3) and T4 cannot apply
    (:func:`~gamao_cli.engine.rules_movegen.standard_here`), the rule-set search elsewhere."""

    def generate(
        self, rs: RuleSet, me: Board, opp: Board, dice: tuple[int, ...]
    ) -> tuple[int, list[Play]]:
        if len(dice) == 2 and standard_here(rs, me, opp):
            plays = plays_for(me, opp, (dice[0], dice[1]))
            return (len(plays[0].steps) if plays else 0), plays
        return general_generate(rs, me, opp, dice)


class _Tabula(Moves):
    """Tabula: its own walk for the plays using all three dice."""

    def generate(
        self, rs: RuleSet, me: Board, opp: Board, dice: tuple[int, ...]
    ) -> tuple[int, list[Play]]:
        return tabula_generate(rs, me, opp, dice)


_MOVES: Final[tuple[Moves, ...]] = (_Standard(), _MostlyStandard(), _Tabula(), Moves())
"""By :attr:`RuleSet.movement` (engine.ruleset's STANDARD_MOVES, STANDARD_MOVES_MOSTLY,
TABULA_MOVES, RULE_SET_MOVES)."""


def moves_of(rules: RuleSet) -> Moves:
    """The generator and validator that play ``rules``."""
    return _MOVES[rules.movement]


def generate(
    rules: RuleSet, me: Board, opp: Board, dice: tuple[int, ...]
) -> tuple[int, list[Play]]:
    """(dice used, every distinct legal play) under ``rules``; no plays when the roll cannot be
    played."""
    return _MOVES[rules.movement].generate(rules, me, opp, dice)


def legal_plays(rules: RuleSet, me: Board, opp: Board, dice: tuple[int, ...]) -> list[Play]:
    """Every distinct legal play under ``rules``; empty when the roll cannot be played."""
    return _MOVES[rules.movement].plays(rules, me, opp, dice)


def judge(
    rules: RuleSet, me: Board, opp: Board, dice: tuple[int, ...], hops: Sequence[Step]
) -> Judgement:
    """The verdict on the recorded play ``hops`` under ``rules``."""
    return _MOVES[rules.movement].judge(rules, me, opp, dice, hops)


def quick_legal(
    rules: RuleSet, me: Board, opp: Board, dice: tuple[int, ...], hops: Sequence[Step]
) -> QuickVerdict | None:
    """:meth:`Moves.quick_legal` under ``rules``."""
    return _MOVES[rules.movement].quick_legal(rules, me, opp, dice, hops)


def play_count(
    rules: RuleSet, me: Board, opp: Board, dice: tuple[int, ...], played: tuple[StepTuple, ...]
) -> int:
    """:meth:`Moves.play_count` under ``rules``."""
    return _MOVES[rules.movement].play_count(rules, me, opp, dice, played)


def play_result(
    rules: RuleSet, me: Board, opp: Board, dice: tuple[int, ...], hops: Sequence[Step]
) -> tuple[Board, Board] | None:
    """:meth:`Moves.play_result` under ``rules``."""
    return _MOVES[rules.movement].play_result(rules, me, opp, dice, hops)
