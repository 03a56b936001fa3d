"""``gamao stats``: views, formats, tables, aliases, rule options, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
from typer.testing import CliRunner

from gamao_cli.cli.app import app

runner = CliRunner()
M03 = "tests/fixtures/gnubg/m03_s1.mat"
M05 = "tests/fixtures/gnubg/m05_s6.sgf"


def test_by_game_csv_has_the_promised_columns_and_values() -> None:
    result = runner.invoke(app, ["stats", M03, "--by", "game", "--format", "csv", "-j", "1"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    header = lines[0].split(",")
    assert header[:13] == [
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
    ]
    assert [line.split(",")[:13] for line in lines[1:]] == [
        [
            M03,
            "1",
            "1",
            "X_player",
            "O_player",
            "0",
            "0",
            "X_player",
            "1",
            "single",
            "drop",
            "1",
            "false",
        ],
        [
            M03,
            "1",
            "2",
            "X_player",
            "O_player",
            "1",
            "0",
            "O_player",
            "1",
            "single",
            "drop",
            "1",
            "false",
        ],
        [
            M03,
            "1",
            "3",
            "X_player",
            "O_player",
            "1",
            "1",
            "X_player",
            "1",
            "single",
            "resignation",
            "1",
            "false",
        ],
        [
            M03,
            "1",
            "4",
            "X_player",
            "O_player",
            "2",
            "1",
            "O_player",
            "1",
            "single",
            "resignation",
            "1",
            "true",
        ],
        [
            M03,
            "1",
            "5",
            "X_player",
            "O_player",
            "2",
            "2",
            "O_player",
            "1",
            "single",
            "bear-off",
            "1",
            "false",
        ],
    ]
    assert result.stderr.strip() == "1 file, 1 match, 5 games, 203 plays; 0 errors, 0 warnings"


def test_by_player_json_with_alias() -> None:
    result = runner.invoke(
        app,
        ["stats", M03, M05, "-f", "json", "--alias", "x_player=Xavier", "--alias", "bo=Bob"],
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert [r["player"] for r in rows] == ["Anna Maria", "Bob", "O_player", "Xavier"]
    xavier = rows[3]
    assert (xavier["matches"], xavier["matches_won"], xavier["games"], xavier["games_won"]) == (
        1,
        0,
        5,
        2,
    )
    assert (xavier["points_won"], xavier["points_lost"], xavier["doubles"], xavier["drops"]) == (
        2,
        3,
        1,
        1,
    )
    assert (
        xavier["rolls"] == 98
        and len([k for k in xavier if k.startswith("r") and k[1:].isdigit()]) == 21
    )


def test_by_match_table_is_the_default_terminal_layout() -> None:
    result = runner.invoke(app, ["stats", M03, "--by", "match"])
    assert result.exit_code == 0
    assert result.stdout.startswith("matches\n")
    assert "O_player" in result.stdout and "details" in result.stdout
    assert all(line == line.rstrip() for line in result.stdout.splitlines())


def test_player_table_groups() -> None:
    result = runner.invoke(app, ["stats", M03])
    titles = [line for line in result.stdout.splitlines() if line and line[0].isalpha()]
    assert titles == ["results", "cube", "checker play", "dice", "rolls (opening rolls left out)"]


def test_parquet_output_and_tables_dir(tmp_path: Path) -> None:
    out = tmp_path / "games.parquet"
    result = runner.invoke(app, ["stats", M03, "--by", "game", "-f", "parquet", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert pl.read_parquet(out).get_column("points").to_list() == [1, 1, 1, 1, 1]
    tables = tmp_path / "tables"
    result = runner.invoke(app, ["stats", M03, M05, "--tables", str(tables)])
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert sorted(p.name for p in tables.iterdir()) == [
        "_done", "cube_actions", "findings", "games", "manifest.json", "matches", "plays",
    ]  # fmt: skip
    plays = pl.read_parquet(tables / "plays" / "*.parquet")
    assert plays.height == 203 + 202
    assert pl.read_parquet(tables / "games" / "*.parquet").height == 9
    again = runner.invoke(app, ["stats", M03, M05, "--tables", str(tables)])
    assert again.exit_code == 2 and "holds a dataset already" in again.stderr
    resumed = runner.invoke(
        app, ["stats", M03, M05, "--tables", str(tables), "--resume", "-f", "csv", "--by", "player"]
    )
    assert resumed.exit_code == 0
    plain = runner.invoke(app, ["stats", M03, M05, "-f", "csv"])
    assert resumed.stdout == plain.stdout
    assert "(1 already complete)" in resumed.stderr
    lonely = runner.invoke(app, ["stats", M03, "--resume"])
    assert lonely.exit_code == 2


def test_rule_options_change_the_computed_result() -> None:
    # With the Crawford rule off, game 4 of m03_s1 is not the Crawford game.
    on = runner.invoke(app, ["stats", M03, "--by", "game", "-f", "json"])
    off = runner.invoke(app, ["stats", M03, "--by", "game", "-f", "json", "--no-crawford"])
    assert [g["crawford"] for g in json.loads(on.stdout)] == [False, False, False, True, False]
    assert [g["crawford"] for g in json.loads(off.stdout)] == [False] * 5


def test_same_output_whatever_the_jobs() -> None:
    args = ["stats", "tests/fixtures/gnubg", "--ext", "mat", "--by", "game", "-f", "csv"]
    one = runner.invoke(app, [*args, "-j", "1"])
    two = runner.invoke(app, [*args, "-j", "2"])
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout
    assert len(one.stdout.splitlines()) == 1 + 507  # 487 games, and 20 of hypergammon


def test_bad_usage_and_unreadable_input_exit_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["stats", M03, "--alias", "nobody"])
    assert result.exit_code == 2
    assert "NAME=CANONICAL" in result.stderr
    empty = tmp_path / "empty.mat"
    empty.write_text("", encoding="utf-8")
    result = runner.invoke(app, ["stats", str(empty)])
    assert result.exit_code == 2
    assert "P005" in result.stderr and "no match could be read" in result.stderr
    assert runner.invoke(app, ["stats", str(tmp_path / "none")]).exit_code == 2


def test_findings_do_not_change_the_exit_code() -> None:
    result = runner.invoke(app, ["stats", "examples/illegal_plays.mat", "-f", "csv"])
    assert result.exit_code == 0
    assert "5 errors, 2 warnings" in result.stderr


def test_fingerprints_in_the_tables_and_views_are_dedupes() -> None:
    from gamao_cli.analysis.fingerprint import fingerprint_match
    from gamao_cli.formats.inputs import read_path

    args = ["stats", "examples", "--format", "json", "-j", "1"]
    plain = json.loads(runner.invoke(app, [*args, "--by", "match"]).stdout)
    assert all("fingerprint" not in row for row in plain)  # only when asked for
    matches = json.loads(runner.invoke(app, [*args, "--by", "match", "--fingerprints"]).stdout)
    groups = json.loads(runner.invoke(app, ["dedupe", "examples", "-f", "json"]).stdout)
    by_file = {f: g["fingerprint"] for g in groups for f in g["files"]}
    assert [(r["file"], r["fingerprint"]) for r in matches] == list(by_file.items())
    assert by_file["examples/gnubg_7pt.mat"] == "gm1a-ac0042ce4564e4e1fd68d6ebcd56a703"
    games = json.loads(runner.invoke(app, [*args, "--by", "game", "--fingerprints"]).stdout)
    [match] = list(read_path(Path("examples/gnubg_7pt.mat")))
    expected = [g.fingerprint for g in fingerprint_match(match).games]
    got = [r["fingerprint"] for r in games if r["file"] == "examples/gnubg_7pt.mat"]
    assert got == expected and len(set(got)) == 11
