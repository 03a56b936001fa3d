"""The five real XG files of the corpus: read cleanly, equal to their text twins, checked
clean, converted through the existing writers."""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamao_cli.analysis.canonical import canonical_match
from gamao_cli.analysis.replay import replay_match
from gamao_cli.cli.app import app
from gamao_cli.formats.inputs import read_path
from gamao_cli.formats.json.writer import read_json
from gamao_cli.formats.mat.reader import read_mat
from gamao_cli.model.actions import Drop, Move, MoveMark, Resign, Win
from gamao_cli.model.match import Match
from tests.helpers import CORPUS, needs_corpus

XG = CORPUS / "kevung-gbf"
CHARLOT = "charlot1-charlot2_7p_2025-11-08-2305"

# file: players, length, games, final score (the last game's score plus the points won;
# charlot1's XG footer writes 7-2 there: XG caps the match winner's score at the length)
EXPECTED = {
    "test.xg": (("Kévin Unger", "Maxence Job"), 7, 7, (7, 4)),
    f"{CHARLOT}.xg": (("charlot1", "charlot2"), 7, 4, (9, 2)),
    "1-Intermediate-Round1-Unger-Kozoman-11pt.xg": (
        ("Kévin UNGER", "Davor KOZOMAN"),
        11,
        5,
        (0, 11),
    ),
    "Lux Heuler-Franzosen 7 point match 12.08.2024.xg": (("Lux Heuler", "Franzosen"), 7, 7, (2, 8)),
    "match_with_comment.xg": (("Nicolas HARMAND", "Kévin UNGER"), 9, 8, (4, 10)),
}
# resignations each file records (check reports each as X402, an info)
RESIGNATIONS = {
    "test.xg": 3,
    f"{CHARLOT}.xg": 2,
    "1-Intermediate-Round1-Unger-Kozoman-11pt.xg": 2,
    "Lux Heuler-Franzosen 7 point match 12.08.2024.xg": 4,
    "match_with_comment.xg": 3,
}

pytestmark = needs_corpus


def _read(path: Path) -> Match:
    (match,) = list(read_path(str(path)))
    return match


def _final(match: Match) -> tuple[int, int]:
    last = match.games[-1]
    assert last.score is not None
    win = last.actions[-1]
    assert isinstance(win, Win) and win.player is not None
    score = list(last.score)
    score[win.player] += win.points
    return score[0], score[1]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_real_files_read_cleanly(name: str) -> None:
    match = _read(XG / name)
    players, length, games, final = EXPECTED[name]
    assert match.diagnostics == ()
    assert (match.players, match.length, len(match.games)) == (players, length, games)
    assert _final(match) == final
    for game in match.games:
        moves = [a for a in game.actions if isinstance(a, Move)]
        analysed = [n for n in game.annotations if n.checker is not None]
        assert len(analysed) == len(moves)  # XG analysed every play
        assert all(n.source == "xg" for n in game.annotations)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_check_reports_only_the_resignations(name: str) -> None:
    """The records hold no error: only the resignations are reported, as infos. Two files'
    final scores pass the length (Lux 2-8 of 7, match_with_comment 4-10 of 9): the last game
    was won with a 2-cube by the player who needed 1 (a take at 1-away after Crawford) and
    with a doubled gammon by the player who needed 3. That is how matches end, not an
    error, so no finding."""
    report = replay_match(_read(XG / name))
    codes = Counter(f.code for f in report.findings)
    assert codes == Counter({"X402": RESIGNATIONS[name]})


def _plays(match: Match) -> list[tuple[object, ...]]:
    """Per game: the score, each play as (player, dice, net checker movement) -- the
    resulting position, since the start and the board are shared -- and the result."""
    out: list[tuple[object, ...]] = []
    for game in canonical_match(match).games:
        rows: list[tuple[object, ...]] = []
        for action in game.actions:
            if isinstance(action, Move):
                net = Counter(s.from_point for s in action.steps)
                net.subtract(Counter(s.to_point for s in action.steps))
                moved = tuple(sorted((p, n) for p, n in net.items() if n))
                rows.append(("move", action.player, tuple(sorted(action.dice)), moved))
            elif isinstance(action, Drop):
                rows.append(("drop", action.player))
            elif isinstance(action, Win):
                rows.append(("win", action.player, action.points))
        out.append((game.number, game.score, tuple(rows)))
    return out


