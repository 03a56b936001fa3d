"""The .mat reader and writer on every real match text in shared/corpus/real.

Expected game counts were taken by counting ``Game N`` lines with grep; their sum, 316, is
the corpus total in SOURCES.md.
"""

from __future__ import annotations

import io

import pytest
from mat_helpers import plain_games, read_path

from gamao_cli.formats.mat.reader import read_mat
from gamao_cli.formats.mat.writer import write_mat
from gamao_cli.model import Move, MoveMark, SetPosition, Win
from tests.helpers import CORPUS, needs_corpus

EXPECTED_GAMES = {
    "bgnori-bglib/1857680.txt": 3,
    "bgnori-bglib/1857896.txt": 5,
    "bgnori-bglib/1859149.txt": 3,
    "bgnori-bglib/1863526.txt": 6,
    "bgnori-bglib/1863670.txt": 7,
    "bgnori-bglib/1864694.txt": 12,
    "bgnori-bglib/1865970.txt": 4,
    "bgnori-bglib/1887435.txt": 7,
    "bgnori-bglib/1896804.txt": 2,
    "bgnori-bglib/1900211.txt": 10,
    "bgnori-bglib/1900327.txt": 5,
    "bgnori-bglib/1910477.txt": 11,
    "bgnori-bglib/1989-nori-2009Jan172004.txt": 2,
    "bgnori-bglib/BlueNote-nori-2009Apr071735.txt": 6,
    "bgnori-bglib/BoardLord-nori-2009Apr182228.txt": 7,
    "bgnori-bglib/Bobkatt-nori-2009Mar082204.txt": 6,
    "bgnori-bglib/Delphin-nori-2009Feb182159.txt": 1,
    "bgnori-bglib/HansK-nori-2009Jan171952.txt": 2,
    "bgnori-bglib/HooShanG-nori-2009Jan291902.txt": 3,
    "bgnori-bglib/Jerzeegirlx-nori-2009Jan181035.txt": 5,
    "bgnori-bglib/Kaneko-nori-2009Jan142040.txt": 22,
    "bgnori-bglib/MLB-nori-2009Mar012236.txt": 1,
    "bgnori-bglib/MisterPostman-nori-2009Apr112137.txt": 7,
    "bgnori-bglib/MochizukiMasayuki_TabataMakoto_11p_Final_090222.txt": 15,
    "bgnori-bglib/Nori-Kenji081229.txt": 23,
    "bgnori-bglib/OKPHTHKOS-nori-2009Mar151009.txt": 2,
    "bgnori-bglib/Primer888-nori-2009Jan240158.txt": 4,
    "bgnori-bglib/SSYEKTA-nori-2009Jan141902.txt": 6,
    "bgnori-bglib/Trojan-nori-2009Jan181948.txt": 4,
    "bgnori-bglib/asasan-nori-2009Jan212154.txt": 5,
    "bgnori-bglib/charlie11-nori-2009Feb141749.txt": 2,
    "bgnori-bglib/cyep-nori-2009Jan251213.txt": 5,
    "bgnori-bglib/hockeyfan-nori-2009Apr152338.txt": 5,
    "bgnori-bglib/jack6-nori-2009Jan242200.txt": 2,
    "bgnori-bglib/lavraki-nori-2009Jan192208.txt": 4,
    "bgnori-bglib/massie-nori-2009Feb152158.txt": 5,
    "bgnori-bglib/nicksbar-nori-2009Jan302316.txt": 7,
    "bgnori-bglib/py199-nori-2009Jan171414.txt": 1,
    "bgnori-bglib/ramune-nori-2009Jan272223.txt": 5,
    "bgnori-bglib/snua-nori-2009Mar282031.txt": 5,
    "bgnori-bglib/texmex-nori-2009Feb011756.txt": 4,
    "bgnori-bglib/zoonk-nori-2009Jan151857.txt": 1,
    "cuotos-matfile_go/fullmatch1.mat": 15,
    "gitGNU-gnu_gibbon/7point.mat": 9,
    "kevung-blunderDB/adrien75116 - raphael_gin 13pt Backgammon Studio 2026_03_15 11_26_44.txt": 8,
    "kevung-gnubgparser/charlot1-charlot2_7p_2025-11-08-2305.mat": 4,
    "kevung-gnubgparser/gnubg_roll_then_resign_1p.mat": 1,
    "kevung-gnubgparser/gnubg_selfplay_drops_7p.mat": 6,
    "kevung-lazyBG/match1.txt": 4,
    "kevung-lazyBG/match2.txt": 9,
    "kevung-lazyBG/match3.txt": 7,
    "lassehjorthmadsen-gnubg-scripts/match1484923.txt": 4,
    "lassehjorthmadsen-gnubg-scripts/match1486073.txt": 2,
    "lassehjorthmadsen-gnubg-scripts/test-match01.txt": 3,
    "nodots-backgammon-core/sample.xg": 2,
}

