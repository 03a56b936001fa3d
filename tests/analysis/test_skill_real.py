"""Skill reductions on real files with recorded analysis (XG's ``.xg``, gnubg's SGF).

These run once the readers that fill ``Game.annotations`` are present (they skip before).
The recorded PR per player must equal the PR computed straight from the annotations, with
the counting rule of ``analysis.skill``: a checker play counts when XG does not flag it
"does not count as a decision" (gnubg: more than one candidate); a double, take or drop
always counts.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gamao_cli.analysis.skill_run import SkillOptions, analyse_file
from gamao_cli.analysis.skill_stats import summarise
from gamao_cli.formats.inputs import read_path
from gamao_cli.model.actions import Double, Drop, Move, Take
from gamao_cli.model.match import Match
from tests.helpers import corpus_files, corpus_params

XG_FILES = corpus_files("kevung-gbf/*.xg")


def _annotated(path: Path) -> list[Match]:
    matches = [m for m in read_path(str(path)) if m.games]
    assert any(g.annotations for m in matches for g in m.games), path.name
    return matches


def _straight(match: Match) -> dict[int, tuple[float, int, float, int]]:
    """Per player: (checker loss, checker decisions, answer loss, answers) from the
    annotations alone, without the replay."""
    out = {0: [0.0, 0, 0.0, 0], 1: [0.0, 0, 0.0, 0]}
    for game in match.games:
        for ann in game.annotations:
            action = game.actions[ann.action]
            if isinstance(action, Move) and ann.checker is not None:
                c = ann.checker
                counts = c.counts if c.counts is not None else len(c.candidates) > 1
                if counts and c.error is not None:
                    out[action.player][0] += c.error
                    out[action.player][1] += 1
            cube = ann.cube
            if isinstance(action, Take | Drop) and cube and cube.taker_error is not None:
                out[action.player][2] += cube.taker_error
                out[action.player][3] += 1
            if isinstance(action, Double) and cube and cube.doubler_error is not None:
                out[action.player][2] += cube.doubler_error
                out[action.player][3] += 1
    return {p: (v[0], int(v[1]), v[2], int(v[3])) for p, v in out.items()}


@pytest.mark.parametrize("path", corpus_params(XG_FILES), ids=lambda p: p.name if p else "-")
def test_recorded_checker_pr_equals_the_annotations(path: Path) -> None:
    matches = _annotated(path)
    skill = analyse_file(str(path), SkillOptions(engine="recorded"))
    assert all(g.complete for g in skill.games), [g.note for g in skill.games]
    summaries = {(s.match, s.player): s for s in summarise(skill.records, "player")}
    for mi, match in enumerate(matches):
        for player, (loss, count, cube_loss, answers) in _straight(match).items():
            s = summaries[(mi, player)]
            assert s.checker_decisions == count
            assert s.checker_lost == pytest.approx(loss, abs=1e-9)
            assert s.checker_pr == pytest.approx(500 * loss / count, abs=1e-9)
            # Doubles and answers are all counted; no-doubles come on top of them.
            assert s.cube_decisions >= answers
            assert s.cube_lost >= cube_loss - 1e-9


# zmetcalf-backgammon_sgf/gnubg_file.sgf is left out: its GS statistics were written during a
# game against gnubg 1.06, not by "analyse match" (the human's analysed plays count 0 unforced
# moves and every error is 0.000000 there).
STALE_STATISTICS = {"gnubg_file.sgf"}
SGF_FILES = [
    p
    for p in corpus_files("*/*.sgf")
    if p.name not in STALE_STATISTICS and "GS[M:" in p.read_text(encoding="utf-8", errors="replace")
]


def _gnubg_moves(game_properties: tuple[tuple[str, str], ...]) -> list[str] | None:
    """gnubg's checker statistics of a game (its ``GS[M:...]``): unforced moves (player 0,
    1), all moves, then very bad / bad / doubtful / fine counts per player, then the checker
    error per player, normalised and unnormalised."""
    for key, value in game_properties:
        if key == "GS" and value.startswith("M:"):
            return value[2:].split()
    return None


@pytest.mark.parametrize("path", corpus_params(SGF_FILES), ids=lambda p: p.name if p else "-")
def test_recorded_checker_statistics_equal_gnubgs(path: Path) -> None:
    matches = _annotated(path)
    skill = analyse_file(str(path), SkillOptions(engine="recorded", thresholds="gnubg"))
    summaries = {(s.match, s.game, s.player): s for s in summarise(skill.records, "game")}
    compared = 0
    for mi, match in enumerate(matches):
        for game in match.games:
            stats = _gnubg_moves(game.properties)
            if stats is None:
                continue
            for player in (0, 1):
                s = summaries.get((mi, game.number, player))
                unforced = int(stats[player])
                if s is None:
                    assert unforced == 0
                    continue
                assert s.checker_decisions == unforced
                plays = [
                    d
                    for d in skill.records
                    if (d.match, d.game, d.player, d.kind) == (mi, game.number, player, "checker")
                ]
                marks = [
                    sum(1 for d in plays if d.classification == c)
                    for c in ("blunder", "error", "doubtful")  # very bad, bad, doubtful
                ]
                assert marks == [int(stats[k + player]) for k in (4, 6, 8)]
                # gnubg prints six decimals, and each move's error is the difference of two
                # rounded equities.
                assert s.checker_lost == pytest.approx(float(stats[12 + 2 * player]), abs=1e-5)
                compared += 1
    assert compared
