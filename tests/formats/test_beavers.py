"""One form for a beaver whatever the record (formats/beavers.py): the ``.mat`` reader's
``Beavers => N`` (no take after it), gnubg's SGF (the taker's ``double``, then ``take``) and
XG's cube records read to the same actions, so the same session has one fingerprint and
check, stats and convert see the same thing."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from gamao_cli.analysis.fingerprint import fingerprint_match
from gamao_cli.analysis.replay import replay_match
from gamao_cli.formats.beavers import close_beavers, close_beavers_annotated
from gamao_cli.formats.inputs import read_path
from gamao_cli.formats.mat.reader import read_mat
from gamao_cli.formats.sgf.reader import read_sgf
from gamao_cli.model.actions import Beaver, Double, Drop, Move, Take, Win
from gamao_cli.model.analysis import Annotation
from gamao_cli.model.match import Match
from tests.helpers import CORPUS, FIXTURES, require_corpus

GNUBG = FIXTURES / "gnubg"
PAIRS = ["money_beaver_s1", "money_beaver_s2", "money_jacoby_beaver_s1",
         "money_jacoby_beaver_s2"]  # fmt: skip

MAT = (
    " 0 point match\n\n Game 1\n a : 0                          b : 0\n"
    "  1) 31: 8/5 6/5                 Doubles => 2\n"
    "  2)  Beavers => 4               Raccoons => 8\n"
    "  3)                             42: 8/4 6/4\n"
    "  4)  Doubles => 16              Beavers => 32\n"
    "  5)  Drops                      Wins 16 points\n"
)
SGF = (
    "(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]PW[a]PB[b]RE[B+16]\n"
    ";W[31hefe]\n;B[double]\n;W[double]\n;B[double]\n;W[take]\n"
    ";B[42qusu]\n;W[double]\n;B[double]\n;W[drop])\n"
)


def _cube(match: Match) -> list[tuple[str, int | None, int | None]]:
    return [(type(a).__name__, a.player, getattr(a, "value", None))
            for g in match.games for a in g.actions if not isinstance(a, Move)]  # fmt: skip


def test_a_mat_and_an_sgf_of_the_same_exchanges_read_alike() -> None:
    [mat] = list(read_mat(io.StringIO(MAT), "b.mat"))
    [sgf] = list(read_sgf(io.StringIO(SGF), "b.sgf"))
    expected = [
        ("Double", 1, 2), ("Beaver", 0, 4), ("Beaver", 1, 8),
        ("Take", 0, None),  # b rolls next: a took the raccoon (the .mat does not say it)
        ("Double", 0, 16), ("Beaver", 1, 32),
        ("Drop", 0, None),  # a drops the beaver: no take added
        ("Win", 1, None),
    ]  # fmt: skip
    assert _cube(mat) == expected
    assert _cube(sgf) == expected
    assert fingerprint_match(mat) == fingerprint_match(sgf)
    replays = [replay_match(m) for m in (mat, sgf)]
    assert [[(c.action, c.player, c.value) for c in r.cube_actions] for r in replays] == [[
        ("double", 1, 2), ("beaver", 0, 4), ("beaver", 1, 8), ("take", 0, 8),
        ("double", 0, 16), ("beaver", 1, 32), ("drop", 0, 8)]] * 2  # fmt: skip
    # one C307 a beaver ("the record implies beavers are allowed"), nothing else
    assert [[f.code for f in r.findings] for r in replays] == [["C307"] * 3] * 2


@pytest.mark.parametrize("name", PAIRS)
def test_gnubgs_beaver_sessions_have_one_fingerprint_from_mat_and_sgf(name: str) -> None:
    [mat] = list(read_path(GNUBG / f"{name}.mat"))
    [sgf] = list(read_path(GNUBG / f"{name}.sgf"))
    assert any(isinstance(a, Beaver) for g in mat.games for a in g.actions)
    assert _cube(mat) == _cube(sgf)
    assert fingerprint_match(mat) == fingerprint_match(sgf)
    checked = [[f.code for f in replay_match(m).findings] for m in (mat, sgf)]
    assert checked[0] == checked[1]


def test_the_take_is_added_only_where_the_game_goes_on() -> None:
    roll = Move(1, (4, 2), ())
    ends = [Double(0, 2), Beaver(1, 4), Win(1, 4)]
    assert close_beavers(ends) == ends  # not known whether it was taken
    dropped = [Double(0, 2), Beaver(1, 4), Drop(0)]
    assert close_beavers(dropped) == dropped
    taken = [Double(0, 2), Beaver(1, 4), Take(0)]
    assert close_beavers(taken) == taken
    goes_on = [Double(0, 2), Beaver(1, 4), roll]
    assert close_beavers(goes_on) == [Double(0, 2), Beaver(1, 4), Take(0), roll]


def test_annotations_follow_their_actions() -> None:
    actions = [Move(0, (3, 1), ()), Double(1, 2), Beaver(0, 4), Move(1, (4, 2), ())]
    notes = [Annotation(1, comment="double"), Annotation(2, comment="beaver"),
             Annotation(3, comment="roll"), Annotation(4, comment="after the end")]  # fmt: skip
    out, moved = close_beavers_annotated(actions, notes)
    assert [type(a).__name__ for a in out] == ["Move", "Double", "Beaver", "Take", "Move"]
    assert [(n.action, n.comment) for n in moved] == [
        (1, "double"), (2, "beaver"), (4, "roll"), (5, "after the end")]  # fmt: skip


def test_real_beaver_sessions_have_one_fingerprint_from_every_source() -> None:
    """Sessions with beavers in the shared corpus, grouped by name: every copy of one (.mat,
    .sgf, .xg, ...) has the same fingerprint."""
    require_corpus()
    groups: dict[Path, list[Match]] = {}
    for path in sorted(p for p in CORPUS.rglob("*") if p.suffix in (".mat", ".sgf", ".xg")):
        for match in read_path(path):
            if any(isinstance(a, Beaver) for g in match.games for a in g.actions):
                groups.setdefault(path.with_suffix(""), []).append(match)
    twins = {stem: found for stem, found in groups.items() if len(found) > 1}
    if not twins:
        pytest.skip("the shared corpus has no session with beavers in two formats")
    for stem, found in twins.items():
        assert len({fingerprint_match(m) for m in found}) == 1, stem
