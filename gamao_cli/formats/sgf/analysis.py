"""gnubg's analysis properties on SGF move nodes, read into :mod:`gamao_cli.model.analysis`.

What gnubg writes (its SGF writer and reader; checked against the analysed files of the real
corpus and gnubg's own text export of the same match):

* ``A[i][cand]...`` on a checker play: ``i`` is the index of the play made in the list, then
  one value per candidate, in gnubg's order (best first): the play's point letters (as in
  ``W[..]``), a space, then the evaluation. ``E ver 3 w wg wbg lg lbg eq nC r d noise p``:
  the five cubeless chances of the mover (gammons include backgammons), ``eq`` the cubeful
  equity of the play, **normalised** (EMG) in matches as in money, ``n`` the plies and ``C``
  when cubeful (then a former flag, determinism, noise, pruning). Rollouts are ``R ...`` or
  ``X ver 3 Score eq eq2 Trials n Output o1..o7 StdDev ...``.
* ``DA[E ver 3 nC d noise p o1..o7 t1..t7]`` on the cube decision before a roll, or on the
  ``double``/``take``/``drop`` node: the outputs of no double (``o``) and double-take
  (``t``): five cubeless chances of the player who may double, the cubeless equity
  (normalised), and the cubeful value, which is an equity normalised to the cube in money
  play but the **match-winning chance** in a match. Rollouts: ``X ver 3 Eq Trials n
  NoDouble Output o1..o7 StdDev ... DoubleTake Output t1..t7 ...``.
* ``LU[x]``: the luck of the roll for the player who rolled (normalised equity;
  ``LU[-inf]`` for a roll gnubg has not analysed: no luck);
  ``BM``/``DO`` (the play), ``BC``/``DC`` (the cube), ``GB``/``GW`` (luck) are gnubg's
  labels, kept verbatim; ``C`` is a comment (alone, an annotation of no ``source``).

Errors are worked out from these values as gnubg does: a play loses the first candidate's
equity less its own; with no double ``ND``, double-take ``DT`` and double-pass ``DP = +1``,
the best cube action is worth ``max(ND, min(DT, DP))``, so not doubling loses that less
``ND``, doubling loses it less ``min(DT, DP)``, taking loses ``DT - DP`` and passing
``DP - DT`` (when positive). A match's cube values are MWC, which need gnubg's match equity
table to become equities: they are kept as MWC and the equities and errors left unknown
(model/analysis.py).
"""

from __future__ import annotations

import math

from gamao_cli.formats.sgf.moves import letter_point
from gamao_cli.formats.shells.analysis import new_candidate
from gamao_cli.i18n import N_
from gamao_cli.model.actions import Step
from gamao_cli.model.analysis import CheckerAnalysis, CubeAnalysis, Probabilities

SOURCE = "gnubg"
MARKS = ("BM", "DO", "BC", "DC", "GB", "GW")
"""gnubg's label properties, in the order it writes them."""
ANALYSIS = frozenset({"A", "DA", "LU", "C", "MR", "CR", *MARKS})
"""The properties of a move node that this module reads (MR, CR: gnubg's rollout marks)."""


class AnalysisError(ValueError):
    """An analysis value that cannot be read (the reader reports it as P229)."""


def level_name(plies: int, cubeful: bool) -> str:
    return f"{plies}-ply" if cubeful else f"{plies}-ply cubeless"


def _is_number(text: str) -> bool:
    """ASCII digits only (``str.isdigit`` also takes ``¹``, which ``int`` refuses)."""
    return text.isascii() and text.isdigit()


def _floats(tokens: list[str], start: int, count: int) -> list[float]:
    if start < 0 or start + count > len(tokens):
        raise AnalysisError(N_("too few numbers"))
    try:
        numbers = [float(t) for t in tokens[start : start + count]]
    except ValueError as e:
        raise AnalysisError(N_("not a number ({error})").format(error=e)) from None
    if not all(math.isfinite(x) for x in numbers):
        raise AnalysisError(N_("a number is not finite"))
    return numbers


def _plies(token: str) -> tuple[int, bool]:
    cubeful = token.endswith("C")
    digits = token[:-1] if cubeful else token
    if not _is_number(digits):
        raise AnalysisError(N_("{token} is not a number of plies").format(token=repr(token)))
    return int(digits), cubeful


