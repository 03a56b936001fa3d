"""The rule options, declared once: :class:`RuleArgs` and the groups of them the commands
take (:data:`RuleOpts`, :data:`VariantOpts`, :data:`ClassicRuleOpts`; cli.option_groups)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Annotated

import typer

from gamao_cli.analysis.options import CheckOptions
from gamao_cli.cli.common import fail
from gamao_cli.cli.option_groups import OptionGroup
from gamao_cli.engine.rule_options import ALL_OPTIONS
from gamao_cli.engine.ruleset import HOUSE_RULES, RuleError, parse_option, rule_set
from gamao_cli.engine.variants import DEFINITIONS, VARIANT_CHOICES, check_option, variant_named
from gamao_cli.i18n import _
from gamao_cli.model.match import Variant


class RulesChoice(str, Enum):
    standard = "standard"
    nackgammon = "nackgammon"
    nocube = "nocube"


RulesOpt = Annotated[
    RulesChoice | None,
    typer.Option(
        "--rules",
        help="Rules to check against (default: what the file says, else standard). "
        "nocube: no doubling at all (a .mat cannot say so).",
        case_sensitive=False,
    ),
]
JacobyOpt = Annotated[
    bool | None,
    typer.Option(
        "--jacoby/--no-jacoby",
        help="Jacoby rule in money play (default: what the file says; if it says nothing, "
        "accept either and report which one a result implies).",
        show_default=False,
    ),
]
BeaversOpt = Annotated[
    bool | None,
    typer.Option(
        "--beavers/--no-beavers",
        help="Beavers in money play (default: what the file says; if nothing, accept and report).",
        show_default=False,
    ),
]
CrawfordOpt = Annotated[
    bool | None,
    typer.Option(
        "--crawford/--no-crawford",
        help="Crawford rule in match play (default: on, unless the file says off).",
        show_default=False,
    ),
]


VARIANT_NAMES = "|".join(VARIANT_CHOICES)
"""The --variant values (engine.variants; hypergammon is hypergammon3); the records' own
spellings (backgammon, nack, nardy, 3-checker hypergammon, ...) are accepted too."""

VariantOpt = Annotated[
    str | None,
    typer.Option(
        "--variant",
        help="The game played: "
        + ", ".join(d.summary for d in DEFINITIONS[:-1])
        + f" or {DEFINITIONS[-1].summary}; also as records spell them (backgammon, nack, "
        "nardy). Default: what the record says, else standard; a record's own tag is "
        "overridden and the conflict reported (X432).",
        metavar="<variant>",
        show_default=False,
    ),
]
HouseRuleOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--house-rule",
        help="A house rule, repeatable: " + ", ".join(HOUSE_RULES) + ".",
        metavar="NAME",
        show_default=False,
    ),
]
RuleOptionOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        help="A variant's named option, repeatable: "
        + "; ".join(f"{o.key}={'|'.join(o.values)}" for o in ALL_OPTIONS)
        + " (docs/variants.md; the first value is the default).",
        metavar="KEY=VALUE",
        show_default=False,
    ),
]


class UsageError(ValueError):
    """A bad --variant, --house-rule or --option (the command exits 2 with the message)."""


def parse_variant(text: str) -> Variant:
    """A --variant name; the variants the engine plays only."""
    variant = variant_named(text)
    if variant is None:
        raise UsageError(
            _("--variant '{text}': expected {names}").format(text=text, names=VARIANT_NAMES)
        )
    try:
        rule_set(variant)
    except RuleError as exc:
        raise UsageError(f"--variant '{text}': {exc}") from None
    return variant


def variant_settings(
    variant: str | None, house_rules: list[str] | None, options: list[str] | None
) -> tuple[Variant | None, tuple[str, ...], tuple[tuple[str, str], ...]]:
    """--variant, --house-rule and --option checked: with --variant every option must apply
    to it; without, each option applies to the records of its variants only."""
    chosen = parse_variant(variant) if variant is not None else None
    houses = tuple(h.strip().lower() for h in house_rules or ())
    try:
        pairs = tuple(parse_option(o) for o in options or ())
        for key, value in pairs:
            check_option(chosen, key, value)  # without --variant: some variant's option
        rule_set(chosen or Variant.STANDARD, houses, pairs if chosen else ())
    except RuleError as exc:
        raise UsageError(str(exc)) from None
    return chosen, houses, pairs


def make_options(
    rules: RulesChoice | None,
    jacoby: bool | None,
    beavers: bool | None,
    crawford: bool | None,
    *,
    show_board: bool = False,
    analyse_plays: bool = False,
    variant: str | None = None,
    house_rules: list[str] | None = None,
    rule_options: list[str] | None = None,
    fingerprints: bool = False,
) -> CheckOptions:
    """The check options; raises :class:`UsageError` on a bad variant setting."""
    chosen = (
        Variant.NACKGAMMON
        if rules is RulesChoice.nackgammon
        else (Variant.STANDARD if rules is RulesChoice.standard else None)
    )
    try:
        picked, houses, pairs = variant_settings(variant, house_rules, rule_options)
    except UsageError as exc:
        fail(str(exc))
    if picked is not None:
        if chosen is not None and chosen is not picked:
            fail(
                _("--rules {rules} and --variant {variant} disagree").format(
                    rules=rules.value if rules else "", variant=variant
                )
            )
        chosen = picked
    return CheckOptions(
        house_rules=houses,
        rule_options=pairs,
        variant=chosen,
        cube=False if rules is RulesChoice.nocube else None,
        jacoby=jacoby,
        beavers=beavers,
        crawford=crawford,
        show_board=show_board,
        analyse_plays=analyse_plays,
        fingerprints=fingerprints,
    )


@dataclass(frozen=True, slots=True)
class RuleArgs:
    """The seven rule options as given (None: not given); a command takes all of them
    (:data:`RuleOpts`) or some (:data:`VariantOpts`, :data:`ClassicRuleOpts`)."""

    rules: RulesOpt = None
    variant: VariantOpt = None
    house_rule: HouseRuleOpt = None
    option: RuleOptionOpt = None
    jacoby: JacobyOpt = None
    beavers: BeaversOpt = None
    crawford: CrawfordOpt = None

    def check_options(
        self, *, show_board: bool = False, analyse_plays: bool = False, fingerprints: bool = False
    ) -> CheckOptions:
        """The check options (exit 2 with the message on a bad variant setting)."""
        return make_options(
            self.rules,
            self.jacoby,
            self.beavers,
            self.crawford,
            show_board=show_board,
            analyse_plays=analyse_plays,
            variant=self.variant,
            house_rules=self.house_rule,
            rule_options=self.option,
            fingerprints=fingerprints,
        )

    def variant_settings(
        self,
    ) -> tuple[Variant | None, tuple[str, ...], tuple[tuple[str, str], ...]]:
        """:func:`variant_settings` of --variant, --house-rule and --option (exit 2 if bad)."""
        try:
            return variant_settings(self.variant, self.house_rule, self.option)
        except UsageError as exc:
            fail(str(exc))


NO_RULE_ARGS = RuleArgs()
"""No rule option given: the default of a command's rule options."""
RuleOpts = Annotated[RuleArgs, OptionGroup(RuleArgs)]
"""All seven: --rules, --variant, --house-rule, --option, --jacoby, --beavers, --crawford."""
VariantOpts = Annotated[RuleArgs, OptionGroup(RuleArgs, ("variant", "house_rule", "option"))]
"""The game played: --variant, --house-rule, --option."""
ClassicRuleOpts = Annotated[
    RuleArgs, OptionGroup(RuleArgs, ("rules", "jacoby", "beavers", "crawford"))
]
"""Backgammon's own rules: --rules, --jacoby, --beavers, --crawford."""
