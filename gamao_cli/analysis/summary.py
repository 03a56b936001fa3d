"""What a run read, counted the same way by every command that reads matches.

Every input file ends in one of three states: **read** (at least one match with games),
**unreadable** (a match file from which no match could be read: empty, binary, damaged,
truncated, a named pipe; an error) or **skipped** (plainly not a match file, found in a
directory: no match format's extension and content that is not a match, another game's SGF,
a JSON document that is not a match, or a position file; a P010 warning, P600 info when
named). :func:`not_match_file` decides
the last; :class:`FileCount` counts one file as a command reads it, from each match and the
findings of its replay (the reader's diagnostics included), into a :class:`FileTally`; a
:class:`RunSummary` adds the tallies of a run. ``check``, ``stats``, ``report``, ``analyse``,
``convert``, ``filter`` and ``dedupe`` all fill it so, so their summaries agree
(:mod:`gamao_cli.report.summary_out` renders it).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gamao_cli.analysis.findings import Finding
from gamao_cli.formats.inputs import InputFile
from gamao_cli.formats.registry import has_match_extension, is_position_format
from gamao_cli.i18n import N_
from gamao_cli.model.diagnostics import Diagnostic, Severity
from gamao_cli.model.location import Location
from gamao_cli.model.match import Match

READ = "read"
UNREADABLE = "unreadable"
SKIPPED = "skipped"

OTHER_DOCUMENT_CODES = frozenset({"P008", "P228", "P303"})
"""The reader's codes that mean a well-formed file of another kind: a listing gamao
recognises but does not read (P008: gnubg's ``export match text``), an SGF of another game
(P228), a JSON document that is not a gamao match (P303, a ``package.json``, say). Found in a
directory, such a file is skipped whatever its extension."""

NOT_MATCH_CODES = frozenset({"P005", "P006", "P007"}) | OTHER_DOCUMENT_CODES
"""The reader's codes that can mean "not a match file": empty, binary, unrecognised, or a
document of another kind. For a file with a match format's extension only the last do; the
others make it unreadable, as when it is named."""


def not_match_file(item: InputFile, match: Match) -> Diagnostic | None:
    """The note skipping ``item`` when ``match`` (its first) says it is not a match file:
    P010 (a warning) for a file found in a directory, P600 (an info) for a position file
    named on the command line; None when the file is to be read (or reported unreadable)."""
    if is_position_format(match.source_format):
        return _position_note(item, match.source_format)
    if item.explicit or match.games:
        return None
    codes = {d.code for d in match.diagnostics}
    if not codes or not codes <= NOT_MATCH_CODES:
        return None
    if not codes <= OTHER_DOCUMENT_CODES and has_match_extension(item.name):
        return None
    return Diagnostic(
        "P010",
        Severity.WARNING,
        N_("not a match file, skipped ({why})").format(why=match.diagnostics[0].message),
        match.location,
    )


def _position_note(item: InputFile, fmt: str) -> Diagnostic:
    """A position file is skipped: P010 (a warning) when found walking a directory, like any
    other non-match file there; P600 (an info) when named: the user asked for it, and it is
    not a broken match file."""
    where = Location(item.name)
    if not item.explicit:
        why = N_("{format} file: positions, not games").format(format=fmt)
        message = N_("not a match file, skipped ({why})").format(why=why)
        return Diagnostic("P010", Severity.WARNING, message, where)
    message = N_(
        "{format} file: positions, not games, so nothing to check (gamao moves FILE and gamao "
        "show FILE read it)"
    ).format(format=fmt)
    return Diagnostic("P600", Severity.INFO, message, where)


@dataclass(frozen=True, slots=True)
class FileTally:
    """One input file's part of a run. ``whole``: False for a byte range of a file after its
    first (the file is counted once, by its first range)."""

    state: str = READ
    matches: int = 0
    games: int = 0
    errors: int = 0
    warnings: int = 0
    whole: bool = True


class FileCount:
    """Counts one input file as a command reads it: :meth:`add` each match with the findings
    of its replay, or :meth:`skip` it with the note of :func:`not_match_file`."""

    __slots__ = ("errors", "games", "matches", "skipped", "warnings", "whole")

    def __init__(self, whole: bool = True) -> None:
        self.matches = self.games = self.errors = self.warnings = 0
        self.skipped = False
        self.whole = whole

    def add(self, match: Match, findings: Iterable[Finding | Diagnostic]) -> None:
        if match.games:
            self.matches += 1 if match.part == 0 else 0  # a long match read in parts: once
            self.games += len(match.games)
        self.findings(findings)

    def findings(self, findings: Iterable[Finding | Diagnostic]) -> None:
        for f in findings:
            if f.severity is Severity.ERROR:
                self.errors += 1
            elif f.severity is Severity.WARNING:
                self.warnings += 1

    def skip(self, note: Diagnostic) -> None:
        """The file is not a match file: only ``note`` counts."""
        self.matches = self.games = self.errors = self.warnings = 0
        self.skipped = True
        self.findings((note,))

    def tally(self) -> FileTally:
        state = SKIPPED if self.skipped else READ if self.matches else UNREADABLE
        if not self.whole and state == UNREADABLE:
            state = READ  # a later byte range of a file: its first range says what it is
        return FileTally(state, self.matches, self.games, self.errors, self.warnings, self.whole)


@dataclass
class RunSummary:
    """The counts of a run: input files (read, unreadable, skipped), matches and games read,
    error and warning findings; ``dropped``: duplicate matches left out (``--dedupe``);
    ``repeated``: input names left out, the same file named again
    (:class:`gamao_cli.formats.inputs.Repeats`)."""

    files: int = 0
    unreadable: int = 0
    skipped: int = 0
    matches: int = 0
    games: int = 0
    errors: int = 0
    warnings: int = 0
    dropped: int = 0
    repeated: int = 0

    def add(self, tally: FileTally) -> None:
        if tally.whole:
            self.files += 1
            self.unreadable += tally.state == UNREADABLE
            self.skipped += tally.state == SKIPPED
        self.matches += tally.matches
        self.games += tally.games
        self.errors += tally.errors
        self.warnings += tally.warnings

    def extend(self, tallies: Iterable[FileTally]) -> RunSummary:
        for tally in tallies:
            self.add(tally)
        return self

    @property
    def read(self) -> int:
        return self.files - self.unreadable - self.skipped

    def as_dict(self) -> dict[str, int]:
        return {
            "files": self.files,
            "unreadable_files": self.unreadable,
            "skipped_files": self.skipped,
            "matches": self.matches,
            "games": self.games,
            "errors": self.errors,
            "warnings": self.warnings,
            "dropped_duplicates": self.dropped,
            "repeated_names_dropped": self.repeated,
        }


def summary_of(tallies: Iterable[FileTally]) -> RunSummary:
    return RunSummary().extend(tallies)
