"""``check`` reads a long match in parts and replays it part by part: the same findings and
counts as the whole match's replay, with memory bounded by a part."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

from gamao_cli.analysis.check import check_input
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.replay import replay_match
from gamao_cli.formats import base, inputs
from gamao_cli.formats.inputs import InputFile, read_path
from tests.helpers import long_session


def test_the_findings_and_counts_of_the_whole_match(tmp_path: Path) -> None:
    """Game 1000 (the last of the first part, held for the next) has no result: X408, not
    X414; game 1001, the first of the second part, starts one point off: X405."""
    path = tmp_path / "s.mat"
    path.write_text(long_session(2500, unfinished=1000, misscored=1001))
    report = check_input(InputFile("s.mat", path), CheckOptions())
    assert (report.matches, report.games, report.games_verified) == (1, 2500, 2500)
    assert report.plays == 2500
    assert [(f.code, f.game) for f in report.findings] == [
        ("P105", 1000),
        ("X408", 1000),
        ("X405", 1001),
        ("X405", 1002),  # the score line after it is right again: off from game 1001's
    ]
    [whole] = read_path(InputFile("s.mat", path))
    assert report.findings == replay_match(whole, CheckOptions(), 0, "s.mat").findings


def test_the_last_game_of_the_match_is_the_last_of_its_last_part(tmp_path: Path) -> None:
    path = tmp_path / "s.mat"
    path.write_text(long_session(2000, unfinished=2000))
    report = check_input(InputFile("s.mat", path), CheckOptions())
    assert [(f.code, f.game) for f in report.findings] == [("P105", 2000), ("X414", 2000)]


def _peak(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, count: int, part: int) -> int:
    """The tracemalloc peak of checking a session of ``count`` games in parts of ``part``
    games (0: whole), its text read as a stream (not read whole, as small files are)."""
    path = tmp_path / f"s{count}.mat"
    path.write_text(long_session(count))
    monkeypatch.setattr(inputs, "WHOLE_BYTES", -1)
    monkeypatch.setattr(base, "PART_GAMES", part)
    tracemalloc.start()
    try:
        report = check_input(InputFile("s.mat", path), CheckOptions())
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert report.games == count
    return peak


def test_memory_is_bounded_by_a_part(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In parts of 100 games the peak does not grow with the match (4000 games against
    1000), and is a fraction of what the whole match takes."""
    small = _peak(tmp_path, monkeypatch, 1000, 100)
    large = _peak(tmp_path, monkeypatch, 4000, 100)
    whole = _peak(tmp_path, monkeypatch, 4000, 0)
    assert large < small * 1.5
    assert large * 4 < whole


def test_a_variant_hint_once_when_the_match_is_read_in_parts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The untagged nackgammon match (5 games) in parts of 2: its second suspect game, held
    from the first part, is replayed with the second part; X433 comes once, after it (the
    first part's findings are given already)."""
    monkeypatch.setattr(base, "PART_GAMES", 2)
    name = "tests/fixtures/mat/nack_m05_s1_snowietxt.txt"
    report = check_input(InputFile(name, Path(name)), CheckOptions())
    assert report.games == 5
    assert [(f.code, f.game) for f in report.findings] == [
        ("R203", 1), ("R222", 1),
        ("R203", 2), ("R222", 2),
        ("X433", 1),
        ("R203", 3), ("R222", 3),
        ("R203", 4), ("R222", 4),
        ("R203", 5), ("R222", 5),
    ]  # fmt: skip
