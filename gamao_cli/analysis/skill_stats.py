"""Reductions of decision records: per player of a match, per game, per match, per corpus.

* decisions: counted decisions (checker plays and cube decisions, module ``skill``);
* equity lost: the sum of every decision's normalised loss (a decision that does not count
  loses nothing by definition);
* **PR** (XG's Performance Rating) = 500 x equity lost / decisions, checker and cube parts on
  their own decisions;
* **error rate** (gnubg) = 1000 x equity lost / decisions: millipoints per decision
  (gnubg's ``rErrorRateFactor``), so twice the PR;
* **Snowie's error rate** = 500 x equity lost / the rolls of both players (forced included);
* luck: the sum of the player's rolls' luck; **luck rate** = 1000 x luck / rolls (gnubg's
  per-move luck in millipoints);
* errors and blunders: decisions classified error and blunder (a blunder is not also counted
  as an error), doubtful apart.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from gamao_cli.analysis.skill import Decision

CUBE_KINDS = frozenset({"no-double", "double", "take", "drop", "beaver"})


@dataclass(slots=True)
class SkillSummary:
    """The reduction of a group of records (one player's, unless ``player`` is None)."""

    file: str
    match: int | None
    game: int | None
    player: int | None
    name: str
    source: str
    level: str = ""
    decisions: int = 0
    checker_decisions: int = 0
    cube_decisions: int = 0
    doubtful: int = 0
    errors: int = 0
    blunders: int = 0
    equity_lost: float = 0.0
    checker_lost: float = 0.0
    cube_lost: float = 0.0
    mwc_lost: float | None = None
    luck: float = 0.0
    rolls: int = 0
    all_rolls: int = 0  # both players' rolls in the same games (Snowie's denominator)
    unanalysed: int = 0  # records without a loss (the play made is not in the analysis)
    levels: set[str] = field(default_factory=set)

    def add(self, d: Decision) -> None:
        if d.level:
            self.levels.add(d.level)
        cube = d.kind in CUBE_KINDS
        if d.kind == "checker" and d.dice:
            self.rolls += 1
            if d.luck is not None:
                self.luck += d.luck
        if d.equity_lost is None:
            if d.counts or (d.legal or 0) > 1:
                self.unanalysed += 1
            return
        loss = d.equity_lost
        self.equity_lost += loss
        if d.mwc_lost is not None:
            self.mwc_lost = (self.mwc_lost or 0.0) + d.mwc_lost
        if cube:
            self.cube_lost += loss
        else:
            self.checker_lost += loss
        if d.counts:
            self.decisions += 1
            if cube:
                self.cube_decisions += 1
            else:
                self.checker_decisions += 1
        if d.classification == "blunder":
            self.blunders += 1
        elif d.classification == "error":
            self.errors += 1
        elif d.classification == "doubtful":
            self.doubtful += 1

    @property
    def pr(self) -> float | None:
        return _rate(500, self.equity_lost, self.decisions)

    @property
    def checker_pr(self) -> float | None:
        return _rate(500, self.checker_lost, self.checker_decisions)

    @property
    def cube_pr(self) -> float | None:
        return _rate(500, self.cube_lost, self.cube_decisions)

    @property
    def error_rate(self) -> float | None:
        return _rate(1000, self.equity_lost, self.decisions)

    @property
    def snowie_error_rate(self) -> float | None:
        return _rate(500, self.equity_lost, self.all_rolls)

    @property
    def luck_rate(self) -> float | None:
        return _rate(1000, self.luck, self.rolls)

    def row(self) -> dict[str, object]:
        """A flat row for json/csv/parquet (rates rounded to 0.01, equities to 1e-6; ``match``
        1-based, as the statistics number matches)."""
        return {
            "file": self.file,
            "match": None if self.match is None else self.match + 1,  # 1-based, as in stats
            "game": self.game,
            "player": self.player,
            "name": self.name,
            "source": self.source,
            "level": self.level or ",".join(sorted(self.levels)),
            "decisions": self.decisions,
            "checker_decisions": self.checker_decisions,
            "cube_decisions": self.cube_decisions,
            "doubtful": self.doubtful,
            "errors": self.errors,
            "blunders": self.blunders,
            "equity_lost": round(self.equity_lost, 6),
            "mwc_lost": None if self.mwc_lost is None else round(self.mwc_lost, 6),
            "pr": _round(self.pr),
            "checker_pr": _round(self.checker_pr),
            "cube_pr": _round(self.cube_pr),
            "error_rate": _round(self.error_rate),
            "snowie_error_rate": _round(self.snowie_error_rate),
            "luck": round(self.luck, 6),
            "luck_rate": _round(self.luck_rate),
            "rolls": self.rolls,
            "unanalysed": self.unanalysed,
        }


def _rate(factor: int, total: float, count: int) -> float | None:
    return factor * total / count if count else None


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


Key = tuple[object, ...]


def summarise(
    records: Iterable[Decision], by: str = "player", corpus: bool = False
) -> list[SkillSummary]:
    """Summaries of ``records``: ``by`` is ``player`` (each player of each match), ``game``
    (each player of each game) or ``match`` (both players of each match together).
    ``corpus`` groups players by name across files instead (file and match left empty)."""
    keyers: dict[str, Callable[[Decision], Key]] = {
        "player": lambda d: (d.source, d.file, d.match, None, d.player),
        "game": lambda d: (d.source, d.file, d.match, d.game, d.player),
        "match": lambda d: (d.source, d.file, d.match, None, None),
    }
    if by not in keyers:
        raise ValueError(f"unknown grouping {by!r}")
    keyer = keyers[by]
    groups: dict[Key, SkillSummary] = {}
    scopes: dict[Key, set[Key]] = {}  # the games or matches each summary covers
    rolls: dict[Key, int] = {}  # both players' rolls per game or match
    for d in records:
        key = (d.source, d.name) if corpus else keyer(d)
        s = groups.get(key)
        if s is None:
            if corpus:
                s = SkillSummary("", None, None, None, d.name, d.source)
            else:
                game = d.game if by == "game" else None
                player = d.player if by != "match" else None
                name = d.name if by != "match" else ""
                s = SkillSummary(d.file, d.match, game, player, name, d.source)
            groups[key] = s
        s.add(d)
        scope = (d.source, d.file, d.match, d.game if by == "game" else None)
        scopes.setdefault(key, set()).add(scope)
        if d.kind == "checker" and d.dice:
            rolls[scope] = rolls.get(scope, 0) + 1
    for key, s in groups.items():
        s.all_rolls = sum(rolls.get(scope, 0) for scope in scopes[key])
    return sorted(
        groups.values(),
        key=lambda s: (
            s.source,
            s.file,
            s.match or 0,
            s.game or 0,
            -1 if s.player is None else s.player,
            s.name,
        ),
    )
