"""The XG reader on hand-built files: header, games, results, analysis, comments, .xgp."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import xg_builder as b

from gamao_cli.analysis.replay import replay_match
from gamao_cli.engine.position import Position
from gamao_cli.formats import registry
from gamao_cli.formats.inputs import read_path
from gamao_cli.formats.xg.reader import read_xg, read_xgp
from gamao_cli.model.actions import (
    Beaver,
    Double,
    Drop,
    Move,
    MoveMark,
    Resign,
    SetPosition,
    Step,
    Take,
    Win,
)
from gamao_cli.model.diagnostics import Severity
from gamao_cli.model.match import Match, Variant

S = b.STANDARD
ALICE_31 = b.end_after(S, {5: 2, 6: 4, 8: 2})  # 8/5 6/5, Alice's (player 1's) frame


def _match(records: list[bytes], streams: tuple[tuple[str, bytes], ...] = ()) -> Match:
    data = b.archive([("temp.xg", b"".join(records)), *streams])
    return next(read_xg(io.BytesIO(data), "t.xg"))


def _game(*body: bytes, header: bytes | None = None) -> list[bytes]:
    return [header or b.match_header(), b.game_header(), *body]


def _codes(match: Match) -> list[str]:
    return [d.code for d in match.diagnostics]


def test_header_tags_rules_and_ratings() -> None:
    match = _match(
        _game(
            b.footer((1, 0), 1, 1, 1),
            header=b.match_header(
                players=("Kévin", "Bob"),
                event="HSBT",
                location="Paris",
                round_="Final",
                transcriber="Kévin",
                date=45256.395833333336,
            ),
        )
    )
    assert match.players == ("Kévin", "Bob")
    assert match.length == 7
    assert match.tags == (
        ("Site", "Paris"),
        ("Event", "HSBT"),
        ("Round", "Final"),
        ("EventDate", "2023.11.26"),
        ("EventTime", "09.30"),
        ("Variation", "Backgammon"),
        ("Crawford", "On"),
        ("CubeLimit", "1024"),
        ("Transcriber", "Kévin"),
        ("XG Game Name", "Played on Test"),
    )
    assert match.rules.variant is Variant.STANDARD
    assert (match.rules.crawford, match.rules.cube_limit) == (True, 1024)
    assert match.ratings == ("1600.00", "1500.00")
    assert match.source_format == "xg"


def test_money_session() -> None:
    match = _match(
        _game(b.footer((1, 0), 1, 1, 1), header=b.match_header(length=99999, jacoby=True))
    )
    assert match.length == 0
    assert (match.rules.crawford, match.rules.jacoby, match.rules.beavers) == (False, True, False)
    assert ("Jacoby", "On") in match.tags and ("Beaver", "Off") in match.tags


def test_a_cube_limit_of_1_is_no_cube() -> None:
    nocube = _match(_game(b.footer((1, 0), 1, 1, 1), header=b.match_header(cube_limit=0)))
    assert (nocube.rules.cube, nocube.rules.cube_limit) == (False, 1)
    assert ("CubeLimit", "1") in nocube.tags
    old = _match(_game(b.footer((1, 0), 1, 1, 1), header=b.match_header(version=7)))
    assert (old.rules.cube, old.rules.cube_limit, old.tag("CubeLimit")) == (True, None, None)


def test_variations_are_carried_in_the_rules() -> None:
    nack = _match(_game(b.footer((1, 0), 1, 1, 1), header=b.match_header(variation=1)))
    assert nack.rules.variant is Variant.NACKGAMMON
    assert ("Variation", "NackGammon") in nack.tags
    hyper_start = [0] * 26
    hyper_start[22], hyper_start[23], hyper_start[24] = 1, 1, 1
    hyper_start[1], hyper_start[2], hyper_start[3] = -1, -1, -1
    records = [
        b.match_header(variation=2),
        b.game_header(position=hyper_start),
        b.footer((1, 0), 1, 1, 1),
    ]
    hyper = _match(records)
    assert hyper.rules.variant is Variant.HYPERGAMMON
    start = hyper.games[0].start
    assert isinstance(start, SetPosition)
    assert [i for i, n in enumerate(start.boards[0]) if n and i] == [22, 23, 24]
    assert [i for i, n in enumerate(start.boards[1]) if n and i] == [22, 23, 24]
    records.insert(2, b.move(-1, (2, 1), (23, 21)))
    started = _match(records).games[0].start
    assert started is not None and started.turn == 1  # the first to move


def test_longgammon_is_read_from_its_start_position_with_a_warning() -> None:
    start = [0] * 26
    start[24], start[1] = 15, -15  # every checker on its own 24 point
    records = [
        b.match_header(variation=3),
        b.game_header(position=start),
        b.footer((1, 0), 1, 1, 1),
    ]
    match = _match(records)
    assert _codes(match) == ["P425"]
    assert "Longgammon" in match.diagnostics[0].message
    assert match.rules.variant is Variant.STANDARD and ("Variation", "Longgammon") in match.tags
    begin = match.games[0].start
    assert begin is not None and begin.boards[0][24] == 15 and begin.boards[1][24] == 15


def test_ansi_names_when_the_unicode_ones_are_unusable() -> None:
    bad = b"\x00\xd8A\x00\x00\x00"  # a lone surrogate
    header = b.match_header(players=("Ann", "Bo"), unicode_names=(bad, "Bö".encode("utf-16-le")))
    match = _match(_game(b.footer((1, 0), 1, 1, 1), header=header))
    assert match.players == ("Ann", "Bö")
    assert _codes(match) == ["P422"]
    old = _match(_game(b.footer((1, 0), 1, 1, 1), header=b.match_header(version=21)))
    assert old.players == ("Alice", "Bob") and old.diagnostics == ()


def test_a_drop_game_and_its_analysis() -> None:
    match = _match([r for r in _split(b.drop_game())])
    game = match.games[0]
    assert game.actions[1] == Move(
        1, (6, 5), (Step(24, 18), Step(18, 13)), "65: 24/18 18/13", number=1, location=game.location
    )
    assert [type(a) for a in game.actions[2:]] == [Double, Drop, Win]
    assert game.actions[2] == Double(0, 2, "Doubles => 2", 2, location=game.location)
    assert [getattr(a, "number", None) for a in game.actions] == [1, 1, 2, 2, None]
    assert game.actions[-1] == Win(0, 1, text="Wins 1 point", location=game.location)
    double, drop = game.annotations
    assert (double.action, drop.action) == (2, 3)
    assert double.cube is not None and double.cube == drop.cube
    cube = double.cube
    assert (cube.no_double, cube.double_take, cube.double_pass) == pytest.approx((0.4, 1.2, 1.0))
    assert (cube.doubler_error, cube.taker_error, cube.level) == (0.0, pytest.approx(0.05), "3-ply")
    assert double.source == "xg"
    assert ("XGTermination", "0") in game.properties


def _split(data: bytes) -> list[bytes]:
    return [data[i : i + b.R] for i in range(0, len(data), b.R)]


def test_take_beaver_and_raccoon() -> None:
    match = _match(
        _game(
            b.cube(1, 1, 1),
            b.cube(-1, 1, 2, cube_b=1, raccoon=1),
            b.footer((8, 0), 1, 8, 1),
            header=b.match_header(length=99999, beaver=True),
        )
    )
    actions = match.games[0].actions
    assert actions[:5] == (
        Double(0, 2, "Doubles => 2", 1, match.location),
        Take(1, "Takes", 1, match.location),
        Double(1, 4, "Doubles => 4", 2, match.location),
        Beaver(0, 8, "Beavers => 8", 3, match.location),
        Beaver(1, 16, "Raccoons => 16", 3, match.location),
    )


def test_a_resignation_is_a_resign_then_a_win() -> None:
    match = _match(_game(b.cube(1, 0), b.footer((0, 2), -1, 2, 102)))
    assert match.games[0].actions == (
        Resign(0, 2, True, "Resigns (102)", location=match.location),
        Win(1, 2, False, True, "Wins 2 points", location=match.location),
    )


def test_roll_then_resign_is_xgs_question_marks() -> None:
    match = _match(_game(b.move(1, (5, 2), (0, 0, 0, 0, 0, 0, 0, 0)), b.footer((0, 1), -1, 1, 101)))
    move, win = match.games[0].actions
    assert isinstance(move, Move) and move.mark is MoveMark.UNKNOWN and move.steps == ()
    assert win == Win(1, 1, False, True, "Wins 1 point", location=match.location)


def test_a_dance_is_an_empty_play() -> None:
    match = _match(
        _game(b.move(1, (5, 2), (0, 0, 0, 0, 0, 0, 0, 0)), b.move(-1, (3, 1), (7, 4, 5, 4)))
    )
    dance = match.games[0].actions[0]
    assert isinstance(dance, Move) and dance.mark is MoveMark.PLAY and dance.steps == ()
    assert _codes(match) == ["P416"]  # no footer: the records end inside the game


def test_the_match_winning_game_says_so() -> None:
    records = [b.match_header(length=3), b.game_header(), b.footer((0, 4), -1, 4, 2)]
    win = _match(records).games[0].actions[-1]
    assert win == Win(1, 4, True, text="Wins 4 points and the match", location=win.location)


def test_checker_analysis_candidates_in_xgs_order() -> None:
    other = b.end_after(S, {6: 4, 5: 1, 4: 1, 8: 2})  # 8/4 6/5, a worse candidate
    candidates = [
        ((7, 3, 5, 4), other, 1, (0.0, 0.1, 0.6, 0.4, 0.1, 0.0, -0.2)),
        ((7, 4, 5, 4), ALICE_31, 2, (0.01, 0.12, 0.45, 0.55, 0.15, 0.01, 0.15)),
    ]
    move = b.move(
        1,
        (3, 1),
        (7, 4, 5, 4),
        position_end=ALICE_31,
        candidates=candidates,
        err_move=-0.0,
        err_luck=0.3,
        level=2,
        unused=True,
    )
    match = _match(
        _game(b.cube(1, 0, level=1, equities=(0.1, -0.3, 1.0), errors=(0.02, -1000)), move)
    )
    (note,) = match.games[0].annotations
    assert note.action == 0 and note.luck == pytest.approx(0.3)
    checker = note.checker
    assert checker is not None
    assert [c.steps for c in checker.candidates] == [
        (Step(8, 4), Step(6, 5)),
        (Step(8, 5), Step(6, 5)),
    ]
    assert [c.level for c in checker.candidates] == ["2-ply", "3-ply"]
    assert [c.equity for c in checker.candidates] == pytest.approx([-0.2, 0.15])
    first = checker.candidates[0].probabilities
    assert first is not None and (first.win, first.lose_gammon) == pytest.approx((0.4, 0.1))
    assert (checker.played, checker.error, checker.level, checker.counts) == (
        1,
        0.0,
        "3-ply",
        False,
    )
    assert note.cube is not None
    assert (note.cube.no_double, note.cube.doubler_error) == pytest.approx((0.1, 0.02))
    assert note.cube.taker_error is None and note.cube.level == "2-ply"


@pytest.mark.parametrize("via", [19, 21])
def test_the_stored_position_picks_the_route_of_a_span(via: int) -> None:
    """24/16 with 5-3 past blots on 21 and 19: XG's position says which one was hit."""
    start = [0] * 26
    start[24], start[6], start[1], start[21], start[19] = 2, 13, -13, -1, -1
    end = b.end_after(start, {24: 1, 16: 1, via: 0, 0: -1})
    records = [
        b.match_header(),
        b.game_header(position=start),
        b.move(1, (5, 3), (23, 15), position_end=end),
        b.footer((1, 0), 1, 1, 1),
    ]
    match = _match(records)
    assert match.diagnostics == ()
    move = match.games[0].actions[0]
    assert isinstance(move, Move)
    assert move.steps == (Step(24, via, hit=True), Step(via, 16))


