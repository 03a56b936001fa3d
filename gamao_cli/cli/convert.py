"""``gamao convert``: rewrite match files in another format, normalised."""

from __future__ import annotations

import sys
from dataclasses import replace
from enum import Enum
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

from gamao_cli.cli.common import ExitCode, fail, stderr_console
from gamao_cli.cli.match_output import derived_name, relative_name
from gamao_cli.cli.progress import progress_bar
from gamao_cli.cli.rules_options import HouseRuleOpt, RuleOptionOpt, VariantOpt, make_options
from gamao_cli.model.diagnostics import Severity
from gamao_cli.model.match import Match, Variant

if TYPE_CHECKING:
    from gamao_cli.formats.inputs import InputFile


class Target(str, Enum):
    mat = "mat"
    sgf = "sgf"
    json = "json"
    jsonl = "jsonl"


def convert(
    inputs: Annotated[list[str], typer.Argument(help="Files or directories ('-' for stdin).")],
    to: Annotated[Target, typer.Option("--to", "-t", help="Output format.")],
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            help="Output directory (or file, for one input or JSON Lines); '-' or nothing: stdout.",
        ),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite existing files.")] = False,
    extensions: Annotated[
        str | None,
        typer.Option("--ext", help="Extensions to take from directories, comma-separated."),
    ] = None,
    variant: VariantOpt = None,
    house_rule: HouseRuleOpt = None,
    option: RuleOptionOpt = None,
) -> None:
    """Convert match files to .mat, SGF, JSON or JSON Lines.

    Writing is normalising: plays come out in canonical notation and layout. Output names are
    derived from input names inside OUT; nothing is written outside OUT and nothing is
    overwritten without --force. Exit code 0; 1 when the readers reported problems; 2 when
    nothing could be read.
    """
    from gamao_cli.analysis.canonical import canonical_match
    from gamao_cli.formats.inputs import iter_input_files, read_path
    from gamao_cli.formats.registry import by_name

    fmt = by_name(to.value)
    assert fmt.write is not None
    options = make_options(
        None, None, None, None, variant=variant, house_rules=house_rule, rule_options=option
    )
    exts = {e.strip().lstrip(".").lower() for e in extensions.split(",")} if extensions else None
    rooted: list[tuple[InputFile, PurePath]] = []
    for arg in inputs:
        root = Path(arg)
        for found in iter_input_files([arg], exts):
            rooted.append((found, relative_name(found, root)))
    items = [found for found, _ in rooted]
    if not items:
        fail("no input files found in " + ", ".join(inputs))
    err = stderr_console()
    counts = {"files": 0, "matches": 0, "games": 0, "diagnostics": 0, "written": 0}
    problems = False
    unreadable = 0
    to_stdout = output in (None, "-")
    single_file = (
        not to_stdout
        and output is not None
        and (
            (to is Target.jsonl and output.endswith(".jsonl"))
            or (
                len(items) == 1
                and not items[0].is_stdin
                and Path(output).suffix != ""
                and not Path(output).is_dir()
            )
        )
    )
    out_dir = None if to_stdout or single_file else Path(output or ".")
    shared: TextIO | None = sys.stdout if to_stdout else None
    if single_file:
        assert output is not None
        target = Path(output)
        if target.exists() and not force:
            fail(f"{target} exists (use --force to overwrite)")
        target.parent.mkdir(parents=True, exist_ok=True)
        shared = target.open("w", encoding="utf-8", newline="\n")
    written: set[Path] = set()
    with progress_bar(len(items), "converting") as advance:
        for item, rel in rooted:
            counts["files"] += 1
            matches: list[Match] = []
            for match in read_path(item):
                issues = [d for d in match.diagnostics if d.severity is not Severity.INFO]
                for d in issues:
                    err.print(f"{d.location}: {d.code} {d.message}", markup=False, highlight=False)
                counts["diagnostics"] += len(issues)
                problems = problems or bool(issues)
                if match.games:
                    tagged = _with_variant(match, options.variant)
                    if to.value in ("mat", "sgf") and tagged.rules.variant in _NO_TEXT_NOTATION:
                        err.print(
                            f"{match.location}: {tagged.rules.variant.value} is not written as "
                            f"{to.value}: its entries from off the board have no notation there "
                            "(use --to json); skipped",
                            markup=False,
                            highlight=False,
                        )
                        problems = True
                        continue
                    matches.append(tagged)
            if not matches:
                unreadable += 1
                advance(1)
                continue
            counts["matches"] += len(matches)
            counts["games"] += sum(len(m.games) for m in matches)
            canon = [canonical_match(m, options) for m in matches]
            if shared is not None:
                for m in canon:
                    fmt.write(m, shared)
            else:
                assert out_dir is not None
                for k, m in enumerate(canon):
                    dest = out_dir / derived_name(rel, k, len(canon), fmt.extensions[0])
                    if dest in written:
                        # Two inputs with one stem (7point.mat, 7point.sgf): keep both.
                        dest = dest.with_name(f"{rel.name}{dest.name[len(rel.stem) :]}")
                    written.add(dest)
                    if dest.exists() and not force:
                        err.print(
                            f"{dest}: exists, not overwritten (use --force)",
                            markup=False,
                            highlight=False,
                        )
                        problems = True
                        continue
                    dest.parent.mkdir(parents=True, exist_ok=True)
                    with dest.open("w", encoding="utf-8", newline="\n") as fh:
                        fmt.write(m, fh)
                    counts["written"] += 1
            advance(1)
    if single_file and shared is not None:
        shared.close()
    err.print(
        f"{counts['files']} file{'s' if counts['files'] != 1 else ''}, {counts['matches']} "
        f"matches, {counts['games']} games converted to {to.value}"
        + (f" ({counts['written']} files written)" if out_dir is not None else "")
        + f"; {counts['diagnostics']} diagnostics",
        markup=False,
        highlight=False,
    )
    if counts["matches"] == 0:
        raise typer.Exit(ExitCode.CANNOT_RUN)
    raise typer.Exit(ExitCode.FINDINGS if problems or unreadable else ExitCode.OK)


_NO_TEXT_NOTATION = frozenset({Variant.ACEY_DEUCEY, Variant.TABULA})
"""Variants whose checkers enter from off the board: a ``.mat`` or SGF move cannot start
there (their readers refuse it), so writing them would lose the plays."""


def _with_variant(match: Match, variant: Variant | None) -> Match:
    """``match`` tagged with --variant (written out as the target format's variant tag); a
    different tag of the record's own is reported on stderr."""
    if variant is None or variant is match.rules.variant:
        return match
    if match.rules.variant is not Variant.STANDARD:
        stderr_console().print(
            f"{match.location}: the record says {match.rules.variant.value}; written as "
            f"{variant.value} as asked",
            markup=False,
            highlight=False,
        )
    return replace(match, rules=replace(match.rules, variant=variant))


def register(app: typer.Typer) -> None:
    app.command("convert")(convert)
