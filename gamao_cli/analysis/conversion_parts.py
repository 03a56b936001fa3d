"""Converting one input as it is read, a long ``.mat`` match a part at a time
(:func:`gamao_cli.formats.base.in_parts`): memory bounded by a part, not by the match.

The texts are those :func:`gamao_cli.analysis.conversion.convert_file` makes, byte for byte,
written to one stream (``convert`` with one input and one output file or stdout). A part's
games are made canonical by one replay of the whole match run part by part
(:meth:`MatchReplayer.run_part`), and handed, once replayed, to the target format's game
stream (``FormatInfo.stream``, :class:`gamao_cli.formats.base.GameStream`): ``.mat`` writes
them as they come, JSON and JSON Lines hold them in a temporary file until the match's end,
SGF writes a game tree at a time. A format without a stream, or a match its stream declines
(SGF with the Crawford rule: the Crawford game is told from all the games), is written whole.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack, nullcontext
from dataclasses import dataclass, field, replace
from itertools import chain
from typing import TextIO

from gamao_cli.analysis.canonical import canonical_replay
from gamao_cli.analysis.conversion import _with_variant, no_notation, not_written, reported
from gamao_cli.analysis.findings import Finding
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.replay import MatchReplayer
from gamao_cli.analysis.summary import FileCount, FileTally, not_match_file
from gamao_cli.engine.notation import to_model_steps
from gamao_cli.formats.base import GameStream, in_parts
from gamao_cli.formats.inputs import InputFile, read_path
from gamao_cli.formats.registry import by_name
from gamao_cli.model.actions import Action, Move
from gamao_cli.model.diagnostics import Diagnostic
from gamao_cli.model.match import Game, Match


@dataclass(frozen=True, slots=True)
class Streamed:
    """What converting one input gave: the messages for the user, and the counts."""

    messages: tuple[str, ...]
    diagnostics: int
    problems: bool
    matches: int
    games: int
    tally: FileTally = field(default_factory=FileTally)  # what the run summary counts of it


class _Match:
    """One match being replayed a part at a time and written a game at a time."""

    def __init__(self, first: Match, stream: GameStream, options: CheckOptions) -> None:
        self.stream = stream
        self.rules = first.rules
        self.replayer = MatchReplayer(first, options)
        self.replayer.canonical = {}
        self.replayer.ids = False  # its findings are counted only
        self.replayer.records = False
        self.held: list[Game] = []
        self.diagnostics: list[Diagnostic] = []

    def part(self, part: Match) -> tuple[Finding, ...]:
        """Replay ``part`` and write the games replayed; the findings of the replay."""
        part = replace(part, rules=self.rules)
        self.diagnostics.extend(part.diagnostics)
        games = [*self.held, *part.games]
        findings = self.replayer.run_part(part).findings
        self.held = games[-1:] if part.continued else []
        done = games[:-1] if part.continued else games
        table = self.replayer.canonical
        assert table is not None
        for k, game in enumerate(done):
            actions: list[Action] = []
            for action in game.actions:
                if isinstance(action, Move) and id(action) in table:
                    action = replace(action, steps=to_model_steps(table[id(action)]))
                actions.append(action)
            following = games[k + 1] if k + 1 < len(games) else None
            self.stream.game(replace(game, actions=tuple(actions)), part, following)
        table.clear()
        if not part.continued:
            self.stream.end(part, self.diagnostics)
        return findings


def convert_streamed(
    item: InputFile, target: str, options: CheckOptions, out: Callable[[], TextIO]
) -> Streamed:
    """Convert one input to ``target`` as :func:`convert_file` does, writing every match to
    ``out()`` (called at the first match to write) as it is read."""
    fmt = by_name(target)
    assert fmt.write is not None
    messages: list[str] = []
    diagnostics = matches = games = 0
    problems = False
    current: _Match | None = None
    skipping = False
    gathered: list[Match] = []  # an SGF match with a Crawford game to tell: its parts
    sink: TextIO | None = None  # where the match being read goes
    reading = read_path(item)
    opener = fmt.stream
    with in_parts() if opener is not None else nullcontext():  # readers ask when they start
        first = next(reading, None)
    count = FileCount()
    with ExitStack() as stack:  # what the streams hold (JSON's temporary files)
        for match in chain(() if first is None else (first,), reading):
            note = not_match_file(item, match) if match is first else None
            if note is not None:
                count.skip(note)
                shown = reported((note,))
                messages.extend(shown)
                diagnostics += len(shown)
                break
            shown = reported(match.diagnostics)
            messages.extend(shown)
            diagnostics += len(shown)
            problems = problems or bool(shown)
            if match.part == 0:
                current, skipping, gathered = None, False, []
                if not match.games:
                    count.add(match, match.diagnostics)
                    continue
                tagged = _with_variant(match, options.variant, messages)
                if no_notation(target, tagged.rules.variant):
                    messages.append(not_written(tagged, target))
                    problems = skipping = True
                    continue
                matches += 1
                if not match.continued:
                    games += len(tagged.games)
                    canonical, findings = canonical_replay(tagged, options)
                    count.add(match, findings)
                    fmt.write(canonical, out())
                    continue
                assert opener is not None  # parts are read only for formats that stream
                sink = out()  # once a match: into a folder, each call is a new file
                stream = opener(tagged, sink)
                if stream is None:  # written whole (SGF: the Crawford game is told at the end)
                    gathered = [tagged]
                    continue
                stack.callback(stream.close)
                current = _Match(tagged, stream, options)
            elif gathered:
                gathered.append(match)
                if not match.continued:
                    whole = _put_together(gathered)
                    games += len(whole.games)
                    canonical, findings = canonical_replay(whole, options)
                    count.add(whole, findings)
                    assert sink is not None
                    fmt.write(canonical, sink)
                continue
            if skipping or current is None:
                count.add(match, match.diagnostics)
                continue
            games += len(match.games)
            count.add(match, current.part(match))
    return Streamed(tuple(messages), diagnostics, problems, matches, games, count.tally())


def _put_together(parts: list[Match]) -> Match:
    """One match of the parts read of it (the first tagged as asked)."""
    games = tuple(g for p in parts for g in p.games)
    diagnostics = tuple(d for p in parts for d in p.diagnostics)
    return replace(parts[0], games=games, diagnostics=diagnostics, continued=False)
