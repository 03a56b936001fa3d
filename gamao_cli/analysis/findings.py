"""Findings: what the checker reports, with where and why."""

from __future__ import annotations

from dataclasses import dataclass

from gamao_cli.model.diagnostics import Severity


@dataclass(frozen=True, slots=True)
class Finding:
    code: str
    severity: Severity
    rule: str | None
    file: str
    line: int
    game: int | None
    move: int | None
    player: str | None
    message: str
    column: int = 0
    dice: str | None = None
    recorded: str | None = None
    position_id: str | None = None
    match_id: str | None = None
    xgid: str | None = None
    legal_plays: tuple[str, ...] = ()  # the legal plays (all when few, else the first ones)
    legal_count: int | None = None
    board: str | None = None  # ASCII board of the position before the action
    under: str | None = None  # a play judged under options not the variant's default

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "code": self.code,
            "severity": self.severity.value,
            "rule": self.rule,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "game": self.game,
            "move": self.move,
            "player": self.player,
            "dice": self.dice,
            "recorded": self.recorded,
            "message": self.message,
            "legal_plays": list(self.legal_plays),
            "legal_count": self.legal_count,
            "position_id": self.position_id,
            "match_id": self.match_id,
            "xgid": self.xgid,
        }
        if self.under is not None:  # only then: other findings keep their shape
            out["under"] = self.under
        return out