def _after(tokens: list[str], keyword: str, start: int = 0) -> int:
    """The index just after ``keyword`` in ``tokens`` (from ``start``)."""
    for i in range(start, len(tokens)):
        if tokens[i] == keyword:
            return i + 1
    raise AnalysisError(N_("no {keyword} in the values").format(keyword=repr(keyword)))


def _version(tokens: list[str]) -> tuple[int, int]:
    """gnubg's SGF analysis version and the index of the first token after it."""
    if len(tokens) >= 2 and tokens[0] == "ver":
        if not _is_number(tokens[1]):
            raise AnalysisError(N_("bad version {version}").format(version=repr(tokens[1])))
        return int(tokens[1]), 2
    return 0, 0


def probabilities(values: list[float]) -> Probabilities:
    return Probabilities(values[0], values[1], values[2], values[3], values[4])


# --- checker plays (A) --------------------------------------------------------------------------


_Read = tuple[tuple[Step, ...], float, float, float, float, float, float, str]
"""A candidate as read: steps, equity, the five chances, level."""
_CACHE_LIMIT = 1 << 14
_STEPS: dict[tuple[int, str], tuple[Step, ...]] = {}
"""(player, point letters) -> steps: candidate plays repeat from node to node."""
_LEVELS: dict[str, str] = {}
"""gnubg's plies token (``2C``) -> level name."""


def clear_caches() -> None:
    """Forget the candidate plays and levels read so far (for benchmarks)."""
    _STEPS.clear()
    _LEVELS.clear()


def _steps_of(letters: str, player: int) -> tuple[Step, ...]:
    key = (player, letters)
    known = _STEPS.get(key)
    if known is not None:
        return known
    if len(letters) % 2 or len(letters) > 8:
        raise AnalysisError(N_("bad play {play}").format(play=repr(letters)))
    steps: list[Step] = []
    for i in range(0, len(letters), 2):
        frm = letter_point(letters[i], player)
        to = letter_point(letters[i + 1], player)
        if frm is None or to is None:
            raise AnalysisError(N_("bad point letter in {play}").format(play=repr(letters)))
        steps.append(Step(frm, to))
    if len(_STEPS) >= _CACHE_LIMIT:
        _STEPS.clear()
    known = _STEPS[key] = tuple(steps)
    return known


def _level_of(token: str) -> str:
    known = _LEVELS.get(token)
    if known is None:
        plies, cubeful = _plies(token)
        if len(_LEVELS) >= _CACHE_LIMIT:
            _LEVELS.clear()
        known = _LEVELS[token] = level_name(plies, cubeful)
    return known


def _candidate(value: str, player: int) -> _Read:
    tokens = value.split()
    if len(tokens) >= 11 and tokens[1] == "E" and tokens[2] == "ver":  # what gnubg writes
        steps = _steps_of(tokens[0], player)
        try:
            w, wg, wbg = float(tokens[4]), float(tokens[5]), float(tokens[6])
            lg, lbg, eq = float(tokens[7]), float(tokens[8]), float(tokens[9])
        except ValueError as e:
            raise AnalysisError(N_("not a number ({error})").format(error=e)) from None
        if not math.isfinite(w + wg + wbg + lg + lbg + eq):
            raise AnalysisError(N_("a number is not finite"))
        return steps, eq, w, wg, wbg, lg, lbg, _level_of(tokens[10])
    letters, _, rest = value.strip().partition(" ")
    steps = _steps_of(letters, player)
    tokens = rest.split()
    if not tokens:
        raise AnalysisError(N_("no evaluation for {play}").format(play=repr(letters)))
    kind = tokens[0]
    tokens = tokens[1:]
    if kind == "E":
        _, i = _version(tokens)
        numbers = _floats(tokens, i, 6)
        if i + 6 >= len(tokens):
            raise AnalysisError(N_("no evaluation context"))
        level = _level_of(tokens[i + 6])
        return steps, numbers[5], numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], level
    if kind in ("R", "X"):
        score = _floats(tokens, _after(tokens, "Score"), 1)[0]
        p = _floats(tokens, _after(tokens, "Output"), 5)
        return steps, score, p[0], p[1], p[2], p[3], p[4], "rollout"
    raise AnalysisError(N_("unknown evaluation {kind}").format(kind=repr(kind)))


