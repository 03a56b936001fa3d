"""XG records, move decoding, span splitting and comments, layer by layer."""

from __future__ import annotations

import pytest
import xg_builder as b

from gamao_cli.engine.position import Position, board_from_points
from gamao_cli.formats.xg import records as rec
from gamao_cli.formats.xg.comments import rtf_text, split_entries
from gamao_cli.formats.xg.moves import Board, decode_pairs, frame, unframe
from gamao_cli.model.actions import Step


def test_match_header_fields() -> None:
    h = rec.match_header(
        b.match_header(
            players=("Kévin", "Bob"),
            length=11,
            variation=1,
            jacoby=True,
            event="Open",
            location="Paris",
            round_="R2",
            transcriber="Me",
            date=45256.5,
        )
    )
    assert h.player_unicode == ("Kévin", "Bob")
    assert h.player_ansi == ("Kévin", "Bob")
    assert (h.length, h.variation, h.crawford, h.jacoby, h.beaver) == (11, 1, True, True, False)
    assert (h.event, h.location, h.round, h.transcriber) == ("Open", "Paris", "R2", "Me")
    assert (h.version, h.magic, h.cube_limit, h.date) == (30, b"DMLI", 10, 45256.5)
    assert h.elo == (1600.0, 1500.0)


def test_old_versions_have_no_unicode_names_or_transcriber() -> None:
    h = rec.match_header(b.match_header(version=23, transcriber="x", cube_limit=7))
    assert h.player_unicode == (None, None)
    assert h.transcriber == ""
    assert h.cube_limit == 7
    assert rec.match_header(b.match_header(version=7)).cube_limit == -1


def test_move_record_fields() -> None:
    m = rec.move_record(
        b.move(-1, (6, 3), (23, 17, 12, 9), err_move=-0.25, err_luck=0.5, unused=True, level=2)
    )
    assert (m.actif, m.dice, m.moves) == (-1, (6, 3), (23, 17, 12, 9, -1, -1, -1, -1))
    assert (m.err_move, m.err_luck, m.unused, m.level, m.candidates) == (-0.25, 0.5, True, 2, 0)


def test_cube_and_footer_records() -> None:
    c = rec.cube_record(b.cube(-1, 1, 2, cube_b=-2, level=3, equities=(0.5, 0.25, 1.0)))
    assert (c.actif, c.double, c.take, c.cube_b, c.level) == (-1, 1, 2, -2, 3)
    assert (c.no_double, c.double_take, c.double_pass) == (0.5, 0.25, 1.0)
    f = rec.game_footer(b.footer((3, 7), -1, 4, 102))
    assert (f.score, f.winner, f.points, f.termination) == ((3, 7), -1, 4, 102)
    assert rec.match_footer(b.match_footer((7, 2), 1)) == rec.MatchFooter((7, 2), 1)


@pytest.mark.parametrize(
    ("level", "name"),
    [
        (0, "1-ply"),
        (2, "3-ply"),
        (12, "3-ply red"),
        (100, "rollout"),
        (998, "book"),
        (1002, "XG Roller++"),
        (-100, ""),
        (50, "level 50"),
    ],
)
def test_level_names(level: int, name: str) -> None:
    assert rec.level_name(level) == name


@pytest.mark.parametrize(
    ("moves", "hops"),
    [
        ((23, 17, 12, 9, -1, -1, -1, -1), ((24, 18), (13, 10))),
        ((23, 20, 20, 14, -1, -1, 2, -1), ((24, 21), (21, 15))),  # junk after the end
        ((24, 20, 5, -1, 5, -3, -1, 0), ((25, 21), (6, 0), (6, 0))),  # bar, bear-offs
        ((0, 0, 0, 0, 0, 0, 0, 0), ()),  # no play
        ((25, 20, -1, -1, -1, -1, -1, -1), None),
        ((5, 9, -1, -1, -1, -1, -1, -1), None),  # backward
        ((-100, 0, -1, -1, -1, -1, -1, -1), None),
    ],
)
def test_decode_pairs(moves: tuple[int, ...], hops: tuple[tuple[int, int], ...] | None) -> None:
    assert decode_pairs(moves) == hops


