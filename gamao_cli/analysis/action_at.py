"""One recorded action found by what a user says of it (``gamao show FILE --game G --move M
--player P``): the game by its number, the action by its move (row) number as the file writes
it (the Nth roll of the game where the format numbers no moves), the player by name, 0/1 or
left/right; and the replay's snapshot before it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamao_cli.i18n import _
from gamao_cli.model.actions import Action, Move
from gamao_cli.model.terminal_text import terminal_safe

if TYPE_CHECKING:
    from gamao_cli.analysis.replay_state import Probe
    from gamao_cli.model.match import Game, Match


def player_side(player: str | None, match: Match) -> int | None:
    """The side ``player`` names in ``match`` (None: either); ValueError if none."""
    if player is None:
        return None
    key = player.strip().lower()
    if key in ("0", "left"):
        return 0
    if key in ("1", "right"):
        return 1
    for i, name in enumerate(match.players):
        if name.lower() == key:
            return i
    raise ValueError(
        _("--player {player}: not a player of this match ({first}, {second})").format(
            player=player,
            first=terminal_safe(match.players[0]),
            second=terminal_safe(match.players[1]),
        )
    )


def action_probe(match: Match, game: int, move: int, side: int | None = None) -> Probe:
    """What picks the action (for :func:`gamao_cli.analysis.replay.snapshot_at`): move
    ``move`` of game number ``game`` (of ``side`` when given; else the row's first action)."""
    target = next(g for g in match.games if g.number == game)
    numbered = any(getattr(a, "number", None) is not None for a in target.actions)
    # A format that numbers no moves: the Nth roll of the game.
    moves = [a for a in target.actions if isinstance(a, Move)]
    rolls = {} if numbered else {id(a): i for i, a in enumerate(moves, 1)}

    def probe(g: Game, action: Action) -> bool:
        number = getattr(action, "number", None) if numbered else rolls.get(id(action))
        if g.number != game or number != move:
            return False
        return side is None or getattr(action, "player", None) == side

    return probe
