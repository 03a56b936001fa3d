"""BGBlitz's recorded analysis, as the model's annotations (research/formats-wave2.md 10.3,
14.3; model/analysis.py for the conventions).

Per entry of a game's ``moves`` list BGBlitz keeps the pre-roll evaluation (``equity``, with
its ``cubeDecision``), the candidate plays (``moveAnalysis``, at most eight, in BGBlitz's
order, each with its own ``eq`` and a ``played`` flag), the errors it counted (``pr``:
``checkerError`` / ``cubeError``, -99 meaning "not counted") and the luck of the roll.

* Candidate equities are ``eq.emg`` (normalised) where ``hasEMG``; money sessions write the
  -999 sentinel there and the equity is ``eq.cubeDecision.eqCubeFul``.
* In matches the cube equities are match-winning chances; they are converted to EMG with
  the two calibration points the entry carries: the position's own (``emg``,
  ``matchEquity``) and double/pass, which is +1 EMG by definition. In money sessions they
  are used as written.
* An error is BGBlitz's own ``pr`` value (as a magnitude) where it counted the decision,
  otherwise the loss computed from the equities. ``counts`` is the ``pr`` sentinel test.
* Luck is ``luckWeighted`` in match mode and ``luckPlain`` in money mode (their meanings
  swap with ``mode``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from gamao_cli.model.actions import BAR, OFF, Step
from gamao_cli.model.analysis import Candidate, CheckerAnalysis, CubeAnalysis, Probabilities

SOURCE = "bgblitz"
SENTINEL = -999.0
NOT_COUNTED = -99.0

Entry = Mapping[str, Any]


def number(value: object) -> float | None:
    """A finite number that is not one of BGBlitz's sentinels, else None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    out = float(value)
    if out != out or out in (float("inf"), float("-inf")) or out <= SENTINEL + 0.5:
        return None
    return out


_EMPTY: dict[str, Any] = {}


def mapping(value: object) -> Entry:
    """``value`` if it is an object (the decoders make dicts), else an empty one."""
    return value if isinstance(value, dict) else _EMPTY


