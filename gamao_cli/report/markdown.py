"""The report as Markdown, with its charts as PNG files beside it."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from gamao_cli.report import charts as chart_lib
from gamao_cli.report.content import Chart, GameView, MatchView, Report
from gamao_cli.report.stats_out import cell

Progress = Callable[[int], None]


def _md(value: object) -> str:
    return cell(value).replace("|", "\\|").replace("\n", " ")


def _table(headers: Sequence[str], rows: Iterable[Sequence[object]]) -> list[str]:
    out = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
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
        return f"![{chart.title}]({rel})"

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
        f"# {report.title}",
        "",
        f"{t['matches']} matches, {t['games']} games, {t['plays']} plays from {t['files']} "
        f"files; {t['errors']} errors, {t['warnings']} warnings.",
        "",
        "## Overview",
        "",
        *img.images(report.overview_charts),
        "## Players",
        "",
    ]
    from gamao_cli.analysis.tables import PLAYER_COLUMNS

    columns = [c for c in PLAYER_COLUMNS if c != "entering"]
    lines += _table(columns, report.players.select(columns).rows())
    if report.skill is not None:
        from gamao_cli.report.skill_report import render_markdown as render_skill

        lines += render_skill(report.skill, img.images, _table)
    lines += ["## Dice", "", "Opening rolls are left out; p-values from 180 rolls on.", ""]
    lines += _table(
        ["player", "rolls", "doubles", "doubles rate", "chi-square", "p-value"],
        report.dice.rows(),
    )
    lines += img.images(report.dice_charts)
    lines += ["## Matches", ""]
    lines += _table(
        ["#", "file", "player 1", "player 2", "length", "games", "winner", "score", "errors"],
        (
            (
                r["n"],
                r["file"],
                r["player_1"],
                r["player_2"],
                r["length"] or "money",
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
    lines += ["## Findings", ""]
    if report.codes:
        lines += _table(
            ["code", "severity", "count", "what"],
            ((r["code"], r["severity"], r["count"], r["what"]) for r in report.codes),
        )
        lines += _table(
            ["severity", "code", "where", "game", "move", "player", "message"],
            (
                (
                    f.row["severity"],
                    f.row["code"],
                    f"{f.row['file']}:{f.row['line']}",
                    f.row["game"],
                    f.row["move"],
                    f.row["player"],
                    f.row["message"],
                )
                for f in report.findings
            ),
        )
        if report.findings_hidden:
            lines += [f"{report.findings_hidden} more errors and warnings are not listed.", ""]
    else:
        lines += ["No findings.", ""]
    return "\n".join(lines).rstrip() + "\n"


def _match(m: MatchView, img: _Images) -> list[str]:
    lines = [f"### {m.title}", "", f"{m.subtitle} ({m.file})", ""]
    lines += img.images(m.charts)
    lines += _table(
        ["game", "score", "winner", "points", "result", "ending", "cube", "Crawford"],
        (
            (
                g.number,
                f"{g.row['score_1']}-{g.row['score_2']}",
                g.row["winner"],
                g.row["points"],
                g.row["result"],
                g.row["ending"],
                g.row["cube"],
                "yes" if g.row["crawford"] else "",
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
