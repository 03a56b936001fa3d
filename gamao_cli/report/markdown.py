"""The report as Markdown, with its charts as PNG files beside it."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from gamao_cli.i18n import N_, _, counted, format_number, translate_message
from gamao_cli.model.terminal_text import terminal_safe
from gamao_cli.report import charts as chart_lib
from gamao_cli.report.charts import display_name
from gamao_cli.report.content import Report
from gamao_cli.report.stats_out import cell
from gamao_cli.report.summary_out import run_line
from gamao_cli.report.views import Chart, GameView, MatchView

Progress = Callable[[int], None]

_TOTALS = (
    ("matches", "match"),
    ("games", "game"),
    ("plays", "play"),
    ("files", "file"),
    ("errors", "error"),
    ("warnings", "warning"),
)
"""The report's totals (its first line) and their nouns."""


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()<>#!|~$])")
"""What Markdown (CommonMark, GitHub's tables and math) reads as syntax in a line of text."""


def _text(value: str) -> str:
    """Record text (a name, an event, a file name, a finding's message) as one line of Markdown
    that shows it as written: no HTML (``<img onerror=...>``), link, emphasis, code span, math or
    table cell border comes from it, and no terminal control character reaches a reader's
    terminal (``model.terminal_text``)."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", terminal_safe(value.replace("\n", " ")))


def _md(value: object) -> str:
    return _text(cell(value))


def _table(headers: Sequence[str], rows: Iterable[Sequence[object]]) -> list[str]:
    out = ["| " + " | ".join(_(h) for h in headers) + " |", "|" + "---|" * len(headers)]
    out.extend("| " + " | ".join(_md(v) for v in row) + " |" for row in rows)
    out.append("")
    return out


class _Images:
    def __init__(self, directory: Path, base: Path, progress: Progress | None) -> None:
        self.directory = directory
        self.base = base
        self.progress = progress

    def image(self, chart: Chart) -> str:
        self.directory.mkdir(parents=True, exist_ok=True)
        path = chart_lib.save(chart.build(), self.directory / f"{chart.name}.png")
        if self.progress:
            self.progress(1)
        rel = Path(os.path.relpath(path, self.base)).as_posix()
        return f"![{_text(chart.title)}]({rel})"

    def images(self, charts: Iterable[Chart]) -> list[str]:
        out = [self.image(c) for c in charts]
        return [*out, ""] if out else []


def render_markdown(
    report: Report, chart_dir: Path, base: Path, progress: Progress | None = None
) -> str:
    """The report; each chart is written as ``chart_dir/NAME.png`` and linked relative to
    ``base`` (the directory of the Markdown file)."""
    img = _Images(chart_dir, base, progress)
    t = report.totals
    lines = [
        f"# {_text(report.title)}",
        "",
        _("{matches}, {games}, {plays} from {files}; {errors}, {warnings}.").format(
            **{key: counted(kind, t[key], format_number(t[key])) for key, kind in _TOTALS}
        )
        if report.run is None
        else run_line(report.run, (counted("play", t["plays"], format_number(t["plays"])),)) + ".",
        "",
        "## " + _("Overview"),
        "",
        *img.images(report.overview_charts),
        "## " + _("Players"),
        "",
    ]
    from gamao_cli.analysis.tables import PLAYER_COLUMNS

    columns = [c for c in PLAYER_COLUMNS if c != "entering"]
    lines += _table(columns, report.players.select(columns).rows())
    if report.ratings is not None:
        from gamao_cli.report.ratings_report import render_markdown as render_ratings

        lines += render_ratings(report.ratings, img.images, _table)
    if report.head_to_head is not None or report.events:
        from gamao_cli.report.club_report import render_markdown as render_club

        lines += render_club(report.head_to_head, report.events, _table, _text)
    if report.skill is not None:
        from gamao_cli.report.skill_report import render_markdown as render_skill

        lines += render_skill(report.skill, img.images, _table)
    lines += [
        "## " + _("Dice"),
        "",
        _("Opening rolls are left out; p-values from 180 rolls on."),
        "",
    ]
    lines += _table(
        [
            N_("player"),
            N_("rolls"),
            N_("doubles"),
            N_("doubles rate"),
            N_("chi-square"),
            N_("p-value"),
        ],
        report.dice.rows(),
    )
    lines += img.images(report.dice_charts)
    lines += ["## " + _("Matches"), ""]
    lines += _table(
        [
            "#",
            N_("file"),
            N_("player 1"),
            N_("player 2"),
            N_("length"),
            N_("games"),
            N_("winner"),
            N_("score"),
            N_("errors"),
        ],
        (
            (
                r["n"],
                r["file"],
                r["player_1"],
                r["player_2"],
                r["length"] or _("money"),
                r["games"],
                r["winner"],
                f"{r['score_1']}-{r['score_2']}",
                r["errors"],
            )
            for r in report.matches.iter_rows(named=True)
        ),
    )
    for m in report.match_views:
        lines += _match(m, img)
    lines += ["## " + _("Findings"), ""]
    if report.codes:
        lines += _table(
            [N_("code"), N_("severity"), N_("count"), N_("what")],
            (
                (r["code"], _(str(r["severity"])), r["count"], translate_message(str(r["what"])))
                for r in report.codes
            ),
        )
        lines += _table(
            [
                N_("severity"),
                N_("code"),
                N_("where"),
                N_("game"),
                N_("move"),
                N_("player"),
                N_("message"),
            ],
            (
                (
                    _(str(f.row["severity"])),
                    f.row["code"],
                    f"{f.row['file']}:{f.row['line']}",
                    f.row["game"],
                    f.row["move"],
                    f.row["player"],
                    translate_message(str(f.row["message"])),
                )
                for f in report.findings
            ),
        )
        if report.findings_hidden:
            more = _("{count} more errors and warnings are not listed.")
            lines += [more.format(count=format_number(report.findings_hidden)), ""]
    else:
        lines += [_("No findings."), ""]
    return "\n".join(lines).rstrip() + "\n"


def _match(m: MatchView, img: _Images) -> list[str]:
    lines = [f"### {_text(m.title)}", "", _text(f"{m.subtitle} ({m.file})"), ""]
    lines += img.images(m.charts)
    lines += _table(
        [
            N_("game"),
            N_("score"),
            N_("winner"),
            N_("points"),
            N_("result"),
            N_("ending"),
            N_("cube"),
            N_("Crawford"),
        ],
        (
            (
                g.number,
                f"{g.row['score_1']}-{g.row['score_2']}",
                g.row["winner"],
                g.row["points"],
                display_name(str(g.row["result"])) if g.row["result"] else None,
                display_name(str(g.row["ending"])) if g.row["ending"] else None,
                g.row["cube"],
                _("yes") if g.row["crawford"] else "",
            )
            for g in m.games
        ),
    )
    for g in m.games:
        lines += _game(g, img)
    return lines


def _game(g: GameView, img: _Images) -> list[str]:
    if g.pips is None:
        return []
    return [img.image(g.pips), ""]