def test_a_stored_position_that_disagrees_is_reported_once_a_game() -> None:
    wrong = b.end_after(ALICE_31, {5: 0, 4: 2})
    match = _match(
        _game(
            b.move(1, (3, 1), (7, 4, 5, 4), position_end=wrong),
            b.move(-1, (3, 1), (7, 4, 5, 4), position_end=wrong),
            b.footer((1, 0), 1, 1, 1),
        )
    )
    assert _codes(match) == ["P418"]
    assert "record 2 (byte 5120)" in match.diagnostics[0].message


def test_xgs_illegal_marks_and_undecodable_plays() -> None:
    match = _match(
        _game(
            b.move(1, (3, 1), (7, 4, 5, 4), invalid=2),
            b.move(-1, (6, 5), (30, 12)),
            b.move(1, (9, 1), (7, 4)),
            b.footer((1, 0), 1, 1, 1),
        )
    )
    assert _codes(match) == ["P419", "P417", "P417"]
    assert match.diagnostics[0].severity is Severity.INFO
    bad = match.games[0].actions[1]
    assert isinstance(bad, Move) and bad.mark is MoveMark.UNPARSED
    assert len(match.games[0].actions) == 3  # the 9-1 roll is not kept


def test_records_out_of_place_and_unknown_types() -> None:
    odd = bytearray(b.footer((0, 0), 1, 1, 1))
    odd[8] = 9
    match = _match(
        [
            b.match_header(),
            b.move(1, (3, 1), (7, 4, 5, 4)),
            b.game_header(),
            bytes(odd),
            b.match_header(),
            b.footer((1, 0), 1, 1, 0),
        ]
    )
    assert _codes(match) == ["P415", "P414", "P415", "P420"]
    assert len(match.games) == 1


