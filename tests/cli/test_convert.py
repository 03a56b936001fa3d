"""``gamao convert``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamao_cli.analysis.replay import replay_match
from gamao_cli.cli.app import app
from gamao_cli.formats.inputs import iter_input_files, read_path
from gamao_cli.model.actions import Move
from gamao_cli.model.match import Match
from tests.helpers import CORPUS, require_corpus

runner = CliRunner()


def read_all(path: Path) -> list[Match]:
    return [m for item in iter_input_files([str(path)]) for m in read_path(item) if m.games]


def summary(match: Match) -> list[tuple[object, ...]]:
    """What a faithful conversion keeps: per game, the score, each move's player, dice and
    resulting position, the cube actions, and the result."""
    replay = replay_match(match)
    out: list[tuple[object, ...]] = []
    for game, record in zip(match.games, replay.games, strict=True):
        moves = [(a.player, tuple(sorted(a.dice))) for a in game.actions if isinstance(a, Move)]
        out.append((game.score, record.winner, record.points, record.cube, tuple(moves)))
    return out


@pytest.mark.parametrize("target", ["json", "sgf", "mat"])
def test_round_trip_keeps_every_game(tmp_path: Path, target: str) -> None:
    src = tmp_path / "in"
    src.mkdir()
    for name in ("m07_s1.mat", "money_beaver_s1.mat", "nack_m05_s1.mat", "resign_m05_s1.mat"):
        path = Path("tests/fixtures/gnubg") / name
        if path.exists():
            (src / name).write_bytes(path.read_bytes())
    out = tmp_path / "out"
    result = runner.invoke(app, ["convert", str(src), "--to", target, "-o", str(out)])
    assert result.exit_code == 0, result.output
    for original in sorted(src.iterdir()):
        converted = out / f"{original.stem}.{target}"
        assert converted.exists()
        [a] = read_all(original)
        [b] = read_all(converted)
        assert a.players == b.players and a.length == b.length
        assert a.rules.variant == b.rules.variant
        assert summary(a) == summary(b)
        assert replay_match(b).findings == () or all(
            f.severity.value == "info" for f in replay_match(b).findings
        )


def test_never_overwrites_without_force(tmp_path: Path) -> None:
    args = ["convert", "examples/gnubg_7pt.mat", "--to", "json", "-o", str(tmp_path / "x.json")]
    assert runner.invoke(app, args).exit_code == 0
    again = runner.invoke(app, args)
    assert again.exit_code == 2 and "exists" in again.stderr
    assert runner.invoke(app, [*args, "--force"]).exit_code == 0


def test_stdout_and_stdin(tmp_path: Path) -> None:
    mat = Path("examples/gnubg_7pt.mat").read_text(encoding="utf-8")
    result = runner.invoke(app, ["convert", "-", "--to", "jsonl"], input=mat)
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout.splitlines()[0])
    assert doc["format"] == "gamao-match" and len(doc["games"]) > 0
    assert "1 file, 1 match, " in result.stderr


def test_outputs_stay_inside_the_output_directory(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = runner.invoke(app, ["convert", "examples", "--to", "sgf", "-o", str(out)])
    assert result.exit_code == 0, result.output
    written = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    # gnubg_7pt.mat and gnubg_7pt.sgf share a stem: the first in input order (.mat, sorted)
    # keeps gnubg_7pt.sgf, the second gets gnubg_7pt.2.sgf, and stderr says so.
    assert written == [
        "gnubg_7pt.2.sgf",
        "gnubg_7pt.sgf",
        "illegal_plays.sgf",
        "money_session_beavers.sgf",
    ]
    assert all(p.resolve().is_relative_to(out.resolve()) for p in out.rglob("*"))
    clash = f"examples/gnubg_7pt.mat and examples/gnubg_7pt.sgf both give {out / 'gnubg_7pt.sgf'}"
    assert f"{clash}: examples/gnubg_7pt.sgf written as gnubg_7pt.2.sgf" in result.stderr
    again = runner.invoke(app, ["convert", "examples", "--to", "sgf", "-o", str(out), "--force"])
    assert again.exit_code == 0  # the same names again: nothing left over, nothing lost
    assert sorted(p.name for p in out.iterdir()) == written


def test_names_that_differ_in_case_only_do_not_clash(tmp_path: Path) -> None:
    src, out = tmp_path / "in", tmp_path / "out"
    src.mkdir()
    shutil.copyfile("examples/gnubg_7pt.mat", src / "Game.mat")
    shutil.copyfile("examples/illegal_plays.mat", src / "game.txt")
    shutil.copyfile("examples/money_session_beavers.mat", src / "game.mat")
    result = runner.invoke(
        app, ["convert", str(src), "--to", "json", "-o", str(out), "--ext", "mat,txt"]
    )
    assert result.exit_code == 0, result.output
    # Sorted input order: Game.mat, game.mat, game.txt; one file on Windows and macOS.
    assert sorted(p.name for p in out.iterdir()) == ["Game.json", "game.2.json", "game.3.json"]
    [first] = read_all(out / "Game.json")
    [third] = read_all(out / "game.3.json")
    assert first.length == 7 and third.players == read_all(src / "game.txt")[0].players


def test_nothing_readable_exits_2(tmp_path: Path) -> None:
    junk = tmp_path / "junk.mat"
    junk.write_bytes(b"\x00\x01\x02 binary")
    result = runner.invoke(app, ["convert", str(junk), "--to", "json"])
    assert result.exit_code == 2


def test_real_corpus_mat_to_json_to_mat(tmp_path: Path) -> None:
    require_corpus()
    src = CORPUS / "kevung-lazyBG"
    j = tmp_path / "json"
    m = tmp_path / "mat"
    assert runner.invoke(app, ["convert", str(src), "--to", "json", "-o", str(j)]).exit_code == 0
    assert runner.invoke(app, ["convert", str(j), "--to", "mat", "-o", str(m)]).exit_code == 0
    for original in sorted(src.iterdir()):
        [a] = read_all(original)
        [b] = read_all(m / f"{original.stem}.mat")
        assert summary(a) == summary(b)
        assert a.tags == b.tags


def test_convert_keeps_gnubgs_analysis_sgf_to_json_to_sgf(tmp_path: Path) -> None:
    src = CORPUS / "lassehjorthmadsen-gnubg-scripts" / "match1484923_analyzed.sgf"
    require_corpus(src)
    j, s = tmp_path / "m.json", tmp_path / "m.sgf"
    assert runner.invoke(app, ["convert", str(src), "--to", "json", "-o", str(j)]).exit_code == 0
    assert runner.invoke(app, ["convert", str(j), "--to", "sgf", "-o", str(s)]).exit_code == 0
    [original], [via_json], [back] = read_all(src), read_all(j), read_all(s)
    assert [len(g.annotations) for g in via_json.games] == [63, 44, 47, 55]
    assert [g.annotations for g in via_json.games] == [g.annotations for g in original.games]
    assert [g.annotations for g in back.games] == [g.annotations for g in original.games]
