"""The .mat reader's parts: cell splitting, sides, fast constructors."""

from __future__ import annotations

import pytest

from gamao_cli.formats.mat import fast as mat_fast
from gamao_cli.formats.mat import lines as mat_lines
from gamao_cli.formats.shells import moves as shells
from gamao_cli.model import Location, Move, MoveMark, Step


@pytest.mark.parametrize(
    ("line", "start", "cells", "head"),
    [
        ("  1) 31: 8/5 6/5                 42: 8/4 6/4", 4,
         [(5, "31: 8/5 6/5"), (33, "42: 8/4 6/4")], None),
        (" 11) 11: 25/24 24/23 23/22* 22/21 64: 25/21 21/15", 4,
         [(5, "11: 25/24 24/23 23/22* 22/21"), (34, "64: 25/21 21/15")], None),
        ("  5)  Drops                       Wins 1 point ", 4,
         [(6, "Drops"), (34, "Wins 1 point")], None),
        ("  2) 11: Illegal play (1;2;x) 11: ", 4,
         [(5, "11: Illegal play (1;2;x)"), (30, "11:")], None),
        ("  2) Illegal play (1;2;x)", 4, [(5, "Illegal play (1;2;x)")], None),
        ("  3) junk 31: 8/5", 4, [(10, "31: 8/5")], (5, "junk")),
        ("  3) nothing here", 4, [], (5, "nothing here")),
        ("  3)", 4, [], None),
        ("      Wins 2 points and the match", 0, [(6, "Wins 2 points and the match")], None),
        ("  4)  doubles=>2   TAKES", 4, [(6, "doubles=>2"), (19, "TAKES")], None),
        ("  6) 43: 13/9*(2)Wins", 4, [(5, "43: 13/9*(2)"), (17, "Wins")], None),
        ("  6)31: 8/5", 4, [(4, "31: 8/5")], None),
    ],
)  # fmt: skip
def test_split_cells(
    line: str, start: int, cells: list[tuple[int, str]], head: tuple[int, str] | None
) -> None:
    assert mat_lines.split_cells(line, start) == (cells, head)


def test_cell_sides_and_thresholds() -> None:
    assert mat_lines.cell_sides([(5, "31:"), (33, "42:")], 21) == [0, 1]
    assert mat_lines.cell_sides([(5, "31:"), (15, "42:")], 21) == [0, 1]  # pushed
    assert mat_lines.cell_sides([(34, "Wins 1 point")], 21) == [1]
    assert mat_lines.cell_sides([(6, "Wins 1 point")], 21) == [0]
    assert mat_lines.cell_sides([(33, "42:"), (40, "Wins")], 21) == [1, 1]
    assert [mat_lines.right_threshold(c) for c in (7, 32, 40, 42, 80)] == [9, 21, 26, 26, 26]
    assert mat_lines.split_name("BlueNote,1780") == ("BlueNote", "1780")
    assert mat_lines.split_name("Anna, Maria") == ("Anna, Maria", None)
    assert mat_lines.split_name("Kévin UNGER") == ("Kévin UNGER", None)


def test_fast_constructors_make_equal_objects() -> None:
    assert shells.SHELLS  # the model classes still have the layout the shells copy
    steps = (Step(8, 5), Step(6, 5))
    where = shells.new_location("f.mat", 3, 6)
    assert where == Location("f.mat", 3, 6)
    assert hash(where) == hash(Location("f.mat", 3, 6))
    made = shells.new_move(1, (3, 1), steps, "31: 8/5 6/5", MoveMark.PLAY, 2, where)
    assert made == Move(1, (3, 1), steps, "31: 8/5 6/5", MoveMark.PLAY, 2, where)
    placed = shells.new_move_at(1, (3, 1), steps, "31:", MoveMark.EMPTY, None, "f", 1, 2)
    assert placed == Move(1, (3, 1), steps, "31:", MoveMark.EMPTY, None, Location("f", 1, 2))
    assert (type(made), type(placed.location)) == (Move, Location)
    with pytest.raises(AttributeError):
        made.player = 0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        placed.location.line = 0  # type: ignore[misc]


@pytest.mark.parametrize(
    "add", [shells.add_pair_at, shells._shell_add_pair_at, shells._plain_add_pair_at]
)
def test_pair_constructors_append_both_moves_of_a_row(add: shells.PairFactory) -> None:
    steps = (Step(8, 5), Step(6, 5))
    row: list[Move] = []
    add(
        row.append, 0, (3, 1), steps, "31: 8/5 6/5", MoveMark.PLAY,
        1, (6, 4), (), "64:", MoveMark.EMPTY, 7, "f.mat", 12, 6, 38,
    )  # fmt: skip
    assert row == [
        Move(0, (3, 1), steps, "31: 8/5 6/5", MoveMark.PLAY, 7, Location("f.mat", 12, 6)),
        Move(1, (6, 4), (), "64:", MoveMark.EMPTY, 7, Location("f.mat", 12, 38)),
    ]
    assert [(type(m), type(m.location)) for m in row] == [(Move, Location)] * 2
    with pytest.raises(AttributeError):
        row[1].location.column = 0  # type: ignore[misc]


def test_row_line_pattern() -> None:
    row = mat_fast.ROW_LINE
    text = "  7) 62: 13/11 13/7              64: 24/14*   \n  8) 66:\n"
    found = row.match(text)
    assert found is not None
    assert found.groups() == (
        "7", "62: 13/11 13/7", None, None, None, None,
        "64: 24/14*", None, None, None, None,
    )  # fmt: skip
    assert (found.start(2), found.start(7), found.end()) == (5, 33, 47)
    found = row.match(text, found.end())
    assert found is not None
    assert found.groups()[:3] == ("8", "66:", None)
    found = row.match("  3)  Drops                       Wins 2 points and the match\n")
    assert found is not None
    assert found.groups() == (
        "3", None, "Drops", None, None, None,
        None, "Wins 2 points and the match", None, "2", " and the match",
    )  # fmt: skip
    found = row.match("  7) 62: 13/11 13/7 Doubles => 2\n")  # one blank between cells
    assert found is not None
    assert (found.start(2), found.start(8), found[8]) == (5, 20, "Doubles => 2")
    found = row.match("      Doubles => 4\n")
    assert found is not None
    assert found.groups()[:5] == (None, None, "Doubles => 4", "4", None)
    for other in (
        "  7) 72: 13/11\n",
        "  7) 62: 13/11",  # no line end
        "  7) 62:\t13/11\n",  # a tab inside: expanded on the general path
        "  7) 62: 13/11\x0b\n",  # white space the binary check counts
        "  7)  Doubles => 2x\n",  # text after the phrase (P118)
        "  7)  Wins 1 point!\n",
        " Game 2\n",
    ):
        assert row.match(other) is None, other
