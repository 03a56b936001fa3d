"""A long fuzz campaign, run by hand: mutated real match files through reading and replay.

    .venv/bin/python tools/fuzz/campaign.py SECONDS [SEED]
    GAMAO_PURE_PYTHON=1 .venv/bin/python tools/fuzz/campaign.py SECONDS [SEED]

Each input is a real ``.mat`` or SGF text (../shared/corpus/real, and the first 40 matches of
the generated corpus /work/bench-corpus if present) with one to eight random edits: inserted
format fragments, deleted runs, replaced characters, digits, dropped or repeated lines. Every
match read is replayed twice (plain, and counting the legal plays of every roll). A failure is
any exception, or a P009 diagnostic (a reader that raised); the first five failing inputs are
written to /tmp/gamao-fuzz-failN.(mat|sgf). The test suite's hypothesis tests
(tests/formats/test_mat_fuzz.py, ...) do the same on a smaller scale at every run.
"""

from __future__ import annotations

import io
import random
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TextIO

from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.replay import replay_match
from gamao_cli.build import reader_build
from gamao_cli.formats.mat.reader import read_mat
from gamao_cli.formats.sgf.reader import read_sgf
from gamao_cli.model import Match

Reader = Callable[[TextIO, str], Iterator[Match]]
REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO.parent / "shared" / "corpus" / "real"
GENERATED = Path("/work/bench-corpus")
PIECES = [
    " 7 point match\n", " Game 2\n", " A : 0      B : 1\n", "  3) ", "31: ", "8/5* ", "bar/22 ",
    "6/off(2) ", " Doubles => 2", " Takes", " Drops", " Beavers => 4", "      Wins 1 point\n",
    "Cannot Move", "????", "Illegal play (25;0;1;", '; [Crawford "On"]\n', "\t", "\r\n",
    "\ufeff", "\x00", ")", ":", "(", "*", "/", "-", ",", "\n", " ", "99999999999999999999",
    ";B[", "]", "(;", "MI[", "RE[W+3]", "CO[", "CP[", "AE[", "AB[", ";W[31ab]", "GM[6]", "\\",
    "[", ";B[double]", ";W[take]", ";W[drop]",
]  # fmt: skip


def _texts(suffixes: tuple[str, ...], generated: str) -> list[str]:
    paths = sorted(p for p in CORPUS.rglob("*") if p.suffix in suffixes and p.is_file())
    paths += sorted(GENERATED.glob(generated))[:40]
    return [p.read_bytes().decode("utf-8", "replace") for p in paths]


def mutate(rng: random.Random, text: str) -> str:
    for _ in range(rng.randint(1, 8)):
        kind = rng.choice(["insert", "delete", "replace", "digit", "drop_line", "dup_line"])
        at = rng.randint(0, max(len(text) - 1, 0))
        if kind == "insert":
            text = text[:at] + rng.choice(PIECES) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + rng.randint(1, 40) :]
        elif kind == "replace":
            text = text[:at] + chr(rng.randint(0, 0x2FF)) + text[at + 1 :]
        elif kind == "digit":
            text = text[:at] + str(rng.randint(0, 9)) + text[at + 1 :]
        else:
            lines = text.splitlines(keepends=True)
            if lines:
                index = at % len(lines)
                if kind == "drop_line":
                    del lines[index]
                else:
                    lines.insert(index, lines[index])
            text = "".join(lines)
    return text


def check(reader: Reader, text: str, name: str) -> None:
    for match in reader(io.StringIO(text), name):
        for diagnostic in match.diagnostics:
            if diagnostic.code == "P009":
                raise AssertionError(diagnostic)
        for options in (CheckOptions(), CheckOptions(analyse_plays=True)):
            replay_match(match, options, 0, name)


def main() -> None:
    seconds = float(sys.argv[1])
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    mats = _texts((".mat", ".xg", ".txt"), "*.mat")
    sgfs = _texts((".sgf",), "*.sgf")
    tried = failed = 0
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        reader: Reader
        reader, source, name = (
            (read_mat, rng.choice(mats), "fuzz.mat")
            if rng.random() < 0.6
            else (read_sgf, rng.choice(sgfs), "fuzz.sgf")
        )
        text = mutate(rng, source)
        try:
            check(reader, text, name)
        except Exception:
            failed += 1
            if failed <= 5:
                Path(f"/tmp/gamao-fuzz-fail{failed}.{name[-3:]}").write_text(text)
                traceback.print_exc()
        tried += 1
    print(f"{reader_build()} build: {tried} inputs, {failed} failures in {seconds:g} s")


if __name__ == "__main__":
    main()
