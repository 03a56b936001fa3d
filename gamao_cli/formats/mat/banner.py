"""Reading the boxed text banner some archives put before a ``.mat`` match length line.

Hardy's archive of historic tournament matches writes, instead of ``; [Tag "..."]`` lines::

    +-------------------------------------------------------------+
    |  Monte Carlo World Championships 2010, 11 - 18 July 2010    |
    |  Final                                                      |
    |  Ricardo Malas (ESP) vs. Lars Bentzon (DEN)                 |
    |                                                             |
    |  Remarks: ...                                               |
    +-------------------------------------------------------------+

The reader keeps every text line as a header comment. The first block of lines (up to the
first blank one) is the title; from it :func:`banner_fields` recognises, only where it is
obvious: the event (the first title line), the players (a title line ``A vs. B`` whose two
sides name the score line's two players, put in column order; a ``Table 1, `` prefix is
dropped)
and the round (the title line just before the players line, when it is neither the event
line nor a date).
"""

from __future__ import annotations

import re

_VERSUS = re.compile(r"\s+vs\.?\s+", re.IGNORECASE)
_MONTHS = (
    "jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|januar|februar|märz|mai|juni|juli|"
    "oktober|dezember"
)
_DATE = re.compile(rf"\b(?:{_MONTHS})[a-z]*\.?\s+(?:19|20)\d\d\b|^[\d\s.\-/]+$", re.IGNORECASE)


def banner_fields(lines: list[str], players: tuple[str, str] | None) -> list[tuple[str, str]]:
    """The tags a banner's title gives, as ``(key, value)`` in the order Event, Round,
    Player 1, Player 2 (keys as XG writes them); ``players`` are the score line's names."""
    title: list[str] = []
    for line in lines:
        if not line:
            if title:
                break
            continue
        title.append(line)
    if not title:
        return []
    fields = [("Event", title[0])]
    for index, line in enumerate(title):
        sides = _players(line, players)
        if sides is None:
            continue
        if index >= 2 and _DATE.search(title[index - 1]) is None:
            fields.append(("Round", title[index - 1]))
        fields += [("Player 1", sides[0]), ("Player 2", sides[1])]
        break
    return fields


def _players(line: str, players: tuple[str, str] | None) -> tuple[str, str] | None:
    """The two sides of ``A vs. B`` in column order when each names one of the score line's
    players (a word of three letters or more of the name, ``_`` read as a blank, is a word of
    the side: transcribers misspell), else None."""
    if players is None:
        return None
    parts = _VERSUS.split(line)
    if len(parts) != 2:
        return None
    left, right = (part.strip() for part in parts)
    left = left.rsplit(", ", 1)[-1]
    if not left or not right:
        return None
    if _names(players[0], left) and _names(players[1], right):
        return left, right
    if _names(players[1], left) and _names(players[0], right):
        return right, left
    return None


def _names(name: str, side: str) -> bool:
    words = set(_WORD.findall(side.lower()))
    return any(len(w) >= 3 and w in words for w in _WORD.findall(name.lower().replace("_", " ")))


_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?")
