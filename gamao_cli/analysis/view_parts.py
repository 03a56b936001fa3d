"""The per-player and per-match summaries of ``gamao stats`` from running totals.

:func:`player_parts` and :func:`match_parts` sum what one slice of the tables says of each
player (by the name as recorded) and each match: counts, sums, maxima, the sum and number of
the values an average is taken of. Slices follow one another (a corpus read a part of a long
match at a time, :mod:`stats_fold`); :func:`merge_players` and :func:`merge_matches` add the
totals of several up, and :func:`player_view` and :func:`match_view` turn the totals into the
rows :func:`gamao_cli.analysis.tables.by_player` and :func:`~gamao_cli.analysis.tables.by_match`
give, the same numbers: no row of a game or a play is kept. An average is the exact sum over
the count (integers, summed exactly), as polars' mean of the whole column is.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, TypeVar

import polars as pl

from gamao_cli.analysis.dice import (
    CHI2_WEIGHTS,
    DEGREES_OF_FREEDOM,
    MIN_ROLLS_FOR_TEST,
    ROLL_LABELS,
)
from gamao_cli.model.diagnostics import Severity

FrameT = TypeVar("FrameT", pl.DataFrame, pl.LazyFrame)

KEYS = ("file", "match")
LABELS = tuple(f"r{label}" for label in ROLL_LABELS)

# The per-player columns before the dice figures (``player_view`` adds rolls, doubles rate,
# chi-square, p-value and the 21 roll counts).
PLAYER_COLUMNS = (
    "player", "matches", "matches_won", "games", "games_won", "points_won", "points_lost",
    "gammons_won", "backgammons_won", "gammons_lost", "backgammons_lost", "resignations",
    "doubles", "takes", "drops", "beavers", "max_cube", "avg_cube", "plays", "hits", "dances",
    "entering", "forced_plays", "avg_first_bearoff_pips",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class PlayerParts:
    """Running totals by player (as recorded), one frame a table: ``matches`` and ``games``
    name the players a row is shown for; ``cubes``, ``plays`` and ``dice`` add to them."""

    matches: pl.DataFrame
    games: pl.DataFrame
    cubes: pl.DataFrame
    plays: pl.DataFrame
    dice: pl.DataFrame


_PARTS = ("matches", "games", "cubes", "plays", "dice")


def count_true(condition: pl.Expr) -> pl.Expr:
    """How many rows ``condition`` holds for."""
    return condition.cast(pl.Int64).sum()


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


# How the totals of two slices add up, column by column (the rest are sums).
_MAX = frozenset({"max_cube"})
_ANY = frozenset({"_analysed"})


def _adding(columns: Sequence[str], keys: Sequence[str]) -> list[pl.Expr]:
    out = []
    for c in columns:
        if c in keys:
            continue
        if c in _MAX:
            out.append(pl.col(c).max())
        elif c in _ANY:
            out.append(pl.col(c).any())
        elif c == "crawford_game":
            out.append(pl.col(c).drop_nulls().first())  # the first slice's that has one
        else:
            out.append(pl.col(c).sum())
    return out


def _merge(frames: Sequence[pl.DataFrame], keys: Sequence[str]) -> pl.DataFrame:
    """``frames`` (totals) added up by ``keys``, in order of first appearance."""
    whole = pl.concat(frames, how="vertical")
    return whole.group_by(list(keys), maintain_order=True).agg(_adding(whole.columns, keys))


def player_parts(
    matches: pl.DataFrame | pl.LazyFrame,
    games: pl.DataFrame | pl.LazyFrame,
    cubes: pl.DataFrame | pl.LazyFrame,
    plays: pl.DataFrame | pl.LazyFrame,
    streaming: bool = False,
) -> PlayerParts:
    """What these rows of the tables add to each player's totals."""
    m = (
        _sides(matches.lazy(), {})
        .group_by("player")
        .agg(
            pl.len().cast(pl.Int64).alias("matches"), count_true(pl.col("won")).alias("matches_won")
        )
    )
    g = _sides(
        games.lazy(), {"first_bearoff_pips": ("first_bearoff_pips_1", "first_bearoff_pips_2")}
    )
    result, won, lost = pl.col("result"), pl.col("won"), pl.col("lost")
    pips = pl.col("first_bearoff_pips")
    g = g.group_by("player").agg(
        pl.len().cast(pl.Int64).alias("games"),
        count_true(won).alias("games_won"),
        pl.col("points").filter(won).sum().alias("points_won"),
        pl.col("points").filter(lost).sum().alias("points_lost"),
        count_true(won & (result == "gammon")).alias("gammons_won"),
        count_true(won & (result == "backgammon")).alias("backgammons_won"),
        count_true(lost & (result == "gammon")).alias("gammons_lost"),
        count_true(lost & (result == "backgammon")).alias("backgammons_lost"),
        count_true(lost & (pl.col("ending") == "resignation")).alias("resignations"),
        pl.col("cube").max().alias("max_cube"),
        pl.col("cube").sum().alias("_cube_sum"),
        pl.col("cube").count().cast(pl.Int64).alias("_cube_n"),
        pips.sum().alias("_pips_sum"),
        pips.count().cast(pl.Int64).alias("_pips_n"),
    )
    c = cubes.lazy().group_by("player").agg(cube_counts())
    p = (
        plays.lazy()
        .group_by("player")
        .agg(
            pl.len().cast(pl.Int64).alias("plays"),
            pl.col("hits").sum().alias("hits"),
            count_true(pl.col("dance")).alias("dances"),
            count_true(pl.col("entering")).alias("entering"),
            count_true(pl.col("legal_plays") == 1).alias("forced_plays"),
            pl.col("legal_plays").is_not_null().any().alias("_analysed"),
        )
    )
    d = dice_counts(plays.lazy(), ("player",))
    frames = pl.collect_all([m, g, c, p, d], engine=_engine(streaming))
    return PlayerParts(*frames)


