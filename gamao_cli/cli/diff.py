"""``gamao diff A B``: are two records the same match, and where do they first part?"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from gamao_cli.cli.common import ExitCode, fail
from gamao_cli.cli.rules_options import NO_RULE_ARGS, RuleOpts


def diff(
    first: Annotated[Path, typer.Argument(help="One record of the match.", metavar="A")],
    second: Annotated[Path, typer.Argument(help="The other record.", metavar="B")],
    fmt: Annotated[
        str, typer.Option("--format", "-f", help="text or json.", metavar="text|json")
    ] = "text",
    rule_args: RuleOpts = NO_RULE_ARGS,
) -> None:
    """Compare two records of one match (each player's log, a log and its transcript, a .mat
    and an .xg): equal by the positions their plays reach, as dedupe compares them, or where
    they first part, with both recorded actions, the position before and which is legal.
    Exit 0 when the same, 1 when they differ, 2 when either cannot be read."""
    from gamao_cli.analysis.record_diff import compare_files
    from gamao_cli.report.diff_out import diff_json, diff_text

    if fmt not in ("text", "json"):
        fail(f"--format: text or json, not {fmt!r}")
    result = compare_files(str(first), str(second), rule_args.check_options())
    if result.problem:
        fail(result.problem)
    if fmt == "json":
        typer.echo(json.dumps(diff_json(result), indent=2, ensure_ascii=False))
    else:
        typer.echo(diff_text(result))
    raise typer.Exit(ExitCode.OK if result.same else ExitCode.FINDINGS)


def register(app: typer.Typer) -> None:
    app.command("diff")(diff)