@pytest.mark.parametrize(
    ("xg", "twin"),
    [
        ("kevung-gbf/test.xg", "kevung-gbf/test.mat"),
        ("kevung-gbf/test.xg", "kevung-gbf/test.txt"),
        ("kevung-gbf/test.xg", "kevung-gbf/test.sgf"),
        (f"kevung-gbf/{CHARLOT}.xg", f"kevung-gnubgparser/{CHARLOT}.mat"),
        (f"kevung-gbf/{CHARLOT}.xg", f"kevung-gnubgparser/{CHARLOT}.sgf"),
    ],
)
def test_the_same_games_as_the_text_twins(xg: str, twin: str) -> None:
    ours, theirs = _read(CORPUS / xg), _read(CORPUS / twin)
    assert (ours.players, ours.length) == (theirs.players, theirs.length)
    assert _plays(ours) == _plays(theirs)


def test_plays_are_numbered_as_the_mat_export_numbers_its_rows() -> None:
    ours, theirs = _read(XG / "test.xg"), _read(XG / "test.mat")
    for a, b in zip(ours.games, theirs.games, strict=True):
        numbers = [
            [(type(x).__name__, x.player, x.number) for x in g.actions if not isinstance(x, Win)]
            for g in (a, b)
        ]
        assert numbers[0] == numbers[1]


def test_resignations_after_a_roll_are_xgs_question_marks() -> None:
    game = _read(XG / "test.xg").games[1]
    *_, rolled, win = game.actions
    assert isinstance(rolled, Move) and rolled.mark is MoveMark.UNKNOWN
    assert rolled.dice == (3, 3)
    assert isinstance(win, Win) and (win.player, win.points, win.resigned) == (0, 2, True)


def test_a_resignation_before_the_roll() -> None:
    """charlot2 resigns (a backgammon, 3 points) after charlot1's 44 bear-off."""
    game = _read(XG / f"{CHARLOT}.xg").games[3]
    *_, resign, win = game.actions
    assert isinstance(resign, Resign) and (resign.player, resign.level) == (1, 3)
    assert isinstance(win, Win) and (win.player, win.points, win.and_the_match) == (0, 3, True)
    assert ("XGTermination", "104") in game.properties


def test_header_tags_and_comments() -> None:
    match = _read(XG / "test.xg")
    assert match.tag("Event") == "HSBT Paris 2023"
    assert match.tag("Round") == "Tableau Or 2"
    assert match.tag("Site") == "Paris, Fédération Française de Bridge"
    assert match.tag("EventDate") == "2023.11.26"
    assert match.tag("Transcriber") == "Kévin Unger"
    commented = _read(XG / "match_with_comment.xg")
    notes = [(g.number, n.action, n.comment) for g in commented.games for n in g.annotations]
    assert [x for x in notes if x[2]] == [
        (1, 2, "coup assez difficile"),
        (1, 4, "les double 66 sont toujpurs difficiles à trouver"),
    ]


def test_analysis_of_the_first_play() -> None:
    note = _read(XG / "test.xg").games[0].annotations[0]
    assert note.action == 0 and note.cube is None
    checker = note.checker
    assert checker is not None
    assert len(checker.candidates) == 8 and checker.played == 0
    assert str(checker.candidates[0].steps[0]) == "24/23"
    assert checker.candidates[0].level == "book"
    assert checker.error == 0.0 and checker.counts is True
    assert note.luck == pytest.approx(0.006553559564054012)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_convert_to_mat_and_json_keeps_the_games(name: str, tmp_path: Path) -> None:
    runner = CliRunner()
    ours = _read(XG / name)
    for target in ("mat", "json"):
        out = tmp_path / f"out.{target}"
        result = runner.invoke(app, ["convert", str(XG / name), "--to", target, "-o", str(out)])
        assert result.exit_code == 0, result.output
        text = out.read_text(encoding="utf-8")
        reader = read_mat if target == "mat" else read_json
        (back,) = list(reader(io.StringIO(text), str(out)))
        assert back.players == ours.players and back.length == ours.length
        assert _plays(back) == _plays(ours)
