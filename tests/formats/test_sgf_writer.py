"""Writing SGF: exact output, round trips through the reader, and gnubg loading the result."""

from __future__ import annotations

import io
import json
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from gamao_cli.formats.sgf.reader import read_sgf
from gamao_cli.formats.sgf.writer import APPLICATION, write_sgf
from gamao_cli.model import (
    Action,
    Beaver,
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
    Step,
    Take,
    Variant,
    Win,
)
from tests.helpers import CORPUS_PRESENT, corpus_files

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "gnubg"
GNUBG = Path("/usr/games/gnubg")


def written(match: Match) -> str:
    out = io.StringIO()
    write_sgf(match, out)
    return out.getvalue()


def test_application_name() -> None:
    assert APPLICATION == "gamao:0.1.0"


MAT_LIKE = Match(
    players=("Alice", "Bob"),
    length=3,
    tags=(
        ("EventDate", "2024.1.5"),
        ("Event", "Club ] night"),
        ("Site", "Home"),
        ("Place", "ignored: PC is taken"),
        ("Transcriber", "me"),
        ("Variation", "Backgammon"),
        ("Comment", "first"),
    ),
    comments=("played online",),
    ratings=("1500", None),
    games=(
        Game(
            number=1,
            score=(0, 0),
            actions=(
                Move(0, (3, 1), (Step(8, 5), Step(6, 5))),
                Move(1, (6, 1), (Step(13, 7), Step(8, 7))),
                Double(0, 2),
                Take(1),
                Move(0, (6, 6), (), mark=MoveMark.EMPTY),
                Move(1, (5, 1), (), mark=MoveMark.EMPTY),
                Win(0, 2),
            ),
        ),
        Game(
            number=2,
            score=(2, 0),
            actions=(
                Move(1, (4, 2), (Step(8, 4, hit=True), Step(6, 4))),
                Move(0, (4, 2), (Step(13, 7, via_hits=(11,)),)),
                Move(1, (2, 1), (Step(25, 23),), mark=MoveMark.UNPARSED, text="21: bar/23 ??"),
                Resign(1, 1),
                Win(None, 1),
            ),
        ),
        Game(number=3, score=(2, 1), actions=(Move(1, (6, 5), (Step(24, 13),)),)),
    ),
)


def test_mat_like_match_exact() -> None:
    assert written(MAT_LIKE) == (
        "(;FF[4]GM[6]CA[UTF-8]AP[gamao:0.1.0]MI[length:3][game:0][ws:0][bs:0]PW[Alice]PB[Bob]"
        'WR[1500]DT[2024-01-05]EV[Club \\] night]PC[Home]AN[me]TG[Variation "Backgammon"]'
        "GC[first\nplayed online]"
        "RU[Crawford]RE[W+2R]\n"
        ";W[31hefe]\n"
        ";B[61lrqr]\n"
        ";W[double]\n"
        ";B[take]\n"
        ";W[66]\n"
        ";PL[B]DI[51])\n"
        "(;FF[4]GM[6]CA[UTF-8]AP[gamao:0.1.0]MI[length:3][game:1][ws:2][bs:0]PW[Alice]PB[Bob]"
        "RU[Crawford:CrawfordGame]RE[B+1R]\n"
        ";B[42qusu]\n"
        ";W[42mkkg]\n"
        ";B[21yb]C[unparsed: 21: bar/23 ??])\n"
        "(;FF[4]GM[6]CA[UTF-8]AP[gamao:0.1.0]MI[length:3][game:2][ws:2][bs:1]PW[Alice]PB[Bob]"
        "RU[Crawford]\n"
        ";B[65al])\n"
    )


def test_mat_like_match_reads_back() -> None:
    [match] = read_sgf(io.StringIO(written(MAT_LIKE)), "w.sgf")
    assert match.diagnostics == ()
    assert match.tags == (
        ("AP", "gamao:0.1.0"),
        ("DT", "2024-01-05"),
        ("EV", "Club ] night"),
        ("PC", "Home"),
        ("AN", "me"),
        ("Variation", "Backgammon"),  # gamao's TG: a .mat tag no SGF property holds
        ("GC", "first\nplayed online"),
    )
    assert match.ratings == ("1500", None)
    assert [(g.number, g.score, g.crawford) for g in match.games] == [
        (1, (0, 0), False),
        (2, (2, 0), True),
        (3, (2, 1), False),
    ]
    moves = [a for g in match.games for a in g.actions if isinstance(a, Move)]
    assert [(m.player, m.dice, m.steps, m.mark) for m in moves] == [
        (0, (3, 1), (Step(8, 5), Step(6, 5)), MoveMark.PLAY),
        (1, (6, 1), (Step(13, 7), Step(8, 7)), MoveMark.PLAY),
        (0, (6, 6), (), MoveMark.PLAY),
        (1, (5, 1), (), MoveMark.EMPTY),
        (1, (4, 2), (Step(8, 4), Step(6, 4)), MoveMark.PLAY),
        (0, (4, 2), (Step(13, 11), Step(11, 7)), MoveMark.PLAY),
        (1, (2, 1), (Step(25, 23),), MoveMark.PLAY),
        (1, (6, 5), (Step(24, 13),), MoveMark.PLAY),
    ]


