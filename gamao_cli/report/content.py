"""What a report shows, independent of HTML or Markdown: sections, rows and charts.

A corpus of a few matches is shown in detail: each match with its games, its score and cube
charts, a pip-count race per game and the plays of each game (findings link to them). A
larger corpus is summarised: one row per match, and the charts that describe the whole.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import polars as pl

from gamao_cli.analysis.codes import all_codes
from gamao_cli.analysis.dice import ROLL_LABELS, summarise_counts
from gamao_cli.analysis.summary import RunSummary
from gamao_cli.analysis.tables import Tables, by_match, by_player, dice_counts
from gamao_cli.i18n import N_, _
from gamao_cli.report import charts
from gamao_cli.report.viewer import Viewer, build_viewer
from gamao_cli.report.views import Chart, FindingView, GameView, MatchView, MoveRow

if TYPE_CHECKING:
    from gamao_cli.analysis.match_positions import MatchPositions
    from gamao_cli.analysis.skill import Decision
    from gamao_cli.report.club_report import EventStandings, HeadToHead
    from gamao_cli.report.ratings_report import RatingsSection
    from gamao_cli.report.skill_report import SkillSection

DETAIL_MATCHES = 25  # more matches than this: summarise
DETAIL_GAMES = 300  # more games than this: summarise
PLAYER_DICE_CHARTS = 8  # per-player dice histograms up to this many players
FINDINGS_SHOWN = 500  # errors and warnings listed (all are counted)

_ACTIONS = {
    "double": N_("double"),
    "take": N_("take"),
    "drop": N_("drop"),
    "beaver": N_("beaver"),
    "resign": N_("resign"),
}


@dataclass
class Report:
    title: str
    detail: bool
    totals: dict[str, int]
    players: pl.DataFrame
    dice: pl.DataFrame  # per player: rolls, doubles rate, chi2, p
    dice_total: dict[str, object]
    matches: pl.DataFrame  # by_match, with anchors
    match_views: list[MatchView]
    codes: list[dict[str, object]]
    findings: list[FindingView]
    findings_hidden: int
    overview_charts: list[Chart] = field(default_factory=list)
    dice_charts: list[Chart] = field(default_factory=list)
    skill: SkillSection | None = None  # report --skill (report.skill_report)
    run: RunSummary | None = None  # what the command read, as its summary line says
    ratings: RatingsSection | None = None  # at least two matches rated (report.ratings_report)
    viewer: Viewer | None = None  # the match viewer (HTML), when positions were kept
    head_to_head: HeadToHead | None = None  # at least two pairs met (report.club_report)
    events: list[EventStandings] = field(default_factory=list)  # when two events or more

    def all_charts(self) -> list[Chart]:
        out = [
            *self.overview_charts,
            *(self.ratings.charts if self.ratings else ()),
            *self.dice_charts,
        ]
        if self.skill is not None:
            out.extend(self.skill.charts)
        for m in self.match_views:
            out.extend(m.charts)
            out.extend(g.pips for g in m.games if g.pips is not None)
            if self.skill is not None:
                out.extend(
                    self.skill.timelines[g.anchor]
                    for g in m.games
                    if g.anchor in self.skill.timelines
                )
        return out


def slug(text: str) -> str:
    """A file-name-safe form of a record's name: a-z, 0-9 and '-', at most 80 characters (a
    500-character player name made a chart file name the system refused)."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower())[:80].strip("-") or "x"


def _href(file: str, base: Path | None) -> str | None:
    if file.startswith("<") or base is None:
        return None
    try:
        rel = os.path.relpath(os.path.abspath(file), os.path.abspath(base))
    except ValueError:
        return None
    return Path(rel).as_posix()


