"""Converting one input file: its matches read, checked for what cannot be written, made
canonical (forced plays filled in, as the replay reads them) and written as text in the
target format. The work of ``gamao convert``, one task a file on any executor; the command
writes the texts where they go, in input order.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from gamao_cli.analysis.canonical import canonical_replay
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.summary import FileCount, FileTally, not_match_file
from gamao_cli.engine.variants import definition
from gamao_cli.formats.inputs import InputFile, read_path
from gamao_cli.formats.registry import by_name
from gamao_cli.model.diagnostics import Diagnostic, Severity
from gamao_cli.model.match import Match, Variant


def no_notation(target: str, variant: Variant) -> bool:
    """Whether ``variant``'s plays cannot be written in the ``target`` format (skipped):
    engine.variants says which formats hold them (an SGF move cannot start off the board; a
    ``.mat`` dice cell holds two dice, so acey-deucey's entries are written ``off/19`` but
    tabula's third die has no place)."""
    d = definition(variant)
    return not d.writes_sgf if target == "sgf" else target == "mat" and not d.writes_mat


@dataclass(frozen=True, slots=True)
class Converted:
    """What converting one file gave: the messages for the user (in order), and the text of
    every match written in the target format."""

    messages: tuple[str, ...]
    diagnostics: int
    problems: bool
    games: int
    texts: tuple[str, ...]
    tally: FileTally = field(default_factory=FileTally)  # what the run summary counts of the file


def reported(diagnostics: Iterable[Diagnostic]) -> list[str]:
    """The lines convert prints for ``diagnostics``: each but the info ones."""
    return [
        f"{d.location}: {d.code} {d.message}"
        for d in diagnostics
        if d.severity is not Severity.INFO
    ]


def not_written(match: Match, target: str) -> str:
    """The line for a match of a variant ``target`` has no notation for."""
    return (
        f"{match.location}: {match.rules.variant.value} is not written as {target}: its "
        "entries from off the board have no notation there (use --to json); skipped"
    )


def convert_file(args: tuple[InputFile, str, CheckOptions]) -> Converted:
    """Convert one input to the format named ``target`` (``mat``, ``sgf``, ``json``,
    ``jsonl``) under ``options``; nothing raises for bad input (it is a message)."""
    item, target, options = args
    fmt = by_name(target)
    assert fmt.write is not None
    messages: list[str] = []
    diagnostics = 0
    problems = False
    written: list[Match] = []
    count = FileCount()
    for index, match in enumerate(read_path(item)):
        note = not_match_file(item, match) if index == 0 else None
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
        if not match.games:
            count.add(match, match.diagnostics)
            continue
        tagged = _with_variant(match, options.variant, messages)
        canonical, findings = canonical_replay(tagged, options)
        count.add(match, findings)
        if no_notation(target, tagged.rules.variant):
            messages.append(not_written(tagged, target))
            problems = True
            continue
        written.append(canonical)
    texts = []
    for m in written:
        out = io.StringIO()
        fmt.write(m, out)
        texts.append(out.getvalue())
    games = sum(len(m.games) for m in written)
    return Converted(tuple(messages), diagnostics, problems, games, tuple(texts), count.tally())


STREAM_BYTES = 4 << 20
"""An input of this many bytes or more is converted by the command as it is read
(:func:`convert_small` leaves it), not as texts made whole by a worker."""


def streams(item: InputFile) -> bool:
    """Whether ``item`` is converted as it is read: standard input, or a large file."""
    if item.is_stdin:
        return True
    try:
        return item.path is not None and item.path.stat().st_size >= STREAM_BYTES
    except OSError:
        return False


def convert_small(args: tuple[InputFile, str, CheckOptions]) -> Converted | None:
    """:func:`convert_file`, but None for an input that :func:`streams` (the command
    converts it as it is read)."""
    return None if streams(args[0]) else convert_file(args)


def _with_variant(match: Match, variant: Variant | None, messages: list[str]) -> Match:
    """``match`` tagged with the asked variant (written out as the target format's variant
    tag); a different tag of the record's own is reported."""
    if variant is None or variant is match.rules.variant:
        return match
    if match.rules.variant is not Variant.STANDARD:
        messages.append(
            f"{match.location}: the record says {match.rules.variant.value}; written as "
            f"{variant.value} as asked"
        )
    return replace(match, rules=replace(match.rules, variant=variant))
