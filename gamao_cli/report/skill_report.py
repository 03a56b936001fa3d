"""The report's skill section (``report --skill``): PR per player (table and chart), luck per
player, an equity-lost timeline per game, and the blunders, each linking to its game and move.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from gamao_cli.analysis.skill import Decision
from gamao_cli.analysis.skill_run import FileSkill
from gamao_cli.analysis.skill_stats import SkillSummary, summarise
from gamao_cli.analysis.skill_tables import chosen_records
from gamao_cli.i18n import N_, _, format_number
from gamao_cli.report import skill_charts
from gamao_cli.report.escaping import escape
from gamao_cli.report.skill_out import PLAYER_HEADERS
from gamao_cli.report.views import Chart, ReportMatches

BLUNDERS_SHOWN = 200
TIMELINE_GAMES = 300  # timelines drawn for up to this many games (in detailed reports)


@dataclass(frozen=True, slots=True)
class BlunderRow:
    decision: Decision
    game_href: str | None
    move_href: str | None


@dataclass
class SkillSection:
    players: list[SkillSummary]
    blunders: list[BlunderRow]
    blunders_hidden: int
    charts: list[Chart] = field(default_factory=list)
    timelines: dict[str, Chart] = field(default_factory=dict)  # by game anchor


def build_skill_section(files: Sequence[FileSkill], report: ReportMatches) -> SkillSection:
    """The section for ``report`` from the skill records of the same inputs."""
    records = chosen_records(files)
    players = [s for s in summarise(records, "player", corpus=True) if s.decisions]
    anchors = {
        (r["file"], r["match"]): r["anchor"]
        for r in report.matches.select("file", "match", "anchor").iter_rows(named=True)
    }
    move_ids = {
        (v.file, v.number, mv.line, mv.column or 0): f"{g.anchor}-{mv.id}"
        for v in report.match_views
        for g in v.games
        for mv in g.moves
        if mv.line is not None
    }
    game_anchors = {g.anchor for v in report.match_views for g in v.games}
    blunders = sorted(
        (d for d in records if d.classification == "blunder"),
        key=lambda d: (-(d.equity_lost or 0.0), d.file, d.match, d.game, d.action),
    )
    rows = []
    viewer = report.viewer
    for d in blunders[:BLUNDERS_SHOWN]:
        anchor = anchors.get((d.file, d.match + 1))
        game = f"{anchor}-g{d.game}" if anchor else None
        place = (d.file, d.match + 1, d.line or 0, d.column or 0)
        move = move_ids.get(place) if d.line is not None else None
        board = viewer.link(*place) if viewer is not None else None  # the viewer's deep link
        rows.append(
            BlunderRow(
                d,
                f"#{game}" if game in game_anchors else None,
                board or (f"#{move}" if move else None),
            )
        )
    section = SkillSection(players, rows, max(0, len(blunders) - BLUNDERS_SHOWN))
    ranked = sorted(players, key=lambda s: (s.pr or 0.0, s.name))
    if ranked:
        names = [s.name for s in ranked]
        prs = [s.pr or 0.0 for s in ranked]
        section.charts.append(
            Chart(
                "skill-pr",
                N_("Performance Rating"),
                functools.partial(skill_charts.pr_by_player, names, prs),
            )
        )
    _timelines(section, records, anchors, game_anchors, files)
    return section


def _timelines(
    section: SkillSection,
    records: list[Decision],
    anchors: dict[tuple[str, int], str],
    game_anchors: set[str],
    files: Sequence[FileSkill],
) -> None:
    players = {k: v[0] for f in files for k, v in f.matches.items()}
    games: dict[str, list[Decision]] = {}
    keys: dict[str, tuple[str, int]] = {}
    for d in records:
        anchor = anchors.get((d.file, d.match + 1))
        game = f"{anchor}-g{d.game}" if anchor else ""
        if game in game_anchors and d.counts and d.equity_lost is not None:
            games.setdefault(game, []).append(d)
            keys[game] = (d.file, d.match)
    for game, decisions in list(games.items())[:TIMELINE_GAMES]:
        losses = [(i + 1, d.player, d.equity_lost or 0.0) for i, d in enumerate(decisions)]
        names = players.get(keys[game], (_("player 1"), _("player 2")))
        section.timelines[game] = Chart(
            f"{game}-skill",
            N_("Equity lost"),
            functools.partial(skill_charts.equity_timeline, losses, names),
        )


def player_rows(section: SkillSection) -> list[tuple[object, ...]]:
    def r(x: float | None) -> float | None:
        return None if x is None else round(x, 2)

    return [
        (
            s.name,
            s.source,
            s.decisions,
            s.doubtful,
            s.errors,
            s.blunders,
            round(s.equity_lost, 3),
            r(s.pr),
            r(s.checker_pr),
            r(s.cube_pr),
            r(s.error_rate),
            round(s.luck, 3),
            r(s.luck_rate),
        )
        for s in section.players
    ]


BLUNDER_HEADERS = (
    N_("file"),
    N_("game"),
    N_("move"),
    N_("player"),
    N_("decision"),
    N_("played"),
    N_("best"),
    N_("lost"),
)


def blunder_cells(b: BlunderRow) -> tuple[object, ...]:
    d = b.decision
    what = f"{d.dice}" if d.kind == "checker" else _(d.kind)
    return (d.file, d.game, d.move, d.name, what, d.played, d.best, round(d.equity_lost or 0.0, 3))


NOTE = N_(
    "PR = 500 × equity lost per decision (XG's scale; gnubg's error rate is twice it). "
    "Blunders lose 0.080 or more (normalised equity). Luck is the equity each roll gained "
    "against the average roll. Recorded analysis is used where the files carry it, else "
    "the bgsage engine."
)


def render_html(
    section: SkillSection, figure: Callable[[Chart], str], table: Callable[..., str]
) -> str:
    """The section as HTML; ``figure(chart)`` and ``table(headers, rows, raw=...)`` are the
    report's own renderers (report.html)."""
    charts = "".join(figure(c) for c in section.charts)
    players = table(list(PLAYER_HEADERS), player_rows(section))
    rows = []
    for b in section.blunders:
        cells = [escape(str(v)) if v is not None else "" for v in blunder_cells(b)]
        cells[-1] = escape(format_number(b.decision.equity_lost or 0.0, 3))  # the locale's digits
        if b.game_href:
            cells[1] = f'<a href="{escape(b.game_href)}">{cells[1]}</a>'
        if b.move_href:
            cells[2] = f'<a href="{escape(b.move_href)}">{cells[2] or "→"}</a>'
        rows.append(cells)
    blunders = (
        table(list(BLUNDER_HEADERS), rows, raw=tuple(range(len(BLUNDER_HEADERS))))
        if rows
        else "<p>" + escape(_("No blunders.")) + "</p>"
    )
    hidden = (
        '<p class="note">'
        + escape(
            _("{count} more blunders are not listed.").format(
                count=format_number(section.blunders_hidden)
            )
        )
        + "</p>"
        if section.blunders_hidden
        else ""
    )
    title, note, heading = (escape(_(t)) for t in ("Skill", NOTE, "Blunders"))
    return (
        f'<section id="skill"><h2>{title}</h2>'
        f'<p class="note">{note}</p>{players}'
        f'<div class="charts">{charts}</div>'
        f"<h3>{heading}</h3>{blunders}{hidden}</section>"
    )


def render_markdown(
    section: SkillSection,
    images: Callable[[Sequence[Chart]], list[str]],
    table: Callable[..., list[str]],
) -> list[str]:
    lines = ["## " + _("Skill"), "", _(NOTE), ""]
    lines += table(list(PLAYER_HEADERS), player_rows(section))
    lines += images(section.charts)
    lines += ["### " + _("Blunders"), ""]
    if section.blunders:
        lines += table(list(BLUNDER_HEADERS), [blunder_cells(b) for b in section.blunders])
    else:
        lines += [_("No blunders."), ""]
    return lines
