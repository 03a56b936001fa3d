"""The .mat reader on small hand-written fixtures: one test per dialect item.

Checklist items are formats.md section 7 (``C1``..``C15``) and section 8 (``A1``..``A9``).
"""

from __future__ import annotations

import io

from mat_helpers import FIXTURES, codes, read_fixture, read_text, summaries

from gamao_cli.formats.mat import reader as mat_reader
from gamao_cli.formats.mat import state as mat_state
from gamao_cli.formats.mat.reader import read_mat
from gamao_cli.formats.textio import text_stream
from gamao_cli.model import Location, Move, MoveMark, Rules, SetPosition, Severity, Variant, Win


def test_bom_crlf_trailing_blanks_three_blank_lines_c1() -> None:
    (match,) = read_fixture("bom_crlf.mat")
    assert match.diagnostics == ()
    assert match.players == ("Kévin UNGER", "Johan HUYCK")
    assert match.length == 3
    assert match.location == Location("bom_crlf.mat", 9, 1)
    assert [(g.number, g.score, g.location.line) for g in match.games] == [
        (1, (0, 0), 11),
        (2, (0, 2), 20),
        (3, (1, 2), 28),
    ]
    assert summaries(match.games[0]) == [
        "1 P1 21: 24/23 13/11 [play] @13:40",
        "2 P0 63: 24/15 [play] @14:6",
        "2 P1 44: bar/20* bar/20* 13/9 13/9 [play] @14:40",
        "3 P0 51: bar/20 6/5* [play] @15:6",
        "3 P1 66:  [cannot-move] @15:40",
        "4 P0 11:  [unknown] @16:6",
        "4 P1 Wins 2 @16:41",
    ]
    assert summaries(match.games[2])[-1] == "- P0 Wins 2 and the match @32:7"
    # the cell text is kept as written, without the padding blanks
    assert match.games[0].actions[2].text == "44: Bar/20*(2) 13/9(2)"


def test_crlf_kept_in_a_string_stream_reads_the_same() -> None:
    raw = (FIXTURES / "bom_crlf.mat").read_bytes().decode("utf-8")
    assert raw.startswith("\ufeff") and "\r\n" in raw
    from_string = list(read_mat(io.StringIO(raw, newline=""), "bom_crlf.mat"))
    stream, encoding = text_stream(io.BytesIO((FIXTURES / "bom_crlf.mat").read_bytes()))
    from_bytes = list(read_mat(stream, "bom_crlf.mat"))
    assert encoding == "utf-8-sig"
    assert from_string == from_bytes


def test_match_length_with_and_without_leading_space_money_c2() -> None:
    assert [m.length for m in read_text(" 7 point match\n")] == [7]
    assert [m.length for m in read_text("7 Point Match\n")] == [7]
    (money,) = read_fixture("xg_mobile_money.mat")
    assert money.length == 0
    assert money.is_money
    assert money.diagnostics == ()
    assert summaries(money.games[0]) == [
        "1 P1 15: 24/23 23/18 [play] @13:38",
        "2 P0 21: 13/11 8/7 [play] @14:5",
        "2 P1 64: bar/21 24/18 [play] @14:38",
        "9 P0 Double 2 @15:6",
        "9 P1 Take @15:39",
        "10 P0 52: bar/23 23/18 [play] @16:5",
        "10 P1 11:  [empty] @16:38",
        "11 P0 53: 1/off 1/off [play] @17:5",
        "12 P0 Wins 4 @18:6",
    ]
    assert money.rules == Rules(Variant.STANDARD, True, None, True, False, 1024)
    # a tag line with trailing blanks is still a tag
    assert ("EventDate", "2022.12.24") in money.tags


