"""BGBlitz's position/analysis text (``shared/corpus/real/kevung-bgfparser``, English UI).

The layout: the board first, its frame lines carrying the names and pip counts
(``+13-...-24-+   O: Green  52``, ``+12-...--1-+   X: Red  111``), then::

     Position-ID: b9sBCIC5bYDQAA    Match-ID: QYnoAGAAGAAE
     XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:0:7:10
     Green - 6 Red - 3 in a 7 point match.
     Red to move 1-2

and a checker evaluation (``Evaluation (EMG)``; per candidate
``1.   0.124 mwp /  -0.492            19/18, 14/12`` and a line of seven numbers: win,
gammon, backgammon, ``-``, loss, gammon, backgammon as fractions) or a cube evaluation (a
``Wins G+BG BG`` table by player name and the rows ``No Double``, ``Double / Take``,
``Double / Pass`` with the match winning chance and the EMG equity, each with its
difference to the best).

The XGID is the authority (BGBlitz writes it for the same state as the gnubg IDs, which are
checked against it); without one the gnubg IDs are used. Equities kept are the EMG ones.
"""

from __future__ import annotations

import re

from gamao_cli.engine.ids import IdError
from gamao_cli.engine.xgid import XgidState, decode_xgid
from gamao_cli.formats.position.parts import (
    ERROR,
    WARNING,
    XGID_TEXT,
    ParsedPosition,
    Where,
    board_problem,
    number,
    read_board,
    state_from_gnu,
)
from gamao_cli.i18n import N_
from gamao_cli.model.analysis import Candidate, CheckerAnalysis, CubeAnalysis, Probabilities
from gamao_cli.model.location import Location
from gamao_cli.model.notation import NotationError, parse_steps

_NUM = r"[+-]?\d+(?:[.,]\d+)?"
_FRAME_NAME = re.compile(r"-\+\s+([XO]):\s+(.*?)\s+(\d+)\s*$")
_GNU = re.compile(r"Position-ID:\s*(\S+)\s+Match-ID:\s*(\S+)")
_CANDIDATE = re.compile(
    rf"^\s*(\d+)\.\s+(?:({_NUM})\s+mwp\s*/\s*)?({_NUM})(?:\s+\(\s*({_NUM})\s*\))?\s+(\S.*?)\s*$"
)
_SEVEN = re.compile(rf"^\s*({_NUM})\s+({_NUM})\s+({_NUM})\s+-\s+({_NUM})\s+({_NUM})\s+({_NUM})\s*$")
_WINS_ROW = re.compile(rf"^\s*(.+?)\s+({_NUM})\s+({_NUM})\s+({_NUM})\s*$")
_SCORE = re.compile(r"^ *(.+?) - (\d+) (.+?) - (\d+) in a (\d+) point match", re.MULTILINE)
_TURN = re.compile(r"^ *(.+?) to move(?: ([1-6])-([1-6]))?", re.MULTILINE)
_NUMBERED = re.compile(r"^\s*\d+\.\s+\S")  # the start of a candidate line
_CUBE_ROW = re.compile(
    rf"^\s*(No Double|No Redouble|Double\s*/\s*\w+|Redouble\s*/\s*\w+)\s*:\s*({_NUM})\s*"
    rf"\(\s*({_NUM})\s*\)(?:\s+({_NUM})\s*\(\s*({_NUM})\s*\))?\s*$",
    re.IGNORECASE,
)


