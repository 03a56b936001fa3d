"""The rows of the tidy tables, built from replays: the hot loop of ``gamao stats``.

One tuple a match, game, cube action and finding, fields in the order of the schemas of
:mod:`gamao_cli.analysis.tables` (which turns the rows into polars frames column by column);
plays, three hundred a match, straight into one list a column. Kept apart from polars so
that the build compiles it with mypyc (``setup.py``): a million-match archive is about 300
million play rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from gamao_cli.analysis.findings import Finding
from gamao_cli.analysis.locate import cube_text, play_text, source_of
from gamao_cli.analysis.match_tags import event_round, played_when
from gamao_cli.analysis.records import CubeRecord, GameRecord, MatchReplay, PlayRecord

RecordT = TypeVar("RecordT", PlayRecord, CubeRecord)
Row = tuple[object, ...]
Columns = list[list[object]]

RESULTS = {1: "single", 2: "gammon", 3: "backgammon"}


def add_replay(
    replay: MatchReplay,
    matches: list[Row],
    games: list[Row],
    plays: Columns,
    cubes: list[Row],
    findings: list[Row],
) -> None:
    match = replay.match
    file = replay.file
    number = replay.index + 1
    names = match.players
    winner = replay.winner
    date, time = played_when(match.tags)
    event, round_ = event_round(match.tags)
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
            replay.fingerprint,
            date,
            time,
            event,
            round_,
        )
    )
    prints = replay.game_fingerprints
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
                prints[g.index] if g.index < len(prints) else None,
            )
        )
    # Legal plays are counted for every roll only when the replay analysed plays; otherwise
    # a few are known (dances, forced plays not recorded) and the rest not: keep none.
    analysed = all(p.legal_count is not None for p in replay.plays)
    add_plays(replay.plays, file, number, names, analysed, plays)
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


def add_plays(
    records: Sequence[PlayRecord],
    file: str,
    number: int,
    names: tuple[str, str],
    analysed: bool,
    columns: Columns,
) -> None:
    """One row a play, appended column by column (``columns``: one list a column of
    ``PLAY_SCHEMA``, in order): the hot loop of ``gamao stats``. Built in columns, the rows
    need no tuple each nor a transposition for polars."""
    (c_file, c_match, c_game, c_ply, c_move, c_side, c_player, c_die1, c_die2, c_roll,
     c_before1, c_before2, c_after1, c_after2, c_hits, c_dance, c_entering, c_borne,
     c_legal, c_opening, c_line, c_column, c_recorded) = columns  # fmt: skip
    last_game, ply = -1, 0
    rolls = _ROLLS
    for p in records:
        game, move_number, player, dice, before, after, hits, dance, entering, borne, legal, \
            opening, move = p  # fmt: skip
        if game != last_game:
            last_game, ply = game, 0
        ply += 1
        d1, d2 = dice
        roll = rolls.get(dice) or _roll(d1, d2)
        if move is None:
            line = column = text = None
        else:
            loc = move.location
            # play_text's common case (a .mat cell as written) inline: a call a play to
            # interpreted code costs more than the test.
            text = move.text
            text = (text.strip() if ": " in text else play_text(move)) or None
            line, column = loc.line or None, loc.column or None
            if move.roll:  # tabula's three dice: named in full, so not one of the 21 rolls
                roll = "".join(map(str, sorted(move.roll, reverse=True)))
        c_file.append(file)
        c_match.append(number)
        c_game.append(game)
        c_ply.append(ply)
        c_move.append(move_number)
        c_side.append(player)
        c_player.append(names[player])
        c_die1.append(d1)
        c_die2.append(d2)
        c_roll.append(roll)
        c_before1.append(before[0])
        c_before2.append(before[1])
        c_after1.append(after[0])
        c_after2.append(after[1])
        c_hits.append(hits)
        c_dance.append(dance)
        c_entering.append(entering)
        c_borne.append(borne)
        c_legal.append(legal if analysed else None)
        c_opening.append(opening)
        c_line.append(line)
        c_column.append(column)
        c_recorded.append(text)


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
