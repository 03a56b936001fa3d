"""The gnubg fixture matches rewritten in eXtreme Gammon desktop's dialect read and verify
cleanly: combined moves (``24/13``, ``13/7(2)``), ``Bar/`` and ``/Off``, ``Cannot Move``, player
2 in the left column, a BOM and CRLF line ends, 39-column cells, ``Wins N point`` (singular).
"""

from __future__ import annotations

import glob
import io

import pytest

from gamao_cli.analysis.canonical import canonical_match
from gamao_cli.analysis.replay import replay_match
from gamao_cli.engine.notation import format_play
from gamao_cli.formats.inputs import iter_input_files, read_path
from gamao_cli.formats.mat.reader import read_mat
from gamao_cli.model.actions import Action, Beaver, Double, Drop, Move, Take, Win
from gamao_cli.model.match import Match


def xg_cell(a: Action) -> str:
    if isinstance(a, Move):
        if not a.steps:
            return f"{a.dice[0]}{a.dice[1]}: Cannot Move"
        text = format_play([(s.from_point, s.to_point, s.hit) for s in a.steps])
        return f"{a.dice[0]}{a.dice[1]}: " + text.replace("bar/", "Bar/").replace("/off", "/Off")
    if isinstance(a, Double):
        return f" Doubles => {a.value}"
    if isinstance(a, Beaver):
        return f" Beavers => {a.value}"
    return {Take: " Takes", Drop: " Drops"}.get(type(a), "")


def write_xg(m: Match, swap: bool) -> str:
    left, right = (1, 0) if swap else (0, 1)
    out = ['\ufeff; [Site "XG"]', '; [Crawford "On"]', "", f"{m.length} point match", ""]
    for g in m.games:
        assert g.score is not None
        out.append(f" Game {g.number}")
        out.append(
            f" {m.players[left]} : {g.score[left]}".ljust(39)
            + f"{m.players[right]} : {g.score[right]}"
        )
        rows: list[list[str]] = []
        cur = ["", ""]
        for a in g.actions:
            if isinstance(a, Win):
                continue
            side = 0 if getattr(a, "player", None) == left else 1
            if (side == 0 and (cur[0] or cur[1])) or (side == 1 and cur[1]):
                rows.append(cur)
                cur = ["", ""]
            cur[side] = xg_cell(a)
        if cur[0] or cur[1]:
            rows.append(cur)
        for i, (lcell, rcell) in enumerate(rows, 1):
            out.append(f"{i:3d}) {lcell:<35}{rcell}")
        for a in g.actions:
            if isinstance(a, Win):
                pad = 6 if a.player == left else 39
                out.append(" " * pad + f"Wins {a.points} point")
        out += ["", ""]
    return "\r\n".join(out) + "\r\n"


FILES = sorted(glob.glob("tests/fixtures/gnubg/m0[5-9]*.mat")) + sorted(
    glob.glob("tests/fixtures/gnubg/money*.mat")
)


@pytest.mark.parametrize("swap", [False, True], ids=["player1-left", "player2-left"])
@pytest.mark.parametrize("path", FILES)
def test_xg_dialect_reads_and_verifies_cleanly(path: str, swap: bool) -> None:
    item = next(iter(iter_input_files([path])))
    original = next(read_path(item))
    text = write_xg(canonical_match(original), swap)
    [again] = list(read_mat(io.StringIO(text), "xg.mat"))
    replay = replay_match(again)
    assert [f for f in replay.findings if f.severity.value != "info"] == []
    names = [again.players[g.winner] if g.winner is not None else None for g in replay.games]
    expected = [
        original.players[g.winner] if g.winner is not None else None
        for g in replay_match(original).games
    ]
    assert names == expected
    assert [g.points for g in replay.games] == [g.points for g in replay_match(original).games]
