"""``gamao filter`` and ``gamao dedupe`` beside ``gamao check`` on the same files.

Run by hand: ``.venv/bin/python -m benchmarks.bench_corpus_tools [N] [SOURCE_DIR] [ROUNDS]``.
The .mat files of SOURCE_DIR (default: the generated gnubg corpus /work/bench-corpus when it
exists, else the real corpus) are replicated by symbolic links until N files (default
10,000); each command is timed whole, subprocess included, with --jobs 2, in ROUNDS
interleaved rounds (default 3: the machine's speed drifts, so the commands take turns), and
the best and the median round are printed. Issue 13's target: filter and dedupe (--reaches
and --by positions included) at least as fast as check.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.common import CORPUS, REPO

GAMAO = str(REPO / ".venv" / "bin" / "gamao")
# The position after an opening 31 played 8/5 6/5, the other side on roll.
POSITION = "sGfwATDgc/ABMA"


def replicate(source: Path, target: Path, n: int) -> int:
    files = sorted(p for p in source.rglob("*") if p.suffix in (".mat", ".txt"))
    made = copy = 0
    while made < n:
        folder = target / f"copy{copy:04d}"
        folder.mkdir()
        for f in files[: n - made]:
            # A copy, not a link: gamao reads a file named twice (a link to it) only once.
            shutil.copyfile(f, folder / f"{f.parent.name}-{f.name}")
            made += 1
        copy += 1
    return made


def timed(args: list[str]) -> float:
    t = time.perf_counter()
    subprocess.run([GAMAO, *args], capture_output=True, check=False)
    return time.perf_counter() - t


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    default = Path("/work/bench-corpus")
    source = Path(sys.argv[2]) if len(sys.argv) > 2 else default if default.is_dir() else CORPUS
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "c"
        corpus.mkdir()
        files = replicate(source, corpus, n)
        runs = {
            "check": ["check", str(corpus), "-f", "jsonl", "-o", str(Path(tmp) / "f.jsonl")],
            "filter --where": ["filter", str(corpus), "--where", "length >= 7 and cube >= 4"],
            "filter --reaches": ["filter", str(corpus), "--reaches", POSITION],
            "dedupe": ["dedupe", str(corpus), "-f", "json"],
            "dedupe --by positions": ["dedupe", str(corpus), "--by", "positions", "-f", "json"],
        }
        print(f"{files} files from {source}, --jobs 2, {rounds} rounds")
        times: dict[str, list[float]] = {name: [] for name in runs}
        for _round in range(rounds):
            for name, args in runs.items():
                times[name].append(timed([*args, "--jobs", "2"]))
        for name, seconds in times.items():
            best, median = min(seconds), statistics.median(seconds)
            print(f"{name}: best {best:.2f} s = {files / best:,.0f} files/s, median {median:.2f} s")


if __name__ == "__main__":
    main()
