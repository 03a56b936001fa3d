"""Selecting matches: facts of a replayed match, and --reaches against a brute-force replay."""

from __future__ import annotations

import io
import random

from gamao_cli.analysis.filtering import filter_inputs, match_facts
from gamao_cli.analysis.replay import replay_match
from gamao_cli.engine.notation import to_model_steps
from gamao_cli.engine.plays import legal_plays
from gamao_cli.engine.position import Position
from gamao_cli.engine.ruleset import STANDARD
from gamao_cli.formats.inputs import InputFile, iter_input_files, read_path
from gamao_cli.formats.mat.reader import read_mat
from gamao_cli.model.actions import Move, Step
from gamao_cli.model.match import Match
from tests.helpers import CORPUS, FIXTURES, require_corpus, self_play

TEXT = (
    '; [Event "Club night"]\n; [EventDate "2009.01.17"]\n\n 3 point match\n\n Game 1\n'
    " alice : 0                      bob : 0\n"
    "  1) 31: 8/5 6/5                   64: 24/18 13/9\n"
    "  2) 62: 24/18 13/11               Doubles => 2\n"
    "  3)  Drops                        Wins 1 point\n"
)


def mat(text: str) -> Match:
    [match] = list(read_mat(io.StringIO(text), "t.mat"))
    return match


def test_the_facts_of_a_match() -> None:
    match = mat(TEXT)
    facts = match_facts(match, replay_match(match), "t.mat")
    assert facts == {
        "player": ("alice", "bob"),
        "player1": "alice",
        "player2": "bob",
        "winner": "",
        "event": "Club night",
        "site": "",
        "round": "",
        "date": "2009-01-17",
        "length": 3,
        "money": False,
        "variant": "standard",
        "rules": "cube crawford",
        "format": "mat",
        "file": "t.mat",
        "games": 1,
        "moves": 3,
        "cube": 1,  # the double was dropped: the cube never went to 2
        "result": ("single", "drop"),
        "finding": ("X413",),
        "severity": ("warning",),
        "analysed": False,
        "pr": (),
    }


def _apply(mover: list[int], opponent: list[int], steps: tuple[Step, ...]) -> None:
    """Recorded steps applied naively: each hop lifts a checker and sets it down, hitting a
    lone opposing checker where it lands (or where a hit mark says it passed one)."""
    for step in steps:
        mover[step.from_point] -= 1
        mover[step.to_point] += 1
        for point in (*step.via_hits, step.to_point):
            if 1 <= point <= 24 and opponent[25 - point] == 1:
                opponent[25 - point] = 0
                opponent[25] += 1


Key = tuple[tuple[int, ...], tuple[int, ...]]


def _brute_force(match: Match) -> list[tuple[int, int, Key]]:
    """Every (game, move, position) of a match, by applying each recorded play's steps to
    two plain lists: an implementation independent of the replay's. A position is the
    boards of the player on roll and of the other (whoever of the two that is)."""
    out = []
    for game in match.games:
        moves = [a for a in game.actions if isinstance(a, Move)]
        if not moves or game.start is not None:
            continue
        start = Position.start(turn=moves[0].player)
        boards = [list(start.boards[0]), list(start.boards[1])]
        out.append((game.number, 0, (start.mover, start.opponent)))
        for move in moves:
            me, opp = boards[move.player], boards[1 - move.player]
            _apply(me, opp, move.steps)
            if min(me) < 0 or min(opp) < 0:
                break  # an impossible record: the replay stops there too
            out.append((game.number, move.number or 0, (tuple(opp), tuple(me))))
    return out


def _reaches_as_brute_force(
    items: list[InputFile], every: list[tuple[str, int, int, Key]], targets: list[Key]
) -> None:
    """``filter --reaches`` finds each target exactly where the brute force saw it."""
    for mover, opponent in targets:
        target = Position.from_view(mover, opponent, 0)
        expected = sorted((n, g, mv) for n, g, mv, key in every if key == (mover, opponent))
        found = sorted(
            (s.file, h.game, h.move)
            for batch in filter_inputs(items, reaches=target)
            for s in batch
            if s.passed
            for h in s.hits
        )
        assert found == expected
        assert expected, "each target comes from the brute force itself"


