"""Two records of what should be one match, compared: are they the same match, and where do
they first part?

Records are compared as dedupe's fingerprints compare them (docs/dedupe.md): each game is the
sequence of its rolls with the position each play led to, and its cube actions, with sides
named from the game's first mover. So a play written in another order or notation
(``24/13`` and ``24/18 18/13``), another program's column order, names, tags, comments and
analysis do not make two records differ; a different roll, play or cube action does, and so
does a game one record lacks.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamao_cli.analysis.fingerprint_tokens import game_tokens
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.replay import plays_of, replay_match, snapshot_at
from gamao_cli.engine.ids import position_id
from gamao_cli.engine.notation import format_play
from gamao_cli.model.actions import (
    Action,
    Beaver,
    Double,
    Drop,
    Move,
    SetPosition,
    Take,
)
from gamao_cli.model.diagnostics import Severity
from gamao_cli.model.match import Game, Match

Legal = str  # "a", "b", "both" or "neither"


@dataclass(frozen=True, slots=True)
class Divergence:
    """Where two records first part."""

    game: int  # A's game number (B's where A has no such game)
    move: int | None  # A's move number there (B's where A's game has ended), if numbered
    a: str  # what A records there: "" when A's game (or match) has ended
    b: str  # what B records there, likewise
    position_id: str | None  # the gnubg Position ID before, where the replay reached it
    legal: Legal | None  # which of the two plays is legal there; None unless both are plays
    line_a: int | None = None  # where A records it
    line_b: int | None = None


@dataclass(frozen=True, slots=True)
class Comparison:
    """The verdict on two records."""

    same: bool
    games: tuple[int, int]
    lengths: tuple[int, int]
    variants: tuple[str, str]
    first: Divergence | None  # None when the same, or when only the headers differ


def describe(action: Action | None) -> str:
    """An action as the same words whatever format recorded it."""
    if action is None:
        return ""
    if isinstance(action, Move):
        dice = "".join(str(d) for d in (action.roll or action.dice))
        play = format_play((s.from_point, s.to_point, s.hit) for s in action.steps)
        return f"{dice}: {play}" if play else f"{dice}:"
    if isinstance(action, Double):
        return f"Doubles => {action.value}"
    if isinstance(action, Beaver):
        return f"Beavers => {action.value}"
    if isinstance(action, Take):
        return "Takes"
    if isinstance(action, Drop):
        return "Drops"
    if isinstance(action, SetPosition):
        return "(set-up position)"
    return action.text or type(action).__name__


def _tokens(match: Match, options: CheckOptions) -> tuple[list[list[bytes]], list[list[Action]]]:
    applied, _rules = plays_of(match, options)
    cursor = 0
    tokens: list[list[bytes]] = []
    sources: list[list[Action]] = []
    for game in match.games:
        found: list[Action] = []
        got, cursor = game_tokens(game, applied, cursor, "actions", found)
        tokens.append(got)
        sources.append(found)
    return tokens, sources


def move_number(game: Game, action: Action) -> int | None:
    """The action's move number: its row where the format numbers rows, else (a format
    numbering nothing) the rank of its roll in the game (the numbering ``gamao show`` takes)."""
    numbered = any(getattr(a, "number", None) is not None for a in game.actions)
    if numbered:
        return getattr(action, "number", None)
    rolls = [a for a in game.actions if isinstance(a, Move)]
    for rank, roll in enumerate(rolls, 1):
        if roll is action:
            return rank
    return None


def _position_before(match: Match, action: Action, options: CheckOptions) -> str | None:
    snap = snapshot_at(match, lambda _g, a: a is action, options)
    if snap is None or snap.position is None:
        return None
    return position_id(snap.position)


def _is_legal(match: Match, action: Action, options: CheckOptions) -> bool:
    """No error reported at ``action`` by the record's replay."""
    where = action.location
    replay = replay_match(match, options, ids=False, records=False)
    return not any(
        f.severity is Severity.ERROR and f.line == where.line and f.column == where.column
        for f in replay.findings
    )


def _legal(
    a: tuple[Match, Action | None], b: tuple[Match, Action | None], options: CheckOptions
) -> Legal | None:
    if not (isinstance(a[1], Move) and isinstance(b[1], Move)):
        return None
    ok_a = _is_legal(a[0], a[1], options)
    ok_b = _is_legal(b[0], b[1], options)
    return {(True, True): "both", (True, False): "a", (False, True): "b"}.get(
        (ok_a, ok_b), "neither"
    )


