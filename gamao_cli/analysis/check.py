"""Checking files: read every match, replay it, collect findings and counts.

Files are independent, so they can be checked in parallel (``jobs``); results come back in
input order, so the output is the same whatever the number of jobs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from gamao_cli.analysis.findings import Finding
from gamao_cli.analysis.gc_pause import gc_paused
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.records import MatchReplay
from gamao_cli.analysis.replay import finding_from_diagnostic, replay_match
from gamao_cli.analysis.workers import worker_pool
from gamao_cli.formats.base import without_analysis
from gamao_cli.formats.inputs import SKIPPABLE, InputFile, iter_input_files, read_path
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

    @property
    def games_unverifiable(self) -> int:
        return self.games - self.games_verified


@dataclass
class Summary:
    files: int = 0
    unreadable_files: int = 0
    skipped_files: int = 0
    matches: int = 0
    games: int = 0
    games_verified: int = 0
    plays: int = 0
    by_code: Counter[str] = field(default_factory=Counter)
    by_severity: Counter[str] = field(default_factory=Counter)

    @property
    def games_unverifiable(self) -> int:
        return self.games - self.games_verified

    def add(self, report: FileReport) -> None:
        self.files += 1
        self.unreadable_files += 0 if report.readable else 1
        self.skipped_files += 1 if report.skipped else 0
        self.matches += report.matches
        self.games += report.games
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
    for index, match in enumerate(_matches_of(item, keep)):
        codes = {d.code for d in match.diagnostics}
        if not item.explicit and not match.games and codes and codes <= SKIPPABLE:
            note = Diagnostic(
                "P010",
                Severity.WARNING,
                f"not a match file, skipped ({match.diagnostics[0].message})",
                match.location,
            )
            return FileReport(
                file=item.name,
                matches=0,
                games=0,
                games_verified=0,
                plays=0,
                findings=(finding_from_diagnostic(note, item.name),),
                readable=True,
                skipped=True,
            )
        replay = replay_match(match, options, index, item.name)
        findings.extend(replay.findings)
        if match.games:
            readable = True
            matches += 1
            games += len(replay.games)
            verified += replay.games_verified
            plays += len(replay.plays)
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
    )


def _matches_of(item: InputFile, keep: bool) -> Iterator[Match]:
    """The matches of ``item``, read without their recorded analysis unless the replays are
    kept (for reports): checking does not need it. Readers ask when they start, so only the
    first match is read inside :func:`without_analysis`."""
    matches = read_path(item)
    if keep:
        yield from matches
        return
    with without_analysis():
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
    jobs: int = 1,
    keep: bool = False,
    progress: Callable[[int], None] | None = None,
) -> Iterator[FileReport]:
    """Check inputs, yielding one report per input in input order.

    With ``jobs`` > 1 the files are checked by spawned worker processes (:mod:`workers`): a
    script calling this must do so under ``if __name__ == "__main__":``.
    """
    work = [(item, options, keep) for item in items]
    if jobs <= 1 or len(work) <= 1 or any(item.is_stdin for item in items):
        for args in work:
            yield _check_one(args)
            if progress:
                progress(1)
        return
    chunk = max(1, min(16, len(work) // (jobs * 4)))
    with worker_pool(jobs) as pool:
        for report in pool.map(_check_one, work, chunksize=chunk):
            yield report
            if progress:
                progress(1)


def collect_inputs(paths: Sequence[str], extensions: set[str] | None = None) -> list[InputFile]:
    return list(iter_input_files(paths, extensions))