def test_reaches_finds_every_occurrence_a_brute_force_replay_finds() -> None:
    require_corpus()
    items = [i for i in iter_input_files([str(CORPUS / "bgnori-bglib")])][:20]
    matches = [(i, m) for i in items for m in read_path(i) if m.games]
    every = [(i.name, g, mv, key) for i, m in matches for g, mv, key in _brute_force(m)]
    rng = random.Random(7)
    targets = [every[k][3] for k in rng.sample(range(len(every)), 12)]
    targets.append((Position.start().mover, Position.start().opponent))  # every game's start
    _reaches_as_brute_force(items, every, targets)


def test_where_and_reaches_together(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "t.mat"
    path.write_text(TEXT)
    item = InputFile("t.mat", path)
    after_31 = Position.start(turn=0)
    plays = legal_plays(STANDARD, after_31.mover, after_31.opponent, (3, 1))
    play = next(p for p in plays if sorted(map(str, to_model_steps(p.steps))) == ["6/5", "8/5"])
    target = Position.from_view(play.mover, play.opponent, 0).switched()
    [[hit]] = list(filter_inputs([item], "length = 3", target))
    assert (hit.passed, [(h.game, h.move, h.line) for h in hit.hits]) == (True, [(1, 1, 8)])
    [[miss]] = list(filter_inputs([item], "length = 5", target))
    assert (miss.passed, miss.hits) == (False, ())


def test_reaches_finds_every_occurrence_in_generated_matches(tmp_path: object) -> None:
    """60 generated matches of 2 whole games each, written as .mat and read back: every place
    a position occurs, for positions drawn from the middle and the end of games too."""
    from pathlib import Path

    from gamao_cli.formats.registry import by_name

    writer = by_name("mat").write
    assert writer is not None
    items = []
    for seed in range(60):
        path = Path(str(tmp_path)) / f"g{seed:02d}.mat"
        with path.open("w") as out:
            writer(self_play(seed, 2), out)
        items.append(InputFile(path.name, path))
    matches = [(i, m) for i in items for m in read_path(i) if m.games]
    every = [(i.name, g, mv, key) for i, m in matches for g, mv, key in _brute_force(m)]
    assert len(matches) == 60 and len(every) > 6_000
    rng = random.Random(11)
    targets = [every[k][3] for k in rng.sample(range(len(every)), 20)]
    targets += [every[k][3] for k in range(len(every)) if every[k][3][0][25]][:5]  # on the bar
    _reaches_as_brute_force(items, every, targets)


def test_reaches_alone_counts_what_check_finds(tmp_path: object) -> None:
    """Without --where the plays decide, and the one replay that gives them also gives the
    findings the run summary counts: this 3-point match ends at 1-0 (X413, a warning)."""
    from pathlib import Path

    from gamao_cli.analysis.filtering import filter_files
    from gamao_cli.analysis.summary import FileTally

    path = Path(str(tmp_path)) / "t.mat"
    path.write_text(TEXT)
    item = InputFile("t.mat", path)
    [found] = list(filter_files([item], None, Position.start(turn=0)))
    [hit] = found.selected
    assert (hit.passed, [(h.game, h.move, h.line) for h in hit.hits]) == (True, [(1, 0, 6)])
    assert found.tally == FileTally("read", matches=1, games=1, errors=0, warnings=1)


def test_reaches_finds_every_occurrence_in_the_gnubg_matches() -> None:
    """The standard matches GNU Backgammon played against itself and exported
    (tests/fixtures/gnubg, .mat and SGF: tools/oracle/make_matches.py): 30 positions drawn
    from them, 5 of them with a checker on the bar, each found exactly where the brute force
    sees it."""
    items = [
        i
        for i in iter_input_files([str(FIXTURES / "gnubg")])
        if i.name.endswith((".mat", ".sgf")) and "/nack_" not in i.name and "/hyper" not in i.name
    ]  # standard backgammon: the brute force starts every game from its start position
    matches = [(i, m) for i in items for m in read_path(i) if m.games]
    every = [(i.name, g, mv, key) for i, m in matches for g, mv, key in _brute_force(m)]
    assert (len(items), len(matches)) == (108, 108)
    rng = random.Random(13)
    targets = [every[k][3] for k in rng.sample(range(len(every)), 25)]
    bar = [k for k in range(len(every)) if every[k][3][0][25]]
    targets += [every[k][3] for k in rng.sample(bar, 5)]
    _reaches_as_brute_force(items, every, targets)
