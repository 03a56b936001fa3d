"""Skill analysis: decisions counted, classified and reduced; luck; recorded analysis."""

from __future__ import annotations

import pytest

from gamao_cli.analysis.skill import GNUBG, XG, Decision, EngineAnalyser
from gamao_cli.analysis.skill_recorded import RecordedAnalyser
from gamao_cli.analysis.skill_stats import summarise
from gamao_cli.analysis.skill_walk import walk_match
from gamao_cli.engine.evaluator import ROLLS, luck_of
from gamao_cli.engine.position import Position
from gamao_cli.model.actions import Double, Drop, Move, SetPosition, Take
from gamao_cli.model.analysis import Annotation, Candidate, CheckerAnalysis, CubeAnalysis
from gamao_cli.model.match import Game, Match
from tests.helpers import board, steps

bgsage_eval = pytest.importorskip("gamao_cli.engine.bgsage_eval")
pytest.importorskip("bgsage")


@pytest.fixture(scope="module")
def engine() -> object:
    return bgsage_eval.BgsageEvaluator("1ply")


def _match(
    actions: tuple[object, ...],
    start: SetPosition | None = None,
    length: int = 7,
    annotations: tuple[Annotation, ...] = (),
) -> Match:
    game = Game(1, (0, 0), actions, start=start, annotations=annotations)  # type: ignore[arg-type]
    return Match(("Ann", "Bob"), length, (game,))


def _engine_records(match: Match, engine: object) -> list[Decision]:
    analyser = EngineAnalyser("t.mat", 0, match, engine)  # type: ignore[arg-type]
    out: list[Decision] = []
    for game, walked in zip(match.games, walk_match(match), strict=True):
        out.extend(analyser.decisions(game, walked))
    return out


def test_a_forced_play_counts_no_decision(engine: object) -> None:
    # Ann on the bar, Bob's 5-point made: 65 can only enter with the 6 and go on: bar/14.
    start = SetPosition((board({25: 1}), board({5: 2, 13: 13})), 0)
    match = _match((Move(0, (6, 5), tuple(steps((25, 19), (19, 14)))),), start)
    nd, d = _engine_records(match, engine)  # a set-up position: Ann could have doubled
    assert nd.kind == "no-double"
    assert (d.kind, d.legal, d.counts, d.equity_lost, d.classification) == (
        "checker",
        1,
        False,
        0.0,
        "",
    )
    assert d.played == "bar/14"
    assert summarise([d])[0].decisions == 0
    assert summarise([d])[0].rolls == 1


def test_an_opening_65_not_run_is_a_blunder(engine: object) -> None:
    match = _match((Move(0, (6, 5), tuple(steps((13, 7), (13, 8)))),))
    [d] = _engine_records(match, engine)
    assert (d.kind, d.counts, d.legal, d.classification) == ("checker", True, 7, "blunder")
    assert d.best == "24/13"
    assert d.played == "13/8 13/7"
    assert d.equity_lost is not None and d.equity_lost >= XG.blunder
    assert d.mwc_lost is not None and 0 < d.mwc_lost < d.equity_lost
    # Running is best: no loss, no mark.
    [run] = _engine_records(
        _match(
            (
                Move(
                    0,
                    (6, 5),
                    tuple(
                        steps(
                            (24, 13),
                        )
                    ),
                ),
            )
        ),
        engine,
    )
    assert (run.equity_lost, run.classification, run.best) == (0.0, "", "24/13")


def test_luck_of_a_dance_against_a_five_point_board(engine: object) -> None:
    ann = board({25: 1, 6: 5, 8: 3, 13: 6})
    bob = board({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 13: 5})  # Bob's 6-point (Ann's 19) is open
    start = SetPosition((ann, bob), 0)
    dance = _engine_records(_match((Move(0, (3, 3), ()),), start), engine)
    enter = _engine_records(
        _match((Move(0, (6, 1), tuple(steps((25, 19), (19, 18)))),), start), engine
    )
    assert dance[-1].kind == "checker" and dance[-1].legal == 0
    assert dance[-1].luck is not None and dance[-1].luck < 0
    assert enter[-1].luck is not None and enter[-1].luck > 0
    assert dance[-1].equity_lost is None and not dance[-1].counts
    # Against a closed board every roll dances: a dance is no worse than the average roll.
    closed = SetPosition((ann, board({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})), 0)
    shut = _engine_records(_match((Move(0, (6, 6), ()),), closed), engine)
    assert shut[-1].luck == pytest.approx(0.0, abs=1e-9)


def test_luck_is_the_roll_against_the_average_of_36() -> None:
    equities = tuple(1.0 if roll == (6, 6) else 0.0 for roll in ROLLS)
    assert luck_of(equities, (6, 6)) == pytest.approx(1 - 1 / 36)
    assert luck_of(equities, (2, 1)) == pytest.approx(-1 / 36)
    # An opening roll: the 15 non-doubles only (30 of 36).
    assert luck_of(equities, (2, 1), opening=True) == 0.0