def cube_counts() -> list[pl.Expr]:
    """The cube actions counted: doubles, takes, drops, beavers."""
    action = pl.col("action")
    return [
        count_true(action == "double").alias("doubles"),
        count_true(action == "take").alias("takes"),
        count_true(action == "drop").alias("drops"),
        count_true(action == "beaver").alias("beavers"),
    ]


def _engine(streaming: bool) -> Literal["streaming", "auto"]:
    return "streaming" if streaming else "auto"


def merge_players(parts: Sequence[PlayerParts]) -> PlayerParts:
    """The totals of ``parts`` added up (one row a player)."""
    return PlayerParts(*(_merge([getattr(p, name) for p in parts], ("player",)) for name in _PARTS))


def renamed(parts: PlayerParts, mapping: Mapping[str, str]) -> PlayerParts:
    """The totals by the names players are shown under (``mapping``: recorded -> shown)."""
    if all(k == v for k, v in mapping.items()):
        return parts

    def rename(frame: pl.DataFrame) -> pl.DataFrame:
        column = pl.col("player").replace_strict(
            mapping, default=pl.col("player"), return_dtype=pl.String
        )
        return _merge([frame.with_columns(column)], ("player",))

    return PlayerParts(*(rename(getattr(parts, n)) for n in _PARTS))


VIEW_PLAYERS = 20_000
"""The players' rows are made this many players at a time (in the order they are shown):
the joins' and the sort's working memory is a slice's, not that of every player's."""


def player_view(parts: PlayerParts) -> pl.DataFrame:
    """One row per player, sorted by name (case-insensitive): ``by_player``'s rows, made
    :data:`VIEW_PLAYERS` players at a time (the rows of an archive of 100,000 matches by
    150,000 names are 60 MB; their joins and sort needed three times that at once)."""
    players = pl.concat([parts.matches.select("player"), parts.games.select("player")])
    if players.height <= VIEW_PLAYERS:
        return _player_rows(parts)
    shown = players.unique().sort(pl.col("player").str.to_lowercase(), "player")
    rows = []
    for start in range(0, shown.height, VIEW_PLAYERS):
        names = shown.get_column("player").slice(start, VIEW_PLAYERS)
        wanted = pl.col("player").is_in(names.implode())
        rows.append(_player_rows(PlayerParts(*(getattr(parts, n).filter(wanted) for n in _PARTS))))
    return pl.concat(rows)


def _player_rows(parts: PlayerParts) -> pl.DataFrame:
    """The rows of the players of ``parts``, sorted (one query: the joined columns are not
    copied a step at a time)."""
    games = (
        parts.games.lazy()
        .with_columns(
            (pl.col("_cube_sum") / pl.col("_cube_n")).alias("avg_cube"),
            pl.when(pl.col("_pips_n") > 0)
            .then(pl.col("_pips_sum") / pl.col("_pips_n"))
            .otherwise(None)
            .alias("avg_first_bearoff_pips"),
        )
        .drop("_cube_sum", "_cube_n", "_pips_sum", "_pips_n")
    )
    out = (
        parts.matches.lazy()
        .join(games, on="player", how="full", coalesce=True)
        .join(parts.cubes.lazy(), on="player", how="left", maintain_order="left")
        .join(parts.plays.lazy(), on="player", how="left", maintain_order="left")
        .join(dice_stats(parts.dice.lazy()), on="player", how="left", maintain_order="left")
    )
    zero = [
        "matches", "matches_won", "games", "games_won", "points_won", "points_lost",
        "gammons_won", "backgammons_won", "gammons_lost", "backgammons_lost", "resignations",
        "doubles", "takes", "drops", "beavers", "plays", "hits", "dances", "entering", "rolls",
        "doubles_rolled", *LABELS,
    ]  # fmt: skip
    out = out.with_columns(pl.col(c).fill_null(0) for c in zero)
    out = out.with_columns(
        pl.when(pl.col("_analysed").fill_null(False))
        .then(pl.col("forced_plays"))
        .otherwise(None)
        .alias("forced_plays")
    )
    columns = [
        *PLAYER_COLUMNS, "rolls", "doubles_rolled", "doubles_rate", "dice_chi2", "dice_p_value",
        *LABELS,
    ]  # fmt: skip
    return (
        out.select(columns)
        .with_columns(
            pl.col("avg_cube").round(3),
            pl.col("avg_first_bearoff_pips").round(1),
            pl.col("doubles_rate").round(4),
            pl.col("dice_chi2").round(3),
            pl.col("dice_p_value").round(6),
        )
        .sort(pl.col("player").str.to_lowercase(), "player")
        .collect()
    )


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


