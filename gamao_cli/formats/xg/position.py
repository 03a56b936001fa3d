"""``.xgp``: an XG position file as a one-game match whose start is the position.

An ``.xgp`` is the ``.xg`` container holding a match header, a game header, a cube pane and
(when dice were rolled) a move pane, and no game footer (research/formats-wave2.md 9.2).
The position is the move pane's ``PositionI`` when dice were rolled (a checker-play
problem: the dice and the candidates come with it), else the cube pane's position (a cube
problem). Both are in player 1's frame. The analysis is annotated on action index 0, the
decision the position asks for. (No real ``.xgp`` was available: the layout follows the
readers the research compared; the frames are those the real ``.xg`` files confirm.)
"""

from __future__ import annotations

from gamao_cli.formats.xg import records as rec
from gamao_cli.formats.xg.annotate import SOURCE, checker_analysis, cube_analysis
from gamao_cli.formats.xg.games import cube_value, player_of
from gamao_cli.formats.xg.moves import unframe
from gamao_cli.i18n import N_
from gamao_cli.model.actions import SetPosition
from gamao_cli.model.analysis import Annotation
from gamao_cli.model.diagnostics import Diagnostic, Severity
from gamao_cli.model.location import Location
from gamao_cli.model.match import Game

R = rec.RECORD_SIZE


def position_games(
    data: bytes,
    where: Location,
    diagnostics: list[Diagnostic],
    comments: list[str],
) -> tuple[list[Game], list[str]]:
    """The one position of an ``.xgp``: the move record's start position when dice were
    rolled (a checker problem), else the cube record's (a cube problem)."""
    game_header: rec.GameHeader | None = None
    cube: rec.CubeRecord | None = None
    move: rec.MoveRecord | None = None
    move_data = b""
    for index in range(1, len(data) // R):
        base = index * R
        kind = data[base + 8]
        record = data[base : base + R]
        if kind == rec.GAME_HEADER and game_header is None:
            game_header = rec.game_header(record)
        elif kind == rec.CUBE and cube is None:
            cube = rec.cube_record(record)
        elif kind == rec.MOVE and move is None:
            move, move_data = rec.move_record(record), record
    annotation: Annotation | None = None
    if move is not None and any(move.position_start) and 1 <= min(move.dice) <= max(move.dice) <= 6:
        turn = player_of(move.actif)
        cells = move.position_start
        dice: tuple[int, int] | None = move.dice
        note = comments[move.comment] if 0 <= move.comment < len(comments) else ""
        checker = checker_analysis(move_data, move)
        if checker is not None or note:
            annotation = Annotation(0, checker=checker, comment=note, source=SOURCE)
        log = cube.cube_b if cube is not None else 0
    elif cube is not None and any(cube.position):
        turn = player_of(cube.actif)
        cells = cube.position
        dice = None
        analysis = cube_analysis(cube)
        note = comments[cube.comment] if 0 <= cube.comment < len(comments) else ""
        if analysis is not None or note:
            annotation = Annotation(0, cube=analysis, comment=note, source=SOURCE)
        log = cube.cube_b
    else:
        diagnostics.append(
            Diagnostic("P423", Severity.ERROR, N_("the file holds no position"), where)
        )
        return [], []
    # PositionI and the cube pane's position are in player 1's frame.
    me, opp = unframe(cells)
    owner = None if log == 0 else player_of(1 if log > 0 else -1)
    start = SetPosition(
        (tuple(me), tuple(opp)),
        turn,
        dice,
        cube_value(log),
        -1 if owner is None else owner,
        location=where,
    )
    number = game_header.number if game_header is not None else 1
    score = game_header.score if game_header is not None else (0, 0)
    game = Game(
        number=max(number, 1),
        score=score,
        actions=(),
        start=start,
        location=where,
        annotations=(annotation,) if annotation is not None else (),
    )
    return [game], []
