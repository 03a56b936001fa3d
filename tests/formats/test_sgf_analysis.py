"""gnubg's SGF analysis properties: reading (A, DA, LU, labels), errors, writing them back."""

from __future__ import annotations

import io
import json
import re
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamao_cli.analysis import check as check_module
from gamao_cli.analysis.check import check_input
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.formats.base import reads_analysis, without_analysis
from gamao_cli.formats.inputs import InputFile
from gamao_cli.formats.json.writer import read_json, write_json, write_jsonl
from gamao_cli.formats.sgf.analysis import (
    AnalysisError,
    checker_analysis,
    cube_analysis,
    cube_errors,
)
from gamao_cli.formats.sgf.annotate import cube_analysis as cube_text
from gamao_cli.formats.sgf.parser import escape
from gamao_cli.formats.sgf.reader import read_sgf
from gamao_cli.formats.sgf.writer import write_sgf
from gamao_cli.formats.shells import analysis as shells
from gamao_cli.model import Double, Drop, Game, Match, Move, Step, Take
from gamao_cli.model.analysis import (
    Annotation,
    Candidate,
    CheckerAnalysis,
    CubeAnalysis,
    Probabilities,
)
from tests.helpers import CORPUS, CORPUS_PRESENT, require_corpus

ROOT = Path(__file__).resolve().parents[2]

GNUBG = Path("/usr/games/gnubg")
SCRIPTS = CORPUS / "lassehjorthmadsen-gnubg-scripts"
ANALYSED = [
    SCRIPTS / "match1484923_analyzed.sgf",
    SCRIPTS / "match1486073_analyzed.sgf",
    SCRIPTS / "test-match01_analyzed.sgf",
    CORPUS / "zmetcalf-backgammon_sgf" / "gnubg_file.sgf",
    CORPUS / "kevung-gbf" / "test.sgf",
]
P = Probabilities


def _read(text: str) -> Match:
    [match] = read_sgf(io.StringIO(text), "t.sgf")
    return match


def _corpus(path: Path) -> Match:
    require_corpus(path)
    [match] = read_sgf(path.open(encoding="utf-8"), path.name)
    return match


# --- A: checker plays ----------------------------------------------------------------------------


def test_move_analysis_candidates_error_and_level() -> None:
    checker = checker_analysis(
        (
            "1",
            "lpab E ver 3 0.5 0.14 0.006 0.13 0.005 -0.011652 2C 0 1 0.000000 1",
            "lpst E ver 3 0.49 0.139906 0.005872 0.14815 0.009357 -0.028382 2C 0 1 0.000000 1",
        ),
        player=1,
    )
    assert checker == CheckerAnalysis(
        candidates=(
            Candidate((Step(13, 9), Step(24, 23)), -0.011652, P(0.5, 0.14, 0.006, 0.13, 0.005)),
            Candidate(
                (Step(13, 9), Step(6, 5)),
                -0.028382,
                P(0.49, 0.139906, 0.005872, 0.14815, 0.009357),
            ),
        ),
        played=1,
        error=0.01673,  # -0.011652 - (-0.028382)
        level="2-ply",
        counts=True,
    )


def test_levels_kept_per_candidate_where_they_differ_and_rollouts() -> None:
    checker = checker_analysis(
        (
            "0",
            "hefe X ver 3 Score 0.2 0.19 Trials 1296 Output 0.55 0.17 0.01 0.12 0.005 0.18 0.2 "
            'StdDev 0 0 0 0 0 0 0 SK 0 RC 1 1 1 1 0 0 0 0 0 0 "mersenne" 42',
            "mhxv E ver 3 0.5 0.1 0.0 0.1 0.0 0.01 0 0 1 0.000000 1",
        ),
        player=0,
    )
    assert [(c.steps, c.equity, c.level) for c in checker.candidates] == [
        ((Step(8, 5), Step(6, 5)), 0.2, "rollout"),
        ((Step(13, 8), Step(24, 22)), 0.01, "0-ply cubeless"),
    ]
    assert checker.level == "rollout"
    assert checker.error == 0.0


