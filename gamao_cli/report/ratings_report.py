"""The report's Ratings section: every player's FIBS rating (as ``gamao ratings`` computes it,
a match read twice counted once), a rating-history chart of the most active players, and
each player's matches linked to their place in the Matches section.

Shown when at least :data:`MIN_RATED` matches are rated: one match's ratings say no more than
who won it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field

import polars as pl

from gamao_cli.analysis.ratings import START
from gamao_cli.analysis.ratings_table import Ratings, rate
from gamao_cli.i18n import N_, _, format_number
from gamao_cli.report import ratings_charts
from gamao_cli.report.escaping import escape
from gamao_cli.report.ratings_out import not_rated
from gamao_cli.report.views import Chart, ReportMatches

MIN_RATED = 2
CHART_PLAYERS = 8  # the most active players drawn in the history chart
LINKS_SHOWN = 30  # a player's matches linked, the rest counted

HEADERS = (
    "#",
    N_("player"),
    N_("rating"),
    N_("experience"),
    N_("matches"),
    N_("won"),
    N_("lost"),
    N_("last played"),
    N_("matches in this report"),
)


@dataclass
class RatingsSection:
    ratings: Ratings
    links: dict[str, list[tuple[int, str]]]  # player -> (match number, anchor), input order
    charts: list[Chart] = field(default_factory=list)


def build_ratings_section(
    report: ReportMatches, matches: pl.DataFrame, copies: Collection[tuple[str, int]] = ()
) -> RatingsSection | None:
    """The section from the report's matches table (names merged), ``copies`` ((file,
    1-based match) of each copy of a match read twice but the one kept) left out of the
    ratings; None when fewer than :data:`MIN_RATED` matches are rated."""
    rated = matches
    if copies:
        keys = pl.DataFrame(
            {"file": [f for f, _n in copies], "match": [n for _f, n in copies]},
            schema={"file": pl.String, "match": pl.Int64},
        )
        rated = matches.join(keys, on=["file", "match"], how="anti", maintain_order="left")
    ratings = rate(rated)
    if ratings.rated < MIN_RATED:
        return None
    numbers = {
        (r["file"], r["match"]): (r["n"], r["anchor"])
        for r in report.matches.select("file", "match", "n", "anchor").iter_rows(named=True)
    }
    links: dict[str, list[tuple[int, str]]] = {}
    for file, number, one, two in matches.select(
        "file", "match", "player_1", "player_2"
    ).iter_rows():
        place = numbers.get((file, number))
        if place is not None:
            for name in dict.fromkeys((one, two)):
                links.setdefault(name, []).append(place)
    section = RatingsSection(ratings, links)
    section.charts.append(_history_chart(ratings.history))
    return section


def _history_chart(history: pl.DataFrame) -> Chart:
    """The chart of the :data:`CHART_PLAYERS` players with the most rated matches (ties: the
    higher rating, then the name)."""
    counts = history.group_by("player").agg(
        pl.len().alias("n"), pl.col("rating_after").last().alias("last")
    )
    chosen = counts.sort(["n", "last", "player"], descending=[True, True, False]).head(
        CHART_PLAYERS
    )
    lines: list[tuple[str, list[tuple[int, float]]]] = []
    for name in chosen.get_column("player").to_list():
        mine = history.filter(pl.col("player") == name)
        points = list(zip(mine.get_column("order"), mine.get_column("rating_after"), strict=True))
        lines.append((name, points))
    return Chart(
        "ratings-history",
        N_("Rating history"),
        functools.partial(ratings_charts.rating_history, lines, START),
    )


def note(section: RatingsSection) -> str:
    r = section.ratings
    left = not_rated(r)
    text = _(
        "FIBS's formula: everyone starts at 1500 with experience 0; {count} matches rated by "
        "their recorded date, undated ones in input order; a match read twice counts once."
    ).format(count=format_number(r.rated))
    if left:
        text += " " + _("Not rated: {counts}.").format(counts=", ".join(left))
    return text


def rows(section: RatingsSection) -> list[tuple[tuple[object, ...], list[tuple[int, str]]]]:
    """The table's rows: the cells, and the player's matches (number and anchor in the
    report), the last column."""
    out: list[tuple[tuple[object, ...], list[tuple[int, str]]]] = []
    for rank, row in enumerate(section.ratings.table.iter_rows(named=True), 1):
        cells = (rank, row["player"], round(row["rating"], 2), row["experience"],
                 row["matches"], row["won"], row["lost"], row["last_played"])  # fmt: skip
        out.append((cells, section.links.get(row["player"], [])))
    return out


def _links_html(places: Sequence[tuple[int, str]]) -> str:
    shown = " ".join(f'<a href="#{escape(anchor)}">{n}</a>' for n, anchor in places[:LINKS_SHOWN])
    more = len(places) - LINKS_SHOWN
    if more > 0:
        shown += " " + escape(_("(+{count} more)").format(count=format_number(more)))
    return shown


def _links_text(places: Sequence[tuple[int, str]]) -> str:
    shown = " ".join(str(n) for n, _a in places[:LINKS_SHOWN])
    more = len(places) - LINKS_SHOWN
    return shown + (
        " " + _("(+{count} more)").format(count=format_number(more)) if more > 0 else ""
    )


def render_html(
    section: RatingsSection, figure: Callable[[Chart], str], table: Callable[..., str]
) -> str:
    """The section as HTML; ``figure`` and ``table`` are the report's renderers
    (report.html: names escaped there; the links cell is built here, escaped)."""
    body = [(*cells, _links_html(places)) for cells, places in rows(section)]
    charts = "".join(figure(c) for c in section.charts)
    return (
        '<section id="ratings"><h2>'
        + escape(_("Ratings"))
        + '</h2><p class="note">'
        + escape(note(section))
        + "</p>"
        + table(list(HEADERS), body, raw=(len(HEADERS) - 1,), wrap=(len(HEADERS) - 1,))
        + f"{charts}</section>"
    )


def render_markdown(
    section: RatingsSection,
    images: Callable[[Sequence[Chart]], list[str]],
    table: Callable[..., list[str]],
) -> list[str]:
    body = [(*cells, _links_text(places)) for cells, places in rows(section)]
    lines = ["## " + _("Ratings"), "", note(section), ""]
    lines += table(list(HEADERS), body)
    lines += images(section.charts)
    return lines
