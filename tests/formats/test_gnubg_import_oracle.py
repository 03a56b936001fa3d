"""GNU Backgammon as an oracle for the ``.mat`` writer: gnubg must read our files as we do.

Each source below (real files of several dialects, gnubg's own exports) is read by gamao,
made canonical (:func:`gamao_cli.analysis.canonical.canonical_match`) and written with
:func:`gamao_cli.formats.mat.writer.write_mat`. Then:

* ``test_gnubg_reads_written_files_as_gamao_does`` (marker ``oracle``, needs
  ``/usr/games/gnubg``) imports the original and the written file into gnubg
  (``tools/oracle/gnubg_import_check.py``) and checks that gnubg gets the same match from
  both (a faithful conversion), and the same as gamao's replay of the written file: per game
  the score before it, the winner, the points, whether it ended by resignation, whether it
  is the Crawford game, and every roll (player, dice, Position ID before the roll).
* ``test_written_files_replay_as_gnubg_imported_them`` (no gnubg needed) compares gamao's
  replay of the written files with gnubg's view committed in
  ``tests/fixtures/oracle/gnubg_import.json``. To regenerate that file (tools/oracle/README.md):

      GAMAO_UPDATE_FIXTURE=1 .venv/bin/pytest -m oracle tests/formats/test_gnubg_import_oracle.py

gamao's side of the comparison: the scores, winners, points, endings and Crawford flags of
:func:`gamao_cli.analysis.replay.replay_match`, and positions from replaying each recorded
play with the engine (:func:`gamao_cli.engine.plays.judge` applied as recorded, as
gnubg's importer does), the game's set-up positions (``Illegal play`` cells) included.
Dice are compared high die first: gnubg stores some dialects' dice in the written order.
Where gnubg 1.07 knowingly differs, the comparison follows gnubg: rolls it does not keep are
left out of gamao's side (:func:`_rolls`), and the rolls of a game that follows a dropped
beaver, which gnubg fails to import, are not compared (:func:`after_dropped_beaver`).
"""

from __future__ import annotations

import io
import itertools
import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from mat_helpers import GNUBG_FIXTURES
from mat_helpers import read_path as read_mat_file

from gamao_cli.analysis.canonical import canonical_match
from gamao_cli.analysis.replay import replay_match
from gamao_cli.engine.ids import position_id
from gamao_cli.engine.plays import judge
from gamao_cli.engine.position import Position
from gamao_cli.engine.ruleset import STANDARD
from gamao_cli.formats.mat.reader import read_mat
from gamao_cli.formats.mat.writer import write_mat
from gamao_cli.model import (
    Beaver,
    Double,
    Drop,
    Game,
    Match,
    Move,
    MoveMark,
    SetPosition,
    Take,
    Win,
)
from tests.helpers import CORPUS, CORPUS_ABSENT, CORPUS_PRESENT

REPO = Path(__file__).resolve().parents[2]
GNUBG = Path("/usr/games/gnubg")
SCRIPT = REPO / "tools" / "oracle" / "gnubg_import_check.py"
FIXTURE = REPO / "tests" / "fixtures" / "oracle" / "gnubg_import.json"

SOURCES: dict[str, Path] = {
    "xg-desktop": CORPUS / "kevung-lazyBG" / "match1.txt",
    "xg-desktop-2": CORPUS / "kevung-lazyBG" / "match2.txt",
    "backgammon-studio": CORPUS / "kevung-lazyBG" / "match3.txt",
    "backgammon-galaxy": CORPUS / "lassehjorthmadsen-gnubg-scripts" / "match1484923.txt",
    "gridgammon": CORPUS / "bgnori-bglib" / "BlueNote-nori-2009Apr071735.txt",
    "dailygammon": CORPUS / "bgnori-bglib" / "1864694.txt",
    "xg-family-cuotos": CORPUS / "cuotos-matfile_go" / "fullmatch1.mat",
    "gnubg-7-point": GNUBG_FIXTURES / "m07_s2.mat",
    "gnubg-resignations": GNUBG_FIXTURES / "resign_m05_s4.mat",
    "gnubg-nackgammon": GNUBG_FIXTURES / "nack_m05_s1.mat",
    "gnubg-money-beavers": GNUBG_FIXTURES / "money_beaver_s2.mat",
}
"""Label -> original file. Real corpus files are in shared/corpus/real (see SOURCES.md)."""

