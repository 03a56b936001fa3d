"""The kinds a rule takes, the named rule options and the house rules, as data.

A rule that is more than on or off is an enum (:class:`Head`, :class:`Block`, :class:`Scoring`),
never a string. A named option (``--option key=value``, docs/variants.md) and a house rule
(``--house-rule NAME``) are each a name and what every value sets in a rule set
(:class:`RuleFields`: keyword arguments of :class:`gamao_cli.engine.ruleset.RuleSet`). A
variant's definition (:mod:`gamao_cli.engine.variants`) lists the options it takes; the first
value of an option is its default, and what that value sets is part of the variant's rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final, TypedDict, cast

from gamao_cli.i18n import N_

POOL: Final = 26
"""Acey-deucey and tabula: the board cell of the checkers not yet entered (A1)."""


class RuleError(ValueError):
    """An unknown variant, house rule or option (the CLI reports it and exits 2)."""


class Head(Enum):
    """N4: how checkers leave Long Nardy's head (the 24th point)."""

    NONE = "none"  # no head rule
    FIXED = "fixed"  # one a turn; two on the first turn with 6-6, 4-4 or 3-3
    NEEDED = "needed"  # ... and two on the first turn whenever the roll needs them


class Block(Enum):
    """N5: when six points in a row with no opposing checker in front are refused."""

    OFF = "off"  # never
    STEP = "step"  # after every single-die move
    FINAL = "final"  # after the whole turn


class Scoring(Enum):
    """What a won game is worth (times the cube)."""

    STANDARD = "standard"  # 1, gammon 2, backgammon 3 (E2-E4)
    MARS = "mars"  # 1, mars 2 (T6; Long Nardy's oin and mars, N8, koks 3 as an option)
    PER_CHECKER = "per-checker"  # 1 a checker the loser has not borne off (A7)
    TABULA = "tabula"  # 3 while the loser has a checker to enter or on 13-24, else 1


class RuleFields(TypedDict, total=False):
    """Rule set fields by name (a variant's rules, what an option or house rule sets)."""

    checkers: int
    start_points: tuple[tuple[int, int], ...]
    same_direction: bool
    shared_track: bool
    single_blocks: bool
    hitting: bool
    pool: bool
    bearoff_exact: bool
    enter_first: bool
    home_points: int
    dice: int
    head: Head
    block: Block
    home_hit_freeze: bool
    opening_reroll: bool
    acey_deucey: bool
    acey_reroll_always: bool
    doubles_extra_roll: bool
    cube: bool
    scoring: Scoring
    koks: bool
    max_per_point: int
    automatic_doubles: bool


@dataclass(frozen=True, slots=True)
class Option:
    """A named option: its key, and each value with what it sets (the first is the default)."""

    key: str
    settings: tuple[tuple[str, RuleFields], ...]

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(value for value, _ in self.settings)

    @property
    def default(self) -> str:
        return self.settings[0][0]

    def fields(self, value: str) -> RuleFields:
        for known, fields in self.settings:
            if known == value:
                return fields
        raise RuleError(
            N_("option {key}: '{value}' is not one of {allowed}").format(
                key=self.key, value=value, allowed=", ".join(self.values)
            )
        )


def _switch(key: str, field: str, values: tuple[str, str], first_on: bool) -> Option:
    """An option turning one boolean field on or off (its first value the default)."""
    first, second = values
    return Option(
        key,
        (
            (first, cast(RuleFields, {field: first_on})),
            (second, cast(RuleFields, {field: not first_on})),
        ),
    )


def _kind(
    key: str, field: str, members: tuple[Head, ...] | tuple[Block, ...] | tuple[Scoring, ...]
) -> Option:
    """An option setting an enum field, its values the members' values (the first the default)."""
    return Option(key, tuple((m.value, cast(RuleFields, {field: m})) for m in members))


OPENING = _switch("opening", "opening_reroll", ("reroll", "use-dice"), True)  # T2, N2, A2
HOME_HIT = _switch("home-hit", "home_hit_freeze", ("freeze", "free"), True)  # T4
HEAD = _kind("head", "head", (Head.FIXED, Head.NEEDED))  # N4
BLOCK = _kind("block", "block", (Block.STEP, Block.FINAL, Block.OFF))  # N5
KOKS = _switch("koks", "koks", ("off", "3"), False)  # N8
CUBE = _switch("cube", "cube", ("off", "on"), False)  # T7, N9, A7
REROLL = _switch("reroll", "acey_reroll_always", ("complete", "always"), False)  # A4
DOUBLES = _switch("doubles", "doubles_extra_roll", ("normal", "extra-roll"), False)  # A5
BEAROFF = _switch("bearoff", "bearoff_exact", ("normal", "exact"), False)  # A6
SCORING = _kind("scoring", "scoring", (Scoring.PER_CHECKER, Scoring.STANDARD))  # A7

ALL_OPTIONS: Final = (OPENING, HOME_HIT, HEAD, BLOCK, KOKS, CUBE, REROLL, DOUBLES, BEAROFF, SCORING)
"""Every named option, in the order help and docs list them."""


@dataclass(frozen=True, slots=True)
class HouseRule:
    """A house rule (any variant): its name, what it does, what it sets."""

    name: str
    text: str
    fields: RuleFields


ALL_HOUSE_RULES: Final = (
    HouseRule(
        "five-checker-limit",
        "at most five checkers of one side on a point",
        RuleFields(max_per_point=5),
    ),
    HouseRule(
        "roll-again-after-double",
        "a double played in full earns another roll",
        RuleFields(doubles_extra_roll=True),
    ),
    HouseRule(
        "reroll-opening",
        "the opening winner rolls both dice anew (the opening may be a double)",
        RuleFields(opening_reroll=True),
    ),
    HouseRule(
        "automatic-doubles",
        "money play: each opening tie turns the cube (the cube may start above 1)",
        RuleFields(automatic_doubles=True),
    ),
)
"""The house rules of the seeds (002: five checkers, rolling again after a double, re-rolling
the opening; 000 and RULES.md S3: automatic doubles), as switches."""

HOUSE_RULES: Final = {rule.name: rule.text for rule in ALL_HOUSE_RULES}
"""House rule names and what each does."""


def house_rule(name: str) -> HouseRule:
    for rule in ALL_HOUSE_RULES:
        if rule.name == name:
            return rule
    raise RuleError(
        N_("unknown house rule '{name}' (known: {known})").format(
            name=name, known=", ".join(HOUSE_RULES)
        )
    )


def parse_option(text: str) -> tuple[str, str]:
    """``key=value`` as given to ``--option``."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip() or not value.strip():
        raise RuleError(N_("--option takes key=value, got '{text}'").format(text=text))
    return key.strip().lower(), value.strip().lower()
