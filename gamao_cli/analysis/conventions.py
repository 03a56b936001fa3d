"""Writers' conventions that look like scoring errors but are not (docs/check.md, "Writers'
conventions").

* Points capped at what the winner needed: Backgammon Galaxy, GridGammon and some transcripts
  write ``Wins 2 point and the match`` for a 4-cube game won at 2-away (X416).
* A match conceded: GridGammon writes ``Wins 100 points``, Backgammon Studio ``Wins 4016 point``
  after ``????``; no game can be worth that much, and the winner takes the match (X417).
* A single game exported as a match: about a fifth of Backgammon Galaxy's exports are one game
  under a nominal ``16 point match`` (X418).

The functions here only decide; the replay reports.
"""

from __future__ import annotations

from gamao_cli.model.match import Match

SINGLE_GAME_LENGTH = 16
"""The match length Backgammon Galaxy writes on a single game's export."""


def needed(length: int, score: tuple[int, int], winner: int) -> int | None:
    """Points ``winner`` still needs to win the match; None in money play or once it is won."""
    if length <= 0 or score[winner] >= length:
        return None
    return length - score[winner]


def is_capped(points: int, worth: int, need: int | None) -> bool:
    """``points`` recorded for a game worth ``worth`` (a resignation: the most it can be
    worth) are exactly what the winner needed, and less than the game was worth: the writer
    capped them."""
    return need is not None and points == need < worth


def is_conceded(points: int, cube: int, length: int, need: int | None) -> bool:
    """``points`` recorded for a resigned game are more than any game can be worth (three
    times the cube) and more than the whole match: the loser conceded the match."""
    return need is not None and points > 3 * cube and points > length


def is_galaxy(match: Match) -> bool:
    for key, value in match.tags:
        if key.lower() in ("site", "pc") and "".join(value.lower().split()) == "backgammongalaxy":
            return True
    return False


def is_single_game_export(match: Match) -> bool:
    """One game from 0-0 under a nominal length: a Backgammon Galaxy export (any length), or
    a ``16 point match`` of one game from any writer."""
    if match.length <= 0 or len(match.games) != 1:
        return False
    if match.games[0].score not in (None, (0, 0)):
        return False
    return match.length == SINGLE_GAME_LENGTH or is_galaxy(match)
