"""Reading gnubg SGF into the match model: exact models, diagnostics, real files, fuzzing."""

from __future__ import annotations

import io
import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamao_cli.analysis.check import check_input
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.formats.inputs import InputFile, iter_input_files, read_path
from gamao_cli.formats.sgf.reader import SGF_CODES, letter_point, point_letter, read_sgf
from gamao_cli.model import (
    Annotation,
    Beaver,
    Diagnostic,
    Double,
    Drop,
    Game,
    Location,
    Match,
    Move,
    MoveMark,
    Resign,
    Rules,
    SetPosition,
    Severity,
    Step,
    Take,
    Variant,
    Win,
)
from tests.helpers import CORPUS, corpus_files, require_corpus

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "gnubg"
F = "t.sgf"


def L(line: int, column: int) -> Location:
    return Location(F, line, column)


def read(text: str) -> list[Match]:
    return list(read_sgf(io.StringIO(text), F))


def read1(text: str) -> Match:
    [match] = read(text)
    return match


def diag_codes(match: Match) -> list[tuple[str, int, int]]:
    return [(d.code, d.location.line, d.location.column) for d in match.diagnostics]


def corpus_file(relative: str) -> Path:
    path = CORPUS / relative
    require_corpus(path)
    return path


GNUBG = "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07.001]"

TWO_GAMES = (
    GNUBG + "MI[length:3][game:0][ws:0][bs:0]PW[Alice]PB[Bob]DT[2024-01-01]EV[Club\\]night]"
    "RU[Crawford]RE[B+2R]GS[M:0 0]\n"
    ";W[31hefe]A[0][hefe E ver 3]LU[0.1]\n"
    ";B[61yg]\n"
    ";W[double]\n"
    ";B[double]\n"
    ";W[take]\n"
    ";B[66]C[dance]\n"
    ";PL[W]DI[52])\n"
    + GNUBG
    + "MI[length:3][game:1][ws:0][bs:2]PW[Alice]PB[Bob]RU[Crawford:CrawfordGame]RE[W+1]\n"
    ";B[41lpab]\n"
    ";W[52mhxv])\n"
)


def test_two_games_exact_model() -> None:
    line1 = TWO_GAMES.splitlines()[0]
    line9 = TWO_GAMES.splitlines()[8]
    assert read(TWO_GAMES) == [
        Match(
            players=("Alice", "Bob"),
            length=3,
            games=(
                Game(
                    number=1,
                    score=(0, 0),
                    actions=(
                        Move(0, (3, 1), (Step(8, 5), Step(6, 5)), text="31hefe", location=L(2, 1)),
                        Move(1, (6, 1), (Step(25, 18),), text="61yg", location=L(3, 1)),
                        Double(0, 2, text="double", location=L(4, 1)),
                        Beaver(1, 4, text="double", location=L(5, 1)),
                        Take(0, text="take", location=L(6, 1)),
                        Move(1, (6, 6), (), text="66", location=L(7, 1)),
                        Move(
                            0, (5, 2), (), text="PL[W]DI[52]", mark=MoveMark.EMPTY, location=L(8, 1)
                        ),
                        Win(
                            1, 2, resigned=True, text="B+2R", location=L(1, line1.index("RE[") + 1)
                        ),
                    ),
                    players=("Alice", "Bob"),
                    crawford=False,
                    location=L(1, 1),
                    properties=(("GS", "M:0 0"),),
                    score_location=L(1, line1.index("MI[") + 1),
                    annotations=(
                        Annotation(0, luck=0.1, source="gnubg"),
                        Annotation(5, comment="dance"),  # a comment alone: no analyser
                    ),
                ),
                Game(
                    number=2,
                    score=(0, 2),
                    actions=(
                        Move(
                            1, (4, 1), (Step(13, 9), Step(24, 23)), text="41lpab", location=L(10, 1)
                        ),
                        Move(
                            0, (5, 2), (Step(13, 8), Step(24, 22)), text="52mhxv", location=L(11, 1)
                        ),
                        Win(
                            0, 1, resigned=False, text="W+1", location=L(9, line9.index("RE[") + 1)
                        ),
                    ),
                    players=("Alice", "Bob"),
                    crawford=True,
                    location=L(9, 1),
                    score_location=L(9, line9.index("MI[") + 1),
                ),
            ),
            rules=Rules(cube=True, crawford=True),
            tags=(
                ("AP", "GNU Backgammon:1.07.001"),
                ("DT", "2024-01-01"),
                ("EV", "Club]night"),
            ),
            location=L(1, 1),
            source_format="sgf",
            diagnostics=(
                Diagnostic(
                    "P229",
                    Severity.WARNING,
                    "A[...] skipped: too few numbers",
                    L(2, 11),
                    game=1,
                ),
            ),
        )
    ]


