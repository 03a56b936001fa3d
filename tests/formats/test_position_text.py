"""Position files: XG and BGBlitz position/analysis texts (every UI language), ID lists."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamao_cli.engine.ids import position_id_from_boards
from gamao_cli.engine.position import Position, board_from_points
from gamao_cli.engine.xgid import XgidState, decode_xgid
from gamao_cli.formats.inputs import read_path
from gamao_cli.formats.position.parts import ParsedPosition
from gamao_cli.formats.position.text import position_match, read_positions, sniff_position
from gamao_cli.formats.registry import detect
from gamao_cli.model.actions import Step
from gamao_cli.model.analysis import Probabilities
from gamao_cli.model.diagnostics import Severity
from gamao_cli.model.match import Match
from tests.helpers import CORPUS, require_corpus

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"

XG = CORPUS / "kevung-xgparser"
BGB = CORPUS / "kevung-bgfparser"
POSITIONS = FIXTURES / "positions"


def _read(path: Path) -> list[Match]:
    require_corpus(path)
    return list(read_path(path))


def _one(path: Path) -> Match:
    matches = _read(path)
    assert len(matches) == 1
    match = matches[0]
    assert match.source_format == "position"
    assert match.diagnostics == ()
    assert len(match.games) == 1 and match.games[0].actions == ()
    return match


def _read_text(text: str) -> list[Match]:
    return list(read_positions(io.StringIO(text), "t.txt"))


# --- XG: the checker play in the four UI languages --------------------------------------

XGID_01 = "XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:0:7:10"
X_01 = board_from_points({1: 2, 3: 3, 4: 2, 5: 2, 6: 2, 19: 2, 14: 1, 18: 1})
O_01 = board_from_points({15: 1, 5: 3, 4: 2, 3: 2, 2: 2, 1: 4})
# (play, equity, level, win, win gammon, win backgammon, lose gammon, lose backgammon)
XG_01_CANDIDATES = [
    ([Step(19, 18), Step(14, 12)], -0.491, "4-ply", 0.2545, 0.0, 0.0, 0.3109, 0.0009),
    ([Step(19, 18), Step(3, 1)], -0.556, "4-ply", 0.2219, 0.0, 0.0, 0.3524, 0.0012),
    ([Step(19, 17), Step(18, 17)], -0.576, "4-ply", 0.2119, 0.0, 0.0, 0.3342, 0.0009),
    ([Step(14, 11)], -0.568, "3-ply", 0.2162, 0.0, 0.0, 0.3807, 0.0019),
    ([Step(14, 12), Step(3, 2)], -0.572, "3-ply", 0.2141, 0.0, 0.0, 0.4101, 0.0036),
]
NAMES = {
    "EN": ("Player 2", "Player 1"),
    "DE": ("Spieler 2", "Spieler 1"),
    "FR": ("Player 2", "Player 1"),
    "JP": ("Player 2", "Player 1"),
}
PLY = {"EN": "ply", "DE": "ply", "FR": "plis", "JP": "ply"}
VERSION = {
    "EN": "eXtreme Gammon Version: 2.10, MET: Kazaross XG2",
    "DE": "eXtreme Gammon Version: 2.19.211.pre-release, MET: Kazaross XG2",
    "FR": "eXtreme Gammon Version: 2.10, TEM: Kazaross XG2",
    "JP": "eXtreme Gammon Version: 2.10, MET: Kazaross XG2",
}


@pytest.mark.parametrize("lang", ["EN", "DE", "FR", "JP"])
def test_xg_checker_play_in_every_language(lang: str) -> None:
    match = _one(XG / f"01_checkerPosition_{lang}.txt")
    game = match.games[0]
    assert match.players == NAMES[lang]
    assert (match.length, game.score, game.crawford, game.cube_value) == (7, (6, 3), False, 2)
    assert match.rules.cube_limit == 1024 and match.rules.jacoby is None
    assert match.comments == (VERSION[lang],)
    start = game.start
    assert start is not None
    assert start.boards == (O_01, X_01)
    assert (start.turn, start.dice, start.cube_value, start.cube_owner) == (1, (2, 1), 2, 0)
    assert start.text == XGID_01
    assert game.properties == (("XGID", XGID_01),)
    (ann,) = game.annotations
    assert (ann.action, ann.source, ann.cube) == (0, "xg", None)
    checker = ann.checker
    assert checker is not None
    assert (checker.played, checker.error, checker.level) == (None, None, f"4-{PLY[lang]}")
    got = [(list(c.steps), c.equity, c.level, c.probabilities) for c in checker.candidates]
    want = [
        (steps, eq, level.replace("ply", PLY[lang]), Probabilities(*chances))
        for steps, eq, level, *chances in XG_01_CANDIDATES
    ]
    assert got == want


# --- XG: the six cube decisions --------------------------------------------------------

# file: (XGID, score (O, X), length, cube, owner, ND, DT, DP, player chances, opponent's)
XG_CUBES = {
    "02_NDT": (
        "XGID=---BBaB-BbA-bC-b--BdAca---:0:0:1:00:0:5:0:9:10",
        (5, 0),
        9,
        1,
        -1,
        0.337,
        0.215,
        1.0,
        (0.5440, 0.1822, 0.0053),
        (0.1271, 0.0051),
    ),
    "03_DT": (
        "XGID=-aAaBaDaB---bD-b-A-cA-b-b-:0:0:1:00:2:4:0:9:10",
        (4, 2),
        9,
        1,
        -1,
        0.580,
        0.689,
        1.0,
        (0.6138, 0.2455, 0.0188),
        (0.1314, 0.0046),
    ),
    "04_DP": (
        "XGID=--BaBCCBAA------acccc-a--A:0:0:1:00:0:2:0:7:10",
        (2, 0),
        7,
        1,
        -1,
        0.735,
        1.336,
        1.0,
        (0.6665, 0.4135, 0.0187),
        (0.0860, 0.0055),
    ),
    "05_NRT": (
        "XGID=---BADB------------bf---a-:1:1:1:00:4:0:0:7:10",
        (0, 4),
        7,
        2,
        1,
        0.485,
        -0.511,
        1.0,
        (0.7113, 0.0, 0.0),
        (0.0, 0.0),
    ),
    "06_RT": (
        "XGID=---c--CCB---dB-B---c-BcAb-:1:1:1:00:0:1:0:7:10",
        (1, 0),
        7,
        2,
        1,
        0.797,
        0.852,
        1.0,
        (0.6621, 0.1841, 0.0072),
        (0.1096, 0.0023),
    ),
    "07_RP": (
        "XGID=---aBBCCCB----a-aa-babbbb-:1:1:1:00:1:2:0:9:10",
        (2, 1),
        9,
        2,
        1,
        1.027,
        1.869,
        1.0,
        (0.8987, 0.0761, 0.0029),
        (0.0061, 0.0001),
    ),
}
XG_CUBE_FILES = [(name, "EN") for name in XG_CUBES] + [
    (name, lang) for name in ("03_DT", "04_DP") for lang in ("DE", "FR", "JP")
]
ROLLER = {"EN": "XG Roller++", "DE": "XG Roller++", "FR": "XG Roller++", "JP": "XG Roller++"}


@pytest.mark.parametrize(("name", "lang"), XG_CUBE_FILES, ids=lambda v: str(v))
def test_xg_cube_decisions(name: str, lang: str) -> None:
    xgid, score, length, cube, owner, nd, dt, dp, mine, theirs = XG_CUBES[name]
    match = _one(XG / f"{name}_{lang}.txt")
    game = match.games[0]
    start = game.start
    assert start is not None
    state = decode_xgid(xgid)
    assert Position(start.boards, start.turn) == state.position
    assert (start.turn, start.dice, start.cube_value, start.cube_owner) == (1, None, cube, owner)
    assert (match.length, game.score, game.crawford) == (length, score, False)
    assert start.text == xgid
    (ann,) = game.annotations
    assert ann.checker is None and ann.source == "xg"
    assert ann.cube is not None
    assert (ann.cube.no_double, ann.cube.double_take, ann.cube.double_pass) == (nd, dt, dp)
    assert ann.cube.level == ROLLER[lang]
    assert ann.cube.probabilities == Probabilities(*mine, *theirs)
    assert (ann.cube.doubler_error, ann.cube.taker_error, ann.cube.counts) == (None, None, None)


def test_xg_redouble_board_with_a_tall_stack() -> None:
    # 05_NRT shows O's six checkers on its 5-point as four marks and a "6": the board check
    # reads XG's digit as the whole count and finds nothing to report.
    match = _one(XG / "05_NRT_EN.txt")
    start = match.games[0].start
    assert start is not None
    o, x = start.boards
    assert x == board_from_points({3: 2, 4: 1, 5: 4, 6: 2})
    assert o == board_from_points({6: 2, 5: 6, 1: 1})


# --- BGBlitz -----------------------------------------------------------------------------

BGB_01 = [
    ([Step(19, 18), Step(14, 12)], -0.492, (0.254, 0.0, 0.0, 0.338, 0.004)),
    ([Step(19, 18), Step(3, 1)], -0.545, (0.227, 0.0, 0.0, 0.385, 0.005)),
    ([Step(19, 17), Step(18, 17)], -0.577, (0.211, 0.0, 0.0, 0.362, 0.005)),
    ([Step(14, 12), Step(3, 2)], -0.578, (0.211, 0.0, 0.0, 0.415, 0.006)),
    ([Step(14, 11)], -0.585, (0.208, 0.0, 0.0, 0.378, 0.005)),
]


def test_bgblitz_checker_play() -> None:
    match = _one(BGB / "01_checkerPosition_EN.txt")
    game = match.games[0]
    assert match.players == ("Green", "Red")
    assert (match.length, game.score) == (7, (6, 3))
    start = game.start
    assert start is not None
    assert start.boards == (O_01, X_01)
    assert (start.turn, start.dice, start.cube_value, start.cube_owner) == (1, (2, 1), 2, 0)
    assert start.text == XGID_01
    assert game.properties == (
        ("PositionID", "b9sBCIC5bYDQAA"),
        ("MatchID", "QYnoAGAAGAAE"),
        ("XGID", XGID_01),
    )
    (ann,) = game.annotations
    assert ann.source == "bgblitz" and ann.cube is None and ann.checker is not None
    assert ann.checker.level == ""
    got = [(list(c.steps), c.equity, c.probabilities) for c in ann.checker.candidates]
    assert got == [(s, eq, Probabilities(*p)) for s, eq, p in BGB_01]


# file: (score (Green=O, Red=X), length, cube, owner, EMG ND, DT, DP, Red's chances, Green's)
BGB_CUBES = {
    "02_NDT": ((5, 0), 9, 1, -1, 0.287, 0.164, 1.0, (0.541, 0.175, 0.002), (0.117, 0.002)),
    "03_DT": ((4, 2), 9, 1, -1, 0.585, 0.625, 1.0, (0.610, 0.251, 0.008), (0.133, 0.003)),
    "04_DP": ((2, 0), 7, 1, -1, 0.767, 1.287, 1.0, (0.656, 0.400, 0.003), (0.087, 0.001)),
    "05_NRT": ((0, 4), 7, 2, 1, 0.518, -0.504, 1.0, (0.712, 0.0, 0.0), (0.0, 0.0)),
    "06_RT": ((1, 0), 7, 2, 1, 0.685, 0.760, 1.0, (0.659, 0.153, 0.002), (0.093, 0.002)),
    "07_RP": ((2, 1), 9, 2, 1, 0.969, 1.680, 1.0, (0.871, 0.068, 0.001), (0.009, 0.0)),
}


@pytest.mark.parametrize("name", list(BGB_CUBES))
def test_bgblitz_cube_decisions_keep_the_emg_column(name: str) -> None:
    score, length, cube, owner, nd, dt, dp, mine, theirs = BGB_CUBES[name]
    match = _one(BGB / f"{name}_EN.txt")
    game = match.games[0]
    start = game.start
    assert start is not None
    xg_twin = _one(XG / f"{name}_EN.txt").games[0].start
    assert xg_twin is not None and start.boards == xg_twin.boards
    assert (start.turn, start.dice, start.cube_value, start.cube_owner) == (1, None, cube, owner)
    assert (match.players, match.length, game.score) == (("Green", "Red"), length, score)
    (ann,) = game.annotations
    assert ann.cube is not None and ann.source == "bgblitz" and ann.cube.level == ""
    assert (ann.cube.no_double, ann.cube.double_take, ann.cube.double_pass) == (nd, dt, dp)
    assert ann.cube.probabilities == Probabilities(*mine, *theirs)


def test_every_corpus_position_file_is_sniffed_and_read_cleanly() -> None:
    files = sorted(XG.glob("*.txt")) + sorted(BGB.glob("*.txt"))
    require_corpus()
    assert len(files) == 23
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert sniff_position(text), path.name
        assert detect(text, "") is not None and detect(text, "").name == "position"
        (match,) = read_path(path)
        assert match.diagnostics == (), path.name


def test_other_corpus_text_files_are_not_position_files() -> None:
    others = [
        CORPUS / "lassehjorthmadsen-gnubg-scripts" / "match1484923_analyzed.txt",
        CORPUS / "kevung-gbf" / "test.txt",
        CORPUS / "kevung-gbf" / "test.mat",
    ]
    present = [p for p in others if p.exists()]
    require_corpus()
    for path in present:
        assert not sniff_position(path.read_text(encoding="utf-8-sig")), path.name


# --- cross-checks ------------------------------------------------------------------------


def _xg_text() -> str:
    path = XG / "01_checkerPosition_EN.txt"
    require_corpus(path)
    return path.read_text(encoding="utf-8")


def test_text_disagreeing_with_its_xgid_is_reported() -> None:
    text = _xg_text().replace("Score is X:3 O:6 7", "Score is X:4 O:6 9")
    text = text.replace("Pip count  X: 111", "Pip count  X: 112")
    text = text.replace("Cube: 2, O own cube", "Cube: 4, X own cube")
    text = text.replace("X to play 21", "X to play 31")
    (match,) = _read_text(text)
    assert [(d.code, d.severity, d.message) for d in match.diagnostics] == [
        (
            "P605",
            Severity.WARNING,
            "the text disagrees with its XGID: the score X:4 O:6; a 9-point match; the pip"
            " counts X 112 O 52; the cube line 'Cube: 4, X own cube'; the turn line"
            " 'X to play 31'",
        )
    ]
    assert str(match.diagnostics[0].location) == "t.txt:1"
    assert match.games[0].score == (6, 3)  # the XGID wins


_MONEY_P609 = (
    "P609",
    "candidate {n} (24/17) is not legal for 52: 22/17: point 17 is held by 3 opposing checkers",
    "t.txt:30",
)


def test_the_projects_xg_text_disagreeing_with_its_xgid_is_reported() -> None:
    """The cross-check on the project's own XG export (a fresh clone has no corpus)."""
    text = (POSITIONS / "money_xg.txt").read_text(encoding="utf-8")
    text = text.replace("Pip count  X: 167", "Pip count  X: 168")
    text = text.replace("Cube: 1\n", "Cube: 2, X own cube\n")
    text = text.replace("O to play 52", "O to play 31")
    (match,) = _read_text(text)
    p609 = (_MONEY_P609[0], _MONEY_P609[1].format(n=3), _MONEY_P609[2])
    assert [(d.code, d.message, str(d.location)) for d in match.diagnostics] == [
        (
            "P605",
            "the text disagrees with its XGID: the pip counts X 168 O 167; the cube line"
            " 'Cube: 2, X own cube'; the turn line 'O to play 31'",
            "t.txt:1",
        ),
        p609,
    ]
    assert match.games[0].start is not None and match.games[0].start.dice == (5, 2)


