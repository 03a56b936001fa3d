"""Cutting archives into pieces and putting them together (``gamao split`` / ``merge``).

Everything here works on the model, never on text: a piece is a :class:`Match` with the
same header (players, length, rules, ratings, tags, comments) as the match it came from. A
game taken out on its own keeps its number and the score it started at, so merging the
games of a match back in order gives the match again.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import Literal

from gamao_cli.analysis.where import date_key
from gamao_cli.model.match import Match

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
