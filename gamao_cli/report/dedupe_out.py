"""``gamao dedupe``'s output: the groups of identical matches as text, JSON, JSON Lines or CSV.

JSON is a list with one object per distinct match (singletons included), in first-seen order:
``fingerprint``, ``files`` (each file that holds the match, as given on the command line),
``matches`` (each occurrence: file, match, players, games, moves, analysed, kept,
reference), ``kept`` (the occurrence kept, or null when the match is in the reference
corpus) and ``near`` (near-duplicates: the other group's fingerprint and the relation).
"""

from __future__ import annotations

import json
from typing import TextIO

from gamao_cli.analysis.dedupe import DedupeResult, Group, NearDuplicate, Occurrence
from gamao_cli.i18n import _, counted
from gamao_cli.model.terminal_text import TerminalSafeWriter
from gamao_cli.report.csv_safe import SafeWriter
from gamao_cli.report.summary_out import run_line


def _where(o: Occurrence) -> str:
    return f"{o.file}#{o.match}"


def _occurrence(o: Occurrence, group: Group) -> dict[str, object]:
    return {
        "file": o.file,
        "match": o.match,
        "players": list(o.players),
        "games": o.games,
        "moves": o.moves,
        "analysed": o.analysed,
        "kept": o is group.kept,
        "reference": o.reference,
    }


Near = dict[str, list[dict[str, object]]]
"""Each group's near-duplicates as the JSON lists them, by the group's fingerprint."""


def _near_by_group(near: tuple[NearDuplicate, ...]) -> Near:
    out: Near = {}
    for n in near:
        truncated = n.relation == "truncated"
        for mine, other, relation in (
            (n.first, n.second, "truncated copy of" if truncated else "shares games with"),
            (n.second, n.first, "continued in" if truncated else "shares games with"),
        ):
            out.setdefault(mine.fingerprint, []).append({
                "fingerprint": other.fingerprint,
                "relation": relation,
                "shared_games": n.shared_games,
            })  # fmt: skip
    return out


def group_object(group: Group, near: Near) -> dict[str, object]:
    files: list[str] = []
    for o in group.occurrences:
        if not o.reference and o.file not in files:
            files.append(o.file)
    kept = group.kept
    return {
        "fingerprint": group.fingerprint,
        "files": files,
        "matches": [_occurrence(o, group) for o in group.occurrences],
        "kept": None if kept is None else {"file": kept.file, "match": kept.match},
        "near": near.get(group.fingerprint, []),
    }


def write_json(result: DedupeResult, out: TextIO) -> None:
    near = _near_by_group(result.near)
    # One write: json.dump writes every token separately (a tenth of a large dedupe's time).
    out.write(json.dumps([group_object(g, near) for g in result.groups], indent=2) + "\n")


def write_jsonl(result: DedupeResult, out: TextIO) -> None:
    near = _near_by_group(result.near)
    for g in result.groups:
        out.write(json.dumps(group_object(g, near), separators=(",", ":")) + "\n")


CSV_COLUMNS = (
    "fingerprint",
    "file",
    "match",
    "player_1",
    "player_2",
    "games",
    "moves",
    "analysed",
    "kept",
    "reference",
)


def write_csv(result: DedupeResult, out: TextIO) -> None:
    writer = SafeWriter(out)  # names and file names: no formula (report.csv_safe)
    writer.writerow(CSV_COLUMNS)
    for g in result.groups:
        for o in g.occurrences:
            writer.writerow(
                (g.fingerprint, o.file, o.match, *o.players, o.games, o.moves,
                 str(o.analysed).lower(), str(o is g.kept).lower(), str(o.reference).lower())
            )  # fmt: skip


def write_text(result: DedupeResult, stream: TextIO) -> None:
    """The groups with more than one copy, then the near-duplicates. Names and file names
    come from the records: what could act on a terminal is written as a visible escape."""
    out = TerminalSafeWriter(stream)
    for g in result.groups:
        if len(g.occurrences) < 2:
            continue
        out.write(f"{g.fingerprint}  {len(g.occurrences)} copies\n")
        for o in g.occurrences:
            mark = "keep" if o is g.kept else ("ref " if o.reference else "dup ")
            players = " vs ".join(o.players)
            out.write(f"  {mark} {_where(o)}  {players}, {o.games} games, {o.moves} moves\n")
    for n in result.near:
        if n.relation == "truncated":
            out.write(
                _(
                    "near-duplicate: {first} ({moves} moves) is a truncated copy of {second} "
                    "({moves2} moves)"
                ).format(
                    first=_where(n.first),
                    moves=n.first.moves,
                    second=_where(n.second),
                    moves2=n.second.moves,
                )
                + "\n"
            )
        else:
            out.write(
                _("near-duplicate: {first} and {second} share {count} whole game(s)").format(
                    first=_where(n.first), second=_where(n.second), count=n.shared_games
                )
                + "\n"
            )


def summary_line(result: DedupeResult) -> str:
    """The run summary (as every command prints it) with the distinct matches, the
    duplicates and the near-duplicates."""
    return run_line(
        result.summary,
        (
            counted("distinct", len(result.groups)),
            counted("duplicate", result.duplicates),
            counted("near-duplicate", len(result.near)),
        ),
    )