@pytest.mark.parametrize(
    ("player", "value", "steps"),
    [
        (0, "31hefe", ((8, 5), (6, 5))),
        (1, "61yg", ((25, 18),)),
        (0, "66fzezdzcz", ((6, 0), (5, 0), (4, 0), (3, 0))),
        (1, "41lpab", ((13, 9), (24, 23))),
        (0, "63xrmj", ((24, 18), (13, 10))),
        (1, "53qv", ((8, 3),)),
        (1, "21xzwz", ((1, 0), (2, 0))),
    ],
)
def test_point_letters(player: int, value: str, steps: tuple[tuple[int, int], ...]) -> None:
    colour = "WB"[player]
    match = read1(f"(;GM[6]MI[length:1][game:0][ws:0][bs:0];{colour}[{value}])")
    [move] = match.games[0].actions
    assert isinstance(move, Move)
    assert tuple((s.from_point, s.to_point) for s in move.steps) == steps
    assert match.diagnostics == ()


def test_letter_conversion_round_trips() -> None:
    for player in (0, 1):
        for point in range(26):
            letter = point_letter(point, player)
            assert letter is not None
            assert letter_point(letter, player) == point
    assert point_letter(26, 0) is None
    assert letter_point("A", 0) is None
    assert [letter_point(c, 1) for c in "axyz"] == [24, 1, 25, 0]


def test_cube_values_follow_doubles_beavers_and_cv() -> None:
    text = (
        "(;GM[6]MI[length:0][game:0][ws:0][bs:0]CV[2]\n;W[double]\n;B[double]\n;W[take]"
        "\n;B[double]\n;W[take]\n;W[double]\n;B[drop]\n;CV[2]\n;W[double])"
    )
    game = read1(text).games[0]
    assert game.cube_value == 2
    assert [(type(a).__name__, a.player, getattr(a, "value", None)) for a in game.actions] == [
        ("Double", 0, 4),
        ("Beaver", 1, 8),
        ("Take", 0, None),
        ("Double", 1, 16),
        ("Take", 0, None),
        ("Double", 0, 32),
        ("Drop", 1, None),
        ("SetPosition", None, None),
        ("Double", 0, 4),
    ]


def test_gibbon_resignation_nodes() -> None:
    text = (
        "(;GM[6]MI[length:7][game:0][ws:0][bs:0]RE[W+2Resign]\n;W[31hefe]\n;B[resign:2]"
        "\n;W[accept])"
    )
    actions = read1(text).games[0].actions
    assert actions[1:] == (
        Resign(1, 2, True, text="resign:2 accept", location=L(3, 1)),
        Win(0, 2, resigned=True, text="W+2Resign", location=L(1, 40)),
    )


def test_rejected_and_unanswered_resignations() -> None:
    text = (
        "(;GM[6]MI[length:7][game:0][ws:0][bs:0]RE[W+2Resign]\n;B[resign:2]\n;W[reject]"
        "\n;W[accept]\n;B[resign:5]\n;W[31hefe]\n;B[resign:3])"
    )
    match = read1(text)
    assert [a for a in match.games[0].actions if isinstance(a, Resign)] == [
        Resign(1, 2, False, text="resign:2 reject", location=L(2, 1)),
        Resign(1, 3, False, text="resign:5", location=L(5, 1)),
        Resign(1, 3, True, text="resign:3", location=L(7, 1)),
    ]
    assert diag_codes(match) == [("P223", 4, 1), ("P224", 5, 1)]
    assert match.diagnostics[0].severity is Severity.WARNING