def dice_stats(counts: FrameT) -> FrameT:
    """Per player, from the 21 counts: rolls, doubles, doubles rate, chi-square and its
    p-value, and the counts.

    Computed in polars (one row per player, no Python loop): the statistic as in
    :func:`~gamao_cli.analysis.dice.chi_square` and the p-value in the closed form of the
    chi-square tail for an even number of degrees of freedom (20), which equals
    :func:`~gamao_cli.analysis.dice.chi2_sf` there."""
    rolls = pl.sum_horizontal(LABELS)
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
        "player", "rolls", "doubles_rolled", "doubles_rate", "dice_chi2", "dice_p_value", *LABELS
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


# -- per match ---------------------------------------------------------------------------------

MATCH_COUNTS = (
    "points_1", "points_2", "gammons", "backgammons", "resignations", "drops", "doubles",
    "plays", "errors", "warnings", "info",
)  # fmt: skip


def match_parts(
    games: pl.DataFrame | pl.LazyFrame,
    cubes: pl.DataFrame | pl.LazyFrame,
    findings: pl.DataFrame | pl.LazyFrame,
    streaming: bool = False,
) -> pl.DataFrame:
    """What these rows of the tables add to each match's totals (one row a match)."""
    result = pl.col("result")
    per_game = (
        games.lazy()
        .group_by(KEYS)
        .agg(
            pl.col("points").filter(pl.col("winner_side") == 0).sum().alias("points_1"),
            pl.col("points").filter(pl.col("winner_side") == 1).sum().alias("points_2"),
            count_true(result == "gammon").alias("gammons"),
            count_true(result == "backgammon").alias("backgammons"),
            count_true(pl.col("ending") == "resignation").alias("resignations"),
            count_true(pl.col("ending") == "drop").alias("drops"),
            pl.col("cube").max().alias("max_cube"),
            pl.col("game").filter(pl.col("crawford")).first().alias("crawford_game"),
            pl.col("plays").sum().alias("plays"),
        )
    )
    doubles = (
        cubes.lazy().group_by(KEYS).agg(count_true(pl.col("action") == "double").alias("doubles"))
    )
    sev = pl.col("severity")
    found = (
        findings.lazy()
        .group_by(KEYS)
        .agg(
            count_true(sev == Severity.ERROR.value).alias("errors"),
            count_true(sev == Severity.WARNING.value).alias("warnings"),
            count_true(sev == Severity.INFO.value).alias("info"),
        )
    )
    frames = pl.collect_all([per_game, doubles, found], engine=_engine(streaming))
    return _merge([pl.concat(frames, how="diagonal_relaxed")], KEYS)


def merge_matches(parts: Sequence[pl.DataFrame]) -> pl.DataFrame:
    """The totals of ``parts`` added up (one row a match, in order of first appearance)."""
    frames = [p for p in parts if p.height]
    if not frames:
        return match_parts(pl.DataFrame(schema=_GAME_KEYS), pl.DataFrame(schema=_CUBE_KEYS),
                           pl.DataFrame(schema=_FINDING_KEYS))  # fmt: skip
    return _merge([pl.concat(frames, how="diagonal_relaxed")], KEYS)


_GAME_KEYS = {
    "file": pl.String, "match": pl.Int64, "game": pl.Int64, "points": pl.Int64,
    "winner_side": pl.Int64, "result": pl.String, "ending": pl.String, "cube": pl.Int64,
    "crawford": pl.Boolean, "plays": pl.Int64,
}  # fmt: skip
_CUBE_KEYS = {"file": pl.String, "match": pl.Int64, "action": pl.String}
_FINDING_KEYS = {"file": pl.String, "match": pl.Int64, "severity": pl.String}


def match_view(matches: pl.DataFrame, totals: pl.DataFrame) -> pl.DataFrame:
    """One row per match of ``matches`` (names as shown), in order: ``by_match``'s rows."""
    out = matches.join(totals, on=KEYS, how="left", maintain_order="left")
    return out.with_columns(pl.col(c).fill_null(0) for c in MATCH_COUNTS).select(
        "file", "match", "player_1", "player_2", "length", "variant", "games", "winner",
        "score_1", "score_2", "points_1", "points_2", "gammons", "backgammons", "resignations",
        "drops", "doubles", "max_cube", "crawford_game", "plays", "games_verified", "errors",
        "warnings", "info", *fingerprinted(out),
    )  # fmt: skip


def fingerprinted(frame: pl.DataFrame) -> list[str]:
    """``["fingerprint"]`` where the tables were built with fingerprints (stats
    --fingerprints), else nothing: the views show the column only when it was asked for."""
    column = frame.get_column("fingerprint")
    return ["fingerprint"] if column.null_count() < column.len() else []
