"""BGBlitz ``.bgf`` test files built from the object model of research/formats-wave2.md 10.3.

No real ``.bgf`` is available, so the games are played here: random legal self-play with the
engine, written the way BGBlitz writes them (``player`` -1 green, ``from``/``to`` in the
mover's numbering, dice in ``red``/``green``, a dance with ``dancingEquity`` and its dice in
``from[0]``/``to[0]``, a double as the doubler's entry with ``hasDoubled`` followed by the
responder's entry, analysis in ``equity``/``moveAnalysis``/``pr``/``luck``).
"""

from __future__ import annotations

import gzip
import json
import random
import zlib
from dataclasses import dataclass, field
from typing import Any

from smile_encoder import encode

from gamao_cli.engine.plays import legal_plays
from gamao_cli.engine.position import Position
from gamao_cli.engine.ruleset import STANDARD
from gamao_cli.model.actions import BAR, OFF

GREEN, RED = -1, 1  # BGBlitz's ``player`` values (W4's reading)

# Cube equities of every analysed entry: MWC = 0.5 + 0.25 * EMG, the position at EMG 0.2.
CALIBRATION = {"emg": 0.2, "matchEquity": 0.55, "hasEMG": True}
NO_DOUBLE_MWC, DOUBLE_TAKE_MWC, DOUBLE_PASS_MWC = 0.6, 0.65, 0.75  # EMG 0.4, 0.6, 1.0


def cube_decision(state: str, **extra: Any) -> dict[str, Any]:
    return {
        "eqNoDouble": NO_DOUBLE_MWC,
        "eqDoubleTake": DOUBLE_TAKE_MWC,
        "eqDoublePass": DOUBLE_PASS_MWC,
        "eqCubeFul": 0.55,
        "eqCubeLess": 0.55,
        "stateOnMove": state,
        "stateOther": "ACCEPT",
        "close": False,
        **extra,
    }


def _equity(state: str = "NO_DOUBLE", **extra: Any) -> dict[str, Any]:
    return {
        **CALIBRATION,
        "myWins": 0.6,
        "oppWins": 0.4,
        "myGammon": 0.15,
        "oppGammon": 0.1,
        "myBackGammon": 0.01,
        "oppBackGammon": 0.005,
        "cubeDecision": cube_decision(state, **extra),
    }


def _slots(pairs: list[tuple[int, int]]) -> tuple[list[int], list[int]]:
    froms = [f for f, _ in pairs] + [-1] * (4 - len(pairs))
    tos = [t for _, t in pairs] + [-1] * (4 - len(pairs))
    return froms, tos


def _pairs(steps: tuple[tuple[int, int, bool], ...]) -> list[tuple[int, int]]:
    """Single-die steps as BGBlitz writes them: one (from, to) per die, off as 0."""
    return [(f, OFF if t <= 0 else t) for f, t, _ in steps]


def result_level(winner_board: tuple[int, ...], loser_board: tuple[int, ...]) -> int:
    if loser_board[OFF] > 0:
        return 1
    if loser_board[BAR] or any(loser_board[p] for p in range(19, 25)):
        return 3
    return 2


@dataclass
class PlayedGame:
    entries: list[dict[str, Any]] = field(default_factory=list)
    winner: int | None = None  # 0 green, 1 red
    level: int = 1
    cube: int = 1
    dances: int = 0


def play(
    seed: int,
    analyse: bool = False,
    double_at: int | None = None,
    drop: bool = False,
    stop_after: int | None = None,
    sign: tuple[int, int] = (GREEN, RED),
) -> PlayedGame:
    """A game of random legal play, green (player 0) first.

    ``double_at``: before that checker entry (0-based), the player on roll doubles; the
    other takes (or drops: the game ends). ``stop_after``: the game stops after that many
    checker entries (a resignation follows). ``sign`` is the ``player`` value of green, red.
    """
    rng = random.Random(seed)
    pos = Position.start(turn=0)
    out = PlayedGame()
    plies = 0
    while not pos.is_game_over():
        if stop_after is not None and plies >= stop_after:
            return out
        mover = pos.turn
        if double_at is not None and plies == double_at:
            out.entries.append(
                {
                    "player": sign[mover],
                    "from": [-1, -1, -1, -1],
                    "to": [-1, -1, -1, -1],
                    "equity": _equity("DOUBLE", hasDoubled=True, hasAccepted=not drop),
                    "pr": {"checkerError": -99.0, "cubeError": -0.0},
                    "ply": 2,
                }
            )
            out.entries.append(
                {
                    "player": sign[1 - mover],
                    "from": [-1, -1, -1, -1],
                    "to": [-1, -1, -1, -1],
                    "pr": {"checkerError": -99.0, "cubeError": -0.02},
                }
            )
            if drop:
                out.winner, out.level = mover, 1
                return out
            out.cube *= 2
        while True:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            if plies > 0 or dice[0] != dice[1]:
                break
        plays = legal_plays(STANDARD, pos.mover, pos.opponent, dice)
        entry: dict[str, Any] = {"player": sign[mover], "ply": 2}
        if not plays:
            entry["from"], entry["to"] = [dice[0], -1, -1, -1], [dice[1], -1, -1, -1]
            entry["dancingEquity"] = {**CALIBRATION, "myWins": 0.3}
            out.dances += 1
            pos = pos.switched()
        else:
            chosen = rng.choice(plays)
            entry["red"], entry["green"] = dice
            entry["from"], entry["to"] = _slots(_pairs(chosen.steps))
            if analyse:
                others = [p for p in plays if p.key != chosen.key][:1]
                options = [
                    {
                        "move": dict(zip(("from", "to"), _slots(_pairs(p.steps)), strict=True)),
                        "eq": {**CALIBRATION, "emg": 0.25},
                        "ply": 2,
                        "played": False,
                    }
                    for p in others
                ]
                options.append(
                    {
                        "move": {"from": entry["from"], "to": entry["to"]},
                        "eq": {**CALIBRATION, "emg": 0.2},
                        "ply": 2,
                        "played": True,
                    }
                )
                entry["moveAnalysis"] = options
                entry["pr"] = {"checkerError": -0.05 if others else -99.0, "cubeError": -99.0}
            pos = Position.from_view(chosen.mover, chosen.opponent, mover).switched()
        if analyse:
            entry["equity"] = _equity()
            entry["luck"] = {"luckPlain": 0.01, "luckWeighted": 0.04, "mode": "Match"}
        out.entries.append(entry)
        plies += 1
    winner = 1 - pos.turn  # the player who just moved bore off the last checker
    out.winner = winner
    out.level = result_level(pos.boards[winner], pos.boards[1 - winner])
    return out


