"""Findings as text, JSON, JSON Lines or CSV, and the check summary table."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import TextIO

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from gamao_cli.analysis.check import FileReport, Summary
from gamao_cli.analysis.codes import all_codes
from gamao_cli.analysis.findings import Finding
from gamao_cli.engine.play_list import plays_text
from gamao_cli.i18n import N_, _, counted, format_number, translate_message
from gamao_cli.model.terminal_text import terminal_safe_lines
from gamao_cli.report.csv_safe import SafeWriter
from gamao_cli.report.summary_out import run_line

CSV_COLUMNS = (
    "file",
    "line",
    "column",
    "game",
    "move",
    "player",
    "code",
    "severity",
    "rule",
    "dice",
    "recorded",
    "message",
    "legal_count",
    "legal_plays",
    "position_id",
    "match_id",
    "xgid",
)

_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}
_SEVERITY = {"error": N_("error"), "warning": N_("warning"), "info": N_("info")}
_SEVERITIES = {"error": N_("errors"), "warning": N_("warnings"), "info": N_("info")}


def _where(f: Finding) -> str:
    parts = [f"{f.file}:{f.line}" if f.line else f.file]
    if f.game is not None:
        parts.append(f"game {f.game}")
    if f.move is not None:
        parts.append(f"move {f.move}")
    return ", ".join(parts)


def text_lines(f: Finding) -> Text:
    """One finding, as shown in the text output (without the file heading)."""
    out = Text()
    loc = f"{f.line}:{f.column}" if f.column and f.line else str(f.line) if f.line else "-"
    head = [f"  {loc}"]
    if f.game is not None:
        head.append(_("game {number}").format(number=f.game))
    if f.move is not None:
        head.append(_("move {number}").format(number=f.move))
    out.append(" ".join(head) + " ")
    out.append(f"{_(_SEVERITY[f.severity.value])} ", style=_STYLE[f.severity.value])
    out.append(f"{f.code}" + (f" [{f.rule}]" if f.rule else ""), style="bold")
    who = f" {f.player}" if f.player else ""
    rec = f" '{f.recorded.strip()}'" if f.recorded else ""
    # Record text escaped before it enters the Text (which would drop \r and BEL silently).
    out.append(terminal_safe_lines(f"{who}{rec}: {translate_message(f.message)}"))
    if f.under:
        out.append(" " + _("(under {options})").format(options=f.under))
    if f.legal_count:
        out.append("\n      " + plays_text(f.legal_plays, f.legal_count), style="dim")
    if f.position_id and f.severity.value != "info":
        ids = f"Position ID {f.position_id}"
        if f.match_id:
            ids += f"  Match ID {f.match_id}"
        if f.xgid:
            ids += f"  {f.xgid}"
        out.append(f"\n      {ids}", style="dim")
    if f.board:
        board = "\n".join("      " + line for line in f.board.splitlines())
        out.append("\n" + terminal_safe_lines(board))
    return out


def write_text(reports: Iterable[FileReport], console: Console, shown: set[str]) -> None:
    for report in reports:
        findings = [f for f in report.findings if f.severity.value in shown]
        if not findings:
            continue
        console.print(Text(terminal_safe_lines(report.file), style="bold underline"))
        for f in findings:
            console.print(text_lines(f))
        console.print()


def write_jsonl(findings: Iterable[Finding], out: TextIO) -> None:
    for f in findings:
        out.write(json.dumps(f.as_dict(), ensure_ascii=False) + "\n")


def write_json(findings: Sequence[Finding], summary: Summary, out: TextIO) -> None:
    doc = {"findings": [f.as_dict() for f in findings], "summary": summary.as_dict()}
    out.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")


def write_csv(findings: Iterable[Finding], out: TextIO) -> None:
    writer = SafeWriter(out)  # record text: no formula (report.csv_safe)
    writer.writerow(CSV_COLUMNS)
    for f in findings:
        d = f.as_dict()
        d["legal_plays"] = "; ".join(f.legal_plays)
        writer.writerow(["" if d[c] is None else d[c] for c in CSV_COLUMNS])


def summary_table(summary: Summary) -> Table:
    table = Table(
        title="gamao check", title_justify="left", show_header=False, box=box.SIMPLE, pad_edge=False
    )
    table.add_column("what")
    table.add_column("count", justify="right")
    rows = [
        (N_("files"), summary.files),
        (N_("repeated names dropped"), summary.run.repeated),
        (N_("unreadable files"), summary.unreadable_files),
        (N_("skipped (not match files)"), summary.skipped_files),
        (N_("matches"), summary.matches),
        (N_("games"), summary.games),
        ("  " + N_("verified"), summary.games_verified),
        ("  " + N_("unverifiable"), summary.games_unverifiable),
        (N_("plays"), summary.plays),
    ]
    for label, value in rows:
        optional = ("repeated names dropped", "unreadable files", "skipped (not match files)")
        if label in optional and not value:
            continue
        shown = "  " + _(label[2:]) if label.startswith("  ") else _(label)
        table.add_row(shown, format_number(value))
    for sev in ("error", "warning", "info"):
        count = summary.by_severity.get(sev, 0)
        table.add_row(
            Text(_(_SEVERITIES[sev]), style=_STYLE[sev]),
            Text(format_number(count), style=_STYLE[sev] if count else ""),
        )
    return table


def codes_table(summary: Summary) -> Table | None:
    if not summary.by_code:
        return None
    codes = all_codes()
    table = Table(show_header=True, box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(_("code"))
    table.add_column(_("count"), justify="right")
    table.add_column(_("severity"))
    table.add_column(_("what"))
    for code, count in sorted(summary.by_code.items()):
        spec = codes.get(code)
        sev = spec.severity.value if spec else ""
        table.add_row(
            code,
            format_number(count),
            Text(_(_SEVERITY[sev]) if sev else "", style=_STYLE.get(sev, "")),
            translate_message(spec.title) if spec else "",
        )
    return table


def summary_line(summary: Summary) -> str:
    """The run summary (:func:`run_line`, as every command prints it) with the games
    verified, the plays and the info findings."""
    s = summary
    n = format_number
    verified = counted("verified", s.games_verified, n(s.games_verified))
    unverifiable = counted("unverifiable", s.games_unverifiable, n(s.games_unverifiable))
    return run_line(
        s.run,
        (f" ({verified}, {unverifiable})", counted("play", s.plays, n(s.plays))),
        _(", {count} info").format(count=n(s.by_severity.get("info", 0))),
    )
