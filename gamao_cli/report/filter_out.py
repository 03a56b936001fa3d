"""``gamao filter``'s list of the selected matches: text, JSON, JSON Lines or CSV."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, TextIO

from gamao_cli.report.csv_safe import SafeWriter

if TYPE_CHECKING:
    from gamao_cli.analysis.filtering import Selected


def _rows(selected: list[Selected]) -> list[dict[str, object]]:
    return [
        {
            "file": s.file,
            "match": s.index,
            "players": list(s.match.players),
            "reaches": [{"game": h.game, "move": h.move, "line": h.line} for h in s.hits],
        }
        for s in selected
    ]


def write_selected(selected: list[Selected], fmt: str, out: TextIO) -> None:
    """The selected matches and where they reach the position, in ``fmt`` (text, json,
    jsonl or csv); in text, record text is escaped for the terminal."""
    if fmt == "json":
        out.write(json.dumps(_rows(selected), indent=2) + "\n")  # one write, not a token each
    elif fmt == "jsonl":
        for row in _rows(selected):
            out.write(json.dumps(row, separators=(",", ":")) + "\n")
    elif fmt == "csv":
        writer = SafeWriter(out)  # names and file names: no formula (report.csv_safe)
        writer.writerow(("file", "match", "player_1", "player_2", "game", "move", "line"))
        for s in selected:
            for h in s.hits or (None,):
                where = ("", "", "") if h is None else (h.game, h.move, h.line)
                writer.writerow((s.file, s.index, *s.match.players, *where))
    else:
        from gamao_cli.model.terminal_text import terminal_safe

        for s in selected:  # names and file names escaped for the terminal, as written
            out.write(terminal_safe(f"{s.file}#{s.index}  {' vs '.join(s.match.players)}") + "\n")
            for h in s.hits:
                place = "at the start" if h.move == 0 else f"after move {h.move}"
                out.write(f"  game {h.game} {place} (line {h.line})\n")
