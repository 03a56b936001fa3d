"""The ASCII board (names as written): golden drawings, and XG's drawings of corpus positions."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamao_cli.engine.board_text import draw_board
from gamao_cli.engine.position import Position, board_from_points
from gamao_cli.engine.xgid import decode_xgid
from tests.helpers import corpus_files, require_corpus

START = """\
 Position ID: 4HPwATDgc/ABMA
 +13-14-15-16-17-18------19-20-21-22-23-24-+     X: player 1
 | O           X    |   | X              O |
 | O           X    |   | X              O |     Off: 0
 | O           X    |   | X                |
 | O                |   | X                |
 | O                |   | X                |
 |                  |BAR|                  |     Cube: 1
 | X                |   | O                |
 | X                |   | O                |
 | X           O    |   | O                |
 | X           O    |   | O              X |     Off: 0
 | X           O    |   | O              X |
 +12-11-10--9--8--7-------6--5--4--3--2--1-+     O: player 0
 Pip count: X 167, O 167
 O on roll
"""

# kevung-bgfparser/03_DT_EN.txt: the IDs are the ones that file prints.
MATCH_POSITION = """\
 Position ID: Mw5jkCQyz+AhAg   Match ID: cAkgAUAAEAAE
 +13-14-15-16-17-18------19-20-21-22-23-24-+     O: Green
 | X     O     X    |   | O  X     O     O |     4 points
 | X     O          |   | O        O     O |     Off: 0
 | X                |   | O                |
 | X                |   |                  |
 |                  |   |                  |
 |                  |BAR|                  |     9-point match, Cube: 1
 |                  |   |                  |
 |                  |   | X                |
 |                  |   | X                |
 | O           X    |   | X     X          |     Off: 0
 | O           X  O |   | X  O  X  O  X  O |     2 points
 +12-11-10--9--8--7-------6--5--4--3--2--1-+     X: Red
 Pip count: O 156, X 139
 X on roll
"""

BAR_AND_STACKS = """\
 Position ID: 4B8AAH8DAAD+Xw   Match ID: UgkbABAAAAAE
 +13-14-15-16-17-18------19-20-21-22-23-24-+     O: AnnAnnAnnAnnAnnAnnAnnAnnAnnA
 |                  |   | O              X |     1 point
 |                  |   | O              X |     Off: 0
 |                  |   | O              X |
 |                  |   | O              X |
 |                  | X | 8             12 |
 |                  |BAR|                  |     money game
 |                  | O |                  |
 |                  | O |                  |
 |                  | O |                  |     Cube: 4
 |                  | O |                X |     Off: 0
 |                  | 7 |                X |     0 points
 +12-11-10--9--8--7-------6--5--4--3--2--1-+     X: Béla
 Pip count: O 223, X 315
 X to play 66
"""


def test_start_position_golden() -> None:
    assert draw_board(Position.start()) == START


def test_match_position_golden() -> None:
    state = decode_xgid("XGID=-aAaBaDaB---bD-b-A-cA-b-b-:0:0:1:00:2:4:0:9:10")
    text = draw_board(state.position, ("Green", "Red"), score=state.score, match_length=9)
    assert text == MATCH_POSITION


def test_bar_stacks_cube_and_names_golden() -> None:
    o = board_from_points({25: 7, 6: 8})
    x = board_from_points({25: 1, 1: 2, 24: 12})
    text = draw_board(
        Position((o, x), turn=1),
        ("Ann" * 20, "B\u00e9la"),
        cube_value=4,
        cube_owner=1,
        score=(1, 0),
        match_length=0,
        dice=(6, 6),
    )
    assert text == BAR_AND_STACKS
    assert all(len(line) <= 80 for line in text.splitlines())
    assert text.replace("B\u00e9la", "Bela").isascii()  # the board is ASCII, the name kept


def test_cube_owned_by_the_top_player() -> None:
    text = draw_board(Position.start(turn=1), cube_value=2, cube_owner=0)
    assert text.splitlines()[4] == " | X           O    |   | O                |     Cube: 2"
    assert text.splitlines()[7] == " |                  |BAR|                  |"


XG_FILES = corpus_files("kevung-xgparser/*.txt")


@pytest.mark.parametrize("path", XG_FILES or [None], ids=lambda p: p.name if p else "absent")
def test_board_matches_xg_drawing(path: Path | None) -> None:
    """XG draws the same 44-column board (player on roll X at the bottom, O on top)."""
    require_corpus()
    lines = path.read_text(encoding="utf-8-sig").splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith(" +13-14"))
    xg_board = [line[:44] for line in lines[top : top + 13]]
    state = decode_xgid(lines[0])
    assert state.turn == 1
    ours = draw_board(state.position).splitlines()[1:14]
    assert [line[:44] for line in ours] == xg_board


def test_names_keep_their_letters_and_lose_their_controls() -> None:
    """An accented name is drawn as written; a wide one is cut at 80 terminal columns (a
    CJK character takes two); terminal escape sequences are shown, not obeyed."""
    names = ("Kévin \x1b[2J", "山" * 20)
    lines = draw_board(Position.start(), names).splitlines()
    assert lines[1] == " +13-14-15-16-17-18------19-20-21-22-23-24-+     X: " + "山" * 14
    assert lines[13] == " +12-11-10--9--8--7-------6--5--4--3--2--1-+     O: Kévin \\x1b[2J"
