"""The fingerprints' fast path (analysis.plays_applied) against the full replay.

``plays_applied`` must give exactly the plays the full replay applies, with the same boards,
or None. It is compared on every record the project holds (the shared corpus, the examples,
the test fixtures) and on records altered at random: actions dropped, repeated, moved,
re-rolled, emptied, garbled; drops, result lines and set-up positions put in mid-game.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamao_cli.analysis.replay as replay_module
from gamao_cli.analysis.fingerprint import fingerprint_match, print_of
from gamao_cli.analysis.options import CheckOptions, effective_rules
from gamao_cli.analysis.plays_applied import plays_applied
from gamao_cli.analysis.records import Applied
from gamao_cli.analysis.replay import MatchReplayer
from gamao_cli.engine.ruleset import rule_set
from gamao_cli.formats.inputs import iter_input_files, read_path
from gamao_cli.model.actions import (
    Action,
    Drop,
    Move,
    MoveMark,
    SetPosition,
    Step,
    Win,
)
from gamao_cli.model.match import Match, Variant
from tests.helpers import CORPUS, FIXTURES, REPO, require_corpus, self_play

GNUBG = FIXTURES / "gnubg"


def matches_in(*roots: Path) -> list[tuple[str, Match]]:
    out: list[tuple[str, Match]] = []
    for item in iter_input_files([str(r) for r in roots]):
        try:
            found = [m for m in read_path(item) if isinstance(m, Match)]
        except (OSError, ValueError):
            continue  # unreadable inputs are the readers' tests' business
        out.extend((item.name, m) for m in found)
    return out


def replayed(match: Match, options: CheckOptions) -> list[Applied]:
    replayer = MatchReplayer(match, options)
    replayer.applied = []
    replayer.ids = False
    replayer.records = False
    replayer.run()
    return replayer.applied


def same_as_replay(match: Match, options: CheckOptions | None = None) -> bool | None:
    """None when the fast path declines; else whether it agrees with the full replay (the
    same Move objects, in order, with equal boards)."""
    options = options or CheckOptions()
    fast = plays_applied(match, effective_rules(match, options).ruleset)
    if fast is None:
        return None
    full = replayed(match, options)
    return [(id(m), a, b) for m, a, b in fast] == [(id(m), a, b) for m, a, b in full]


def test_every_record_held_gives_the_replays_plays() -> None:
    """Examples and fixtures (every format, the broken files included): the standard ones all
    take the fast path, and every one agrees."""
    found = matches_in(REPO / "examples", FIXTURES)
    verdicts = [(name, same_as_replay(m)) for name, m in found]
    assert [v for v in verdicts if v[1] is False] == []
    standard = [
        v for (name, m), v in zip(found, verdicts, strict=True)
        if effective_rules(m, CheckOptions()).ruleset.standard_moves
    ]  # fmt: skip
    assert len(standard) > 100
    assert [v for v in standard if v[1] is None] == []


def test_the_real_corpus_gives_the_replays_plays() -> None:
    require_corpus()
    found = matches_in(CORPUS)
    verdicts = [(name, same_as_replay(m)) for name, m in found]
    assert [v for v in verdicts if v[1] is not True] == []
    assert len(verdicts) == 117


def test_a_variant_takes_the_full_replay() -> None:
    match = self_play(3, 1)
    assert plays_applied(match, rule_set(Variant.STANDARD)) is not None
    assert plays_applied(match, rule_set(Variant.LONG_NARDY)) is None


def test_a_clean_match_is_fingerprinted_without_the_full_replay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The fast path is taken: with the full replay made to fail, the fingerprint of a clean
    match is still the one pinned in test_dedupe."""
    match = matches_in(REPO / "examples" / "gnubg_7pt.mat")[0][1]

    def no_replay(*args: object, **kwargs: object) -> None:
        raise AssertionError("the full replay was run")

    monkeypatch.setattr(replay_module, "MatchReplayer", no_replay)
    assert fingerprint_match(match).fingerprint == "gm1a-ac0042ce4564e4e1fd68d6ebcd56a703"


def test_a_match_after_a_drop_is_left_to_the_full_replay() -> None:
    """A play after a drop: whether the game had ended depends on the cube, so the fast path
    declines, and the fingerprint is the full replay's."""
    match = self_play(5, 1, plays=12)
    game = match.games[0]
    moves = [a for a in game.actions if isinstance(a, Move)]
    actions: list[Action] = [*moves[:6], Drop(moves[5].player), *moves[6:]]
    altered = replace(match, games=(replace(game, actions=tuple(actions)),))
    assert plays_applied(altered, effective_rules(altered, CheckOptions()).ruleset) is None
    full = replayed(altered, CheckOptions())
    assert fingerprint_match(altered) == print_of(altered, full, "standard")