def _board(points: dict[int, int]) -> tuple[int, ...]:
    cells = [0] * 26
    for point, n in points.items():
        cells[point] = n
    cells[0] = 15 - sum(cells[1:])
    return tuple(cells)


MONEY = Match(
    players=("W", "B"),
    length=0,
    rules=Rules(variant=Variant.NACKGAMMON, cube=True, jacoby=True),
    games=(
        Game(
            number=1,
            score=(0, 0),
            cube_value=2,
            start=SetPosition(
                boards=(_board({6: 5, 25: 1}), _board({1: 2})),
                turn=1,
                dice=(6, 5),
                cube_value=2,
                cube_owner=-1,
            ),
            actions=(
                Double(1, 4),
                Beaver(0, 8),
                Move(1, (6, 5), (Step(1, 0), Step(1, 0))),
                Double(0, 16),
                Beaver(1, 32),
                Take(0),
                SetPosition(boards=(_board({1: 1}), _board({})), turn=0, cube_owner=1),
                Double(0, 64),
                Drop(1),
                Win(0, 32),
            ),
        ),
    ),
)


def test_money_session_with_setup_and_beavers_exact() -> None:
    assert written(MONEY) == (
        "(;FF[4]GM[6]CA[UTF-8]AP[gamao:0.1.0]MI[length:0][game:0][ws:0][bs:0]PW[W]PB[B]"
        "RU[Jacoby:Nackgammon]CV[2]RE[W+32]\n"
        ";PL[B]AE[a:y]AW[f][f][f][f][f][y]AB[x][x]\n"
        ";CV[2]\n"
        ";CP[c]\n"
        ";PL[B]DI[65]\n"
        ";B[double]\n"
        ";W[double]\n"
        ";B[take]\n"
        ";B[65xzxz]\n"
        ";W[double]\n"
        ";B[double]\n"
        ";W[take]\n"
        ";PL[W]AE[a:y]AW[a]\n"
        ";CP[b]\n"
        ";W[double]\n"
        ";B[drop])\n"
    )


def test_money_session_reads_back() -> None:
    [match] = read_sgf(io.StringIO(written(MONEY)), "w.sgf")
    assert match.diagnostics == ()
    assert match.rules == Rules(variant=Variant.NACKGAMMON, cube=True, jacoby=True)
    [game] = match.games
    assert game.cube_value == 2
    assert game.start is not None
    assert (game.start.boards, game.start.turn, game.start.dice) == (
        MONEY.games[0].start.boards,  # type: ignore[union-attr]
        1,
        (6, 5),
    )
    cube = [(type(a).__name__, a.player, getattr(a, "value", None)) for a in game.actions]
    assert cube == [
        ("Double", 1, 4),
        ("Beaver", 0, 8),
        ("Take", 1, None),
        ("Move", 1, None),
        ("Double", 0, 16),
        ("Beaver", 1, 32),
        ("Take", 0, None),
        ("SetPosition", None, None),
        ("Double", 0, 64),
        ("Drop", 1, None),
        ("Win", 0, None),
    ]


def test_no_games_writes_a_root_node() -> None:
    match = Match(players=("a", "b"), length=5, games=())
    assert written(match) == (
        "(;FF[4]GM[6]CA[UTF-8]AP[gamao:0.1.0]MI[length:5][game:0][ws:0][bs:0]PW[a]PB[b]"
        "RU[Crawford])\n"
    )


def test_winner_unknown_and_no_next_game_writes_no_result() -> None:
    match = Match(
        players=("a", "b"),
        length=1,
        games=(Game(number=1, score=(0, 0), actions=(Win(None, 1),)),),
    )
    assert written(match).endswith("PW[a]PB[b])\n")