def test_a_forced_play_does_not_count_and_an_unlisted_play_has_no_error() -> None:
    forced = checker_analysis(("0", "ye E ver 3 0.37 0.08 0.003 0.227 0.013 -0.589 0C 0 1 0 1"), 1)
    assert (forced.counts, forced.error, forced.candidates[0].steps) == (
        False,
        0.0,
        (Step(25, 20),),
    )
    unlisted = checker_analysis(("3", "ye E ver 3 0.37 0.08 0.003 0.227 0.013 -0.589 0C"), 1)
    assert (unlisted.played, unlisted.error) == (None, None)


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ((), "A needs the index of the play made, then candidates"),
        (("x", "hefe E ver 3"), "A needs the index of the play made, then candidates"),
        (("¹", "hefe E ver 3"), "A needs the index of the play made, then candidates"),
        (("0", "hefe E ver ³ 0.5"), "bad version '³'"),
        (("0", "hefe E ver 3 0.5 0.1 0 0 0 0.1 ²C"), "'²C' is not a number of plies"),
        (("0", "hefe E ver 3 0.5 0.1"), "too few numbers"),
        (("0", "hefe E ver 3 0.5 0.1 0 0 0 nan 0C"), "a number is not finite"),
        (("0", "hefe Q 1"), "unknown evaluation 'Q'"),
        (("0", "hef E ver 3 0.5 0.1 0 0 0 0.1 0C"), "bad play 'hef'"),
        (("0", "h!fe E ver 3 0.5 0.1 0 0 0 0.1 0C"), "bad point letter in 'h!fe'"),
    ],
)
def test_unreadable_move_analysis(values: tuple[str, ...], message: str) -> None:
    with pytest.raises(AnalysisError, match=re.escape(message)):
        checker_analysis(values, 0)


# --- DA: cube decisions --------------------------------------------------------------------------

_DA = "E ver 3 2C 1 0.000000 1 0.7 0.1 0.002 0.03 0.001 {c} {nd} 0.7 0.1 0.002 0.03 0.001 {c} {dt}"


@pytest.mark.parametrize(
    ("nd", "dt", "node", "errors"),
    [
        # best = max(ND, min(DT, DP = 1))
        (0.6, 0.8, "move", (0.2, None)),  # a double: not doubling loses 0.8 - 0.6
        (0.6, 0.8, "double", (0.0, None)),
        (0.6, 0.8, "take", (None, 0.0)),
        (0.6, 0.8, "drop", (None, 0.2)),  # the taker: a pass is -1, a take -0.8
        (0.9, 1.3, "move", (0.1, None)),  # double, pass: best is DP = 1
        (0.9, 1.3, "double", (0.0, None)),
        (0.9, 1.3, "take", (None, 0.3)),
        (0.9, 1.3, "drop", (None, 0.0)),
        (0.5, 0.2, "double", (0.3, None)),  # no double: doubling loses 0.5 - 0.2
    ],
)
def test_money_cube_errors_as_gnubg_works_them_out(
    nd: float, dt: float, node: str, errors: tuple[float | None, float | None]
) -> None:
    cube = cube_analysis(_DA.format(c=0.5, nd=nd, dt=dt), money=True, node=node)
    assert cube == CubeAnalysis(
        nd,
        dt,
        1.0,
        errors[0],
        errors[1],
        probabilities=P(0.7, 0.1, 0.002, 0.03, 0.001),
        level="2-ply",
        cubeless=0.5,
    )
    assert cube_errors(nd, dt, 1.0, node) == errors


