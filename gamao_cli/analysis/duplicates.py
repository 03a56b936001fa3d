"""The same match read twice in one run of ``stats``, ``report`` or ``analyse``.

Found by the rule of ``gamao dedupe`` (:mod:`dedupe`, :mod:`fingerprint`: two matches are the
same when every action is), but only among candidates: matches of the same length and number
of games, told by the tables the command made anyway. Only the candidates' files are read
again and fingerprinted, so a run without such pairs costs nothing more. In each group of
copies the one kept (``--dedupe``) is the analysed one, then the longest (the most moves),
then the first, as ``gamao dedupe --keep analysed`` then ``--keep longest`` choose.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from gamao_cli.analysis.fingerprint import fingerprint_match
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.summary import RunSummary
from gamao_cli.formats.base import without_analysis
from gamao_cli.formats.inputs import InputFile, read_path
from gamao_cli.model.match import Match

if TYPE_CHECKING:  # polars: imported where the tables are used
    import polars as pl

    from gamao_cli.analysis.skill_run import FileSkill
    from gamao_cli.analysis.tables import Tables

KEYS = ("file", "match")


@dataclass(frozen=True, slots=True)
class Copy:
    """One match of one file: ``match`` is 1-based, as in the tables."""

    file: str
    match: int
    games: int
    moves: int
    analysed: bool


@dataclass(frozen=True, slots=True)
class DuplicateGroup:
    """The copies of one match, in input order; ``kept`` is one of them."""

    copies: tuple[Copy, ...]
    kept: Copy

    @property
    def dropped(self) -> tuple[Copy, ...]:
        return tuple(c for c in self.copies if c is not self.kept)


Candidate = tuple[str, int, tuple[object, ...]]
"""(file, 1-based match number, key): matches with equal keys may be copies."""


def find_duplicates(
    candidates: Iterable[Candidate],
    items: Sequence[InputFile],
    options: CheckOptions,
    choose: bool = True,
) -> list[DuplicateGroup]:
    """The groups of copies among ``candidates`` (in input order), fingerprinted from the
    files ``items`` name. ``choose``: keep the analysed copy, then the longest; else the
    first (the files are then read without their analysis, which is faster)."""
    by_key: dict[tuple[object, ...], list[tuple[str, int]]] = {}
    for name, number, key in candidates:
        by_key.setdefault(key, []).append((name, number))
    wanted: dict[str, set[int]] = {}
    for members in by_key.values():
        if len(members) > 1:
            for name, number in members:
                wanted.setdefault(name, set()).add(number)
    if not wanted:
        return []
    order = {item.name: i for i, item in enumerate(items)}
    by_print: dict[str, list[Copy]] = {}
    for item in items:
        numbers = wanted.get(item.name)
        if not numbers or item.is_stdin:
            continue  # standard input cannot be read twice
        for index, match in enumerate(_read(item, analysis=choose)):
            if index + 1 not in numbers or not match.games:
                continue
            mp = fingerprint_match(match, "actions", options)  # the plays-only fast path
            copy = Copy(
                item.name,
                index + 1,
                len(match.games),
                mp.moves,
                any(g.annotations for g in match.games),
            )
            by_print.setdefault(mp.fingerprint, []).append(copy)
    groups = []
    for copies in by_print.values():
        if len(copies) > 1:
            ordered = tuple(sorted(copies, key=lambda c: (order.get(c.file, 0), c.match)))
            kept = max(ordered, key=lambda c: (c.analysed, c.moves)) if choose else ordered[0]
            groups.append(DuplicateGroup(ordered, kept))
    groups.sort(key=lambda g: (order.get(g.copies[0].file, 0), g.copies[0].match))
    return groups


def _read(item: InputFile, analysis: bool) -> Iterator[Match]:
    matches = read_path(item)
    if analysis:
        yield from matches
        return
    with without_analysis():  # readers ask when they start: the first match is enough
        first = next(matches, None)
    if first is not None:
        yield first
        yield from matches


def dropped_keys(groups: Iterable[DuplicateGroup]) -> set[tuple[str, int]]:
    """(file, 1-based match) of every copy not kept."""
    return {(c.file, c.match) for g in groups for c in g.dropped}


def table_candidates(tables: Tables) -> list[Candidate]:
    """The matches of ``tables`` keyed by what two copies of one match share: length,
    variant, games, final score and plays."""
    import polars as pl

    plays = tables.games.group_by(KEYS).agg(pl.col("plays").sum())
    return match_candidates(tables.matches, plays)


def match_candidates(matches: pl.DataFrame, plays: pl.DataFrame) -> list[Candidate]:
    """The candidates of the rows ``matches`` (of the matches table), ``plays`` giving each
    match's plays (columns file, match, plays; a match with games has a row)."""
    plays = plays.select(*KEYS, plays.get_column("plays").alias("_plays"))
    rows = matches.select(*KEYS, "length", "variant", "games", "score_1", "score_2").join(
        plays, on=list(KEYS), how="left", maintain_order="left"
    )
    return [(r[0], r[1], tuple(r[2:])) for r in rows.iter_rows()]


def without_copies(tables: Tables, dropped: set[tuple[str, int]]) -> Tables:
    """``tables`` without the rows of the matches ``dropped`` ((file, 1-based match));
    their findings stay (the files were read and checked)."""
    if not dropped:
        return tables
    import polars as pl

    gone = pl.DataFrame(
        {"file": [f for f, _ in dropped], "match": [m for _, m in dropped]},
        schema={"file": pl.String, "match": pl.Int64},
    )

    def keep(frame: pl.DataFrame) -> pl.DataFrame:
        return frame.join(gone, on=list(KEYS), how="anti", maintain_order="left")

    return replace(
        tables,
        matches=keep(tables.matches),
        games=keep(tables.games),
        plays=keep(tables.plays),
        cube_actions=keep(tables.cube_actions),
    )


def drop_from_summary(summary: RunSummary, groups: Sequence[DuplicateGroup]) -> None:
    """Count each match once in ``summary``: the copies not kept are taken off its matches
    and games, and counted as dropped."""
    for group in groups:
        for copy in group.dropped:
            summary.dropped += 1
            summary.matches -= 1
            summary.games -= copy.games


def skill_candidates(files: Iterable[FileSkill]) -> list[Candidate]:
    """The matches ``analyse`` read, keyed by length and number of games."""
    out: list[Candidate] = []
    for f in files:
        games = Counter(g.match for g in f.games)
        for (name, index), (_players, length) in f.matches.items():
            out.append((name, index + 1, (length, games[index])))
    return out


def without_skill_copies(files: Iterable[FileSkill], dropped: set[tuple[str, int]]) -> None:
    """Take the decisions and games of the matches ``dropped`` ((file, 1-based match)) out of
    ``files``."""
    for f in files:
        f.records = [d for d in f.records if (d.file, d.match + 1) not in dropped]
        f.games = [g for g in f.games if (g.file, g.match + 1) not in dropped]
        f.matches = {k: v for k, v in f.matches.items() if (k[0], k[1] + 1) not in dropped}
