"""End-to-end ``gamao check`` throughput: read, replay, report.

Run by hand: ``.venv/bin/python -m benchmarks.bench_check [DIR]`` (default: the generated
corpus /work/bench-corpus made by tools/oracle/make_bench_corpus.sh, .mat files only, and the
real corpus). Times the whole command, subprocess included, with --jobs 1 and --jobs 2.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.common import CORPUS, REPO

GAMAO = str(REPO / ".venv" / "bin" / "gamao")


def run(paths: list[str], jobs: int, ext: str | None) -> tuple[float, dict[str, int]]:
    args = [GAMAO, "check", *paths, "--format", "json", "--jobs", str(jobs)]
    if ext:
        args += ["--ext", ext]
    best = float("inf")
    summary: dict[str, int] = {}
    for _ in range(3):
        t = time.perf_counter()
        out = subprocess.run(args, capture_output=True, text=True, check=False)
        best = min(best, time.perf_counter() - t)
        summary = json.loads(out.stdout)["summary"]
    return best, summary


def main() -> None:
    targets = (
        [(sys.argv[1], None)]
        if len(sys.argv) > 1
        else [
            ("/work/bench-corpus", "mat"),
            (str(CORPUS), None),
        ]
    )
    for path, ext in targets:
        if not Path(path).exists():
            print(f"{path}: missing, skipped")
            continue
        for jobs in (1, 2):
            seconds, s = run([path], jobs, ext)
            print(
                f"{path} ({ext or 'all'}) --jobs {jobs}: {s['files']} files, {s['matches']} "
                f"matches, {s['plays']} plays in {seconds:.2f} s = "
                f"{s['plays'] / seconds:,.0f} plays/s, {s['matches'] / seconds:,.1f} matches/s"
            )


if __name__ == "__main__":
    main()
