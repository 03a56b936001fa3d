"""Canonical records: every legal play rewritten as the engine writes it.

Writing is normalising: a play recorded as ``24/13`` or ``13/11 24/23`` comes out as single-die
steps in a legal order with the hits the board implies, whatever the source dialect. Plays the
engine cannot judge legal (and everything else) are kept exactly as recorded.
"""

from __future__ import annotations

from dataclasses import replace

from gamao_cli.analysis.findings import Finding
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.replay import MatchReplayer
from gamao_cli.engine.notation import to_model_steps
from gamao_cli.model.actions import Action, Move
from gamao_cli.model.match import Match


def canonical_match(match: Match, options: CheckOptions | None = None) -> Match:
    """``match`` with each legal play's steps replaced by the engine's canonical steps."""
    return canonical_replay(match, options)[0]


def canonical_replay(
    match: Match, options: CheckOptions | None = None
) -> tuple[Match, tuple[Finding, ...]]:
    """:func:`canonical_match`, and the findings of the replay it comes from (what ``check``
    finds in ``match``)."""
    replayer = MatchReplayer(match, options or CheckOptions())
    replayer.canonical = {}
    replayer.ids = False
    replayer.records = False
    findings = replayer.run().findings
    table = replayer.canonical
    games = []
    for game in match.games:
        actions: list[Action] = []
        for action in game.actions:
            if isinstance(action, Move) and id(action) in table:
                action = replace(action, steps=to_model_steps(table[id(action)]))
            actions.append(action)
        games.append(replace(game, actions=tuple(actions)))
    return replace(match, games=tuple(games)), findings