def test_a_candidate_line_of_the_projects_xg_text_not_understood_is_reported() -> None:
    text = (POSITIONS / "money_xg.txt").read_text(encoding="utf-8")
    (match,) = _read_text(text.replace("eq:+0.012", "MWC:45.2%"))
    p609 = (_MONEY_P609[0], _MONEY_P609[1].format(n=2), _MONEY_P609[2])
    assert [(d.code, d.message, str(d.location)) for d in match.diagnostics] == [
        (
            "P608",
            "a candidate line not understood (not a play and its equity): '1. XG Roller+  13/11"
            " 13/8                   MWC:45.2%'",
            "t.txt:22",
        ),
        p609,
    ]
    checker = match.games[0].annotations[0].checker
    assert checker is not None and len(checker.candidates) == 2


def test_drawn_board_disagreeing_with_the_xgid_is_reported() -> None:
    text = _xg_text().replace(" |       O          |", " |       O  O       |")
    (match,) = _read_text(text)
    assert [(d.code, d.message, str(d.location)) for d in match.diagnostics] == [
        (
            "P606",
            "the drawn board disagrees with the XGID: point 9 shows 1 O, the identifier"
            " says nothing",
            "t.txt:5",
        )
    ]


def test_bgblitz_gnubg_ids_disagreeing_with_the_xgid_are_reported() -> None:
    path = BGB / "03_DT_EN.txt"
    require_corpus(path)
    text = path.read_text(encoding="utf-8").replace("cAkgAUAAEAAE", "cAkgAUAAIAAE")
    (match,) = _read_text(text)
    assert [(d.code, d.message) for d in match.diagnostics] == [
        ("P607", "the gnubg IDs disagree with the XGID: score (4, 4) against (4, 2)")
    ]
    # Without its XGID line, the gnubg IDs give the position.
    no_xgid = path.read_text(encoding="utf-8").replace(" XGID=", " (removed) ")
    (alone,) = _read_text(no_xgid)
    assert alone.diagnostics == () and alone.games[0].score == (4, 2)
    assert alone.games[0].start is not None
    assert alone.games[0].start.text == "Position-ID: Mw5jkCQyz+AhAg    Match-ID: cAkgAUAAEAAE"


