"""Small builders shared by tests, and the one place that says where the shared real corpus
is and whether a run may use it.

The real corpus (files other programs wrote) lives beside the project, in
``../shared/corpus/real``; users' clones do not have it. Tests that read it use
:data:`CORPUS` with :data:`needs_corpus`, :func:`corpus_path` or :func:`corpus_files`, and skip
with :data:`CORPUS_ABSENT` where it is absent; every other test runs. ``GAMAO_TEST_CORPUS=none``
hides it from a run (a fresh clone's run, which ``make test``'s pure-Python pass is);
``GAMAO_TEST_CORPUS=DIR`` points at another copy.
"""

from __future__ import annotations

import importlib.util
import io
import os
import random
import re
from pathlib import Path
from types import ModuleType

import pytest

from gamao_cli.engine.notation import to_model_steps
from gamao_cli.engine.plays import legal_plays
from gamao_cli.engine.position import Position, board_from_points
from gamao_cli.engine.ruleset import STANDARD
from gamao_cli.formats.mat.writer import write_mat_game
from gamao_cli.model.actions import Board, Double, Drop, Move, Step, Win
from gamao_cli.model.location import Location
from gamao_cli.model.match import Game, Match

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures"

_SHARED_CORPUS = REPO.parent / "shared" / "corpus" / "real"
_CHOICE = os.environ.get("GAMAO_TEST_CORPUS", "").strip()
CORPUS_HIDDEN = _CHOICE.lower() == "none"
CORPUS = Path(_CHOICE) if _CHOICE and not CORPUS_HIDDEN else _SHARED_CORPUS
"""Where the shared real corpus is (when :data:`CORPUS_PRESENT`)."""
CORPUS_PRESENT = not CORPUS_HIDDEN and CORPUS.is_dir()
CORPUS_ABSENT = "shared corpus absent: ../shared/corpus/real" + (
    " (hidden: GAMAO_TEST_CORPUS=none)" if CORPUS_HIDDEN else ""
)
"""The reason every test that needs the corpus gives for skipping."""
if not CORPUS_PRESENT:
    CORPUS = REPO / "tests" / "no-shared-corpus"  # no such folder: globs find nothing

needs_corpus = pytest.mark.skipif(not CORPUS_PRESENT, reason=CORPUS_ABSENT)
"""Mark of a test (or, as ``pytestmark``, a module) that reads the shared corpus."""


def corpus_path(*parts: str) -> Path:
    """A path in the shared corpus; the calling test skips when the corpus is absent (a
    missing file of a present corpus fails the test instead)."""
    if not CORPUS_PRESENT:
        pytest.skip(CORPUS_ABSENT)
    return CORPUS.joinpath(*parts)


def require_corpus(path: Path | None = None) -> None:
    """Skip the calling test when the shared corpus is absent (when ``path`` is given: only
    if it is a corpus path; a project file never skips)."""
    if not CORPUS_PRESENT and (path is None or path.is_relative_to(CORPUS)):
        pytest.skip(CORPUS_ABSENT)


def corpus_files(pattern: str) -> list[Path]:
    """The corpus files matching ``pattern`` (a glob under the corpus), none when absent."""
    return sorted(CORPUS.glob(pattern)) if CORPUS_PRESENT else []


def corpus_params(paths: list[Path]) -> list[object]:
    """``paths`` for ``pytest.mark.parametrize``; when the corpus is absent, one case that
    skips with :data:`CORPUS_ABSENT` (rather than pytest's "got empty parameter set")."""
    if paths:
        return list(paths)
    return [pytest.param(None, id="corpus-absent", marks=needs_corpus)]


def make_archive_tool() -> ModuleType:
    """``tools/make_archive.py`` as a module (it is a script, not part of the package)."""
    return tool_module("make_archive")


