"""Duplicate matches across files and formats (``gamao dedupe``), by fingerprint.

Every match of every input is fingerprinted (:mod:`fingerprint`); matches with the same
fingerprint form a group, in the order first seen. ``against`` is a reference corpus: its
matches count as already seen (a group that holds one is a duplicate of the reference) but
are never kept. Near-duplicates are pairs of groups that are partly the same record: one a
truncated copy of the other (its games are the other's first games, the last one possibly
cut short), or two records sharing whole games (a resumed match saved again from its
restart). They are reported, never merged: a truncated record is not the same record.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal

from gamao_cli.analysis.executors import Executor
from gamao_cli.analysis.executors.local import SERIAL
from gamao_cli.analysis.findings import Finding
from gamao_cli.analysis.fingerprint import By, MatchPrint, fingerprint_match, print_of
from gamao_cli.analysis.gc_pause import gc_paused
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.replay import MatchReplayer
from gamao_cli.analysis.summary import (
    SKIPPED,
    UNREADABLE,
    FileCount,
    FileTally,
    RunSummary,
    not_match_file,
)
from gamao_cli.formats.inputs import InputFile, is_match_record, read_path
from gamao_cli.model.match import Match

Keep = Literal["first", "longest", "analysed"]

_PREFIX = 4  # tokens of a first game that index it for near-duplicate checks


@dataclass(frozen=True, slots=True)
class Occurrence:
    """One match of one file: where it is and what it fingerprints to."""

    file: str  # as given on the command line (relative when under the current directory)
    match: int  # 1-based position of the match in its file
    players: tuple[str, str]
    games: int
    moves: int
    analysed: bool
    reference: bool  # from the --against corpus
    print: MatchPrint

    @property
    def fingerprint(self) -> str:
        return self.print.fingerprint


@dataclass(frozen=True, slots=True)
class Group:
    fingerprint: str
    occurrences: tuple[Occurrence, ...]  # in input order (reference first)
    kept: Occurrence | None  # None when the match is in the reference corpus

    @property
    def duplicates(self) -> tuple[Occurrence, ...]:
        """The occurrences that are not kept (reference occurrences excluded)."""
        return tuple(o for o in self.occurrences if o is not self.kept and not o.reference)


@dataclass(frozen=True, slots=True)
class NearDuplicate:
    """Two different matches that are partly the same record.

    ``relation`` is ``"truncated"`` when ``first`` is a truncated copy of ``second`` (its games
    are the other's first games, the last one possibly cut short), ``"overlap"`` when the two
    share whole games otherwise (a resumed match saved from its restart, say).
    """

    first: Occurrence
    second: Occurrence
    relation: Literal["truncated", "overlap"]
    shared_games: int


@dataclass(frozen=True, slots=True)
class DedupeResult:
    groups: tuple[Group, ...]  # every distinct match of the inputs, first-seen order
    near: tuple[NearDuplicate, ...]
    files: int
    unreadable: tuple[str, ...]  # match files from which no match could be read
    skipped: tuple[str, ...] = ()  # files that are not match files (summary.not_match_file)
    summary: RunSummary = field(default_factory=RunSummary)

    @property
    def matches(self) -> int:
        return sum(1 for g in self.groups for o in g.occurrences if not o.reference)

    @property
    def duplicates(self) -> int:
        return sum(len(g.duplicates) for g in self.groups)


@dataclass(frozen=True, slots=True)
class FilePrints:
    """One input's fingerprinted matches, and what the run summary counts of it."""

    name: str
    occurrences: list[Occurrence]
    tally: FileTally


def _occurrences(args: tuple[InputFile, By, CheckOptions, bool]) -> FilePrints:
    """One input's fingerprinted matches, from one replay each (whose findings are counted)."""
    item, by, options, reference = args
    found: list[Occurrence] = []
    count = FileCount()
    with gc_paused():
        for index, match in enumerate(read_path(item)):
            note = not_match_file(item, match) if index == 0 else None
            if note is not None:
                count.skip(note)
                break
            if not is_match_record(match):
                count.add(match, match.diagnostics)
                continue
            mp, findings = fingerprint_replay(match, by, options)
            count.add(match, findings)
            if not item.is_stdin:
                mp = mp.compact()  # the tokens are read again if ever needed (_near_duplicates)
            found.append(
                Occurrence(
                    file=item.name,
                    match=index + 1,
                    players=match.players,
                    games=len(match.games),
                    moves=mp.moves,
                    analysed=any(g.annotations for g in match.games),
                    reference=reference,
                    print=mp,
                )
            )
    return FilePrints(item.name, found, count.tally())


def fingerprint_inputs(
    items: Sequence[InputFile],
    by: By = "actions",
    options: CheckOptions | None = None,
    *,
    reference: bool = False,
    executor: Executor = SERIAL,
    progress: Callable[[int], None] | None = None,
) -> Iterator[FilePrints]:
    """Each input's matches, fingerprinted, with its tally, in input order, on ``executor``
    (:mod:`executors`, entered by the caller; with worker processes, call under ``if
    __name__ == "__main__":``)."""
    work = [(item, by, options or CheckOptions(), reference) for item in items]
    serial = any(item.is_stdin for item in items)
    yield from executor.map(_occurrences, work, serial=serial, progress=progress)


def fingerprint_replay(
    match: Match, by: By = "actions", options: CheckOptions | None = None
) -> tuple[MatchPrint, tuple[Finding, ...]]:
    """:func:`fingerprint_match` from a full replay of ``match``, and the replay's findings
    (what ``check`` finds in it)."""
    replayer = MatchReplayer(match, options or CheckOptions())
    replayer.ids = False
    replayer.records = False
    replayer.applied = []
    replay = replayer.run()
    return print_of(match, replayer.applied, replayer.rules.variant.value, by), replay.findings


def _choose(occurrences: Sequence[Occurrence], keep: Keep) -> Occurrence | None:
    if any(o.reference for o in occurrences):
        return None
    if keep == "longest":
        return max(occurrences, key=lambda o: o.moves)  # max keeps the first of equals
    if keep == "analysed":
        return next((o for o in occurrences if o.analysed), occurrences[0])
    return occurrences[0]


def _near_duplicates(
    groups: Sequence[Group], full: Callable[[Occurrence], MatchPrint | None]
) -> list[NearDuplicate]:
    """Pairs of groups that are partly the same record. Candidates come from two indexes, so
    the search is not quadratic: whole games shared, and the opening tokens of first games
    (a copy cut inside its first game shares no whole game). Where the compact prints cannot
    tell whether one game begins another, ``full`` fingerprints the two matches again with
    their tokens (None: that match cannot be read again)."""
    by_game: dict[str, list[int]] = {}
    by_opening: dict[tuple[int, str, bytes], list[int]] = {}
    prints = [g.occurrences[0].print for g in groups]
    for i, mp in enumerate(prints):
        for gp in mp.games:
            if gp.count >= _PREFIX:
                by_game.setdefault(gp.fingerprint, []).append(i)
        if mp.games:
            by_opening.setdefault((mp.length, mp.variant, mp.opening[-1]), []).append(i)
    pairs: set[tuple[int, int]] = set()
    for members in by_game.values():
        pairs.update((a, b) for a in members for b in members if a < b)
    for i, mp in enumerate(prints):
        for prefix in mp.opening:
            for j in by_opening.get((mp.length, mp.variant, prefix), ()):
                if j != i:
                    pairs.add((min(i, j), max(i, j)))

    def extends(longer: int, shorter: int) -> bool:
        verdict = prints[longer].extends(prints[shorter])
        if verdict is None:
            mine = full(groups[longer].occurrences[0])
            theirs = full(groups[shorter].occurrences[0])
            verdict = mine is not None and theirs is not None and mine.extends(theirs)
        return bool(verdict)

    found: list[NearDuplicate] = []
    for a, b in sorted(pairs):
        pa, pb = prints[a], prints[b]
        shared = len({g.fingerprint for g in pa.games} & {g.fingerprint for g in pb.games})
        oa, ob = groups[a].occurrences[0], groups[b].occurrences[0]
        if extends(b, a):
            found.append(NearDuplicate(oa, ob, "truncated", shared))
        elif extends(a, b):
            found.append(NearDuplicate(ob, oa, "truncated", shared))
        elif shared:
            found.append(NearDuplicate(oa, ob, "overlap", shared))
    return found


def _refingerprint(
    sources: Sequence[InputFile], by: By, options: CheckOptions | None
) -> Callable[[Occurrence], MatchPrint | None]:
    """A match's print with its tokens, read and fingerprinted again from its file (a print
    read from stdin kept its tokens); None when the file no longer holds it."""
    named = {item.name: item for item in sources}
    cache: dict[tuple[str, int], MatchPrint | None] = {}

    def full(occurrence: Occurrence) -> MatchPrint | None:
        if occurrence.print.games and occurrence.print.games[0].hashed is not None:
            return occurrence.print
        key = (occurrence.file, occurrence.match)
        if key not in cache:
            cache[key] = None
            item = named.get(occurrence.file)
            for index, match in enumerate(read_path(item) if item is not None else ()):
                if index + 1 == occurrence.match:
                    found = fingerprint_match(match, by, options)
                    if found.fingerprint == occurrence.fingerprint:
                        cache[key] = found
                    break
        return cache[key]

    return full


def dedupe(
    items: Sequence[InputFile],
    by: By = "actions",
    *,
    against: Sequence[InputFile] = (),
    keep: Keep = "first",
    options: CheckOptions | None = None,
    executor: Executor = SERIAL,
    progress: Callable[[int], None] | None = None,
) -> DedupeResult:
    """Group the matches of ``items`` (and of the reference corpus ``against``) by
    fingerprint; choose the copy to keep in each group; find the near-duplicates."""
    seen: dict[str, list[Occurrence]] = {}
    unreadable: list[str] = []
    skipped: list[str] = []
    summary = RunSummary()
    for reference, inputs in ((True, against), (False, items)):
        for part in fingerprint_inputs(
            inputs, by, options, reference=reference, executor=executor, progress=progress
        ):
            if not reference:
                summary.add(part.tally)
                if part.tally.state == UNREADABLE:
                    unreadable.append(part.name)
                elif part.tally.state == SKIPPED:
                    skipped.append(part.name)
            for occ in part.occurrences:
                seen.setdefault(occ.fingerprint, []).append(occ)
    groups = [
        Group(fp, tuple(occs), _choose(occs, keep))
        for fp, occs in seen.items()
        if any(not o.reference for o in occs)
    ]
    return DedupeResult(
        groups=tuple(groups),
        near=tuple(_near_duplicates(groups, _refingerprint([*against, *items], by, options))),
        files=len(items),
        unreadable=tuple(unreadable),
        skipped=tuple(skipped),
        summary=summary,
    )
