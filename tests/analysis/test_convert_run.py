"""``convert`` to SGF, into a folder and of several inputs: a large input is converted as it
is read, each match written as it comes (a long one a part at a time), the same bytes as the
texts converting it whole gives."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path, PurePath

import pytest
from typer.testing import CliRunner

from gamao_cli.analysis import conversion, conversion_parts
from gamao_cli.analysis.conversion import convert_file
from gamao_cli.analysis.conversion_parts import convert_streamed
from gamao_cli.analysis.convert_run import Conversion, ConvertPlan, ConvertWriteError
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.cli.app import app
from gamao_cli.formats import base, inputs
from gamao_cli.formats.inputs import InputFile
from gamao_cli.formats.sgf import stream as sgf_stream
from gamao_cli.formats.sgf.writer import SgfGames
from gamao_cli.model.match import Match
from tests.helpers import REPO, long_session

SEVEN = REPO / "examples" / "gnubg_7pt.mat"  # 11 games of a 7-point match, Crawford rule


@pytest.fixture
def parts_of_four(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(base, "PART_GAMES", 4)
    monkeypatch.setattr(inputs, "WHOLE_BYTES", -1)  # read as a stream, so in parts


def _watch(monkeypatch: pytest.MonkeyPatch, out: io.StringIO) -> list[int]:
    """How many game trees ``out`` holds each time the reader hands on a part."""
    trees_at_part: list[int] = []
    reading = conversion_parts.read_path

    def watched(source: InputFile) -> Iterator[Match]:
        for part in reading(source):
            trees_at_part.append(out.getvalue().count("(;FF[4]"))
            yield part

    monkeypatch.setattr(conversion_parts, "read_path", watched)
    return trees_at_part


def test_a_session_to_sgf_is_written_as_it_is_read(
    tmp_path: Path, parts_of_four: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """30 games in parts of 4: when the reader hands on its last part, the game trees of
    all but the last two parts are written already (a game waits for the next's score)."""
    path = tmp_path / "s.mat"
    path.write_text(long_session(30, unfinished=8))
    item = InputFile("s.mat", path)
    whole = convert_file((item, "sgf", CheckOptions()))
    out = io.StringIO()
    trees_at_part = _watch(monkeypatch, out)
    done = convert_streamed(item, "sgf", CheckOptions(), lambda: out)
    assert out.getvalue() == "".join(whole.texts)
    assert (done.matches, done.games) == (1, 30)
    assert trees_at_part == [0, 3, 7, 11, 15, 19, 23, 27]


def test_a_match_with_a_crawford_game_is_put_together(
    parts_of_four: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Which game is the Crawford game is told from all the games: the parts of a match with
    the Crawford rule are gathered, then written whole (nothing before the last part)."""
    item = InputFile("gnubg_7pt.mat", SEVEN)
    whole = convert_file((item, "sgf", CheckOptions()))
    out = io.StringIO()
    trees_at_part = _watch(monkeypatch, out)
    done = convert_streamed(item, "sgf", CheckOptions(), lambda: out)
    assert out.getvalue() == "".join(whole.texts)
    assert "RU[Crawford:CrawfordGame]" in out.getvalue()
    assert (done.matches, done.games, trees_at_part) == (1, 11, [0, 0, 0])


def _two_matches(tmp_path: Path) -> InputFile:
    text = SEVEN.read_text()
    path = tmp_path / "two.mat"
    path.write_text(text + "\n" + text)
    return InputFile("two.mat", path)


def _into(out: Path) -> tuple[Conversion, list[Path]]:
    """A conversion to SGF into ``out`` (no --force), and the files it refuses."""
    refused: list[Path] = []
    plan = ConvertPlan([], 0, str(out), False, out)
    run = Conversion(plan, "sgf", "sgf", CheckOptions(), False, lambda m: None, refused.append)
    return run, refused


def test_into_a_folder_one_file_a_match(tmp_path: Path, parts_of_four: None) -> None:
    item = _two_matches(tmp_path)
    whole = convert_file((item, "sgf", CheckOptions()))
    out = tmp_path / "out"
    here, refused = _into(out)
    here.convert_here(item, PurePath("two.mat"))
    assert (here.written, here.problems, here.matches, refused) == (2, False, 2, [])
    assert sorted(p.name for p in out.iterdir()) == ["two-1.sgf", "two-2.sgf"]
    assert [(out / f"two-{k}.sgf").read_text() for k in (1, 2)] == list(whole.texts)
    (out / "two-1.sgf").unlink()
    (out / "two-2.sgf").write_text("kept")
    again, refused = _into(out)
    again.convert_here(item, PurePath("two.mat"))
    assert (again.written, again.problems, refused) == (1, True, [out / "two-2.sgf"])
    assert (out / "two-2.sgf").read_text() == "kept"
    assert (out / "two-1.sgf").read_text() == whole.texts[0]
    assert sorted(p.name for p in out.iterdir()) == ["two-1.sgf", "two-2.sgf"]


def test_a_failure_into_a_folder_leaves_nothing(
    tmp_path: Path, parts_of_four: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second match's writing fails: neither match's file is left, nor a temporary."""
    item = _two_matches(tmp_path)
    writer = SgfGames.write
    calls: list[int] = []

    def failing(self: SgfGames, *args: object) -> None:
        calls.append(1)
        if len(calls) > 15:
            raise OSError(28, "No space left on device")
        writer(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(SgfGames, "write", failing)
    monkeypatch.setattr(sgf_stream, "crawford_free", lambda match: True)
    out = tmp_path / "out"
    with pytest.raises(ConvertWriteError):
        _into(out)[0].convert_here(item, PurePath("two.mat"))
    assert list(out.iterdir()) == []


def test_the_command_converts_a_large_input_as_it_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every input counted large: the folder holds what converting them whole writes, and
    so does one JSON Lines file of several inputs."""
    runner = CliRunner()
    src = tmp_path / "in"
    src.mkdir()
    _two_matches(src)
    (src / "seven.mat").write_text(SEVEN.read_text())
    normal = runner.invoke(app, ["convert", str(src), "--to", "sgf", "-o", str(tmp_path / "a")])
    lines = runner.invoke(
        app, ["convert", str(src), "--to", "jsonl", "-o", str(tmp_path / "a.jsonl")]
    )
    monkeypatch.setattr(conversion, "STREAM_BYTES", 0)
    large = runner.invoke(app, ["convert", str(src), "--to", "sgf", "-o", str(tmp_path / "b")])
    lines_large = runner.invoke(
        app, ["convert", str(src), "--to", "jsonl", "-o", str(tmp_path / "b.jsonl")]
    )
    assert large.exit_code == normal.exit_code == 0
    assert large.output == normal.output.replace(str(tmp_path / "a"), str(tmp_path / "b"))
    made = sorted(p.name for p in (tmp_path / "b").iterdir())
    assert made == ["seven.sgf", "two-1.sgf", "two-2.sgf"]
    for name in made:
        assert (tmp_path / "b" / name).read_text() == (tmp_path / "a" / name).read_text()
    assert lines_large.exit_code == lines.exit_code == 0
    assert (tmp_path / "b.jsonl").read_text() == (tmp_path / "a.jsonl").read_text()
