"""Annotations written as gnubg's SGF analysis properties, the way gnubg writes them.

The inverse of :mod:`gamao_cli.formats.sgf.analysis` (read its docstring for the syntax):
``DA[...]`` for a cube decision, ``A[i][...]`` for a checker play, ``LU[..]`` for the luck,
gnubg's labels (``BM``, ``DO``, ``BC``, ``DC``, ``GB``, ``GW``) and ``C`` for a comment.
Numbers have gnubg's six decimals (five for ``LU``). What gnubg's format cannot say is
written as near as it can:

* a level that does not name plies (``n-ply``) or a rollout (XG's ``XG Roller``, ``book``)
  is written as 0 plies; a rollout is written with gnubg's rollout syntax but without the
  rollout's settings, which gnubg then shows as its defaults;
* chances an analyser did not give are written as zeros;
* a checker play whose play made is not among the candidates has no ``A`` (gnubg would
  replace the play made by its first candidate);
* a cube decision of a match is written only where its MWC are known (gnubg stores MWC
  there): the SGF writer works them out from recorded equities (XG's, BGBlitz's) with the
  Kazaross XG2 table XG and gnubg use (:mod:`gamao_cli.engine.met`), at the decision's score
  and cube; of a money session, where its equities are known. The analysers' own cube
  errors are not written (gnubg works them out from the values).
"""

from __future__ import annotations

import re

from gamao_cli.formats.sgf.analysis import MARKS
from gamao_cli.formats.sgf.parser import escape
from gamao_cli.model.analysis import (
    Annotation,
    Candidate,
    CheckerAnalysis,
    CubeAnalysis,
    Probabilities,
)

_PLIES = re.compile(r"(\d+)\s*-?\s*ply", re.IGNORECASE)
_ZEROS = " ".join(["0"] * 7)


def _level(level: str) -> tuple[str, int, bool]:
    """(kind, plies, cubeful) for a level name: kind ``E`` (evaluation) or ``X`` (rollout)."""
    if "rollout" in level.lower():
        return "X", 0, True
    m = _PLIES.search(level)
    plies = int(m.group(1)) if m else 0
    return "E", plies, "cubeless" not in level.lower()


def _f(x: float) -> str:
    return f"{x:.6f}"


def _chances(p: Probabilities | None) -> list[float]:
    if p is None:
        return [0.0] * 5
    return [p.win, p.win_gammon, p.win_backgammon, p.lose_gammon, p.lose_backgammon]


def _money_cubeless(p: Probabilities | None) -> float:
    if p is None:
        return 0.0
    return 2 * p.win - 1 + p.win_gammon + p.win_backgammon - p.lose_gammon - p.lose_backgammon


def candidate_text(candidate: Candidate, letters: str, level: str) -> str:
    kind, plies, cubeful = _level(candidate.level or level)
    chances = _chances(candidate.probabilities)
    eq = _f(candidate.equity)
    if kind == "X":
        outputs = [*chances, _money_cubeless(candidate.probabilities), candidate.equity]
        return (
            f"{letters} X ver 3 Score {eq} {eq} Trials 0 Output "
            f"{' '.join(_f(x) for x in outputs)} StdDev {_ZEROS} SK 0"
        )
    numbers = " ".join(_f(x) for x in chances)
    return f"{letters} E ver 3 {numbers} {eq} {plies}{'C' if cubeful else ''} 0 1 0.000000 1"


def move_analysis(checker: CheckerAnalysis, letters: list[str]) -> str:
    """``A[i][...]`` of a checker play; ``letters`` are each candidate's point letters."""
    if checker.played is None or not checker.candidates:
        return ""
    values = "".join(
        f"[{escape(candidate_text(c, s, checker.level))}]"
        for c, s in zip(checker.candidates, letters, strict=True)
    )
    return f"A[{checker.played}]{values}"


def cube_analysis(cube: CubeAnalysis, money: bool) -> str:
    """``DA[...]`` of a cube decision, or "" where gnubg's values are not known."""
    if money:
        nd, dt = cube.no_double, cube.double_take
    else:
        nd, dt = cube.no_double_mwc, cube.double_take_mwc
    if nd is None or dt is None:
        return ""
    chances = _chances(cube.probabilities)
    cubeless = cube.cubeless
    if cubeless is None:
        cubeless = _money_cubeless(cube.probabilities) if money else 0.0
    no_double = " ".join(_f(x) for x in (*chances, cubeless, nd))
    double_take = " ".join(_f(x) for x in (*chances, cubeless, dt))
    kind, plies, cubeful = _level(cube.level)
    if kind == "X":
        return (
            f"DA[X ver 3 Eq Trials 0 NoDouble Output {no_double} StdDev {_ZEROS} "
            f"DoubleTake Output {double_take} StdDev {_ZEROS} SK 0]"
        )
    context = f"{plies}{'C' if cubeful else ''} 1 0.000000 1"
    return f"DA[E ver 3 {context} {no_double} {double_take}]"


def node_analysis(
    note: Annotation | None, money: bool, letters: list[str] | None, note_text: str = ""
) -> str:
    """The analysis properties of one move node: ``DA``, ``A``, ``LU``, labels, ``C``.

    ``letters`` are the candidates' letters for a checker play (None on a cube node);
    ``note_text`` is a comment of the writer's own, written before the annotation's."""
    parts: list[str] = []
    comment = note_text
    if note is not None:
        if note.cube is not None:
            parts.append(cube_analysis(note.cube, money))
        if note.checker is not None and letters is not None:
            parts.append(move_analysis(note.checker, letters))
        if note.luck is not None and letters is not None:
            parts.append(f"LU[{note.luck:.5f}]")
        parts.extend(f"{k}[{escape(v)}]" for k, v in note.marks if k in MARKS)
        if note.comment:
            comment = f"{comment}\n{note.comment}" if comment else note.comment
    if comment:
        parts.append(f"C[{escape(comment)}]")
    return "".join(parts)