def test_xg_desktop_columns_mapped_by_score_line_names_c3() -> None:
    (match,) = read_fixture("xg_desktop_bar_off.mat")
    assert match.diagnostics == ()
    # the left column is the tags' Player 2: player 0 is the score line's left name
    assert match.players == ("Kévin UNGER Nicolas HARMAND", "Johan HUYCK Michael LARSEN")
    assert match.tag("Player 2") == match.players[0]
    assert match.games[0].players == match.players
    assert match.rules.crawford is True
    assert summaries(match.games[0]) == [
        "1 P1 21: 24/23 13/11 [play] @10:40",
        "2 P0 21: 24/23 13/11 [play] @11:6",
        "2 P1 63: 23/14* [play] @11:40",
        "3 P0 51: bar/20 23/22 [play] @12:6",
        "3 P1 43: 24/20 14/11 [play] @12:40",
        "4 P0 22: 24/20 6/4* 6/4* [play] @13:6",
        "4 P1 62: bar/23 8/2 [play] @13:40",
        "5 P0 66: 24/18 14/8 13/7* 13/7* [play] @14:6",
        "5 P1 33: 13/7 13/7 [play] @14:40",
        "6 P0 44: 20/4 [play] @15:6",
        "6 P1 66: 7/1 7/1 7/1 7/1 [play] @15:40",
        "7 P0 62: 6/off 4/2 [play] @16:6",
        "7 P1 65: 1/off 1/off [play] @16:40",
        "8 P0 11:  [unknown] @17:6",
        "8 P1 Wins 2 @17:41",
    ]


def test_rating_suffix_resumed_score_rolled_dice_empty_cells_c4_c5_a3() -> None:
    (match,) = read_fixture("gridgammon_rating.mat")
    assert match.diagnostics == ()
    assert match.players == ("BlueNote", "nori")
    assert match.ratings == ("1780", "1830")
    assert match.games[0].score == (1, 0)
    assert summaries(match.games[0]) == [
        "1 P1 36: 24/18 13/10 [play] @5:34",
        "2 P0 56: 13/7 6/1 [play] @6:6",
        "2 P1 24: bar/21 bar/23 [play] @6:34",
        "3 P0 12: 7/5 6/5 [play] @7:6",
        "3 P1 66:  [empty] @7:34",
        "4 P0 64:  [empty] @8:6",
        "4 P1 32: bar/23 6/3 [play] @8:34",
        "5 P0 45:  [empty] @9:6",
        "5 P1 44:  [empty] @9:34",
        "- P1 Wins 2 @10:35",
    ]
    second = match.games[0].actions[1]
    assert isinstance(second, Move) and second.dice == (5, 6)


def test_studio_unpadded_rows_numbered_wins_trailing_empty_row_c11() -> None:
    (match,) = read_fixture("studio_numbered_wins.mat")
    assert match.diagnostics == ()
    assert [summaries(g) for g in match.games] == [
        [
            "1 P0 54: 24/20 13/8 [play] @12:6",
            "1 P1 31: 8/5* 6/5 [play] @12:41",
            "2 P0 51: bar/24 13/8 [play] @13:6",
            "2 P1 64:  [cannot-move] @13:41",
            "3 P0 55: 8/3 8/3 6/1* 6/1* [play] @14:6",
            "3 P1 Double 2 @14:42",
            "4 P0 Drop @15:7",
            "4 P1 Wins 1 @15:42",
        ],
        [
            "1 P0 21: 24/23 13/11 [play] @20:6",
            "1 P1 32: 24/21 13/11 [play] @20:41",
            "9 P0 61: 8/2 3/2 [play] @21:6",
            "9 P1 11: 2/1* 2/1* 2/1* 2/1* [play] @21:41",
            "10 P0 51: 8/7 8/3 [play] @22:7",
            "10 P1 64: 17/7 [play] @22:41",
            "11 P0 21: 1/off [play] @23:7",
            "12 P0 Wins 2 @24:8",
        ],
        [
            "1 P1 32: 24/21 13/11 [play] @28:41",
            "10 P0 53: 9/6 9/4 [play] @29:7",
            "10 P1 43: 5/off 3/off [play] @29:41",
            "11 P1 Wins 4 @30:42",
        ],
    ]


def test_cannot_move_empty_and_unknown_marks_c8() -> None:
    (match,) = read_text(
        " 1 point match\n\n Game 1\n A : 0                          B : 0\n"
        "  1) 43:                        66: Cannot Move\n"
        "  2) 21: can't move             11: ???\n"
        "  3) 52: ????                    Wins 1 point\n"
    )
    assert [a.mark for a in match.games[0].actions if isinstance(a, Move)] == [
        MoveMark.EMPTY,
        MoveMark.CANNOT_MOVE,
        MoveMark.CANNOT_MOVE,
        MoveMark.UNKNOWN,
        MoveMark.UNKNOWN,
    ]
    assert match.diagnostics == ()


