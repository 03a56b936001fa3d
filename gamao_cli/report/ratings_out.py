"""``gamao ratings``' outputs: the table as text, CSV, JSON or Parquet, the history file, and
what the summary line adds (matches rated, left out, duplicates)."""

from __future__ import annotations

import io
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, TextIO

from rich.table import Table

from gamao_cli.formats.atomic import atomic_open
from gamao_cli.i18n import _, format_number, ngettext
from gamao_cli.report.csv_safe import safe_frame
from gamao_cli.report.safe_console import SafeConsole as Console
from gamao_cli.report.stats_out import write_parquet

if TYPE_CHECKING:
    import polars as pl

    from gamao_cli.analysis.ratings_table import Ratings


class RatingsFormat(str, Enum):
    text = "text"
    csv = "csv"
    json = "json"
    parquet = "parquet"


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def ratings_text(table: pl.DataFrame) -> str:
    """The table, one line a player (ranked, rating with two decimals); names shown
    literally (:class:`SafeConsole` escapes what could act on a terminal)."""
    grid = Table(show_header=True, show_lines=False, box=None, pad_edge=False)
    grid.add_column("#", justify="right")
    for name in table.columns:
        numeric = table.schema[name].is_numeric()
        grid.add_column(name, justify="right" if numeric else "left", overflow="fold")
    for rank, row in enumerate(table.iter_rows(), 1):
        grid.add_row(str(rank), *(_cell(v) for v in row))
    buf = io.StringIO()
    console = Console(file=buf, width=10_000, no_color=True, color_system=None)
    console.print(grid)
    return "\n".join(line.rstrip() for line in buf.getvalue().splitlines()) + "\n"


def frame_text(df: pl.DataFrame, fmt: RatingsFormat) -> str:
    """``df`` as text: the table (:func:`ratings_text`), CSV or JSON (an array of rows)."""
    if fmt is RatingsFormat.csv:
        return safe_frame(df).write_csv()  # names: no formula (report.csv_safe)
    if fmt is RatingsFormat.json:
        buf = io.StringIO()
        df.write_json(buf)
        return buf.getvalue() + "\n"
    return ratings_text(df)


def write_stream(df: pl.DataFrame, fmt: RatingsFormat, text: TextIO, binary: BinaryIO) -> None:
    """``df`` in ``fmt`` to standard output: ``binary`` for Parquet, ``text`` otherwise."""
    if fmt is RatingsFormat.parquet:
        write_parquet(df, binary)
    else:
        text.write(frame_text(df, fmt))


def history_format(path: Path) -> RatingsFormat:
    """The history file's format, by its name: ``.json``, ``.parquet``, else CSV."""
    suffix = path.suffix.lower()
    if suffix == ".json":
        return RatingsFormat.json
    return RatingsFormat.parquet if suffix == ".parquet" else RatingsFormat.csv


def write_to(df: pl.DataFrame, fmt: RatingsFormat, path: Path) -> None:
    """``df`` written whole (or not at all) at ``path``."""
    if fmt is RatingsFormat.parquet:
        with atomic_open(path, "wb") as bout:
            write_parquet(df, bout)
    else:
        with atomic_open(path, newline="") as out:
            out.write(frame_text(df, fmt))


def not_rated(ratings: Ratings) -> list[str]:
    """The matches left out of the ratings, counted by kind (none: an empty list)."""
    n = format_number
    apart = []
    if ratings.unfinished:
        apart.append(
            ngettext("{count} unfinished", "{count} unfinished", ratings.unfinished).format(
                count=n(ratings.unfinished)
            )
        )
    if ratings.money:
        apart.append(
            ngettext("{count} money session", "{count} money sessions", ratings.money).format(
                count=n(ratings.money)
            )
        )
    if ratings.same_player:
        apart.append(
            ngettext(
                "{count} player against himself",
                "{count} players against themselves",
                ratings.same_player,
            ).format(count=n(ratings.same_player))
        )
    return apart


def rated_details(ratings: Ratings, deduped: bool) -> tuple[str, ...]:
    """What the summary line adds after the games: the matches rated, those left out (no
    winner, money sessions, a player against himself) and how copies were counted."""
    rated = ngettext("{count} match rated", "{count} matches rated", ratings.rated).format(
        count=format_number(ratings.rated)
    )
    apart = not_rated(ratings)
    left = _(" ({counts} not rated)").format(counts=", ".join(apart)) if apart else ""
    copies = (
        _("duplicates counted once") if deduped
        else _("duplicates counted as read (--no-dedupe)")
    )  # fmt: skip
    return (rated + left, copies)