def build_report(
    tables: Tables,
    *,
    title: str = "gamao report",
    base: Path | None = None,
    detail: bool | None = None,
    run: RunSummary | None = None,
    copies: Collection[tuple[str, int]] = (),
    positions: Sequence[MatchPositions] | None = None,
    decisions: Sequence[Decision] | None = None,
) -> Report:
    """The report's content. ``base`` is the report's directory (for links to the files);
    ``detail`` forces (or forbids) the per-match detail, which otherwise depends on size;
    ``run``: what the command read (the files it read, unreadable and skipped included, and
    the findings it counted), for the totals; ``copies``: (file, 1-based match) of the copies
    of a match read twice left in the tables, which the ratings count once; ``positions``:
    every match's positions, for the match viewer (None: no viewer)."""
    matches = by_match(tables).with_row_index("n", offset=1)
    if detail is None:
        detail = matches.height <= DETAIL_MATCHES and tables.games.height <= DETAIL_GAMES
    players = by_player(tables)
    totals = {
        "files": tables.matches.get_column("file").n_unique(),
        "matches": tables.matches.height,
        "games": tables.games.height,
        "plays": tables.plays.height,
        "errors": _count(tables.findings, "error"),
        "warnings": _count(tables.findings, "warning"),
        "info": _count(tables.findings, "info"),
    }
    if run is not None:
        totals.update(
            files=run.files,
            errors=run.errors,
            warnings=run.warnings,
            unreadable=run.unreadable,
            skipped=run.skipped,
        )
    anchors = {
        (r["file"], r["match"]): f"m{r['n']}"
        for r in matches.select("file", "match", "n").iter_rows(named=True)
    }
    views = _match_views(tables, matches, base) if detail else []
    move_ids = {
        (v.file, v.number, mv.line, mv.column or 0): f"{g.anchor}-{mv.id}"
        for v in views
        for g in v.games
        for mv in g.moves
        if mv.line is not None
    }
    viewer = None
    if positions is not None:
        rows = matches.select("file", "match", "n", "player_1", "player_2", "length")
        keyed = {(str(r[0]), int(r[1])): r for r in rows.iter_rows()}
        viewer = build_viewer(
            positions,
            {k: int(r[2]) for k, r in keyed.items()},
            {k: (str(r[3]), str(r[4])) for k, r in keyed.items()},
            {k: int(r[5]) for k, r in keyed.items()},
            tables.findings,
            decisions,
        )
    findings, hidden = _findings(tables.findings, anchors, detail, move_ids, viewer)
    overall = dice_counts(tables.plays)
    counts = [int(overall[f"r{label}"][0] or 0) for label in ROLL_LABELS] if overall.height else []
    summary = summarise_counts(counts) if counts else summarise_counts([0] * len(ROLL_LABELS))
    report = Report(
        title=title,
        detail=detail,
        totals=totals,
        run=run,
        players=players,
        dice=players.select(
            "player", "rolls", "doubles_rolled", "doubles_rate", "dice_chi2", "dice_p_value"
        ),
        dice_total={
            "rolls": summary.rolls,
            "doubles_rate": summary.doubles_rate,
            "chi2": summary.chi2,
            "p_value": summary.p_value,
        },
        matches=matches.with_columns(
            pl.format("m{}", pl.col("n")).alias("anchor"),
            pl.col("file")
            .map_elements(lambda f: _href(f, base) or "", return_dtype=pl.String)
            .alias("href"),
        ),
        match_views=views,
        codes=_codes(tables.findings),
        findings=findings,
        findings_hidden=hidden,
        viewer=viewer,
    )
    report.overview_charts = _overview_charts(tables)
    report.dice_charts = _dice_charts(tables, summary.counts, players)
    from gamao_cli.report.ratings_report import build_ratings_section

    report.ratings = build_ratings_section(report, tables.matches, copies)
    from gamao_cli.report.club_report import build_events, build_head_to_head

    report.head_to_head = build_head_to_head(tables)
    report.events = build_events(tables)
    return report


def _count(findings: pl.DataFrame, severity: str) -> int:
    return int((findings.get_column("severity") == severity).sum())


def _overview_charts(tables: Tables) -> list[Chart]:
    games = tables.games.filter(pl.col("ending").is_not_null())
    if games.height == 0:
        return []
    counts: dict[str, dict[str, int]] = {}
    for ending, result, n in (
        games.group_by("ending", "result").len().sort("ending", "result").iter_rows()
    ):
        counts.setdefault(ending, {})[result or "single"] = n
    order = {"bear-off": 0, "drop": 1, "resignation": 2}
    ordered = {e: counts[e] for e in sorted(counts, key=lambda e: (order.get(e, 9), e))}
    cubes = {
        int(v): int(n) for v, n in tables.games.group_by("cube").len().sort("cube").iter_rows()
    }
    return [
        Chart("overview-outcomes", N_("How games ended"), lambda: charts.outcomes(ordered)),
        Chart("overview-cube", N_("Final cube"), lambda: charts.cube_distribution(cubes)),
    ]