def test_illegal_play_cells_become_set_positions_c9_a1() -> None:
    (match,) = read_fixture("snowie_illegal_play.mat")
    assert match.diagnostics == ()
    assert summaries(match.games[0]) == [
        "1 P1 21: 13/11 6/5 [play] @5:34",
        "2 col0 SetPosition turn=1 dice=(1, 1) cube=2 owner=1 @6:6",
        "2 P1 11:  [empty] @6:121",
        "3 P0 53: 6/1 6/3 [play] @7:6",
        "3 col1 SetPosition turn=0 dice=(4, 3) cube=2 owner=1 @7:34",
        "4 col0 SetPosition turn=1 dice=None cube=1 owner=-1 @8:6",
        "4 P1 Double 2 @8:124",
        "5 P0 Drop @9:7",
        "5 P1 Wins 1 @9:35",
    ]
    first = match.games[0].actions[1]
    assert isinstance(first, SetPosition)
    # nori (player 0) played 11 illegally; Kenji (player 1) is on roll with 2 on the bar
    assert first.boards == (
        (0, 2, 2, 2, 3, 3, 3) + (0,) * 19,
        (0, 3, 4, 2, 2, 2) + (0,) * 19 + (2,),
    )
    assert first.text.startswith("11: Illegal play (25;0;1;0;0;Kenji;nori;")


def test_cube_phrases_any_case_and_spacing_raccoon_c10() -> None:
    (match,) = read_text(
        " 0 point match\n\n Game 1\n A : 0                          B : 0\n"
        "  1) 31: 8/5 6/5                 DOUBLES=>2\n"
        "  2)  beavers =>  4              Raccoons => 8\n"
        "  3)  drops                      wins 4 points\n"
    )
    assert match.diagnostics == ()
    assert summaries(match.games[0]) == [
        "1 P0 31: 8/5 6/5 [play] @5:6",
        "1 P1 Double 2 @5:34",
        "2 P0 Beaver 4 @6:7",
        "2 P1 Beaver 8 @6:34",
        "3 P0 Drop @7:7",
        "3 P1 Wins 4 @7:34",
    ]


def test_gnubg_beaver_exchanges_by_column_not_alternation_c10() -> None:
    (match,) = read_fixture("beaver_gnubg.mat")
    assert match.diagnostics == ()
    assert [summaries(g) for g in match.games] == [
        [
            "1 P1 53: 8/3 6/3 [play] @7:34",
            "2 P0 Double 2 @8:7",
            "2 P1 Beaver 4 @8:35",
            "- P0 Take @8:35",  # the take gnubg leaves out: the game goes on (beavers.py)
            "3 P0 55: 13/8 13/8 8/3 8/3 [play] @9:6",
            "3 P1 Double 8 @9:35",
            "4 P0 Drop @10:7",
            "4 P1 Wins 4 @10:35",
        ],
        [
            "1 P0 43: 24/20 13/10 [play] @14:6",
            "1 P1 Double 2 @14:35",
            "2 P0 Beaver 4 @15:7",
            "- P1 Take @15:7",
            "2 P1 42: 8/4 6/4 [play] @15:34",
            "3 P0 Double 2 @16:7",
            "3 P1 Beaver 4 @16:35",
            "4 P0 Beaver 8 @17:7",
            "- P1 Take @17:7",
            "5 P0 54: 13/8 13/9 [play] @18:6",
            "5 P1 43: 13/9 13/10 [play] @18:34",
            "6 P0 Beaver 16 @19:7",
            "6 P1 Drop @19:35",
            "- P0 Wins 8 @20:7",
        ],
    ]


def test_wins_at_column_one_names_no_winner_drops_then_blanks_a8_a9() -> None:
    (match,) = read_fixture("javafibs_wins_col1.mat")
    assert match.diagnostics == ()
    assert summaries(match.games[1]) == [
        "1 P0 26: 24/18 13/11 [play] @12:6",
        "1 P1 42: 8/4 6/4 [play] @12:34",
        "2 P0 54:  [empty] @13:6",
        "2 P1 35: 8/3 6/3 [play] @13:34",
        "3 P0 Double 2 @14:7",
        "3 P1 Drop @14:35",
        "- P? Wins 1 @15:2",
    ]
    assert summaries(match.games[0])[-2:] == ["4 P0 Drop @8:7", "4 P1 Wins 1 @8:35"]


