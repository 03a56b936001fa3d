"""Reading GNU Backgammon SGF (``GM[6]``) match files into the match model.

A gnubg match file is a sequence of game trees, one per game. Consecutive trees with the
same players and match length, and game numbers that go up, form one :class:`Match`.

Mapping (research/formats.md section 2, research/gnubg-behaviour.md):

* root ``MI[length:N][game:i][ws:a][bs:b]`` -> ``Match.length``, ``Game.number`` (gnubg
  numbers games from 0, the SGF specification from 1: a match whose first game is
  ``game:0``, or that GNU Backgammon or Gibbon wrote, is taken as 0-based; ``Game.number``
  is always 1-based), ``Game.score``;
* ``PW``/``PB`` -> players (White = player 0), ``WR``/``BR`` -> ratings; ``RU`` -> rules
  (``Crawford``, ``CrawfordGame``, ``Jacoby``, ``NoCube``, ``Nackgammon``); ``CV`` ->
  ``Game.cube_value``; ``RE[W+2R]`` -> a final :class:`Win` (``R``/``Resign``: resigned);
* every other root property of the first game (``AP``, ``DT``, ``EV``, ``RO``, ``PC``,
  ``AN``, ``GC``, ...) -> ``Match.tags`` in file order; those of later games that differ,
  and gnubg's ``GS`` statistics, -> ``Game.properties``;
* ``;W[31hefe]`` -> :class:`Move` with the dice as written and one :class:`Step` per
  letter pair, in the mover's own numbering; ``W[66]`` (no pairs) -> a dance;
  ``double``/``take``/``drop`` -> :class:`Double` (value = the next cube value) /
  :class:`Take` / :class:`Drop`: a beaver is a ``double`` by the doubled player, read as a
  :class:`Beaver` (the one form of every reader, :mod:`~gamao_cli.formats.beavers`), and
  the ``take`` after it is the take closing the exchange; Gibbon's ``resign:N`` +
  ``accept``/``reject`` ->
  :class:`Resign`;
* setup nodes (``AE``/``AW``/``AB``/``PL``/``DI``/``CV``/``CP``/``CO``) -> one
  :class:`SetPosition` per run of consecutive setup nodes (``Game.start`` before the first
  move); a run of only ``PL``/``DI`` is gnubg's record of a roll without a play (a
  resignation after rolling) -> :class:`Move` with mark ``EMPTY``, unless the same roll is
  then played;
* gnubg's analysis properties on move nodes (``A``, ``DA``, ``LU``, the ``BM``/``DO``/...
  labels, ``C`` comments) -> ``Game.annotations`` (:mod:`~gamao_cli.formats.sgf.analysis`).

Problems never raise: they become diagnostics with a code from :data:`SGF_CODES`.

The reader is split along its seams: :mod:`~gamao_cli.formats.sgf.parser` (tokens and game
trees, of the types in :mod:`~gamao_cli.formats.sgf.tree`),
:mod:`~gamao_cli.formats.sgf.header` (root nodes), :mod:`~gamao_cli.formats.sgf.game` (a
tree's main line as actions), :mod:`~gamao_cli.formats.sgf.moves` (point letters, move texts,
a mechanical board), :mod:`~gamao_cli.formats.sgf.analysis` (gnubg's analysis properties),
:mod:`~gamao_cli.formats.sgf.codes` (the severities); this module groups the games into matches.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TextIO

from gamao_cli.formats.base import reads_analysis
from gamao_cli.formats.sgf import SGF_CODES
from gamao_cli.formats.sgf import analysis as sgf_analysis
from gamao_cli.formats.sgf import moves as sgf_moves
from gamao_cli.formats.sgf.codes import severity_of
from gamao_cli.formats.sgf.game import GameReader
from gamao_cli.formats.sgf.header import GAME_ROOT, Header, read_header
from gamao_cli.formats.sgf.moves import MechanicalBoard, letter_point, point_letter
from gamao_cli.formats.sgf.parser import SgfIssue, iter_trees
from gamao_cli.i18n import N_
from gamao_cli.model.diagnostics import Diagnostic, Severity
from gamao_cli.model.location import Location
from gamao_cli.model.match import Game, Match, Rules

__all__ = [
    "SGF_CODES",
    "MechanicalBoard",
    "clear_caches",
    "letter_point",
    "point_letter",
    "read_sgf",
    "severity_of",
]

# --- grouping games into matches ----------------------------------------------------------


@dataclass
class _MatchBuilder:
    filename: str
    first: Header
    rules: Rules
    games: list[Game] = field(default_factory=list)
    diags: list[Diagnostic] = field(default_factory=list)
    zero_based: bool = False
    last_index: int | None = None
    last_number: int = 0
    tag_set: set[tuple[str, str]] = field(default_factory=set)

    @classmethod
    def start(cls, filename: str, header: Header) -> _MatchBuilder:
        zero = header.index == 0 or (header.index is not None and header.zero_based_writer)
        b = cls(filename, header, header.rules(), zero_based=zero)
        b.tag_set = {(k, v) for k, v in header.extra if k not in GAME_ROOT}
        return b

    def accepts(self, header: Header) -> bool:
        if header.players != self.first.players or header.length != self.first.length:
            return False
        return not (
            header.index is not None
            and self.last_index is not None
            and header.index <= self.last_index
        )

    def number_for(self, header: Header) -> int:
        expected = self.last_number + 1
        if header.index is None:
            return expected
        number = header.index + 1 if self.zero_based else header.index
        if number != expected:
            loc = header.location
            self.diags.append(
                Diagnostic(
                    "P214",
                    Severity.WARNING,
                    N_("game numbered {number} (MI game:{index}), expected {expected}").format(
                        number=number, index=header.index, expected=expected
                    ),
                    loc,
                    game=number,
                )
            )
        return number

    def add(self, game: Game, header: Header, diags: Sequence[Diagnostic]) -> None:
        self.games.append(game)
        self.diags.extend(diags)
        if header.index is not None:
            self.last_index = header.index
        self.last_number = game.number
        rules = header.rules()
        if self.games[1:] and rules != self.rules:
            self.diags.append(
                Diagnostic(
                    "P220",
                    Severity.WARNING,
                    N_("game {game} has rules {rules}, the first game {first}").format(
                        game=game.number, rules=_rules_text(rules), first=_rules_text(self.rules)
                    ),
                    header.location,
                    game=game.number,
                )
            )

    def build(self) -> Match:
        first = self.first
        players = (first.players[0] or "White", first.players[1] or "Black")
        tags = tuple((k, v) for k, v in first.extra if k not in GAME_ROOT)
        return Match(
            players=players,
            length=first.length or 0,
            games=tuple(self.games),
            rules=self.rules,
            ratings=first.ratings,
            tags=tags,
            location=first.location,
            source_format="sgf",
            diagnostics=tuple(self.diags),
        )


def clear_caches() -> None:
    """Forget the move texts and candidate plays read so far (caches shared by all readers;
    for benchmarks)."""
    sgf_moves.clear_caches()
    sgf_analysis.clear_caches()


def _rules_text(rules: Rules) -> str:
    return (
        f"(variant {rules.variant.value}, cube {rules.cube}, crawford {rules.crawford}, "
        f"jacoby {rules.jacoby})"
    )


def _issue_diag(issue: SgfIssue, filename: str, game: int | None = None) -> Diagnostic:
    return Diagnostic(
        issue.code,
        issue.severity,
        issue.message,
        Location(filename, issue.line, issue.column),
        game=game,
    )


def _header_diags(header: Header, filename: str, game: int | None) -> list[Diagnostic]:
    return [
        Diagnostic(code, severity_of(code), message, Location(filename, line, col), game=game)
        for code, message, line, col in header.diags
    ]


def read_sgf(stream: TextIO, filename: str) -> Iterator[Match]:
    """Yield the matches of a gnubg SGF stream (see the module docstring).

    Cyclic garbage collection is paused while a match is being read and restored before it
    is yielded, as :func:`gamao_cli.formats.mat.reader.read_mat` does: the reader makes no
    reference cycles, and rescanning the growing match's objects only costs time.
    """
    matches = _read_matches(stream, filename)
    while True:
        enabled = gc.isenabled()
        gc.disable()
        try:
            match = next(matches, None)
        finally:
            if enabled:
                gc.enable()
        if match is None:
            return
        yield match


def _read_matches(stream: TextIO, filename: str) -> Iterator[Match]:
    analysis = reads_analysis()
    builder: _MatchBuilder | None = None
    loose: list[Diagnostic] = []  # diagnostics not yet attached to a match
    other_games: list[Header] = []  # game trees of other games (GM is not 6)
    trees = 0
    for parsed in iter_trees(stream):
        tree = parsed.tree
        if tree is None or not tree.nodes:
            loose.extend(_issue_diag(i, filename) for i in parsed.issues)
            continue
        trees += 1
        root = tree.nodes[0]
        header = read_header(root, filename, tree)
        if not header.is_backgammon:
            other_games.append(header)
            loose.extend(_issue_diag(i, filename) for i in parsed.issues)
            loose.extend(_header_diags(header, filename, None))
            continue
        if builder is None or not builder.accepts(header):
            if builder is not None:
                yield builder.build()
            builder = _MatchBuilder.start(filename, header)
        builder.diags.extend(loose)
        loose = []
        number = builder.number_for(header)
        diags = [_issue_diag(i, filename, number) for i in parsed.issues]
        diags.extend(_header_diags(header, filename, number))
        if tree.variation_count():
            diags.append(
                Diagnostic(
                    "P225",
                    Severity.WARNING,
                    N_("{count} variation(s) ignored").format(count=tree.variation_count()),
                    header.location,
                    game=number,
                )
            )
        rules = builder.rules
        reader = GameReader(filename, number, header, rules.variant, analysis)
        reader.read(tree.main_line())
        diags.extend(reader.diags)
        properties = [(k, v) for k, v in header.extra if k in GAME_ROOT]
        if builder.games:
            properties = [
                (k, v) for k, v in header.extra if k in GAME_ROOT or (k, v) not in builder.tag_set
            ]
        game = Game(
            number=number,
            score=header.score,
            actions=tuple(reader.actions),
            players=_both(header.players),
            crawford=_crawford_game(header, builder.rules),
            cube_value=header.cube_value,
            start=reader.start,
            location=header.location,
            properties=tuple(properties),
            score_location=header.score_location,
            annotations=tuple(reader.annotations),
        )
        builder.add(game, header, diags)
    if builder is not None:
        builder.diags.extend(loose)
        yield builder.build()
        return
    if other_games and len(other_games) == trees:
        loose = [_not_backgammon(other_games, filename)]
    else:
        loose.append(
            Diagnostic(
                "P226", Severity.ERROR, N_("no backgammon game tree found"), Location(filename)
            )
        )
    yield Match(
        players=("", ""),
        length=0,
        games=(),
        location=Location(filename),
        source_format="sgf",
        diagnostics=tuple(loose),
    )


# The games of the SGF specification's GM property, for the message of P228.
_GAMES = {
    "1": "Go",
    "2": "Othello",
    "3": "chess",
    "4": "Gomoku",
    "5": "Nine Men's Morris",
    "7": "Chinese chess",
    "8": "Shogi",
}


def _not_backgammon(headers: Sequence[Header], filename: str) -> Diagnostic:
    """The one diagnostic of a file whose every game tree is another game (P228)."""
    first = headers[0]
    names = sorted({h.game_type for h in headers})
    said = ", ".join(f"GM[{n}] ({_GAMES[n]})" if n in _GAMES else f"GM[{n}]" for n in names)
    count = len(headers)
    message = (
        N_("not a backgammon SGF: {count} game tree of {said}, none of backgammon (GM[6])")
        if count == 1
        else N_("not a backgammon SGF: {count} game trees of {said}, none of backgammon (GM[6])")
    ).format(count=count, said=said)
    return Diagnostic(
        "P228",
        Severity.ERROR,
        message,
        Location(filename, first.game_line, first.game_column),
    )


def _both(players: tuple[str | None, str | None]) -> tuple[str, str] | None:
    first, second = players
    return None if first is None or second is None else (first, second)


def _crawford_game(header: Header, rules: Rules) -> bool | None:
    tokens = {t.lower() for t in header.rule_tokens or ()}
    if "crawfordgame" in tokens:
        return True
    if header.rules_known() and rules.crawford:
        return False
    return None
