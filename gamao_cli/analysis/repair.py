"""Opt-in repairs of recording errors (``gamao fix``), each named by the finding it repairs.

A repair changes the model only where the replay knows the answer for certain:

* ``R211`` a roll with no play recorded where exactly one play was legal: the forced play
  is written in;
* ``X401`` / ``X403`` / ``X404`` a ``Wins`` line whose points differ from what the game's
  end and the cube give: the computed points are written;
* ``X410`` a result naming the wrong winner: the player who won is written;
* ``X408`` / ``X414`` / ``P105`` / ``P125`` a game that ended on the board (a bear-off or a
  drop) with no result line: the result is added;
* ``P103`` a game header with no score line: the score the earlier games give is written.

Anything else is left as it is: a score line that disagrees with the earlier games (X405)
may as well mean a game is missing, a roll with several legal plays has no one answer. The
repaired match is checked again; if the repairs leave it with an error it did not have,
nothing is changed (the record is left as it was) and that is said.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from gamao_cli.analysis.canonical import canonical_match
from gamao_cli.analysis.findings import Finding
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.records import GameRecord, MatchReplay
from gamao_cli.analysis.replay import replay_match
from gamao_cli.model.actions import Action, Move, MoveMark, Win
from gamao_cli.model.match import Game, Match
from gamao_cli.model.notation import parse_steps

REPAIRED = ("R211", "X401", "X403", "X404", "X410", "X408", "X414", "P105", "P125", "P103")


@dataclass(frozen=True, slots=True)
class Fix:
    code: str  # the finding repaired
    game: int
    line: int
    description: str


@dataclass(frozen=True, slots=True)
class Repair:
    match: Match  # the repaired match, or the original when nothing was (or could be) changed
    fixes: tuple[Fix, ...]
    unrepaired: tuple[Finding, ...]  # errors still in the record
    reverted: bool = False  # repairs were found but undone: they made the record worse


def _at(action: Action, finding: Finding) -> bool:
    loc = action.location
    return loc.line == finding.line and (not finding.column or loc.column == finding.column)


def _forced_play(finding: Finding) -> str | None:
    if finding.code != "R211" or finding.legal_count != 1 or len(finding.legal_plays) != 1:
        return None
    return finding.legal_plays[0]


def _fix_game(
    game: Game, record: GameRecord | None, findings: list[Finding], fixes: list[Fix]
) -> Game:
    actions = list(game.actions)
    for f in findings:
        for i, action in enumerate(actions):
            if not _at(action, f):
                continue
            play = _forced_play(f)
            if isinstance(action, Move) and play is not None:
                steps = tuple(parse_steps(play))
                text = f"{action.dice[0]}{action.dice[1]}: {play}"
                actions[i] = replace(action, steps=steps, mark=MoveMark.PLAY, text=text)
                fixes.append(Fix(f.code, game.number, f.line, f"the forced play {play} written"))
            elif isinstance(action, Win) and record is not None:
                if f.code in ("X401", "X403", "X404") and record.points is not None:
                    if record.points != action.points:
                        actions[i] = replace(action, points=record.points)
                        fixes.append(
                            Fix(f.code, game.number, f.line,
                                f"Wins {action.points} -> Wins {record.points}")
                        )  # fmt: skip
                elif f.code == "X410" and record.winner is not None:
                    actions[i] = replace(action, player=record.winner)
                    fixes.append(Fix(f.code, game.number, f.line, "winner corrected"))
            break
    has_win = any(isinstance(a, Win) for a in actions)
    ended = record is not None and record.ending in ("bear-off", "drop")
    if not has_win and ended and record is not None and record.winner is not None:
        code = next((f.code for f in findings if f.code in ("X408", "X414", "P105", "P125")), None)
        if code is not None and record.points is not None:
            actions.append(Win(record.winner, record.points))
            fixes.append(
                Fix(code, game.number, game.location.line,
                    f"result added: player {record.winner + 1} wins {record.points}")
            )  # fmt: skip
    score = game.score
    if score is None and record is not None and any(f.code == "P103" for f in findings):
        score = record.score
        fixes.append(
            Fix("P103", game.number, game.location.line, f"score {score[0]}-{score[1]} written")
        )
    return replace(game, actions=tuple(actions), score=score)


def _errors(replay: MatchReplay) -> list[Finding]:
    return [f for f in replay.findings if f.severity.value == "error"]


def repair_match(match: Match, options: CheckOptions | None = None) -> Repair:
    """``match`` with what can be repaired repaired (see the module's docstring)."""
    options = options or CheckOptions()
    before = replay_match(match, options)
    wanted = [f for f in before.findings if f.code in REPAIRED]
    if not wanted:
        return Repair(match, (), tuple(_errors(before)))
    records = {r.number: r for r in before.games}
    fixes: list[Fix] = []
    games = []
    for game in match.games:
        mine = [f for f in wanted if f.game == game.number]
        games.append(_fix_game(game, records.get(game.number), mine, fixes) if mine else game)
    if not fixes:
        return Repair(match, (), tuple(_errors(before)))
    fixed = replace(match, games=tuple(games))
    after = replay_match(fixed, options)
    old = Counter(f.code for f in _errors(before))
    new = Counter(f.code for f in _errors(after))
    if any(new[c] > old[c] for c in new):
        return Repair(match, (), tuple(_errors(before)), reverted=True)
    return Repair(_single_die_plays(match, fixed, options), tuple(fixes), tuple(_errors(after)))


def _single_die_plays(match: Match, fixed: Match, options: CheckOptions) -> Match:
    """``fixed`` with each play written in (R211) as the engine's steps: one hop a die, in a
    legal order, hits marked, so a file that writes plays that way gets them that way."""
    canonical = canonical_match(fixed, options)
    games = []
    for old, new, steps in zip(match.games, fixed.games, canonical.games, strict=True):
        actions = list(new.actions)
        for i, (before, after) in enumerate(zip(old.actions, new.actions, strict=False)):
            hops = steps.actions[i]
            if before != after and isinstance(after, Move) and isinstance(hops, Move):
                actions[i] = replace(after, steps=hops.steps)
        games.append(replace(new, actions=tuple(actions)))
    return replace(fixed, games=tuple(games))