pytestmark = needs_corpus


def test_the_corpus_holds_316_games_in_55_files() -> None:
    assert len(EXPECTED_GAMES) == 55
    assert sum(EXPECTED_GAMES.values()) == 316


@pytest.mark.parametrize("name", sorted(EXPECTED_GAMES))
def test_real_file_reads_cleanly(name: str) -> None:
    matches = read_path(CORPUS / name, name)
    assert len(matches) == 1
    (match,) = matches
    # Nori-Kenji and nicksbar hold real recording errors (SOURCES.md), but no syntax errors
    assert match.diagnostics == ()
    assert len(match.games) == EXPECTED_GAMES[name]
    assert match.source_format == "mat"
    for game in match.games:
        assert game.players == match.players
        assert game.score is not None
        assert isinstance(game.actions[-1], Win) or any(isinstance(a, Win) for a in game.actions)


@pytest.mark.parametrize("name", sorted(EXPECTED_GAMES))
def test_real_file_round_trips_through_the_writer(name: str) -> None:
    matches = read_path(CORPUS / name, name)
    out = io.StringIO()
    for match in matches:
        write_mat(match, out)
    again = list(read_mat(io.StringIO(out.getvalue()), "rewritten.mat"))
    assert [m.diagnostics for m in again] == [()]
    assert plain_games(again) == plain_games(matches)
    assert [(m.players, m.length, m.rules, m.tags) for m in again] == [
        (m.players, m.length, m.rules, m.tags) for m in matches
    ]


@pytest.mark.parametrize(
    ("name", "left", "player_2_tag"),
    [
        ("kevung-lazyBG/match1.txt", "Kévin UNGER Nicolas HARMAND", "Kévin UNGER Nicolas HARMAND"),
        ("kevung-lazyBG/match2.txt", "Kévin Unger", "Kévin Unger"),
        ("cuotos-matfile_go/fullmatch1.mat", "Moriuchi Toshiyuki", "Moriuchi Toshiyuki"),
        ("kevung-lazyBG/match3.txt", "marcow777", "postmanpat"),
    ],
)
def test_xg_desktop_left_column_is_player_0(name: str, left: str, player_2_tag: str) -> None:
    (match,) = read_path(CORPUS / name, name)
    assert match.players[0] == left
    assert match.tag("Player 2") == player_2_tag
    first = match.games[0].actions[0]
    assert isinstance(first, Move)
    # the first cell of game 1 stands in its player's column
    assert (first.player == 0) == (first.location.column < 20)


def test_illegal_plays_and_special_cells_in_the_corpus() -> None:
    name = "bgnori-bglib/Nori-Kenji081229.txt"
    (match,) = read_path(CORPUS / name, name)
    positions = [a for g in match.games for a in g.actions if isinstance(a, SetPosition)]
    assert [(p.number, p.player, p.turn, p.dice) for p in positions] == [
        (24, 0, 1, (1, 1)),
        (24, 1, 0, (4, 3)),
        (13, 0, 1, None),
    ]
    marks = [
        a.mark
        for name in ("kevung-lazyBG/match1.txt", "kevung-lazyBG/match2.txt")
        for g in read_path(CORPUS / name, name)[0].games
        for a in g.actions
        if isinstance(a, Move) and a.mark is not MoveMark.PLAY
    ]
    assert marks.count(MoveMark.UNKNOWN) >= 1
    assert marks.count(MoveMark.CANNOT_MOVE) >= 1


def test_javafibs_wins_at_column_one_have_no_winner() -> None:
    name = "gitGNU-gnu_gibbon/7point.mat"
    (match,) = read_path(CORPUS / name, name)
    wins = [a for g in match.games for a in g.actions if isinstance(a, Win)]
    assert [(w.player, w.points, w.and_the_match, w.location.line) for w in wins] == [
        (1, 1, False, 9),
        (None, 2, False, 30),
        (1, 1, False, 41),
        (None, 2, False, 63),
        (1, 2, False, 110),
        (1, 1, False, 128),
        (None, 1, False, 168),
        (None, 1, False, 187),
        (None, 2, True, 223),
    ]


def test_galaxy_losses_in_the_corpus() -> None:
    name = "lassehjorthmadsen-gnubg-scripts/match1484923.txt"
    (match,) = read_path(CORPUS / name, name)
    last = match.games[-1].actions[-1]
    assert isinstance(last, Win)
    assert (last.player, last.points, last.and_the_match, last.extra) == (
        1,
        1,
        True,
        (("losses", "1"),),
    )