def test_illegal_candidate_and_hand_made_money_position() -> None:
    (match,) = read_path(POSITIONS / "money_xg.txt")
    assert match.players == ("Bob", "Alice")
    assert [(d.code, d.message, str(d.location)) for d in match.diagnostics] == [
        (
            "P609",
            "candidate 3 (24/17) is not legal for 52: 22/17: point 17 is held by 3 opposing"
            " checkers",
            "tests/fixtures/positions/money_xg.txt:30",
        )
    ]
    game = match.games[0]
    assert (match.length, game.score, game.crawford) == (0, (0, 0), None)
    assert (match.rules.jacoby, match.rules.beavers, match.rules.cube_limit) == (True, True, 1024)
    start = game.start
    assert start is not None and start.boards == Position.start().boards
    assert (start.turn, start.dice) == (0, (5, 2))
    checker = game.annotations[0].checker
    assert checker is not None and checker.level == "XG Roller+"
    assert [(c.equity, c.level) for c in checker.candidates] == [
        (0.012, "XG Roller+"),
        (-0.003, "2-ply"),
        (-0.21, "1-ply"),
    ]
    assert checker.candidates[2].probabilities is None


# --- ID lists ------------------------------------------------------------------------------


def test_id_list_with_comments() -> None:
    matches = list(read_path(POSITIONS / "ids.txt"))
    assert [m.diagnostics for m in matches] == [(), (), (), ()]
    starts = [m.games[0].start for m in matches]
    assert all(s is not None for s in starts)
    opening, manual, doubled, dance = (s for s in starts if s is not None)
    assert (opening.boards, opening.turn, opening.dice) == (Position.start().boards, 0, None)
    assert matches[0].length == 0 and matches[0].comments == (
        "Positions for gamao moves / show: one identifier a line.",
        "The opening position, player 0 to roll (a bare Position ID).",
    )
    assert (manual.turn, manual.dice, manual.cube_value, manual.cube_owner) == (1, (5, 2), 2, 0)
    assert (matches[1].length, matches[1].games[0].score) == (9, (2, 4))
    assert matches[1].games[0].properties == (
        ("PositionID", "4HPwATDgc/ABMA"),
        ("MatchID", "QYkqASAAIAAA"),
    )
    assert (doubled.turn, doubled.dice, doubled.cube_value, doubled.cube_owner) == (0, None, 2, 1)
    assert matches[2].comments == ("the top player has doubled",)
    assert ("DoubleOffered", "0") in matches[2].games[0].properties
    assert (dance.turn, dance.dice, matches[3].rules.jacoby) == (1, (6, 6), True)
    assert matches[3].comments == (
        "money game, bottom player to play 66 on the bar against a closed board",
    )