View = dict[str, Any]


def written_text(source: Path) -> str:
    """The canonical ``.mat`` text gamao writes for ``source`` (one match)."""
    (match,) = read_mat_file(source)
    out = io.StringIO()
    write_mat(canonical_match(match), out)
    return out.getvalue()


def _resigning_roll(game: Game) -> Move | None:
    """The game's last roll when nothing is played with it and only the result follows:
    gnubg's importer reads that as a resignation and keeps no roll (gnubg-behaviour.md)."""
    actions = game.actions
    if not actions or not isinstance(actions[-1], Win):
        return None
    for action in reversed(actions[:-1]):
        if isinstance(action, Move):
            return action if action.mark is MoveMark.EMPTY else None
        if not isinstance(action, Win):
            return None
    return None


def _rolls(match: Match) -> list[list[list[Any]]]:
    """Per game, ``[player, dice high first, Position ID before the roll]`` for every roll,
    replaying each play as recorded; a game stops being followed where a play cannot be
    applied at all. Rolls gnubg does not keep are left out: ``????`` (XG's resignation after
    a roll) and an empty roll right before the result (:func:`_resigning_roll`)."""
    out = []
    for game in match.games:
        pos: Position | None = Position.start(match.rules.variant)
        if game.start is not None:
            pos = Position(game.start.boards, game.start.turn)
        resigning = _resigning_roll(game)
        rolls: list[list[Any]] = []
        for action in game.actions:
            if action is resigning:
                continue
            if isinstance(action, SetPosition):
                pos = Position(action.boards, action.turn)
            elif isinstance(action, Move) and pos is not None:
                if action.mark in (MoveMark.UNPARSED, MoveMark.UNKNOWN):
                    continue
                high, low = sorted(action.dice, reverse=True)
                pos = pos.with_turn(action.player)
                rolls.append([action.player, f"{high}{low}", position_id(pos)])
                if action.steps:
                    verdict = judge(STANDARD, pos.mover, pos.opponent, action.dice, action.steps)
                    if verdict.mover is None or verdict.opponent is None:
                        pos = None
                    else:
                        pos = Position.from_view(verdict.mover, verdict.opponent, action.player)
        out.append(rolls)
    return out


def gamao_view(text: str, name: str) -> View:
    """What gamao makes of a written file, in the shape gnubg_import_check.py writes."""
    (match,) = list(read_mat(io.StringIO(text), name))
    replay = replay_match(match)
    games = []
    for record, rolls in zip(replay.games, _rolls(match), strict=True):
        games.append(
            {
                "game": record.number,
                "score_before": list(record.score),
                "winner": record.winner,
                "points": record.points,
                "resigned": record.ending == "resignation",
                "crawford": record.crawford,
                "plays": rolls,
            }
        )
    return {
        "match_length": match.length,
        "players": list(match.players),
        "variation": match.rules.variant.value.capitalize(),
        "games": games,
    }


def _sorted_dice(view: View) -> View:
    """``view`` with each roll's dice high die first."""
    if "games" not in view:
        return view
    games = [
        {**g, "plays": [[p, "".join(sorted(d, reverse=True)), b] for p, d, b in g["plays"]]}
        for g in view["games"]
    ]
    return {**view, "games": games}


