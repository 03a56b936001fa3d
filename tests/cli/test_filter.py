"""``gamao filter``: the list, written selections, the complement, exit codes, errors."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from gamao_cli.cli.app import app
from gamao_cli.engine.ids import position_id
from gamao_cli.engine.plays import legal_plays
from gamao_cli.engine.position import Position
from gamao_cli.engine.ruleset import STANDARD

runner = CliRunner()


def test_list_by_expression() -> None:
    result = runner.invoke(app, ["filter", "examples", "--where", "money", "--jobs", "1"])
    assert result.exit_code == 0
    assert result.stdout == "examples/money_session_beavers.mat#1  Mochizuki vs Tabata\n"
    assert result.stderr.strip() == (
        "4 files, 4 matches, 36 games, 1 selected; 5 errors, 2 warnings"
    )


def test_reaches_lists_where_the_position_occurs() -> None:
    # The position after an opening 31 played 8/5 6/5, the other side on roll.
    start = Position.start()
    wanted = {(8, 5, False), (6, 5, False)}
    play = next(
        p
        for p in legal_plays(STANDARD, start.mover, start.opponent, (3, 1))
        if set(p.steps) == wanted
    )
    after = Position.from_view(play.mover, play.opponent, 0).switched()
    result = runner.invoke(
        app, ["filter", "examples", "--reaches", position_id(after), "--format", "json"]
    )
    assert result.exit_code == 0
    rows = json.loads(result.stdout)
    hits = [(r["file"], h["game"], h["move"], h["line"]) for r in rows for h in r["reaches"]]
    assert hits == [("examples/money_session_beavers.mat", 6, 1, 110)]
    lines = Path("examples/money_session_beavers.mat").read_text().splitlines()
    assert lines[109].strip() == "1)                             31: 8/5 6/5"


def test_selection_and_rejected_are_written(tmp_path: Path) -> None:
    out, rest = tmp_path / "out", tmp_path / "rest"
    result = runner.invoke(
        app,
        ["filter", "examples", "--where", "length = 7", "-o", str(out), "--rejected", str(rest)],
    )
    assert result.exit_code == 0
    chosen = sorted(p.name for p in out.iterdir())
    assert chosen == ["gnubg_7pt.mat", "gnubg_7pt.sgf"]
    assert (out / "gnubg_7pt.mat").read_bytes() == Path("examples/gnubg_7pt.mat").read_bytes()
    assert sorted(p.name for p in rest.iterdir()) == [
        "illegal_plays.mat",
        "money_session_beavers.mat",
    ]
    converted = runner.invoke(
        app, ["filter", "examples", "--where", "money", "-o", str(tmp_path / "j"), "--to", "json"]
    )
    assert converted.exit_code == 0
    [written] = list((tmp_path / "j").iterdir())
    assert written.name == "money_session_beavers.json"
    assert json.loads(written.read_text())["players"] == ["Mochizuki", "Tabata"]
    again = runner.invoke(app, ["filter", "examples", "--where", "money", "-o", str(out)])
    assert "exists, not overwritten" not in again.stderr  # a new name, nothing refused
    clash = runner.invoke(app, ["filter", "examples", "--where", "length = 7", "-o", str(out)])
    assert "gnubg_7pt.mat: exists, not overwritten (use --force)" in clash.stderr


def test_nothing_selected_bad_expressions_and_positions() -> None:
    none = runner.invoke(app, ["filter", "examples", "--where", "length > 100"])
    assert (none.exit_code, none.stdout) == (1, "")
    bad = runner.invoke(app, ["filter", "examples", "--where", "length >"])
    assert bad.exit_code == 2
    assert "end of expression: expected a value after length >" in bad.stderr
    pos = runner.invoke(app, ["filter", "examples", "--reaches", "nonsense"])
    assert pos.exit_code == 2
    nothing = runner.invoke(app, ["filter", "examples"])
    assert nothing.exit_code == 2
    assert "give --where EXPR and/or --reaches POSITION" in nothing.stderr


def test_files_found_through_symbolic_links_keep_their_place_below_the_directory(
    tmp_path: Path,
) -> None:
    # An archive of links to files elsewhere (as bench_corpus_tools builds): each selected
    # file is written at the place it was found, not flattened to its target's base name.
    # Links to two files (two links to one file would be one file named twice: read once).
    archive = tmp_path / "archive"
    copy = tmp_path / "elsewhere" / "copy.mat"
    copy.parent.mkdir()
    shutil.copyfile("examples/gnubg_7pt.mat", copy)
    for folder, target in (("a", Path("examples/gnubg_7pt.mat").resolve()), ("b", copy)):
        (archive / folder).mkdir(parents=True)
        (archive / folder / "m.mat").symlink_to(target)
    out = tmp_path / "out"
    result = runner.invoke(
        app, ["filter", str(archive), "--where", "length = 7", "-o", str(out), "--jobs", "1"]
    )
    assert result.exit_code == 0, result.output
    written = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert written == ["a/m.mat", "b/m.mat"]


def test_reaches_a_variant_position_given_as_a_gamao_position_string(tmp_path: Path) -> None:
    from gamao_cli.engine import gamao_id
    from gamao_cli.engine.ruleset import rule_set
    from gamao_cli.formats.registry import by_name
    from gamao_cli.model.match import Variant
    from tests.variant_games import play_game, play_match

    rs = rule_set(Variant.LONG_NARDY)
    writer = by_name("json").write
    assert writer is not None
    with (tmp_path / "nardy.json").open("w") as out:
        writer(play_match(rs, [1]), out)
    (tmp_path / "std.mat").write_text(Path("examples/gnubg_7pt.mat").read_text())
    b0, b1, turn = play_game(rs, 1)[1][5]  # the position before move 6
    after_5 = gamao_id.encode(rs, Position((b0, b1), turn))

    def found(position: str) -> tuple[int, list[tuple[str, int, int]]]:
        args = ["filter", str(tmp_path), "--reaches", position, "-f", "json", "--jobs", "1"]
        result = runner.invoke(app, args)
        rows = json.loads(result.stdout or "[]")
        hits = [(Path(r["file"]).name, h["game"], h["move"]) for r in rows for h in r["reaches"]]
        return result.exit_code, hits

    assert found(after_5) == (0, [("nardy.json", 1, 5)])
    assert found("GAMAO=longnardy/0/24x15/24x15") == (0, [("nardy.json", 1, 0)])
    # The same boards as a standard Position ID (fifteen on each side's 24-point): standard
    # identifiers are looked for in the variants they carry, not in Long Nardy's games.
    start = Position.start(Variant.LONG_NARDY)
    assert found(position_id(Position(start.boards, 0))) == (1, [])
    bad = runner.invoke(app, ["filter", str(tmp_path), "--reaches", "GAMAO=longnardy/0/24x16/24"])
    assert bad.exit_code == 2
    assert "GAMAO=longnardy/0/24x16/24" in bad.stderr