def test_match_cube_values_are_mwc() -> None:
    cube = cube_analysis(_DA.format(c=0.00287, nd=0.500529, dt=0.474559), money=False, node="move")
    assert cube == CubeAnalysis(
        None,
        None,
        1.0,
        probabilities=P(0.7, 0.1, 0.002, 0.03, 0.001),
        level="2-ply",
        cubeless=0.00287,
        no_double_mwc=0.500529,
        double_take_mwc=0.474559,
    )


@pytest.mark.parametrize(
    "value",
    [
        # version 2: plies, a former flag, determinism, noise, pruning
        "E ver 2 1C 0 1 0.000000 1 0.7 0.1 0.002 0.03 0.001 0.5 0.6 0.7 0.1 0.002 0.03 0.001 0.5 "
        "0.8",
        # before version 2: four old numbers, then plies, flag, determinism, noise
        "E 0 0 0 0 1C 0 1 0.000000 0.7 0.1 0.002 0.03 0.001 0.5 0.6 0.7 0.1 0.002 0.03 0.001 "
        "0.5 0.8",
        "X ver 3 Eq Trials 648 NoDouble Output 0.7 0.1 0.002 0.03 0.001 0.5 0.6 StdDev 0 0 0 0 "
        "0 0 0 DoubleTake Output 0.7 0.1 0.002 0.03 0.001 0.5 0.8 StdDev 0 0 0 0 0 0 0 SK 0",
    ],
)
def test_older_and_rollout_cube_analyses(value: str) -> None:
    cube = cube_analysis(value, money=True, node="move")
    assert (cube.no_double, cube.double_take, cube.doubler_error, cube.cubeless) == (
        0.6,
        0.8,
        0.2,
        0.5,
    )
    assert cube.level == ("rollout" if value.startswith("X") else "1-ply")


def test_reader_attaches_analysis_to_the_action_of_its_node() -> None:
    match = _read(
        "(;FF[4]GM[6]AP[GNU Backgammon:1.07.001]MI[length:0][game:0][ws:0][bs:0]PW[a]PB[b]\n"
        ";W[31hefe]A[0][hefe E ver 3 0.55 0.17 0.01 0.12 0.005 0.2 0C 0 1 0.000000 1]"
        "MR[]LU[0.23437]GB[1]C[nice]\n"
        ";B[double]" + "DA[" + _DA.format(c=0.5, nd=0.6, dt=0.8) + "]DO[]\n"
        ";W[drop]" + "DA[" + _DA.format(c=0.5, nd=0.6, dt=0.8) + "]BM[2]\n"
        ";B[66]LU[-inf]A[x]\n)"
    )
    game = match.games[0]
    assert [type(a).__name__ for a in game.actions] == ["Move", "Double", "Drop", "Move"]
    cube = CubeAnalysis(
        0.6, 0.8, 1.0, probabilities=P(0.7, 0.1, 0.002, 0.03, 0.001), level="2-ply", cubeless=0.5
    )
    assert game.annotations == (
        Annotation(
            0,
            checker=CheckerAnalysis(
                (Candidate((Step(8, 5), Step(6, 5)), 0.2, P(0.55, 0.17, 0.01, 0.12, 0.005)),),
                0,
                0.0,
                level="0-ply",
                counts=False,
            ),
            luck=0.23437,
            comment="nice",
            source="gnubg",
            marks=(("GB", "1"),),
        ),
        Annotation(1, cube=replace(cube, doubler_error=0.0), source="gnubg", marks=(("DO", ""),)),
        Annotation(2, cube=replace(cube, taker_error=0.2), source="gnubg", marks=(("BM", "2"),)),
    )
    assert [(d.code, d.message, d.location.line) for d in match.diagnostics] == [
        ("P229", "A[...] skipped: A needs the index of the play made, then candidates", 5)
    ]


# --- the real analysed files --------------------------------------------------------------------

_SECTION = re.compile(r"^Move number \d+:\s+(\S+) to play (\d)(\d)$", re.M)
_ROLLED = re.compile(r"^Rolled (\d\d) \(([+-]\d\.\d{3})\):$", re.M)
_ALERT = re.compile(r"^Alert: (?:very bad|bad|doubtful) move \( -(\d\.\d{3})\)", re.M)