@pytest.mark.parametrize(
    ("value", "win"),
    [
        ("W+1", Win(0, 1, resigned=False, text="W+1")),
        ("B+4R", Win(1, 4, resigned=True, text="B+4R")),
        ("W+2Resign", Win(0, 2, resigned=True, text="W+2Resign")),
        ("b+3r", Win(1, 3, resigned=True, text="b+3r")),
        ("W+2T", Win(0, 2, resigned=False, text="W+2T", extra=(("reason", "T"),))),
        ("Void", None),
        ("W+", None),
        ("0", None),
    ],
)
def test_results(value: str, win: Win | None) -> None:
    match = read1(f"(;GM[6]MI[length:7][game:0][ws:0][bs:0]RE[{value}])")
    wins = [a for a in match.games[0].actions if isinstance(a, Win)]
    if win is None:
        assert wins == []
        assert diag_codes(match) == [("P217", 1, 40)]
        assert match.diagnostics[0].message == f"RE[{value}] is not W+n or B+n"
    else:
        assert wins == [replace(win, location=L(1, 40))]
        assert match.diagnostics == ()


def test_one_based_numbering_from_other_writers() -> None:
    text = (
        "(;GM[6]AP[Other:1]MI[length:3][game:1][ws:0][bs:0])"
        "(;GM[6]MI[length:3][game:2][ws:1][bs:0])"
    )
    match = read1(text)
    assert [(g.number, g.score) for g in match.games] == [(1, (0, 0)), (2, (1, 0))]
    assert match.diagnostics == ()


def test_gap_in_gnubg_numbering() -> None:
    text = (
        GNUBG + "MI[length:3][game:0][ws:0][bs:0])\n" + GNUBG + "MI[length:3][game:2][ws:1][bs:0])"
    )
    match = read1(text)
    assert [g.number for g in match.games] == [1, 3]
    assert match.diagnostics == (
        Diagnostic(
            "P214", Severity.WARNING, "game numbered 3 (MI game:2), expected 2", L(2, 1), game=3
        ),
    )


def test_first_game_not_numbered_one() -> None:
    match = read1("(;GM[6]AP[x]MI[length:3][game:3][ws:0][bs:0])")
    assert [g.number for g in match.games] == [3]
    assert [d.message for d in match.diagnostics] == ["game numbered 3 (MI game:3), expected 1"]


def test_new_match_when_numbering_restarts_or_players_change() -> None:
    tree = "(;GM[6]MI[length:3][game:{}][ws:0][bs:0]PW[{}]PB[b])"
    matches = read(
        tree.format(0, "a") + tree.format(1, "a") + tree.format(0, "a") + tree.format(1, "c")
    )
    assert [(m.players, [g.number for g in m.games]) for m in matches] == [
        (("a", "b"), [1, 2]),
        (("a", "b"), [1]),
        (("c", "b"), [1]),  # game:1 first, no gnubg AP: numbered from 1
    ]
    assert [m.diagnostics for m in matches] == [(), (), ()]


def test_missing_and_bad_mi() -> None:
    match = read1("(;GM[6]PW[a]PB[b];W[31hefe])(;GM[6]PW[a]PB[b]MI[length:x][ws:0][bs:0][foo:1])")
    assert [(m.length, [(g.number, g.score) for g in m.games]) for m in [match]] == [
        (0, [(1, None), (2, (0, 0))])
    ]
    assert [(d.code, d.severity, d.message) for d in match.diagnostics] == [
        ("P212", Severity.WARNING, "no MI property: match length and score unknown"),
        ("P213", Severity.WARNING, "MI entry 'length:x' is not 'length:<number>'"),
    ]


def test_missing_names_and_gm() -> None:
    match = read1("(;MI[length:1][game:0][ws:0][bs:0])")
    assert match.players == ("White", "Black")
    assert match.games[0].players is None
    assert [d.code for d in match.diagnostics] == ["P211"]


def test_non_backgammon_trees_are_skipped() -> None:
    match = read1("(;GM[1]SZ[19];B[pd])(;GM[6]MI[length:1][game:0][ws:0][bs:0])")
    assert len(match.games) == 1
    assert [(d.code, d.message) for d in match.diagnostics] == [
        ("P210", "GM[1] is not backgammon (GM[6]): game tree skipped")
    ]