def test_a_stream_that_is_not_whole_records_or_has_no_header() -> None:
    match = _match([*_game(b.footer((1, 0), 1, 1, 1)), b"tail"])
    assert _codes(match) == ["P412"]
    assert len(match.games) == 1
    match = _match([b.game_header()])
    assert _codes(match) == ["P413"] and match.games == ()
    match = _match([b.match_header(magic=b"XXXX")])
    assert _codes(match) == ["P413"]


def test_comments_from_temp_xgc() -> None:
    xgc = (
        rb"{\rtf1\ansi \pard first\par}" + b"\r\n" + rb"{\rtf1\ansi \pard match note\par}" + b"\r\n"
    )
    match = _match(
        [
            b.match_header(comments=(1, -1)),
            b.game_header(),
            b.move(1, (3, 1), (7, 4, 5, 4), comment=0),
            b.move(-1, (3, 1), (7, 4, 5, 4), comment=5),
            b.footer((1, 0), 1, 1, 1),
        ],
        streams=(("temp.xgc", xgc),),
    )
    assert match.comments == ("match note",)
    assert match.games[0].annotations[0].comment == "first"
    assert _codes(match) == ["P421"]


def test_xgp_positions() -> None:
    records = [
        b.match_header(length=5),
        b.game_header(score=(1, 2)),
        b.cube(-1, -2, cube_b=-1),
        b.move(
            -1,
            (6, 2),
            (),
            position_start=ALICE_31,
            candidates=[((23, 17, 12, 10), S, 2, (0.0, 0.1, 0.5, 0.5, 0.1, 0.0, 0.05))],
        ),
    ]
    data = b.archive([("temp.xg", b"".join(records))])
    match = next(read_xgp(io.BytesIO(data), "p.xgp"))
    assert match.diagnostics == () and match.source_format == "xgp"
    (game,) = match.games
    assert game.actions == () and game.score == (1, 2)
    start = game.start
    assert isinstance(start, SetPosition)
    assert (start.turn, start.dice, start.cube_value, start.cube_owner) == (1, (6, 2), 2, 1)
    assert start.boards[0][5] == 2 and start.boards[0][6] == 4 and start.boards[1][24] == 2
    (note,) = game.annotations
    assert note.action == 0 and note.checker is not None
    assert note.checker.candidates[0].steps == (Step(24, 18), Step(13, 11))


