"""eXtreme Gammon's position/analysis text (Edit > Copy position, "Export as text").

The layout (XG 2.10 and 2.19, every UI language; ``shared/corpus/real/kevung-xgparser``)::

    XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:0:7:10
    X:Player 1   O:Player 2                         (names: bottom X, top O)
    Score is X:3 O:6 7 pt.(s) match.                (localised words)
     +13-14-...-24-+ ... +12-11-...--1-+            (the board, X at the bottom)
    Pip count  X: 111  O: 52 X-O: 3-6/7
    Cube: 2, O own cube                             ("Videau: 2, O a le videau", ...)
    X to play 21                                    ("X on roll, cube action", ...)

then either checker candidates (``1. 4-ply  19/18 14/12  eq:-0.491`` with two chances lines
each) or a cube analysis (the level line ``Analyzed in XG Roller++``, two chances lines,
cubeless equities, and the three cubeful equities no double / double-take / double-pass),
and a last line ``eXtreme Gammon Version: 2.10, MET: Kazaross XG2``.

Everything but the XGID is localised, so the lines are recognised by their shape and their
place, never by their words; the cube equities come in XG's fixed order (no double,
double/take, double/pass), which the labels confirm where they are known. XG's cubeful
equities and candidate equities are normalised (EMG) and seen from the player on roll, as
:mod:`gamao_cli.model.analysis` wants them.
"""

from __future__ import annotations

import re

from gamao_cli.engine.ids import IdError
from gamao_cli.engine.xgid import decode_xgid
from gamao_cli.formats.position.parts import (
    ERROR,
    PERCENTS,
    TOP_FRAME,
    WARNING,
    XGID_TEXT,
    ParsedPosition,
    Where,
    board_problem,
    chances,
    number,
    read_board,
)
from gamao_cli.i18n import N_
from gamao_cli.model.actions import Step
from gamao_cli.model.analysis import Candidate, CheckerAnalysis, CubeAnalysis
from gamao_cli.model.location import Location
from gamao_cli.model.notation import NotationError, parse_steps

_NAMES = re.compile(r"^X:(.*?)\s{2,}O:(.*?)\s*$")
_SCORE = re.compile(r"\bX:\s*(\d+)\s+O:\s*(\d+)\b(?:\D*?(\d+))?")
_PIPS = re.compile(r"X:\s*(\d+)\s+O:\s*(\d+)\s+X-O:\s*(\d+)-(\d+)(?:/(\d+))?")
_CUBE = re.compile(r"^[^\d:]+:\s*(\d+)(?:\s*,\s*([XO])\b.*)?$")
_TURN = re.compile(r"^([XO])\b.*?(?:\s([1-6])([1-6]))?\s*$")
_CANDIDATE = re.compile(
    r"^\s*(\d+)\.\s+(\S+(?: \S+)?)\s{2,}(\S.*?)\s+([^\s\d:/]+):\s*([+-]?\d+(?:[.,]\d+)?)"
    r"(?:\s+\(\s*([+-]?\d+(?:[.,]\d+)?)\s*\))?\s*$"
)
_CUBEFUL = re.compile(
    r"^\s{2,}([^:=]*?)\s*:\s*([+-]?\d+(?:[.,]\d+)?)(?:\s+\(\s*([+-]?\d+(?:[.,]\d+)?)\s*\))?\s*$"
)
_LEVEL_PREFIXES = ("Analyzed in ", "Analysiert in ", "Analysé avec ", "Analysé en ")
_LEVEL = re.compile(r"(XG Roller\+*|\d+-ply(?: red)?|\d+-plis|Rollout\S*|Book)", re.IGNORECASE)
_PASS_WORDS = ("pass", "drop", "ablehnen", "passe", "パス")
_TAKE_WORDS = ("take", "annehmen", "prend", "テイク")
_VERSION = re.compile(r"^eXtreme Gammon Version:")
_NUMBERED = re.compile(r"^\s*\d+\.\s+\S")  # the start of a candidate line


def parse_xg(lines: list[str], first: int, filename: str) -> ParsedPosition:
    """The position of one XG text block; ``lines[0]`` is its XGID line (file line ``first``)."""
    out = ParsedPosition(line=first, source="xg")

    def at(index: int) -> Location:
        return Location(filename, first + index)

    first_line = lines[0].strip()
    found = XGID_TEXT.match(first_line)
    out.id_text = found.group() if found else first_line
    rest = first_line[found.end() :].strip() if found else ""
    if rest.startswith("#"):  # an identifier list's comment
        out.comments.append(rest[1:].strip())
    try:
        out.state = decode_xgid(out.id_text)
    except IdError as exc:
        out.diag("P602", ERROR, str(exc), at(0))
        return out
    out.cube_limit = out.state.cube_limit
    out.properties.append(("XGID", out.id_text))
    body = _header(out, lines, at)
    _analysis(out, lines, body, at)
    return out


