"""``check``'s output as the file reports arrive: text and JSON Lines written at once, JSON
and CSV (one document each) and text into a file written when the run ends."""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from gamao_cli.report.findings_out import write_csv, write_json, write_jsonl, write_text

if TYPE_CHECKING:
    from rich.console import Console

    from gamao_cli.analysis.check import FileReport, Summary
    from gamao_cli.analysis.findings import Finding

FORMATS = ("text", "json", "jsonl", "csv")


class FindingsWriter:
    """Writes the findings of the severities in ``shown`` in format ``fmt`` (one of
    :data:`FORMATS`) to ``out``; text goes to ``console`` as it comes when one is given (the
    terminal), else into ``out`` once :meth:`finish` is called."""

    def __init__(
        self, fmt: str, out: TextIO, shown: set[str], console: Console | None = None
    ) -> None:
        if fmt not in FORMATS:
            raise ValueError(f"unknown findings format {fmt!r}")
        self._fmt = fmt
        self._out = out
        self._shown = shown
        self._console = console
        self._held: list[FileReport] = []

    def add(self, report: FileReport) -> None:
        """One file's report, in input order."""
        if self._fmt == "jsonl":
            write_jsonl(self._wanted(report), self._out)
        elif self._fmt == "text" and self._console is not None:
            write_text([report], self._console, self._shown)
        else:
            self._held.append(report)

    def finish(self, summary: Summary) -> None:
        """What waits for the whole run: the JSON document, the CSV table, text into a file."""
        if self._fmt == "text" and self._console is None:
            from gamao_cli.report.safe_console import SafeConsole

            safe = SafeConsole(file=self._out, highlight=False, soft_wrap=True, no_color=True)
            write_text(self._held, safe, self._shown)
        elif self._fmt in ("json", "csv"):
            findings = [f for r in self._held for f in self._wanted(r)]
            if self._fmt == "json":
                write_json(findings, summary, self._out)
            else:
                write_csv(findings, self._out)

    def _wanted(self, report: FileReport) -> list[Finding]:
        return [f for f in report.findings if f.severity.value in self._shown]