def test_bad_lines_of_an_id_list() -> None:
    text = (
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10\n"
        "4HPwATDgc/ABMA:QYkqASAAIAA!\n"
        "not an id at all\n"
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:71:0:0:0:0:10\n"
        "4HPwATDgc/ABMA\n"
    )
    matches = _read_text(text)
    assert [len(m.games) for m in matches] == [1, 0, 0, 0, 1]
    assert [(d.code, str(d.location)) for m in matches for d in m.diagnostics] == [
        ("P604", "t.txt:2"),
        ("P604", "t.txt:3"),
        ("P602", "t.txt:4"),
    ]
    assert matches[2].diagnostics[0].message == (
        "'not an id at all' is not an XGID, a gnubg PositionID:MatchID, a Position ID or a comment"
    )
    assert matches[3].diagnostics[0].message == (
        "XGID 'XGID=-b----E-C---eE---c-e----B-:0:0:1:71:0:0:0:0:10': dice '71' are not '00',"
        " 'D' or two digits 1..6"
    )


def test_an_unreadable_gnubg_id_and_an_impossible_position() -> None:
    (bad,) = _read_text("4HPwATDgc/ABMA:cAgAAAAAAAB/\n")
    assert [d.code for d in bad.diagnostics] == []  # bits above 66 are ignored, like gnubg
    (short,) = _read_text("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0\n")
    assert [d.code for d in short.diagnostics] == ["P602"] and short.games == ()
    # Both players on the bar against closed boards: gnubg refuses the Position ID.
    closed_board = board_from_points({p: 2 for p in range(1, 7)} | {25: 1})
    pid = position_id_from_boards(closed_board, closed_board)
    (closed,) = _read_text(f"{pid}\n")
    assert [(d.code, d.message) for d in closed.diagnostics] == [
        (
            "P603",
            f"position ID {pid!r} has both players on the bar against closed home boards",
        )
    ]


