"""A ``.mat`` match written a game at a time (:class:`gamao_cli.formats.base.GameStream`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from gamao_cli.formats.mat.writer import write_mat_game, write_mat_head
from gamao_cli.model.diagnostics import Diagnostic
from gamao_cli.model.match import Game, Match


class MatStream:
    """The header when the match starts, each game as it comes: nothing waits."""

    def __init__(self, first: Match, out: TextIO) -> None:
        self.out = out
        write_mat_head(first, out)

    def game(self, game: Game, part: Match, following: Game | None) -> None:
        write_mat_game(game, part, self.out)

    def end(self, last: Match, diagnostics: Sequence[Diagnostic]) -> None:
        pass

    def close(self) -> None:
        pass


def open_mat_stream(first: Match, out: TextIO) -> MatStream:
    return MatStream(first, out)
