"""The Portuguese interface keeps one word per thing, in check output, reports and help alike:

- *movimento*: a move, one checker's step of one die (``8/5``);
- *jogada*: a play, everything one player does with one roll, and a record's numbered play
  (``--move 3``, "move 3", "move rows");
- *lance* (*lance de dados*): a roll of the dice.

A word of one kind never translates another kind's English word.
"""

from __future__ import annotations

import re
from pathlib import Path

from gamao_cli.msgfmt import parse_po

PO = Path(__file__).resolve().parents[1] / "gamao_cli" / "locale" / "pt" / "LC_MESSAGES"


def _entries() -> list[tuple[str, str]]:
    text = (PO / "gamao.po").read_text(encoding="utf-8")
    return [(en, pt) for en, pt in parse_po(text).items() if en and pt]


def _has(pattern: str, text: str) -> bool:
    return re.search(rf"\b(?:{pattern})\b", text, flags=re.IGNORECASE) is not None


MOVE_EN, PLAY_EN, ROLL_EN = r"moves?", r"plays?|played", r"rolls?|rolled"
MOVE_PT, PLAY_PT, ROLL_PT = r"movimentos?", r"jogadas?", r"lances?"


def test_the_move_word_translates_only_move() -> None:
    wrong = [(en, pt) for en, pt in _entries() if _has(MOVE_PT, pt) and not _has(MOVE_EN, en)]
    assert wrong == []


def test_the_roll_word_translates_only_roll() -> None:
    """Not a play nor a record's numbered move (that is a play: jogada)."""
    wrong = [(en, pt) for en, pt in _entries() if _has(ROLL_PT, pt) and not _has(ROLL_EN, en)]
    assert wrong == []


def test_a_roll_alone_is_never_a_play() -> None:
    wrong = [
        (en, pt)
        for en, pt in _entries()
        if _has(ROLL_EN, en) and _has(PLAY_PT, pt) and not _has(f"{PLAY_EN}|{MOVE_EN}", en)
    ]
    assert wrong == []


def test_the_words_themselves() -> None:
    entries = dict(_entries())
    assert {k: entries[k] for k in ("play", "move", "roll", "rolls", "move {number}")} == {
        "play": "jogada",
        "move": "jogada",  # the findings' and report's column: the record's numbered play
        "roll": "lance",
        "rolls": "lances",
        "move {number}": "jogada {number}",
    }
    assert entries["more moves than the dice give"] == "mais movimentos do que os dados dão"
    assert entries["{count} play\0{count} plays"] == "{count} jogada\0{count} jogadas"
