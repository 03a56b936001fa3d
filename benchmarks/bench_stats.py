"""``gamao stats`` over a large corpus: 10,000 matches (target: under 30 s with --jobs 2).

Run by hand: ``.venv/bin/python -m benchmarks.bench_stats [N] [SOURCE_DIR]``. The generated
gnubg corpus (default /work/bench-corpus, made by tools/oracle/make_bench_corpus.sh) is
replicated by symbolic links into a temporary directory until it holds N matches (default
10,000), then the whole command is timed (subprocess included), once with forced-play
counting (the default) and once with --no-forced, and ``gamao report --summary`` once.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.common import REPO

GAMAO = str(REPO / ".venv" / "bin" / "gamao")


def replicate(source: Path, target: Path, n: int) -> int:
    files = sorted(source.glob("*.mat"))
    if not files:
        raise SystemExit(f"{source}: no .mat files")
    made = 0
    copy = 0
    while made < n:
        folder = target / f"copy{copy:03d}"
        folder.mkdir()
        for f in files[: n - made]:
            # A copy, not a link: gamao reads a file named twice (a link to it) only once.
            shutil.copyfile(f, folder / f.name)
            made += 1
        copy += 1
    return made


def timed(args: list[str]) -> tuple[float, str]:
    t = time.perf_counter()
    proc = subprocess.run(args, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - t
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(args)}: exit {proc.returncode}\n{proc.stderr}")
    return seconds, proc.stderr.strip().splitlines()[-1]


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    source = Path(sys.argv[2]) if len(sys.argv) > 2 else Path("/work/bench-corpus")
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "corpus"
        corpus.mkdir()
        count = replicate(source, corpus, n)
        out = Path(tmp) / "out"
        runs = [
            ("stats --forced", ["stats", str(corpus), "-f", "csv", "-o", str(out)]),
            (
                "stats --no-forced",
                ["stats", str(corpus), "--no-forced", "-f", "csv", "-o", str(out)],
            ),
            (
                "report --summary",
                ["report", str(corpus), "--summary", "--no-forced", "-o", str(out) + ".html"],
            ),
        ]
        for label, args in runs:
            seconds, summary = timed([GAMAO, *args, "--jobs", "2"])
            print(
                f"{label} --jobs 2, {count} matches: {seconds:.1f} s ({count / seconds:,.0f} "
                f"matches/s) [{summary}]"
            )


if __name__ == "__main__":
    main()
