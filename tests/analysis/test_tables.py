"""The tables and their summaries on hand-counted matches (see small_matches.py)."""

from __future__ import annotations

import polars as pl
import pytest

from gamao_cli.analysis.tables import (
    TABLE_NAMES,
    Tables,
    build_tables,
    by_game,
    by_match,
    by_player,
    concat_tables,
    raw_tables,
)
from tests.analysis.small_matches import replays


@pytest.fixture(scope="module")
def tables() -> Tables:
    return build_tables(replays(), {"bob": "Bob"})


def test_table_shapes(tables: Tables) -> None:
    assert [name for name, _ in tables.items()] == list(TABLE_NAMES)
    assert tables.matches.height == 2
    assert tables.games.height == 4
    assert tables.plays.height == 11
    assert tables.cube_actions.height == 4
    assert tables.findings.get_column("code").to_list() == ["X402", "X402", "X402"]


def test_names_are_merged_and_recorded_spellings_kept(tables: Tables) -> None:
    m = tables.matches
    assert m.select("player_1", "player_2").rows() == [("Alice", "Bob"), ("Alice", "Bob")]
    assert m.select("recorded_1", "recorded_2").rows() == [("Alice", "Bob"), ("alice ", "BOB,1650")]
    assert set(tables.plays.get_column("player").unique()) == {"Alice", "Bob"}


def test_without_alias_the_first_spelling_in_sorted_order_wins() -> None:
    t = build_tables(replays())
    assert t.matches.select("player_1", "player_2").row(1) == ("Alice", "BOB")


def test_plays_of_game_one(tables: Tables) -> None:
    g1 = tables.plays.filter((pl.col("file") == "a.mat") & (pl.col("game") == 1))
    assert g1.select(
        "ply", "side", "roll", "pips_after_1", "pips_after_2", "hits", "dance", "entering"
    ).rows() == [
        (1, 0, "21", 164, 167, 0, False, False),
        (2, 1, "41", 184, 162, 1, False, False),
        (3, 0, "66", 184, 162, 0, True, True),
        (4, 1, "53", 184, 154, 0, False, False),
        (5, 0, "31", 180, 159, 1, False, True),
    ]
    assert g1.get_column("pips_before_1").to_list() == [167, 164, 184, 184, 184]
    assert g1.get_column("opening").to_list() == [True, False, False, False, False]
    assert g1.get_column("legal_plays").to_list()[2] == 0
    assert g1.select("line", "column", "recorded").row(4) == (12, 1, "31: bar/22 6/5")


def test_cube_actions(tables: Tables) -> None:
    assert tables.cube_actions.select("game", "player", "action", "value", "line").rows() == [
        (1, "Bob", "double", 2, 12),
        (1, "Alice", "drop", 1, 13),
        (2, "Alice", "double", 2, 21),
        (2, "Bob", "take", 2, 21),
    ]


def test_by_game(tables: Tables) -> None:
    df = by_game(tables)
    assert df.columns[:15] == [
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
    ]
    assert df.select(
        "file",
        "game",
        "score_1",
        "score_2",
        "winner",
        "points",
        "result",
        "ending",
        "cube",
        "crawford",
        "doubles",
        "takes",
        "drops",
        "hits",
        "dances",
    ).rows() == [
        ("a.mat", 1, 0, 0, "Bob", 1, "single", "drop", 1, False, 1, 0, 1, 2, 1),
        ("a.mat", 2, 0, 1, "Alice", 2, "single", "resignation", 2, False, 1, 1, 0, 0, 0),
        ("a.mat", 3, 2, 1, "Bob", 2, "gammon", "resignation", 1, True, 0, 0, 0, 0, 0),
        ("b.mat", 1, 0, 0, "Alice", 1, "single", "resignation", 1, False, 0, 0, 0, 0, 0),
    ]


def test_by_match(tables: Tables) -> None:
    df = by_match(tables)
    assert df.select(
        "file",
        "winner",
        "score_1",
        "score_2",
        "points_1",
        "points_2",
        "gammons",
        "resignations",
        "drops",
        "doubles",
        "max_cube",
        "crawford_game",
        "plays",
        "info",
    ).rows() == [
        ("a.mat", "Bob", 2, 3, 2, 3, 1, 2, 1, 2, 2, 3, 10, 2),
        ("b.mat", "Alice", 1, 0, 1, 0, 0, 1, 0, 0, 1, None, 1, 1),
    ]


def test_by_player(tables: Tables) -> None:
    df = by_player(tables)
    rows = {r["player"]: r for r in df.iter_rows(named=True)}
    assert list(rows) == ["Alice", "Bob"]
    expected = {
        "Alice": dict(
            matches=2,
            matches_won=1,
            games=4,
            games_won=2,
            points_won=3,
            points_lost=3,
            gammons_won=0,
            backgammons_won=0,
            gammons_lost=1,
            backgammons_lost=0,
            resignations=1,
            doubles=1,
            takes=0,
            drops=1,
            beavers=0,
            max_cube=2,
            avg_cube=1.25,
            plays=7,
            hits=1,
            dances=1,
            entering=2,
            forced_plays=0,
            avg_first_bearoff_pips=None,
            rolls=4,
            doubles_rolled=1,
            doubles_rate=0.25,
            dice_chi2=18.5,
            dice_p_value=None,
            r66=1,
            r31=1,
            r42=1,
            r64=1,
            r21=0,
            r65=0,
        ),
        "Bob": dict(
            matches=2,
            matches_won=1,
            games=4,
            games_won=2,
            points_won=3,
            points_lost=3,
            gammons_won=1,
            backgammons_won=0,
            gammons_lost=0,
            backgammons_lost=0,
            resignations=2,
            doubles=1,
            takes=1,
            drops=0,
            beavers=0,
            max_cube=2,
            avg_cube=1.25,
            plays=4,
            hits=1,
            dances=0,
            entering=0,
            forced_plays=0,
            avg_first_bearoff_pips=None,
            rolls=3,
            doubles_rolled=0,
            doubles_rate=0.0,
            dice_chi2=15.0,
            dice_p_value=None,
            r41=1,
            r53=1,
            r31=1,
            r52=0,
        ),
    }
    for player, values in expected.items():
        got = {k: rows[player][k] for k in values}
        assert got == values, player


def test_forced_plays_are_unknown_without_play_analysis() -> None:
    df = by_player(build_tables(replays(analyse_plays=False)))
    assert df.get_column("forced_plays").to_list() == [None, None]


def test_first_bearoff_pips_are_averaged_per_player() -> None:
    base = build_tables(replays())
    games = base.games.with_columns(
        pl.Series("first_bearoff_pips_1", [10, None, 7, None], dtype=pl.Int64)
    )
    t = Tables(base.matches, games, base.plays, base.cube_actions, base.findings)
    assert by_player(t).get_column("avg_first_bearoff_pips").to_list() == [8.5, None]


def test_concat_keeps_order_and_empty_tables_have_the_schema() -> None:
    a, b = replays()
    joined = concat_tables([raw_tables([a]), raw_tables([b])])
    assert joined.matches.get_column("file").to_list() == ["a.mat", "b.mat"]
    empty = raw_tables([])
    assert empty.plays.height == 0
    assert empty.plays.schema == joined.plays.schema
    assert by_player(build_tables([])).height == 0
    assert by_game(build_tables([])).height == 0
