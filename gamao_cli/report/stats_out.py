"""Statistics tables as terminal tables, CSV, JSON or Parquet.

Wide summaries are shown in a terminal as several narrower tables (results, cube, checker
play, dice), each repeating the key columns; CSV, JSON and Parquet carry every column.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, TextIO

from rich.table import Table

from gamao_cli.analysis.dice import ROLL_LABELS
from gamao_cli.i18n import N_, _
from gamao_cli.report.csv_safe import safe_frame
from gamao_cli.report.safe_console import SafeConsole as Console

if TYPE_CHECKING:
    import polars as pl


class StatsView(str, Enum):
    player = "player"
    match = "match"
    game = "game"
    pair = "pair"
    event = "event"


class StatsFormat(str, Enum):
    table = "table"
    csv = "csv"
    json = "json"
    parquet = "parquet"


Group = tuple[str, tuple[str, ...]]

_PLAYER_GROUPS: tuple[Group, ...] = (
    (
        "results",
        (
            "matches",
            "matches_won",
            "games",
            "games_won",
            "points_won",
            "points_lost",
            "gammons_won",
            "backgammons_won",
            "gammons_lost",
            "backgammons_lost",
            "resignations",
        ),
    ),
    ("cube", ("doubles", "takes", "drops", "beavers", "max_cube", "avg_cube")),
    (
        "checker play",
        ("plays", "hits", "dances", "entering", "forced_plays", "avg_first_bearoff_pips"),
    ),
    ("dice", ("rolls", "doubles_rolled", "doubles_rate", "dice_chi2", "dice_p_value")),
    ("rolls (opening rolls left out)", tuple(f"r{label}" for label in ROLL_LABELS)),
)
_MATCH_GROUPS: tuple[Group, ...] = (
    (
        "matches",
        ("player_1", "player_2", "length", "games", "winner", "score_1", "score_2"),
    ),
    (
        "details",
        (
            "gammons",
            "backgammons",
            "resignations",
            "drops",
            "doubles",
            "max_cube",
            "crawford_game",
            "plays",
            "games_verified",
            "errors",
            "warnings",
            "info",
        ),
    ),
)
_GAME_GROUPS: tuple[Group, ...] = (
    (
        "games",
        (
            "player_1",
            "player_2",
            "score_1",
            "score_2",
            "winner",
            "points",
            "result",
            "ending",
            "cube",
            "crawford",
        ),
    ),
    (
        "details",
        (
            "post_crawford",
            "doubles",
            "takes",
            "drops",
            "beavers",
            "plays",
            "hits",
            "dances",
            "verified",
            "line",
        ),
    ),
)

_SKILL_SIDES = (
    "skill_source",
    "pr_1",
    "pr_2",
    "errors_1",
    "errors_2",
    "blunders_1",
    "blunders_2",
    "luck_1",
    "luck_2",
)
_PLAYER_GROUPS += (
    (
        "skill (stats --skill)",
        (
            "skill_source",
            "decisions",
            "equity_lost",
            "pr",
            "checker_pr",
            "cube_pr",
            "error_rate",
            "skill_errors",
            "skill_blunders",
            "luck",
            "luck_rate",
        ),
    ),
)
_MATCH_GROUPS += (("skill (stats --skill)", _SKILL_SIDES),)
_GAME_GROUPS += (("skill (stats --skill)", _SKILL_SIDES),)

_PAIR_GROUPS: tuple[Group, ...] = (
    (
        "head to head",
        (
            "matches", "matches_won_a", "matches_won_b", "games", "games_won_a", "games_won_b",
            "points_a", "points_b", "gammons_a", "gammons_b", "backgammons_a", "backgammons_b",
        ),
    ),
    (
        "skill (stats --skill)",
        ("pr_a", "pr_b", "errors_a", "errors_b", "blunders_a", "blunders_b", "luck_a", "luck_b"),
    ),
)  # fmt: skip
_EVENT_GROUPS: tuple[Group, ...] = (
    (
        "standings",
        ("matches", "matches_won", "matches_lost", "points_won", "points_lost", "rounds"),
    ),
)

# The groups' titles, shown in the active language (the column names stay as in CSV).
_TITLES = (
    N_("checker play"),
    N_("cube"),
    N_("details"),
    N_("dice"),
    N_("games"),
    N_("head to head"),
    N_("matches"),
    N_("results"),
    N_("rolls (opening rolls left out)"),
    N_("skill (stats --skill)"),
    N_("standings"),
)

KEYS: dict[StatsView, tuple[str, ...]] = {
    StatsView.player: ("player",),
    StatsView.match: ("file", "match"),
    StatsView.game: ("file", "match", "game"),
    StatsView.pair: ("player_a", "player_b"),
    StatsView.event: ("event", "rank", "player"),
}
GROUPS: dict[StatsView, tuple[Group, ...]] = {
    StatsView.player: _PLAYER_GROUPS,
    StatsView.match: _MATCH_GROUPS,
    StatsView.game: _GAME_GROUPS,
    StatsView.pair: _PAIR_GROUPS,
    StatsView.event: _EVENT_GROUPS,
}


def cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return (
            f"{value:.4g}"
            if abs(value) < 1e-3 and value != 0
            else f"{value:.3f}".rstrip("0").rstrip(".")
        )
    return str(value)


def rich_tables(df: pl.DataFrame, view: StatsView) -> list[Table]:
    """The frame as terminal tables, one per column group."""
    keys = KEYS[view]
    out = []
    for title, columns in GROUPS[view]:
        shown = [c for c in (*keys, *columns) if c in df.columns]
        if not any(c in df.columns for c in columns):
            continue  # a group of optional columns (the skill ones) not computed
        table = Table(title=_(title), title_justify="left", show_header=True, show_lines=False)
        for c in shown:
            numeric = df.schema[c].is_numeric()
            table.add_column(c, justify="right" if numeric else "left", overflow="fold")
        for row in df.select(shown).iter_rows():
            table.add_row(*(cell(v) for v in row))
        out.append(table)
    return out


def write_table(df: pl.DataFrame, view: StatsView, out: TextIO, terminal: bool) -> None:
    """Terminal tables; to a file or a pipe, plain text at the tables' natural width."""
    if terminal:
        console = Console(file=out, highlight=False, soft_wrap=False)
        for table in rich_tables(df, view):
            console.print(table)
            console.print()
        return
    buf = io.StringIO()
    console = Console(file=buf, highlight=False, width=10_000, no_color=True, color_system=None)
    for table in rich_tables(df, view):
        console.print(table)
        console.print()
    out.write("\n".join(line.rstrip() for line in buf.getvalue().splitlines()) + "\n")


