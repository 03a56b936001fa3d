"""A JSON or JSON Lines match written a game at a time
(:class:`gamao_cli.formats.base.GameStream`): the games' texts wait in a temporary file
(memory up to :data:`SPOOL_BYTES`, disk past that) until the match ends, when its document's
diagnostics are all known."""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from dataclasses import replace
from typing import TextIO

from gamao_cli.formats.json.writer import game_separator, game_text, write_json_games
from gamao_cli.model.diagnostics import Diagnostic
from gamao_cli.model.match import Game, Match

SPOOL_BYTES = 4 << 20
"""A JSON match's games are kept in memory up to this many bytes, then on disk."""


class JsonStream:
    def __init__(self, out: TextIO, pretty: bool) -> None:
        self.out = out
        self.pretty = pretty
        self.written = 0
        self.spool = tempfile.SpooledTemporaryFile(SPOOL_BYTES, "w+", encoding="utf-8")  # noqa: SIM115

    def game(self, game: Game, part: Match, following: Game | None) -> None:
        self.spool.write(game_separator(self.written, self.pretty))
        self.spool.write(game_text(game, self.pretty))
        self.written += 1

    def end(self, last: Match, diagnostics: Sequence[Diagnostic]) -> None:
        whole = replace(last, games=(), diagnostics=tuple(diagnostics), part=0)
        self.spool.seek(0)
        write_json_games(whole, self.spool, self.written, self.out, self.pretty)
        self.close()

    def close(self) -> None:
        self.spool.close()


def open_json_stream(first: Match, out: TextIO) -> JsonStream:
    return JsonStream(out, pretty=True)


def open_jsonl_stream(first: Match, out: TextIO) -> JsonStream:
    return JsonStream(out, pretty=False)
