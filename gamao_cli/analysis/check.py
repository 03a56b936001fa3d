"""Checking files: read every match, replay it, collect findings and counts.

Files are independent, so they can be checked in parallel (an executor's); results come
back in input order, so the output is the same wherever they were checked.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from gamao_cli.analysis.executors import Executor
from gamao_cli.analysis.executors.local import SERIAL
from gamao_cli.analysis.findings import Finding
from gamao_cli.analysis.gc_pause import gc_paused
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.records import MatchReplay
from gamao_cli.analysis.replay import MatchReplayer, finding_from_diagnostic, replay_match
from gamao_cli.analysis.summary import FileCount, FileTally, RunSummary, not_match_file
from gamao_cli.formats.base import in_parts, without_analysis
from gamao_cli.formats.inputs import InputFile, Repeats, iter_input_files, read_path
from gamao_cli.model.diagnostics import Diagnostic, Severity
from gamao_cli.model.match import Match


@dataclass(frozen=True, slots=True)
class FileReport:
    file: str
    matches: int
    games: int
    games_verified: int
    plays: int
    findings: tuple[Finding, ...]
    readable: bool  # False when nothing at all could be read from the input
    replays: tuple[MatchReplay, ...] = ()  # kept only when asked for
    skipped: bool = False  # found in a directory, but not a match file
    tally: FileTally = field(default_factory=FileTally)  # what the run summary counts of it

    @property
    def games_unverifiable(self) -> int:
        return self.games - self.games_verified


@dataclass
class Summary:
    """``check``'s counts: the run's (:class:`RunSummary`, as every command counts them),
    and the games verified, the plays and the findings by code and severity."""

    run: RunSummary = field(default_factory=RunSummary)
    games_verified: int = 0
    plays: int = 0
    by_code: Counter[str] = field(default_factory=Counter)
    by_severity: Counter[str] = field(default_factory=Counter)

    @property
    def files(self) -> int:
        return self.run.files

    @property
    def unreadable_files(self) -> int:
        return self.run.unreadable

    @property
    def skipped_files(self) -> int:
        return self.run.skipped

    @property
    def matches(self) -> int:
        return self.run.matches

    @property
    def games(self) -> int:
        return self.run.games

    @property
    def games_unverifiable(self) -> int:
        return self.games - self.games_verified

    def add(self, report: FileReport) -> None:
        self.run.add(report.tally)
        self.games_verified += report.games_verified
        self.plays += report.plays
        for f in report.findings:
            self.by_code[f.code] += 1
            self.by_severity[f.severity.value] += 1

    @property
    def errors(self) -> int:
        return self.by_severity.get(Severity.ERROR.value, 0)

    def as_dict(self) -> dict[str, object]:
        return {
            "files": self.files,
            "unreadable_files": self.unreadable_files,
            "skipped_files": self.skipped_files,
            "repeated_names_dropped": self.run.repeated,
            "matches": self.matches,
            "games": self.games,
            "games_verified": self.games_verified,
            "games_unverifiable": self.games_unverifiable,
            "plays": self.plays,
            "findings": {s.value: self.by_severity.get(s.value, 0) for s in Severity},
            "by_code": dict(sorted(self.by_code.items())),
        }


def check_input(item: InputFile, options: CheckOptions, keep: bool = False) -> FileReport:
    """Check one input file: every match in it."""
    findings: list[Finding] = []
    replays: list[MatchReplay] = []
    matches = games = verified = plays = 0
    readable = False
    index = -1
    replayer: MatchReplayer | None = None
    count = FileCount()
    for match in _matches_of(item, keep):
        index += 1 if match.part == 0 else 0
        note = not_match_file(item, match) if index == 0 and match.part == 0 else None
        if note is not None:
            count.skip(note)
            return _skipped(item, note, count.tally())
        if match.part == 0 and not match.continued:
            # The plays are recorded only for a caller that keeps the replays.
            replay = replay_match(match, options, index, item.name, records=keep)
        else:  # a long match read in parts (never when the replays are kept)
            if match.part == 0:
                replayer = MatchReplayer(match, options, index, item.name)
                replayer.records = False
            assert replayer is not None
            replay = replayer.run_part(match)
        findings.extend(replay.findings)
        count.add(match, replay.findings)
        if match.games:
            readable = True
            matches += 1 if match.part == 0 else 0
            games += len(replay.games)
            verified += replay.games_verified
            plays += replay.played
        if keep and match.games:
            replays.append(replay)
    return FileReport(
        file=item.name,
        matches=matches,
        games=games,
        games_verified=verified,
        plays=plays,
        findings=tuple(findings),
        readable=readable,
        replays=tuple(replays),
        tally=count.tally(),
    )


def _skipped(item: InputFile, note: Diagnostic, tally: FileTally) -> FileReport:
    return FileReport(
        file=item.name,
        matches=0,
        games=0,
        games_verified=0,
        plays=0,
        findings=(finding_from_diagnostic(note, item.name),),
        readable=True,
        skipped=True,
        tally=tally,
    )


def _matches_of(item: InputFile, keep: bool) -> Iterator[Match]:
    """The matches of ``item``, read without their recorded analysis unless the replays are
    kept (for reports): checking does not need it; and a long match in parts
    (:func:`in_parts`: memory bounded by a part, not by the match). Readers ask when they
    start, so only the first match is read inside :func:`without_analysis`."""
    matches = read_path(item)
    if keep:
        yield from matches
        return
    with without_analysis(), in_parts():
        first = next(matches, None)
    if first is not None:
        yield first
        yield from matches


def _check_one(args: tuple[InputFile, CheckOptions, bool]) -> FileReport:
    with gc_paused():  # one file's objects go together (see gc_pause)
        return check_input(*args)


def check_inputs(
    items: Sequence[InputFile],
    options: CheckOptions,
    *,
    keep: bool = False,
    progress: Callable[[int], None] | None = None,
    executor: Executor = SERIAL,
) -> Iterator[FileReport]:
    """Check inputs on ``executor`` (:mod:`executors`, entered by the caller; with worker
    processes, call under ``if __name__ == "__main__":``), yielding one report per input in
    input order as they come."""
    work = [(item, options, keep) for item in items]
    serial = any(item.is_stdin for item in items)
    yield from executor.map(_check_one, work, serial=serial, progress=progress)


def collect_inputs(
    paths: Sequence[str], extensions: set[str] | None = None, repeats: Repeats | None = None
) -> list[InputFile]:
    """The input files of ``paths`` (:func:`iter_input_files`), each once; ``repeats``
    counts the names dropped as repeated."""
    return list(iter_input_files(paths, extensions, repeats))
