"""Position files: XG and BGBlitz position/analysis texts, and lists of XGIDs or gnubg IDs.

A position file holds positions, not games. Each position becomes one :class:`Match` with
one :class:`Game` whose ``start`` is a :class:`SetPosition` (boards, player on roll, dice,
cube value and owner) and which has no actions; the match length, the score and the
Crawford flag come from the identifier, the player names from the text where it shows them.
The analysis the text shows (checker candidates with their equities and levels, or the
cube's no double / double-take / double-pass equities) is ``Game.annotations``: one
:class:`Annotation` for action 0, the decision to be made at the start position.

Three kinds of text are recognised, and may follow each other in one file:

* an XG export (:mod:`.xg`): a block starting with an ``XGID=`` line at column 1;
* a BGBlitz export (:mod:`.bgblitz`): a block starting with a board frame, with
  ``Position-ID:``/``Match-ID:`` and ``XGID=`` lines below the board;
* identifiers, one a line: ``XGID=...``, gnubg ``PositionID:MatchID`` or a bare Position ID.
  Blank lines and comments (``#``, ``;`` or ``//`` at the start of a line, or ``#`` after an
  identifier) are allowed; a comment line is kept with the position that follows it.

The identifier is the authority; what else the text shows is a cross-check (P605-P607).
The format is registered with ``matches=False``: ``gamao check`` skips these files
(:func:`gamao_cli.analysis.check.check_input`), ``gamao moves FILE`` and ``gamao show FILE``
read them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TextIO

from gamao_cli.engine.ids import IdError, decode_position_id
from gamao_cli.formats.position.parts import (
    ERROR,
    GNU_IDS,
    TOP_FRAME,
    WARNING,
    XGID_TEXT,
    ParsedPosition,
    read_id,
)
from gamao_cli.i18n import N_
from gamao_cli.model.actions import SetPosition
from gamao_cli.model.analysis import Annotation
from gamao_cli.model.diagnostics import Diagnostic
from gamao_cli.model.location import Location
from gamao_cli.model.match import Game, Match, Rules

FORMAT = "position"


MAX_LINE = 4096
"""Characters read per line at most (the rest of a longer line is ignored)."""
MAX_BLOCK = 400
"""Lines one XG or BGBlitz position may span; an XG export is about 45."""
MAX_BAD_LINES = 20
"""P604 diagnostics per file; after that the file is not read further."""

_COMMENT = re.compile(r"^\s*(?:#|;|//)\s?(.*)$")
_TRAILING = re.compile(r"\s+#\s?(.*)$")
_BARE_PID = re.compile(r"[A-Za-z0-9+/]{14}")
_SNIFF_CHARS = 8192
_XG_PREAMBLE = re.compile(r"^X:.*\sO:|\bX:\s*\d+\s+O:\s*\d+")
"""The lines XG writes between its XGID and the board: the names and the score."""


def _is_id(text: str) -> bool:
    """Whether ``text`` (stripped, without a comment) has the shape of an identifier."""
    if XGID_TEXT.fullmatch(text) or GNU_IDS.fullmatch(text):
        return True
    return bool(_BARE_PID.fullmatch(text))


def _id_part(text: str) -> tuple[str, str]:
    """An identifier line without its trailing comment, and the comment."""
    found = _TRAILING.search(text)
    if found is None:
        return text.strip(), ""
    return text[: found.start()].strip(), found.group(1).strip()


def _head_lines(text: str, truncated: bool) -> Iterator[str]:
    """The lines of a sniffed head, lazily; a last line cut off by the head is left out."""
    at = 0
    while at < len(text):
        end = text.find("\n", at)
        if end < 0:
            if not truncated or at == 0:
                yield text[at:]
            return
        yield text[at:end]
        at = end + 1


def sniff_position(head: str) -> bool:
    """An XGID as the first line, a board whose frame is followed by gnubg IDs (BGBlitz),
    or nothing but identifiers and comments (bare Position IDs must decode).

    Lines are looked at one by one, and a match file is refused at its first line that is
    not a comment: this runs before the ``.mat`` sniffer on every text input.
    """
    text = head.lstrip("\ufeff")
    truncated = len(text) > _SNIFF_CHARS
    text = text[:_SNIFF_CHARS]
    seen = 0
    for line in _head_lines(text, truncated):
        stripped = line.strip()
        if not stripped or _COMMENT.match(stripped):
            continue
        if not seen:
            if XGID_TEXT.match(line):
                return True
            if TOP_FRAME.match(line):
                return "Position-ID:" in text or "XGID=" in text
        ident = _id_part(stripped)[0]
        if XGID_TEXT.fullmatch(ident) or GNU_IDS.fullmatch(ident):
            seen += 1
            continue
        if not _BARE_PID.fullmatch(ident):
            return False
        try:  # 14 letters and digits are not enough: the Position ID must decode
            decode_position_id(ident)
        except IdError:
            return False
        seen += 1
    return seen > 0


class _Block:
    __slots__ = ("first", "frames", "kind", "lines")

    def __init__(self, kind: str, first: int, line: str) -> None:
        self.kind = kind  # "xg" or "bgblitz"
        self.first = first
        self.lines = [line]
        self.frames = 1 if kind == "bgblitz" else 0


def read_positions(stream: TextIO, filename: str) -> Iterator[Match]:
    """Yield one :class:`Match` per position of a position file (see the module docstring).

    A line that is not an identifier outside an XG or BGBlitz block yields a Match with no
    games and a P604 error; a file with no position at all yields one with P601.
    """
    block: _Block | None = None
    comments: list[str] = []
    bad = 0
    yielded = False
    for number, raw in enumerate(stream, start=1):
        line = raw[:MAX_LINE].rstrip("\r\n")
        if number == 1:
            line = line.lstrip("\ufeff")
        starts_xg = line.startswith("XGID=")
        starts_board = TOP_FRAME.match(line) is not None
        if block is not None:
            if _continues(block, line, starts_xg, starts_board):
                block.lines.append(line)
                block.frames += 1 if starts_board else 0
                continue
            yield _block_match(block, filename, comments)
            yielded = True
            comments = []
            block = None
        if starts_xg:
            block = _Block("xg", number, line)
            continue
        if starts_board:
            block = _Block("bgblitz", number, line)
            continue
        text = line.strip()
        if not text:
            continue
        comment = _COMMENT.match(text)
        if comment:
            comments.append(comment.group(1).strip())
            continue
        ident, note = _id_part(text)
        if _is_id(ident):
            yield _id_match(ident, note, number, filename, comments)
            yielded = True
            comments = []
            continue
        bad += 1
        yielded = True
        where = Location(filename, number)
        if bad > MAX_BAD_LINES:
            message = N_(
                "more than {limit} lines are not identifiers: the rest is not read"
            ).format(limit=MAX_BAD_LINES)
            yield _nothing(filename, "P604", message, where)
            return
        shown = text if len(text) <= 40 else text[:37] + "..."
        message = N_(
            "{text} is not an XGID, a gnubg PositionID:MatchID, a Position ID or a comment"
        ).format(text=repr(shown))
        yield _nothing(filename, "P604", message, where)
    if block is not None:
        yield _block_match(block, filename, comments)
        yielded = True
    if not yielded:
        yield _nothing(filename, "P601", N_("no position in the input"), Location(filename))


def _continues(block: _Block, line: str, starts_xg: bool, starts_board: bool) -> bool:
    """Whether ``line`` belongs to the XG or BGBlitz position being read."""
    if len(block.lines) >= MAX_BLOCK or starts_xg:
        return False
    if block.kind == "xg" and not block.frames:
        # Between its XGID and the board XG writes only the names and the score; any other
        # line means the XGID stood alone (a list of identifiers), and is read on its own.
        return starts_board or not line.strip() or _XG_PREAMBLE.search(line) is not None
    if starts_board or _COMMENT.match(line):
        return False
    stripped = _id_part(line)[0]
    return not (stripped and (GNU_IDS.fullmatch(stripped) or _BARE_PID.fullmatch(stripped)))


def _nothing(filename: str, code: str, message: str, where: Location) -> Match:
    return Match(
        players=("", ""),
        length=0,
        games=(),
        location=where,
        source_format=FORMAT,
        diagnostics=(Diagnostic(code, ERROR, message, where),),
    )


def _block_match(block: _Block, filename: str, comments: list[str]) -> Match:
    # The parsers are imported when a position file is read, not when inputs are sniffed.
    from gamao_cli.formats.position.bgblitz import parse_bgblitz
    from gamao_cli.formats.position.xg import parse_xg

    parse = parse_xg if block.kind == "xg" else parse_bgblitz
    parsed = parse(block.lines, block.first, filename)
    parsed.comments[:0] = comments
    return position_match(parsed, filename)


def _id_match(ident: str, note: str, number: int, filename: str, comments: list[str]) -> Match:
    parsed = ParsedPosition(line=number, id_text=ident, comments=[*comments])
    if note:
        parsed.comments.append(note)
    where = Location(filename, number)
    try:
        parsed.state, parsed.cube_limit = read_id(ident)
    except IdError as exc:
        code = "P602" if ident[:5].upper() == "XGID=" or ident.count(":") == 9 else "P603"
        parsed.diag(code, ERROR, str(exc), where)
        return position_match(parsed, filename)
    if XGID_TEXT.fullmatch(ident):
        parsed.properties.append(("XGID", ident))
    elif ":" in ident:
        pid, _, mid = ident.partition(":")
        parsed.properties += [("PositionID", pid), ("MatchID", mid)]
    else:
        parsed.properties.append(("PositionID", ident))
    return position_match(parsed, filename)


def position_match(parsed: ParsedPosition, filename: str) -> Match:
    """The :class:`Match` of one parsed position (no games if it has no state)."""
    where = Location(filename, parsed.line)
    state = parsed.state
    if state is None:
        diags = tuple(parsed.diagnostics)
        if not any(d.severity is ERROR for d in diags):
            diags += (Diagnostic("P601", ERROR, N_("no position could be read here"), where),)
        return Match(("", ""), 0, (), location=where, source_format=FORMAT, diagnostics=diags)
    pos = state.position
    problems = pos.problems()
    if problems:
        parsed.diag(
            "P610",
            ERROR,
            N_("the position is impossible: {problems}").format(problems=problems[0]),
            where,
        )
    elif parsed.checker is not None and state.dice is not None:
        from gamao_cli.engine.plays import judge
        from gamao_cli.engine.ruleset import STANDARD

        for i, cand in enumerate(parsed.checker.candidates):
            verdict = judge(STANDARD, pos.mover, pos.opponent, state.dice, cand.steps)
            if not verdict.legal:
                line = parsed.candidate_lines[i] if i < len(parsed.candidate_lines) else 0
                text = " ".join(str(s) for s in cand.steps)
                parsed.diag(
                    "P609",
                    WARNING,
                    N_("candidate {number} ({play}) is not legal for {dice}: {why}").format(
                        number=i + 1,
                        play=text,
                        dice=f"{state.dice[0]}{state.dice[1]}",
                        why=verdict.reason,
                    ),
                    Location(filename, line or parsed.line),
                )
    annotations: tuple[Annotation, ...] = ()
    if parsed.checker is not None or parsed.cube is not None:
        annotations = (Annotation(0, parsed.checker, parsed.cube, source=parsed.source),)
    properties = list(parsed.properties)
    if state.double_offered:
        properties.append(("DoubleOffered", str(state.turn)))
    money = state.match_length == 0
    xgid = parsed.cube_limit is not None
    start = SetPosition(
        boards=pos.boards,
        turn=pos.turn,
        dice=state.dice,
        cube_value=state.cube_value,
        cube_owner=state.cube_owner,
        text=parsed.id_text,
        location=where,
    )
    game = Game(
        number=1,
        score=state.score,
        actions=(),
        crawford=None if money else state.crawford,
        cube_value=state.cube_value,
        start=start,
        location=where,
        properties=tuple(properties),
        annotations=annotations,
    )
    rules = Rules(
        cube=False if parsed.cube_limit == 1 else None,
        jacoby=state.jacoby if money else None,
        beavers=state.beaver if money and xgid else None,
        cube_limit=parsed.cube_limit,
    )
    return Match(
        players=parsed.players or ("", ""),
        length=state.match_length,
        games=(game,),
        rules=rules,
        comments=tuple(parsed.comments),
        location=where,
        source_format=FORMAT,
        diagnostics=tuple(parsed.diagnostics),
    )
