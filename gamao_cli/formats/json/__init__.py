"""gamao JSON (``.json``, ``.jsonl``): the lossless form of the match model, written and read.

:mod:`.writer` writes (docs/json-schema.md), :mod:`.reader` reads, :mod:`.analysis` handles
annotations and :mod:`.values` the values both share. Absolute imports only: inside this
package ``import json`` is still the standard library's.
"""

from __future__ import annotations

import json

from gamao_cli.formats.base import FormatInfo
from gamao_cli.formats.family import SNIFF_CHARS, Family, lazy
from gamao_cli.model.diagnostics import Severity

__all__ = ["FAMILY", "FORMAT", "JSON_CODES", "sniff_json", "sniff_jsonl"]

FORMAT = "gamao-match"
"""The ``"format"`` every gamao match document names."""

JSON_CODES: dict[str, str] = {
    "P301": "empty input: no JSON document",
    "P302": "invalid JSON",
    "P303": 'not a gamao match document (no "format": "gamao-match")',
    "P304": "unsupported gamao JSON version",
    "P305": "document does not fit the schema: match skipped",
    "P306": "game does not fit the schema: game skipped",
    "P307": "action does not fit the schema: action skipped",
    "P308": "unknown field ignored",
    "P309": "annotation does not fit the schema: annotation skipped",
}


def sniff_json(head: str) -> bool:
    """Starts with ``{`` or ``[`` and names the gamao match format."""
    text = head.lstrip("\ufeff \t\r\n")[:SNIFF_CHARS]
    return text[:1] in ("{", "[") and f'"{FORMAT}"' in text


def sniff_jsonl(head: str) -> bool:
    """A gamao JSON document whose first line is a complete JSON object (JSON Lines)."""
    if not sniff_json(head):
        return False
    first = head.lstrip("\ufeff \t\r\n").split("\n", 1)[0]
    try:
        return isinstance(json.loads(first), dict)
    except ValueError:
        return False


_READ = lazy("gamao_cli.formats.json.reader", "read_json")

FAMILY = Family(
    name="json",
    formats=(
        FormatInfo(
            name="json",
            description="gamao JSON, one pretty-printed match document (docs/json-schema.md)",
            extensions=("json",),
            sniff=sniff_json,
            read=_READ,
            write=lazy("gamao_cli.formats.json.writer", "write_json"),
            sniff_rank=-1,
            stream=lazy("gamao_cli.formats.json.stream", "open_json_stream"),
        ),
        FormatInfo(
            name="jsonl",
            description="gamao JSON Lines, one match document per line",
            extensions=("jsonl",),
            sniff=sniff_jsonl,
            read=_READ,
            write=lazy("gamao_cli.formats.json.writer", "write_jsonl"),
            many_per_file=True,
            read_from=lazy("gamao_cli.formats.json.reader", "read_json_lines"),
            sniff_rank=-2,
            stream=lazy("gamao_cli.formats.json.stream", "open_jsonl_stream"),
        ),
    ),
    codes=JSON_CODES,
    severities={"P308": Severity.WARNING},
)