def test_a_file_of_other_games_gives_one_diagnostic() -> None:
    match = read1("x (;GM[1]SZ[19];B[pd](;W[dd])(;W[dp]))\n(;FF[4]GM[3])")
    assert match.games == ()
    assert [
        (d.code, d.severity, d.message, d.location.line, d.location.column)
        for d in match.diagnostics
    ] == [
        (
            "P228",
            Severity.ERROR,
            "not a backgammon SGF: 2 game trees of GM[1] (Go), GM[3] (chess), "
            "none of backgammon (GM[6])",
            1,
            5,
        )
    ]


def test_the_go_sgf_of_the_corpus_is_refused_and_skipped_in_a_directory(tmp_path: Path) -> None:
    path = CORPUS / "zmetcalf-backgammon_sgf" / "demo_file.sgf"
    require_corpus(path)
    [match] = read_path(path)
    assert [(d.code, d.message) for d in match.diagnostics] == [
        ("P228", "not a backgammon SGF: 2 game trees of GM[1] (Go), none of backgammon (GM[6])")
    ]
    (tmp_path / "demo_file.sgf").write_bytes(path.read_bytes())
    [item] = list(iter_input_files([str(tmp_path)]))
    report = check_input(item, CheckOptions())
    assert report.skipped
    assert [f.code for f in report.findings] == ["P010"]
    explicit = check_input(InputFile(str(path), path), CheckOptions())
    assert not explicit.skipped
    assert [f.code for f in explicit.findings] == ["P228"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", [("P226", 0, 0)]),
        ("no sgf here", [("P203", 1, 1), ("P226", 0, 0)]),
        ("(;GM[1])", [("P228", 1, 3)]),
    ],
)
def test_nothing_readable_gives_one_empty_match(
    text: str, expected: list[tuple[str, int, int]]
) -> None:
    match = read1(text)
    assert match.games == ()
    assert match.source_format == "sgf"
    assert diag_codes(match) == expected
    assert match.diagnostics[-1].severity is Severity.ERROR


def test_setup_before_the_first_move_is_the_start() -> None:
    text = (
        "(;GM[6]MI[length:0][game:0][ws:0][bs:0]\n"
        ";AE[a:y]AW[a][a][y]AB[x][y]PL[B]DI[31]CP[c]\n"
        ";B[31yccd])"
    )
    game = read1(text).games[0]
    white = [0] * 26
    white[0], white[1], white[25] = 12, 2, 1
    black = [0] * 26
    black[0], black[1], black[25] = 13, 1, 1
    assert game.start == SetPosition(
        boards=(tuple(white), tuple(black)),
        turn=1,
        dice=(3, 1),
        cube_owner=-1,
        text="AE[a:y]AW[a][a][y]AB[x][y]PL[B]DI[31]CP[c]",
        location=L(2, 1),
    )
    assert game.actions == (
        Move(1, (3, 1), (Step(25, 22), Step(22, 21)), text="31yccd", location=L(3, 1)),
    )


def test_setup_after_moves_edits_the_board_reached() -> None:
    text = "(;GM[6]MI[length:0][game:0][ws:0][bs:0]\n;W[31hefe]\n;AE[e]\n;B[42qusu])"
    actions = read1(text).games[0].actions
    white = [0] * 26
    white[24], white[13], white[8], white[6], white[0] = 2, 5, 2, 4, 2
    black = [0] * 26
    black[24], black[13], black[8], black[6] = 2, 5, 3, 5
    assert actions[1] == SetPosition(
        boards=(tuple(white), tuple(black)), turn=1, text="AE[e]", location=L(3, 1)
    )
    assert isinstance(actions[2], Move)


def test_dice_only_nodes() -> None:
    same = read1("(;GM[6]MI[length:0][game:0][ws:0][bs:0]\n;PL[B]DI[42]\n;B[42qusu])")
    assert [type(a).__name__ for a in same.games[0].actions] == ["Move"]
    other = read1("(;GM[6]MI[length:0][game:0][ws:0][bs:0]\n;PL[B]DI[42]\n;W[31hefe])")
    assert [(type(a).__name__, a.player, a.mark) for a in other.games[0].actions] == [  # type: ignore[union-attr]
        ("Move", 1, MoveMark.EMPTY),
        ("Move", 0, MoveMark.PLAY),
    ]
    only_turn = read1("(;GM[6]MI[length:0][game:0][ws:0][bs:0]\n;PL[B]\n;B[42qusu])")
    assert len(only_turn.games[0].actions) == 1