def _annotated() -> Match:
    c = (Candidate((), 0.1), Candidate((), 0.0))
    actions = (
        Move(0, (3, 1), tuple(steps((8, 5), (6, 5))), number=1),
        Move(1, (6, 4), tuple(steps((24, 18), (13, 9))), number=1),
        Double(0, 2, number=2),
        Take(1, number=2),
        Move(0, (5, 2), tuple(steps((13, 8), (13, 11))), number=2),
        Move(1, (1, 1), tuple(steps((6, 5), (6, 5), (8, 7), (8, 7))), number=2),
    )
    cube = CubeAnalysis(0.5, 0.7, 1.0, doubler_error=0.1, taker_error=0.02, level="3-ply")
    annotations = (
        Annotation(0, checker=CheckerAnalysis(c, 0, 0.0, "3-ply"), luck=0.25),
        Annotation(1, checker=CheckerAnalysis(c, 1, 0.05, "3-ply"), luck=-0.1),
        Annotation(2, cube=cube),
        Annotation(3, cube=cube),
        Annotation(4, checker=CheckerAnalysis(c, 1, 0.2, "3-ply"), luck=0.05),
        # XG's flag: this one does not count, whatever it lost.
        Annotation(5, checker=CheckerAnalysis(c, 1, 0.0, "3-ply", counts=False)),
    )
    return _match(actions, annotations=annotations)


def _recorded(match: Match) -> list[Decision]:
    analyser = RecordedAnalyser("t.mat", 0, match, XG)
    return [
        d
        for game, walked in zip(match.games, walk_match(match), strict=True)
        for d in analyser.decisions(game, walked)
    ]


def test_recorded_analysis_reduces_to_exact_pr_and_rates() -> None:
    records = _recorded(_annotated())
    assert [(d.player, d.kind, d.equity_lost, d.counts, d.classification) for d in records] == [
        (0, "checker", 0.0, True, ""),
        (1, "checker", 0.05, True, "error"),
        (0, "double", 0.1, True, "blunder"),
        (1, "take", 0.02, True, "doubtful"),
        (0, "checker", 0.2, True, "blunder"),
        (1, "checker", 0.0, False, ""),
    ]
    assert {d.source for d in records} == {"recorded"}
    ann, bob = (s.row() for s in summarise(records))
    assert {
        k: ann[k]
        for k in (
            "player",
            "decisions",
            "checker_decisions",
            "cube_decisions",
            "errors",
            "blunders",
            "equity_lost",
            "pr",
            "checker_pr",
            "cube_pr",
            "error_rate",
            "luck",
            "rolls",
            "level",
        )
    } == {
        "player": 0,
        "decisions": 3,
        "checker_decisions": 2,
        "cube_decisions": 1,
        "errors": 0,
        "blunders": 2,
        "equity_lost": 0.3,
        "pr": 50.0,
        "checker_pr": 50.0,
        "cube_pr": 50.0,
        "error_rate": 100.0,
        "luck": 0.3,
        "rolls": 2,
        "level": "3-ply",
    }
    assert (
        bob["decisions"],
        bob["errors"],
        bob["doubtful"],
        bob["equity_lost"],
        bob["pr"],
        bob["luck"],
        bob["luck_rate"],
    ) == (2, 1, 1, 0.07, 17.5, -0.1, -50.0)
    # Snowie's rate divides by both players' rolls (4 here, forced ones included).
    assert ann["snowie_error_rate"] == 37.5
    match_row = summarise(records, "match")[0].row()
    assert (match_row["decisions"], match_row["pr"]) == (5, 37.0)


def test_summaries_by_game_and_corpus() -> None:
    records = _recorded(_annotated())
    games = summarise(records, "game")
    assert [(s.game, s.player, s.decisions) for s in games] == [(1, 0, 3), (1, 1, 2)]
    corpus = summarise(records + [d for d in _recorded(_annotated())], "player", corpus=True)
    assert [(s.name, s.decisions, s.row()["pr"]) for s in corpus] == [
        ("Ann", 6, 50.0),
        ("Bob", 4, 17.5),
    ]


def test_gnubg_thresholds() -> None:
    assert [GNUBG.classify(x) for x in (0.02, 0.03, 0.07, 0.12)] == [
        "",
        "doubtful",
        "error",
        "blunder",
    ]
    assert [XG.classify(x) for x in (0.019, 0.02, 0.04, 0.08, None)] == [
        "",
        "doubtful",
        "error",
        "blunder",
        "",
    ]


def test_cube_decisions_from_the_engine(engine: object) -> None:
    # A racing position Ann should double and Bob should pass: 10 pips against 60.
    ann = board({1: 2, 2: 2, 3: 1})
    bob = board({6: 5, 5: 5})
    start = SetPosition((ann, bob), 0, cube_value=1)
    match = _match(
        (Double(0, 2), Take(1), Move(0, (2, 1), tuple(steps((3, 1), (2, 1))))), start, length=0
    )
    records = _engine_records(match, engine)
    kinds = [(d.kind, d.player, d.classification) for d in records]
    assert kinds[:2] == [("double", 0, ""), ("take", 1, "blunder")]
    assert records[1].best == "drop" and records[1].counts
    # The roll after a double has no no-double decision of its own.
    assert [d.kind for d in records[2:]] == ["checker"]