def _dice_charts(tables: Tables, total: Sequence[int], players: pl.DataFrame) -> list[Chart]:
    if not sum(total):
        return []
    out = [
        Chart(
            "dice-all",
            N_("All rolls"),
            lambda: charts.dice_histogram(list(total), N_("All rolls")),
        )
    ]
    if 1 < players.height <= PLAYER_DICE_CHARTS:
        labels = [f"r{label}" for label in ROLL_LABELS]
        taken = {"dice-all"}
        for row in players.iter_rows(named=True):
            counts = [int(row[c] or 0) for c in labels]
            if not sum(counts):
                continue
            name = str(row["player"])
            # A chart's name is a file name (--charts, Markdown): players whose slugs agree
            # ("Ana", "ana", "All", names in other scripts) get -2, -3, ...
            chart_name = base = f"dice-{slug(name)}"
            n = 1
            while chart_name in taken:
                n += 1
                chart_name = f"{base}-{n}"
            taken.add(chart_name)
            out.append(
                Chart(
                    chart_name,
                    name,
                    functools.partial(
                        charts.dice_histogram, counts, N_("{name}: rolls").format(name=name)
                    ),
                )
            )
    return out


def _codes(findings: pl.DataFrame) -> list[dict[str, object]]:
    codes = all_codes()
    rows = []
    for code, severity, n in (
        findings.group_by("code", "severity").len().sort("code", "severity").iter_rows()
    ):
        spec = codes.get(code)
        rows.append(
            {"code": code, "severity": severity, "count": n, "what": spec.title if spec else ""}
        )
    return rows


def _findings(
    findings: pl.DataFrame,
    anchors: dict[tuple[str, int], str],
    detail: bool,
    move_ids: dict[tuple[str, int, int, int], str],
    viewer: Viewer | None,
) -> tuple[list[FindingView], int]:
    shown = findings.filter(pl.col("severity") != "info")
    out = []
    for row in shown.head(FINDINGS_SHOWN).iter_rows(named=True):
        match_anchor = anchors.get((row["file"], row["match"]))
        game_href = None
        if match_anchor is not None:
            game_href = f"#{match_anchor}"
            if detail and row["game"] is not None:
                game_href = f"#{match_anchor}-g{row['game']}"
        place = (row["file"], row["match"], row["line"], row["column"])
        move_id = move_ids.get(place)
        board = viewer.link(*place) if viewer is not None else None
        out.append(
            FindingView(row, game_href, f"#{move_id}" if move_id and detail else None, board)
        )
    return out, max(0, shown.height - FINDINGS_SHOWN)


def _match_views(tables: Tables, matches: pl.DataFrame, base: Path | None) -> list[MatchView]:
    games_by = tables.games.partition_by(["file", "match"], as_dict=True, maintain_order=True)
    plays_by = tables.plays.partition_by(
        ["file", "match", "game"], as_dict=True, maintain_order=True
    )
    cubes_by = tables.cube_actions.partition_by(
        ["file", "match", "game"], as_dict=True, maintain_order=True
    )
    findings_by = tables.findings.partition_by(
        ["file", "match", "game"], as_dict=True, maintain_order=True
    )
    views = []
    for m in matches.iter_rows(named=True):
        key = (m["file"], m["match"])
        anchor = f"m{m['n']}"
        games = games_by.get(key)
        if games is None:
            continue
        players = (str(m["player_1"]), str(m["player_2"]))
        game_views = []
        for g in games.iter_rows(named=True):
            gkey = (*key, g["game"])
            plays = plays_by.get(gkey)
            cubes = cubes_by.get(gkey)
            found = findings_by.get(gkey)
            ganchor = f"{anchor}-g{g['game']}"
            game_views.append(
                GameView(
                    number=g["game"],
                    anchor=ganchor,
                    row=g,
                    moves=_moves(plays, cubes, found),
                    findings=0
                    if found is None
                    else int((found.get_column("severity") != "info").sum()),
                    pips=_pips_chart(ganchor, g["game"], plays, players),
                )
            )
        scores = _progression(games, m)
        charts_ = _match_charts(anchor, games, scores, players, int(m["length"]))
        length = int(m["length"])
        kind = (
            _("money session") if length == 0 else _("{length}-point match").format(length=length)
        )
        score = f"{m['score_1']}-{m['score_2']}"
        if m["winner"] is not None:
            outcome = _("{winner} wins {score}").format(winner=m["winner"], score=score)
        else:
            outcome = _("ends {score}").format(score=score)
        views.append(
            MatchView(
                anchor=anchor,
                file=str(m["file"]),
                href=_href(str(m["file"]), base),
                number=int(m["match"]),
                title=f"{players[0]} vs {players[1]}",
                subtitle=_("{kind}, {games} games; {outcome}").format(
                    kind=kind, games=m["games"], outcome=outcome
                ),
                row=m,
                games=game_views,
                charts=charts_,
            )
        )
    return views


