"""The .mat writer: gnubg's exact layout, and read -> write -> read round trips."""

from __future__ import annotations

import dataclasses
import io

import pytest
from mat_helpers import FIXTURES, GNUBG_FIXTURES, plain_games, read_fixture, read_text

from gamao_cli.formats.mat.reader import read_mat
from gamao_cli.formats.mat.writer import write_mat
from gamao_cli.model import (
    Beaver,
    Double,
    Drop,
    Game,
    Match,
    Move,
    MoveMark,
    Resign,
    Rules,
    SetPosition,
    Step,
    Take,
    Variant,
    Win,
)
from gamao_cli.model.actions import BAR, OFF


def _written(match: Match, **kwargs: object) -> str:
    out = io.StringIO()
    write_mat(match, out, **kwargs)  # type: ignore[arg-type]
    return out.getvalue()


def _move(
    player: int, dice: tuple[int, int], *hops: tuple[int, int] | tuple[int, int, bool]
) -> Move:
    return Move(player, dice, tuple(Step(*hop) for hop in hops))


GOLDEN_MATCH = Match(
    players=("Alice", "Bob Jr"),
    length=3,
    tags=(("Site", "Club"), ("EventDate", "2024.01.01")),
    games=(
        Game(
            number=1,
            score=(0, 0),
            players=("Alice", "Bob Jr"),
            actions=(
                _move(1, (4, 2), (8, 4), (6, 4)),
                _move(0, (6, 4), (24, 18), (18, 14, True)),
                _move(1, (6, 6), (BAR, 19), (19, 13), (13, 7), (13, 7)),
                Move(0, (5, 5), (), mark=MoveMark.EMPTY),
                Double(1, 2),
                Take(0),
                _move(1, (2, 1), (6, 4), (5, 4)),
                Double(0, 4),
                Drop(1),
                Win(0, 2),
            ),
        ),
        Game(
            number=2,
            score=(2, 0),
            players=("Alice", "Bob Jr"),
            actions=(
                _move(0, (3, 1), (8, 5), (6, 5)),
                Double(1, 2),
                Drop(0),
                Win(1, 1),
            ),
        ),
        Game(
            number=3,
            score=(2, 1),
            players=("Alice", "Bob Jr"),
            actions=(
                _move(0, (2, 1), (2, OFF), (1, OFF)),
                _move(1, (6, 5), (6, OFF), (5, OFF)),
                _move(0, (4, 4), (4, OFF), (4, OFF), (4, OFF), (4, OFF)),
                Win(0, 1),
            ),
        ),
    ),
)


def test_golden_gnubg_layout() -> None:
    golden = (FIXTURES / "writer_golden.mat").read_text()
    assert _written(GOLDEN_MATCH) == golden
    (again,) = read_text(golden)
    assert again.diagnostics == ()
    assert plain_games([again], numbers=False) == plain_games([GOLDEN_MATCH], numbers=False)


def _gnubg_files() -> list[str]:
    return sorted(p.name for p in GNUBG_FIXTURES.glob("*.mat"))


@pytest.mark.skipif(not _gnubg_files(), reason="no gnubg-written fixtures in tests/fixtures/gnubg")
@pytest.mark.parametrize("name", _gnubg_files())
def test_gnubg_files_are_written_back_byte_for_byte(name: str) -> None:
    text = (GNUBG_FIXTURES / name).read_text()
    (match,) = read_mat(io.StringIO(text), name)
    assert match.diagnostics == ()
    assert _written(match) == text


@pytest.mark.parametrize("name", ["beaver_gnubg.mat", "nackgammon_gnubg.mat"])
def test_gnubg_layout_fixtures_are_written_back_byte_for_byte(name: str) -> None:
    (match,) = read_fixture(name)
    assert _written(match) == (FIXTURES / name).read_text()