def test_bad_setup_values() -> None:
    text = "(;GM[6]MI[length:0][game:0][ws:0][bs:0]\n;PL[X]DI[7]CV[3]CP[q]AW[A][a:B][z])"
    match = read1(text)
    assert [(d.code, d.message) for d in match.diagnostics] == [
        ("P222", "PL[X] is not W or B"),
        ("P222", "DI[7] is not two dice"),
        ("P227", "CV[3] is not a cube value"),
        ("P222", "CP[q] is not c, w, b or n"),
        ("P216", "AW[A] is not a point or a range of points"),
        ("P216", "AW[a:B] is not a point or a range of points"),
        ("P216", "AW[z]: checkers cannot be put off"),
    ]


@pytest.mark.parametrize(
    ("value", "code", "action"),
    [
        ("xyz", "P215", None),
        ("71hefe", "P215", None),
        ("31h{fe", "P216", Move(0, (3, 1), (), text="31h{fe", mark=MoveMark.UNPARSED)),
        ("31hef", "P216", Move(0, (3, 1), (Step(8, 5),), text="31hef", mark=MoveMark.UNPARSED)),
    ],
)
def test_bad_move_text(value: str, code: str, action: Move | None) -> None:
    match = read1(f"(;GM[6]MI[length:1][game:0][ws:0][bs:0];W[{value}])")
    assert diag_codes(match) == [(code, 1, 40)]
    assert match.diagnostics[0].severity is Severity.ERROR
    expected = () if action is None else (replace(action, location=L(1, 40)),)
    assert match.games[0].actions == expected


def test_node_with_two_moves_reads_the_first() -> None:
    match = read1("(;GM[6]MI[length:1][game:0][ws:0][bs:0];W[31hefe]B[42qusu])")
    assert [a.player for a in match.games[0].actions if isinstance(a, Move)] == [0]
    assert diag_codes(match) == [("P221", 1, 40)]


def test_rules() -> None:
    nack = read1("(;GM[6]MI[length:5][game:0][ws:0][bs:0]RU[NoCube:Crawford:Nackgammon])")
    assert nack.rules == Rules(variant=Variant.NACKGAMMON, cube=False, crawford=True)
    money = read1("(;GM[6]MI[length:0][game:0][ws:0][bs:0]RU[Jacoby])")
    assert money.rules == Rules(cube=True, jacoby=True)
    assert money.games[0].crawford is None
    gnubg_money = read1(GNUBG + "MI[length:0][game:0][ws:0][bs:0])")
    assert gnubg_money.rules == Rules(cube=True, jacoby=False)
    unknown = read1("(;GM[6]MI[length:5][game:0][ws:0][bs:0])")
    assert unknown.rules == Rules()
    odd = read1("(;GM[6]MI[length:5][game:0][ws:0][bs:0]RU[Hypergammon2:Foo])")
    assert [(d.code, d.message) for d in odd.diagnostics] == [
        ("P218", "unknown rule 'Foo' in RU[Hypergammon2:Foo]"),
    ]
    assert odd.rules.variant is Variant.HYPERGAMMON2
    for ru, variant in [
        ("Hypergammon3", Variant.HYPERGAMMON),
        ("Hypergammon1", Variant.HYPERGAMMON1),
        ("NoCube:Tavla", Variant.TAVLA),
        ("LongNardy", Variant.LONG_NARDY),
        ("AceyDeucey", Variant.ACEY_DEUCEY),
    ]:
        tagged = read1(f"(;GM[6]MI[length:5][game:0][ws:0][bs:0]RU[{ru}])")
        assert (tagged.rules.variant, tagged.diagnostics) == (variant, ())


def test_rules_changing_between_games() -> None:
    text = (
        "(;GM[6]MI[length:5][game:0][ws:0][bs:0]RU[Crawford])"
        "(;GM[6]MI[length:5][game:1][ws:1][bs:0]RU[Crawford:Nackgammon])"
    )
    match = read1(text)
    assert match.rules.variant is Variant.STANDARD
    assert [d.code for d in match.diagnostics] == ["P220"]