def checker_analysis(values: tuple[str, ...], player: int) -> CheckerAnalysis:
    """``A[i][cand]...`` of ``player``'s play (raises :class:`AnalysisError`)."""
    if len(values) < 2 or not _is_number(values[0].strip()):
        raise AnalysisError(N_("A needs the index of the play made, then candidates"))
    index = int(values[0].strip())
    read = [_candidate(v, player) for v in values[1:]]
    level = read[0][7]
    same = all(r[7] == level for r in read)
    candidates = tuple(
        new_candidate(s, eq, w, wg, wbg, lg, lbg, "" if same else lv)
        for s, eq, w, wg, wbg, lg, lbg, lv in read
    )
    played: int | None = index if index < len(candidates) else None
    error: float | None = None
    if played is not None:
        error = round(max(0.0, read[0][1] - read[played][1]), 6)
    return CheckerAnalysis(candidates, played, error, level=level, counts=len(candidates) > 1)


# --- cube decisions (DA) ------------------------------------------------------------------------


def cube_outputs(value: str) -> tuple[str, list[float], list[float]]:
    """``DA[...]``: its level and the seven outputs of no double and of double-take."""
    tokens = value.split()
    if not tokens:
        raise AnalysisError(N_("empty DA"))
    kind = tokens[0]
    tokens = tokens[1:]
    if kind == "E":
        version, i = _version(tokens)
        if version >= 3:
            plies, cubeful = _plies(tokens[i]) if i < len(tokens) else (0, False)
            start = i + 4
        elif version == 2:
            plies, cubeful = _plies(tokens[i]) if i < len(tokens) else (0, False)
            start = i + 5
        else:
            plies, cubeful = _plies(tokens[i + 4]) if i + 4 < len(tokens) else (0, False)
            start = i + 8
        numbers = _floats(tokens, start, 14)
        return level_name(plies, cubeful), numbers[:7], numbers[7:]
    if kind in ("R", "X"):
        nd = _floats(tokens, _after(tokens, "Output", _after(tokens, "NoDouble")), 7)
        dt = _floats(tokens, _after(tokens, "Output", _after(tokens, "DoubleTake")), 7)
        return "rollout", nd, dt
    raise AnalysisError(N_("unknown evaluation {kind}").format(kind=repr(kind)))


def cube_errors(
    no_double: float, double_take: float, double_pass: float, node: str
) -> tuple[float | None, float | None]:
    """(doubler_error, taker_error) of the action ``node`` (move/double/take/drop)."""
    best = max(no_double, min(double_take, double_pass))
    if node == "move":
        return _loss(best - no_double), None
    if node == "double":
        return _loss(best - min(double_take, double_pass)), None
    if node == "take":
        return None, _loss(double_take - double_pass)
    if node == "drop":
        return None, _loss(double_pass - double_take)
    return None, None


def _loss(difference: float) -> float:
    """An error as a magnitude, to gnubg's six decimals."""
    return round(max(0.0, difference), 6)


def cube_analysis(value: str, money: bool, node: str) -> CubeAnalysis:
    """``DA[...]`` on a node of kind ``node`` (move/double/take/drop) of a money session or
    a match (raises :class:`AnalysisError`)."""
    level, nd, dt = cube_outputs(value)
    chances = probabilities(nd)
    if not money:
        return CubeAnalysis(
            None,
            None,
            1.0,
            probabilities=chances,
            level=level,
            cubeless=nd[5],
            no_double_mwc=nd[6],
            double_take_mwc=dt[6],
        )
    doubler_error, taker_error = cube_errors(nd[6], dt[6], 1.0, node)
    return CubeAnalysis(
        nd[6],
        dt[6],
        1.0,
        doubler_error,
        taker_error,
        probabilities=chances,
        level=level,
        cubeless=nd[5],
    )


def luck(value: str) -> float | None:
    """``LU[x]``; None for gnubg's ``LU[-inf]``, which it writes for a roll it has not
    analysed."""
    try:
        number = float(value.strip())
    except ValueError:
        raise AnalysisError(N_("LU[{value}] is not a number").format(value=value)) from None
    return number if math.isfinite(number) else None