def parse_bgblitz(lines: list[str], first: int, filename: str) -> ParsedPosition:
    """The position of one BGBlitz block; ``lines[0]`` is the board's top frame."""
    out = ParsedPosition(line=first, source="bgblitz")

    def at(index: int) -> Location:
        return Location(filename, first + index)

    names: dict[str, str] = {}
    pips: dict[str, int] = {}
    for line in lines[:20]:
        found = _FRAME_NAME.search(line)
        if found:
            names[found.group(1)] = found.group(2)
            pips[found.group(1)] = int(found.group(3))
    if "X" in names and "O" in names:
        out.players = (names["O"], names["X"])
    xgid_at = next((i for i, line in enumerate(lines) if XGID_TEXT.search(line)), None)
    gnu_at = next((i for i, line in enumerate(lines) if _GNU.search(line)), None)
    gnu_state: XgidState | None = None
    if gnu_at is not None:
        ids = _GNU.search(lines[gnu_at])
        assert ids is not None
        out.properties += [("PositionID", ids.group(1)), ("MatchID", ids.group(2))]
        try:
            gnu_state = state_from_gnu(ids.group(1), ids.group(2))
        except IdError as exc:
            out.diag("P603", ERROR, str(exc), at(gnu_at))
    if xgid_at is not None:
        found = XGID_TEXT.search(lines[xgid_at])
        assert found is not None
        out.id_text = found.group()
        out.properties.append(("XGID", out.id_text))
        try:
            out.state = decode_xgid(out.id_text)
            out.cube_limit = out.state.cube_limit
        except IdError as exc:
            out.diag("P602", ERROR, str(exc), at(xgid_at))
    if out.state is None and gnu_state is not None and gnu_at is not None:
        out.state = gnu_state
        out.id_text = lines[gnu_at].strip()
    elif out.state is not None and gnu_state is not None and gnu_at is not None:
        problem = _ids_problem(out.state, gnu_state)
        if problem:
            out.diag(
                "P607",
                WARNING,
                N_("the gnubg IDs disagree with the XGID: {problem}").format(problem=problem),
                at(gnu_at),
            )
    if out.state is None:
        if xgid_at is None and gnu_at is None:
            out.diag("P601", ERROR, N_("a board without an XGID or gnubg IDs: no position"), at(0))
        return out
    _cross_check(out, lines, pips, at)
    _analysis(out, lines, at)
    return out


def _ids_problem(xgid: XgidState, gnu: XgidState) -> str | None:
    if xgid.position != gnu.position:
        return N_("the board or the player on roll")
    pairs = (
        (N_("score {them} against {ours}"), xgid.score, gnu.score),
        (N_("match length {them} against {ours}"), xgid.match_length, gnu.match_length),
        (
            N_("cube {them} against {ours}"),
            (xgid.cube_value, xgid.cube_owner),
            (gnu.cube_value, gnu.cube_owner),
        ),
        (N_("dice {them} against {ours}"), sorted(xgid.dice or ()), sorted(gnu.dice or ())),
    )
    for template, a, b in pairs:
        if a != b:
            return template.format(them=b, ours=a)
    return None


def _cross_check(out: ParsedPosition, lines: list[str], pips: dict[str, int], where: Where) -> None:
    assert out.state is not None
    state = out.state
    shown = read_board(lines, digit_adds=True)
    if shown is not None:
        problem = board_problem(shown, state)
        if problem:
            out.diag(
                "P606",
                WARNING,
                N_("the drawn board disagrees with the identifier: {problem}").format(
                    problem=problem
                ),
                where(0),
            )
    said = _score_and_turn(out, lines)
    if "O" in pips and pips["O"] != state.position.pips(0):
        said.append(N_("O's pip count {pips}").format(pips=pips["O"]))
    if "X" in pips and pips["X"] != state.position.pips(1):
        said.append(N_("X's pip count {pips}").format(pips=pips["X"]))
    if said:
        out.diag(
            "P605",
            WARNING,
            N_("the text disagrees with its identifier: {said}").format(said="; ".join(said)),
            where(0),
        )