def test_an_xgp_file_on_disk_is_read_as_a_position(tmp_path: Path) -> None:
    records = [b.match_header(), b.game_header(), b.cube(1, 0, position=S, level=2)]
    path = tmp_path / "cube.xgp"
    path.write_bytes(b.archive([("temp.xg", b"".join(records))]))
    (match,) = list(read_path(str(path)))
    assert match.source_format == "xgp" and match.diagnostics == ()
    start = match.games[0].start
    assert isinstance(start, SetPosition)
    assert (start.turn, start.dice, start.cube_value, start.cube_owner) == (0, None, 1, -1)
    assert start.boards == (Position.start().boards[0], Position.start().boards[1])
    (note,) = match.games[0].annotations
    assert note.cube is not None and note.cube.level == "3-ply"


def test_an_xgp_without_a_position() -> None:
    data = b.archive([("temp.xg", b.match_header() + b.game_header())])
    match = next(read_xgp(io.BytesIO(data), "p.xgp"))
    assert _codes(match) == ["P423"] and match.games == ()


def test_the_registry_tells_xg_from_xgp_by_extension() -> None:
    data = b.archive([("temp.xg", b.drop_game())])
    assert registry.detect_binary(data[:100]) is registry.by_name("xg")
    assert registry.detect_binary(data[:100], "a.xgp") is registry.by_name("xgp")
    assert registry.by_name("xgp").matches is False
    assert next(iter(read_path(data))).source_format == "xg"


def test_check_reads_the_drop_game_as_verified() -> None:
    data = b"".join(_split(b.drop_game()))
    records = [data[: b.R]]
    records[0] = b.match_header(length=1)
    match = _match(records + _split(data)[1:])
    result = replay_match(match)
    assert [f.code for f in result.findings] == []