def first_seed(condition: Any, start: int = 0, **options: Any) -> tuple[int, PlayedGame]:
    for seed in range(start, start + 500):
        game = play(seed, **options)
        if condition(game):
            return seed, game
    raise AssertionError("no seed found")


def game_object(
    played: PlayedGame, score: tuple[int, int], points: int, resigned: bool = False
) -> dict[str, Any]:
    return {
        "scoreGreen": score[0],
        "scoreRed": score[1],
        "isCrawford": False,
        "initial": {
            "points": [
                2,
                0,
                0,
                0,
                0,
                -5,
                0,
                -3,
                0,
                0,
                0,
                5,
                -5,
                0,
                0,
                0,
                3,
                0,
                5,
                0,
                0,
                0,
                0,
                -2,
                0,
                0,
            ],
            "cube": 1,
            "cubeOwner": 0,
        },
        "moves": [*played.entries, {"player": 1, "from": [-1, -1, -1, -1]}],
        "wonPoints": points,
        "wasResignation": resigned,
        "wasForfeit": False,
    }


@dataclass
class ShortMatch:
    """A 3-point match: a resignation, a drop, then a game with a take and a dance."""

    data: dict[str, Any]
    games: list[PlayedGame]
    scores: list[tuple[int, int]]
    points: list[int]
    winners: list[int]


def short_match(sign: tuple[int, int] = (GREEN, RED)) -> ShortMatch:
    g1 = play(1, stop_after=6, sign=sign)  # red resigns a single game: green 1-0
    g2 = play(2, double_at=3, drop=True, sign=sign)  # red doubles at 1-0, green drops: 1-1
    assert g2.winner == 1
    _, g3 = first_seed(lambda g: g.dances > 0, start=10, analyse=True, double_at=4, sign=sign)
    assert g3.winner is not None
    points3 = g3.level * g3.cube
    scores = [(0, 0), (1, 0), (1, 1)]
    games = [
        game_object(g1, scores[0], 1, resigned=True),
        game_object(g2, scores[1], 1),
        game_object(g3, scores[2], points3),
    ]
    final = [1, 1]
    final[g3.winner] += points3
    data = {
        "matchlen": 3,
        "nameGreen": "Grün Spieler",
        "nameRed": "Red Player",
        "date": "Nov 2, 2025",
        "event": "Test Cup",
        "site": "Lyon",
        "finalGreen": final[0],
        "finalRed": final[1],
        "useCrawford": True,
        "useJacoby": False,
        "useBeaver": False,
        "useCube": True,
        "cubeLimit": 64,
        "ratingGreen": 1612.5,
        "ratingRed": 1500,
        "games": games,
    }
    return ShortMatch(data, [g1, g2, g3], scores, [1, 1, points3], [0, 1, g3.winner])


def bgf_bytes(
    data: object,
    compress: str = "gzip",
    smile: bool = True,
    header: bytes | None = None,
    **options: bool,
) -> bytes:
    """A ``.bgf`` file: the header line, then the body (Smile or JSON), compressed or not."""
    body = encode(data, **options) if smile else json.dumps(data).encode("utf-8")
    if compress == "gzip":
        body = gzip.compress(body, mtime=0)
    elif compress == "zlib":
        body = zlib.compress(body)
    if header is None:
        header = json.dumps(
            {
                "format": "BGF",
                "version": "0.00011825",
                "compress": compress != "raw",
                "useSmile": smile,
            }
        ).encode()
    return header + b"\n" + body