def test_an_impossible_position_is_an_error() -> None:
    top = board_from_points({6: 5})
    bottom = board_from_points({19: 2})  # top's point 6 is bottom's point 19
    parsed = ParsedPosition(line=3, state=XgidState(Position((top, bottom), 1)))
    match = position_match(parsed, "p.txt")
    assert [(d.code, d.message, str(d.location)) for d in match.diagnostics] == [
        (
            "P610",
            "the position is impossible: both players have checkers on player 0's point 6",
            "p.txt:3",
        )
    ]
    assert len(match.games) == 1  # kept: nothing is lost; moves and show refuse it


def test_many_bad_lines_stop_reading() -> None:
    matches = _read_text("".join(f"line {i}\n" for i in range(100)))
    assert len(matches) == 21
    assert matches[-1].diagnostics[0].message == (
        "more than 20 lines are not identifiers: the rest is not read"
    )


def test_nothing_in_the_input() -> None:
    (match,) = _read_text("# only a comment\n\n")
    assert match.games == ()
    assert [(d.code, d.severity) for d in match.diagnostics] == [("P601", Severity.ERROR)]


def test_several_positions_in_one_file() -> None:
    text = _xg_text()
    bgb = BGB / "03_DT_EN.txt"
    require_corpus(bgb)
    both = text + "\n" + bgb.read_text(encoding="utf-8") + text
    matches = _read_text(both)
    assert [m.diagnostics for m in matches] == [(), (), ()]
    assert [m.games[0].annotations[0].source for m in matches] == ["xg", "bgblitz", "xg"]
    lines = len(text.splitlines())
    bgb_lines = len(bgb.read_text(encoding="utf-8").splitlines())
    assert [m.location.line for m in matches] == [1, lines + 2, lines + 2 + bgb_lines]