def test_finished_bear_off_is_not_a_resignation() -> None:
    start = SetPosition(boards=(_board({1: 1}), _board({6: 2})), turn=0)
    game = Game(
        number=1,
        score=(0, 0),
        start=start,
        actions=(Move(0, (2, 1), (Step(1, 0),)), Win(0, 1)),
    )
    text = written(Match(players=("a", "b"), length=1, games=(game,)))
    assert "RE[W+1]" in text


def test_game_properties_grouped_and_filtered() -> None:
    game = Game(
        number=1,
        score=(0, 0),
        actions=(),
        properties=(("XX", "1"), ("GS", "M:0"), ("comment", "no"), ("XX", "2"), ("RE", "x")),
    )
    text = written(Match(players=("a", "b"), length=1, games=(game,)))
    assert text.endswith("PW[a]PB[b]XX[1][2])\n")


# --- round trips over real files ------------------------------------------------------------


def _sgf_files() -> list[Path]:
    return corpus_files("**/*.sgf") + sorted(FIXTURES.glob("*.sgf"))


def _normal(match: Match) -> Match:
    """What a round trip through SGF keeps: no locations, no writer tag, no statistics,
    no resignation offers (gnubg does not write them), results in gnubg's spelling."""

    def action(a: Action) -> Action:
        if isinstance(a, Win):
            a = replace(a, text=f"{'WB'[a.player or 0]}+{a.points}{'R' if a.resigned else ''}")
        return replace(a, location=Location(""))

    games = tuple(
        replace(
            g,
            location=Location(""),
            score_location=None,
            actions=tuple(action(a) for a in g.actions if not isinstance(a, Resign)),
            start=None if g.start is None else replace(g.start, location=Location(""), text=""),
            properties=tuple(p for p in g.properties if p[0] != "GS"),
        )
        for g in match.games
    )
    return replace(
        match,
        games=games,
        tags=tuple(t for t in match.tags if t[0] != "AP"),
        location=Location(""),
    )


def test_round_trip_real_files() -> None:
    files = _sgf_files()
    refused = []
    for path in files:
        [original] = read_sgf(path.open(encoding="utf-8"), path.name)
        if not original.games:  # another game's SGF: nothing to write
            refused.append((path.name, [d.code for d in original.diagnostics]))
            continue
        text = written(original)
        [again] = read_sgf(io.StringIO(text), path.name)
        assert again.diagnostics == (), path.name
        assert _normal(again) == _normal(original), path.name
        assert written(again) == text, path.name  # writing is idempotent
    assert len(files) >= 8
    if CORPUS_PRESENT:
        assert refused == [("demo_file.sgf", ["P228"])]


@pytest.mark.oracle
def test_gnubg_loads_what_we_write(tmp_path: Path) -> None:
    if not GNUBG.exists():
        pytest.skip(f"{GNUBG} not installed")
    files = corpus_files("**/*.sgf")[:8] + sorted(FIXTURES.glob("*.sgf"))[:12]
    pairs = []
    for i, path in enumerate(files):
        [match] = read_sgf(path.open(encoding="utf-8"), path.name)
        mine = tmp_path / f"{i:02d}.sgf"
        mine.write_text(written(match), encoding="utf-8")
        pairs.append((str(path.resolve()), str(mine)))
    (tmp_path / "pairs.json").write_text(json.dumps(pairs))
    script = tmp_path / "compare.py"
    script.write_text(_GNUBG_SCRIPT.replace("TMP", str(tmp_path)))
    subprocess.run(
        [str(GNUBG), "-t", "-q", "-r", "-p", str(script)],
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=300,
        check=False,
    )
    results = json.loads((tmp_path / "results.json").read_text())
    differing = {Path(a).name for a, same in results if not same}
    # edited.sgf: gnubg keeps its set-up records in file order; ours are board, cube, dice.
    assert differing <= {"edited.sgf"}
    assert len(results) == len(files)


_GNUBG_SCRIPT = """
import gnubg, json
def load(path):
    gnubg.command("load match " + path)
    m = gnubg.match(analysis=0, boards=0, statistics=0, verbose=0)
    keep = ("action", "player", "dice", "move", "resigned")
    return m["match-info"], [
        (g["info"], [{k: v for k, v in a.items() if k in keep} for a in g["game"]])
        for g in m["games"]
    ]
out = []
for theirs, ours in json.load(open("TMP/pairs.json")):
    out.append((theirs, load(theirs) == load(ours)))
json.dump(out, open("TMP/results.json", "w"))
"""
