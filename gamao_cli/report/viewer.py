"""The match viewer's data: every match's positions (:mod:`analysis.match_positions`) as the
compact records the page's script steps through, and the deep link of every play.

A deep link is ``#match{N}-game{G}-move{M}``: ``N`` is the match's number in the report's
Matches section, ``G`` the game's number, ``M`` the move (row) number as recorded (the Nth
action of the game where the format numbers none); the second and later actions with the same
number (the other player's play, a cube action) add ``-{k}``: ``#match1-game3-move7-2``.
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

import polars as pl

from gamao_cli.analysis.match_positions import MatchPositions
from gamao_cli.analysis.skill import Decision
from gamao_cli.i18n import N_, _, translate_message
from gamao_cli.model.notation import parse_steps
from gamao_cli.model.terminal_text import terminal_safe

Place = tuple[str, int, int, int]
"""A record's place: file, match (1-based, as in the tables), line, column."""

_LABELS: Final = {  # a cube action or set-up the record gives no text for
    "d": N_("double"),
    "t": N_("take"),
    "x": N_("drop"),
    "b": N_("beaver"),
    "r": N_("resign"),
    "s": N_("position set"),
}
_UI: Final = {
    "first": N_("First position (Home)"),
    "prev": N_("Previous play (Left)"),
    "next": N_("Next play (Right)"),
    "last": N_("Last position (End)"),
    "prevGame": N_("Previous game (Up)"),
    "nextGame": N_("Next game (Down)"),
    "flip": N_("Flip the board"),
    "match": N_("Match"),
    "game": N_("Game"),
    "end": N_("end of the game"),
    "unknown": N_("This position cannot be shown: an earlier play could not be applied."),
    "legal": N_("Legal plays ({count}); click one to draw it:"),
    "recorded": N_("the recorded play"),
    "pips": N_("pips {pips}"),
    "score": N_("score {score}"),
    "rule": N_("rule {rule}"),
    "lost": N_("equity lost {lost}"),
    "best": N_("best: {best}"),
    "doubtful": N_("doubtful"),
    "error": N_("error"),
    "blunder": N_("blunder"),
    "strip": N_("Equity lost at each decision of the game; click a bar to go there."),
    "cube": N_("cube equities: no double {nd}, double/take {dt}, double/pass {dp}"),
}


class Viewer:
    """The page's data (JSON, safe inside a script block) and the deep link of each play or
    cube action by its place in the file (:meth:`link`, worked out for a match when first
    asked)."""

    def __init__(self, data: str, matches: dict[tuple[str, int], tuple[int, MatchPositions]]):
        self.data = data
        self.matches = len(matches)
        self._by_match = matches
        self._places: dict[tuple[str, int], dict[tuple[int, int], tuple[int, int, str]]] = {}

    def at(self, file: str, match: int, line: int | None, column: int | None) -> Where | None:
        """(game index, entry index, deep link) of the entry at that place, if any."""
        if line is None:
            return None
        key = (file, match)
        places = self._places.get(key)
        if places is None:
            found = self._by_match.get(key)
            if found is None:
                return None
            places = self._places[key] = _places(*found)
        return places.get((line, column or 0))

    def link(self, file: str, match: int, line: int | None, column: int | None) -> str | None:
        """The deep link of the entry at that place, if any."""
        where = self.at(file, match, line, column)
        return None if where is None else where[2]


Where = tuple[int, int, str]


def entry_keys(moves: Sequence[int | None]) -> list[str]:
    """Each entry's move key: ``move7``, then ``move7-2`` for the second with number 7 (the
    entry's ordinal where the game has no numbers)."""
    numbered = any(m is not None for m in moves)
    seen: dict[int, int] = {}
    out = []
    for i, move in enumerate(moves, 1):
        m = move if numbered and move is not None else i
        k = seen[m] = seen.get(m, 0) + 1
        out.append(f"move{m}" if k == 1 else f"move{m}-{k}")
    return out


def _places(n: int, mp: MatchPositions) -> dict[tuple[int, int], Where]:
    out: dict[tuple[int, int], Where] = {}
    for gi, game in enumerate(mp.games):
        for ei, (place, key) in enumerate(zip(game.places, entry_keys(game.moves), strict=True)):
            if place[0]:
                out.setdefault(place, (gi, ei, f"#match{n}-game{game.number}-{key}"))
    return out


def _findings_by_place(findings: pl.DataFrame) -> dict[Place, list[list[str]]]:
    out: dict[Place, list[list[str]]] = {}
    shown = findings.filter(pl.col("severity") != "info", pl.col("line").is_not_null())
    for file, match, line, column, code, severity, rule, message in shown.select(
        "file", "match", "line", "column", "code", "severity", "rule", "message"
    ).iter_rows():
        text = terminal_safe(translate_message(str(message))) if message is not None else ""
        out.setdefault((file, match, line, column or 0), []).append(
            [str(code), str(severity), str(rule or ""), text]
        )
    return out


