"""A fuzz campaign for the position-file reader, run by hand.

    GAMAO_PURE_PYTHON=1 .venv/bin/python tools/fuzz/positions.py COUNT [SEED]

Each input is one or two position texts (the XG and BGBlitz exports of ../shared/corpus/real
and tests/fixtures/positions) with one to ten random edits: short runs of board, ID and
number characters inserted, runs deleted. A failure is any exception from the sniffer or the
reader, or a match with neither a game nor an error diagnostic (something lost silently);
the first failing input is printed. tests/formats/test_position_text.py does the same on a
smaller scale at every run.
"""

from __future__ import annotations

import io
import random
import sys
import traceback
from pathlib import Path

from gamao_cli.formats.position.text import read_positions, sniff_position
from gamao_cli.model.diagnostics import Severity

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO.parent / "shared" / "corpus" / "real"
ALPHABET = "XO0123456789-+|:/.%() \nabBA*=,vXGID"


def _texts() -> list[str]:
    paths = sorted(CORPUS.glob("kevung-*parser/*.txt"))
    paths += sorted((REPO / "tests" / "fixtures" / "positions").glob("*.txt"))
    return [p.read_text(encoding="utf-8") for p in paths]


def _mutated(rng: random.Random, texts: list[str]) -> str:
    text = rng.choice(texts)
    if rng.random() < 0.3:
        text += rng.choice(texts)
    for _ in range(rng.randint(1, 10)):
        at = rng.randrange(len(text) + 1)
        insert = "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 5)))
        text = text[:at] + insert + text[at + rng.randint(0, 10) :]
    return text


def main(count: int, seed: int) -> int:
    rng = random.Random(seed)
    texts = _texts()
    for _ in range(count):
        text = _mutated(rng, texts)
        try:
            sniff_position(text)
            matches = list(read_positions(io.StringIO(text), "fuzz.txt"))
            assert matches, "no match at all"
            for m in matches:
                errors = any(d.severity is Severity.ERROR for d in m.diagnostics)
                assert m.games or errors, "a match with no game and no error"
        except Exception:
            traceback.print_exc()
            print(repr(text))
            return 1
    print(f"{count} inputs, no failure (seed {seed})")
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 1))
