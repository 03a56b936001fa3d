"""The run summary (:class:`gamao_cli.analysis.summary.RunSummary`) as one line of text.

Every command that reads matches prints it on stderr in the same words, in English or
Portuguese: ``12 files (1 skipped) (3 unreadable), 9 matches, 40 games; 8 errors, 3
warnings``, a command adding what it did after the games (plays, what was converted,
selected or found duplicated) and after the warnings (``check``: the info findings).
"""

from __future__ import annotations

from collections.abc import Sequence

from gamao_cli.analysis.summary import RunSummary
from gamao_cli.i18n import _, counted, format_number


def run_line(summary: RunSummary, details: Sequence[str] = (), tail: str = "") -> str:
    """The summary line; ``details``: what the command adds after the games (each a
    translated phrase; one starting with a space or a parenthesis is appended as it is, any
    other after a comma); ``tail``: text after the warnings."""
    s = summary
    n = format_number
    skipped = " " + _("({count} skipped)").format(count=n(s.skipped)) if s.skipped else ""
    unreadable = (
        " " + _("({count} unreadable)").format(count=n(s.unreadable)) if s.unreadable else ""
    )
    dropped = (
        " " + _("({count} duplicates dropped)").format(count=n(s.dropped)) if s.dropped else ""
    )
    extra = "".join(d if d[:1] in (" ", "(") else ", " + d for d in details if d)
    return _(
        "{files}{skipped}{unreadable}, {matches}{dropped}, {games}{details}; {errors}, "
        "{warnings}{tail}"
    ).format(
        files=counted("file", s.files, n(s.files)),
        skipped=skipped,
        unreadable=unreadable,
        matches=counted("match", s.matches, n(s.matches)),
        dropped=dropped,
        games=counted("game", s.games, n(s.games)),
        details=extra,
        errors=counted("error", s.errors, n(s.errors)),
        warnings=counted("warning", s.warnings, n(s.warnings)),
        tail=tail,
    )
