"""Every benchmark, one after another (run by hand: ``make bench``; takes several minutes)."""

from __future__ import annotations

import subprocess
import sys

MODULES = (
    "bench_startup",
    "bench_engine",
    "bench_read",
    "bench_check",
    "bench_stats",
    "bench_analyse",
    "bench_xg",
    "bench_corpus_tools",
)


def main() -> None:
    for name in MODULES:
        print(f"== {name}", flush=True)
        subprocess.run([sys.executable, "-m", f"benchmarks.{name}"], check=False)


if __name__ == "__main__":
    main()
