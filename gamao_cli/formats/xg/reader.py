"""The eXtreme Gammon readers: ``.xg`` matches and ``.xgp`` positions.

:func:`read_xg` yields one :class:`Match` per file: players from the match header's
UTF-16 names (the ANSI ``string[40]`` twins when absent), the length (99999 is money, 0 in
the model), the variation in :attr:`Rules.variant`, Crawford/Jacoby/beaver flags and the
cube limit in :class:`Rules`, the Elo ratings in :attr:`Match.ratings`, and the header
text as the ``.mat`` reader names XG's own export tags: ``Site``, ``Event``, ``Round``,
``EventDate`` / ``EventTime``, ``Variation``, ``Crawford`` (``Jacoby`` and ``Beaver`` for
money), ``CubeLimit``, ``Transcriber``, and the rich header's title as ``XG Game Name``. No
``Player 1`` / ``Player 2`` tags: XG's own ``.mat`` export names the right-hand column
``Player 1``, the binary file the left-hand one, so the tags would mislead.

:func:`read_xgp` yields a Match with one game whose ``start`` is the position
(:class:`SetPosition`: board, player on roll, dice, cube) and no actions; its analysis is
annotated on action index 0 (the decision the position asks for).

Problems are diagnostics (codes in :mod:`.codes`), never exceptions; a file with nothing
readable yields one Match with no games and an error.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import BinaryIO

from gamao_cli.formats.xg import records as rec
from gamao_cli.formats.xg.comments import split_entries
from gamao_cli.formats.xg.container import Archive, open_archive
from gamao_cli.formats.xg.games import GameBuilder, player_of
from gamao_cli.formats.xg.games import where as _where
from gamao_cli.formats.xg.position import position_games
from gamao_cli.i18n import N_
from gamao_cli.model.diagnostics import Diagnostic, Severity
from gamao_cli.model.location import Location
from gamao_cli.model.match import Game, Match, Rules, Variant

R = rec.RECORD_SIZE
_VARIANTS = {0: Variant.STANDARD, 1: Variant.NACKGAMMON, 2: Variant.HYPERGAMMON}
_VARIATION_NAMES = {0: "Backgammon", 1: "NackGammon", 2: "Hypergammon", 3: "Longgammon"}
_EPOCH = datetime(1899, 12, 30)


def read_xg(stream: BinaryIO, filename: str) -> Iterator[Match]:
    """The match of an ``.xg`` file."""
    yield _read(stream, filename, position=False)


def read_xgp(stream: BinaryIO, filename: str) -> Iterator[Match]:
    """The position of an ``.xgp`` file, as a one-game match without actions."""
    yield _read(stream, filename, position=True)


def _read(stream: BinaryIO, filename: str, position: bool) -> Match:
    where = Location(filename)
    try:
        archive = open_archive(stream, ("temp.xg", "temp.xgc"))
    except OSError as exc:
        return _failed(
            filename,
            [_diag("P402", Severity.ERROR, N_("read error: {error}").format(error=exc), where)],
        )
    diagnostics = [_diag(p.code, p.severity, p.message, where) for p in archive.problems]
    data = archive.streams.get("temp.xg", b"")
    if len(data) < R:
        if not any(d.severity is Severity.ERROR for d in diagnostics):
            diagnostics.append(
                _diag("P413", Severity.ERROR, "temp.xg holds no match header record", where)
            )
        return _failed(filename, diagnostics)
    if len(data) % R:
        diagnostics.append(
            _diag(
                "P412",
                Severity.WARNING,
                N_(
                    "temp.xg is {size} bytes, not whole {record}-byte records: the last {left} "
                    "bytes are ignored"
                ).format(size=len(data), record=R, left=len(data) % R),
                where,
            )
        )
    first = data[:R]
    if first[8] != rec.MATCH_HEADER or first[556:560] != rec.DMLI:
        diagnostics.append(
            _diag(
                "P413",
                Severity.ERROR,
                N_(
                    "temp.xg record 0 (type {kind}) is not a match header with the DMLI magic"
                ).format(kind=first[8]),
                where,
            )
        )
        return _failed(filename, diagnostics)
    header = rec.match_header(first)
    comments = split_entries(archive.streams["temp.xgc"]) if "temp.xgc" in archive.streams else []
    players = _players(header, diagnostics, where)
    if header.variation not in _VARIANTS:
        name = _VARIATION_NAMES.get(header.variation, f"number {header.variation}")
        diagnostics.append(
            _diag(
                "P425",
                Severity.WARNING,
                N_(
                    "XG variation {name}: no such variant in gamao; read under standard rules "
                    "from the recorded start positions"
                ).format(name=name),
                where,
            )
        )
    if position:
        games, notes = position_games(data, where, diagnostics, comments)
    else:
        games, notes = _games(data, header, where, diagnostics, comments)
    return Match(
        players=players,
        length=0 if header.length >= rec.MONEY_LENGTH or header.length <= 0 else header.length,
        games=tuple(games),
        rules=_rules(header),
        ratings=_ratings(header),
        tags=_tags(header, archive),
        comments=tuple(notes),
        location=where,
        source_format="xgp" if position else "xg",
        diagnostics=tuple(diagnostics),
    )


def _diag(
    code: str, severity: Severity, message: str, where: Location, game: int | None = None
) -> Diagnostic:
    return Diagnostic(code, severity, message, where, game=game)


def _failed(filename: str, diagnostics: list[Diagnostic]) -> Match:
    return Match(("", ""), 0, (), location=Location(filename), diagnostics=tuple(diagnostics))


def _players(
    header: rec.MatchHeader, diagnostics: list[Diagnostic], where: Location
) -> tuple[str, str]:
    out: list[str] = []
    for i in (0, 1):
        name = header.player_unicode[i]
        if name is None or not name.strip():
            if header.version >= 24:
                diagnostics.append(
                    _diag(
                        "P422",
                        Severity.INFO,
                        N_(
                            "player {number}'s UTF-16 name is unusable: the ANSI name {name} is "
                            "used"
                        ).format(number=i + 1, name=repr(header.player_ansi[i])),
                        where,
                    )
                )
            name = header.player_ansi[i]
        out.append(name.strip())
    return out[0], out[1]


def _rules(header: rec.MatchHeader) -> Rules:
    money = header.length >= rec.MONEY_LENGTH
    return Rules(
        variant=_VARIANTS.get(header.variation, Variant.STANDARD),
        cube=_cube_limit(header) != 1,
        crawford=header.crawford if not money else False,
        jacoby=header.jacoby if money else None,
        beavers=header.beaver if money else None,
        cube_limit=_cube_limit(header),
    )


def _cube_limit(header: rec.MatchHeader) -> int | None:
    """The highest cube value (``CubeLimit`` is its log2; a limit of 1 is no cube), or None."""
    return 1 << header.cube_limit if 0 <= header.cube_limit <= 20 else None


def _ratings(header: rec.MatchHeader) -> tuple[str | None, str | None]:
    return (f"{header.elo[0]:.2f}", f"{header.elo[1]:.2f}") if any(header.elo) else (None, None)


def _tags(header: rec.MatchHeader, archive: Archive) -> tuple[tuple[str, str], ...]:
    tags: list[tuple[str, str]] = []
    if header.location:
        tags.append(("Site", header.location))
    if header.event:
        tags.append(("Event", header.event))
    if header.round:
        tags.append(("Round", header.round))
    if 0 < header.date < 2958466:  # TDateTime up to 9999-12-31
        when = _EPOCH + timedelta(days=header.date)
        tags.append(("EventDate", when.strftime("%Y.%m.%d")))
        tags.append(("EventTime", when.strftime("%H.%M")))
    tags.append(("Variation", _VARIATION_NAMES.get(header.variation, str(header.variation))))
    if header.length < rec.MONEY_LENGTH:
        tags.append(("Crawford", "On" if header.crawford else "Off"))
    else:
        tags.append(("Jacoby", "On" if header.jacoby else "Off"))
        tags.append(("Beaver", "On" if header.beaver else "Off"))
    limit = _cube_limit(header)
    if limit is not None:
        tags.append(("CubeLimit", str(limit)))
    if header.transcriber:
        tags.append(("Transcriber", header.transcriber))
    rich = archive.header
    if rich is not None and rich.game_name:
        tags.append(("XG Game Name", rich.game_name))
    return tuple(tags)


def _games(
    data: bytes,
    header: rec.MatchHeader,
    where: Location,
    diagnostics: list[Diagnostic],
    comments: list[str],
) -> tuple[list[Game], list[str]]:
    games: list[Game] = []
    notes: list[str] = []
    if header.comment_header >= 0 and header.comment_header < len(comments):
        notes.append(comments[header.comment_header])
    variant = _VARIANTS.get(header.variation, Variant.STANDARD)
    length = 0 if header.length >= rec.MONEY_LENGTH else header.length
    builder: GameBuilder | None = None
    count = len(data) // R
    for index in range(1, count):
        base = index * R
        kind = data[base + 8]
        if kind == rec.MOVE or kind == rec.CUBE:
            if builder is None:
                diagnostics.append(
                    _diag(
                        "P415",
                        Severity.WARNING,
                        (
                            N_("{where}: a move record outside a game: skipped")
                            if kind == rec.MOVE
                            else N_("{where}: a cube record outside a game: skipped")
                        ).format(where=_where(index)),
                        where,
                    )
                )
                continue
            record = data[base : base + R]
            if kind == rec.MOVE:
                nxt = data[base + R + 8] if base + R < len(data) else -1
                resigns = False
                if nxt == rec.GAME_FOOTER:
                    footer = rec.game_footer(data[base + R : base + 2 * R])
                    resigns = footer.termination >= 100 and player_of(footer.winner) != player_of(
                        rec.move_record(record).actif
                    )
                builder.on_move(record, rec.move_record(record), resigns, index)
            else:
                builder.on_cube(rec.cube_record(record), index)
        elif kind == rec.GAME_HEADER:
            if builder is not None:
                _unfinished(builder, index, diagnostics, where)
                games.append(builder.game())
            builder = GameBuilder(
                rec.game_header(data[base : base + R]), variant, where, diagnostics, comments, index
            )
        elif kind == rec.GAME_FOOTER:
            if builder is None:
                diagnostics.append(
                    _diag(
                        "P415",
                        Severity.WARNING,
                        N_("{where}: a game footer outside a game: skipped").format(
                            where=_where(index)
                        ),
                        where,
                    )
                )
                continue
            builder.on_footer(rec.game_footer(data[base : base + R]), length, index)
            games.append(builder.game())
            builder = None
        elif kind == rec.MATCH_FOOTER:
            if header.comment_footer >= 0 and header.comment_footer < len(comments):
                notes.append(comments[header.comment_footer])
        elif kind == rec.MATCH_HEADER:
            diagnostics.append(
                _diag(
                    "P415",
                    Severity.WARNING,
                    N_("{where}: a second match header: skipped").format(where=_where(index)),
                    where,
                )
            )
        else:
            diagnostics.append(
                _diag(
                    "P414",
                    Severity.INFO,
                    N_("{where}: record type {kind} is unknown: skipped").format(
                        where=_where(index), kind=kind
                    ),
                    where,
                )
            )
    if builder is not None:
        _unfinished(builder, count, diagnostics, where)
        games.append(builder.game())
    return games, notes


def _unfinished(
    builder: GameBuilder, index: int, diagnostics: list[Diagnostic], where: Location
) -> None:
    diagnostics.append(
        _diag(
            "P416",
            Severity.WARNING,
            N_("game {game} has no game footer: the records end at {where}").format(
                game=builder.header.number, where=_where(index)
            ),
            where,
            builder.header.number,
        )
    )
