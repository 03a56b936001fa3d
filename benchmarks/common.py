"""Shared helpers for the hand-run benchmarks (never run by the test suite)."""

from __future__ import annotations

import gzip
import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from gamao_cli.analysis.replay import snapshot_at
from gamao_cli.engine.ids import decode_position_id
from gamao_cli.engine.position import Position
from gamao_cli.formats.inputs import iter_input_files, read_path
from gamao_cli.model.actions import Move, Step
from gamao_cli.model.match import Match

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus" / "real"
REFERENCE = REPO / "tests" / "fixtures" / "oracle" / "movegen.jsonl.gz"


def best_of(runs: int, fn: Callable[[], object]) -> float:
    """The fastest of ``runs`` timings of ``fn()``, in seconds."""
    best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def corpus_matches(paths: list[Path]) -> Iterator[Match]:
    for item in iter_input_files([str(p) for p in paths]):
        for match in read_path(item):
            if match.games:
                yield match


def recorded_plays(
    matches: list[Match],
) -> list[tuple[Position, tuple[int, int], tuple[Step, ...]]]:
    """(position before, dice, recorded steps) for every recorded play that has steps."""
    out: list[tuple[Position, tuple[int, int], tuple[Step, ...]]] = []
    for match in matches:
        wanted: list[tuple[int, Move]] = []
        for gi, game in enumerate(match.games):
            for action in game.actions:
                if isinstance(action, Move) and action.steps:
                    wanted.append((gi, action))
        for _, move in wanted:
            snap = snapshot_at(match, lambda g, a, m=move: a is m)
            if snap is None or snap.position is None:
                continue
            out.append((snap.position.with_turn(move.player), move.dice, move.steps))
    return out


def reference_positions(source: str = "corpus") -> list[tuple[Position, tuple[int, int]]]:
    out = []
    with gzip.open(REFERENCE, "rt", encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            if rec["source"] == source:
                out.append(
                    (decode_position_id(rec["position_id"], 0), (rec["dice"][0], rec["dice"][1]))
                )
    return out