def test_galaxy_losses_cell_kept_on_the_win_a2() -> None:
    (match,) = read_fixture("galaxy_losses.mat")
    assert match.diagnostics == ()
    win = match.games[0].actions[-1]
    assert win == Win(
        player=1,
        points=1,
        and_the_match=True,
        text="Wins 1 point and the match",
        number=3,
        location=Location("galaxy_losses.mat", 17, 68),
        extra=(("losses", "1"),),
    )


def test_losses_without_a_confirming_win_is_reported() -> None:
    (match,) = read_text(
        " 1 point match\n\n Game 1\n A : 0                          B : 0\n  1)  Losses 1 point\n"
    )
    assert codes(match) == [("P117", "warning", 5, 7), ("P105", "warning", 3, 2)]


def test_long_left_cell_pushes_the_right_cell_tabs_chains_c14() -> None:
    (match,) = read_fixture("long_left_cell.mat")
    assert match.diagnostics == ()
    assert summaries(match.games[0]) == [
        "1 P1 61: 8/7 13/7 [play] @5:34",
        "11 P0 11: bar/24 24/23 23/22* 22/21 [play] @6:6",
        "11 P1 64: bar/21 21/15 [play] @6:35",
        "12 P0 61: 21/15 24/23 [play] @7:6",
        "12 P1 54: 15/10* 11/7 [play] @7:34",
        "13 P0 11: 7/6 7/6 6/5 6/5 [play] @8:6",
        "13 P1 Double 2 @8:30",
        "14 P0 Take @9:7",
        "14 P1 33: bar/22 13/10 10/7 13/10 [play] @9:34",
        "15 P0 11: 8/7 7/6 6/5* 4/3 3/2 2/1 [play] @10:6",
        "15 P1 44:  [empty] @10:27",
        "16 P0 64: 13/7 7/3* [play] @11:6",
        "16 P1 32: bar/22* 24/22 [play] @11:34",
        "17 P0 Double 4 @12:7",
        "17 P1 Drop @12:35",
        "- P0 Wins 2 @13:7",
    ]


def test_several_matches_in_one_file_bbgt() -> None:
    first, second = read_fixture("bbgt_two_matches.mat")
    assert (first.players, first.length, first.tags) == (
        ("Alice", "Bob"),
        3,
        (("Event", "Club night"), ("Round", "1")),
    )
    assert (second.players, second.length, second.tags) == (
        ("Carol", "Dave"),
        1,
        (("Event", "Club night"), ("Round", "2")),
    )
    assert second.location == Location("bbgt_two_matches.mat", 15, 2)
    assert summaries(second.games[0]) == [
        "1 P1 61: 13/7 8/7 [play] @19:34",
        "2 P0 65: 24/18 18/13 [play] @20:6",
        "2 P1 Double 2 @20:35",
        "3 P0 Drop @21:7",
        "3 P1 Wins 1 @21:35",
    ]
    assert first.diagnostics == second.diagnostics == ()


def test_matches_are_yielded_one_at_a_time() -> None:
    text = (FIXTURES / "bbgt_two_matches.mat").read_text()
    second = text.index("; [Event", 1)
    many = text + text[second:] * 2000  # about 500 KB: many blocks of input
    stream = io.StringIO(many)
    matches = read_mat(stream, "bbgt")
    first = next(matches)
    assert first.players == ("Alice", "Bob")
    # the reader stopped within one block of the second match's length line
    assert stream.tell() <= second + mat_state.BLOCK + 1 < len(many)
    rest = list(matches)
    assert [m.players for m in rest] == [("Carol", "Dave")] * 2001
    # line numbers run on across the blocks
    per_match = text[second:].count("\n")
    assert rest[-1].location.line == rest[0].location.line + 2000 * per_match
    assert rest[-1].games[0].actions[0].location.line == (
        rest[0].games[0].actions[0].location.line + 2000 * per_match
    )