def test_luck_and_errors_agree_with_gnubgs_text_export() -> None:
    """Game 1 of match1484923: gnubg's `export match text` of the same analysed match."""
    text_path = SCRIPTS / "match1484923_analyzed.txt"
    match = _corpus(SCRIPTS / "match1484923_analyzed.sgf")
    assert match.diagnostics == ()
    game = match.games[0]
    notes = {a.action: a for a in game.annotations}
    moves = [(i, a) for i, a in enumerate(game.actions) if isinstance(a, Move)]
    text = text_path.read_text(encoding="utf-8")
    sections = list(_SECTION.finditer(text))
    assert len(sections) == len(moves) == 61
    ends = [s.start() for s in sections[1:]] + [len(text)]
    errors = 0
    for (index, move), section, end in zip(moves, sections, ends, strict=True):
        body = text[section.end() : end]
        assert move.dice == (int(section.group(2)), int(section.group(3)))
        note = notes[index]
        rolled = _ROLLED.search(body)
        assert rolled is not None and rolled.group(1) == "".join(map(str, move.dice))
        assert note.luck is not None and f"{note.luck:+.3f}" == rolled.group(2)
        alert = _ALERT.search(body)
        if note.checker is None:  # no play: no move analysis
            assert move.steps == () and alert is None
            continue
        assert note.checker.error is not None
        if alert:
            errors += 1
            assert f"{note.checker.error:.3f}" == alert.group(1)
        else:
            assert note.checker.error < 0.04  # gnubg's "doubtful" threshold
    assert errors == 5  # doubtful 0.044 and 0.048, bad 0.099, very bad 0.314 and 0.266


def test_money_session_cube_decisions() -> None:
    match = _corpus(CORPUS / "zmetcalf-backgammon_sgf" / "gnubg_file.sgf")
    game = match.games[0]
    double = next(i for i, a in enumerate(game.actions) if isinstance(a, Double))
    assert isinstance(game.actions[double + 1], Drop)
    by_action = {a.action: a for a in game.annotations}
    cube = by_action[double].cube
    assert cube is not None
    # DA: ND 0.963611, DT 1.100465, DP 1: the best is to double (min(DT, DP) = 1) and to pass
    assert (cube.no_double, cube.double_take, cube.double_pass) == (0.963611, 1.100465, 1.0)
    assert (cube.doubler_error, cube.taker_error) == (0.0, None)
    answer = by_action[double + 1].cube
    assert answer is not None and (answer.doubler_error, answer.taker_error) == (None, 0.0)
    # the cube decisions before the rolls: ND was right each time but once (DA 7: ND 0.586623
    # DT 0.530822; DA 5: ND 0.211207, DT 0.004207)
    missed = [a.cube.doubler_error for a in game.annotations if a.cube and a.cube.doubler_error]
    assert missed == []


@pytest.mark.parametrize("path", ANALYSED, ids=lambda p: p.name)
def test_analysed_files_write_back_what_gnubg_wrote(path: Path) -> None:
    """Our DA and A values are gnubg's own, character for character."""
    match = _corpus(path)
    assert match.diagnostics == ()
    assert sum(len(g.annotations) for g in match.games) > 0
    out = io.StringIO()
    write_sgf(match, out)
    original = path.read_text(encoding="utf-8")
    for prop in ("DA", "A", "LU", "BM", "DO", "GB", "GW"):
        pattern = re.compile(rf"\b{prop}((?:\[(?:[^\]\\]|\\.)*\])+)")
        theirs = [v for v in pattern.findall(original) if v != "[-inf]"]
        assert pattern.findall(out.getvalue()) == theirs, prop
    [again] = read_sgf(io.StringIO(out.getvalue()), path.name)
    assert [g.annotations for g in again.games] == [g.annotations for g in match.games]