def after_dropped_beaver(text: str) -> set[int]:
    """Numbers of the games that follow a game ended by dropping a beaver. gnubg 1.07's
    importer (the original gnubg export as much as ours) keeps no roll of such a game:
    "No game in progress", then "Invalid move" warnings. Their rolls are not compared."""
    (match,) = list(read_mat(io.StringIO(text), "x.mat"))
    blind = set()
    for game, following in itertools.pairwise(match.games):
        cube = [a for a in game.actions if isinstance(a, Double | Beaver | Take | Drop)]
        if len(cube) >= 2 and isinstance(cube[-1], Drop) and isinstance(cube[-2], Beaver):
            blind.add(following.number)
    return blind


def differences(
    expected: View, actual: View, blind: set[int] | frozenset[int] = frozenset()
) -> list[str]:
    """Readable differences between two views (empty when they agree). The rolls of the
    games in ``blind`` are not compared, but ``expected`` (gnubg) must have none."""
    if "error" in expected or "error" in actual:
        return [] if expected == actual else [f"{expected.get('error')} / {actual.get('error')}"]
    out = [
        f"{key}: {expected[key]!r} != {actual[key]!r}"
        for key in ("match_length", "players", "variation")
        if expected[key] != actual[key]
    ]
    if len(expected["games"]) != len(actual["games"]):
        out.append(f"{len(expected['games'])} games != {len(actual['games'])}")
    for a, b in zip(expected["games"], actual["games"], strict=False):
        head = f"game {a['game']}"
        for key in ("score_before", "winner", "points", "resigned", "crawford"):
            if a[key] != b[key]:
                out.append(f"{head} {key}: {a[key]!r} != {b[key]!r}")
        plays_a, plays_b = a["plays"], b["plays"]
        if a["game"] in blind:
            if plays_a:
                out.append(f"{head}: gnubg kept {len(plays_a)} rolls after a dropped beaver")
            continue
        for i, (x, y) in enumerate(zip(plays_a, plays_b, strict=False)):
            if x != y:
                out.append(f"{head} roll {i + 1}: {x} != {y}")
                break
        if len(plays_a) != len(plays_b):
            out.append(f"{head}: {len(plays_a)} rolls != {len(plays_b)}")
    return out


def _in_corpus(path: Path) -> bool:
    return path.is_relative_to(CORPUS)


def _available(labels: dict[str, Path]) -> dict[str, Path]:
    """The sources a run has: the project's own always, the shared corpus's where present."""
    return {label: p for label, p in labels.items() if CORPUS_PRESENT or not _in_corpus(p)}


# ------------------------------------------------------------------ without gnubg (CI)
def _fixture() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("label", sorted(SOURCES))
def test_written_files_replay_as_gnubg_imported_them(label: str) -> None:
    source = SOURCES[label]
    if _in_corpus(source) and not CORPUS_PRESENT:
        pytest.skip(CORPUS_ABSENT)
    expected = _fixture()["files"][label]
    assert expected["source"] == _source_name(source)
    text = written_text(source)
    view = gamao_view(text, f"{label}.mat")
    assert differences(expected["gnubg"], view, after_dropped_beaver(text)) == []


def test_fixture_covers_every_source() -> None:
    fixture = _fixture()
    assert sorted(fixture["files"]) == sorted(SOURCES)
    games = sum(len(f["gnubg"]["games"]) for f in fixture["files"].values())
    rolls = sum(len(g["plays"]) for f in fixture["files"].values() for g in f["gnubg"]["games"])
    assert (len(fixture["files"]), games, rolls) == (11, 87, 3322)


def _source_name(path: Path) -> str:
    for root, prefix in ((CORPUS, "corpus/real/"), (GNUBG_FIXTURES, "tests/fixtures/gnubg/")):
        if path.is_relative_to(root):
            return prefix + path.relative_to(root).as_posix()
    return path.name


