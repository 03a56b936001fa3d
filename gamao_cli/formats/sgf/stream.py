"""An SGF match written a game tree at a time (:class:`gamao_cli.formats.base.GameStream`):
each game's root is given the game after it (whose score may name its winner). A match
with the Crawford rule is not streamed: which game is the Crawford game is told from all
its games, so it is written whole."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from gamao_cli.formats.sgf.writer import SgfGames, crawford_free
from gamao_cli.model.diagnostics import Diagnostic
from gamao_cli.model.match import Game, Match


class SgfStream:
    def __init__(self, first: Match, out: TextIO) -> None:
        self.trees = SgfGames(first, None, out)  # crawford_free: no Crawford game to tell

    def game(self, game: Game, part: Match, following: Game | None) -> None:
        self.trees.write(game, following)

    def end(self, last: Match, diagnostics: Sequence[Diagnostic]) -> None:
        pass

    def close(self) -> None:
        pass


def open_sgf_stream(first: Match, out: TextIO) -> SgfStream | None:
    return SgfStream(first, out) if crawford_free(first) else None