def tool_module(name: str) -> ModuleType:
    """``tools/NAME.py`` as a module (the tools are scripts, not part of the package)."""
    spec = importlib.util.spec_from_file_location(name, REPO / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def project_archive(out: Path, matches: int, per_file: int, seed: int = 1) -> Path:
    """A synthetic archive made from the project's own gnubg-made fixtures (never from the
    shared corpus): ``matches`` matches, ``per_file`` to a file, under ``out``."""
    make_archive_tool().main([
        str(out), "--matches", str(matches), "--per-file", str(per_file), "--seed", str(seed),
        "--source", str(FIXTURES / "gnubg"),
    ])  # fmt: skip
    return out


def board(points: dict[int, int]) -> Board:
    return board_from_points(points)


def view(me: dict[int, int], opp: dict[int, int]) -> Position:
    """A position with player 0 on roll; ``opp`` in the opponent's own numbering."""
    return Position.from_view(board(me), board(opp), 0)


def steps(*hops: tuple[int, int]) -> list[Step]:
    return [Step(f, t) for f, t in hops]


def random_positions(seed: int, games: int) -> list[tuple[Position, tuple[int, int]]]:
    """(position, roll) pairs from random legal self-play."""
    rng = random.Random(seed)
    out: list[tuple[Position, tuple[int, int]]] = []
    for _ in range(games):
        pos = Position.start()
        while not pos.is_game_over():
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            out.append((pos, dice))
            plays = legal_plays(STANDARD, pos.mover, pos.opponent, dice)
            if plays:
                play = rng.choice(plays)
                pos = Position.from_view(play.mover, play.opponent, pos.turn).switched()
            else:
                pos = pos.switched()
    return out


def self_play(seed: int, games: int, plays: int | None = None) -> Match:
    """Random legal self-play as a money session: ``games`` games, each played out to its
    bear-off (hits, dances, the bar and bearing off all come up) and its ``Wins`` line, or
    stopped after ``plays`` plays. The opening roll is never a double."""
    rng = random.Random(seed)
    made = []
    for number in range(1, games + 1):
        pos = Position.start(turn=rng.randint(0, 1))
        actions: list[Move | Win] = []
        while not pos.is_game_over() and (plays is None or len(actions) < plays):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            while not actions and dice[0] == dice[1]:
                dice = (rng.randint(1, 6), rng.randint(1, 6))
            found = legal_plays(STANDARD, pos.mover, pos.opponent, dice)
            moved: tuple[Step, ...] = ()
            if found:
                play = rng.choice(found)
                moved = to_model_steps(play.steps)
                pos = Position.from_view(play.mover, play.opponent, pos.turn).switched()
            else:
                pos = pos.switched()
            actions.append(Move(1 - pos.turn, dice, moved, number=len(actions) + 1))
        if pos.is_game_over():
            actions.append(Win(1 - pos.turn, 1))
        made.append(Game(number, (0, 0), tuple(actions)))
    return Match(("a", "b"), 0, tuple(made), location=Location("g.mat"))


# One short legal game: a opens 31 (8/5 6/5), b doubles, a drops, b wins a point.
SHORT_GAME = (Move(0, (3, 1), (Step(8, 5), Step(6, 5))), Double(1, 2), Drop(0), Win(1, 1))


def long_session(games: int, unfinished: int = 0, misscored: int = 0) -> str:
    """``.mat`` text of a money session of ``games`` :data:`SHORT_GAME` games; game
    ``unfinished`` has no result, game ``misscored`` a score line one point off."""
    out = io.StringIO()
    out.write(" 0 point match\n\n")
    session = Match(("a", "b"), 0, ())
    won = 0
    for number in range(1, games + 1):
        actions = SHORT_GAME[:1] if number == unfinished else SHORT_GAME
        score = (0, won + 1) if number == misscored else (0, won)
        write_mat_game(Game(number, score, actions), session, out)
        won += 0 if number == unfinished else 1
    return out.getvalue()


# -- gnubg .mat fixtures renamed (ratings, head-to-head and event tests) -----------------------

_GNUBG_NAMES = re.compile(r"^ (\S.*?) : (\d+)\s+(\S.*?) : (\d+)\s*$")


def winner_side(text: str) -> int:
    """Who won a gnubg .mat, read as a person reads it: the column of its last ``Wins``."""
    last = [line for line in text.splitlines() if "Wins" in line][-1]
    return 0 if last.index("Wins") < 20 else 1


def match_length(text: str) -> int:
    found = re.search(r"(\d+) point match", text)
    assert found is not None
    return int(found.group(1))


def gnubg_match(template: str, left: str, right: str, tags: dict[str, str] | None = None) -> str:
    """The gnubg fixture ``template`` (tests/fixtures/gnubg) with the players renamed and its
    header tags replaced by ``tags``."""
    text = (FIXTURES / "gnubg" / template).read_text(encoding="utf-8")
    body = [line for line in text.splitlines() if not line.startswith("; [")]
    out = [f'; [{key} "{value}"]' for key, value in (tags or {}).items()]
    for line in body:
        m = _GNUBG_NAMES.match(line)
        out.append(f" {left} : {m.group(2)}   {right} : {m.group(4)}" if m else line)
    return "\n".join(out) + "\n"


def write_text(folder: Path, name: str, text: str) -> str:
    """``text`` written as ``folder/name``; its path as a string."""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)