@pytest.mark.parametrize(
    "name", sorted(p.name for p in FIXTURES.glob("*.mat") if p.name != "broken.mat")
)
def test_fixture_round_trip(name: str) -> None:
    matches = read_fixture(name)
    out = io.StringIO()
    for match in matches:
        write_mat(match, out)
    again = list(read_mat(io.StringIO(out.getvalue()), name))
    # the writer numbers rows itself: these fixtures skip row numbers on purpose; it writes
    # gnubg's layout, which has no `Resigns` cells (the `Wins` line keeps the resigned value)
    resigns = [
        dataclasses.replace(m, games=tuple(_without_resigns(g) for g in m.games)) for m in matches
    ]
    assert plain_games(again, numbers=False) == plain_games(resigns, numbers=False)
    assert [(m.players, m.length, m.rules, m.tags, m.comments) for m in again] == [
        (m.players, m.length, m.rules, m.tags, m.comments) for m in matches
    ]
    # a swapped game is written in player order, the banner as tags and comments, one length
    expected = [
        [d.code for d in m.diagnostics if d.code not in ("P113", "P120", "P124")] for m in matches
    ]
    assert [[d.code for d in m.diagnostics] for m in again] == expected


def _without_resigns(game: Game) -> Game:
    actions = tuple(a for a in game.actions if not isinstance(a, Resign))
    return dataclasses.replace(game, actions=actions)


def test_nackgammon_money_and_rules_without_tags() -> None:
    match = Match(
        players=("A", "B"),
        length=0,
        games=(),
        rules=Rules(variant=Variant.NACKGAMMON),
        comments=("written by a test",),
    )
    assert _written(match) == (
        '; [Variation "NackGammon"]\n; written by a test\n\n 0 point match\n\n'
    )
    standard = Match(players=("A", "B"), length=5, games=())
    assert _written(standard) == " 5 point match\n\n"
    wrong_tag = Match(
        players=("A", "B"),
        length=1,
        games=(),
        rules=Rules(variant=Variant.NACKGAMMON),
        tags=(("Variation", "Backgammon"),),
    )
    assert _written(wrong_tag) == '; [Variation "NackGammon"]\n\n 1 point match\n\n'


def test_cells_gnubg_cannot_express_use_other_dialects() -> None:
    position = SetPosition(
        boards=((0, 2, 2, 2, 3, 3, 3) + (0,) * 19, (0, 3, 4, 2, 2, 2) + (0,) * 19 + (2,)),
        turn=1,
        dice=(1, 1),
        cube_value=2,
        cube_owner=1,
        player=0,
    )
    match = Match(
        players=("A", "B"),
        length=5,
        games=(
            Game(
                number=1,
                score=None,
                players=None,
                actions=(
                    Move(0, (6, 6), (), mark=MoveMark.CANNOT_MOVE),
                    Move(1, (3, 1), (), text="31: 8/5 zz", mark=MoveMark.UNPARSED),
                    position,
                    Move(1, (1, 1), (), mark=MoveMark.EMPTY),
                    Move(0, (5, 2), (), mark=MoveMark.UNKNOWN),
                    Resign(0, 1),
                    Beaver(1, 4),
                    Take(0),
                    Win(None, 2, and_the_match=True),
                ),
            ),
        ),
    )
    text = _written(match)
    assert text == (
        " 5 point match\n\n"
        " Game 1\n"
        " A                              B\n"
        "  1) 66: Cannot Move             31: 8/5 zz\n"
        "  2) Illegal play (0;0;1;0;0;B;A;0;0;0;2;1;0;3;4;2;2;2;0;0;0;0;0;0;0;0;0;0;0;0;0;"
        "-3;-3;-3;-2;-2;-2;2;1;1;) 11: \n"
        "  3) 52: ????                     Beavers => 4\n"
        " Wins 2 points and the match\n"
        "\n"
    )
    (again,) = read_text(text)
    assert [d.code for d in again.diagnostics] == ["P121", "P102"]
    reread = again.games[0].actions
    assert isinstance(reread[2], SetPosition)
    assert (reread[2].boards, reread[2].turn, reread[2].dice) == (
        position.boards,
        position.turn,
        position.dice,
    )
    assert isinstance(reread[-1], Win) and reread[-1].player is None


