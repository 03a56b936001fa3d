"""Repairs written into a ``.mat`` file's own text (formats/mat/patch.py): the repair is the
only difference, in the file's dialect, with its line ends and encoding."""

from __future__ import annotations

import io

from gamao_cli.analysis.repair import repair_match
from gamao_cli.formats.mat.patch import patch_mat
from gamao_cli.formats.mat.reader import read_mat
from gamao_cli.formats.mat.writer import write_mat
from gamao_cli.formats.textio import decode_whole, detect_encoding
from tests.helpers import self_play


def _patched(data: bytes) -> bytes | None:
    text = decode_whole(data, detect_encoding(data))
    found = list(read_mat(io.StringIO(text), "t.mat"))
    return patch_mat(data, [(m, repair_match(m).match) for m in found])


def test_winner_moved_result_and_score_added_crlf_and_ratings_kept() -> None:
    game1 = (
        " 3 point match\r\n\r\n Game 1\r\n"
        " nicksbar,1706 : 0                nori,1767 : 0\r\n"
        "  1) 31: 8/5 6/5                 42: 8/4 6/4\r\n"
        "  2)  Doubles => 2                Drops\r\n"
    )
    data = (
        game1 + "                                  Wins 1 point\r\n\r\n Game 2\r\n"
        "  1) 31: 8/5 6/5                 42: 8/4 6/4\r\n"
        "  2)  Doubles => 2                Drops\r\n"
    ).encode()
    # the right player dropped: the left one won; game 2 lacks its score line and result
    assert (
        _patched(data)
        == (
            game1 + "      Wins 1 point\r\n\r\n Game 2\r\n"
            " nicksbar,1706 : 1               nori,1767 : 0\r\n"
            "  1) 31: 8/5 6/5                 42: 8/4 6/4\r\n"
            "  2)  Doubles => 2                Drops\r\n"
            "      Wins 1 point\r\n"
        ).encode()
    )


def test_a_forced_play_is_written_in_the_files_numerals_one_hop_a_die() -> None:
    # A self-played game in gamao's (gnubg's) layout, numeric bar and off; the left cell of
    # row 39 (66: four sixes, one play) blanked as GridGammon leaves forced plays.
    buf = io.StringIO()
    write_mat(self_play(1, 1), buf)
    lines = buf.getvalue().splitlines(keepends=True)
    assert lines[42] == " 39) 66: 14/8 8/2 6/0 2/0        25: 25/20 21/19 \n"
    blank = [*lines[:42], " 39) 66:                         25: 25/20 21/19 \n", *lines[43:]]
    assert _patched("".join(blank).encode()) == "".join(lines).encode()


def test_cp1252_bytes_and_trailing_blanks_kept() -> None:
    data = (
        '; [Site "Café"]\n\n 1 point match\n\n Game 1\n'
        " Zoë : 0                        Ann : 0\n"
        "  1)                            Doubles => 2   \n"
        "  2)  Drops\n"
        "                                Wins 2 points   \n"
    ).encode("cp1252")
    assert _patched(data) == data.replace(b"Wins 2 points   ", b"Wins 1 point   ")


def test_nothing_is_patched_where_the_text_is_not_what_the_reader_read() -> None:
    data = (
        b" 1 point match\n\n Game 1\n a : 0                          b : 0\n"
        b"  1) 31: 8/5 6/5                 Doubles => 2\n"
        b"  2)  Drops\n"
        b"                                Wins 2 points\n"
    )
    [match] = list(read_mat(io.StringIO(data.decode()), "t.mat"))
    repaired = repair_match(match).match
    assert patch_mat(data, [(match, repaired)]) == data.replace(b"2 points", b"1 point")
    moved = data.replace(b"Wins 2 points", b"  Wins 2 points")  # not at the column read
    assert patch_mat(moved, [(match, repaired)]) is None
