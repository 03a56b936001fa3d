"""Error files made by altering clean gnubg matches, one alteration each.

Each altered match must be reported at the altered game and move with the expected code, and
no error or warning may be reported before it (info notes, such as the level of an earlier
resignation, are not problems).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from gamao_cli.analysis.findings import Finding
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.replay import replay_match, snapshot_at
from gamao_cli.engine.plays import legal_plays
from gamao_cli.engine.position import Position
from gamao_cli.engine.ruleset import STANDARD
from gamao_cli.formats.inputs import iter_input_files, read_path
from gamao_cli.model.actions import (
    Action,
    Beaver,
    Board,
    Double,
    Drop,
    Move,
    MoveMark,
    Step,
    Take,
    Win,
)
from gamao_cli.model.match import Match
from tests.helpers import FIXTURES

GNUBG = FIXTURES / "gnubg"
MATCHES = sorted(p.name for p in GNUBG.glob("m*_s*.mat"))


def load(name: str) -> Match:
    item = next(iter(iter_input_files([str(GNUBG / name)])))
    return next(m for m in read_path(item) if m.games)


def with_actions(match: Match, gi: int, actions: list[Action]) -> Match:
    games = list(match.games)
    games[gi] = replace(games[gi], actions=tuple(actions))
    return replace(match, games=tuple(games))


def position_before(match: Match, gi: int, ai: int) -> Position:
    target = match.games[gi].actions[ai]
    snap = snapshot_at(match, lambda g, a: a is target)
    assert snap is not None and snap.position is not None
    return snap.position


def first_reported(match: Match, options: CheckOptions | None = None) -> Finding:
    """The first error or warning (the clean fixtures have none of their own)."""
    findings = [f for f in replay_match(match, options).findings if f.severity.value != "info"]
    assert findings, "nothing was reported"
    return findings[0]


Site = tuple[Match, int, int | None]  # altered match, game number, move number
Alteration = Callable[[Match], Iterator[Site]]


def moves_of(match: Match) -> Iterator[tuple[int, int, Move]]:
    for gi, game in enumerate(match.games):
        for ai, action in enumerate(game.actions):
            if isinstance(action, Move):
                yield gi, ai, action


def wrong_distance(match: Match) -> Iterator[Site]:
    for gi, ai, mv in moves_of(match):
        d1, d2 = mv.dice
        if d1 == d2 or len(mv.steps) != 2 or any(s.to_point == 0 for s in mv.steps):
            continue
        s = mv.steps[0]
        new = Step(s.from_point, s.to_point - 1)
        dist = new.from_point - new.to_point
        if new.to_point < 1 or dist in (d1, d2, d1 + d2):
            continue
        actions = list(match.games[gi].actions)
        actions[ai] = replace(mv, steps=(new, mv.steps[1]))
        yield with_actions(match, gi, actions), match.games[gi].number, mv.number


def held(opp: Board, p: int) -> bool:
    """Whether the opponent holds the mover's point ``p`` (two or more checkers)."""
    return opp[25 - p] >= 2


def blocked_landing(match: Match) -> Iterator[Site]:
    for gi, ai, mv in moves_of(match):
        d1, d2 = mv.dice
        if d1 == d2 or len(mv.steps) != 2:
            continue
        pos = position_before(match, gi, ai).with_turn(mv.player)
        me = pos.mover
        if me[25]:
            continue
        for f in range(24, 0, -1):
            if me[f] and f - d1 >= 1 and held(pos.opponent, f - d1):
                other = Step(mv.steps[1].from_point, mv.steps[1].to_point)
                if other.from_point - other.to_point != d2:
                    continue
                actions = list(match.games[gi].actions)
                actions[ai] = replace(mv, steps=(Step(f, f - d1), other))
                yield with_actions(match, gi, actions), match.games[gi].number, mv.number
                break


