"""The cost of running work through an executor (issue 14), by hand.

``.venv/bin/python -m benchmarks.bench_executors [UNITS]``: ``UNITS`` (default 2,000) tasks
that do nothing but return a small result, through the local executor (2 spawned workers) and
the Dask executor (a LocalCluster of 2 workers), each timed after its workers are up. The
difference per unit is what an executor adds to every work unit (a unit of ``stats`` is about
4 MB of match files, seconds of work), in milliseconds.
"""

from __future__ import annotations

import sys
import time

from gamao_cli.analysis.executors import make_executor


def nothing(item: int) -> int:
    return item


def per_unit_ms(kind: str, units: int) -> float:
    with make_executor(kind, jobs=2) as executor:
        list(executor.map(nothing, list(range(8))))  # workers started and warm
        t = time.perf_counter()
        results = list(executor.map(nothing, list(range(units))))
        seconds = time.perf_counter() - t
    assert results == list(range(units))
    return seconds * 1000 / units


def main() -> None:
    units = int(sys.argv[1]) if len(sys.argv) > 1 else 2_000
    for kind in ("local", "dask"):
        print(f"{kind}: {per_unit_ms(kind, units):.2f} ms a unit ({units} units)", flush=True)


if __name__ == "__main__":
    main()
