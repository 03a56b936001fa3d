"""Gibbon's one FIBS match in seven formats: the real ``7point.gmd`` (GMD-2),
``complete.gmd`` (GMD-1) and ``7point.match`` (JavaFIBS) read to the same match as
``7point.sgf`` and ``7point.mat``; the same match transcribed into FIBS oldmoves and a
bgammon.org replay (no real file of either is in the corpus) reads back the same too.

Plays are compared by the position they lead to, cube actions and results one by one."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from test_sgf_mat_pairs import events, winners
from text_formats_helpers import to_bgammon, to_fibs_oldmoves

from gamao_cli.analysis.replay import replay_match
from gamao_cli.formats.bgammon.reader import read_bgammon
from gamao_cli.formats.fibs.oldmoves import read_fibs
from gamao_cli.formats.inputs import read_path
from gamao_cli.formats.mat.reader import read_mat
from gamao_cli.formats.sgf.reader import read_sgf
from gamao_cli.model import Match, Resign, Win
from tests.helpers import CORPUS, needs_corpus

GIBBON = CORPUS / "gitGNU-gnu_gibbon"
pytestmark = needs_corpus


def _one(path: Path) -> Match:
    [match] = list(read_path(str(path)))
    return match


def _sgf() -> Match:
    [match] = read_sgf((GIBBON / "7point.sgf").open(encoding="utf-8"), "7point.sgf")
    return match


def _results(match: Match) -> list[tuple[int | None, int, bool]]:
    out = []
    for game in match.games:
        win = next(a for a in game.actions if isinstance(a, Win))
        out.append((win.player, win.points, win.and_the_match))
    return out


EXPECTED_RESULTS = [
    (1, 1, False),
    (0, 2, False),
    (1, 1, False),
    (0, 2, False),
    (1, 2, False),
    (1, 1, False),
    (0, 1, False),
    (0, 1, False),
    (0, 2, True),
]
EXPECTED_SCORES = [(0, 0), (0, 1), (2, 1), (2, 2), (4, 2), (4, 4), (4, 5), (5, 5), (6, 5)]


def _high_first(evs: list) -> list:  # type: ignore[type-arg]
    """The events with every roll's dice high first (as bgammon.org writes them)."""
    out = []
    for number, score, seq in evs:
        seq = [
            (e[0], e[1], tuple(sorted(e[2], reverse=True)), *e[3:]) if e[0] == "move" else e
            for e in seq
        ]
        out.append((number, score, seq))
    return out


def _same_as_sgf(match: Match, crawford: bool | None = True, high_first: bool = False) -> None:
    sgf = _sgf()
    assert match.players == ("JoeBlack", "SnowWhite")
    assert match.length == 7
    assert match.rules.crawford is crawford
    assert [g.score for g in match.games] == EXPECTED_SCORES
    if high_first:
        assert events(match) == _high_first(events(sgf))
    else:
        assert events(match) == events(sgf)
    assert winners(match) == winners(sgf)
    assert _results(match) == EXPECTED_RESULTS
    assert sum(len(events_of) for _, _, events_of in events(match)) == 378


@pytest.mark.parametrize("name", ["7point.gmd", "complete.gmd", "7point.match"])
def test_real_files_give_the_sgf_and_mat_match(name: str) -> None:
    match = _one(GIBBON / name)
    assert match.diagnostics == ()
    _same_as_sgf(match)
    [mat] = read_mat((GIBBON / "7point.mat").open(encoding="utf-8"), "7point.mat")
    assert events(match) == events(mat)


def test_formats_are_detected_by_content() -> None:
    assert _one(GIBBON / "7point.gmd").source_format == "gmd"
    assert _one(GIBBON / "complete.gmd").source_format == "gmd"
    assert _one(GIBBON / "7point.match").source_format == "javafibs"


def test_gmd_keeps_ranks_place_and_header_comment() -> None:
    match = _one(GIBBON / "7point.gmd")
    assert match.ratings == (
        "2345.67 234 (FIBS), 0.845 266 (Gibbon)",
        "1234.56 123 (FIBS), 0.984 31 (Gibbon)",
    )
    assert match.tags == (("Place", "София (България)"),)
    assert match.comments == ("Created by Gibbon version 0.2.0",)


def test_the_resignation_of_game_4_is_a_single_game_at_cube_2() -> None:
    for name in ("7point.gmd", "complete.gmd", "7point.match"):
        game = _one(GIBBON / name).games[3]
        resign = next(a for a in game.actions if isinstance(a, Resign))
        assert (resign.player, resign.level, resign.accepted) == (1, 1, True)
        assert game.actions[-1] == Win(
            0,
            2,
            False,
            True,
            game.actions[-1].text,
            None,
            game.actions[-1].location,
            game.actions[-1].extra,
        )


@pytest.mark.parametrize("name", ["7point.gmd", "complete.gmd", "7point.match"])
def test_check_reports_only_the_resignation(name: str) -> None:
    replay = replay_match(_one(GIBBON / name))
    assert [(f.code, f.game) for f in replay.findings] == [("X402", 4)]


def test_edited_gmd_gives_the_set_up_position_of_edited_sgf() -> None:
    gmd = _one(GIBBON / "edited.gmd")
    [sgf] = read_sgf((GIBBON / "edited.sgf").open(encoding="utf-8"), "edited.sgf")
    assert gmd.players == sgf.players == ("Joe Black", "Snow White")
    [game] = gmd.games
    start, want = game.start, sgf.games[0].start
    assert start is not None and want is not None
    assert start.boards == want.boards
    assert (start.turn, start.dice, start.cube_value, start.cube_owner) == (0, (5, 3), 2, 0)
    assert (want.turn, want.dice, want.cube_value, want.cube_owner) == (0, (5, 3), 2, 0)
    assert game.score == sgf.games[0].score == (6, 3)
    assert game.actions == ()
    assert start.boards[1][25] == 2 and start.boards[0][24] == 2  # White's bar, Black's 24


def test_fibs_oldmoves_transcription_reads_back() -> None:
    text = to_fibs_oldmoves(_sgf())
    [match] = read_fibs(io.StringIO(text), "7point.fibs")
    assert match.diagnostics == ()
    _same_as_sgf(match)
    assert [(f.code, f.game) for f in replay_match(match).findings] == [("X402", 4)]


def test_fibs_oldmoves_transcription_with_o_ascending_reads_back() -> None:
    """fibs2html writes O ascending too: the direction is decided per move."""
    text = to_fibs_oldmoves(_sgf())
    lines = []
    for line in text.splitlines():
        if line.startswith("O: (") and "can't" not in line:
            head, play = line[:9], line[9:]
            moves = []
            for token in play.split():
                a, b = token.split("-")
                a = a if a in ("bar", "off") else str(25 - int(a))
                b = b if b in ("bar", "off") else str(25 - int(b))
                moves.append(f"{a}-{b}")
            line = head + " ".join(moves)
        lines.append(line)
    [match] = read_fibs(io.StringIO("\n".join(lines) + "\n"), "7point.fibs")
    _same_as_sgf(match)


def test_bgammon_transcription_reads_back() -> None:
    text = to_bgammon(_sgf())
    [match] = read_bgammon(io.StringIO(text), "7point.match")
    assert match.diagnostics == ()
    _same_as_sgf(match, crawford=None, high_first=True)  # the replay does not say
    assert match.tags == (("Date", "2023-12-16"),)
    assert [(f.code, f.game) for f in replay_match(match).findings] == [("X402", 4)]
