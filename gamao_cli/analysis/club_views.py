"""Club and tournament views of the tables: head-to-head per pair of players
(``stats --by pair``) and standings per event (``stats --by event``).

Names are the tables' (merged, :mod:`names`). A pair is unordered: ``player_a`` is the name
that sorts first (case-insensitively, then as written), so the two players' matches against
each other are one row whichever column of the record each was in; a match of a player
against himself (one name on both sides) is in no pair. Events are the matches' ``event``
column (the header tags, :mod:`match_tags`); matches without one are left out of the
standings.
"""

from __future__ import annotations

import polars as pl

from gamao_cli.analysis.view_parts import count_true

PAIR_COLUMNS = (
    "player_a", "player_b", "matches", "matches_won_a", "matches_won_b", "games",
    "games_won_a", "games_won_b", "points_a", "points_b", "gammons_a", "gammons_b",
    "backgammons_a", "backgammons_b",
)  # fmt: skip
EVENT_COLUMNS = (
    "event", "rank", "player", "matches", "matches_won", "matches_lost", "points_won",
    "points_lost", "rounds",
)  # fmt: skip


def _order_key(name: pl.Expr) -> pl.Expr:
    return name.str.to_lowercase()


def _paired(frame: pl.LazyFrame) -> pl.LazyFrame:
    """``frame`` (matches or games) with ``player_a``/``player_b`` and ``winner_ab`` (0: A
    won, 1: B won, null: neither), rows of one name on both sides left out."""
    one, two = pl.col("player_1"), pl.col("player_2")
    first_is_a = (
        pl.when(_order_key(one) != _order_key(two))
        .then(_order_key(one) < _order_key(two))
        .otherwise(one <= two)
    )
    return frame.filter(one != two).with_columns(
        pl.when(first_is_a).then(one).otherwise(two).alias("player_a"),
        pl.when(first_is_a).then(two).otherwise(one).alias("player_b"),
        pl.when(first_is_a)
        .then(pl.col("winner_side"))
        .otherwise(1 - pl.col("winner_side"))
        .alias("winner_ab"),
    )


def by_pair(
    matches: pl.DataFrame | pl.LazyFrame, games: pl.DataFrame | pl.LazyFrame
) -> pl.DataFrame:
    """One row per pair of players who met: matches and games played and won each way, the
    points of the games won each way (money sessions: units), gammons and backgammons won
    each way; sorted by ``player_a`` then ``player_b`` (case-insensitively)."""
    keys = ["player_a", "player_b"]
    a_won, b_won = pl.col("winner_ab") == 0, pl.col("winner_ab") == 1
    m = (
        _paired(matches.lazy())
        .group_by(keys)
        .agg(
            pl.len().cast(pl.Int64).alias("matches"),
            count_true(a_won).alias("matches_won_a"),
            count_true(b_won).alias("matches_won_b"),
        )
    )
    result = pl.col("result")
    g = (
        _paired(games.lazy())
        .group_by(keys)
        .agg(
            pl.len().cast(pl.Int64).alias("games"),
            count_true(a_won).alias("games_won_a"),
            count_true(b_won).alias("games_won_b"),
            pl.col("points").filter(a_won).sum().alias("points_a"),
            pl.col("points").filter(b_won).sum().alias("points_b"),
            count_true(a_won & (result == "gammon")).alias("gammons_a"),
            count_true(b_won & (result == "gammon")).alias("gammons_b"),
            count_true(a_won & (result == "backgammon")).alias("backgammons_a"),
            count_true(b_won & (result == "backgammon")).alias("backgammons_b"),
        )
    )
    counts = [c for c in PAIR_COLUMNS if c not in keys]
    out = (
        m.join(g, on=keys, how="left")
        .with_columns(pl.col(c).fill_null(0).cast(pl.Int64) for c in counts)
        .sort(
            _order_key(pl.col("player_a")), "player_a", _order_key(pl.col("player_b")), "player_b"
        )
        .select(PAIR_COLUMNS)
    )
    return out.collect()


def by_event(
    matches: pl.DataFrame | pl.LazyFrame, games: pl.DataFrame | pl.LazyFrame
) -> pl.DataFrame:
    """Standings per event: each player of each event's matches, ranked by matches won, then
    points won (in the event's games), then fewer points lost, then name (ties share no
    rank: the order is the rank); ``rounds``: the distinct rounds he played, as recorded,
    joined by ``; ``. Events in order of first appearance in the input."""
    m = matches.lazy().filter(pl.col("event").is_not_null())
    sides = []
    for side in (0, 1):
        sides.append(
            m.select(
                "file",
                "match",
                "event",
                "round",
                pl.col(f"player_{side + 1}").alias("player"),
                (pl.col("winner_side") == side).fill_null(False).alias("won"),
                (pl.col("winner_side") == 1 - side).fill_null(False).alias("lost"),
                pl.lit(side, dtype=pl.Int64).alias("side"),
            )
        )
    per_side = pl.concat(sides, how="vertical")
    g = games.lazy().select("file", "match", "winner_side", "points")
    points = (
        per_side.join(g, on=["file", "match"], how="left")
        .group_by("file", "match", "side")
        .agg(
            pl.col("points").filter(pl.col("winner_side") == pl.col("side")).sum().alias("pw"),
            pl.col("points").filter(pl.col("winner_side") == 1 - pl.col("side")).sum().alias("pl"),
        )
    )
    rows = per_side.join(points, on=["file", "match", "side"], how="left")
    first = m.select("event").with_row_index("_first").group_by("event").agg(pl.col("_first").min())
    standings = (
        rows.group_by("event", "player")
        .agg(
            pl.len().cast(pl.Int64).alias("matches"),
            count_true(pl.col("won")).alias("matches_won"),
            count_true(pl.col("lost")).alias("matches_lost"),
            pl.col("pw").fill_null(0).sum().cast(pl.Int64).alias("points_won"),
            pl.col("pl").fill_null(0).sum().cast(pl.Int64).alias("points_lost"),
            pl.col("round").drop_nulls().unique().sort().str.join("; ").alias("rounds"),
        )
        .join(first, on="event", how="left")
        .sort(
            ["_first", "matches_won", "points_won", "points_lost", "player"],
            descending=[False, True, True, False, False],
        )
        .with_columns(pl.int_range(1, pl.len() + 1).over("event").cast(pl.Int64).alias("rank"))
        .select(EVENT_COLUMNS)
    )
    return standings.collect()


def pair_sides(
    matches: pl.DataFrame | pl.LazyFrame,
) -> dict[tuple[str, int], tuple[str, str, bool]]:
    """(file, 1-based match) -> (player_a, player_b, whether side 0 is A) of every match in
    a pair (:func:`by_pair`'s pairing)."""
    paired = _paired(matches.lazy()).select(
        "file", "match", "player_a", "player_b", (pl.col("player_1") == pl.col("player_a"))
    )
    return {(f, n): (a, b, zero) for f, n, a, b, zero in paired.collect().iter_rows()}
