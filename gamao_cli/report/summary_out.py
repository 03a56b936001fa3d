"""The run summary (:class:`gamao_cli.analysis.summary.RunSummary`) as one line of text.

Every command that reads matches prints it on stderr in the same words, in English or
Portuguese: ``12 files (1 skipped, 3 unreadable), 9 matches, 40 games; 8 errors, 3
warnings``, a command adding what it did after the games (plays, what was converted,
selected or found duplicated) and after the warnings (``check``: the info findings).
"""

from __future__ import annotations

from collections.abc import Sequence

from gamao_cli.analysis.duplicates import DuplicateGroup
from gamao_cli.analysis.summary import RunSummary
from gamao_cli.i18n import _, counted, format_number, ngettext


def run_line(summary: RunSummary, details: Sequence[str] = (), tail: str = "") -> str:
    """The summary line; ``details``: what the command adds after the games (each a
    translated phrase; one starting with a space or a parenthesis is appended as it is, any
    other after a comma); ``tail``: text after the warnings."""
    s = summary
    n = format_number
    notes = []  # about the files: one parenthesis, the notes joined by commas
    if s.repeated:
        notes.append(
            ngettext(
                "({count} repeated name dropped)", "({count} repeated names dropped)", s.repeated
            ).format(count=n(s.repeated))
        )
    if s.skipped:
        notes.append(
            ngettext("({count} skipped)", "({count} skipped)", s.skipped).format(count=n(s.skipped))
        )
    if s.unreadable:
        notes.append(
            ngettext("({count} unreadable)", "({count} unreadable)", s.unreadable).format(
                count=n(s.unreadable)
            )
        )
    about_files = " (" + ", ".join(note.strip("()") for note in notes) + ")" if notes else ""
    dropped = f" ({counted('dropped', s.dropped, n(s.dropped))})" if s.dropped else ""
    extra = "".join(d if d[:1] in (" ", "(") else ", " + d for d in details if d)
    return _("{files}, {matches}{dropped}, {games}{details}; {errors}, {warnings}{tail}").format(
        files=counted("file", s.files, n(s.files)) + about_files,
        matches=counted("match", s.matches, n(s.matches)),
        dropped=dropped,
        games=counted("game", s.games, n(s.games)),
        details=extra,
        errors=counted("error", s.errors, n(s.errors)),
        warnings=counted("warning", s.warnings, n(s.warnings)),
        tail=tail,
    )


DUPLICATE_LINES = 10
"""Copies named one a line; past them one line counts the rest (an archive of thousands of
copies would otherwise bury the summary: ``gamao dedupe`` lists them all)."""


def duplicate_lines(groups: Sequence[DuplicateGroup], dropped: bool) -> list[str]:
    """One line for each copy of a match read twice (the first :data:`DUPLICATE_LINES`):
    which it copies, and whether it was left out (``--dedupe``) or counted twice; then one
    line for the copies not named."""
    out: list[str] = []
    copies = sum(len(group.dropped) for group in groups)
    for group in groups:
        kept = f"{group.kept.file}#{group.kept.match}"
        for copy in group.dropped:
            if len(out) == DUPLICATE_LINES:
                rest = copies - DUPLICATE_LINES
                more = ngettext(
                    "... and {count} more copy (gamao dedupe lists every copy)",
                    "... and {count} more copies (gamao dedupe lists every copy)",
                    rest,
                )
                out.append(more.format(count=format_number(rest)))
                return out
            template = (
                _("{copy}: the same match as {kept} (as gamao dedupe finds it): left out")
                if dropped
                else _(
                    "{copy}: the same match as {kept} (as gamao dedupe finds it): counted "
                    "twice (--dedupe counts it once)"
                )
            )
            out.append(template.format(copy=f"{copy.file}#{copy.match}", kept=kept))
    return out
