"""The rows of the tidy tables, built from replays: the hot loop of ``gamao stats``.

One tuple a match, game, play, cube action and finding, fields in the order of the
schemas of :mod:`gamao_cli.analysis.tables` (which turns the rows into polars frames column by
column). Kept apart from polars so that the build compiles it with mypyc (``setup.py``): a
million-match archive is about 300 million play rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from gamao_cli.analysis.findings import Finding
from gamao_cli.analysis.locate import cube_text, play_text, source_of
from gamao_cli.analysis.records import CubeRecord, GameRecord, MatchReplay, PlayRecord

RecordT = TypeVar("RecordT", PlayRecord, CubeRecord)
Row = tuple[object, ...]

RESULTS = {1: "single", 2: "gammon", 3: "backgammon"}


def add_replay(
    replay: MatchReplay,
    matches: list[Row],
    games: list[Row],
    plays: list[Row],
    cubes: list[Row],
    findings: list[Row],
) -> None:
    match = replay.match
    file = replay.file
    number = replay.index + 1
    names = match.players
    winner = replay.winner
    matches.append(
        (
            file,
            number,
            match.source_format,
            names[0],
            names[1],
            names[0],
            names[1],
            match.ratings[0],
            match.ratings[1],
            match.length,
            match.is_money,
            match.rules.variant.value,
            len(replay.games),
            replay.games_verified,
            winner,
            None if winner is None else names[winner],
            replay.final_score[0],
            replay.final_score[1],
            match.location.line,
        )
    )
    for g in replay.games:
        games.append(
            (
                file,
                number,
                g.number,
                g.index,
                names[0],
                names[1],
                g.score[0],
                g.score[1],
                g.winner,
                None if g.winner is None else names[g.winner],
                g.points,
                g.recorded_points,
                None if g.level is None else RESULTS.get(g.level),
                g.ending,
                _cube_in_force(g),
                g.crawford,
                g.post_crawford,
                g.verified,
                g.plays,
                g.first_bearoff_pips[0],
                g.first_bearoff_pips[1],
                g.line,
            )
        )
    # Legal plays are counted for every roll only when the replay analysed plays; otherwise
    # a few are known (dances, forced plays not recorded) and the rest not: keep none.
    analysed = all(p.legal_count is not None for p in replay.plays)
    game, ply = None, 0
    rolls = _ROLLS
    for p in replay.plays:  # the hot loop: one row a play, built in place
        if p.game != game:
            game, ply = p.game, 0
        ply += 1
        move = p.source
        d1, d2 = dice = p.dice
        roll = rolls.get(dice) or _roll(d1, d2)
        if move is None:
            line = column = text = None
        else:
            loc = move.location
            line, column, text = loc.line or None, loc.column or None, play_text(move) or None
            if move.roll:  # tabula's three dice: named in full, so not one of the 21 rolls
                roll = "".join(map(str, sorted(move.roll, reverse=True)))
        plays.append(
            (
                file,
                number,
                p.game,
                ply,
                p.move,
                p.player,
                names[p.player],
                d1,
                d2,
                roll,
                p.pips_before[0],
                p.pips_before[1],
                p.pips_after[0],
                p.pips_after[1],
                p.hits,
                p.dance,
                p.entering,
                p.borne_off,
                p.legal_count if analysed else None,
                p.opening,
                line,
                column,
                text,
            )
        )
    for _, cube_records in _runs(replay.cube_actions):
        for c in cube_records:
            src = source_of(c.source, cube_text)
            cubes.append(
                (
                    file,
                    number,
                    c.game,
                    c.move,
                    c.player,
                    names[c.player],
                    c.action,
                    c.value,
                    src.line,
                    src.column,
                    src.text,
                )
            )
    for f in replay.findings:
        findings.append(finding_row(f, number))


def _roll(d1: int, d2: int) -> str:
    """A roll's name, the higher die first (``62``)."""
    return f"{d1}{d2}" if d1 >= d2 else f"{d2}{d1}"


_ROLLS = {(a, b): _roll(a, b) for a in range(1, 7) for b in range(1, 7)}


def _runs(records: Sequence[RecordT]) -> list[tuple[int, list[RecordT]]]:
    """Records grouped into runs of the same game, in order."""
    out: list[tuple[int, list[RecordT]]] = []
    for r in records:
        if not out or out[-1][0] != r.game:
            out.append((r.game, []))
        out[-1][1].append(r)
    return out


def _cube_in_force(g: GameRecord) -> int:
    """The cube the game was played for: after a drop, the points the drop cost (a dropped
    beaver leaves the doubled cube in force, not the cube before the double)."""
    if g.ending == "drop" and g.points is not None:
        return g.points
    return g.cube


def finding_row(f: Finding, match: int) -> Row:
    return (
        f.file,
        match,
        f.game,
        f.move,
        f.line,
        f.column,
        f.code,
        f.severity.value,
        f.rule,
        f.player,
        f.dice,
        f.recorded,
        f.message,
    )