def test_an_empty_roll_of_the_loser_on_the_bar_is_not_a_play() -> None:
    """The last roll's cell is empty and the other player wins: the roller resigned after
    rolling, even where the roll was a dance, so no play is applied (the full replay's
    reading)."""
    closed = tuple(2 if 1 <= p <= 6 else 3 if p == 7 else 0 for p in range(26))
    on_bar = tuple(1 if p == 25 else 14 if p == 12 else 0 for p in range(26))
    dance = Move(0, (3, 5), (), mark=MoveMark.EMPTY)
    played = Move(0, (3, 5), (), mark=MoveMark.PLAY)
    for move, plays in ((dance, 0), (played, 1)):
        game = replace(
            self_play(1, 1).games[0],
            actions=(SetPosition((on_bar, closed), 0), move, Win(1, 1)),
        )
        match = replace(self_play(1, 1), games=(game,))
        fast = plays_applied(match, rule_set(Variant.STANDARD))
        assert fast is not None
        assert [(m, a, b) for m, a, b in fast] == [(move, on_bar, closed)][:plays]
        assert same_as_replay(match) is True


# -- records altered at random ----------------------------------------------------------------


def _sources() -> list[Match]:
    names = sorted(GNUBG.glob("m*_s*.mat"))[:6]
    return [m for _, m in matches_in(*names)] + [self_play(11, 3), self_play(12, 2, plays=30)]


SOURCES = _sources()


def _alter(match: Match, rng: random.Random, count: int) -> Match:
    games = list(match.games)
    for _ in range(count):
        gi = rng.randrange(len(games))
        actions = list(games[gi].actions)
        if not actions:
            continue
        i = rng.randrange(len(actions))
        a = actions[i]
        kind = rng.randrange(11)
        if kind == 0:
            del actions[i]
        elif kind == 1:
            actions.insert(i, a)
        elif kind == 2:
            actions.insert(rng.randrange(len(actions) + 1), actions.pop(i))
        elif kind == 3 and isinstance(a, Move):
            dice = (rng.randint(0, 7), rng.randint(1, 6))
            actions[i] = replace(a, dice=dice)
        elif kind == 4 and isinstance(a, Move):
            mark = rng.choice([MoveMark.EMPTY, MoveMark.UNKNOWN, MoveMark.UNPARSED, a.mark])
            actions[i] = replace(a, steps=(), mark=mark)
        elif kind == 5 and isinstance(a, Move):
            f = rng.randint(0, 25)
            actions[i] = replace(a, steps=(Step(f, max(0, f - rng.randint(1, 12))), *a.steps[1:]))
        elif kind == 6:
            actions.insert(i, Drop(rng.randint(0, 1)))
        elif kind == 7:
            actions.insert(i, Win(rng.choice([0, 1, None]), rng.randint(1, 3)))
        elif kind == 8:
            other = games[rng.randrange(len(games))].actions
            moves = [m for m in other if isinstance(m, Move)]
            if moves and isinstance(a, Move):
                actions[i] = replace(a, steps=rng.choice(moves).steps)
        elif kind == 9:
            me, opp = (tuple(15 if p == 6 else 0 for p in range(26)),) * 2
            if rng.random() < 0.5:
                me = tuple(16 if p == 6 else 0 for p in range(26))  # too many: rejected
            actions.insert(i, SetPosition((me, opp), rng.randint(0, 1)))
        elif kind == 10 and isinstance(a, Move):
            size = rng.choice([2, 3])
            actions[i] = replace(a, roll=tuple(rng.randint(0, 7) for _ in range(size)))
        games[gi] = replace(games[gi], actions=tuple(actions))
    return replace(match, games=tuple(games))


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.integers(0, len(SOURCES) - 1), st.integers(0, 2**32), st.integers(1, 4))
def test_altered_records_give_the_replays_plays(source: int, seed: int, count: int) -> None:
    altered = _alter(SOURCES[source], random.Random(seed), count)
    verdict = same_as_replay(altered)
    assert verdict is not False
    if verdict is None:  # declined: the fingerprint comes from the full replay
        full = replayed(altered, CheckOptions())
        assert fingerprint_match(altered) == print_of(altered, full, "standard")
