"""split then merge is the identity on the model (in memory and through files)."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from gamao_cli.analysis.splitting import games_as_matches, group_keys, join_games
from gamao_cli.cli.app import app
from gamao_cli.formats.inputs import read_path
from gamao_cli.model.location import NOWHERE, Location
from gamao_cli.model.match import Match
from tests.helpers import REPO, self_play

runner = CliRunner()


def strip(value: object) -> object:
    """``value`` with every source location and reader diagnostic taken out, recursively."""
    if isinstance(value, Location):
        return NOWHERE
    if isinstance(value, tuple):
        return tuple(strip(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for f in dataclasses.fields(value):
            if f.name == "diagnostics":
                changes[f.name] = ()
            elif f.name == "score_location":
                changes[f.name] = None
            else:
                changes[f.name] = strip(getattr(value, f.name))
        return dataclasses.replace(value, **changes)
    return value


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 5), st.integers(0, 10_000))
def test_games_split_and_joined_give_the_match_back(seed: int, games: int, mix: int) -> None:
    match = self_play(seed, games, plays=40)
    other = dataclasses.replace(self_play(seed + 1, 2, plays=40), players=("c", "d"))
    pieces = games_as_matches(match) + games_as_matches(other)
    assert [len(p.games) for p in pieces] == [1] * (games + 2)
    # Pieces of the two matches interleaved, each match's own in order.
    rng = random.Random(mix)
    left, right = games_as_matches(match), games_as_matches(other)
    mixed = []
    while left or right:
        source = left if left and (not right or rng.random() < 0.5) else right
        mixed.append(source.pop(0))
    assert list(join_games(mixed)) in ([match, other], [other, match])
    assert list(join_games([match])) == [match]


def test_group_keys() -> None:
    m = Match(("Nori", "Kenji Ito"), 7, (), tags=(("EventDate", "2009.01.17"), ("Event", "A/B")))
    assert group_keys(m, "player") == ["Kenji_Ito", "Nori"]
    assert group_keys(m, "date") == ["2009-01-17"]
    assert group_keys(m, "event") == ["A_B"]
    assert group_keys(Match(("a", "b"), 1, ()), "event") == ["no-event"]


def test_split_by_game_then_merge_through_files(tmp_path: Path) -> None:
    examples = REPO / "examples"
    originals = {
        p.name: [m for m in read_path(p) if m.games]
        for p in sorted(examples.iterdir())
        if p.suffix in (".mat", ".sgf")
    }
    pieces = tmp_path / "pieces"
    split = runner.invoke(app, ["split", str(examples), "-o", str(pieces), "--by", "game"])
    assert split.exit_code == 0
    # .mat pieces merged into .mat, and into JSON Lines (and that back into .mat).
    for ext, target in (("mat", "all.mat"), ("mat", "all.jsonl")):
        out = tmp_path / target
        sources = sorted(pieces.glob(f"*.{ext}"))
        result = runner.invoke(app, ["merge", *map(str, sources), "-o", str(out)])
        assert result.exit_code == 0, result.stderr
        merged = [m for m in read_path(out) if m.games]
        expected = [m for name, ms in originals.items() if name.endswith(ext) for m in ms]
        assert [strip(m) for m in merged] == [strip(m) for m in expected]
    assert len(list(pieces.glob("*.sgf"))) == 11  # gnubg_7pt.sgf, one file a game


def test_split_per_file_and_by_player(tmp_path: Path) -> None:
    examples = str(REPO / "examples")
    parts = tmp_path / "parts"
    result = runner.invoke(app, ["split", examples, "-o", str(parts), "--per-file", "3"])
    assert result.exit_code == 0
    assert sorted(p.name for p in parts.iterdir()) == ["part-0001.jsonl", "part-0002.jsonl"]
    players = tmp_path / "players"
    result = runner.invoke(app, ["split", examples, "-o", str(players), "--by", "player"])
    assert result.exit_code == 0
    assert sorted(p.name for p in players.iterdir()) == [
        "Kasper.jsonl", "Lena_Ruiz.jsonl", "Mochizuki.jsonl", "O_player.jsonl", "Tabata.jsonl",
        "X_player.jsonl",
    ]  # fmt: skip
    kasper = [m for m in read_path(players / "Kasper.jsonl") if m.games]
    assert [m.players for m in kasper] == [("Kasper", "Lena Ruiz"), ("Kasper", "Lena Ruiz")]
    again = runner.invoke(app, ["split", examples, "-o", str(players), "--by", "player"])
    assert again.exit_code == 1 and "exists, not overwritten" in again.stderr
