"""Every variant gamao plays, each defined in one place: :data:`DEFINITIONS`.

A definition gives the variant's rules (start position, movement, entering, blocking, bearing
off, scoring, cube: the fields of :class:`gamao_cli.engine.ruleset.RuleSet` that differ from
standard backgammon's), the named options it takes (the first value of each is the default,
and part of its rules), and what the rest of gamao says about it: its ``--variant`` names and
help, the spellings records use, its ``.mat`` and SGF names, the names of its results, the rule
ids of its findings. :func:`gamao_cli.engine.ruleset.rule_set` builds a rule set from the
definition alone.

Adding a variant: a member of :class:`gamao_cli.model.match.Variant` (the registry of names)
and its entry here; docs/variants.md describes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NamedTuple

from gamao_cli.engine.rule_options import (
    ALL_OPTIONS,
    BEAROFF,
    BLOCK,
    CUBE,
    DOUBLES,
    HEAD,
    HOME_HIT,
    KOKS,
    OPENING,
    POOL,
    REROLL,
    SCORING,
    Option,
    RuleError,
    RuleFields,
    Scoring,
)
from gamao_cli.i18n import N_
from gamao_cli.model.match import Variant

STANDARD_RESULTS: Final = (N_("single game"), N_("gammon"), N_("backgammon"))


class RuleIds(NamedTuple):
    """The rule ids a variant's findings name."""

    scoring: str  # a result that differs from its scoring (X430, X431)
    no_cube: str  # a double where it has no cube (C320)
    opening: str  # its opening reroll (R238)


@dataclass(frozen=True, slots=True)
class VariantDef:
    """One variant: its rules, its options and how gamao names and writes it."""

    variant: Variant
    summary: str
    """How ``--variant``'s help names it."""
    rules: RuleFields
    """Where its rules differ from standard backgammon's (and its options' defaults)."""
    mat_name: str
    """The ``.mat`` ``Variation`` tag written (gamao's own for tavla and after)."""
    sgf_name: str | None = None
    """The SGF ``RU`` element naming it (None: standard, or none)."""
    options: tuple[Option, ...] = ()
    names: tuple[str, ...] = ()
    """``--variant`` values besides its own (``variant.value``)."""
    spellings: tuple[str, ...] = ()
    """Other spellings records use (letters and digits, lower case)."""
    result_names: tuple[str, ...] = STANDARD_RESULTS
    """A won game's names, by level (per-checker scoring counts checkers instead)."""
    rule_ids: RuleIds | None = None
    """Its own rule ids (None: standard backgammon's)."""
    analysable: bool = False
    """Whether the evaluator plays it (``analyse``)."""

    @property
    def choices(self) -> tuple[str, ...]:
        """Its ``--variant`` values."""
        return (self.variant.value, *self.names)

    @property
    def writes_mat(self) -> bool:
        """Whether a ``.mat`` holds its plays: a dice cell holds two dice (not tabula's three)."""
        return self.rules.get("dice", 2) == 2

    @property
    def writes_sgf(self) -> bool:
        """Whether SGF holds its plays: an SGF move cannot start off the board (a pool)."""
        return not self.rules.get("pool", False)

    @property
    def enters_in_mat(self) -> bool:
        """Whether a ``.mat`` play's hop from off is an entry (checkers start off the board,
        and a dice cell holds the roll): ``off/19``."""
        return self.writes_mat and not self.writes_sgf


def _hyper(variant: Variant, n: int, mat_name: str, names: tuple[str, ...] = ()) -> VariantDef:
    """Hypergammon with ``n`` checkers a side on the 24, 23, 22 points (Y1-Y3)."""
    return VariantDef(
        variant,
        variant.value if not names else f"{variant.value} (= {names[0]})",
        RuleFields(checkers=n, start_points=tuple((24 - i, 1) for i in range(n))),
        mat_name,
        f"Hypergammon{n}",
        names=names,
        spellings=(f"{n}chequerhypergammon", f"{n}checkerhypergammon"),
    )