def sequence(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def plain_int(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def steps_of(move: Entry) -> tuple[Step, ...] | None:
    """The hops of a ``{from: [...], to: [...]}`` pair (mover's numbering; -1 unused, ``to``
    <= 0 off, 25 the bar), or None if a hop is impossible."""
    froms, tos = sequence(move.get("from")), sequence(move.get("to"))
    out: list[Step] = []
    for i, raw in enumerate(froms[:4]):
        origin = plain_int(raw)
        if origin == -1:
            continue
        target = plain_int(tos[i]) if i < len(tos) else None
        if origin is None or target is None or not 1 <= origin <= BAR:
            return None
        target = OFF if target <= 0 else target
        if target >= origin or target > 24:
            return None
        out.append(Step(origin, target))
    return tuple(out)


def _probabilities(eq: Entry) -> Probabilities | None:
    win = number(eq.get("myWins"))
    if win is None:
        return None
    return Probabilities(
        win=win,
        win_gammon=number(eq.get("myGammon")) or 0.0,
        win_backgammon=number(eq.get("myBackGammon")) or 0.0,
        lose_gammon=number(eq.get("oppGammon")) or 0.0,
        lose_backgammon=number(eq.get("oppBackGammon")) or 0.0,
    )


def _level(ply: object) -> str:
    value = plain_int(ply)
    return f"{value}-ply" if value is not None else ""


def counted(pr: Entry, key: str) -> tuple[bool | None, float | None]:
    """Whether BGBlitz counted the decision, and its error as a magnitude if it did."""
    if key not in pr:
        return None, None
    raw = pr.get(key)
    if isinstance(raw, bool) or not isinstance(raw, (int, float)):
        return None, None
    if float(raw) <= NOT_COUNTED + 0.5:
        return False, None
    return True, abs(float(raw))


def candidate_equity(eq: Entry) -> float | None:
    if eq.get("hasEMG") is False:
        return number(mapping(eq.get("cubeDecision")).get("eqCubeFul"))
    return number(eq.get("emg"))


def checker_analysis(entry: Entry) -> CheckerAnalysis | None:
    """The candidate list of a checker entry, or None if it has none."""
    options = [mapping(o) for o in sequence(entry.get("moveAnalysis"))]
    candidates: list[Candidate] = []
    played: int | None = None
    for option in options:
        eq = mapping(option.get("eq"))
        equity = candidate_equity(eq)
        steps = steps_of(mapping(option.get("move")))
        if equity is None or steps is None:
            continue
        if option.get("played") is True and played is None:
            played = len(candidates)
        candidates.append(Candidate(steps, equity, _probabilities(eq), _level(option.get("ply"))))
    if not candidates:
        return None
    counts, error = counted(mapping(entry.get("pr")), "checkerError")
    if error is None and played is not None:
        best = max(c.equity for c in candidates)
        error = max(0.0, best - candidates[played].equity)
    return CheckerAnalysis(
        candidates=tuple(candidates),
        played=played,
        error=error,
        level=_level(entry.get("ply")),
        counts=counts,
    )


def _emg_converter(equity: Entry, money: bool) -> Callable[[float], float] | None:
    """MWC -> EMG for this entry's cube equities (identity in money play), or None."""
    if money or equity.get("hasEMG") is False:
        return lambda x: x
    cube = mapping(equity.get("cubeDecision"))
    emg = number(equity.get("emg"))
    mwc = number(equity.get("matchEquity"))
    dp = number(cube.get("eqDoublePass"))
    if emg is None or mwc is None or dp is None or abs(1.0 - emg) < 1e-9:
        return None
    half = (dp - mwc) / (1.0 - emg)
    if abs(half) < 1e-9:
        return None
    centre = dp - half
    return lambda x: (x - centre) / half


def cube_equities(equity: Entry, money: bool) -> tuple[float, float, float] | None:
    """No double, double/take, double/pass in EMG from the doubler's side, or None."""
    cube = mapping(equity.get("cubeDecision"))
    raw = [number(cube.get(k)) for k in ("eqNoDouble", "eqDoubleTake", "eqDoublePass")]
    convert = _emg_converter(equity, money)
    if convert is None or raw[0] is None or raw[1] is None or raw[2] is None:
        return None
    return convert(raw[0]), convert(raw[1]), convert(raw[2])


def _should_double(state: object) -> bool | None:
    if state in ("DOUBLE", "RE_DOUBLE", "REDOUBLE"):
        return True
    if state == "NO_DOUBLE":
        return False
    return None


def cube_analysis(
    entry: Entry,
    money: bool,
    doubled: bool,
    answer: Entry | None = None,
    took: bool | None = None,
) -> CubeAnalysis | None:
    """The cube decision of ``entry`` (the doubler's, or a checker entry's no-double);
    ``answer`` is the responder's entry after a double (its ``pr`` gives the taker's error)."""
    equity = mapping(entry.get("equity"))
    values = cube_equities(equity, money)
    if values is None:
        return None
    nd, dt, dp = values
    counts, error = counted(mapping(entry.get("pr")), "cubeError")
    if error is None:
        right = _should_double(mapping(equity.get("cubeDecision")).get("stateOnMove"))
        if right is None:
            right = min(dt, dp) > nd
        if doubled and not right:
            error = max(0.0, nd - min(dt, dp))
        elif not doubled and right:
            error = max(0.0, min(dt, dp) - nd)
        else:
            error = 0.0
    taker_error: float | None = None
    if answer is not None:
        taker_error = counted(mapping(answer.get("pr")), "cubeError")[1]
        if taker_error is None and took is not None:
            taker_error = max(0.0, dt - dp) if took else max(0.0, dp - dt)
    return CubeAnalysis(
        no_double=nd,
        double_take=dt,
        double_pass=dp,
        doubler_error=error,
        taker_error=taker_error,
        probabilities=_probabilities(equity),
        level=_level(entry.get("ply")),
        counts=counts,
    )


def has_cube_decision(entry: Entry) -> bool:
    """A checker entry whose pre-roll evaluation includes a cube decision."""
    cube = mapping(mapping(entry.get("equity")).get("cubeDecision"))
    return "stateOnMove" in cube and number(cube.get("eqNoDouble")) is not None


def luck(entry: Entry) -> float | None:
    data = mapping(entry.get("luck"))
    key = "luckPlain" if data.get("mode") == "Money" else "luckWeighted"
    return number(data.get(key))
