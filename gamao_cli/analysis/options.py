"""Rule options for checking, statistics and reports (the CLI's --rules, --jacoby, ...)."""

from __future__ import annotations

from dataclasses import dataclass

from gamao_cli.model.match import Match, Variant


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


@dataclass(frozen=True, slots=True)
class EffectiveRules:
    variant: Variant
    cube: bool
    crawford: bool
    jacoby: bool | None  # None: money session whose record does not say
    beavers: bool | None
    cube_limit: int | None


def effective_rules(match: Match, options: CheckOptions) -> EffectiveRules:
    rules = match.rules

    def pick(opt: bool | None, rec: bool | None) -> bool | None:
        return opt if opt is not None else rec

    cube = pick(options.cube, rules.cube)
    crawford = pick(options.crawford, rules.crawford)
    jacoby = pick(options.jacoby, rules.jacoby)
    return EffectiveRules(
        variant=options.variant or rules.variant,
        cube=True if cube is None else cube,
        crawford=True if crawford is None else crawford,
        jacoby=jacoby if match.is_money else False,
        beavers=pick(options.beavers, rules.beavers),
        cube_limit=rules.cube_limit,
    )