def _score_and_turn(out: ParsedPosition, lines: list[str]) -> list[str]:
    """What the score line and the turn line (English UI) say against the identifier."""
    assert out.state is not None
    state = out.state
    said: list[str] = []
    names = out.players
    text = "\n".join(lines)
    score = _SCORE.search(text)
    if score and names is not None:
        by_name = {score.group(1): int(score.group(2)), score.group(3): int(score.group(4))}
        if tuple(by_name.get(n) for n in names) != state.score:
            said.append(N_("the score line {line}").format(line=repr(score.group().strip())))
        if int(score.group(5)) != state.match_length:
            said.append(N_("a {length}-point match").format(length=score.group(5)))
    turn = _TURN.search(text)
    if turn and names is not None:
        dice = sorted((int(turn.group(2)), int(turn.group(3)))) if turn.group(2) else None
        if turn.group(1) != names[state.turn] or (
            dice is not None and dice != sorted(state.dice or ())
        ):
            said.append(N_("the turn line {line}").format(line=repr(turn.group().strip())))
    return said


def _analysis(out: ParsedPosition, lines: list[str], at: Where) -> None:
    assert out.state is not None
    candidates: list[Candidate] = []
    cand_lines: list[int] = []
    wins: dict[str, tuple[float, float, float]] = {}
    cube: dict[str, float] = {}
    first_cube_line: int | None = None
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        cand = _CANDIDATE.match(line)
        if cand and not _GNU.search(line):
            try:
                steps = tuple(parse_steps(cand.group(5)))
            except NotationError as exc:
                out.diag(
                    "P608",
                    WARNING,
                    N_("candidate play {text} is not a play: {why}").format(
                        text=repr(cand.group(5)), why=exc
                    ),
                    at(index - 1),
                )
                continue
            probs = None
            seven = _SEVEN.match(lines[index]) if index < len(lines) else None
            if seven:
                w, wg, wb, _l, lg, lb = (number(seven.group(i)) for i in range(1, 7))
                probs = Probabilities(w, wg, wb, lg, lb)
                index += 1
            candidates.append(Candidate(steps, number(cand.group(3)), probs))
            cand_lines.append(out.line + index - (2 if seven else 1))
            continue
        if _NUMBERED.match(line):
            out.diag(
                "P608",
                WARNING,
                N_("a candidate line not understood: {line}").format(line=repr(line.strip()[:60])),
                at(index - 1),
            )
            continue
        row = _CUBE_ROW.match(line)
        if row:
            label = re.sub(r"\s+", "", row.group(1).lower())
            key = "nd" if label.startswith("no") else "dp" if _is_pass(label) else "dt"
            value = row.group(4) if row.group(4) is not None else row.group(2)
            cube.setdefault(key, number(value))
            first_cube_line = index - 1 if first_cube_line is None else first_cube_line
            continue
        found = _WINS_ROW.match(line)
        if found and not cube:
            w, g, b = (number(found.group(i)) / 100 for i in (2, 3, 4))
            wins[found.group(1).strip()] = (w, g, b)
    if candidates:
        out.checker = CheckerAnalysis(tuple(candidates), played=None, error=None)
        out.candidate_lines = tuple(cand_lines)
    if cube:
        if len(cube) != 3 and first_cube_line is not None:
            out.diag(
                "P608",
                WARNING,
                N_(
                    "cube analysis: {count} of the three rows no double, double/take and "
                    "double/pass"
                ).format(count=len(cube)),
                at(first_cube_line),
            )
        out.cube = CubeAnalysis(
            no_double=cube.get("nd"),
            double_take=cube.get("dt"),
            double_pass=cube.get("dp"),
            probabilities=_cube_chances(out, wins),
        )


def _is_pass(label: str) -> bool:
    return any(word in label for word in ("pass", "reject", "drop", "refuse"))


def _cube_chances(
    out: ParsedPosition, wins: dict[str, tuple[float, float, float]]
) -> Probabilities | None:
    assert out.state is not None
    if out.players is None:
        return None
    mover = wins.get(out.players[out.state.turn])
    other = wins.get(out.players[1 - out.state.turn])
    if mover is None or other is None:
        return None
    return Probabilities(
        round(mover[0], 6),
        round(mover[1], 6),
        round(mover[2], 6),
        round(other[1], 6),
        round(other[2], 6),
    )