def test_nackgammon_variation_tag() -> None:
    (match,) = read_fixture("nackgammon_gnubg.mat")
    assert match.rules.variant is Variant.NACKGAMMON
    assert match.diagnostics == ()


def test_rule_tags_hash_lines_nj_comments_c13() -> None:
    (match,) = read_fixture("cubeless_nj.mat")
    assert match.diagnostics == ()
    assert match.rules == Rules(Variant.STANDARD, False, False, None, None, 1)
    assert match.tags == (("Site", "Live"), ("Crawford", "Off"), ("CubeLimit", "1"))
    assert match.comments == (
        "exported by hand",
        "[Game 1, Move 3: Dice set to 6-4]",
        "a free comment line",
    )
    assert match.games[0].properties == (("comment", "[Game 1, Move 2: Dice set to 3-1]"),)
    assert summaries(match.games[0]) == [
        "1 P0 64: 24/18 13/9 [play] @12:6",
        "1 P1 31: 8/5 6/5 [play] @12:34",
        "2 P0 31: 8/5 6/5 [play] @14:6",
        "- P0 Wins 1 @15:7",
    ]


def test_swapped_score_line_names_map_columns_by_name() -> None:
    (match,) = read_fixture("swapped_names.mat")
    assert codes(match) == [("P113", "info", 10, 1)]
    second = match.games[1]
    assert second.players == ("Ann", "Ben")
    assert second.score == (1, 0)
    assert summaries(second) == [
        "1 P1 43: 24/20 13/10 [play] @11:6",
        "1 P0 61: 13/7 8/7 [play] @11:34",
        "- P0 Wins 2 @12:35",
    ]


def test_score_line_without_blank_after_a_31_character_left_part() -> None:
    (match,) = read_text(
        " 7 point match\n\n Game 1\n Kévin UNGER Nicolas HARMAND : 0Johan HUYCK : 0\n"
    )
    assert match.players == ("Kévin UNGER Nicolas HARMAND", "Johan HUYCK")
    assert match.games[0].score == (0, 0)


def test_broken_input_is_reported_and_reading_goes_on() -> None:
    (match,) = read_fixture("broken.mat")
    assert codes(match) == [
        ("P101", "error", 3, 1),
        ("P103", "error", 8, 2),
        ("P102", "error", 9, 42),
        ("P107", "error", 10, 6),
        ("P108", "error", 10, 34),
        ("P118", "warning", 11, 40),
        ("P110", "info", 12, 1),
        ("P102", "error", 13, 34),
        ("P101", "error", 19, 6),
        ("P116", "warning", 19, 49),
        ("P105", "warning", 16, 2),
        ("P111", "warning", 1, 1),
        ("P112", "warning", 2, 1),
    ]
    assert [d.message for d in match.diagnostics[:5]] == [
        "unreadable line `garbage before the match line` before the match length line",
        "expected a score line such as `Alice : 0   Bob : 0`, found `Ann 0 Ben 0`",
        "play `8/4 xx/4` is not readable: 'xx/4' is not a move such as 8/5, bar/22* or 6/off(2)",
        "dice 78 are not two numbers 1..6",
        "`Doubles =>` gives no cube value; 2 assumed",
    ]
    assert [d.game for d in match.diagnostics] == [None, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, None, None]
    first, second = match.games
    assert (first.score, first.players) == (None, None)
    assert summaries(first) == [
        "1 P0 31: 8/5 6/5 [play] @9:6",
        "1 P1 42:  [unparsed] @9:34",
        "2 P0 78:  [unparsed] @10:6",
        "2 P1 Double 2 @10:34",
        "3 P0 53: 8/3 6/3 [play] @11:6",
        "3 P1 Take @11:34",
        "4 P0 65:  [unparsed] @13:6",
        "- P0 Wins 1 @14:7",
    ]
    assert first.actions[1].text == "42: 8/4 xx/4"
    assert first.properties == (("comment", "Set Pos=-b----E-C---eE---c-e----B-/00"),)
    assert (second.score, second.players) == ((1, 0), ("Ann", "Ben"))
    assert len(second.actions) == 5
    assert match.rules == Rules()