def test_sniffing() -> None:
    assert sniff_position("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10\n")
    assert sniff_position("# a comment\n4HPwATDgc/ABMA\n\n4HPwATDgc/ABMA:QYkqASAAIAAA\n")
    assert not sniff_position("Hello world!!\n")
    assert not sniff_position("abcdefghijklmn\n")  # 14 letters, but no Position ID
    assert not sniff_position("# only comments\n")
    assert not sniff_position(" 5 point match\n\n Game 1\n a : 0   b : 0\n")
    assert not sniff_position("4HPwATDgc/ABMA\n 1) 31: 8/5 6/5\n")


# --- robustness ----------------------------------------------------------------------------

_SAMPLE = (POSITIONS / "money_xg.txt").read_text(encoding="utf-8") + (
    POSITIONS / "ids.txt"
).read_text(encoding="utf-8")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(
            st.integers(0, len(_SAMPLE)),
            st.integers(0, 8),
            st.text(alphabet=st.sampled_from("XO0123456789-+|:/.%() \nabBA*"), max_size=6),
        ),
        min_size=1,
        max_size=8,
    )
)
def test_reader_never_raises_on_mutated_texts(edits: list[tuple[int, int, str]]) -> None:
    text = _SAMPLE
    for at, cut, insert in edits:
        text = text[:at] + insert + text[at + cut :]
    matches = list(read_positions(io.StringIO(text), "m.txt"))
    assert matches
    for match in matches:
        assert match.games or any(d.severity is Severity.ERROR for d in match.diagnostics)