def _header(out: ParsedPosition, lines: list[str], where: Where) -> int:
    """Read the names, score, board, pips, cube and turn lines; the index after them."""
    assert out.state is not None
    state = out.state
    said: list[str] = []
    end = len(lines)
    frame = next((i for i in range(1, end) if TOP_FRAME.match(lines[i])), None)
    limit = frame if frame is not None else min(end, 4)
    for i in range(1, limit):
        text = lines[i].strip()
        names = _NAMES.match(text)
        if names and out.players is None:
            out.players = (names.group(2).strip(), names.group(1).strip())
            continue
        score = _SCORE.search(text)
        if score:
            x, o = int(score.group(1)), int(score.group(2))
            if (o, x) != state.score:
                said.append(N_("the score X:{x} O:{o}").format(x=x, o=o))
            if score.group(3) is not None and int(score.group(3)) != state.match_length:
                said.append(N_("a {length}-point match").format(length=score.group(3)))
    if frame is None:
        _problems(out, said, where(0))
        return limit
    shown = read_board(lines[frame:])
    if shown is not None:
        problem = board_problem(shown, state)
        if problem:
            out.diag(
                "P606",
                WARNING,
                N_("the drawn board disagrees with the XGID: {problem}").format(problem=problem),
                where(frame),
            )
    index = frame + 1
    while index < end and not lines[index].lstrip(" v^").startswith("+12"):
        index += 1
    index += 1
    pips = _PIPS.search(lines[index]) if index < end else None
    if pips:
        x, o = int(pips.group(1)), int(pips.group(2))
        if (o, x) != (state.position.pips(0), state.position.pips(1)):
            said.append(N_("the pip counts X {x} O {o}").format(x=x, o=o))
        index += 1
    cube = _CUBE.match(lines[index].strip()) if index < end else None
    if cube:
        value = int(cube.group(1))
        owner = {"O": 0, "X": 1}.get(cube.group(2) or "", -1)
        if (value, owner) != (state.cube_value, state.cube_owner):
            said.append(N_("the cube line {line}").format(line=repr(lines[index].strip())))
        index += 1
    turn = _TURN.match(lines[index].strip()) if index < end else None
    if turn:
        player = 0 if turn.group(1) == "O" else 1
        dice = (int(turn.group(2)), int(turn.group(3))) if turn.group(2) else None
        if player != state.turn or (dice is not None and dice != state.dice):
            said.append(N_("the turn line {line}").format(line=repr(lines[index].strip())))
        index += 1
    _problems(out, said, where(0))
    return index


def _problems(out: ParsedPosition, said: list[str], where: Location) -> None:
    if said:
        message = N_("the text disagrees with its XGID: {said}").format(said="; ".join(said))
        out.diag("P605", WARNING, message, where)


def _analysis(out: ParsedPosition, lines: list[str], start: int, where: Where) -> None:
    candidates: list[Candidate] = []
    cand_lines: list[int] = []
    chance_lines: list[re.Match[str]] = []
    cubeful: list[tuple[str, float, int]] = []
    level = ""
    index = start
    while index < len(lines):
        line = lines[index]
        text = line.strip()
        index += 1
        if not text:
            continue
        if _VERSION.match(text):
            out.comments.append(text)
            continue
        cand = _CANDIDATE.match(line)
        if cand:
            cand_line = index - 1
            steps = _steps(out, cand.group(3), where(cand_line))
            probs = None
            if index + 1 < len(lines):
                player, opponent = PERCENTS.match(lines[index]), PERCENTS.match(lines[index + 1])
                if player and opponent:
                    probs = chances(player, opponent)
                    index += 2
            if steps is not None:
                candidates.append(
                    Candidate(tuple(steps), number(cand.group(5)), probs, cand.group(2))
                )
                cand_lines.append(out.line + cand_line)
            continue
        if _NUMBERED.match(line):
            out.diag(
                "P608",
                WARNING,
                N_("a candidate line not understood (not a play and its equity): {line}").format(
                    line=repr(text[:60])
                ),
                where(index - 1),
            )
            continue
        percents = PERCENTS.match(line)
        if percents:
            chance_lines.append(percents)
            continue
        equity = _CUBEFUL.match(line)
        if equity:
            cubeful.append((equity.group(1), number(equity.group(2)), index - 1))
            continue
        if not level and not candidates:
            level = _level(text)
    if candidates:
        out.checker = CheckerAnalysis(
            tuple(candidates), played=None, error=None, level=candidates[0].level
        )
        out.candidate_lines = tuple(cand_lines)
    if cubeful:
        _cube(out, cubeful, chance_lines, level, where)


def _steps(out: ParsedPosition, text: str, where: Location) -> list[Step] | None:
    try:
        return list(parse_steps(text.strip()))
    except NotationError as exc:
        out.diag(
            "P608",
            WARNING,
            N_("candidate play {text} is not a play: {why}").format(
                text=repr(text.strip()), why=exc
            ),
            where,
        )
        return None


def _level(text: str) -> str:
    for prefix in _LEVEL_PREFIXES:
        if text.startswith(prefix):
            return text[len(prefix) :].strip()
    found = _LEVEL.search(text)
    return text[found.start() :].strip() if found else ""


def _cube(
    out: ParsedPosition,
    rows: list[tuple[str, float, int]],
    chance_lines: list[re.Match[str]],
    level: str,
    where: Where,
) -> None:
    values: dict[str, float] = {}
    answers: list[tuple[str, float]] = []
    for label, value, _line in rows:
        low = label.lower()
        if "/" not in low:
            values.setdefault("nd", value)
        elif any(w in low for w in _PASS_WORDS):
            values.setdefault("dp", value)
        elif any(w in low for w in _TAKE_WORDS):
            values.setdefault("dt", value)
        else:
            answers.append((label, value))
    for key, (_label, value) in zip(
        [k for k in ("dt", "dp") if k not in values], answers, strict=False
    ):
        values[key] = value  # unknown words: XG's order, take before pass
    if len(rows) != 3 or len(values) != 3:
        out.diag(
            "P608",
            WARNING,
            N_(
                "cube analysis: {count} cubeful equity lines, not the three of no double, "
                "double/take and double/pass"
            ).format(count=len(rows)),
            where(rows[0][2]),
        )
    probs = chances(chance_lines[0], chance_lines[1]) if len(chance_lines) >= 2 else None
    out.cube = CubeAnalysis(
        no_double=values.get("nd"),
        double_take=values.get("dt"),
        double_pass=values.get("dp"),
        probabilities=probs,
        level=level,
    )