def test_properties_of_later_games() -> None:
    text = (
        "(;GM[6]MI[length:3][game:0][ws:0][bs:0]DT[2024-01-01]EV[A]GC[x])"
        "(;GM[6]MI[length:3][game:1][ws:1][bs:0]DT[2024-01-01]EV[B]GS[M:1])"
    )
    match = read1(text)
    assert match.tags == (("DT", "2024-01-01"), ("EV", "A"), ("GC", "x"))
    assert match.games[1].properties == (("EV", "B"), ("GS", "M:1"))


def test_variations_are_reported() -> None:
    match = read1("(;GM[6]MI[length:1][game:0][ws:0][bs:0];W[31hefe](;B[42qusu])(;B[61yg]))")
    assert [a.text for a in match.games[0].actions] == ["31hefe", "42qusu"]
    assert [(d.code, d.message) for d in match.diagnostics] == [("P225", "1 variation(s) ignored")]


def test_parser_issues_become_diagnostics_of_their_game() -> None:
    match = read1("(;GM[6]MI[length:1][game:0][ws:0][bs:0];W[31hefe]]")
    assert [(d.code, d.game, str(d.location)) for d in match.diagnostics] == [
        ("P204", 1, "t.sgf:1:50"),
        ("P202", 1, "t.sgf:1:51"),
    ]


def test_codes_are_documented_and_stable() -> None:
    assert sorted(SGF_CODES) == [f"P2{n:02d}" for n in range(1, 10)] + [
        f"P2{n}" for n in range(10, 30)
    ]
    assert all(desc and desc[0].islower() for desc in SGF_CODES.values())


# --- real files --------------------------------------------------------------------------------


def summary(match: Match) -> list[tuple[object, ...]]:
    out: list[tuple[object, ...]] = []
    for g in match.games:
        kinds = [type(a).__name__ for a in g.actions]
        win = next((a for a in g.actions if isinstance(a, Win)), None)
        out.append(
            (
                g.number,
                g.score,
                g.crawford,
                kinds.count("Move"),
                kinds.count("Double"),
                kinds.count("Take"),
                kinds.count("Drop"),
                kinds.count("Resign"),
                None if win is None else (win.player, win.points, win.resigned),
            )
        )
    return out


def test_gibbon_7point() -> None:
    path = corpus_file("gitGNU-gnu_gibbon/7point.sgf")
    [match] = read_sgf(path.open(encoding="utf-8"), "7point.sgf")
    assert match.players == ("JoeBlack", "SnowWhite")
    assert (match.length, match.rules, match.diagnostics) == (
        7,
        Rules(cube=True, crawford=True),
        (),
    )
    assert match.tags == (("AP", "gibbon (libgsgf):0.2.0 (0.2.0)"),)
    assert summary(match) == [
        (1, (0, 0), False, 6, 1, 0, 1, 0, (1, 1, False)),
        (2, (0, 1), False, 30, 2, 1, 1, 0, (0, 2, False)),
        (3, (2, 1), False, 13, 1, 0, 1, 0, (1, 1, False)),
        (4, (2, 2), False, 33, 1, 1, 0, 1, (0, 2, True)),
        (5, (4, 2), False, 83, 1, 1, 0, 0, (1, 2, False)),
        (6, (4, 4), False, 27, 1, 0, 1, 0, (1, 1, False)),
        (7, (4, 5), False, 71, 0, 0, 0, 0, (0, 1, False)),
        (8, (5, 5), False, 28, 1, 0, 1, 0, (0, 1, False)),
        (9, (6, 5), True, 62, 0, 0, 0, 0, (0, 2, False)),
    ]
    resign = match.games[3].actions[-2]
    assert resign == Resign(
        1, 2, True, text="resign:2 accept", location=Location("7point.sgf", 97, 1)
    )


