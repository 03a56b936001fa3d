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

from pathlib import Path

import pytest

from gamao_cli.formats.mat.reader import read_mat
from gamao_cli.formats.sgf.reader import MechanicalBoard, read_sgf
from gamao_cli.model import Beaver, Double, Drop, Match, Move, SetPosition, Take, Win
from tests.helpers import CORPUS, CORPUS_PRESENT, corpus_path, needs_corpus

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "gnubg"

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
    """The corpus's named pairs (where present) and every gnubg-made fixture pair."""
    pairs: list[tuple[Path, Path]] = []
    if CORPUS_PRESENT:
        gibbon, charlot = CORPUS / "gitGNU-gnu_gibbon", CORPUS / "kevung-gnubgparser"
        pairs.append((gibbon / "7point.sgf", gibbon / "7point.mat"))
        stem = "charlot1-charlot2_7p_2025-11-08-2305"
        pairs.append((charlot / f"{stem}.sgf", charlot / f"{stem}.mat"))
        for txt in sorted((CORPUS / "lassehjorthmadsen-gnubg-scripts").glob("*.txt")):
            if not txt.stem.endswith("_analyzed"):  # gnubg's text export of the analysis
                pairs.append((txt.with_name(txt.stem + "_analyzed.sgf"), txt))
    fixtures = ((sgf, sgf.with_suffix(".mat")) for sgf in sorted(FIXTURES.glob("*.sgf")))
    return pairs + [(s, m) for s, m in fixtures if m.exists()]


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


@needs_corpus
def test_the_named_pairs_are_present() -> None:
    names = {s.name for s, _ in PAIRS}
    assert {"7point.sgf", "charlot1-charlot2_7p_2025-11-08-2305.sgf"} <= names
    assert len(PAIRS) >= 5


def test_gibbon_7point_game_2_plays() -> None:
    sgf = corpus_path("gitGNU-gnu_gibbon", "7point.sgf")
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