# --- JSON and SGF carry any analysis -----------------------------------------------------------


def _annotated(length: int) -> Match:
    """A hand-built analysed game: an opening play, a double and a take (XG's, say)."""
    money = length == 0
    right = 0.0 if money else None  # doubling and taking are right: ND 0.52, DT 0.61, DP 1
    cube = CubeAnalysis(
        0.52 if money else None,
        0.61 if money else None,
        1.0,
        probabilities=P(0.68, 0.2, 0.01, 0.05, 0.002),
        level="3-ply",
        cubeless=0.5,
        no_double_mwc=None if money else 0.61,
        double_take_mwc=None if money else 0.64,
    )
    actions = (
        Move(0, (3, 1), (Step(8, 5), Step(6, 5))),
        Double(1, 2),
        Take(0),
    )
    notes = (
        Annotation(
            0,
            checker=CheckerAnalysis(
                (
                    Candidate((Step(8, 5), Step(6, 5)), 0.2, P(0.55, 0.17, 0.01, 0.12, 0.005)),
                    Candidate((Step(24, 23), Step(13, 10)), -0.01, None, "1-ply"),
                    Candidate((Step(24, 21), Step(21, 20)), -0.02, P(0.5, 0.1, 0.0, 0.1, 0.0)),
                ),
                0,
                0.0,
                level="2-ply",
                counts=True,
            ),
            luck=0.23437,
            comment="opening ] \\ note",
            source="xg",
            marks=(("GB", "1"),),
        ),
        Annotation(1, cube=replace(cube, doubler_error=right), source="xg"),
        Annotation(2, cube=replace(cube, taker_error=right), source="xg"),
    )
    game = Game(1, (0, 0), actions, annotations=notes)
    return Match(("Ann", "Bob"), length, (game,))


@pytest.mark.parametrize("length", [0, 5])
def test_analysis_survives_json_to_json(length: int) -> None:
    match = _annotated(length)
    for writer in (write_json, write_jsonl):
        out = io.StringIO()
        writer(match, out)
        [again] = read_json(io.StringIO(out.getvalue()), "m.json")
        assert again == match
        out2 = io.StringIO()
        writer(again, out2)
        assert out2.getvalue() == out.getvalue()


@pytest.mark.parametrize("length", [0, 5])
def test_analysis_survives_json_to_sgf(length: int) -> None:
    """What gnubg's properties cannot say is written as near as they can (sgf_annotate)."""
    match = _annotated(length)
    out = io.StringIO()
    write_json(match, out)
    [from_json] = read_json(io.StringIO(out.getvalue()), "m.json")
    sgf = io.StringIO()
    write_sgf(from_json, sgf)
    again = _read(sgf.getvalue())
    assert again.diagnostics == ()
    expected = match.games[0].annotations
    first = expected[0].checker
    assert first is not None
    zero = P(0.0, 0.0, 0.0, 0.0, 0.0)  # chances the analyser did not give are written as 0
    candidates = (  # levels differ: each candidate keeps its own
        replace(first.candidates[0], level="2-ply"),
        replace(first.candidates[1], probabilities=zero),
        replace(first.candidates[2], level="2-ply"),
    )
    assert again.games[0].annotations == (
        replace(expected[0], checker=replace(first, candidates=candidates), source="gnubg"),
        replace(expected[1], source="gnubg"),
        replace(expected[2], source="gnubg"),
    )


def test_a_match_cube_known_only_as_equities_is_not_written() -> None:
    cube = CubeAnalysis(0.52, 0.61, 1.0, 0.09)
    assert cube_text(cube, money=False) == ""
    assert cube_text(cube, money=True) == (
        "DA[E ver 3 0C 1 0.000000 1 0.000000 0.000000 0.000000 0.000000 0.000000 0.000000 "
        "0.520000 0.000000 0.000000 0.000000 0.000000 0.000000 0.000000 0.610000]"
    )