def test_empty_and_blank_input() -> None:
    for text in ("", "\n\n   \n"):
        (match,) = read_text(text)
        assert match.games == ()
        assert codes(match) == [("P106", "error", 0, 0)]
        assert match.diagnostics[0].message == "the input is empty"


def test_binary_input_is_refused() -> None:
    (match,) = read_text("\x00\x01\x02junk\x00" * 50)
    assert codes(match) == [("P106", "error", 1, 0)]
    assert match.diagnostics[0].message == "the input is binary, not match text"


def test_text_without_a_match() -> None:
    (match,) = read_text("hello\nworld\n")
    assert codes(match) == [
        ("P101", "error", 1, 1),
        ("P101", "error", 2, 1),
        ("P104", "error", 0, 0),
        ("P122", "error", 0, 0),
    ]


def test_rows_without_a_match_length_or_game_header() -> None:
    (match,) = read_text("  1) 31: 8/5 6/5                 42: 8/4 6/4\n      Wins 1 point\n")
    assert codes(match) == [("P104", "error", 1, 1), ("P115", "warning", 1, 1)]
    assert match.length == 0
    assert summaries(match.games[0]) == [
        "1 P0 31: 8/5 6/5 [play] @1:6",
        "1 P1 42: 8/4 6/4 [play] @1:34",
        "- P0 Wins 1 @2:7",
    ]


def test_game_header_without_score_line_and_second_length_line() -> None:
    (match,) = read_text(" 3 point match\n 5 point match\n\n Game 1\n  1) 31: 8/5 6/5\n Game 2\n")
    assert match.length == 5
    assert codes(match) == [
        ("P103", "error", 5, 3),
        ("P105", "warning", 4, 2),
        ("P103", "error", 6, 2),
        ("P105", "warning", 6, 2),
        ("P120", "warning", 2, 2),  # decided at the match's end: which length the end confirms
    ]
    assert [len(g.actions) for g in match.games] == [1, 0]


def test_two_cells_in_the_right_column() -> None:
    (match,) = read_text(
        " 1 point match\n\n Game 1\n A : 0                          B : 0\n"
        "  1)                             42: 8/4 6/4  Wins 1 point\n"
    )
    assert codes(match) == [("P116", "warning", 5, 47)]
    assert summaries(match.games[0]) == ["1 P1 42: 8/4 6/4 [play] @5:34", "1 P1 Wins 1 @5:47"]


def test_name_line_without_scores() -> None:
    (match,) = read_text(" 1 point match\n\n Game 1\n Alice                          Bob\n")
    assert match.players == ("Alice", "Bob")
    assert match.games[0].score is None
    assert match.games[0].score_location is None
    assert [d.code for d in match.diagnostics] == ["P121", "P105"]


def test_score_lines_are_located() -> None:
    # Game 1's plain score line takes the quick path, game 2's (a tab, a comment before it)
    # the general one: both keep the line and the column of the first name.
    (match,) = read_text(
        " 3 point match\n\n Game 1\n Alice : 0                      Bob : 0\n"
        "  1) 31: 8/5 6/5                 42: 8/4 6/4\n"
        "      Wins 1 point\n\n Game 2\n; note\n\t  Alice : 1              Bob : 0\n"
        "  1) 31: 8/5 6/5                 42: 8/4 6/4\n"
        "      Wins 1 point\n"
    )
    assert [(g.location, g.score, g.score_location) for g in match.games] == [
        (Location("t.mat", 3, 2), (0, 0), Location("t.mat", 4, 2)),
        (Location("t.mat", 8, 2), (1, 0), Location("t.mat", 10, 11)),
    ]


def test_over_long_line_is_cut() -> None:
    text = (
        " 1 point match\n\n Game 1\n A : 0        B : 0\n" + "x" * 70000 + "\n      Wins 1 point\n"
    )
    (match,) = read_text(text)
    assert [d.code for d in match.diagnostics] == ["P114", "P101"]
    assert match.diagnostics[0].message == "line longer than 65536 characters; 4465 more ignored"
    assert summaries(match.games[0]) == ["- P0 Wins 1 @6:7"]


