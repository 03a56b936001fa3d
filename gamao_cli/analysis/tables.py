"""Tidy tables of what the replay found: matches, games, plays, cube actions and findings.

:func:`build_tables` turns replays into five polars DataFrames, one row per match, game,
roll, cube action and finding; :func:`by_player`, :func:`by_match` and :func:`by_game` are
the summaries ``gamao stats --by`` prints. Sides are numbered 1 and 2 in column names
(``player_1`` is the left column of a ``.mat``, gnubg's player 0, SGF's White); ``side``
columns hold 0 or 1 as elsewhere in gamao. Rows are in input order (file, match, game, roll),
so the tables are the same whatever the number of jobs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

import polars as pl

from gamao_cli.analysis.findings import Finding
from gamao_cli.analysis.names import resolve_names
from gamao_cli.analysis.records import MatchReplay
from gamao_cli.analysis.table_rows import add_replay, finding_row
from gamao_cli.analysis.view_parts import (
    PLAYER_COLUMNS,
    chi2_sf_even,
    count_true,
    cube_counts,
    dice_counts,
    dice_stats,
    fingerprinted,
    match_parts,
    match_view,
    player_parts,
    player_view,
)

__all__ = ["PLAYER_COLUMNS", "chi2_sf_even", "dice_counts"]  # kept here for their callers

FrameT = TypeVar("FrameT", pl.DataFrame, pl.LazyFrame)

MATCH_SCHEMA: dict[str, pl.DataType | type[pl.DataType]] = {
    "file": pl.String,
    "match": pl.Int64,
    "format": pl.String,
    "player_1": pl.String,
    "player_2": pl.String,
    "recorded_1": pl.String,
    "recorded_2": pl.String,
    "rating_1": pl.String,
    "rating_2": pl.String,
    "length": pl.Int64,
    "money": pl.Boolean,
    "variant": pl.String,
    "games": pl.Int64,
    "games_verified": pl.Int64,
    "winner_side": pl.Int64,
    "winner": pl.String,
    "score_1": pl.Int64,
    "score_2": pl.Int64,
    "line": pl.Int64,
    "fingerprint": pl.String,  # null unless asked for (stats --fingerprints)
    "date": pl.String,  # yyyy-mm-dd from the header tags (analysis.match_tags), or null
    "time": pl.String,  # hh:mm[:ss], or null
    "event": pl.String,
    "round": pl.String,
}
GAME_SCHEMA: dict[str, pl.DataType | type[pl.DataType]] = {
    "file": pl.String,
    "match": pl.Int64,
    "game": pl.Int64,
    "index": pl.Int64,
    "player_1": pl.String,
    "player_2": pl.String,
    "score_1": pl.Int64,
    "score_2": pl.Int64,
    "winner_side": pl.Int64,
    "winner": pl.String,
    "points": pl.Int64,
    "recorded_points": pl.Int64,
    "result": pl.String,
    "ending": pl.String,
    "cube": pl.Int64,
    "crawford": pl.Boolean,
    "post_crawford": pl.Boolean,
    "verified": pl.Boolean,
    "plays": pl.Int64,
    "first_bearoff_pips_1": pl.Int64,
    "first_bearoff_pips_2": pl.Int64,
    "line": pl.Int64,
    "fingerprint": pl.String,  # null unless asked for (stats --fingerprints)
}
PLAY_SCHEMA: dict[str, pl.DataType | type[pl.DataType]] = {
    "file": pl.String,
    "match": pl.Int64,
    "game": pl.Int64,
    "ply": pl.Int64,
    "move": pl.Int64,
    "side": pl.Int64,
    "player": pl.String,
    "die_1": pl.Int64,
    "die_2": pl.Int64,
    "roll": pl.String,
    "pips_before_1": pl.Int64,
    "pips_before_2": pl.Int64,
    "pips_after_1": pl.Int64,
    "pips_after_2": pl.Int64,
    "hits": pl.Int64,
    "dance": pl.Boolean,
    "entering": pl.Boolean,
    "borne_off": pl.Int64,
    "legal_plays": pl.Int64,
    "opening": pl.Boolean,
    "line": pl.Int64,
    "column": pl.Int64,
    "recorded": pl.String,
}
CUBE_SCHEMA: dict[str, pl.DataType | type[pl.DataType]] = {
    "file": pl.String,
    "match": pl.Int64,
    "game": pl.Int64,
    "move": pl.Int64,
    "side": pl.Int64,
    "player": pl.String,
    "action": pl.String,
    "value": pl.Int64,
    "line": pl.Int64,
    "column": pl.Int64,
    "recorded": pl.String,
}
FINDING_SCHEMA: dict[str, pl.DataType | type[pl.DataType]] = {
    "file": pl.String,
    "match": pl.Int64,
    "game": pl.Int64,
    "move": pl.Int64,
    "line": pl.Int64,
    "column": pl.Int64,
    "code": pl.String,
    "severity": pl.String,
    "rule": pl.String,
    "player": pl.String,
    "dice": pl.String,
    "recorded": pl.String,
    "message": pl.String,
}

TABLE_NAMES = ("matches", "games", "plays", "cube_actions", "findings")


@dataclass(frozen=True, slots=True)
class Tables:
    """The five tidy tables. Player names are as shown (normalised) once built."""

    matches: pl.DataFrame
    games: pl.DataFrame
    plays: pl.DataFrame
    cube_actions: pl.DataFrame
    findings: pl.DataFrame

    def items(self) -> tuple[tuple[str, pl.DataFrame], ...]:
        return tuple((name, getattr(self, name)) for name in TABLE_NAMES)


@dataclass(frozen=True, slots=True)
class LazyTables:
    """The five tables as polars LazyFrames (a Parquet dataset scanned, analysis.dataset):
    the summaries below accept them and never collect a whole table."""

    matches: pl.LazyFrame
    games: pl.LazyFrame
    plays: pl.LazyFrame
    cube_actions: pl.LazyFrame
    findings: pl.LazyFrame

    def items(self) -> tuple[tuple[str, pl.LazyFrame], ...]:
        return tuple((name, getattr(self, name)) for name in TABLE_NAMES)


AnyTables = TypeVar("AnyTables", Tables, LazyTables)


def build_tables(
    replays: Iterable[MatchReplay], aliases: Mapping[str, str] | None = None
) -> Tables:
    """The tables of ``replays``, player names normalised (see :mod:`names`) and aliased."""
    return normalise_names(raw_tables(replays), aliases)


def raw_tables(
    replays: Iterable[MatchReplay], extra_findings: Sequence[tuple[int, Finding]] = ()
) -> Tables:
    """The tables with player names as recorded. ``extra_findings`` are (match index,
    finding) pairs for matches that produced no replay (e.g. unreadable files), read once
    ``replays`` is exhausted (a generator may fill them as it goes)."""
    matches: list[tuple[object, ...]] = []
    games: list[tuple[object, ...]] = []
    plays: list[list[object]] = [[] for column in PLAY_SCHEMA]
    cubes: list[tuple[object, ...]] = []
    findings: list[tuple[object, ...]] = []
    for replay in replays:
        add_replay(replay, matches, games, plays, cubes, findings)
    for index, finding in extra_findings:
        findings.append(finding_row(finding, index + 1))
    return Tables(
        matches=_frame(matches, MATCH_SCHEMA),
        games=_frame(games, GAME_SCHEMA),
        plays=_columns_frame(plays, PLAY_SCHEMA),
        cube_actions=_frame(cubes, CUBE_SCHEMA),
        findings=_frame(findings, FINDING_SCHEMA),
    )


def _frame(
    rows: list[tuple[object, ...]], schema: Mapping[str, pl.DataType | type[pl.DataType]]
) -> pl.DataFrame:
    if not rows:
        return pl.DataFrame(schema=dict(schema))
    # Column by column: much faster for polars than row by row.
    return _columns_frame(list(map(list, zip(*rows, strict=True))), schema)


def _columns_frame(
    columns: list[list[object]], schema: Mapping[str, pl.DataType | type[pl.DataType]]
) -> pl.DataFrame:
    return pl.DataFrame(dict(zip(schema, columns, strict=True)), schema=dict(schema))


def concat_tables(parts: Sequence[Tables]) -> Tables:
    """Tables put one after the other, in the order given."""
    if not parts:
        return raw_tables(())
    return Tables(
        *(
            pl.concat([getattr(p, name) for p in parts], how="vertical", rechunk=True)
            for name in TABLE_NAMES
        )
    )


# -- names -------------------------------------------------------------------------------------


def normalise_names(tables: AnyTables, aliases: Mapping[str, str] | None = None) -> AnyTables:
    """Tables with every player name replaced by the name it is shown under.

    Spellings are counted once per match side; ``recorded_1``/``recorded_2`` keep the names
    as the files have them. Lazy tables stay lazy (only the name counts are collected).
    """
    m = tables.matches.lazy()
    uses: Counter[str] = Counter()
    for column in ("recorded_1", "recorded_2"):
        for name, count in m.group_by(column).len().collect().iter_rows():
            uses[name] += count
    players = tables.findings.lazy().select(pl.col("player").drop_nulls().unique()).collect()
    for name in players.get_column("player").to_list():
        uses[name] += 0
    mapping = resolve_names(uses, aliases)
    if all(k == v for k, v in mapping.items()):
        return tables

    def rename(df: FrameT, columns: Sequence[str]) -> FrameT:
        return df.with_columns(
            pl.col(c).replace_strict(mapping, default=pl.col(c), return_dtype=pl.String)
            for c in columns
        )

    return type(tables)(
        rename(tables.matches, ("player_1", "player_2", "winner")),
        rename(tables.games, ("player_1", "player_2", "winner")),
        rename(tables.plays, ("player",)),
        rename(tables.cube_actions, ("player",)),
        rename(tables.findings, ("player",)),
    )


# -- summaries ---------------------------------------------------------------------------------

KEYS = ("file", "match")
GAME_KEYS = ("file", "match", "game")


def by_player(tables: Tables | LazyTables) -> pl.DataFrame:
    """One row per player across every match, sorted by name (case-insensitive).

    From each player's totals (:mod:`view_parts`): for :class:`LazyTables` (a scanned
    dataset) with the streaming engine, so no table is held whole in memory."""
    parts = player_parts(
        tables.matches, tables.games, tables.cube_actions, tables.plays,
        streaming=isinstance(tables, LazyTables),
    )  # fmt: skip
    return player_view(parts)


def dice_by_player(plays: pl.DataFrame | pl.LazyFrame) -> pl.DataFrame:
    """Per player: rolls, doubles, doubles rate, chi-square and its p-value, and the 21
    counts (:func:`view_parts.dice_stats`)."""
    query = dice_counts(plays.lazy(), ("player",))
    counts = query.collect(engine="streaming" if isinstance(plays, pl.LazyFrame) else "auto")
    return dice_stats(counts)


def by_match(tables: Tables | LazyTables) -> pl.DataFrame:
    """One row per match, in input order (from each match's totals, :mod:`view_parts`)."""
    lazy = isinstance(tables, LazyTables)
    totals = match_parts(tables.games, tables.cube_actions, tables.findings, streaming=lazy)
    matches = tables.matches.lazy().collect(engine="streaming" if lazy else "auto")
    return match_view(matches, totals)


def by_game(tables: Tables) -> pl.DataFrame:
    """One row per game, in input order."""
    rows = game_rows(tables)
    return rows if fingerprinted(rows) else rows.drop("fingerprint")


def game_rows(tables: Tables) -> pl.DataFrame:
    """``by_game``'s rows with the fingerprint column, null or not."""
    return game_query(tables).collect()


def game_query(tables: Tables | LazyTables) -> pl.LazyFrame:
    """:func:`game_rows` as a query (over a scanned dataset: collected as it streams)."""
    cubes = tables.cube_actions.lazy().group_by(GAME_KEYS).agg(cube_counts())
    plays = (
        tables.plays.lazy()
        .group_by(GAME_KEYS)
        .agg(
            pl.col("hits").sum().alias("hits"),
            count_true(pl.col("dance")).alias("dances"),
        )
    )
    out = (
        tables.games.lazy()
        .join(cubes, on=GAME_KEYS, how="left", maintain_order="left")
        .join(plays, on=GAME_KEYS, how="left", maintain_order="left")
    )
    counts = ["doubles", "takes", "drops", "beavers", "hits", "dances"]
    return out.with_columns(pl.col(c).fill_null(0) for c in counts).select(
        "file",
        "match",
        "game",
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
        "fingerprint",
    )
