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


def _bgammon_point(p: int, player: int) -> str:
    if p == BAR:
        return "bar"
    if p == OFF:
        return "off"
    return str(p if player == 0 else 25 - p)


def to_bgammon(match: Match, timestamp: int = 1702738670) -> str:
    """The match as a bgammon.org replay: an index table, then per game its ``i`` line
    (winner and final cube) and events, both players' moves in player 1's numbering."""
    blocks: list[str] = []
    for game in match.games:
        score = game.score or (0, 0)
        cube, winner, lines = 1, 0, []
        for action in game.actions:
            who = getattr(action, "player", None)
            if isinstance(action, Move):
                dice = "-".join(str(d) for d in sorted(action.dice, reverse=True))
                play = " ".join(
                    f"{_bgammon_point(s.from_point, action.player)}/"
                    f"{_bgammon_point(s.to_point, action.player)}"
                    for s in action.steps
                )
                lines.append(f"{action.player + 1} r {dice} {play}".rstrip())
            elif isinstance(action, Double):
                lines.append(f"{action.player + 1} d {action.value} ?")
            elif isinstance(action, Take):
                cube *= 2
                lines[-1] = lines[-1].replace("?", "1")
            elif isinstance(action, Drop):
                lines[-1] = lines[-1].replace("?", "0")
            elif isinstance(action, Resign) and action.accepted:
                lines.append(f"{action.player + 1} t")
            elif isinstance(action, Win) and who is not None:
                winner = who + 1
        head = (
            f"i {timestamp} {match.players[0]} {match.players[1]} {match.length} "
            f"{score[0]} {score[1]} {winner} {cube} 0"
        )
        blocks.append("\n".join([head, *lines]) + "\n")
    index_len = len("bgammon-replay 00000000\n") * len(blocks)
    index, at = [], index_len
    for block in blocks:
        index.append(f"bgammon-replay {at:08d}\n")
        at += len(block.encode("utf-8"))
    return "".join(index) + "".join(blocks)
