"""XG's recorded analysis as :mod:`gamao_cli.model.analysis` records.

XG stores normalised equities seen from the player on roll, as the model wants them:
checker candidates in XG's own order (its ranking; the tail is evaluated shallower) with
the cubeless evaluation vector ``[loseBG, loseG, lose, win, winG, winBG, equity]``, the
played move's loss ``ErrMove`` (stored <= 0, -1000 when not analysed; kept as a
magnitude), the luck of the roll ``ErrLuck`` and the "does not count as a decision" flag;
cube panes with the cubeful no-double / double-take / double-pass equities and the
doubler's and taker's losses (research/formats-wave2.md 9.2, 9.6).
"""

from __future__ import annotations

from gamao_cli.formats.shells.analysis import new_candidate, new_checker
from gamao_cli.formats.xg.moves import candidate_steps
from gamao_cli.formats.xg.records import (
    CubeRecord,
    MoveRecord,
    candidates,
    level_name,
    played_index,
)
from gamao_cli.model.analysis import CheckerAnalysis, CubeAnalysis, Probabilities

SOURCE = "xg"
_SENTINEL = -999.0


def error_of(value: float) -> float | None:
    """A stored loss as a magnitude; None for XG's -1000 "not analysed"."""
    return None if value <= _SENTINEL else abs(value)


def probabilities(vector: tuple[float, ...]) -> Probabilities:
    lose_bg, lose_g, _lose, win, win_g, win_bg = vector[:6]
    return Probabilities(win, win_g, win_bg, lose_g, lose_bg)


def cube_analysis(cube: CubeRecord) -> CubeAnalysis | None:
    """The cube pane's analysis, or None when XG did not analyse it (level -100)."""
    if cube.level < 0:
        return None
    return CubeAnalysis(
        no_double=cube.no_double,
        double_take=cube.double_take,
        double_pass=cube.double_pass,
        doubler_error=error_of(cube.err_cube),
        taker_error=error_of(cube.err_take) if cube.double == 1 else None,
        probabilities=probabilities(cube.eval),
        level=level_name(cube.level),
    )


def checker_analysis(record: bytes, move: MoveRecord) -> CheckerAnalysis | None:
    """The candidates of a move record, or None when XG listed none.

    The played candidate is the first whose resulting position is ``PositionEnd``."""
    count = move.candidates
    if count == 0:
        return None
    moves, levels, e = candidates(record, count)
    steps_of = candidate_steps
    name = level_name
    make = new_candidate
    out = tuple(
        [
            make(
                steps_of(moves[8 * i : 8 * i + 8]),
                e[7 * i + 6],
                e[7 * i + 3],
                e[7 * i + 4],
                e[7 * i + 5],
                e[7 * i + 1],
                e[7 * i],
                name(levels[i]),
            )
            for i in range(count)
        ]
    )
    return new_checker(
        out, played_index(record, count), error_of(move.err_move), name(move.level), not move.unused
    )