def _first_apart(ta: list[bytes], tb: list[bytes]) -> int | None:
    for k, (x, y) in enumerate(zip(ta, tb, strict=False)):
        if x != y:
            return k
    return None if len(ta) == len(tb) else min(len(ta), len(tb))


def compare_matches(a: Match, b: Match, options: CheckOptions | None = None) -> Comparison:
    """Whether ``a`` and ``b`` record the same match, and where they first part."""
    options = options or CheckOptions()
    heads = (
        (len(a.games), len(b.games)),
        (a.length, b.length),
        (a.rules.variant.value, b.rules.variant.value),
    )
    if a.length != b.length or a.rules.variant != b.rules.variant:
        return Comparison(False, *heads, None)
    tokens_a, sources_a = _tokens(a, options)
    tokens_b, sources_b = _tokens(b, options)
    for i, (ta, tb) in enumerate(zip(tokens_a, tokens_b, strict=False)):
        k = _first_apart(ta, tb)
        if k is None:
            continue
        if tokens_a[i + 1 : i + 2] == [tb]:  # B has no game like A's game i: A's next follows
            return Comparison(False, *heads, _missing(a.games[i], in_a=True))
        if tokens_b[i + 1 : i + 2] == [ta]:
            return Comparison(False, *heads, _missing(b.games[i], in_a=False))
        act_a = sources_a[i][k] if k < len(sources_a[i]) else None
        act_b = sources_b[i][k] if k < len(sources_b[i]) else None
        game_a, game_b = a.games[i], b.games[i]
        there = (a, act_a) if act_a is not None else (b, act_b)
        move = None
        if act_a is not None:
            move = move_number(game_a, act_a)
        elif act_b is not None:
            move = move_number(game_b, act_b)
        first = Divergence(
            game_a.number,
            move,
            describe(act_a),
            describe(act_b),
            _position_before(there[0], there[1], options) if there[1] is not None else None,
            _legal((a, act_a), (b, act_b), options),
            act_a.location.line if act_a is not None else None,
            act_b.location.line if act_b is not None else None,
        )
        return Comparison(False, *heads, first)
    if len(a.games) == len(b.games):
        return Comparison(True, *heads, None)
    shorter = min(len(a.games), len(b.games))
    in_a = len(a.games) > shorter
    extra = a.games[shorter] if in_a else b.games[shorter]
    return Comparison(False, *heads, _missing(extra, in_a))


def _missing(game: Game, in_a: bool) -> Divergence:
    """A game one record has and the other lacks (``in_a``: A has it)."""
    text = f"Game {game.number}"
    line = game.location.line
    return Divergence(
        game.number,
        None,
        text if in_a else "",
        "" if in_a else text,
        None,
        None,
        line if in_a else None,
        None if in_a else line,
    )


@dataclass(frozen=True, slots=True)
class FileComparison:
    """Two files compared match by match, in their order."""

    files: tuple[str, str]
    pairs: tuple[Comparison, ...]
    counts: tuple[int, int]  # matches each file holds
    problem: str = ""  # why the comparison could not be made (a file without a match)

    @property
    def same(self) -> bool:
        return (
            not self.problem
            and self.counts[0] == self.counts[1]
            and all(p.same for p in self.pairs)
        )


def _records(path: str) -> tuple[list[Match], str]:
    from gamao_cli.formats.inputs import display_path, read_path

    name = display_path(path)
    found = list(read_path(path))
    records = [m for m in found if m.games]
    if records:
        return records, ""
    for match in found:
        for d in match.diagnostics:
            where = f"{name}:{d.location.line}" if d.location.line else name
            return [], d.message if d.message.startswith(name) else f"{where}: {d.message}"
    return [], f"{name}: no match could be read"


def compare_files(a: str, b: str, options: CheckOptions | None = None) -> FileComparison:
    """The matches of files ``a`` and ``b`` compared in order (the first with the first...)."""
    records_a, problem_a = _records(a)
    records_b, problem_b = _records(b)
    counts = (len(records_a), len(records_b))
    if problem_a or problem_b:
        return FileComparison((a, b), (), counts, problem_a or problem_b)
    pairs = tuple(
        compare_matches(x, y, options) for x, y in zip(records_a, records_b, strict=False)
    )
    return FileComparison((a, b), pairs, counts)