def test_canonical_steps_replace_the_recorded_plays() -> None:
    match = Match(
        players=("A", "B"),
        length=1,
        games=(
            Game(
                number=1,
                score=(0, 0),
                actions=(
                    _move(0, (6, 1), (24, 17)),
                    _move(1, (3, 3), (13, 7), (13, 7)),
                    Move(0, (4, 3), (), mark=MoveMark.EMPTY),
                ),
            ),
        ),
    )

    def canonical(move: Move) -> tuple[Step, ...]:
        if move.dice == (6, 1):
            return (Step(24, 18), Step(18, 17))
        if move.dice == (3, 3):
            return (Step(13, 10), Step(13, 10), Step(10, 7), Step(10, 7))
        return ()

    assert _written(match, canonical_steps=canonical) == (
        " 1 point match\n\n"
        " Game 1\n"
        " A : 0                          B : 0\n"
        "  1) 61: 24/18 18/17             33: 13/10 13/10 10/7 10/7\n"
        "  2) 43:                         \n"
        "\n"
    )


def test_left_part_of_31_characters_keeps_a_blank() -> None:
    match = Match(
        players=("Kévin UNGER Nicolas HARMAND", "Johan"),
        length=1,
        games=(Game(number=1, score=(0, 0), actions=()),),
    )
    assert _written(match).splitlines()[3] == " Kévin UNGER Nicolas HARMAND : 0 Johan : 0"


_SGF_HEADER = (
    "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07]MI[length:1][game:0][ws:0][bs:0]"
    "PW[Ann]PB[Bob]DT[2024-03-05]EV[Club night]RO[Final]PC[Lisbon]AN[Zé]"
    "GC[first line\nsecond line]RE[W+1]\n;W[31hefe]\n;B[resign:1]\n;W[accept])\n"
)


def test_sgf_tags_take_the_mat_names_gnubg_reads() -> None:
    from gamao_cli.formats.sgf.reader import read_sgf

    [match] = [m for m in read_sgf(io.StringIO(_SGF_HEADER), "x.sgf") if m.games]
    header = _written(match).split(" 1 point match")[0]
    assert header == (
        '; [AP "GNU Backgammon:1.07"]\n'
        '; [EventDate "2024.03.05"]\n'
        '; [Event "Club night"]\n'
        '; [Round "Final"]\n'
        '; [Site "Lisbon"]\n'
        '; [Transcriber "Zé"]\n'
        "; first line\n"
        "; second line\n"
        "\n"
    )


def test_sgf_to_mat_to_sgf_keeps_the_match_tags() -> None:
    from gamao_cli.formats.sgf.reader import read_sgf
    from gamao_cli.formats.sgf.writer import write_sgf

    [match] = [m for m in read_sgf(io.StringIO(_SGF_HEADER), "x.sgf") if m.games]
    [again] = list(read_mat(io.StringIO(_written(match)), "x.mat"))
    out = io.StringIO()
    write_sgf(again, out)
    root = out.getvalue().split("\n;", 1)[0]
    tags = "DT[2024-03-05]EV[Club night]RO[Final]PC[Lisbon]AN[Zé]GC[first line\nsecond line]"
    assert tags in root


def test_a_line_end_inside_a_tag_value_becomes_a_blank() -> None:
    match = Match(
        players=("A", "B"),
        length=1,
        games=(),
        tags=(("Event", "Club\r\n  night"), ("Note", "a\nb")),
        comments=("one\ntwo",),
    )
    assert _written(match).splitlines()[:3] == [
        '; [Event "Club night"]',
        '; [Note "a b"]',
        "; one two",
    ]


def test_a_line_end_inside_a_name_becomes_a_blank() -> None:
    # an SGF PW[] or a JSON name can hold line ends; a score line cannot (the reader would
    # take "Kas" as a garbled score line and "per : 0 ..." as unreadable text)
    game = Game(
        number=1,
        score=(0, 0),
        actions=(_move(0, (3, 1), (8, 5), (6, 5)), Win(player=0, points=1)),
    )
    match = Match(players=("Kas\r\nper", "Lena\rRuiz"), length=1, games=(game,))
    text = _written(match)
    assert text.splitlines()[3] == " Kas per : 0                    Lena Ruiz : 0"
    [again] = list(read_mat(io.StringIO(text), "x.mat"))
    assert again.players == ("Kas per", "Lena Ruiz")
    assert not again.diagnostics
