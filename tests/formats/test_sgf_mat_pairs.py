"""The same match as SGF and as .mat reads to the same plays, cube actions and results.

Pairs: Gibbon's ``7point.sgf``/``7point.mat`` (FIBS match), gnubg's
``charlot1-charlot2`` ``.sgf``/``.mat``, the three ``lassehjorthmadsen`` ``.txt`` exports
with the SGF gnubg wrote after importing them, and every gnubg-generated fixture pair.

What may differ by format, and is normalised here: a beaver is a ``double`` by the doubled
player in SGF but a ``Beavers`` cell in ``.mat`` (with no ``Takes`` after it in gnubg's
export); a ``Wins`` line at column 1 does not say who won; SGF resignation offers
(Gibbon) have no ``.mat`` form. Plays are compared by the position they lead to, so the
order in which a play's steps are written does not matter.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from gamao_cli.formats.sgf_reader import MechanicalBoard, read_sgf
from gamao_cli.model import Beaver, Double, Drop, Match, Move, SetPosition, Take, Win

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / ".." / "shared" / "corpus" / "real"
FIXTURES = ROOT / "tests" / "fixtures" / "gnubg"

if importlib.util.find_spec("gamao_cli.formats.mat_reader") is None:
    pytest.skip("gamao_cli.formats.mat_reader not written yet", allow_module_level=True)

from gamao_cli.formats.mat_reader import read_mat  # noqa: E402

Event = tuple[object, ...]


def events(match: Match) -> list[tuple[int, tuple[int, int] | None, list[Event]]]:
    """Per game: number, score and the normalised events."""
    out = []
    for game in match.games:
        board = MechanicalBoard(match.rules.variant)
        if game.start is not None:
            board.set(game.start.boards)
        seq: list[Event] = []
        offer: tuple[int, int] | None = None  # (player, value) of an unanswered double
        beavered = False
        for action in game.actions:
            if isinstance(action, Move):
                offer, beavered = None, False  # a roll: the last cube offer was accepted
                board.play(action.player, action.steps)
                position = (tuple(board.boards[0]), tuple(board.boards[1]))
                seq.append(("move", action.player, action.dice, position))
            elif isinstance(action, Double | Beaver):
                is_beaver = isinstance(action, Beaver) or (
                    offer is not None and offer[0] != action.player
                )
                seq.append(("beaver" if is_beaver else "double", action.player, action.value))
                offer, beavered = (action.player, action.value), is_beaver
            elif isinstance(action, Take):
                if not beavered:
                    seq.append(("take", action.player))
                offer, beavered = None, False
            elif isinstance(action, Drop):
                seq.append(("drop", action.player))
                offer, beavered = None, False
            elif isinstance(action, SetPosition):
                board.set(action.boards)
                seq.append(("set", action.boards))
            elif isinstance(action, Win):
                seq.append(("win", action.points))
        out.append((game.number, game.score, seq))
    return out


def winners(match: Match) -> list[int | None]:
    return [next((a.player for a in g.actions if isinstance(a, Win)), None) for g in match.games]


def _pairs() -> list[tuple[Path, Path]]:
    pairs = [
        (CORPUS / "gitGNU-gnu_gibbon" / "7point.sgf", CORPUS / "gitGNU-gnu_gibbon" / "7point.mat"),
        (
            CORPUS / "kevung-gnubgparser" / "charlot1-charlot2_7p_2025-11-08-2305.sgf",
            CORPUS / "kevung-gnubgparser" / "charlot1-charlot2_7p_2025-11-08-2305.mat",
        ),
    ]
    for txt in sorted((CORPUS / "lassehjorthmadsen-gnubg-scripts").glob("*.txt")):
        pairs.append((txt.with_name(txt.stem + "_analyzed.sgf"), txt))
    pairs.extend((sgf, sgf.with_suffix(".mat")) for sgf in sorted(FIXTURES.glob("*.sgf")))
    return [(s, m) for s, m in pairs if s.exists() and m.exists()]


PAIRS = _pairs()


@pytest.mark.parametrize(("sgf", "mat"), PAIRS, ids=[p[0].name for p in PAIRS])
def test_same_match_in_both_formats(sgf: Path, mat: Path) -> None:
    [from_sgf] = read_sgf(sgf.open(encoding="utf-8"), sgf.name)
    [from_mat] = read_mat(mat.open(encoding="utf-8"), mat.name)
    assert from_sgf.players == from_mat.players
    assert from_sgf.length == from_mat.length
    assert events(from_sgf) == events(from_mat)
    for got, recorded in zip(winners(from_sgf), winners(from_mat), strict=True):
        assert recorded in (got, None)


def test_the_named_pairs_are_present() -> None:
    names = {s.name for s, _ in PAIRS}
    if not (CORPUS / "gitGNU-gnu_gibbon").exists():
        pytest.skip(f"corpus not found at {CORPUS}")
    assert {"7point.sgf", "charlot1-charlot2_7p_2025-11-08-2305.sgf"} <= names
    assert len(PAIRS) >= 5


def test_gibbon_7point_game_2_plays() -> None:
    if not PAIRS or PAIRS[0][0].name != "7point.sgf":
        pytest.skip("7point pair not found")
    sgf, _ = PAIRS[0]
    [match] = read_sgf(sgf.open(encoding="utf-8"), sgf.name)
    plays = [
        (a.player, a.dice, " ".join(str(s) for s in a.steps))
        for a in match.games[1].actions[:6]
        if isinstance(a, Move)
    ]
    # 7point.mat game 2, rows 1-3: "26: 24/18 13/11  42: 8/4 6/4", "14: 11/7 8/7  65: 13/7 6/1",
    # "21: 25/24 25/23  25: 25/20 13/11".
    assert plays == [
        (0, (2, 6), "24/18 13/11"),
        (1, (4, 2), "8/4 6/4"),
        (0, (1, 4), "11/7 8/7"),
        (1, (6, 5), "13/7 6/1"),
        (0, (2, 1), "bar/24 bar/23"),
        (1, (2, 5), "bar/20 13/11"),
    ]
