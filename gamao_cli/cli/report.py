"""``gamao report``: one self-contained HTML (or Markdown) report of matches."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from gamao_cli.cli.common import ExitCode, fail, stderr_console
from gamao_cli.cli.corpus_options import (
    AliasOpt,
    DedupeOpt,
    ExtOpt,
    ForcedOpt,
    PathsArg,
    load_corpus,
    summary_line,
)
from gamao_cli.cli.executor_options import LOCAL, ParallelOpts
from gamao_cli.cli.progress import progress_bar
from gamao_cli.cli.rules_options import NO_RULE_ARGS, RuleOpts
from gamao_cli.cli.skill_options import LevelOpt, SkillOpt, skill_inputs
from gamao_cli.i18n import N_

if TYPE_CHECKING:
    from gamao_cli.report.views import Chart


class ReportFormat(str, Enum):
    html = "html"
    md = "md"


class ChartFormat(str, Enum):
    svg = "svg"
    png = "png"


DEFAULT_TITLE = N_("gamao report")


def report(
    paths: PathsArg,
    output: Annotated[
        Path, typer.Option("--output", "-o", help="The report file to write.")
    ] = Path("report.html"),
    fmt: Annotated[
        ReportFormat,
        typer.Option(
            "--format", "-f", help="html: one self-contained file; md: Markdown, PNG charts beside."
        ),
    ] = ReportFormat.html,
    charts_dir: Annotated[
        Path | None,
        typer.Option("--charts", help="Also write every chart as a file into this directory."),
    ] = None,
    chart_format: Annotated[
        ChartFormat, typer.Option("--chart-format", help="Format of the --charts files.")
    ] = ChartFormat.svg,
    detail: Annotated[
        bool | None,
        typer.Option(
            "--detail/--summary",
            help="Show every match with its games, charts and plays, or only summarise "
            "(default: detail up to 25 matches and 300 games).",
            show_default=False,
        ),
    ] = None,
    title: Annotated[str, typer.Option("--title", help="The report's title.")] = DEFAULT_TITLE,
    alias: AliasOpt = None,
    parallel: ParallelOpts = LOCAL,
    extensions: ExtOpt = None,
    forced: ForcedOpt = True,
    dedupe: DedupeOpt = False,
    rule_args: RuleOpts = NO_RULE_ARGS,
    skill: SkillOpt = False,
    level: LevelOpt = "1ply",
) -> None:
    """Write a report: overview, players, dice, every match with its games, and findings.

    Exit code 0: written (findings do not change it); 2: an input could not be read (the
    report holds the others), nothing could be read, or the report could not be written.
    """
    options = rule_args.check_options(analyse_plays=forced)
    viewer = fmt is ReportFormat.html
    corpus = load_corpus(
        paths, options, alias, parallel, extensions, dedupe=dedupe, positions=viewer
    )
    from gamao_cli.report.content import build_report

    base = output.resolve().parent
    if title == DEFAULT_TITLE:  # the default only: a title given is the user's own
        from gamao_cli.i18n import _

        title = _(DEFAULT_TITLE)
    files = skill_inputs(paths, extensions, options, level, parallel) if skill else None
    decisions = None
    if files is not None and viewer:
        from gamao_cli.analysis.skill_tables import chosen_records

        decisions = chosen_records(files)  # shown at their plays in the viewer
    content = build_report(
        corpus.tables,
        title=title,
        base=base,
        detail=detail,
        run=corpus.summary,
        copies=corpus.copies,
        positions=corpus.positions if viewer else None,
        decisions=decisions,
    )
    if files is not None:
        from gamao_cli.report.skill_report import build_skill_section

        content.skill = build_skill_section(files, content)
    charts = content.all_charts()
    err = stderr_console()
    try:
        base.mkdir(parents=True, exist_ok=True)
        with progress_bar(len(charts) * (2 if charts_dir else 1), "drawing") as advance:
            if fmt is ReportFormat.html:
                from gamao_cli.report.html import render_html

                text = render_html(content, advance)
            else:
                from gamao_cli.report.markdown import render_markdown

                text = render_markdown(content, base / f"{output.stem}_charts", base, advance)
            from gamao_cli.formats.atomic import atomic_open

            with atomic_open(output, newline="\n") as fh:
                fh.write(text)
            if charts_dir is not None:
                _write_charts(charts, charts_dir, chart_format, advance)
    except OSError as exc:
        fail(_("cannot write the report: {error}").format(error=exc.strerror or exc))
    err.print(summary_line(corpus), markup=False, highlight=False)
    err.print(
        _("wrote {output} ({count} charts)").format(output=output, count=len(charts)),
        markup=False,
        highlight=False,
    )
    raise typer.Exit(ExitCode.CANNOT_RUN if corpus.summary.unreadable else ExitCode.OK)


def _write_charts(
    charts: list[Chart], directory: Path, fmt: ChartFormat, advance: Callable[[int], None]
) -> None:
    from gamao_cli.report import charts as chart_lib

    directory.mkdir(parents=True, exist_ok=True)
    for chart in charts:
        chart_lib.save(chart.build(), directory / f"{chart.name}.{fmt.value}")
        advance(1)


def register(app: typer.Typer) -> None:
    app.command("report")(report)
