"""Cutting archives into pieces and putting them together (``gamao split`` / ``merge``).

Everything here works on the model, never on text: a piece is a :class:`Match` with the
same header (players, length, rules, ratings, tags, comments) as the match it came from. A
game taken out on its own keeps its number and the score it started at, so merging the
games of a match back in order gives the match again.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import PurePath
from typing import TYPE_CHECKING, Literal

from gamao_cli.analysis.where import date_key
from gamao_cli.model.match import Match

if TYPE_CHECKING:
    from gamao_cli.formats.base import FormatInfo

SplitBy = Literal["match", "game", "player", "event", "date"]


def games_as_matches(match: Match) -> list[Match]:
    """Each game of ``match`` as a match of its own, with the match's header."""
    return [replace(match, games=(game,), diagnostics=()) for game in match.games]


def join_games(pieces: Iterable[Match]) -> Iterator[Match]:
    """Pieces put back together (the inverse of :func:`games_as_matches`): a piece whose
    header equals an earlier piece's and whose first game number follows that piece's last
    one continues it, even with pieces of other matches between them (a directory of .mat
    and .sgf pieces side by side). Matches come out in the order of their first pieces."""
    chains: list[Match] = []
    open_chain: dict[tuple[object, ...], int] = {}  # header -> index in chains
    for piece in pieces:
        key = _header(piece)
        at = open_chain.get(key)
        if at is not None and _continues(chains[at], piece):
            chains[at] = replace(chains[at], games=chains[at].games + piece.games)
            continue
        open_chain[key] = len(chains)
        chains.append(piece)
    yield from chains


def _header(m: Match) -> tuple[object, ...]:
    return (m.players, m.length, m.rules, m.ratings, m.tags, m.comments, m.source_format)


def _continues(current: Match, piece: Match) -> bool:
    if not current.games or not piece.games:
        return False
    return piece.games[0].number == current.games[-1].number + 1


def _safe(text: str) -> str:
    """A file-name-safe form of a key: letters, digits, '-', '_' and '.' kept."""
    cleaned = re.sub(r"[^\w.-]+", "_", text.strip(), flags=re.UNICODE).strip("._")
    return cleaned[:80] or "_"


def group_keys(match: Match, by: SplitBy) -> list[str]:
    """The collections ``match`` goes into when splitting ``by`` player, event or date (a
    match goes to both of its players' collections)."""
    if by == "player":
        names = [_safe(p) for p in match.players if p.strip()]
        return sorted(set(names)) or ["unnamed"]
    if by == "event":
        event = match.tag("Event") or match.tag("EV")
        return [_safe(event) if event else "no-event"]
    if by == "date":
        for key in ("EventDate", "Date", "DT"):
            value = match.tag(key)
            found = date_key(value) if value else None
            if found:
                return [found]
        return ["undated"]
    raise ValueError(f"matches are not grouped by {by}")


@dataclass(frozen=True, slots=True)
class Piece:
    """One file ``gamao split`` writes: its name inside the output directory, its format and
    its matches; ``source``, the input it is a piece of (its name is claimed against the
    other inputs' pieces), None for a part or a collection."""

    name: PurePath
    fmt: FormatInfo
    matches: list[Match]
    source: str | None = None


def split_pieces(
    inputs: Sequence[tuple[PurePath, list[Match]]],
    by: SplitBy,
    per_file: int | None = None,
    to: str | None = None,
) -> list[Piece]:
    """The files that cut ``inputs`` (each input's name inside the output directory and its
    matches) by match or game (one file a piece, its own format unless ``to``; with
    ``per_file``, N pieces a part), or into a collection per player, event or date (JSON
    Lines unless ``to``; with ``per_file``, N matches a file)."""
    from gamao_cli.analysis.match_output import derived_name, writer_for
    from gamao_cli.formats.registry import by_name

    collection = by_name(to or "jsonl")
    ext = collection.extensions[0]
    if by not in ("match", "game"):
        groups: dict[str, list[Match]] = {}
        for _rel, matches in inputs:
            for match in matches:
                for key in group_keys(match, by):
                    groups.setdefault(key, []).append(match)
        out = []
        for key, members in sorted(groups.items()):
            size = per_file or len(members)
            chunks = [members[i : i + size] for i in range(0, len(members), size)]
            for n, chunk in enumerate(chunks):
                part = "" if len(chunks) == 1 else f"-{n + 1:04d}"
                out.append(Piece(PurePath(f"{key}{part}.{ext}"), collection, chunk))
        return out
    units = [
        (rel, [g for m in matches for g in games_as_matches(m)] if by == "game" else matches)
        for rel, matches in inputs
    ]
    if per_file is not None:
        every = [u for _rel, found in units for u in found]
        return [
            Piece(PurePath(f"part-{n + 1:04d}.{ext}"), collection, every[i : i + per_file])
            for n, i in enumerate(range(0, len(every), per_file))
        ]
    out = []
    for rel, found in units:
        for k, unit in enumerate(found):
            fmt = writer_for(unit, to)
            name = derived_name(rel, k, len(found), fmt.extensions[0])
            if by == "game":  # numbers padded, so that a directory listing is in game order
                stem = rel.stem if rel.suffix else rel.name
                number = f"{unit.games[0].number:0{len(str(len(found)))}d}"
                name = rel.with_name(f"{stem}-game{number}.{fmt.extensions[0]}")
            out.append(Piece(name, fmt, [unit], str(rel)))
    return out
