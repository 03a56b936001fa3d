"""X433: a record replayed as standard backgammon whose plays fit another variant's start.

A nackgammon match exported without its variant (gnubg's Snowie text, a ``.mat`` that lost
its ``Variation`` tag) replays as standard backgammon with an error in nearly every game's
first plays: a checker moved from the 23 point, which standard backgammon's start leaves
empty. When the replay was not told the variant (no ``--variant``) and took standard, each
game whose first error is among its first :data:`EARLY_ROWS` rows is a suspect; the first
:data:`GAMES_TRIED` suspects are replayed alone under each variant of :data:`CANDIDATES` (the
same board from another start). When exactly one variant replays all of them without an
error, one warning per match names it. It costs nothing unless a game has an early error,
and is never given when the plays fit no variant (a record with real mistakes) or several.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from gamao_cli.analysis.codes import CHECK_CODES
from gamao_cli.analysis.findings import Finding
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.engine.ruleset import rule_set
from gamao_cli.engine.variants import DEFINITIONS
from gamao_cli.i18n import N_
from gamao_cli.model.diagnostics import Severity
from gamao_cli.model.match import Game, Match, Variant

EARLY_ROWS = 5
"""A game's first error counts as early up to this row (move number) of the game."""

GAMES_TRIED = 2
"""How many suspect games are replayed under each candidate variant, at most."""

CANDIDATES = tuple(
    d.variant
    for d in DEFINITIONS
    if d.variant is not Variant.STANDARD and rule_set(d.variant).standard_moves
)
"""Variants played on the standard board from another start, tried in the order of
engine.variants.DEFINITIONS (nackgammon, hypergammon 3, 2 and 1)."""

Recheck = Callable[[Match, CheckOptions], Sequence[Finding]]
"""Replays a match under options and gives its findings."""


def wants_hint(options: CheckOptions, variant: Variant) -> bool:
    """Whether a replay may look for X433: the user named no variant and the replay took
    standard backgammon (the record's or the default)."""
    return options.variant is None and variant is Variant.STANDARD


def early_error(findings: Sequence[Finding]) -> bool:
    """Whether a game's findings (in order) have their first play error in its first rows."""
    for f in findings:
        if f.severity is Severity.ERROR and f.code[0] == "R":
            return f.move is not None and f.move <= EARLY_ROWS
    return False


def _clean(findings: Sequence[Finding]) -> bool:
    """No error about the plays or the cube (match-level findings of a game replayed alone,
    such as its result against a match length, do not count)."""
    return not any(f.severity is Severity.ERROR and f.code[0] in "RC" for f in findings)


def variant_hint(
    match: Match,
    options: CheckOptions,
    suspects: Sequence[Game],
    file: str,
    recheck: Recheck,
) -> Finding | None:
    """X433 at the first suspect game when exactly one candidate variant replays the first
    :data:`GAMES_TRIED` suspects (each alone, from its start) without a play or cube error."""
    if not suspects:
        return None
    tried = suspects[:GAMES_TRIED]
    fitting = [
        variant
        for variant in CANDIDATES
        if all(_clean(recheck(_alone(match, game), _as(options, variant))) for game in tried)
    ]
    if len(fitting) != 1:
        return None
    variant = fitting[0].value
    first = tried[0]
    spec = CHECK_CODES["X433"]
    return Finding(
        code="X433",
        severity=spec.severity,
        rule=spec.rule,
        file=first.location.file or file,
        line=first.location.line,
        column=first.location.column,
        game=first.number,
        move=None,
        player=None,
        message=N_(
            "the plays do not fit standard backgammon but fit {variant} (game {game} replays "
            "without error from that variant's start): try {option}"
        ).format(variant=variant, game=first.number, option=f"--variant {variant}"),
    )


def _alone(match: Match, game: Game) -> Match:
    """``match`` with ``game`` as its only game (read whole: no part, no diagnostics)."""
    return replace(match, games=(game,), diagnostics=(), part=0, continued=False)


def _as(options: CheckOptions, variant: Variant) -> CheckOptions:
    return replace(options, variant=variant, show_board=False, analyse_plays=False)