def test_over_long_line_longer_than_a_block_is_skipped() -> None:
    text = (
        " 1 point match\n\n Game 1\n A : 0        B : 0\n"
        + "  1) 31: 8/5 6/5"
        + " " * 200000
        + "42: 8/4 6/4\n      Wins 1 point\n"
    )
    (match,) = read_text(text)
    assert [(d.code, d.location.line) for d in match.diagnostics] == [("P114", 5)]
    skipped = len(text.split("\n")[4]) - mat_reader.MAX_LINE + 1
    assert match.diagnostics[0].message == (
        f"line longer than 65536 characters; {skipped} more ignored"
    )
    assert summaries(match.games[0]) == ["1 P0 31: 8/5 6/5 [play] @5:6", "- P0 Wins 1 @6:7"]


def test_carriage_returns_end_lines_like_newlines() -> None:
    text = (FIXTURES / "bbgt_two_matches.mat").read_text()
    assert "\r" not in text
    expected = read_text(text)
    assert read_text(text.replace("\n", "\r")) == expected
    assert read_text(text.replace("\n", "\r\n")) == expected


class _FailingStream(io.StringIO):
    """Text that cannot be decoded past its first ``good`` characters."""

    def __init__(self, text: str, good: int) -> None:
        super().__init__(text)
        self.good = good

    def read(self, size: int | None = -1, /) -> str:
        if self.tell() >= self.good:
            raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")
        return super().read(min(size if size is not None and size >= 0 else self.good, self.good))


def test_read_error_ends_the_input_with_a_diagnostic() -> None:
    text = " 1 point match\n\n Game 1\n A : 0        B : 0\n  1) 31: 8/5 6/5\n  2) 42: 8"
    (match,) = list(read_mat(_FailingStream(text, len(text) - 5), "bad.mat"))
    assert [(d.code, d.location.line) for d in match.diagnostics] == [("P106", 6), ("P105", 3)]
    assert match.diagnostics[0].message == (
        "the input cannot be read as text past this point: 'utf-8' codec can't decode byte "
        "0xff in position 0: invalid start byte"
    )
    assert summaries(match.games[0]) == ["1 P0 31: 8/5 6/5 [play] @5:6"]


def test_unreadable_plays_are_reported_every_time() -> None:
    text = " 1 point match\n\n Game 1\n A : 0        B : 0\n  1) 31: 8/5 6/x\n"
    for _ in range(2):  # the second reading finds the play in the shared cache
        (match,) = read_text(text)
        assert [(d.code, d.location.column) for d in match.diagnostics] == [
            ("P102", 14),
            ("P105", 2),
        ]


def test_illegal_play_problems() -> None:
    (match,) = read_text(
        " 1 point match\n\n Game 1\n A : 0                          B : 0\n"
        "  1) 31: Illegal play (1;2;3)      Illegal play (nonsense)\n"
        + "  2) 31: Illegal play (25;0;1;0;0;A;B;0;0;0;1;0;0;"
        + "0;" * 23
        + "15;0;0;0;)\n"
    )
    assert [(d.code, d.location.column) for d in match.diagnostics] == [
        ("P109", 6),
        ("P109", 36),
        ("P119", 6),
        ("P105", 2),
    ]
    moves = match.games[0].actions
    assert isinstance(moves[0], Move) and moves[0].mark is MoveMark.UNPARSED
    position = moves[1]
    assert isinstance(position, SetPosition)
    # the position names A, who just played: A stays on roll as the cell says
    assert (position.turn, position.player) == (0, 0)


def test_diagnostic_severities_and_codes_are_documented() -> None:
    import re
    from pathlib import Path

    from gamao_cli.formats.mat import reader as mat_reader

    folder = Path(mat_reader.__file__).parent  # the sources, also in the compiled build
    sources = sorted(p for p in folder.glob("*.py") if p.name != "writer.py")
    source = "".join(p.read_text() for p in sources)
    used = set(re.findall(r'"(P1\d\d)"', source))
    assert used == set(mat_reader.MAT_CODES)
    assert all(text and not text.endswith(".") for text in mat_reader.MAT_CODES.values())
    (match,) = read_fixture("broken.mat")
    assert {d.severity for d in match.diagnostics} == {
        Severity.ERROR,
        Severity.WARNING,
        Severity.INFO,
    }
