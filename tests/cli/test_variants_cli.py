"""--variant, --house-rule and --option on the commands; ``gamao moves start``; the gamao
position string; variant tags through convert."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from gamao_cli.cli.app import app
from tests.cli.conftest import golden

runner = CliRunner()

HYPER_MAT = (
    '; [Variation "HyperGammon (3)"]\n\n 0 point match\n\n Game 1\n'
    " alice : 0                      bob : 0\n"
    "  1) 31: 24/21 22/21               64: 24/18 23/19\n"
    "  2) 55: 23/13 21/11              Wins 1 point\n"
)


def test_moves_start_of_each_variant_json_keeps_its_shape() -> None:
    counts = {}
    for variant, dice in [
        ("standard", "31"),
        ("nackgammon", "31"),
        ("hypergammon", "21"),
        ("hypergammon1", "66"),
        ("tavla", "33"),
        ("longnardy", "33"),
        ("aceydeucey", "66"),
    ]:
        result = runner.invoke(
            app, ["moves", "start", "--variant", variant, "--dice", dice, "-f", "json"]
        )
        assert result.exit_code == 0, result.output
        doc = json.loads(result.stdout)
        assert doc["count"] == len(doc["plays"])
        counts[variant] = doc["count"]
    assert counts == {
        "standard": 16,
        "nackgammon": 22,
        "hypergammon": 6,
        "hypergammon1": 1,
        "tavla": 73,  # as standard's 33: T4 changes nothing without a hit
        "longnardy": 2,
        "aceydeucey": 5,
    }


def test_moves_long_nardy_text_board_is_drawn_the_right_way_round() -> None:
    result = runner.invoke(app, ["moves", "GAMAO=longnardy/1/24x14,4/24x15", "--dice", "22"])
    assert result.exit_code == 0, result.output
    golden("moves_longnardy_22.txt", result.stdout)
    assert result.stdout.rstrip().endswith("1 legal play (forced)")
    needed = runner.invoke(
        app,
        ["moves", "GAMAO=longnardy/1/24x14,4/24x15", "-d", "22", "--option", "head=needed"],
    )
    assert needed.stdout.rstrip().endswith("2 legal plays")


def test_moves_acey_deucey_json_uses_the_gamao_position_string() -> None:
    result = runner.invoke(
        app, ["moves", "start", "--variant", "aceydeucey", "-d", "63", "-f", "json"]
    )
    doc = json.loads(result.stdout)
    assert doc == {
        "gamao_id": "GAMAO=aceydeucey/0/inx15/inx15",
        "dice": [6, 3],
        "count": 2,
        "forced": False,
        "plays": [
            {"play": "in/22 in/19", "gamao_id": "GAMAO=aceydeucey/0/inx13,22,19/inx15"},
            {"play": "in/16", "gamao_id": "GAMAO=aceydeucey/0/inx14,16/inx15"},
        ],
        "variant": "aceydeucey",
    }


def test_standard_ids_are_refused_for_long_nardy_and_bad_settings_exit_2() -> None:
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
    refused = runner.invoke(app, ["moves", xgid, "--variant", "longnardy", "-d", "31"])
    assert refused.exit_code == 2
    assert "cannot carry a longnardy position" in refused.output
    for args, message in [
        (["--variant", "tabula"], "dice '31': expected three digits 1-6, like 642 or 6-4-2"),
        (["--variant", "chess"], "--variant 'chess': expected standard|nackgammon"),
        (["--option", "head=any"], "option head: 'any' is not one of fixed, needed"),
        (["--option", "head"], "--option takes key=value"),
        (["--house-rule", "six"], "unknown house rule 'six'"),
        (["--variant", "tavla", "--option", "head=needed"], "applies to longnardy, not tavla"),
        (
            ["--variant", "tavla", "--option", "koks=3"],
            "error: option 'koks' applies to longnardy, not tavla (valid for tavla: cube, "
            "home-hit, opening)",
        ),
        (
            ["--variant", "aceydeucey", "--option", "scorin=standard"],
            "error: unknown option 'scorin' (valid for aceydeucey: bearoff, cube, doubles, "
            "opening, reroll, scoring)",
        ),
        (
            ["--option", "scorin=standard"],
            "error: unknown option 'scorin' (known: bearoff, block, cube, doubles, head, "
            "home-hit, koks, opening, reroll, scoring)",
        ),
        (
            ["--variant", "standard", "--option", "cube=on"],
            "error: option 'cube' applies to tavla, longnardy, aceydeucey, not standard (valid "
            "for standard: none)",
        ),
        (
            ["--variant", "aceydeucey", "--option", "bearoff=sideways"],
            "error: option bearoff: 'sideways' is not one of normal, exact",
        ),
    ]:
        result = runner.invoke(app, ["moves", "start", "-d", "31", *args])
        assert result.exit_code == 2, args
        assert message in " ".join(result.output.split()), (args, result.output)
    bad = runner.invoke(app, ["moves", "GAMAO=longnardy/0/24x16/24x15", "-d", "31"])
    assert bad.exit_code == 2 and "more than 15 checkers" in bad.output


def test_hypergammon_position_id_is_read_with_three_checkers() -> None:
    result = runner.invoke(
        app, ["moves", "AACgAgAAKgAAAA", "--variant", "hypergammon", "-d", "21", "-f", "json"]
    )
    assert json.loads(result.stdout)["count"] == 6


def test_check_takes_the_record_tag_and_the_override_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "hyper.mat"
    path.write_text(HYPER_MAT, encoding="utf-8")
    clean = runner.invoke(app, ["check", str(path), "--format", "json"])
    assert clean.exit_code == 0, clean.output
    forced = runner.invoke(app, ["check", str(path), "--variant", "standard", "--format", "json"])
    assert forced.exit_code == 1
    codes = [f["code"] for f in json.loads(forced.stdout)["findings"]]
    assert codes[0] == "X432" and "R222" in codes


def test_check_house_rule_five_checker_limit(tmp_path: Path) -> None:
    path = tmp_path / "five.mat"
    path.write_text(
        " 0 point match\n\n Game 1\n alice : 0                      bob : 0\n"
        "  1) 21: 8/6 24/23                 64: 24/18 13/9\n",
        encoding="utf-8",
    )
    result = runner.invoke(
        app, ["check", str(path), "--house-rule", "five-checker-limit", "--format", "json"]
    )
    codes = [f["code"] for f in json.loads(result.stdout)["findings"]]
    assert "R234" in codes
    plain = runner.invoke(app, ["check", str(path), "--format", "json"])
    assert "R234" not in [f["code"] for f in json.loads(plain.stdout)["findings"]]


def test_convert_writes_the_variant_tags(tmp_path: Path) -> None:
    path = tmp_path / "hyper.mat"
    path.write_text(HYPER_MAT, encoding="utf-8")
    sgf = runner.invoke(app, ["convert", str(path), "--to", "sgf"])
    assert sgf.exit_code == 0, sgf.output
    assert "RU[Hypergammon3]" in sgf.stdout
    mat = runner.invoke(app, ["convert", str(path), "--to", "mat"])
    assert '; [Variation "HyperGammon (3)"]' in mat.stdout
    tavla = runner.invoke(app, ["convert", str(path), "--to", "mat", "--variant", "tavla"])
    assert '; [Variation "Tavla"]' in tavla.stdout
    assert "the record says hypergammon; written as tavla as asked" in tavla.output
    jsn = runner.invoke(app, ["convert", str(path), "--to", "json", "--variant", "longnardy"])
    assert '"variant": "longnardy"' in jsn.stdout


def test_show_draws_a_long_nardy_position_with_its_position_string(tmp_path: Path) -> None:
    from gamao_cli.engine.ruleset import rule_set
    from gamao_cli.formats.registry import by_name
    from gamao_cli.model.match import Variant
    from tests.variant_games import play_match

    path = tmp_path / "nardy.json"
    fmt = by_name("json")
    assert fmt.write is not None
    with path.open("w", encoding="utf-8") as fh:
        fmt.write(play_match(rule_set(Variant.LONG_NARDY), [1]), fh)
    result = runner.invoke(app, ["show", str(path), "--game", "1", "--move", "3"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[1].startswith(" GAMAO=longnardy/")
    assert "Position ID" not in result.stdout and "XGID" not in result.stdout
    assert "(legal)" in result.stdout


def test_convert_writes_acey_deucey_as_mat_refuses_sgf_and_keeps_it_in_json(tmp_path: Path) -> None:
    from gamao_cli.engine.ruleset import rule_set
    from gamao_cli.formats.inputs import read_path
    from gamao_cli.formats.registry import by_name
    from gamao_cli.model.match import Variant
    from tests.variant_games import play_match

    path = tmp_path / "acey.json"
    fmt = by_name("json")
    assert fmt.write is not None
    made = play_match(rule_set(Variant.ACEY_DEUCEY), [2])
    with path.open("w", encoding="utf-8") as fh:
        fmt.write(made, fh)
    result = runner.invoke(app, ["convert", str(path), "--to", "sgf"])
    assert result.exit_code == 2  # nothing could be written
    assert "aceydeucey is not written as sgf" in result.output
    mat = runner.invoke(app, ["convert", str(path), "--to", "mat"])
    assert mat.exit_code == 0, mat.output  # entries written off/19 (docs/variants.md)
    assert mat.stdout.startswith('; [Variation "AceyDeucey"]\n')
    [from_mat] = list(read_path(mat.stdout.encode("utf-8")))
    entered = [
        (a.player, s.to_point) for a in from_mat.games[0].actions if hasattr(a, "steps")
        for s in a.steps if s.from_point == 0
    ]  # fmt: skip
    pooled = [
        (a.player, s.to_point) for a in made.games[0].actions if hasattr(a, "steps")
        for s in a.steps if s.from_point == 26
    ]  # fmt: skip
    assert entered == pooled and len([p for p, _ in entered if p == 0]) >= 1
    tabula = tmp_path / "tabula.json"
    with tabula.open("w", encoding="utf-8") as fh:
        fmt.write(play_match(rule_set(Variant.TABULA), [2]), fh)
    refused = runner.invoke(app, ["convert", str(tabula), "--to", "mat"])
    assert refused.exit_code == 2  # its third die has no .mat dice cell
    assert "tabula is not written as mat" in refused.output
    back = runner.invoke(app, ["convert", str(path), "--to", "json"])
    assert back.exit_code == 0
    [again] = list(read_path(back.stdout.encode("utf-8")))
    assert again.rules.variant is Variant.ACEY_DEUCEY
    moves = [a for a in again.games[0].actions if hasattr(a, "steps")]
    assert any(s.from_point == 26 for m in moves for s in m.steps)  # written "in/19"
    check = runner.invoke(app, ["check", str(path), "--format", "json"])
    assert check.exit_code == 0, check.output


def test_tabula_moves_take_three_dice() -> None:
    result = runner.invoke(
        app, ["moves", "start", "--variant", "tabula", "--dice", "6-4-2", "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert (doc["dice"], doc["count"]) == ([6, 4, 2], 5)
    assert [p["play"] for p in doc["plays"]] == [
        "in/23 in/21 in/19",
        "in/23 in/15",
        "in/19(2)",
        "in/21 in/17",
        "in/13",
    ]


def test_tabula_roll_that_cannot_be_played_names_its_three_dice() -> None:
    from gamao_cli.engine import gamao_id
    from gamao_cli.engine.position import Position
    from gamao_cli.engine.ruleset import POOL, rule_set
    from gamao_cli.model.match import Variant

    rs = rule_set(Variant.TABULA)
    closed = rs.board_from_points({p: 2 for p in range(19, 25)} | {POOL: 3})
    position = gamao_id.encode(rs, Position((rs.board_from_points({POOL: 15}), closed), 0))
    result = runner.invoke(app, ["moves", position, "--dice", "654"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == (
        "Roll 654: no legal play (the roll cannot be played)."
    )


SNOWIE_NACK = "tests/fixtures/mat/nack_m05_s1_snowietxt.txt"
"""gnubg 1.07's `export match snowietxt` of tests/fixtures/gnubg/nack_m05_s1.sgf (a nackgammon
match gnubg played against itself): the .mat body with no tag, so no variant stated."""

NACK_HINT = (
    "the plays do not fit standard backgammon but fit nackgammon (game 1 replays without error"
    " from that variant's start): try --variant nackgammon"
)


def test_a_nackgammon_match_that_does_not_say_so_gets_one_hint() -> None:
    """Every game moves a checker from the 23 point (two stand there at nackgammon's start,
    none at standard's) in its first two rows: one R203 and one R222 per game. The first two
    games replay clean from the nackgammon start: one X433 for the match, before game 1's
    findings. Plays counted before each game's error: 2, 2, 0, 3 and 3."""
    result = runner.invoke(app, ["check", SNOWIE_NACK, "--format", "json"])
    assert result.exit_code == 1, result.output
    doc = json.loads(result.stdout)
    assert [(f["code"], f["game"], f["move"]) for f in doc["findings"]] == [
        ("X433", 1, None),
        ("R203", 1, 2), ("R222", 1, 2),
        ("R203", 2, 2), ("R222", 2, 2),
        ("R203", 3, 1), ("R222", 3, 1),
        ("R203", 4, 2), ("R222", 4, 2),
        ("R203", 5, 2), ("R222", 5, 2),
    ]  # fmt: skip
    hint = doc["findings"][0]
    assert (hint["severity"], hint["line"], hint["message"]) == ("warning", 3, NACK_HINT)
    summary = doc["summary"]
    assert (summary["games"], summary["games_verified"], summary["plays"]) == (5, 0, 10)
    assert summary["findings"] == {"error": 5, "warning": 6, "info": 0}
    text = runner.invoke(app, ["check", SNOWIE_NACK])
    assert text.stdout.splitlines()[1] == f"  3:2 game 1 warning X433: {NACK_HINT}"
    # As the hint says: clean (the last game's resignation is reported, as info).
    told = runner.invoke(app, ["check", SNOWIE_NACK, "--variant", "nackgammon", "--format", "json"])
    assert told.exit_code == 0, told.output
    assert json.loads(told.stdout)["summary"]["findings"] == {"error": 0, "warning": 0, "info": 1}


def test_no_variant_hint_when_asked_for_a_variant_or_when_no_variant_fits(tmp_path: Path) -> None:
    asked = runner.invoke(app, ["check", SNOWIE_NACK, "--variant", "standard", "--format", "json"])
    assert "X433" not in [f["code"] for f in json.loads(asked.stdout)["findings"]]
    # examples/illegal_plays.mat errs in game 1's fifth row (three 4s of 44 played): a real
    # mistake, illegal from every start; no hint.
    real = runner.invoke(app, ["check", "examples/illegal_plays.mat", "--format", "json"])
    findings = json.loads(real.stdout)["findings"]
    assert (findings[0]["code"], findings[0]["game"], findings[0]["move"]) == ("R209", 1, 5)
    assert "X433" not in [f["code"] for f in findings]


def test_a_hypergammon_match_without_its_tag_is_told_which_hypergammon(tmp_path: Path) -> None:
    """gnubg's 2-checker hypergammon match, its Variation tag taken out."""
    tagged = Path("tests/fixtures/gnubg/hyper2_m05_s3.mat").read_text(encoding="utf-8")
    untagged = tmp_path / "h.mat"
    untagged.write_text(tagged.replace('; [Variation "HyperGammon (2)"]\n', ""), encoding="utf-8")
    assert "Variation" not in untagged.read_text(encoding="utf-8")
    doc = json.loads(runner.invoke(app, ["check", str(untagged), "--format", "json"]).stdout)
    hints = [f["message"] for f in doc["findings"] if f["code"] == "X433"]
    assert hints == [
        "the plays do not fit standard backgammon but fit hypergammon2 (game 1 replays without"
        " error from that variant's start): try --variant hypergammon2"
    ]
