"""Tidy tables of what the replay found: matches, games, plays, cube actions and findings.

:func:`build_tables` turns replays into five polars DataFrames, one row per match, game,
roll, cube action and finding; :func:`by_player`, :func:`by_match` and :func:`by_game` are
the summaries ``gamao stats --by`` prints. Sides are numbered 1 and 2 in column names
(``player_1`` is the left column of a ``.mat``, gnubg's player 0, SGF's White); ``side``
columns hold 0 or 1 as elsewhere in gamao. Rows are in input order (file, match, game, roll),
so the tables are the same whatever the number of jobs.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

import polars as pl

from gamao_cli.analysis.dice import (
    CHI2_WEIGHTS,
    DEGREES_OF_FREEDOM,
    MIN_ROLLS_FOR_TEST,
    ROLL_LABELS,
)
from gamao_cli.analysis.findings import Finding
from gamao_cli.analysis.names import resolve_names
from gamao_cli.analysis.records import MatchReplay
from gamao_cli.analysis.table_rows import add_replay, finding_row
from gamao_cli.model.diagnostics import Severity

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


def _sides(df: FrameT, per_side: Mapping[str, tuple[str, str]]) -> FrameT:
    """One row per side of each row of ``df``: ``side``, ``player``, ``won``, ``lost`` and the
    per-side columns ``per_side`` names (output name -> (side 1 column, side 2 column))."""
    parts = []
    for side in (0, 1):
        parts.append(
            df.with_columns(
                pl.lit(side, dtype=pl.Int64).alias("side"),
                pl.col(f"player_{side + 1}").alias("player"),
                (pl.col("winner_side") == side).fill_null(False).alias("won"),
                (pl.col("winner_side") == 1 - side).fill_null(False).alias("lost"),
                *(pl.col(cols[side]).alias(name) for name, cols in per_side.items()),
            )
        )
    return pl.concat(parts, how="vertical")


def _count(condition: pl.Expr) -> pl.Expr:
    return condition.cast(pl.Int64).sum()


# The per-player columns before the dice figures (``by_player`` adds rolls, doubles rate,
# chi-square, p-value and the 21 roll counts).
PLAYER_COLUMNS = (
    "player",
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
    "doubles",
    "takes",
    "drops",
    "beavers",
    "max_cube",
    "avg_cube",
    "plays",
    "hits",
    "dances",
    "entering",
    "forced_plays",
    "avg_first_bearoff_pips",
)


def by_player(tables: Tables | LazyTables) -> pl.DataFrame:
    """One row per player across every match, sorted by name (case-insensitive).

    Computed lazily: for :class:`LazyTables` (a scanned dataset) with the streaming engine,
    so no table is held whole in memory."""
    matches = (
        _sides(tables.matches.lazy(), {})
        .group_by("player")
        .agg(pl.len().cast(pl.Int64).alias("matches"), _count(pl.col("won")).alias("matches_won"))
    )
    g = _sides(
        tables.games.lazy(),
        {"first_bearoff_pips": ("first_bearoff_pips_1", "first_bearoff_pips_2")},
    )
    result = pl.col("result")
    games = g.group_by("player").agg(
        pl.len().cast(pl.Int64).alias("games"),
        _count(pl.col("won")).alias("games_won"),
        pl.col("points").filter(pl.col("won")).sum().alias("points_won"),
        pl.col("points").filter(pl.col("lost")).sum().alias("points_lost"),
        _count(pl.col("won") & (result == "gammon")).alias("gammons_won"),
        _count(pl.col("won") & (result == "backgammon")).alias("backgammons_won"),
        _count(pl.col("lost") & (result == "gammon")).alias("gammons_lost"),
        _count(pl.col("lost") & (result == "backgammon")).alias("backgammons_lost"),
        _count(pl.col("lost") & (pl.col("ending") == "resignation")).alias("resignations"),
        pl.col("cube").max().alias("max_cube"),
        pl.col("cube").mean().alias("avg_cube"),
        pl.col("first_bearoff_pips").mean().alias("avg_first_bearoff_pips"),
    )
    action = pl.col("action")
    cubes = (
        tables.cube_actions.lazy()
        .group_by("player")
        .agg(
            _count(action == "double").alias("doubles"),
            _count(action == "take").alias("takes"),
            _count(action == "drop").alias("drops"),
            _count(action == "beaver").alias("beavers"),
        )
    )
    plays = (
        tables.plays.lazy()
        .group_by("player")
        .agg(
            pl.len().cast(pl.Int64).alias("plays"),
            pl.col("hits").sum().alias("hits"),
            _count(pl.col("dance")).alias("dances"),
            _count(pl.col("entering")).alias("entering"),
            _count(pl.col("legal_plays") == 1).alias("forced_plays"),
            pl.col("legal_plays").is_not_null().any().alias("_analysed"),
        )
    )
    dice = dice_by_player(tables.plays).lazy()
    out = (
        matches.join(games, on="player", how="full", coalesce=True)
        .join(cubes, on="player", how="left", maintain_order="left")
        .join(plays, on="player", how="left", maintain_order="left")
        .join(dice, on="player", how="left", maintain_order="left")
    )
    zero = [
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
        "doubles",
        "takes",
        "drops",
        "beavers",
        "plays",
        "hits",
        "dances",
        "entering",
        "rolls",
        "doubles_rolled",
        *(f"r{label}" for label in ROLL_LABELS),
    ]
    out = out.with_columns(pl.col(c).fill_null(0) for c in zero)
    out = out.with_columns(
        pl.when(pl.col("_analysed").fill_null(False))
        .then(pl.col("forced_plays"))
        .otherwise(None)
        .alias("forced_plays")
    )
    columns = [
        *PLAYER_COLUMNS,
        "rolls",
        "doubles_rolled",
        "doubles_rate",
        "dice_chi2",
        "dice_p_value",
        *(f"r{label}" for label in ROLL_LABELS),
    ]
    query = (
        out.select(columns)
        .with_columns(
            pl.col("avg_cube").round(3),
            pl.col("avg_first_bearoff_pips").round(1),
            pl.col("doubles_rate").round(4),
            pl.col("dice_chi2").round(3),
            pl.col("dice_p_value").round(6),
        )
        .sort(pl.col("player").str.to_lowercase(), "player")
    )
    return query.collect(engine="streaming" if isinstance(tables, LazyTables) else "auto")


def dice_counts(plays: FrameT, by: Sequence[str] = ()) -> FrameT:
    """Counts of the 21 rolls (columns ``r11`` .. ``r66``), opening rolls left out.

    One pass of plain sums (no group per roll), so the streaming engine keeps only one row
    per group in memory."""
    rolls = plays.filter(~pl.col("opening"))
    exprs = [
        (pl.col("roll") == label).sum().cast(pl.Int64).alias(f"r{label}") for label in ROLL_LABELS
    ]
    if by:
        return rolls.group_by(list(by)).agg(exprs)
    return rolls.select(exprs)


def dice_by_player(plays: pl.DataFrame | pl.LazyFrame) -> pl.DataFrame:
    """Per player: rolls, doubles, doubles rate, chi-square and its p-value, and the 21 counts.

    Computed in polars (one row per player, no Python loop): the statistic as in
    :func:`~gamao_cli.analysis.dice.chi_square` and the p-value in the closed form of the
    chi-square tail for an even number of degrees of freedom (20), which equals
    :func:`~gamao_cli.analysis.dice.chi2_sf` there."""
    query = dice_counts(plays.lazy(), ("player",))
    counts = query.collect(engine="streaming" if isinstance(plays, pl.LazyFrame) else "auto")
    labels = [f"r{label}" for label in ROLL_LABELS]
    rolls = pl.sum_horizontal(labels)
    doubles = pl.sum_horizontal(f"r{label}" for label in ROLL_LABELS if label[0] == label[1])
    weighted = pl.sum_horizontal(
        pl.col(f"r{label}").cast(pl.Int64).pow(2) * weight
        for label, weight in zip(ROLL_LABELS, CHI2_WEIGHTS, strict=True)
    )
    chi2 = (weighted * 18 - pl.col("rolls") * pl.col("rolls")) / pl.col("rolls")
    stats = (
        counts.with_columns(rolls.cast(pl.Int64).alias("rolls"))
        .with_columns(
            doubles.cast(pl.Int64).alias("doubles_rolled"),
            pl.when(pl.col("rolls") > 0)
            .then(doubles / pl.col("rolls"))
            .otherwise(None)
            .alias("doubles_rate"),
            pl.when(pl.col("rolls") > 0).then(chi2).otherwise(None).alias("dice_chi2"),
        )
        .with_columns(
            pl.when(pl.col("rolls") >= MIN_ROLLS_FOR_TEST)
            .then(chi2_sf_even(pl.col("dice_chi2"), DEGREES_OF_FREEDOM))
            .otherwise(None)
            .alias("dice_p_value")
        )
    )
    return stats.select(
        "player", "rolls", "doubles_rolled", "doubles_rate", "dice_chi2", "dice_p_value", *labels
    )


def chi2_sf_even(x: pl.Expr, df: int) -> pl.Expr:
    """P(X >= x) for a chi-square variable with an even ``df``, as a polars expression:
    exp(-x/2) times the sum over i < df/2 of (x/2)^i / i!."""
    if df <= 0 or df % 2:
        raise ValueError("an even, positive number of degrees of freedom is needed")
    half = x / 2
    terms = []
    for i in range(df // 2):
        terms.append(half.pow(i) / math.factorial(i))
    return pl.when(x <= 0).then(1.0).otherwise((-half).exp() * pl.sum_horizontal(terms))


def by_match(tables: Tables) -> pl.DataFrame:
    """One row per match, in input order."""
    games = tables.games
    result = pl.col("result")
    per_game = games.group_by(KEYS).agg(
        pl.col("points").filter(pl.col("winner_side") == 0).sum().alias("points_1"),
        pl.col("points").filter(pl.col("winner_side") == 1).sum().alias("points_2"),
        _count(result == "gammon").alias("gammons"),
        _count(result == "backgammon").alias("backgammons"),
        _count(pl.col("ending") == "resignation").alias("resignations"),
        _count(pl.col("ending") == "drop").alias("drops"),
        pl.col("cube").max().alias("max_cube"),
        pl.col("game").filter(pl.col("crawford")).first().alias("crawford_game"),
        pl.col("plays").sum().alias("plays"),
    )
    doubles = tables.cube_actions.group_by(KEYS).agg(
        _count(pl.col("action") == "double").alias("doubles")
    )
    sev = pl.col("severity")
    findings = tables.findings.group_by(KEYS).agg(
        _count(sev == Severity.ERROR.value).alias("errors"),
        _count(sev == Severity.WARNING.value).alias("warnings"),
        _count(sev == Severity.INFO.value).alias("info"),
    )
    out = (
        tables.matches.join(per_game, on=KEYS, how="left", maintain_order="left")
        .join(doubles, on=KEYS, how="left", maintain_order="left")
        .join(findings, on=KEYS, how="left", maintain_order="left")
    )
    counts = [
        "points_1",
        "points_2",
        "gammons",
        "backgammons",
        "resignations",
        "drops",
        "doubles",
        "plays",
        "errors",
        "warnings",
        "info",
    ]
    return out.with_columns(pl.col(c).fill_null(0) for c in counts).select(
        "file",
        "match",
        "player_1",
        "player_2",
        "length",
        "variant",
        "games",
        "winner",
        "score_1",
        "score_2",
        "points_1",
        "points_2",
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
        *_fingerprinted(out),
    )


def _fingerprinted(frame: pl.DataFrame) -> list[str]:
    """``["fingerprint"]`` where the tables were built with fingerprints (stats
    --fingerprints), else nothing: the views show the column only when it was asked for."""
    column = frame.get_column("fingerprint")
    return ["fingerprint"] if column.null_count() < column.len() else []


def by_game(tables: Tables) -> pl.DataFrame:
    """One row per game, in input order."""
    action = pl.col("action")
    cubes = tables.cube_actions.group_by(GAME_KEYS).agg(
        _count(action == "double").alias("doubles"),
        _count(action == "take").alias("takes"),
        _count(action == "drop").alias("drops"),
        _count(action == "beaver").alias("beavers"),
    )
    plays = tables.plays.group_by(GAME_KEYS).agg(
        pl.col("hits").sum().alias("hits"),
        _count(pl.col("dance")).alias("dances"),
    )
    out = tables.games.join(cubes, on=GAME_KEYS, how="left", maintain_order="left").join(
        plays, on=GAME_KEYS, how="left", maintain_order="left"
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
        *_fingerprinted(out),
    )