def bar_first(match: Match) -> Iterator[Site]:
    for gi, ai, mv in moves_of(match):
        d1, d2 = mv.dice
        if d1 == d2 or not mv.steps or mv.steps[0].from_point != 25:
            continue
        pos = position_before(match, gi, ai).with_turn(mv.player)
        me = pos.mover
        sources = [
            f for f in range(24, 0, -1) if me[f] and f - d1 >= 1 and not held(pos.opponent, f - d1)
        ]
        if not sources:
            continue
        actions = list(match.games[gi].actions)
        actions[ai] = replace(mv, steps=(Step(sources[0], sources[0] - d1), *mv.steps[1:]))
        yield with_actions(match, gi, actions), match.games[gi].number, mv.number


def no_checker(match: Match) -> Iterator[Site]:
    for gi, ai, mv in moves_of(match):
        d1, d2 = mv.dice
        if d1 == d2 or len(mv.steps) != 2 or mv.steps[0].to_point == 0:
            continue
        pos = position_before(match, gi, ai).with_turn(mv.player)
        me = pos.mover
        if me[25]:
            continue
        d = mv.steps[0].from_point - mv.steps[0].to_point
        empty = [f for f in range(24, d, -1) if not me[f] and not held(pos.opponent, f - d)]
        if not empty or d not in (d1, d2):
            continue
        actions = list(match.games[gi].actions)
        actions[ai] = replace(mv, steps=(Step(empty[0], empty[0] - d), mv.steps[1]))
        yield with_actions(match, gi, actions), match.games[gi].number, mv.number


def too_many_moves(match: Match) -> Iterator[Site]:
    for gi, ai, mv in moves_of(match):
        if mv.dice[0] == mv.dice[1] or len(mv.steps) != 2:
            continue
        actions = list(match.games[gi].actions)
        actions[ai] = replace(mv, steps=(*mv.steps, mv.steps[1]))
        yield with_actions(match, gi, actions), match.games[gi].number, mv.number


def fewer_dice(match: Match) -> Iterator[Site]:
    for gi, ai, mv in moves_of(match):
        if mv.dice[0] == mv.dice[1] or len(mv.steps) != 2:
            continue
        if mv.steps[0].to_point == 0 or mv.steps[1].to_point == 0:
            continue
        actions = list(match.games[gi].actions)
        actions[ai] = replace(mv, steps=mv.steps[:1])
        yield with_actions(match, gi, actions), match.games[gi].number, mv.number


def empty_cell(match: Match) -> Iterator[Site]:
    for gi, ai, mv in moves_of(match):
        later = match.games[gi].actions[ai + 1 :]
        if not mv.steps or not any(isinstance(a, Move) for a in later):
            continue
        actions = list(match.games[gi].actions)
        actions[ai] = replace(mv, steps=(), mark=MoveMark.EMPTY)
        yield with_actions(match, gi, actions), match.games[gi].number, mv.number


def play_when_dancing(match: Match) -> Iterator[Site]:
    for gi, ai, mv in moves_of(match):
        if mv.steps:
            continue
        pos = position_before(match, gi, ai).with_turn(mv.player)
        if legal_plays(STANDARD, pos.mover, pos.opponent, mv.dice) or not pos.mover[25]:
            continue
        actions = list(match.games[gi].actions)
        actions[ai] = replace(mv, steps=(Step(25, 25 - mv.dice[0]),))
        yield with_actions(match, gi, actions), match.games[gi].number, mv.number


def opening_double(match: Match) -> Iterator[Site]:
    for gi, game in enumerate(match.games):
        ai, mv = next((i, a) for i, a in enumerate(game.actions) if isinstance(a, Move))
        d = max(mv.dice)
        actions = list(game.actions)
        actions[ai] = replace(mv, dice=(d, d))
        yield with_actions(match, gi, actions), game.number, mv.number


