"""What ``stats`` and ``report`` share: reading a corpus into tables, with progress."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from gamao_cli.analysis.names import parse_aliases
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.cli.common import fail, stderr_console
from gamao_cli.cli.executor_options import Parallel, executor_for
from gamao_cli.cli.inputs_arg import Inputs, gather_inputs
from gamao_cli.cli.progress import progress_bar
from gamao_cli.i18n import _, counted, ngettext

if TYPE_CHECKING:
    from collections.abc import Iterable

    import polars as pl

    from gamao_cli.analysis.corpus import CorpusRead
    from gamao_cli.analysis.dataset import DatasetRun
    from gamao_cli.analysis.duplicates import Candidate, DuplicateGroup
    from gamao_cli.analysis.tables import LazyTables
    from gamao_cli.formats.inputs import InputFile

OutputOpt = Annotated[Path | None, typer.Option("--output", "-o", help="Write here, not stdout.")]
PathsArg = Annotated[list[str], typer.Argument(help="Files or directories ('-' for stdin).")]
AliasOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--alias",
        help="NAME=CANONICAL: count NAME (any case or spacing) as CANONICAL. Repeatable.",
        show_default=False,
    ),
]
ExtOpt = Annotated[
    str | None,
    typer.Option(
        "--ext",
        help="Extensions to take from directories, comma-separated "
        "(default: every known match format).",
    ),
]
DedupeOpt = Annotated[
    bool,
    typer.Option(
        "--dedupe",
        help="Count a match read twice (the same match in two files, as gamao dedupe finds "
        "it) once: keep the analysed copy, then the longest.",
    ),
]
ForcedOpt = Annotated[
    bool,
    typer.Option(
        "--forced/--no-forced",
        help="Count forced plays (the legal plays of every roll are generated; "
        "--no-forced is faster).",
    ),
]


def corpus_inputs(
    paths: list[str], aliases: list[str] | None, extensions: str | None
) -> tuple[dict[str, str], Inputs]:
    """The aliases (NAME -> CANONICAL) and the inputs of ``paths``; exit 2 on a bad alias
    or when no input is found."""
    try:
        alias_map = parse_aliases(aliases or [])
    except ValueError as exc:
        fail(str(exc))
    return alias_map, gather_inputs(paths, extensions)


def load_corpus(
    paths: list[str],
    options: CheckOptions,
    aliases: list[str] | None,
    run: Parallel,
    extensions: str | None,
    dedupe: bool = False,
    positions: bool = False,
) -> CorpusRead:
    """Read and replay the inputs into tables; exit 2 on bad usage or when nothing is read.
    A match read twice is named on stderr, and with ``dedupe`` counted once. ``positions``:
    keep every match's positions (the report's viewer)."""
    from gamao_cli.analysis.corpus import read_corpus  # polars: only when needed

    alias_map, given = corpus_inputs(paths, aliases, extensions)
    items = given.items
    with (
        executor_for(run, items) as runner,
        progress_bar(len(items), "reading") as advance,
    ):
        corpus = read_corpus(
            items,
            options,
            aliases=alias_map,
            progress=advance,
            executor=runner,
            positions=positions,
        )
    corpus.summary.repeated = given.repeated
    if not corpus.readable:
        nothing_read(corpus.tables.findings)
    return _copies(corpus, items, options, dedupe)


def _copies(
    corpus: CorpusRead, items: list[InputFile], options: CheckOptions, dedupe: bool
) -> CorpusRead:
    """Warn of every match read twice; with ``dedupe``, leave the copies out."""
    from dataclasses import replace

    from gamao_cli.analysis.duplicates import (
        drop_from_summary,
        dropped_keys,
        table_candidates,
        without_copies,
    )

    groups = announce_copies(table_candidates(corpus.tables), items, options, dedupe)
    if not groups:
        return corpus
    if not dedupe:
        return replace(corpus, copies=frozenset(dropped_keys(groups)))
    drop_from_summary(corpus.summary, groups)
    return replace(corpus, tables=without_copies(corpus.tables, dropped_keys(groups)))


def nothing_read(findings: pl.DataFrame) -> NoReturn:
    """No match could be read: each file's finding (why) on stderr, then exit 2."""
    err = stderr_console()
    for f in findings.iter_rows(named=True):
        err.print(f"{f['file']}: {f['code']} {f['message']}", markup=False, highlight=False)
    fail(_("no match could be read"))


def announce_copies(
    candidates: Iterable[Candidate], items: list[InputFile], options: CheckOptions, dedupe: bool
) -> list[DuplicateGroup]:
    """The matches read twice (as ``gamao dedupe`` finds them; with ``dedupe`` the copy to
    keep chosen), each copy named on stderr."""
    from gamao_cli.analysis.duplicates import find_duplicates
    from gamao_cli.report.summary_out import duplicate_lines

    groups = find_duplicates(candidates, items, options, choose=dedupe)
    err = stderr_console()
    for line in duplicate_lines(groups, dedupe):
        err.print(line, markup=False, highlight=False)
    return groups


def load_dataset(
    paths: list[str],
    options: CheckOptions,
    aliases: list[str] | None,
    run: Parallel,
    extensions: str | None,
    root: str,
    resume: bool,
) -> tuple[DatasetRun, LazyTables]:
    """Write (or complete, with ``resume``) the Parquet dataset of the inputs at ``root`` and
    scan it back lazily, names normalised; exit 2 on bad usage or when nothing is read."""
    from gamao_cli.analysis.dataset import DatasetError, scan_dataset, write_dataset
    from gamao_cli.analysis.tables import normalise_names

    alias_map, given = corpus_inputs(paths, aliases, extensions)
    items = given.items
    try:
        with (
            executor_for(run, items) as runner,
            progress_bar(len(items), "reading") as advance,
        ):
            written = write_dataset(
                items, options, root, executor=runner, resume=resume, progress=advance
            )
        lazy = normalise_names(scan_dataset(root), alias_map)
    except (DatasetError, OSError) as exc:
        fail(str(exc))
    written = replace(written, repeated=given.repeated)
    if written.matches == 0:
        fail(_("no match could be read"))
    return written, lazy


def dataset_line(run: DatasetRun) -> str:
    """The run summary (as every command prints it) with the plays replayed, then the
    dataset written."""
    from gamao_cli.report.summary_out import run_line

    resumed = _(" ({count} already complete)").format(count=run.skipped) if run.skipped else ""
    written = ngettext(
        "; {units} work unit{resumed} written to {root}",
        "; {units} work units{resumed} written to {root}",
        run.units,
    ).format(units=run.units, resumed=resumed, root=run.root)
    return run_line(run.summary, (counted("play", run.plays),), written)


def summary_line(corpus: CorpusRead, details: tuple[str, ...] = ()) -> str:
    """The run summary (as every command prints it) with the plays replayed, then
    ``details``."""
    from gamao_cli.report.summary_out import run_line

    return run_line(corpus.summary, (counted("play", corpus.tables.plays.height), *details))
