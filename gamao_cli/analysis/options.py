"""Rule options for checking, statistics and reports (the CLI's --rules, --jacoby, ...)."""

from __future__ import annotations

from dataclasses import dataclass

from gamao_cli.engine.ruleset import (
    OPTIONS,
    STANDARD,
    RuleError,
    RuleSet,
    Scoring,
    applicable_options,
    rule_set,
)
from gamao_cli.model.match import Match, Rules, Variant


@dataclass(frozen=True, slots=True)
class CheckOptions:
    """Overrides of what the record says. None: take it from the record (or the default)."""

    variant: Variant | None = None
    cube: bool | None = None  # False: no-cube play (--rules nocube)
    jacoby: bool | None = None
    beavers: bool | None = None
    crawford: bool | None = None
    show_board: bool = False
    analyse_plays: bool = False  # count the legal plays of every roll (forced-play statistics)
    house_rules: tuple[str, ...] = ()  # --house-rule NAME (engine.ruleset.HOUSE_RULES)
    rule_options: tuple[tuple[str, str], ...] = ()  # --option key=value (engine.ruleset.OPTIONS)
    fingerprints: bool = False  # the tables' fingerprint columns (docs/dedupe.md; stats)


@dataclass(frozen=True, slots=True)
class EffectiveRules:
    variant: Variant
    cube: bool
    crawford: bool
    jacoby: bool | None  # None: money session whose record does not say
    beavers: bool | None
    cube_limit: int | None
    ruleset: RuleSet = STANDARD  # resolved once per match; None-free for the hot path
    recorded_variant: Variant | None = None  # the record's own variant when --variant differs


def rule_options(
    variant: Variant, rules: Rules, options: CheckOptions
) -> tuple[tuple[str, str], ...]:
    """The named options to play ``variant`` with: the record's (its writer's rules, see
    :attr:`Rules.options`), each replaced by the command line's ``--option`` of the same key."""
    given = applicable_options(variant, options.rule_options)
    if not rules.options:
        return given
    chosen = dict(applicable_options(variant, rules.options))
    chosen.update(given)
    return tuple(chosen.items())


def non_default_options(options: tuple[tuple[str, str], ...]) -> str | None:
    """``options`` that are not their variant's default, as ``key=value, ...`` (None: none)."""
    out = [f"{k}={v}" for k, v in options if k in OPTIONS and v != OPTIONS[k][1][0]]
    return ", ".join(out) or None


def effective_rules(match: Match, options: CheckOptions) -> EffectiveRules:
    rules = match.rules

    def pick(opt: bool | None, rec: bool | None) -> bool | None:
        return opt if opt is not None else rec

    variant = options.variant or rules.variant
    try:
        ruleset = rule_set(variant, options.house_rules, rule_options(variant, rules, options))
    except RuleError:
        ruleset = STANDARD  # a bad option (reported where the options are read)
    cube = pick(options.cube, rules.cube)
    if cube is None and not ruleset.cube:
        cube = False  # T7, N9, A7: no cube unless the record or the user turns it on
    crawford = pick(options.crawford, rules.crawford)
    jacoby = pick(options.jacoby, rules.jacoby)
    return EffectiveRules(
        variant=variant,
        cube=True if cube is None else cube,
        crawford=True if crawford is None else crawford,
        # C5 is about gammons and backgammons: not for tavla's, Long Nardy's or acey-deucey's
        # scoring.
        jacoby=jacoby if match.is_money and ruleset.scoring is Scoring.STANDARD else False,
        beavers=pick(options.beavers, rules.beavers),
        cube_limit=rules.cube_limit,
        ruleset=ruleset,
        recorded_variant=rules.variant
        if options.variant is not None
        and rules.variant is not Variant.STANDARD
        and options.variant is not rules.variant
        else None,
    )