# ------------------------------------------------------------------ live gnubg
def run_gnubg(files: dict[str, Path], workdir: Path) -> dict[str, View]:
    """gnubg's view of each file (labels as given), one gnubg run per file: within one run
    an import can spoil the next (after a game that ends with a dropped beaver, gnubg 1.07
    starts the next imported game wrongly, even after ``new session``)."""
    views: dict[str, View] = {}
    for i, (label, path) in enumerate(files.items()):
        listing = workdir / f"import-list-{i}.json"
        result = workdir / f"gnubg-import-{i}.json"
        listing.write_text(json.dumps([{"label": label, "path": str(path)}]), encoding="utf-8")
        env = {**os.environ, "GAMAO_IMPORT_LIST": str(listing), "GAMAO_IMPORT_OUT": str(result)}
        subprocess.run(
            [str(GNUBG), "-t", "-q", "-r", "-p", str(SCRIPT)],
            env=env,
            cwd=workdir,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            check=True,
            timeout=60,
        )
        views.update(json.loads(result.read_text(encoding="utf-8")))
    return views


@pytest.mark.oracle
def test_gnubg_reads_written_files_as_gamao_does(tmp_path: Path) -> None:
    if not GNUBG.exists():
        pytest.skip(f"GNU Backgammon is not installed at {GNUBG} (apt-get install gnubg)")
    sources = _available(SOURCES)
    if len(sources) < len(SOURCES) and os.environ.get("GAMAO_UPDATE_FIXTURE"):
        pytest.fail(f"the fixture needs every source; {CORPUS_ABSENT}")
    texts = {label: written_text(path) for label, path in sources.items()}
    files: dict[str, Path] = {}
    for label, path in sources.items():
        written = tmp_path / f"{label}.mat"
        written.write_text(texts[label], encoding="utf-8")
        files[f"original:{label}"] = path
        files[f"written:{label}"] = written
    views = run_gnubg(files, tmp_path)
    problems = {}
    for label in sources:
        original = _sorted_dice(views[f"original:{label}"])
        gnubg_written = _sorted_dice(views[f"written:{label}"])
        found = [f"conversion: {d}" for d in differences(original, gnubg_written)]
        blind = after_dropped_beaver(texts[label])
        found += differences(gnubg_written, gamao_view(texts[label], f"{label}.mat"), blind)
        if found:
            problems[label] = found
    assert problems == {}
    if os.environ.get("GAMAO_UPDATE_FIXTURE"):
        _write_fixture(
            {
                label: {
                    "source": _source_name(path),
                    "gnubg": _sorted_dice(views[f"written:{label}"]),
                }
                for label, path in sources.items()
            }
        )
    expected = _fixture()["files"]
    stale = [
        label
        for label in sources
        if expected.get(label, {}).get("gnubg") != _sorted_dice(views[f"written:{label}"])
    ]
    assert stale == [], "gnubg_import.json is stale: regenerate it (tools/oracle/README.md)"


def _write_fixture(files: dict[str, Any]) -> None:
    """One game per line, so that diffs of the fixture stay readable."""
    lines = [
        "{",
        ' "about": "gnubg\'s import of the .mat files gamao writes; made by '
        'tests/formats/test_gnubg_import_oracle.py (tools/oracle/README.md)",',
        ' "files": {',
    ]
    labels = sorted(files)
    for i, label in enumerate(labels):
        entry = files[label]
        view = entry["gnubg"]
        head = {k: v for k, v in view.items() if k != "games"}
        lines.append(f"  {json.dumps(label)}: {{")
        lines.append(f'   "source": {json.dumps(entry["source"])},')
        lines.append(f'   "gnubg": {json.dumps(head, ensure_ascii=False)[:-1]}, "games": [')
        games = view.get("games", [])
        for j, game in enumerate(games):
            comma = "," if j < len(games) - 1 else ""
            lines.append(f"    {json.dumps(game, ensure_ascii=False)}{comma}")
        lines.append("   ]}")
        lines.append("  }" + ("," if i < len(labels) - 1 else ""))
    lines += [" }", "}"]
    FIXTURE.write_text("\n".join(lines) + "\n", encoding="utf-8")