def test_bgblitz_text_disagreeing_with_its_identifiers_is_reported() -> None:
    path = BGB / "01_checkerPosition_EN.txt"
    require_corpus(path)
    text = path.read_text(encoding="utf-8")
    text = text.replace("Green - 6 Red - 3 in a 7", "Green - 6 Red - 2 in a 5")
    text = text.replace("Red to move 1-2", "Green to move 1-2")
    text = text.replace("X: Red  111", "X: Red  110")
    (match,) = _read_text(text)
    assert [(d.code, d.message) for d in match.diagnostics] == [
        (
            "P605",
            "the text disagrees with its identifier: the score line 'Green - 6 Red - 2 in a 5"
            " point match'; a 5-point match; the turn line 'Green to move 1-2'; X's pip count"
            " 110",
        )
    ]


def test_a_long_id_list_is_sniffed_past_its_head_and_read_whole() -> None:
    line = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10\n"
    text = line * 1000  # 52 KB: the sniffed head ends inside a line
    assert len(text) > 8192 and sniff_position(text[:8200])
    matches = list(read_path(text.encode("ascii")))
    assert len(matches) == 1000 and all(m.games and not m.diagnostics for m in matches)
    assert matches[-1].location.line == 1000


def test_a_candidate_line_not_understood_is_reported() -> None:
    text = _xg_text().replace("eq:-0.556 (-0.065)", "MWC:45.2% (-1.3%)")
    (match,) = _read_text(text)
    assert [(d.code, d.message, str(d.location)) for d in match.diagnostics] == [
        (
            "P608",
            "a candidate line not understood (not a play and its equity): '2. 4-ply       19/18"
            " 3/1                    MWC:45.2% (-1.3%'",
            "t.txt:26",
        )
    ]
    checker = match.games[0].annotations[0].checker
    assert checker is not None and len(checker.candidates) == 4


def test_a_bgblitz_candidate_line_not_understood_is_reported() -> None:
    path = BGB / "01_checkerPosition_EN.txt"
    require_corpus(path)
    text = path.read_text(encoding="utf-8").replace("0.111 mwp /  -0.545", "0.111 mwp / ?")
    (match,) = _read_text(text)
    assert [(d.code, str(d.location)) for d in match.diagnostics] == [("P608", "t.txt:26")]
    checker = match.games[0].annotations[0].checker
    assert checker is not None and len(checker.candidates) == 4
