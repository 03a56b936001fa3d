"""Selecting matches (``gamao filter``): by ``--where`` expression and by a position reached.

Each match is replayed once: its facts (:func:`match_facts`, the fields of
:data:`gamao_cli.analysis.where.FIELDS`) are tested against the expression, and with
``reaches`` every position of every game is compared with the one asked for (the checkers of
both sides with the player on roll; the cube and the score are not compared). A position
given with its variant (gamao's position string) is looked for in that variant's matches
only; one given by a standard identifier (XGID, Position ID), in the matches of the variants
those identifiers carry (standard, nackgammon, hypergammon, tavla). A match passes when it
satisfies the expression and, if a position is given, reaches it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from gamao_cli.analysis.executors import Executor
from gamao_cli.analysis.executors.local import SERIAL
from gamao_cli.analysis.findings import Finding
from gamao_cli.analysis.gc_pause import gc_paused
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.records import Applied, MatchReplay
from gamao_cli.analysis.replay import MatchReplayer
from gamao_cli.analysis.summary import FileCount, FileTally, not_match_file
from gamao_cli.analysis.where import Predicate, Value, date_key, parse_where
from gamao_cli.engine.gamao_id import standard_ids_fit
from gamao_cli.engine.position import Position
from gamao_cli.formats.inputs import InputFile, is_match_record, read_path
from gamao_cli.model.actions import Beaver, Board, Drop, Move, Take
from gamao_cli.model.match import Game, Match, Variant

Target = tuple[Board, Board]  # the boards of the player on roll and of the other player


@dataclass(frozen=True, slots=True)
class Hit:
    """Where a position occurs: after move ``move`` of ``game`` (0: at the game's start)."""

    game: int
    move: int
    line: int  # the line of the play that led there (the game's header for the start)


@dataclass(frozen=True, slots=True)
class Selected:
    """One match of one input and whether it passed."""

    file: str
    index: int  # 1-based position of the match in its file
    match: Match
    passed: bool
    hits: tuple[Hit, ...] = ()


_RESULTS = {1: "single", 2: "gammon", 3: "backgammon"}


def _date(match: Match) -> str | None:
    for key in ("EventDate", "Date", "DT"):
        value = match.tag(key)
        if value:
            found = date_key(value)
            if found:
                return found
    return None


def _pr(match: Match) -> tuple[Value, ...]:
    """Each player's XG-style PR from the recorded analysis (500 x equity lost per counted
    decision: checker plays, the cube decision before a roll or a double, and the answer
    to a double), for the players who have counted decisions."""
    loss = [0.0, 0.0]
    decisions = [0, 0]

    def add(player: int, error: float | None, counts: bool | None) -> None:
        if error is not None and counts is not False:
            loss[player] += error
            decisions[player] += 1

    for game in match.games:
        for note in game.annotations:
            if not 0 <= note.action < len(game.actions):
                continue
            action = game.actions[note.action]
            player = getattr(action, "player", None)
            if player not in (0, 1):
                continue
            if note.checker is not None:
                add(player, note.checker.error, note.checker.counts)
            cube = note.cube
            if cube is not None:
                answer = isinstance(action, Take | Drop | Beaver)
                error = cube.taker_error if answer else cube.doubler_error
                add(player, error, cube.counts)
    return tuple(round(500 * loss[p] / decisions[p], 2) for p in (0, 1) if decisions[p])


def match_facts(
    match: Match, replay: MatchReplay, file: str
) -> dict[str, Value | tuple[Value, ...]]:
    """The fields an expression can test, for one replayed match."""
    results: list[Value] = []
    for g in replay.games:
        if g.level in _RESULTS:
            results.append(_RESULTS[g.level])
        if g.ending in ("resignation", "drop"):
            results.append(g.ending)
    winner = match.players[replay.winner] if replay.winner in (0, 1) else ""
    findings = replay.findings
    on = [
        name
        for name, flag in (
            ("cube", match.rules.cube is not False),
            ("crawford", match.rules.crawford is not False and match.length > 0),
            ("jacoby", bool(match.rules.jacoby)),
            ("beavers", bool(match.rules.beavers)),
        )
        if flag
    ]
    return {
        "player": tuple(match.players),
        "player1": match.players[0],
        "player2": match.players[1],
        "winner": winner,
        "event": match.tag("Event") or match.tag("EV") or "",
        "site": match.tag("Site") or match.tag("Place") or match.tag("PC") or "",
        "round": match.tag("Round") or match.tag("RO") or "",
        "date": _date(match),
        "length": match.length,
        "money": match.is_money,
        "variant": match.rules.variant.value,
        "rules": " ".join(on),
        "format": match.source_format,
        "file": file,
        "games": len(match.games),
        "moves": replay.played,
        "cube": max((g.cube for g in replay.games), default=1),
        "result": tuple(results),
        "finding": tuple(sorted({f.code for f in findings})),
        "severity": tuple(sorted({f.severity.value for f in findings})),
        "analysed": any(g.annotations for g in match.games),
        "pr": _pr(match),
    }


def _start_boards(game: Game, match: Match) -> tuple[int, Target] | None:
    """The first mover and the boards (first mover's, other's) at a game's start."""
    if game.start is not None:
        turn = game.start.turn
        return turn, (game.start.boards[turn], game.start.boards[1 - turn])
    first = next((a.player for a in game.actions if isinstance(a, Move)), None)
    if first is None:
        return None
    start = Position.start(match.rules.variant, first)
    return first, (start.mover, start.opponent)


def find_position(match: Match, applied: list[Applied], target: Target) -> list[Hit]:
    """Every place in ``match`` where ``target`` (boards of the player on roll, other) is
    the position, from the plays the replay applied (in order, with the boards after each)."""
    hits: list[Hit] = []
    cursor = 0
    for game in match.games:
        start = _start_boards(game, match)
        if start is not None and start[1] == target:
            hits.append(Hit(game.number, 0, game.location.line))
        for action in game.actions:
            if cursor == len(applied) or applied[cursor][0] is not action:
                continue
            move, mover, opponent = applied[cursor]
            cursor += 1
            # After the play the opponent is on roll.
            if (opponent, mover) == target:
                hits.append(Hit(game.number, move.number or 0, move.location.line))
    return hits


@lru_cache(maxsize=8)
def _predicate(where: str) -> Predicate:
    """:func:`parse_where`, once per expression (not once per match)."""
    return parse_where(where)


def select_match(
    match: Match,
    index: int,
    file: str,
    where: str | None,
    target: Target | None,
    options: CheckOptions,
    variant: Variant | None = None,
) -> Selected:
    return _select(match, index, file, where, target, options, variant)[0]


def _select(
    match: Match,
    index: int,
    file: str,
    where: str | None,
    target: Target | None,
    options: CheckOptions,
    variant: Variant | None = None,
) -> tuple[Selected, tuple[Finding, ...]]:
    """:func:`select_match`, and the findings of the replay (counted in the run summary)."""
    passed = True
    replayer = MatchReplayer(match, options, index, file)
    replayer.ids = False  # the facts use the findings' codes and severities only
    replayer.records = False  # and count the plays
    if target is not None:
        replayer.applied = []
    replay = replayer.run()
    if where:
        passed = _predicate(where)(match_facts(match, replay, file))
    applied = replayer.applied
    rs = replayer.rules.ruleset
    hits: list[Hit] = []
    if passed and target is not None:
        assert applied is not None
        fits = rs.variant is variant if variant is not None else standard_ids_fit(rs)
        hits = find_position(match, applied, target) if fits else []
        passed = bool(hits)
    return Selected(file, index + 1, match, passed, tuple(hits)), replay.findings


@dataclass(frozen=True, slots=True)
class FileSelection:
    """One input's matches with whether they pass, and what the run summary counts of it."""

    selected: list[Selected]
    tally: FileTally


def _select_file(
    args: tuple[InputFile, str | None, Target | None, CheckOptions, bool, Variant | None],
) -> FileSelection:
    item, where, target, options, keep_matches, variant = args
    out: list[Selected] = []
    count = FileCount()
    with gc_paused():
        for index, match in enumerate(read_path(item)):
            note = not_match_file(item, match) if index == 0 else None
            if note is not None:
                count.skip(note)
                break
            if not is_match_record(match):
                count.add(match, match.diagnostics)
                continue
            chosen, findings = _select(match, index, item.name, where, target, options, variant)
            count.add(match, findings)
            if not keep_matches:
                # Workers send back only what the caller needs (matches are re-read if kept).
                chosen = Selected(chosen.file, chosen.index, _bare(match), chosen.passed,
                                  chosen.hits)  # fmt: skip
            out.append(chosen)
    return FileSelection(out, count.tally())


def _bare(match: Match) -> Match:
    return Match(match.players, match.length, (), match.rules, location=match.location)


def filter_inputs(
    items: Sequence[InputFile],
    where: str | None = None,
    reaches: Position | None = None,
    options: CheckOptions | None = None,
    *,
    variant: Variant | None = None,
    keep_matches: bool = True,
    executor: Executor = SERIAL,
    progress: Callable[[int], None] | None = None,
) -> Iterator[list[Selected]]:
    """Each input's matches with whether they pass, in input order. ``where`` is checked
    first (:func:`parse_where` raises :class:`WhereError` for a bad one). ``variant``: the
    variant of ``reaches`` (None for a position of a standard identifier: module docstring).
    With ``keep_matches`` False the matches come back without their games (cheaper across
    processes). ``executor``: where the files are read (:mod:`executors`, entered by the
    caller; with worker processes, call under ``if __name__ == "__main__":``)."""
    for found in filter_files(
        items, where, reaches, options, variant=variant, keep_matches=keep_matches,
        executor=executor, progress=progress,
    ):  # fmt: skip
        yield found.selected


def filter_files(
    items: Sequence[InputFile],
    where: str | None = None,
    reaches: Position | None = None,
    options: CheckOptions | None = None,
    *,
    variant: Variant | None = None,
    keep_matches: bool = True,
    executor: Executor = SERIAL,
    progress: Callable[[int], None] | None = None,
) -> Iterator[FileSelection]:
    """:func:`filter_inputs`, each input's selection with its tally (:mod:`summary`)."""
    if where:
        parse_where(where)
    target = None if reaches is None else (reaches.mover, reaches.opponent)
    opts = options or CheckOptions()
    work = [(item, where, target, opts, keep_matches, variant) for item in items]
    serial = any(item.is_stdin for item in items)
    yield from executor.map(_select_file, work, serial=serial, progress=progress)


def reaches_target(text: str) -> tuple[Position, Variant | None]:
    """The position a ``--reaches`` text names, and its variant when the text says (a gamao
    position string); ValueError or IdError naming what is wrong."""
    from gamao_cli.engine import gamao_id
    from gamao_cli.engine.position_arg import parse_position

    if text.strip().upper().startswith(gamao_id.PREFIX):
        rs, position = gamao_id.decode(text)
        return position, rs.variant
    return parse_position(text).position, None