def _board(me: dict[int, int], opp: dict[int, int]) -> Board:
    return Board((list(board_from_points(me)), list(board_from_points(opp))))


def test_a_span_is_split_one_step_a_die_and_marks_the_blot_it_hits() -> None:
    # opponent blot on our 21 (its 4), opponent point on our 19 (its 6): 24/16 with 5-3
    board = _board({24: 2, 6: 13}, {4: 1, 6: 2, 1: 12})
    steps = board.play(0, (5, 3), ((24, 16),))
    assert steps == (Step(24, 21, hit=True), Step(21, 16))
    assert board.boards[1][25] == 1 and board.boards[1][4] == 0


def test_a_span_goes_around_a_held_point() -> None:
    board = _board({24: 2, 6: 13}, {6: 2, 1: 13})  # our 19 is held: 24/19 is closed
    assert board.play(0, (5, 3), ((24, 16),)) == (Step(24, 21), Step(21, 16))
    board = _board({13: 2, 6: 13}, {4: 2, 1: 13})  # our 21 held, doubles
    assert board.play(0, (2, 2), ((13, 5),)) == (
        Step(13, 11),
        Step(11, 9),
        Step(9, 7),
        Step(7, 5),
    )


def test_bear_off_takes_one_larger_die_first() -> None:
    board = _board({5: 1, 4: 1}, {24: 15})
    assert board.play(0, (6, 3), ((5, 0), (4, 1))) == (Step(5, 0), Step(4, 1))
    board = _board({8: 1, 1: 14}, {24: 15})
    assert board.play(0, (6, 3), ((8, 0),)) == (Step(8, 2), Step(2, 0))


def test_an_impossible_hop_is_kept_as_written() -> None:
    board = _board({24: 2, 6: 13}, {1: 15})
    assert board.play(0, (2, 1), ((24, 10),)) == (Step(24, 10),)
    assert board.boards[0][10] == 1


def test_frames_round_trip() -> None:
    start = Position.start()
    me, opp = list(start.boards[0]), list(start.boards[1])
    cells = frame(me, opp)
    assert cells == b.STANDARD
    assert unframe(cells) == (me, opp)
    assert b.flip(cells) == frame(opp, me)


def test_rtf_to_text() -> None:
    rtf = (
        rb"{\rtf1\ansi\ansicpg1252\uc1\deff0{\fonttbl{\f0\fcharset0 Arial;}}{\colortbl;}"
        rb"{\*\generator Wine Riched20 2.0;}\pard\sl-240\slmult1 \lang1033\fs20\f0 "
        rb"coup \'e0 jouer\par second \u8364? line\par}"
    )
    assert rtf_text(rtf) == "coup à jouer\nsecond € line"
    assert rtf_text(b"plain text ") == "plain text"


def test_comment_entries_keep_their_slots() -> None:
    entry = rb"{\rtf1\ansi{\fonttbl{\f0 Arial;}}" + b"\x01\x02" + rb"\pard one\par" + b"\x01\x02}"
    data = entry + b"\r\n" + b"\r\n" + entry.replace(b"one", b"two") + b"\r\n"
    assert split_entries(data) == ["one", "", "two"]


def test_the_fast_constructors_make_model_objects() -> None:
    from gamao_cli.formats.shells import analysis as fast
    from gamao_cli.model.analysis import Annotation, Candidate, CheckerAnalysis, Probabilities

    assert fast.SHELLS  # the model's layout is the one the shells copy
    made = fast.new_candidate((Step(8, 5),), 0.5, 0.6, 0.2, 0.01, 0.1, 0.005, "3-ply")
    assert made == Candidate((Step(8, 5),), 0.5, Probabilities(0.6, 0.2, 0.01, 0.1, 0.005), "3-ply")
    checker = fast.new_checker((made,), 0, 0.0, "XG Roller++", False)
    assert checker == CheckerAnalysis((made,), 0, 0.0, "XG Roller++", False)
    note = fast.new_annotation(2, checker, None, -0.1, "", "xg")
    assert note == Annotation(2, checker, None, -0.1, "", "xg")
    assert type(note) is Annotation and hash(note) == hash(
        Annotation(2, checker, None, -0.1, "", "xg")
    )