def write_text(df: pl.DataFrame, fmt: StatsFormat, out: TextIO) -> None:
    """CSV or JSON (an array of row objects) to a text stream."""
    if fmt is StatsFormat.csv:
        out.write(safe_frame(df).write_csv())  # names: no formula (report.csv_safe)
    elif fmt is StatsFormat.json:
        buf = io.StringIO()
        df.write_json(buf)
        out.write(buf.getvalue() + "\n")
    else:
        raise ValueError(_("{fmt} is not a text format").format(fmt=fmt.value))


def write_chunks(chunks: Iterable[pl.DataFrame], fmt: StatsFormat, out: TextIO) -> None:
    """CSV or JSON of the rows of ``chunks`` (one frame's columns each) put one after the
    other, as :func:`write_text` writes them whole, a chunk at a time: the first chunk's
    header only; one JSON array."""
    if fmt not in (StatsFormat.csv, StatsFormat.json):
        raise ValueError(_("{fmt} is not a text format").format(fmt=fmt.value))
    first = True
    for df in chunks:
        if fmt is StatsFormat.csv:
            out.write(safe_frame(df).write_csv(include_header=first))  # no formula (csv_safe)
        elif df.height:
            out.write(("[" if first else ",") + df.write_json()[1:-1])
        elif first and fmt is StatsFormat.json:
            continue  # an empty chunk: the array starts with the first row
        first = False
    if fmt is StatsFormat.json:
        out.write("[]\n" if first else "]\n")


def write_parquet(df: pl.DataFrame | pl.LazyFrame, out: BinaryIO | Path) -> None:
    """Parquet of ``df``; a LazyFrame is written as it is computed (streaming)."""
    import polars as pl

    if isinstance(df, pl.DataFrame):
        df.write_parquet(out, statistics=False)
    else:
        df.sink_parquet(out, statistics=False)


def write_tables(frames: Sequence[tuple[str, pl.DataFrame]], directory: Path) -> list[Path]:
    """Every table as ``NAME.parquet`` in ``directory`` (created); the paths written."""
    from gamao_cli.formats.atomic import atomic_open

    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, df in frames:
        path = directory / f"{name}.parquet"
        with atomic_open(path, "wb") as fh:  # whole or not at all
            write_parquet(df, fh)
        written.append(path)
    return written
