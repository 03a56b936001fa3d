"""``gamao stats --by pair`` (head to head) and ``--by event`` (standings), counted by hand."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamao_cli.analysis.club_views import by_event, by_pair
from gamao_cli.analysis.tables import build_tables
from gamao_cli.cli.app import app
from tests.analysis.small_matches import replays
from tests.helpers import gnubg_match, write_text

runner = CliRunner()


def test_pair_of_the_small_matches() -> None:
    # small_matches: match A (3 points): Bob +1 (drop), Alice +2 (resigned single at cube 2),
    # Bob +2 (resigned gammon), Bob wins; match B (1 point, "alice " vs "BOB,1650"): Alice +1.
    tables = build_tables(replays(), {"bob": "Bob"})
    rows = by_pair(tables.matches, tables.games).rows(named=True)
    assert rows == [
        {
            "player_a": "Alice", "player_b": "Bob", "matches": 2, "matches_won_a": 1,
            "matches_won_b": 1, "games": 4, "games_won_a": 2, "games_won_b": 2, "points_a": 3,
            "points_b": 3, "gammons_a": 0, "gammons_b": 1, "backgammons_a": 0, "backgammons_b": 0,
        }
    ]  # fmt: skip


def _club(folder: Path) -> list[str]:
    # Club Night: M1 Ana beats Bia, 1 point (m01_s1: the left player wins 1 point); M2 Cid
    # beats Ana, 1 point (m01_s2: the right player wins); M3 Bia beats Cid, 1 point (m01_s4:
    # left); M4 Ana beats Cid, 3 points (m03_s4: the right player wins game 1, the left
    # games 2-4, a point each). Open: M5 Dora beats Ana (m01_s2). M6 has no event.
    night = "Club Night"
    files = [
        ("m1.mat", "m01_s1.mat", "Ana", "Bia", {"Event": night, "Round": "1"}),
        ("m2.mat", "m01_s2.mat", "Ana", "Cid", {"Event": night, "Round": "1"}),
        ("m3.mat", "m01_s4.mat", "Bia", "Cid", {"Event": night, "Round": "2"}),
        ("m4.mat", "m03_s4.mat", "Ana", "Cid", {"Event": night, "Round": "Final"}),
        ("m5.mat", "m01_s2.mat", "Ana", "Dora", {"Event": "Open"}),
        ("m6.mat", "m01_s1.mat", "Bia", "Dora", None),
    ]
    return [write_text(folder, name, gnubg_match(t, a, b, tags)) for name, t, a, b, tags in files]


def _csv(*args: str) -> list[dict[str, str]]:
    result = runner.invoke(app, ["stats", "-j", "1", "-f", "csv", *args])
    assert result.exit_code == 0, result.output
    return list(csv.DictReader(io.StringIO(result.stdout)))


def test_event_standings(tmp_path: Path) -> None:
    # Ana: M1 won (1-0), M2 lost (0-1), M4 won (3-1): 3 matches, 2 won, points 4-2.
    # Cid: M2 won (1-0), M3 lost (0-1), M4 lost (1-3): 3 matches, 1 won, points 2-4.
    # Bia: M1 lost (0-1), M3 won (1-0): 2 matches, 1 won, points 1-1: after Cid (fewer points).
    rows = _csv(*_club(tmp_path), "--by", "event")
    got = [tuple(r.values()) for r in rows]
    assert got == [
        ("Club Night", "1", "Ana", "3", "2", "1", "4", "2", "1; Final"),
        ("Club Night", "2", "Cid", "3", "1", "2", "2", "4", "1; 2; Final"),
        ("Club Night", "3", "Bia", "2", "1", "1", "1", "1", "1; 2"),
        ("Open", "1", "Dora", "1", "1", "0", "1", "0", ""),
        ("Open", "2", "Ana", "1", "0", "1", "0", "1", ""),
    ]


def test_pairs_whichever_column_each_player_was_in(tmp_path: Path) -> None:
    rows = _csv(*_club(tmp_path), "--by", "pair")
    got = [(r["player_a"], r["player_b"], r["matches"], r["matches_won_a"], r["matches_won_b"],
            r["games"], r["points_a"], r["points_b"]) for r in rows]  # fmt: skip
    assert got == [
        ("Ana", "Bia", "1", "1", "0", "1", "1", "0"),
        ("Ana", "Cid", "2", "1", "1", "5", "3", "2"),
        ("Ana", "Dora", "1", "0", "1", "1", "0", "1"),
        ("Bia", "Cid", "1", "1", "0", "1", "1", "0"),
        ("Bia", "Dora", "1", "1", "0", "1", "1", "0"),
    ]


def test_no_event_no_row_and_skill_refused_for_events(tmp_path: Path) -> None:
    tables = build_tables(replays())
    assert by_event(tables.matches, tables.games).height == 0
    inputs = _club(tmp_path)
    result = runner.invoke(app, ["stats", "-j", "1", inputs[0], "--by", "event", "--skill"])
    assert result.exit_code == 2
    assert "--skill adds nothing to --by event" in result.output


@pytest.mark.parametrize("view", ["pair", "event"])
def test_table_format_titles(tmp_path: Path, view: str) -> None:
    result = runner.invoke(app, ["stats", "-j", "1", *_club(tmp_path), "--by", view])
    assert result.exit_code == 0, result.output
    title = {"pair": "head to head", "event": "standings"}[view]
    assert result.stdout.splitlines()[0] == title


def test_pair_skill_of_one_analysed_match_is_each_players_own() -> None:
    # One match, analysed by gnubg at 2-ply (recorded analysis): the pair's PR, errors,
    # blunders and luck for each side are that player's over the whole archive (--by player).
    path = "tests/fixtures/skill/m03_s1-2ply.sgf"
    pair = _csv(path, "--by", "pair", "--skill")
    players = {r["player"]: r for r in _csv(path, "--by", "player", "--skill")}
    assert len(pair) == 1
    row = pair[0]
    for side in ("a", "b"):
        mine = players[row[f"player_{side}"]]
        assert row[f"pr_{side}"] == mine["pr"] != ""
        assert row[f"errors_{side}"] == mine["skill_errors"]
        assert row[f"blunders_{side}"] == mine["skill_blunders"]
        assert row[f"luck_{side}"] == mine["luck"]
