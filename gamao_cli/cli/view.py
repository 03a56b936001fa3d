"""``gamao view``: one match's viewer as a self-contained HTML page, for sending to a player."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from gamao_cli.cli.common import ExitCode, fail, stderr_console
from gamao_cli.cli.executor_options import LOCAL
from gamao_cli.cli.rules_options import NO_RULE_ARGS, RuleOpts
from gamao_cli.cli.skill_options import LevelOpt, SkillOpt, skill_inputs
from gamao_cli.i18n import _

FileArg = Annotated[Path, typer.Argument(help="A match file.")]
OutputOpt = Annotated[Path, typer.Option("--output", "-o", help="The page to write.")]
MatchOpt = Annotated[int, typer.Option("--match", help="Which match of the file (1-based).", min=1)]


def view(
    file: FileArg,
    output: OutputOpt = Path("match.html"),
    match_index: MatchOpt = 1,
    rule_args: RuleOpts = NO_RULE_ARGS,
    skill: SkillOpt = False,
    level: LevelOpt = "1ply",
) -> None:
    """Write one match's viewer as a page: every position on a board, the move list, the
    findings at their plays (and with --skill, the best plays and the equity lost).

    Exit code 0: written; 2: the file or the match could not be read, or the page could not
    be written.
    """
    from gamao_cli.analysis.check import collect_inputs
    from gamao_cli.analysis.corpus import read_corpus

    options = rule_args.check_options()
    items = collect_inputs([str(file)])
    if not items:
        fail(_("{file}: no such file").format(file=file))
    corpus = read_corpus(items, options, positions=True)
    matches = corpus.tables.matches
    chosen = [mp for mp in corpus.positions if mp.index == match_index - 1]
    if not chosen:
        count = len(corpus.positions)
        if not count:
            fail(_("{file}: no match could be read").format(file=file))
        fail(
            _("{file}: --match {match}, but the file holds {count}").format(
                file=file, match=match_index, count=count
            )
        )
    from gamao_cli.report.viewer import build_viewer
    from gamao_cli.report.viewer_page import viewer_document

    mp = chosen[0]
    key = (mp.file, match_index)
    row = matches.filter(matches["match"] == match_index).row(0, named=True)
    names = (str(row["player_1"]), str(row["player_2"]))
    decisions = None
    if skill:
        from gamao_cli.analysis.skill_tables import chosen_records

        files = skill_inputs([str(file)], None, options, level, LOCAL)
        decisions = [d for d in chosen_records(files) if d.match == match_index - 1]
    viewer = build_viewer(
        [mp],
        {key: match_index},
        {key: names},
        {key: int(row["length"])},
        corpus.tables.findings,
        decisions,
    )
    title = _("{first} vs {second}").format(first=names[0], second=names[1])
    from gamao_cli.formats.atomic import atomic_open

    try:
        with atomic_open(output, newline="\n") as fh:
            fh.write(viewer_document(viewer, title))
    except OSError as exc:
        fail(_("cannot write {file}: {error}").format(file=output, error=exc.strerror or exc))
    stderr_console().print(_("wrote {output}").format(output=output), markup=False, highlight=False)
    raise typer.Exit(ExitCode.OK)


def register(app: typer.Typer) -> None:
    app.command("view")(view)
