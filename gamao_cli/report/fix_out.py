"""``gamao fix``'s output: the repairs made (text or JSON) and the summary line."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, TextIO

from gamao_cli.i18n import _, counted

if TYPE_CHECKING:
    from gamao_cli.analysis.repair import Fix


def write_repairs(listed: list[tuple[str, Fix]], fmt: str, out: TextIO) -> None:
    """Each repair (the file's name, the fix) as JSON (``fmt`` json) or one text line each,
    file names and recorded text escaped for the terminal."""
    if fmt == "json":
        rows = [{"file": name, "line": f.line, "game": f.game, "code": f.code,
                 "fix": f.description} for name, f in listed]  # fmt: skip
        json.dump(rows, out, indent=2)
        out.write("\n")
        return
    from gamao_cli.model.terminal_text import terminal_safe

    for name, f in listed:
        out.write(terminal_safe(f"{name}:{f.line}: game {f.game}: {f.code} repaired: "
                                f"{f.description}") + "\n")  # fmt: skip


def fix_summary(files: int, matches: int, repairs: int, errors: int, reverted: int) -> str:
    """The run's line: files, matches, repairs and errors left (and matches left as they
    were because their repairs made them worse)."""
    return _("{files}, {matches}, {repairs}, {errors} left{reverted}").format(
        files=counted("file", files),
        matches=counted("match", matches),
        repairs=counted("repair", repairs),
        errors=counted("error", errors),
        reverted=_(", {matches} left as they were (repairs made them worse)").format(
            matches=counted("match", reverted)
        )
        if reverted
        else "",
    )
