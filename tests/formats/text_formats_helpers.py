"""Writers of FIBS oldmoves and bgammon.org replay text from a model match, for the
cross-format tests of the line-based readers (no real file of either is in the corpus)."""

from __future__ import annotations

from gamao_cli.model.actions import BAR, OFF, Double, Drop, Move, MoveMark, Resign, Take, Win
from gamao_cli.model.match import Match


def _fibs_point(p: int, ascending: bool) -> str:
    if p == BAR:
        return "bar"
    if p == OFF:
        return "off"
    return str(25 - p if ascending else p)


def to_fibs_oldmoves(match: Match, swap_x_every_other_game: bool = True) -> str:
    """The match as FIBS prints it for ``oldmoves``: X moves ascending (1 to 24), O
    descending; with ``swap_x_every_other_game`` the even games have player 1 as X."""
    out: list[str] = []
    for index, game in enumerate(match.games):
        x = 1 if swap_x_every_other_game and index % 2 else 0
        score = game.score or (0, 0)
        length = f"in a {match.length} point match." if match.length else "in a money game."
        out.append(f"Score is {score[x]}-{score[1 - x]} {length}")
        out.append(f"{match.players[x]} is X - {match.players[1 - x]} is O")
        for action in game.actions:
            mark = "X" if getattr(action, "player", None) == x else "O"
            if isinstance(action, Move):
                dice = f"({action.dice[0]} {action.dice[1]})"
                if not action.steps or action.mark is MoveMark.CANNOT_MOVE:
                    out.append(f"{mark}: {dice} can't move")
                    continue
                asc = mark == "X"
                play = " ".join(
                    f"{_fibs_point(s.from_point, asc)}-{_fibs_point(s.to_point, asc)}"
                    for s in action.steps
                )
                out.append(f"{mark}: {dice} {play}")
            elif isinstance(action, Double):
                out.append(f"{mark}: doubles")
            elif isinstance(action, Take):
                out.append(f"{mark}: accepts")
            elif isinstance(action, Drop):
                out.append(f"{mark}: rejects")
            elif isinstance(action, Resign):
                out.append(f"{mark}: wants to resign")
            elif isinstance(action, Win) and action.player is not None:
                mark = "X" if action.player == x else "O"
                s = "" if action.points == 1 else "s"
                out.append(f"{mark}: wins {action.points} point{s}")
        out.append("")
    return "\n".join(out) + "\n"
