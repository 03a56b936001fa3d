"""Canonical play notation: ``bar/22 13/11*``, ``24/13``, ``6/off(2)``, ``24/18*/13``.

Single-die steps of one checker are chained (``24/18 18/13`` -> ``24/13``), with a hit on an
intermediate point written inside the chain (``24/18*/13``), like GNU Backgammon's display
form. Identical chains are grouped with a repeat count. Chains are sorted from the highest
starting point down.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from gamao_cli.model.actions import BAR, OFF, Step

StepLike = tuple[int, int, bool]


POOL = 26  # acey-deucey's checkers not yet entered (engine.ruleset.POOL)


def point_name(p: int) -> str:
    return "bar" if p == BAR else "off" if p == OFF else "in" if p == POOL else str(p)


def chains(steps: Iterable[StepLike]) -> list[list[tuple[int, bool]]]:
    """Group single-die steps into checker paths: each path is [(point, hit_on_landing)...]
    starting with (from, False)."""
    paths: list[list[tuple[int, bool]]] = []
    for frm, to, hit in steps:
        for path in paths:
            # Continue a path that ended on this point, unless it ended by hitting there and the
            # hit checker was a blot (continuing is fine: the same checker moves on).
            if path[-1][0] == frm and frm not in (OFF,):
                path.append((to, hit))
                break
        else:
            paths.append([(frm, False), (to, hit)])
    return paths


def _path_text(path: Sequence[tuple[int, bool]]) -> str:
    parts = [point_name(path[0][0])]
    for i, (p, hit) in enumerate(path[1:], start=1):
        last = i == len(path) - 1
        if hit or last:
            parts.append(point_name(p) + ("*" if hit else ""))
    return "/".join(parts)


def format_play(steps: Iterable[StepLike]) -> str:
    """Canonical text of a play given as single-die steps (empty string for no play)."""
    paths = chains(steps)
    paths.sort(key=lambda path: (-path[0][0], -path[-1][0]))
    texts = [_path_text(p) for p in paths]
    out: list[str] = []
    i = 0
    while i < len(texts):
        j = i
        while j < len(texts) and texts[j] == texts[i]:
            j += 1
        out.append(texts[i] if j - i == 1 else f"{texts[i]}({j - i})")
        i = j
    return " ".join(out)


def format_steps_plain(steps: Iterable[StepLike]) -> str:
    """gnubg's ``.mat`` form: one hop per die, numeric bar 25 and off 0, ``*`` on hits."""
    return " ".join(f"{f}/{t}{'*' if h else ''}" for f, t, h in steps)


def to_model_steps(steps: Iterable[StepLike]) -> tuple[Step, ...]:
    return tuple(Step(f, t, h) for f, t, h in steps)
