"""``gamao stats`` over a large synthetic archive, local executor against Dask (issue 14).

Run by hand: ``.venv/bin/python -m benchmarks.bench_archive [N] [--per-file K]`` (default
100,000 matches, 10 a file). The archive is made by tools/make_archive.py (seed 1) into a
temporary folder, then timed whole, subprocess included, with --jobs 2: ``stats`` with the
local executor, with ``--executor dask`` (a LocalCluster of 2 workers), and with a Parquet
dataset (``--tables``) from which the per-player view is computed lazily. Issue 14's targets:
1,000,000 matches in under 30 minutes, Dask within 15% of the local executor.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.common import REPO

GAMAO = str(REPO / ".venv" / "bin" / "gamao")
PYTHON = str(REPO / ".venv" / "bin" / "python")


def timed(args: list[str]) -> tuple[float, str]:
    t = time.perf_counter()
    proc = subprocess.run(args, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - t
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(args)}: exit {proc.returncode}\n{proc.stderr[-2000:]}")
    return seconds, proc.stderr.strip().splitlines()[-1]


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 100_000
    per_file = int(sys.argv[sys.argv.index("--per-file") + 1]) if "--per-file" in sys.argv else 10
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "archive"
        made, _ = timed([PYTHON, str(REPO / "tools" / "make_archive.py"), str(root),
                         "--matches", str(n), "--per-file", str(per_file)])  # fmt: skip
        print(f"made {n} matches ({per_file} a file) in {made:.1f} s", flush=True)
        runs = {
            "stats, local": ["stats", str(root), "-f", "csv", "-o", f"{tmp}/a.csv"],
            "stats, dask": ["stats", str(root), "-f", "csv", "-o", f"{tmp}/b.csv",
                            "--executor", "dask"],
            "stats --tables, local": ["stats", str(root), "-f", "csv", "-o", f"{tmp}/c.csv",
                                      "--tables", f"{tmp}/ds"],
        }  # fmt: skip
        for name, args in runs.items():
            seconds, summary = timed([GAMAO, *args, "--jobs", "2"])
            print(f"{name}: {seconds:.1f} s = {n / seconds:,.0f} matches/s ({summary})", flush=True)
        same = Path(f"{tmp}/a.csv").read_text() == Path(f"{tmp}/b.csv").read_text()
        same_ds = Path(f"{tmp}/a.csv").read_text() == Path(f"{tmp}/c.csv").read_text()
        print(f"dask output identical: {same}; dataset output identical: {same_ds}")


if __name__ == "__main__":
    main()
