"""A match's cube analysis recorded as equities (XG, BGBlitz) reaches gnubg's SGF ``DA``.

gnubg's ``DA`` holds a match's no-double and double-take values as match-winning chances;
XG and BGBlitz record normalised equities. The SGF writer turns them into MWC with the
Kazaross XG2 table (engine/met.py) at the decision's score and cube, and reading the SGF
back gives every cube decision again, with the same values to the six decimals gnubg's
format has. Not kept (gnubg's format has no place for them): the analysers' own cube
errors (gnubg works them out), the lone empty candidate XG lists for a dance, and the
candidates of a roll whose play is not among them (XG's resignation after rolling).
"""

from __future__ import annotations

import io
import json
import os
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest
from bgf_builder import bgf_bytes, short_match

from gamao_cli.engine import met
from gamao_cli.formats.inputs import read_path
from gamao_cli.formats.registry import by_name
from gamao_cli.formats.sgf.reader import read_sgf
from gamao_cli.formats.sgf.writer import write_sgf
from gamao_cli.model.actions import Double, Drop, Move, Step, Take
from gamao_cli.model.analysis import Annotation, CubeAnalysis
from gamao_cli.model.match import Game, Match
from tests.helpers import CORPUS, REPO, require_corpus

CHARLOT = CORPUS / "kevung-gbf" / "charlot1-charlot2_7p_2025-11-08-2305.xg"
GNUBG = Path("/usr/games/gnubg")


def _sgf_round_trip(match: Match) -> Match:
    out = io.StringIO()
    write_sgf(match, out)
    [back] = list(read_sgf(io.StringIO(out.getvalue()), "back.sgf"))
    return back


def _cubes(match: Match) -> list[tuple[int, int, CubeAnalysis]]:
    return [(g.number, a.action, a.cube) for g in match.games for a in g.annotations
            if a.cube is not None]  # fmt: skip


def test_equities_become_gnubgs_mwc_at_the_score_and_cube() -> None:
    # 5-point match at 1-3: player 1 (3 away... no: 5-3 = 2 away) considers doubling at a
    # cube of 2 on their roll; player 0 is 4 away.
    cube = CubeAnalysis(no_double=0.25, double_take=0.5, double_pass=1.0, level="3-ply")
    actions = (
        Move(0, (3, 1), (Step(8, 5), Step(6, 5))),
        Double(1, 2),
        Take(0),
        Move(1, (4, 2), (Step(8, 4), Step(6, 4))),
    )
    notes = (Annotation(1, cube=cube, source="xg"), Annotation(2, cube=cube, source="xg"),
             Annotation(3, cube=cube, source="xg"))  # fmt: skip
    game = Game(2, (1, 3), actions, annotations=notes)
    match = Match(("a", "b"), 5, (Game(1, (0, 0), ()), game))
    back = _sgf_round_trip(match)
    got = {a.action: a.cube for a in back.games[1].annotations if a.cube is not None}
    # player 1 is 2 away, player 0 4 away: before the double, cube 1: losing 1 point leaves
    # 2 vs 3 (pre-Crawford row 2 col 3: 0.59947), winning leaves 1 vs 4 (row 1 col 4: 0.81436)
    before = (0.59947 + (0.81436 - 0.59947) * 1.25 / 2, 0.59947 + (0.81436 - 0.59947) * 0.75)
    # after the take, on player 1's next roll the cube is 2: losing 2 leaves 2 vs 2 (0.5),
    # winning 2 wins the match
    after = (0.5 + 0.5 * 1.25 / 2, 0.5 + 0.5 * 0.75)
    assert sorted(got) == [1, 2, 3]
    for index, (nd, dt) in ((1, before), (2, before), (3, after)):
        assert (got[index].no_double_mwc, got[index].double_take_mwc) == (
            pytest.approx(nd, abs=5e-7), pytest.approx(dt, abs=5e-7))  # fmt: skip


def _deciders(game: Game, crawford: bool, length: int) -> dict[int, tuple[int, int, int, bool]]:
    """Per action index: (away, opponent away, cube, Crawford) of the player who may double,
    walked by hand: the cube doubles at each double; an answer is the doubler's decision at
    the cube before it."""
    assert game.score is not None
    out: dict[int, tuple[int, int, int, bool]] = {}
    cube = offered = 1
    for i, action in enumerate(game.actions):
        if isinstance(action, (Move, Double)):
            who, value = action.player, cube
        elif isinstance(action, (Take, Drop)):
            who, value = 1 - action.player, offered
        else:
            continue
        out[i] = (length - game.score[who], length - game.score[1 - who], value, crawford)
        if isinstance(action, Double):
            offered, cube = cube, action.value
    return out


