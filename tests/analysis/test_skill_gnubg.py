"""Skill analysis against GNU Backgammon's own (tests/fixtures/skill, made by
tools/oracle/skill_gnubg.py with gnubg 1.07.001: ``analyse match`` at 0 and 2 plies).

* Decisions are counted as gnubg counts them: its unforced moves per player and game are
  exactly the checker plays gamao counts (more than one legal play), and its total moves
  the rolls (dances and forced plays included).
* Once a reader fills gnubg's SGF analysis into ``Game.annotations``, the recorded
  statistics equal what gnubg printed (``show statistics``): unforced moves, total checker
  error (normalised), the very bad / bad / doubtful counts with gnubg's thresholds, the close
  cube decisions and their error (gnubg's match cube equities are match-winning chances,
  converted with bgsage's match equity table), and so gnubg's error rate.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamao_cli.analysis.skill_run import SkillOptions, analyse_file
from gamao_cli.analysis.skill_stats import summarise
from gamao_cli.analysis.skill_walk import walk_match
from gamao_cli.formats.inputs import read_path
from tests.helpers import FIXTURES

SKILL = FIXTURES / "skill"
MATCHES = sorted(SKILL.glob("*.json"))
SIDES = ("X", "O")  # gnubg's player 0 and 1
CLASSES = ("blunder", "error", "doubtful")  # gnubg's very bad, bad, doubtful


def _reference(path: Path) -> dict[str, object]:
    return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


@pytest.mark.parametrize("path", MATCHES, ids=lambda p: p.stem)
def test_decisions_are_counted_as_gnubg_counts_them(path: Path) -> None:
    ref = _reference(path)
    games = ref["analyses"]["0ply"]["games"]  # type: ignore[index]
    [match] = [m for m in read_path(str(ref["input"])) if m.games]
    walked = list(walk_match(match))
    assert len(walked) == len(games)
    for w, stats in zip(walked, games, strict=True):
        assert w.complete
        for player, side in enumerate(SIDES):
            rolls = [p for p in w.points if p.kind == "roll" and p.player == player]
            unforced = sum(1 for p in rolls if len(p.plays) > 1)
            moves = stats[side]["moves"]
            assert (unforced, len(rolls)) == (moves["unforced-moves"], moves["total-moves"]), (
                w.number,
                side,
            )


def _recorded(sgf: Path) -> bool:
    return any(g.annotations for m in read_path(str(sgf)) for g in m.games)


@pytest.mark.parametrize("sgf", sorted(SKILL.glob("*ply.sgf")), ids=lambda p: p.stem)
def test_recorded_gnubg_analysis_equals_its_statistics(sgf: Path) -> None:
    if not _recorded(sgf):
        pytest.skip("no reader fills gnubg's SGF analysis here")
    pytest.importorskip("bgsage")  # its match equity table turns gnubg's MWC into equity
    name, plies = sgf.stem.rsplit("-", 1)
    ref = _reference(SKILL / f"{name}.json")["analyses"][plies]  # type: ignore[index]
    skill = analyse_file(str(sgf), SkillOptions(engine="recorded", thresholds="gnubg"))
    for player, side in enumerate(SIDES):
        [s] = [x for x in summarise(skill.records, "player") if x.player == player]
        moves = ref["match"][side]["moves"]
        assert s.checker_decisions == moves["unforced-moves"]
        assert s.checker_lost == pytest.approx(moves["error-skill"], abs=1e-3)
        marked = moves["marked"]
        plays = [d for d in skill.records if d.player == player and d.kind == "checker"]
        marks = [sum(1 for d in plays if d.classification == c) for c in CLASSES]
        assert marks == [marked["very bad"], marked["bad"], marked["doubtful"]]