def out_of_turn(match: Match) -> Iterator[Site]:
    for gi, ai, mv in moves_of(match):
        actions = list(match.games[gi].actions)
        nxt = actions[ai + 1] if ai + 1 < len(actions) else None
        if ai == 0 or not isinstance(nxt, Move) or nxt.player == mv.player:
            continue
        # Give the next roll to the same player: the other side's turn is missing.
        actions[ai + 1] = replace(nxt, player=mv.player)
        yield with_actions(match, gi, actions), match.games[gi].number, nxt.number


def double_by_non_owner(match: Match) -> Iterator[Site]:
    for gi, game in enumerate(match.games):
        acts = list(game.actions)
        for ai, a in enumerate(acts):
            if not isinstance(a, Take):
                continue
            doubler = 1 - a.player
            for bi in range(ai + 1, len(acts)):
                b = acts[bi]
                if isinstance(b, Move) and b.player == doubler and bi > ai + 1:
                    new = Double(doubler, 4, "Doubles => 4", b.number, b.location)
                    yield (
                        with_actions(match, gi, [*acts[:bi], new, Take(1 - doubler), *acts[bi:]]),
                        game.number,
                        b.number,
                    )
                    break
            break


def take_without_double(match: Match) -> Iterator[Site]:
    for gi, ai, mv in moves_of(match):
        if ai < 2:
            continue
        acts = list(match.games[gi].actions)
        new = Take(1 - mv.player, "Takes", mv.number, mv.location)
        yield (
            with_actions(match, gi, [*acts[: ai + 1], new, *acts[ai + 1 :]]),
            match.games[gi].number,
            mv.number,
        )


def beaver_in_match(match: Match) -> Iterator[Site]:
    for gi, game in enumerate(match.games):
        acts = list(game.actions)
        for ai, a in enumerate(acts):
            if isinstance(a, Take):
                acts[ai] = Beaver(a.player, 0, "Beavers", a.number, a.location)
                yield with_actions(match, gi, acts), game.number, a.number
                break


def wrong_wins(match: Match) -> Iterator[Site]:
    for gi, game in enumerate(match.games):
        acts = list(game.actions)
        ended_by_play = any(isinstance(a, Move) for a in acts[-3:]) and not any(
            isinstance(a, Drop) for a in acts
        )
        if not isinstance(acts[-1], Win) or not ended_by_play:
            continue
        snap = snapshot_at(match, lambda g, a, w=acts[-1]: a is w)
        if snap is None or snap.position is None or not snap.position.is_game_over():
            continue
        win = acts[-1]
        acts[-1] = replace(win, points=win.points + 1)
        yield with_actions(match, gi, acts), game.number, win.number


def wrong_winner(match: Match) -> Iterator[Site]:
    for gi, game in enumerate(match.games):
        acts = list(game.actions)
        win = acts[-1]
        if not isinstance(win, Win) or win.player is None:
            continue
        snap = snapshot_at(match, lambda g, a, w=win: a is w)
        if snap is None or snap.position is None or not snap.position.is_game_over():
            continue
        acts[-1] = replace(win, player=1 - win.player)
        yield with_actions(match, gi, acts), game.number, win.number


def drop_points(match: Match) -> Iterator[Site]:
    for gi, game in enumerate(match.games):
        acts = list(game.actions)
        if any(isinstance(a, Drop) for a in acts) and isinstance(acts[-1], Win):
            win = acts[-1]
            acts[-1] = replace(win, points=win.points * 2)
            yield with_actions(match, gi, acts), game.number, win.number


def wrong_score(match: Match) -> Iterator[Site]:
    if len(match.games) < 2:
        return
    g = match.games[1]
    assert g.score is not None
    games = list(match.games)
    games[1] = replace(g, score=(g.score[0] + 1, g.score[1]))
    yield replace(match, games=tuple(games)), g.number, None


def game_after_match(match: Match) -> Iterator[Site]:
    last = match.games[-1]
    final = replay_match(match).final_score
    extra = replace(last, number=last.number + 1, score=final)
    yield replace(match, games=(*match.games, extra)), extra.number, None