def test_start_position_matches_bgsage() -> None:
    p = Position.start()
    cells = bgsage_eval.to_bgsage(p.mover, p.opponent)
    assert cells == [
        0,
        -2,
        0,
        0,
        0,
        0,
        5,
        0,
        3,
        0,
        0,
        0,
        -5,
        5,
        0,
        0,
        0,
        -3,
        0,
        -5,
        0,
        0,
        0,
        0,
        2,
        0,
    ]
    assert bgsage_eval.from_bgsage(cells) == (p.mover, p.opponent)


def test_cube_losses_derived_from_recorded_equities() -> None:
    # No errors recorded (gnubg gives equities only): best = max(ND, min(DT, DP)) = 0.7.
    cube = CubeAnalysis(0.5, 0.7, 1.0, level="2-ply")
    actions = (
        Move(0, (3, 1), tuple(steps((8, 5), (6, 5)))),
        Move(1, (6, 4), tuple(steps((24, 18), (13, 9)))),
        Move(0, (5, 2), tuple(steps((13, 8), (13, 11)))),
        Double(1, 2),
        Drop(0),
    )
    nd = CubeAnalysis(0.2, 0.45, 1.0, level="2-ply")
    match = _match(
        actions,
        annotations=(Annotation(2, cube=nd), Annotation(3, cube=cube), Annotation(4, cube=cube)),
    )
    records = [(d.player, d.kind, d.equity_lost, d.counts) for d in _recorded(match)]
    assert records == [
        (0, "no-double", pytest.approx(0.25), True),
        (1, "double", 0.0, True),
        (0, "drop", pytest.approx(0.3), True),
    ]
    best = [(d.best, d.best_equity, d.played_equity) for d in _recorded(match)]
    assert best == [
        ("double, take", 0.45, 0.2),
        ("double, take", 0.7, 0.7),
        ("take", -0.7, -1.0),  # the taker's side
    ]


def test_a_game_that_cannot_be_replayed_is_analysed_up_to_there(engine: object) -> None:
    actions = (
        Move(0, (3, 1), tuple(steps((8, 5), (6, 5)))),
        Move(
            1,
            (6, 4),
            tuple(
                steps(
                    (24, 14),
                )
            ),
        ),  # 6 and 4 from 24: legal
        Move(
            0,
            (2, 1),
            tuple(
                steps(
                    (13, 9),
                )
            ),
        ),  # 4 pips with a 21: illegal
        Move(1, (5, 5), tuple(steps((13, 8), (13, 8), (8, 3), (8, 3)))),
    )
    [walked] = list(walk_match(_match(actions)))
    assert (walked.complete, walked.stopped_at) == (False, 2)
    assert [p.action for p in walked.points] == [0, 1]


def test_disagreements_between_the_record_and_the_engine() -> None:
    from dataclasses import replace

    from gamao_cli.analysis.skill_run import disagreements

    recorded = _recorded(_annotated())
    engine = [
        replace(d, source="bgsage 1-ply", equity_lost=(d.equity_lost or 0.0) + bump)
        for d, bump in zip(recorded, (0.0, 0.03, 0.2, 0.05, -0.1, 0.0), strict=True)
    ]
    found = disagreements(recorded + engine, 0.04)
    assert [(x.recorded.kind, x.recorded.action, round(x.difference, 6)) for x in found] == [
        ("double", 2, 0.2),
        ("checker", 4, 0.1),
        ("take", 3, 0.05),
    ]


def test_an_illegal_double_is_no_decision() -> None:
    actions = (
        Move(0, (3, 1), tuple(steps((8, 5), (6, 5)))),
        Double(1, 2),
        Take(0),
        Move(
            1,
            (6, 4),
            tuple(
                steps(
                    (24, 14),
                )
            ),
        ),
        Double(1, 4),  # Ann owns the cube: Bob may not redouble
        Take(0),
        Move(0, (2, 1), tuple(steps((13, 11), (6, 5)))),
    )
    [walked] = list(walk_match(_match(actions)))
    assert walked.complete
    assert [(p.kind, p.action, p.cube_open) for p in walked.points] == [
        ("roll", 0, False),  # the opening roll: no cube decision
        ("double", 1, False),
        ("answer", 2, False),
        ("roll", 3, False),  # doubled this turn
        ("roll", 6, True),  # Ann owns the 2-cube and may redouble
    ]


def test_at_2ply_the_play_made_is_measured_at_2ply() -> None:
    deep = bgsage_eval.BgsageEvaluator("2ply")
    # 8/2 8/3 with an opening 65: far outside the deep search's candidate filter.
    match = _match((Move(0, (6, 5), tuple(steps((8, 2), (8, 3)))),))
    [d] = _engine_records(match, deep)
    assert (d.source, d.level, d.counts, d.best) == ("bgsage 2-ply", "2-ply", True, "24/13")
    assert d.classification == "blunder"