def test_bgblitz_to_sgf_keeps_every_cube_decision_and_its_values() -> None:
    [match] = list(read_path(bgf_bytes(short_match().data)))
    before = _cubes(match)
    assert len(before) == 85 and match.length == 3
    back = _sgf_round_trip(match)
    after = {(n, i): c for n, i, c in _cubes(back)}
    assert sorted(after) == [(n, i) for n, i, _ in before]
    _same_values(match, before, after)


def _same_values(
    match: Match,
    before: list[tuple[int, int, CubeAnalysis]],
    after: dict[tuple[int, int], CubeAnalysis],
) -> None:
    """Each decision's MWC read back is its recorded equity at its score and cube, to the
    six decimals of MWC gnubg's format has; the Crawford game is the first game a side
    starts 1 away."""
    starts = [g for g in match.games if g.score is not None and match.length - 1 in g.score]
    crawford_game = starts[0].number if starts else None
    walked = {g.number: _deciders(g, g.number == crawford_game, match.length)
              for g in match.games}  # fmt: skip
    for number, index, cube in before:
        got = after[(number, index)]
        assert cube.no_double is not None and cube.double_take is not None
        assert got.no_double_mwc is not None and got.double_take_mwc is not None
        away, opp, value, crawford = walked[number][index]
        lose, win = met.cube_range(away, opp, value, crawford)
        tolerance = 1e-6 / (win - lose) + 1e-9  # six decimals of MWC, as an equity
        for mwc, equity in ((got.no_double_mwc, cube.no_double),
                            (got.double_take_mwc, cube.double_take)):  # fmt: skip
            assert met.mwc_to_equity(mwc, away, opp, value, crawford) == pytest.approx(
                equity, abs=tolerance)  # fmt: skip


def _charlot() -> Match:
    require_corpus(CHARLOT)
    [match] = list(read_path(CHARLOT))
    return match


def test_charlot_xg_to_sgf_keeps_its_94_cube_decisions_and_their_values() -> None:
    match = _charlot()
    before = _cubes(match)
    assert len(before) == 94
    back = _sgf_round_trip(match)
    after = {(n, i): c for n, i, c in _cubes(back)}
    assert len(after) == 94 and set(after) == {(n, i) for n, i, _ in before}
    # the first: charlot1 on roll at 0-0 in a 7-point match, cube 1; XG's no double
    # 0.002965952269732952 and double-take -0.3499942719936371; 7 away both: -1 is 0.43739
    # and +1 0.56261 (the table's row 7 col 6 and row 6 col 7)
    first = after[(1, 1)]
    assert first.no_double_mwc == round(0.43739 + 0.12522 * 1.002965952269732952 / 2, 6)
    assert first.double_take_mwc == round(0.43739 + 0.12522 * 0.6500057280063629 / 2, 6)
    assert first.probabilities is not None
    assert first.probabilities.win == 0.502594  # XG's 0.502593994140625, gnubg's 6 decimals
    for number, index, cube in before:
        got = after[(number, index)]
        assert cube.probabilities is not None and got.probabilities is not None
        assert got.probabilities.win == pytest.approx(cube.probabilities.win, abs=5e-7)
    _same_values(match, before, after)


def test_charlot_xg_to_json_keeps_the_cube_analysis_exactly() -> None:
    match = _charlot()
    fmt = by_name("json")
    assert fmt.write is not None and fmt.read is not None
    out = io.StringIO()
    fmt.write(match, out)
    [back] = list(fmt.read(io.StringIO(out.getvalue()), "back.json"))
    assert _cubes(back) == _cubes(match)


@pytest.mark.oracle
def test_gnubg_loads_the_cube_analysis_written_from_charlot(tmp_path: Path) -> None:
    if not GNUBG.exists():
        pytest.skip(f"GNU Backgammon is not installed at {GNUBG}")
    match = _charlot()
    sgf = tmp_path / "charlot.sgf"
    with sgf.open("w", encoding="utf-8") as fh:
        write_sgf(replace(match), fh)
    result = tmp_path / "cubes.json"
    env = {**os.environ, "GAMAO_SGF": str(sgf), "GAMAO_OUT": str(result)}
    script = REPO / "tools" / "oracle" / "gnubg_cube_analysis.py"
    subprocess.run([str(GNUBG), "-t", "-q", "-r", "-p", str(script)], env=env, cwd=tmp_path,
                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, check=True,
                   timeout=300)  # fmt: skip
    found = json.loads(result.read_text())
    # gnubg keeps a cube analysis on the roll it precedes and on the double; the same
    # decision written again on the take or drop node is not a record of its own
    kinds = [kind for _, kind, _, _ in found]
    assert (kinds.count("move"), kinds.count("double"), len(kinds)) == (86, 4, 90)
    _, _, nd, dt = found[0]
    assert (nd, dt) == (pytest.approx(0.500186, abs=1e-6), pytest.approx(0.478087, abs=1e-6))
