"""The report's club sections: head to head (a cross table of who beat whom, or a list for a
large club) and the standings of each event.

Shown only when there is something to compare: head to head when at least two pairs of
players met (three players or more), the events when the matches name at least two events.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import polars as pl

from gamao_cli.analysis.club_views import by_event, by_pair
from gamao_cli.analysis.tables import Tables
from gamao_cli.i18n import N_, _, format_number
from gamao_cli.report.escaping import escape

CROSS_PLAYERS = 30  # a cross table up to this many players, a list beyond
MIN_PAIRS = 2
MIN_EVENTS = 2

PAIR_HEADERS = (N_("player A"), N_("player B"), N_("matches"), N_("A won"), N_("B won"),
                N_("points A"), N_("points B"))  # fmt: skip
EVENT_HEADERS = ("#", N_("player"), N_("matches"), N_("won"), N_("lost"), N_("points +"),
                 N_("points −"), N_("rounds"))  # fmt: skip


@dataclass(frozen=True, slots=True)
class HeadToHead:
    players: list[str]  # in the cross table's order (most matches first, then name)
    pairs: pl.DataFrame  # club_views.by_pair

    @property
    def cross(self) -> bool:
        return len(self.players) <= CROSS_PLAYERS


@dataclass(frozen=True, slots=True)
class EventStandings:
    anchor: str
    event: str
    rows: list[tuple[object, ...]]


def build_head_to_head(tables: Tables) -> HeadToHead | None:
    pairs = by_pair(tables.matches, tables.games)
    if pairs.height < MIN_PAIRS:
        return None
    sides = pl.concat(
        [
            pairs.select(pl.col("player_a").alias("player"), "matches"),
            pairs.select(pl.col("player_b").alias("player"), "matches"),
        ]
    )
    order = (
        sides.group_by("player")
        .agg(pl.col("matches").sum())
        .sort(["matches", "player"], descending=[True, False])
    )
    return HeadToHead(order.get_column("player").to_list(), pairs)


def build_events(tables: Tables) -> list[EventStandings]:
    standings = by_event(tables.matches, tables.games)
    events = standings.get_column("event").unique(maintain_order=True).to_list()
    if len(events) < MIN_EVENTS:
        return []
    out = []
    for k, event in enumerate(events, 1):
        part = standings.filter(pl.col("event") == event)
        rows = list(part.drop("event").iter_rows())
        out.append(EventStandings(f"event-{k}", event, rows))
    return out


def _cells(h2h: HeadToHead) -> dict[tuple[str, str], str]:
    """(row player, column player) -> "won-lost" from the row player's side."""
    out: dict[tuple[str, str], str] = {}
    for a, b, won_a, won_b in h2h.pairs.select(
        "player_a", "player_b", "matches_won_a", "matches_won_b"
    ).iter_rows():
        out[(a, b)] = f"{won_a}-{won_b}"
        out[(b, a)] = f"{won_b}-{won_a}"
    return out


def pair_rows(h2h: HeadToHead) -> list[tuple[object, ...]]:
    return list(
        h2h.pairs.select(
            "player_a", "player_b", "matches", "matches_won_a", "matches_won_b", "points_a",
            "points_b",
        ).iter_rows()
    )  # fmt: skip


HEAD_NOTE = N_(
    "Matches won and lost against each other, read along the row: 3-1 is three won by the "
    "row's player, one by the column's (unfinished matches and money sessions count in "
    "neither)."
)
LIST_NOTE = N_("{count} players: too many for a cross table, so each pair that met is a row.")


def cross_html(h2h: HeadToHead) -> str:
    """The cross table, names escaped (built here: the report's table helper translates
    its headers, and a name is not a message)."""
    cells = _cells(h2h)
    head = "".join(f'<th class="n">{escape(p)}</th>' for p in h2h.players)
    body = []
    for row in h2h.players:
        tds = "".join(
            '<td class="n">—</td>'
            if row == col
            else f'<td class="n">{cells.get((row, col), "")}</td>'
            for col in h2h.players
        )
        body.append(f"<tr><th>{escape(row)}</th>{tds}</tr>")
    return (
        f'<div class="scroll"><table><thead><tr><th></th>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )


def render_html(
    h2h: HeadToHead | None, events: Sequence[EventStandings], table: Callable[..., str]
) -> str:
    out = []
    if h2h is not None:
        if h2h.cross:
            inner = f'<p class="note">{escape(_(HEAD_NOTE))}</p>' + cross_html(h2h)
        else:
            note = _(LIST_NOTE).format(count=format_number(len(h2h.players)))
            inner = f'<p class="note">{escape(note)}</p>' + table(
                list(PAIR_HEADERS), pair_rows(h2h)
            )
        heading = escape(_("Head to head"))
        out.append(f'<section id="head-to-head"><h2>{heading}</h2>{inner}</section>')
    for e in events:
        title = _("Event: {event}").format(event=e.event)
        out.append(
            f'<section id="{e.anchor}"><h2>{escape(title)}</h2>'
            + table(list(EVENT_HEADERS), e.rows)
            + "</section>"
        )
    return "".join(out)


def render_markdown(
    h2h: HeadToHead | None,
    events: Sequence[EventStandings],
    table: Callable[..., list[str]],
    text: Callable[[str], str],
) -> list[str]:
    """The sections in Markdown; ``text`` escapes a record's text for a table cell."""
    lines: list[str] = []
    if h2h is not None:
        lines += ["## " + _("Head to head"), ""]
        if h2h.cross:
            cells = _cells(h2h)
            lines += [_(HEAD_NOTE), ""]
            lines.append("| | " + " | ".join(text(p) for p in h2h.players) + " |")
            lines.append("|---|" + "---|" * len(h2h.players))
            for row in h2h.players:
                shown = ["—" if row == col else cells.get((row, col), "") for col in h2h.players]
                lines.append(f"| {text(row)} | " + " | ".join(shown) + " |")
            lines.append("")
        else:
            lines += [_(LIST_NOTE).format(count=format_number(len(h2h.players))), ""]
            lines += table(list(PAIR_HEADERS), pair_rows(h2h))
    for e in events:
        lines += ["## " + text(_("Event: {event}").format(event=e.event)), ""]
        lines += table(list(EVENT_HEADERS), e.rows)
    return lines