def test_gibbon_edited_position() -> None:
    path = corpus_file("gitGNU-gnu_gibbon/edited.sgf")
    [match] = read_sgf(path.open(encoding="utf-8"), "edited.sgf")
    [game] = match.games
    assert (match.players, game.score, game.actions) == (("Joe Black", "Snow White"), (6, 3), ())
    white = [0] * 26
    for point, n in {1: 2, 3: 2, 6: 3, 8: 1, 13: 5, 24: 2}.items():
        white[point] = n
    black = [0] * 26
    for point, n in {6: 5, 8: 3, 10: 1, 13: 4, 25: 2}.items():
        black[point] = n
    assert game.start == SetPosition(
        boards=(tuple(white), tuple(black)),
        turn=0,
        dice=(5, 3),
        cube_value=2,
        cube_owner=0,
        text="PL[W]DI[53];CV[2];CO[w];CP[w];AE[a:x]AB[l][l][l][l][o][q][q][q][s][s][s][s][s]"
        "[y][y]AW[a][a][c][c][f][f][f][h][m][m][m][m][m][x][x]",
        location=Location("edited.sgf", 2, 1),
    )


def test_gnubg_analysed_file() -> None:
    path = corpus_file("kevung-gnubgparser/charlot1-charlot2_7p_2025-11-08-2305.sgf")
    [match] = read_sgf(path.open(encoding="utf-8"), "c.sgf")
    assert match.tags == (("AP", "GNU Backgammon:1.08.003"), ("DT", "2025-11-08"))
    assert summary(match) == [
        (1, (0, 0), False, 45, 1, 1, 0, 0, (1, 2, True)),
        (2, (0, 2), False, 39, 2, 1, 1, 0, (0, 2, False)),
        (3, (2, 2), False, 53, 1, 1, 0, 0, (0, 4, False)),
        (4, (6, 2), True, 52, 0, 0, 0, 0, (0, 3, True)),
    ]
    first = match.games[0].actions[0]
    assert first == Move(
        1, (4, 1), (Step(13, 9), Step(24, 23)), text="41lpab", location=Location("c.sgf", 2, 1)
    )
    assert [k for k, _ in match.games[0].properties] == ["GS", "GS", "GS"]


def test_money_session_with_jacoby() -> None:
    path = corpus_file("zmetcalf-backgammon_sgf/gnubg_file.sgf")
    [match] = read_sgf(path.open(encoding="utf-8"), "z.sgf")
    assert (match.length, match.rules) == (0, Rules(cube=True, jacoby=True))
    assert summary(match) == [
        (1, (0, 0), None, 10, 1, 0, 1, 0, (0, 1, False)),
        (2, (1, 0), None, 1, 0, 0, 0, 0, None),
    ]


def _truth_counts(game: Game) -> dict[str, object]:
    """Count a game's actions the way tools/oracle/make_matches.py describes truth.json."""
    cube, offered = game.cube_value, None
    counts = {"doubles": 0, "beavers": 0, "takes": 0, "drops": 0}
    for a in game.actions:
        if isinstance(a, Beaver):  # the doubled player takes and redoubles (a ``double``)
            counts["beavers"] += 1
            cube = offered or cube
            offered = a.value
        elif isinstance(a, Double):
            counts["doubles"] += 1
            offered = a.value
        elif isinstance(a, Take):
            counts["takes"] += 1
            cube, offered = offered or cube, None
        elif isinstance(a, Drop):
            counts["drops"] += 1
            offered = None
    moves = [a for a in game.actions if isinstance(a, Move) and a.mark is not MoveMark.EMPTY]
    win = next(a for a in game.actions if isinstance(a, Win))
    return {
        **counts,
        "checker_plays": len(moves),
        "dances": sum(1 for m in moves if not m.steps),
        "cube": cube,
        "game": game.number,
        "score_before": list(game.score or ()),
        "winner": win.player,
        "points": win.points,
        "crawford": bool(game.crawford),
        "resigned": win.resigned,
    }


GNUBG_VARIATIONS = {
    "Nackgammon": Variant.NACKGAMMON,
    "Hypergammon1": Variant.HYPERGAMMON1,
    "Hypergammon2": Variant.HYPERGAMMON2,
    "Hypergammon3": Variant.HYPERGAMMON,
}
"""gnubg.match()'s variation names (truth.json), as gamao reads them from gnubg's SGF."""