def and_the_match_early(match: Match) -> Iterator[Site]:
    if len(match.games) < 2:
        return
    game = match.games[0]
    acts = list(game.actions)
    if isinstance(acts[-1], Win):
        acts[-1] = replace(acts[-1], and_the_match=True)
        yield with_actions(match, 0, acts), game.number, acts[-1].number


def double_in_crawford(match: Match) -> Iterator[Site]:
    replay = replay_match(match)
    for gi, record in enumerate(replay.games):
        if not record.crawford:
            continue
        game = match.games[gi]
        acts = list(game.actions)
        for ai, a in enumerate(acts):
            if isinstance(a, Move) and ai >= 2:
                new = Double(a.player, 2, "Doubles => 2", a.number, a.location)
                yield (
                    with_actions(match, gi, [*acts[:ai], new, Take(1 - a.player), *acts[ai:]]),
                    game.number,
                    a.number,
                )
                return


CASES: list[tuple[str, Alteration, str]] = [
    ("wrong distance", wrong_distance, "R201"),
    ("too many moves", too_many_moves, "R202"),
    ("moving a checker that is not there", no_checker, "R203"),
    ("blocked landing point", blocked_landing, "R204"),
    ("moving while on the bar", bar_first, "R206"),
    ("fewer dice than possible", fewer_dice, "R209"),
    ("no play recorded", empty_cell, "R211"),
    ("a play while dancing", play_when_dancing, "R212"),
    ("double as the opening roll", opening_double, "R213"),
    ("the other side's turn missing", out_of_turn, "R215"),
    ("double by the non-owner", double_by_non_owner, "C301"),
    ("double in the Crawford game", double_in_crawford, "C302"),
    ("take with no double", take_without_double, "C304"),
    ("beaver in match play", beaver_in_match, "C305"),
    ("wrong Wins points", wrong_wins, "X401"),
    ("wrong points after a drop", drop_points, "X404"),
    ("wrong starting score", wrong_score, "X405"),
    ("game after the match was won", game_after_match, "X406"),
    ("'and the match' too early", and_the_match_early, "X407"),
    ("wrong winner", wrong_winner, "X410"),
]


@pytest.mark.parametrize(("label", "alteration", "code"), CASES, ids=[c[0] for c in CASES])
def test_each_alteration_is_reported_first_at_its_place(
    label: str, alteration: Alteration, code: str
) -> None:
    tried = 0
    for name in MATCHES:
        match = load(name)
        for altered, game, move in alteration(match):
            tried += 1
            first = first_reported(altered)
            assert (first.code, first.game, first.move) == (code, game, move), (
                name,
                first,
            )
            if tried >= 3:
                return
    assert tried > 0, f"no site for '{label}' in the fixtures"


def test_double_in_a_no_cube_match() -> None:
    for name in MATCHES:
        match = load(name)
        doubles = [(g.number, a) for g in match.games for a in g.actions if isinstance(a, Double)]
        if doubles:
            first = first_reported(match, CheckOptions(cube=False))
            assert (first.code, first.game, first.move) == (
                "C303",
                doubles[0][0],
                doubles[0][1].number,
            )
            return
    pytest.fail("no match with a double")


def test_clean_gnubg_matches_have_no_error_or_warning() -> None:
    for name in sorted(p.name for p in GNUBG.glob("*.mat")) + sorted(
        p.name for p in GNUBG.glob("*.sgf")
    ):
        if name.startswith("resign_m07_s5"):
            continue  # scripted: a backgammon resigned where only a gammon was possible
        match = load(name)
        bad = [f for f in replay_match(match).findings if f.severity.value != "info"]
        assert bad == [], (name, bad[:1])


def test_fixture_dir_exists() -> None:
    assert Path(GNUBG).is_dir() and len(MATCHES) >= 20