def test_json_annotations_are_checked() -> None:
    out = io.StringIO()
    write_json(_annotated(0), out)
    doc = json.loads(out.getvalue())
    notes = doc["games"][0]["annotations"]
    notes[0]["checker"]["played"] = 9
    notes[1]["cube"]["doubler_error"] = -0.1
    notes[2]["action"] = 7
    doc["games"][0]["annotations"].append({"action": 0, "luck": "x", "extra": 1})
    doc["games"][0]["annotations"].append({"action": 1, "cube": {"probabilities": [2, 0, 0, 0, 0]}})
    [match] = read_json(io.StringIO(json.dumps(doc)), "m.json")
    assert match.games[0].annotations == ()
    assert [(d.code, d.message) for d in match.diagnostics] == [
        ("P309", "$.games[0].annotations[0].checker.played: 9 is not the index of a candidate "
         "(annotation skipped)"),
        ("P309", "$.games[0].annotations[1].cube.doubler_error: -0.1 is below 0.0 (errors are "
         "magnitudes) (annotation skipped)"),
        ("P309", "$.games[0].annotations[2].action: 7 is not the index of an action "
         "(annotation skipped)"),
        ("P309", "$.games[0].annotations[3].luck: expected a number, found a string "
         "(annotation skipped)"),
        ("P309", "$.games[0].annotations[4].cube.probabilities[0]: 2.0 is not a chance between "
         "0 and 1 (annotation skipped)"),
    ]  # fmt: skip


def test_json_annotations_follow_their_actions_past_a_skipped_one() -> None:
    out = io.StringIO()
    write_json(_annotated(0), out)
    doc = json.loads(out.getvalue())
    doc["games"][0]["actions"][1]["value"] = "two"  # the double is skipped (P307)
    [match] = read_json(io.StringIO(json.dumps(doc)), "m.json")
    assert [type(a).__name__ for a in match.games[0].actions] == ["Move", "Take"]
    assert [a.action for a in match.games[0].annotations] == [0, 1]
    assert match.games[0].annotations[1] == replace(_annotated(0).games[0].annotations[2], action=1)
    assert [d.code for d in match.diagnostics] == ["P307", "P309"]


# --- gnubg reads back what we write ------------------------------------------------------------

_GNUBG_SCRIPT = """
import gnubg, json
def load(path):
    gnubg.command("load match " + path)
    m = gnubg.match(analysis=1, boards=0, statistics=0, verbose=0)
    return [[a.get("analysis") for a in g["game"]] for g in m["games"]]
out = []
for theirs, ours in json.load(open("TMP/pairs.json")):
    out.append((theirs, load(theirs), load(ours)))
json.dump(out, open("TMP/results.json", "w"))
"""


@pytest.mark.oracle
def test_gnubg_reads_back_the_analysis_we_write(tmp_path: Path) -> None:
    if not GNUBG.exists():
        pytest.skip(f"{GNUBG} not installed")
    # gnubg-analysed matches: the project's own, and the shared corpus's where present.
    files = sorted((ROOT / "tests" / "fixtures" / "skill").glob("*ply.sgf"))
    files += ANALYSED if CORPUS_PRESENT else []
    pairs = []
    for i, path in enumerate(files):
        [match] = read_sgf(path.open(encoding="utf-8"), path.name)
        mine = tmp_path / f"{i:02d}.sgf"
        with mine.open("w", encoding="utf-8") as f:
            write_sgf(match, f)
        pairs.append((str(path), str(mine)))
    money = tmp_path / "money.sgf"
    with money.open("w", encoding="utf-8") as f:
        write_sgf(_annotated(0), f)
    (tmp_path / "pairs.json").write_text(json.dumps([*pairs, (str(money), str(money))]))
    script = tmp_path / "read.py"
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
    assert len(results) == len(files) + 1
    for name, theirs, ours in results[:-1]:
        assert ours == theirs, name
    _, _, [[move, double, take]] = results[-1]
    assert [round(c["score"], 6) for c in move["moves"]] == [0.2, -0.01, -0.02]
    assert [round(x, 6) for x in move["moves"][0]["probs"]] == [0.55, 0.17, 0.01, 0.12, 0.005]
    assert (round(double["nd-cubeful-eq"], 6), round(double["dt-cubeful-eq"], 6)) == (0.52, 0.61)
    assert take is None  # gnubg's Python gives the cube analysis on the double only