def test_against_gnubg_truth() -> None:
    truth = json.loads((FIXTURES / "truth.json").read_text(encoding="utf-8"))["matches"]
    checked = 0
    for name, expected in sorted(truth.items()):
        [match] = read_sgf((FIXTURES / expected["sgf"]).open(encoding="utf-8"), expected["sgf"])
        assert match.diagnostics == (), name
        assert list(match.players) == expected["players"], name
        assert match.length == expected["match_length"], name
        assert match.rules.cube is expected["cube_use"], name
        variant = GNUBG_VARIATIONS.get(expected["variation"], Variant.STANDARD)
        assert match.rules.variant is variant, name
        keys = (
            "doubles",
            "beavers",
            "takes",
            "drops",
            "checker_plays",
            "dances",
            "cube",
            "game",
            "score_before",
            "winner",
            "points",
            "crawford",
        )
        got = [_truth_counts(g) for g in match.games]
        want = [
            {k: g[k] for k in keys} | {"resigned": g["ended"] == "resign"}
            for g in expected["games"]
        ]
        assert got == want, name
        checked += 1
    assert checked == len(truth) >= 59


# --- never raises ---------------------------------------------------------------------------

_REAL = corpus_files("**/*.sgf") + sorted(FIXTURES.glob("*.sgf"))[:8]
_TEXTS = [p.read_text(encoding="utf-8")[:20000] for p in _REAL]
_SGF_ALPHABET = "()[];:\\\n \tabcdefghijklmnopqrstuvwxyzWBMIGFPLAEDICVRUYZ0123456789+-"


def _check_never_raises(text: str) -> None:
    matches = list(read_sgf(io.StringIO(text), F))
    assert matches
    for match in matches:
        for d in match.diagnostics:
            assert d.code in SGF_CODES
            assert d.location.file == F


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=st.sampled_from(_SGF_ALPHABET), max_size=400))
def test_random_sgf_like_text_never_raises(text: str) -> None:
    _check_never_raises(text)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_random_unicode_never_raises(text: str) -> None:
    _check_never_raises(text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(min_value=0, max_value=max(len(_TEXTS) - 1, 0)),
    st.lists(
        st.tuples(
            st.sampled_from(["delete", "insert", "replace", "truncate"]),
            st.floats(min_value=0, max_value=1),
            st.text(alphabet=st.sampled_from(_SGF_ALPHABET), min_size=1, max_size=5),
        ),
        min_size=1,
        max_size=6,
    ),
)
def test_mutated_real_files_never_raise(index: int, edits: list[tuple[str, float, str]]) -> None:
    text = _TEXTS[index]
    for kind, where, snippet in edits:
        at = int(where * len(text))
        if kind == "delete":
            text = text[:at] + text[at + len(snippet) :]
        elif kind == "insert":
            text = text[:at] + snippet + text[at:]
        elif kind == "replace":
            text = text[:at] + snippet + text[at + len(snippet) :]
        else:
            text = text[:at]
    _check_never_raises(text)


def test_byte_level_mutations_never_raise() -> None:
    rng = random.Random(20251202)
    tried = 0
    for text in _TEXTS:
        for _ in range(25):
            chars = list(text)
            for _ in range(rng.randint(1, 20)):
                chars[rng.randrange(len(chars))] = rng.choice(_SGF_ALPHABET)
            _check_never_raises("".join(chars))
            tried += 1
    assert tried == 25 * len(_TEXTS)


def test_gibbons_two_spellings_of_the_7point_match_read_alike() -> None:
    """complete.sgf is 7point.sgf with hops in another order (B[11rsststab], B[11abrsstst])."""
    folder = CORPUS / "gitGNU-gnu_gibbon"
    require_corpus(folder / "complete.sgf")

    def plays(name: str) -> list[list[tuple[object, ...]]]:
        [match] = read_sgf((folder / name).open(encoding="utf-8"), name)
        assert match.diagnostics == ()
        out = []
        for game in match.games:
            rows: list[tuple[object, ...]] = [(game.number, game.score)]
            for a in game.actions:
                if isinstance(a, Move):
                    steps = sorted((s.from_point, s.to_point) for s in a.steps)
                    rows.append((a.player, a.dice, tuple(steps)))
                else:
                    rows.append((type(a).__name__, a.player))
            out.append(rows)
        return out

    old, new = plays("7point.sgf"), plays("complete.sgf")
    assert len(new) == 9
    assert new == old
    [[(_, _, steps)]] = [
        [r for r in rows if r[1:2] == ((1, 1),) and r[0] == 1] for rows in new if rows[0][0] == 2
    ]
    assert steps == ((6, 5), (6, 5), (7, 6), (24, 23))