def _skill_notes(
    viewer: Viewer, decisions: Iterable[Decision]
) -> dict[tuple[str, int, int], dict[int, list[list[object]]]]:
    """Each analysed decision at its entry: kind, class, equity lost, played, best, the best
    play's moves (for arrows; none for a cube decision) and a cube decision's equities from
    the doubler's side (no double, double/take, double/pass; null where unknown)."""
    out: dict[tuple[str, int, int], dict[int, list[list[object]]]] = {}
    for d in decisions:
        if d.kind == "no-double" and not d.classification:
            continue  # no double, rightly: nothing to show
        where = viewer.at(d.file, d.match + 1, d.line, d.column)
        if where is None:
            continue
        best: list[int] = []
        if d.kind == "checker" and d.best and d.best != d.played:
            try:
                best = [p for s in parse_steps(d.best) for p in (s.from_point, s.to_point)]
            except ValueError:
                best = []
        lost = None if d.equity_lost is None else round(d.equity_lost, 3)
        cube = None if d.cube is None else [round(x, 3) for x in d.cube]
        note: list[object] = [d.kind, d.classification, lost, d.played, d.best, best, cube]
        out.setdefault((d.file, d.match + 1, where[0]), {}).setdefault(where[1], []).append(note)
    return out


def _dump(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def build_viewer(
    positions: Iterable[MatchPositions],
    numbers: Mapping[tuple[str, int], int],
    names: Mapping[tuple[str, int], tuple[str, str]],
    lengths: Mapping[tuple[str, int], int],
    findings: pl.DataFrame,
    decisions: Sequence[Decision] | None = None,
) -> Viewer:
    """The viewer of every match in ``numbers`` (the Matches section's (file, match) -> N);
    ``decisions``: the analysed decisions (``--skill``), shown at their plays."""
    kept = {}
    for mp in positions:
        key = (mp.file, mp.index + 1)
        if key in numbers:  # not left out of the report (a copy, --dedupe)
            kept[key] = (numbers[key], mp)
    viewer = Viewer("", kept)
    # The findings by game and entry (their places, looked up in their matches only).
    notes: dict[tuple[str, int, int], dict[int, list[list[str]]]] = {}
    for (file, match, line, column), found in _findings_by_place(findings).items():
        where = viewer.at(file, match, line, column)
        if where is not None:
            notes.setdefault((file, match, where[0]), {})[where[1]] = found
    skill = _skill_notes(viewer, decisions or ())
    index, parts = [], []
    for key, (n, mp) in sorted(kept.items(), key=lambda item: item[1][0]):
        games = [
            f'{{"g":{g.number},"score":[{g.score[0]},{g.score[1]}],"end":{_dump(g.end)},'
            f'"cube":[{g.end_cube[0]},{g.end_cube[1]}],"e":{g.entries},"legal":{g.legal},'
            f'"f":{_dump(notes.get((*key, gi), {}))},"s":{_dump(skill.get((*key, gi), {}))}}}'
            for gi, g in enumerate(mp.games)
        ]
        index.append(
            f'{{"n":{n},"names":{_dump([terminal_safe(name) for name in names[key]])},'
            f'"length":{lengths[key]},'
            f'"variant":{_dump(mp.variant)},"ids":{_dump(mp.standard_ids)},'
            f'"checkers":{mp.checkers},"track":{_dump(list(mp.track))},'
            f'"gn":{_dump([g.number for g in mp.games])}}}'
        )
        parts.append(packed(f"[{','.join(games)}]"))
    viewer.data = "\n".join([packed('{"matches":[' + ",".join(index) + "]}"), *parts])
    return viewer


def packed(text: str) -> str:
    """A part of the viewer's data as the page holds it: zlib-compressed (level 1) and
    Base64-encoded. The data is the index (each match's number, names, variant, track and game
    numbers), then each match's games, a part a line: the page unpacks (with the browser's own
    DecompressionStream) and parses the index at load, and a match's part only when it is
    first shown, so a report over 300 matches (11 MB of JSON) opens as fast as over one.
    Base64's letters cannot end the script block that holds them, whatever the record's text."""
    return base64.b64encode(zlib.compress(text.encode("utf-8"), 1)).decode("ascii")


def _unpack(part: str) -> Any:
    return json.loads(zlib.decompress(base64.b64decode(part)).decode("utf-8"))


def unpacked(data: str) -> object:
    """The viewer's data :func:`build_viewer` packed, whole: the index with each match's games
    (tests, tools)."""
    first, *parts = data.split("\n")
    index = _unpack(first)
    for match, part in zip(index["matches"], parts, strict=True):
        match["games"] = _unpack(part)
    return index


def page_labels(geometry: Mapping[str, float]) -> str:
    """The viewer's fixed data: its labels in the user's language and the board's geometry."""
    labels = {k: _(v) for k, v in _UI.items()}
    labels.update({k: _(v) for k, v in _LABELS.items()})
    return script_json({"labels": labels, "geometry": dict(geometry)})


def script_json(value: object) -> str:
    """``value`` as JSON safe inside ``<script type="application/json">``: ``<``, ``>`` and
    ``&`` (so no ``</script>`` nor ``<!--``) and U+2028/U+2029 as escapes."""
    return script_safe(_dump(value))


def script_safe(text: str) -> str:
    """JSON text made safe inside a script block (:func:`script_json`); the escapes are JSON's
    own, so the value read back is the same."""
    for raw, safe in (
        ("<", "\\u003c"),
        (">", "\\u003e"),
        ("&", "\\u0026"),
        ("\u2028", "\\u2028"),
        ("\u2029", "\\u2029"),
    ):
        text = text.replace(raw, safe)
    return text
