"""Annotations (recorded analysis) in gamao JSON (docs/json-schema.md, "Annotations").

``games[].annotations`` is a list of annotation objects, each naming the action it belongs
to by its index in ``games[].actions``. Reading checks every value: a number where a number
belongs (finite), chances between 0 and 1, errors not negative, indices in range; an
annotation that does not fit is skipped with P309, the rest of the game kept.
"""

from __future__ import annotations

import math

from gamao_cli.formats.json.values import (
    JsonObject,
    JSONValue,
    SchemaError,
    as_list,
    pairs_of,
    parse_steps,
    steps_text,
    type_name,
)
from gamao_cli.i18n import N_
from gamao_cli.model.analysis import (
    Annotation,
    Candidate,
    CheckerAnalysis,
    CubeAnalysis,
    Probabilities,
)

# --- model -> JSON ---------------------------------------------------------------------------


def _chances(p: Probabilities | None) -> JSONValue:
    if p is None:
        return None
    return [p.win, p.win_gammon, p.win_backgammon, p.lose_gammon, p.lose_backgammon]


def _checker(c: CheckerAnalysis) -> JSONValue:
    return {
        "level": c.level,
        "played": c.played,
        "error": c.error,
        "error_mwc": c.error_mwc,
        "counts": c.counts,
        "candidates": [
            {
                "steps": steps_text(k.steps),
                "equity": k.equity,
                "probabilities": _chances(k.probabilities),
                "level": k.level,
            }
            for k in c.candidates
        ],
    }


def _cube(c: CubeAnalysis) -> JSONValue:
    return {
        "level": c.level,
        "no_double": c.no_double,
        "double_take": c.double_take,
        "double_pass": c.double_pass,
        "doubler_error": c.doubler_error,
        "taker_error": c.taker_error,
        "counts": c.counts,
        "cubeless": c.cubeless,
        "no_double_mwc": c.no_double_mwc,
        "double_take_mwc": c.double_take_mwc,
        "probabilities": _chances(c.probabilities),
    }


def annotation_to_json(a: Annotation) -> JSONValue:
    """An annotation as JSON, keys in schema order."""
    return {
        "action": a.action,
        "source": a.source,
        "checker": None if a.checker is None else _checker(a.checker),
        "cube": None if a.cube is None else _cube(a.cube),
        "luck": a.luck,
        "comment": a.comment,
        "marks": [list(m) for m in a.marks],
    }


# --- JSON -> model ---------------------------------------------------------------------------


def _number(value: object, path: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise SchemaError(
            path, N_("expected a number, found {found}").format(found=type_name(value))
        )
    number = float(value)
    if not math.isfinite(number):
        raise SchemaError(path, N_("expected a finite number"))
    return number


def _opt_number(o: JsonObject, key: str, minimum: float | None = None) -> float | None:
    value = o.raw(key, None)
    if value is None:
        return None
    number = _number(value, o.at(key))
    if minimum is not None and number < minimum:
        raise SchemaError(
            o.at(key),
            N_("{number} is below {minimum} (errors are magnitudes)").format(
                number=number, minimum=minimum
            ),
        )
    return number


def _chance(o: JsonObject, key: str) -> float | None:
    number = _opt_number(o, key)
    if number is not None and not 0.0 <= number <= 1.0:
        raise SchemaError(
            o.at(key), N_("{number} is not a chance between 0 and 1").format(number=number)
        )
    return number


def _opt_bool(o: JsonObject, key: str) -> bool | None:
    return o.get_opt_bool(key)


def _chances_of(value: object, path: str) -> Probabilities | None:
    if value is None:
        return None
    items = as_list(value, path, 5)
    p = [_number(x, f"{path}[{i}]") for i, x in enumerate(items)]
    for i, x in enumerate(p):
        if not 0.0 <= x <= 1.0:
            raise SchemaError(
                f"{path}[{i}]", N_("{number} is not a chance between 0 and 1").format(number=x)
            )
    return Probabilities(p[0], p[1], p[2], p[3], p[4])


class AnnotationReader:
    """Reads annotation objects; unknown keys are reported through ``unknown``."""

    def __init__(self) -> None:
        self.unknown: list[str] = []  # JSON paths of unknown fields (P308)

    def done(self, o: JsonObject) -> None:
        self.unknown.extend(o.at(k) for k in o.unknown())

    def candidate(self, value: object, path: str) -> Candidate:
        o = JsonObject(value, path)
        try:
            steps = parse_steps(o.get_str("steps"))
        except ValueError as exc:
            raise SchemaError(o.at("steps"), str(exc)) from None
        candidate = Candidate(
            steps,
            _number(o.raw("equity"), o.at("equity")),
            _chances_of(o.raw("probabilities", None), o.at("probabilities")),
            o.get_str("level", ""),
        )
        self.done(o)
        return candidate

    def checker(self, value: object, path: str) -> CheckerAnalysis:
        o = JsonObject(value, path)
        raw = o.get_list("candidates")
        where = o.at("candidates")
        candidates = tuple(self.candidate(c, f"{where}[{i}]") for i, c in enumerate(raw))
        played = o.get_opt_int("played")
        if played is not None and not 0 <= played < len(candidates):
            raise SchemaError(
                o.at("played"), N_("{index} is not the index of a candidate").format(index=played)
            )
        checker = CheckerAnalysis(
            candidates,
            played,
            _opt_number(o, "error", 0.0),
            level=o.get_str("level", ""),
            counts=_opt_bool(o, "counts"),
            error_mwc=_opt_number(o, "error_mwc", 0.0),
        )
        self.done(o)
        return checker

    def cube(self, value: object, path: str) -> CubeAnalysis:
        o = JsonObject(value, path)
        cube = CubeAnalysis(
            _opt_number(o, "no_double"),
            _opt_number(o, "double_take"),
            _opt_number(o, "double_pass"),
            _opt_number(o, "doubler_error", 0.0),
            _opt_number(o, "taker_error", 0.0),
            probabilities=_chances_of(o.raw("probabilities", None), o.at("probabilities")),
            level=o.get_str("level", ""),
            counts=_opt_bool(o, "counts"),
            cubeless=_opt_number(o, "cubeless"),
            no_double_mwc=_chance(o, "no_double_mwc"),
            double_take_mwc=_chance(o, "double_take_mwc"),
        )
        self.done(o)
        return cube

    def annotation(self, value: object, path: str, actions: int) -> Annotation:
        """An annotation of a game of ``actions`` actions (raises :class:`SchemaError`)."""
        o = JsonObject(value, path)
        action = o.get_int("action")
        if not 0 <= action < actions:
            raise SchemaError(
                o.at("action"), N_("{index} is not the index of an action").format(index=action)
            )
        checker = o.raw("checker", None)
        cube = o.raw("cube", None)
        marks = o.raw("marks", [])
        note = Annotation(
            action,
            None if checker is None else self.checker(checker, o.at("checker")),
            None if cube is None else self.cube(cube, o.at("cube")),
            _opt_number(o, "luck"),
            o.get_str("comment", ""),
            o.get_str("source", ""),
            pairs_of(marks, o.at("marks")),
        )
        self.done(o)
        return note