DEFINITIONS: Final = (
    VariantDef(  # RULES.md S1, M, H, B, E, C, X
        Variant.STANDARD,
        "standard",
        RuleFields(),
        "Backgammon",
        spellings=("backgammon",),
        analysable=True,
    ),
    VariantDef(  # S2
        Variant.NACKGAMMON,
        "nackgammon",
        RuleFields(start_points=((24, 2), (23, 2), (13, 4), (8, 3), (6, 4))),
        "NackGammon",
        "Nackgammon",
        spellings=("nack",),
        analysable=True,
    ),
    _hyper(Variant.HYPERGAMMON, 3, "HyperGammon (3)", ("hypergammon3",)),  # gnubg's name
    _hyper(Variant.HYPERGAMMON2, 2, "HyperGammon (2)"),
    _hyper(Variant.HYPERGAMMON1, 1, "HyperGammon (1)"),
    VariantDef(  # T1-T8: standard start and movement, a hitter in the home board stops (T4)
        Variant.TAVLA,
        "tavla",
        RuleFields(scoring=Scoring.MARS),  # T6: 1, mars 2
        "Tavla",  # gamao's extensions (research/variants.md section 6)
        "Tavla",
        options=(OPENING, HOME_HIT, CUBE),
        result_names=(N_("single game"), N_("mars")),
        rule_ids=RuleIds("T6", "T7", "T2"),
    ),
    VariantDef(  # N1-N9
        Variant.LONG_NARDY,
        "longnardy",
        RuleFields(
            start_points=((24, 15),),  # N1: all on the head
            same_direction=True,  # N3: both sides the same way round, no bar
            single_blocks=True,  # N3: one checker holds a point
            hitting=False,
            scoring=Scoring.MARS,  # N8: oin 1, mars 2
        ),
        "LongNardy",
        "LongNardy",
        options=(OPENING, HEAD, BLOCK, KOKS, CUBE),
        spellings=("nardy",),
        result_names=(N_("oin"), N_("mars"), N_("koks")),
        rule_ids=RuleIds("N8", "N9", "N2"),
    ),
    VariantDef(  # A1-A8
        Variant.ACEY_DEUCEY,
        "aceydeucey",
        RuleFields(
            start_points=((POOL, 15),),  # A1: none entered
            pool=True,  # A3: entering is a move
            acey_deucey=True,  # A4: the 1-2, a named double, another roll
        ),
        "AceyDeucey",
        "AceyDeucey",
        options=(OPENING, CUBE, REROLL, DOUBLES, BEAROFF, SCORING),
        rule_ids=RuleIds("A7", "A7", "A2"),
    ),
    VariantDef(  # bgammon.org's variant 2 (research/variants.md sections 6-7)
        Variant.TABULA,
        "tabula (bgammon.org's, three dice)",
        RuleFields(
            start_points=((POOL, 15),),  # none entered
            shared_track=True,  # one track for both sides: a point has one number
            pool=True,  # entering on the first six points is a move
            enter_first=True,  # nothing passes the 12th point until all have entered
            home_points=12,  # bearing off from the last twelve points
            bearoff_exact=True,  # ... with exact numbers
            dice=3,  # three dice, each once
            opening_reroll=True,
            cube=False,
            scoring=Scoring.TABULA,
        ),
        "Tabula",
        rule_ids=RuleIds("tabula:scoring", "tabula:no-cube", "tabula:opening"),
    ),
)
"""The variants, in the order help and docs list them."""

_BY_VARIANT: Final = {d.variant: d for d in DEFINITIONS}
_BY_SPELLING: Final = {
    name: d.variant for d in DEFINITIONS for name in (*d.choices, *d.spellings)
}

OPTIONS: Final = {
    option.key: (tuple(d.variant for d in DEFINITIONS if option in d.options), option.values)
    for option in ALL_OPTIONS
}
"""Named options (``--option key=value``): the variants each applies to and its values, the
first being the default."""

VARIANT_CHOICES: Final = tuple(name for d in DEFINITIONS for name in d.choices)
"""The ``--variant`` values."""


def definition(variant: Variant) -> VariantDef:
    found = _BY_VARIANT.get(variant)
    if found is None:
        raise RuleError(f"the engine does not play {variant.value} yet")
    return found


def variant_named(name: str) -> Variant | None:
    """The variant a record or the user names (any case, spaces and punctuation ignored:
    ``HyperGammon (3)``, ``3-checker hypergammon``, ``Nack``), or None."""
    return _BY_SPELLING.get("".join(c for c in name.strip().lower() if c.isalnum()))


def option_problem(variant: Variant | None, key: str, value: str) -> str | None:
    """Why ``key=value`` is not a named option of ``variant`` (of any variant when None),
    listing the valid keys or values; None when it is one."""
    option = next((o for o in ALL_OPTIONS if o.key == key), None)
    if variant is not None:
        own = definition(variant).options
        valid = ", ".join(sorted(o.key for o in own)) or "none"
        if option is None:
            return N_("unknown option '{key}' (valid for {variant}: {valid})").format(
                key=key, variant=variant.value, valid=valid
            )
        if option not in own:
            return N_(
                "option '{key}' applies to {variants}, not {variant} (valid for {variant}: "
                "{valid})"
            ).format(
                key=key,
                variants=", ".join(v.value for v in OPTIONS[key][0]),
                variant=variant.value,
                valid=valid,
            )
    elif option is None:
        return N_("unknown option '{key}' (known: {known})").format(
            key=key, known=", ".join(sorted(OPTIONS))
        )
    if value not in option.values:
        return N_("option {key}: '{value}' is not one of {allowed}").format(
            key=key, value=value, allowed=", ".join(option.values)
        )
    return None


def check_option(variant: Variant | None, key: str, value: str) -> Option:
    """The option ``key`` of ``variant`` (of any variant when None) with ``value`` one of
    its values; :class:`RuleError` with :func:`option_problem`'s message if not."""
    problem = option_problem(variant, key, value)
    if problem is not None:
        raise RuleError(problem)
    return next(o for o in ALL_OPTIONS if o.key == key)


def applicable_options(
    variant: Variant, options: tuple[tuple[str, str], ...]
) -> tuple[tuple[str, str], ...]:
    """The options that apply to ``variant`` (a directory may mix variants: an option for
    another variant is left out rather than refused)."""
    own = {o.key for o in definition(variant).options}
    return tuple((k, v) for k, v in options if k in own)


def default_option(key: str) -> str:
    """The default value of option ``key``."""
    return OPTIONS[key][1][0]