def test_without_analysis_reads_the_same_games_without_annotations() -> None:
    path = SCRIPTS / "match1484923_analyzed.sgf"
    full = _corpus(path)
    with without_analysis():
        [lean] = read_sgf(path.open(encoding="utf-8"), path.name)
    assert [g.annotations for g in lean.games] == [(), (), (), ()]
    assert lean == replace(full, games=tuple(replace(g, annotations=()) for g in full.games))
    [again] = read_sgf(path.open(encoding="utf-8"), path.name)  # outside: read again
    assert again == full


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60), st.text(max_size=60), st.text(max_size=12), st.booleans())
def test_any_analysis_value_is_read_or_reported(a: str, da: str, lu: str, money: bool) -> None:
    length = 0 if money else 5
    text = (
        f"(;FF[4]GM[6]MI[length:{length}][game:0][ws:0][bs:0]\n"
        f";W[31hefe]A[{escape(a)}][{escape(da)}]DA[{escape(da)}]LU[{escape(lu)}]\n"
        f";B[double]DA[{escape(da)}]\n;W[take]DA[{escape(a)}])"
    )
    match = _read(text)
    assert [type(x).__name__ for x in match.games[0].actions] == ["Move", "Double", "Take"]
    assert {d.code for d in match.diagnostics} <= {"P229"}
    for note in match.games[0].annotations:
        errors = [note.checker.error] if note.checker else []
        errors += [note.cube.doubler_error, note.cube.taker_error] if note.cube else []
        assert all(error is None or error >= 0 for error in errors)
    out = io.StringIO()
    write_sgf(match, out)
    assert _read(out.getvalue()).games[0].annotations == match.games[0].annotations


_VALID_A = "1][lpab E ver 3 0.5 0.14 0.006 0.13 0.005 -0.011652 2C 0 1 0.000000 1][lpst X ver 3 \
Score 0.2 0.19 Trials 1296 Output 0.55 0.17 0.01 0.12 0.005 0.18 0.2 StdDev 0 0 0 0 0 0 0 SK 0"
_VALID_DA = _DA.format(c=0.5, nd=0.6, dt=0.8)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_mutated_analysis_values_are_read_or_reported(data: st.DataObject) -> None:
    """Near-valid values (one to three characters changed) never raise."""

    def mutate(text: str) -> str:
        chars = list(text)
        for _ in range(data.draw(st.integers(1, 3))):
            at = data.draw(st.integers(0, len(chars) - 1))
            chars[at] = data.draw(st.sampled_from("0123456789.-+eE XRCver]\\"))
        return "".join(chars)

    a, da = mutate(_VALID_A), mutate(_VALID_DA)
    text = (
        "(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]\n"
        f";B[41lpab]A[{a}]DA[{escape(da)}]\n;W[double]DA[{escape(da)}]\n;B[drop])"
    )
    match = _read(text)
    assert {d.code for d in match.diagnostics} <= {"P229", "P215", "P221"} | {
        f"P20{n}" for n in range(1, 10)
    }
    out = io.StringIO()
    write_sgf(match, out)
    again = _read(out.getvalue())
    kept = []  # a play made that is not among the candidates has no A (sgf_annotate)
    for note in match.games[0].annotations:
        if note.checker is not None and note.checker.played is None:
            note = replace(note, checker=None)
        if note != Annotation(note.action, source=note.source):
            kept.append(note)
    assert again.games[0].annotations == tuple(kept)