def _progression(games: pl.DataFrame, match: dict[str, object]) -> list[tuple[int, int]]:
    """Scores before each game, then the final score."""
    scores = [(int(s1), int(s2)) for s1, s2 in games.select("score_1", "score_2").iter_rows()]
    return [*scores, (int(str(match["score_1"])), int(str(match["score_2"])))]


def _match_charts(
    anchor: str,
    games: pl.DataFrame,
    scores: list[tuple[int, int]],
    players: tuple[str, str],
    length: int,
) -> list[Chart]:
    numbers = [int(n) for n in games.get_column("game").to_list()]
    cubes = [int(c) for c in games.get_column("cube").to_list()]
    results = [r for r in games.get_column("result").to_list()]
    return [
        Chart(
            f"{anchor}-score",
            N_("Match score") if length else N_("Money won"),
            lambda: charts.score_progression(
                scores, players, length, N_("Match score") if length else N_("Money won")
            ),
        ),
        Chart(
            f"{anchor}-cube",
            N_("Cube value per game"),
            lambda: charts.cube_by_game(numbers, cubes, results),
        ),
    ]


def _pips_chart(
    anchor: str, game: int, plays: pl.DataFrame | None, players: tuple[str, str]
) -> Chart | None:
    if plays is None or plays.height == 0:
        return None
    first = plays.row(0, named=True)
    pips = [(int(first["pips_before_1"]), int(first["pips_before_2"]))]
    pips.extend(
        (int(a), int(b)) for a, b in plays.select("pips_after_1", "pips_after_2").iter_rows()
    )
    return Chart(
        f"{anchor}-pips",
        N_("Game {number}: pip count").format(number=game),
        lambda: charts.pip_race(pips, players, N_("Game {number}: pip count").format(number=game)),
    )


def _moves(
    plays: pl.DataFrame | None, cubes: pl.DataFrame | None, findings: pl.DataFrame | None
) -> list[MoveRow]:
    """The game's plays and cube actions in file order, each with its findings' codes."""
    flagged: dict[tuple[int, int], list[str]] = {}
    if findings is not None:
        for line, column, code, severity in findings.select(
            "line", "column", "code", "severity"
        ).iter_rows():
            if severity != "info":
                flagged.setdefault((line, column), []).append(code)

    def codes(line: int | None, column: int | None) -> tuple[str, ...]:
        return tuple(flagged.get((line, column or 0), ())) if line is not None else ()

    rows: list[tuple[tuple[int, int, int], MoveRow]] = []
    if plays is not None:
        for p in plays.iter_rows(named=True):
            notes = []
            if p["dance"]:
                notes.append(_("dance"))
            if p["hits"]:
                notes.append(
                    _("hit") if p["hits"] == 1 else _("{count} hits").format(count=p["hits"])
                )
            if p["legal_plays"] == 1:
                notes.append(_("forced"))
            if p["borne_off"]:
                notes.append(_("{count} off").format(count=p["borne_off"]))
            row = MoveRow(
                id=f"p{p['ply']}",
                move=p["move"],
                player=p["player"],
                text=p["recorded"] or f"{p['roll']}:",
                pips=f"{p['pips_after_1']} / {p['pips_after_2']}",
                notes=", ".join(notes),
                line=p["line"],
                column=p["column"],
                codes=codes(p["line"], p["column"]),
            )
            rows.append(((p["line"] or 0, p["column"] or 0, p["ply"]), row))
    if cubes is not None:
        for i, c in enumerate(cubes.iter_rows(named=True), start=1):
            value = (
                " " + _("to {value}").format(value=c["value"])
                if c["action"] in ("double", "beaver")
                else ""
            )
            row = MoveRow(
                id=f"c{i}",
                move=c["move"],
                player=c["player"],
                text=c["recorded"] or c["action"],
                pips="",
                notes=f"{_(_ACTIONS.get(c['action'], c['action']))}{value}",
                line=c["line"],
                column=c["column"],
                codes=codes(c["line"], c["column"]),
            )
            rows.append(((c["line"] or 0, c["column"] or 0, 10_000 + i), row))
    rows.sort(key=lambda item: item[0])
    return [row for _, row in rows]
