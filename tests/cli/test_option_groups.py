"""Options declared once (cli.option_groups): a command takes a group as one parameter and
gets its options spelled out in place, in the group's order, and the group built from them."""

from __future__ import annotations

import inspect
from typing import Annotated

import typer
from typer.main import get_command
from typer.testing import CliRunner

from gamao_cli.cli.app import app
from gamao_cli.cli.lazy import TYPER_SETTINGS
from gamao_cli.cli.option_groups import expand
from gamao_cli.cli.rules_options import (
    NO_RULE_ARGS,
    ClassicRuleOpts,
    RuleArgs,
    RuleOpts,
    VariantOpts,
)

SEVEN = ["--rules", "--variant", "--house-rule", "--option", "--jacoby", "--beavers", "--crawford"]


def _options(name: str) -> list[str]:
    command = get_command(app).get_command(None, name)  # type: ignore[attr-defined]
    return [p.opts[0] for p in command.params if getattr(p, "opts", None)]


def test_a_group_is_spelled_out_where_it_stands_and_built_when_called() -> None:
    seen: list[tuple[int, RuleArgs, bool]] = []

    def command(
        count: Annotated[int, typer.Option("--count")] = 0,
        rule_args: VariantOpts = NO_RULE_ARGS,
        last: Annotated[bool, typer.Option("--last")] = False,
    ) -> None:
        seen.append((count, rule_args, last))

    expanded = expand(command)
    names = list(inspect.signature(expanded).parameters)
    assert names == ["count", "variant", "house_rule", "option", "last"]
    sub = typer.Typer(**TYPER_SETTINGS)
    sub.command("x")(expanded)
    result = CliRunner().invoke(
        sub, ["--count", "3", "--variant", "tavla", "--option", "a=b", "--option", "c=d"]
    )
    assert result.exit_code == 0, result.output
    assert seen == [(3, RuleArgs(variant="tavla", option=["a=b", "c=d"]), False)]


def test_the_commands_take_the_rule_options_in_one_order() -> None:
    for name in ("check", "show", "stats", "report"):
        options = _options(name)
        start = options.index("--rules")
        assert options[start : start + 7] == SEVEN, name
    for name in ("convert", "moves"):
        options = _options(name)
        start = options.index("--variant")
        assert options[start : start + 3] == ["--variant", "--house-rule", "--option"], name
        assert "--rules" not in options and "--jacoby" not in options
    options = _options("analyse")
    start = options.index("--rules")
    assert options[start : start + 4] == ["--rules", "--jacoby", "--beavers", "--crawford"]
    assert "--variant" not in options


def test_the_groups_are_subsets_of_one_declaration() -> None:
    aliases = (RuleOpts, VariantOpts, ClassicRuleOpts)
    groups = [alias.__metadata__[0] for alias in aliases]
    assert [g.cls for g in groups] == [RuleArgs] * 3
    assert [g.names for g in groups] == [
        None,
        ("variant", "house_rule", "option"),
        ("rules", "jacoby", "beavers", "crawford"),
    ]