@pytest.mark.parametrize("path", ANALYSED, ids=lambda p: p.name)
def test_real_analysis_survives_sgf_json_json_sgf(path: Path) -> None:
    match = _corpus(path)
    direct = io.StringIO()
    write_sgf(match, direct)
    text = match
    for writer in (write_json, write_jsonl):  # SGF -> JSON -> JSON Lines -> SGF
        out = io.StringIO()
        writer(text, out)
        [text] = read_json(io.StringIO(out.getvalue()), "m.json")
    assert text == match
    via_json = io.StringIO()
    write_sgf(text, via_json)
    assert via_json.getvalue() == direct.getvalue()


def test_fast_candidates_equal_the_constructors() -> None:
    assert shells.SHELLS  # the model classes still have the layout the shells copy
    steps = (Step(8, 5), Step(6, 5))
    made = shells.new_candidate(steps, 0.2, 0.55, 0.17, 0.01, 0.12, 0.005, "2-ply")
    expected = Candidate(steps, 0.2, P(0.55, 0.17, 0.01, 0.12, 0.005), "2-ply")
    assert made == expected and hash(made) == hash(expected)
    assert (type(made), type(made.probabilities)) == (Candidate, Probabilities)
    with pytest.raises(AttributeError):
        made.equity = 0.0  # type: ignore[misc]
    assert made.probabilities is not None
    with pytest.raises(AttributeError):
        made.probabilities.win = 0.0  # type: ignore[misc]


def test_check_reads_without_analysis_unless_it_keeps_the_replays() -> None:
    path = SCRIPTS / "match1484923_analyzed.sgf"
    _corpus(path)
    item = InputFile(str(path), path)
    lean = list(check_module._matches_of(item, keep=False))
    kept = list(check_module._matches_of(item, keep=True))
    assert [len(g.annotations) for m in lean for g in m.games] == [0, 0, 0, 0]
    # every move node of the four games carries analysis (counted from the file: 63, 44, 47, 55)
    assert [len(g.annotations) for m in kept for g in m.games] == [63, 44, 47, 55]
    assert reads_analysis()  # the setting does not outlive the first match
    lean_report = check_input(item, CheckOptions())
    kept_report = check_input(item, CheckOptions(), keep=True)
    assert lean_report == replace(kept_report, replays=())  # the same findings and counts
    [replay] = kept_report.replays
    assert replay.match == kept[0]


@pytest.mark.parametrize("path", ANALYSED[:3] + ANALYSED[4:], ids=lambda p: p.name)
def test_counted_plays_are_gnubgs_unforced_moves(path: Path) -> None:
    """gnubg's own game statistics (GS[M:unforced0 unforced1 ...]) count the same plays, and
    its error totals are the sums of the errors we work out.

    Not gnubg_file.sgf: a session played against gnubg and saved without ``analyse match``,
    whose statistics count only gnubg's own plays (GS[M:5 0 5 5]) though the human's plays
    carry gnubg's evaluations too."""
    match = _corpus(path)
    for game in match.games:
        [stats] = [v for k, v in game.properties if k == "GS" and v.startswith("M:")]
        numbers = stats[2:].split()
        unforced = [int(x) for x in numbers[:2]]
        errors = [float(numbers[-4]), float(numbers[-2])]  # each player's checker errors, EMG
        counted = [0, 0]
        lost = [0.0, 0.0]
        for note in game.annotations:
            action = game.actions[note.action]
            if isinstance(action, Move) and note.checker is not None:
                counted[action.player] += bool(note.checker.counts)
                lost[action.player] += note.checker.error or 0.0
        assert counted == unforced, game.number
        # the errors we work out add up to gnubg's totals (to the rounding of its 6 decimals)
        assert lost == pytest.approx(errors, abs=1e-5), game.number
