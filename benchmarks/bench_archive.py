"""``gamao stats`` over a large synthetic archive, local executor against Dask (issue 14).

Run by hand: ``.venv/bin/python -m benchmarks.bench_archive [N] [--per-file K]`` (default
100,000 matches, 10 a file). The archive is made by tools/make_archive.py (seed 1) into a
temporary folder (or ``--archive DIR``: one made before), then timed whole, subprocess
included, with --jobs 2: ``stats`` in memory and with a Parquet dataset (``--tables``, the
per-player view computed lazily from it), each with the local executor and with ``--executor
dask`` (a LocalCluster of 2 workers); ``--runs local,tables-dask`` picks some of
:data:`RUNS`; ``--keep DIR`` writes the outputs and datasets there instead (kept, to compare).
When the outputs differ, the first differing line of each is printed. "peak" is the
largest resident size of any one process of the run (GNU time). Issue 14's targets:
1,000,000 matches in under 30 minutes, Dask within 15% of the local executor.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from contextlib import nullcontext
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
    lines = proc.stderr.strip().splitlines()
    return seconds, "; ".join(lines[-2:]) if lines[-1].startswith("peak ") else lines[-1]


RUNS = {
    "local": ["-f", "csv", "-o", "{tmp}/local.csv"],
    "dask": ["-f", "csv", "-o", "{tmp}/dask.csv", "--executor", "dask"],
    "tables-local": ["-f", "csv", "-o", "{tmp}/tl.csv", "--tables", "{tmp}/ds-local"],
    "tables-dask": ["-f", "csv", "-o", "{tmp}/td.csv", "--tables", "{tmp}/ds-dask",
                    "--executor", "dask"],
}  # fmt: skip
IN_MEMORY_LIMIT = 200_000
"""Past this many matches only the --tables runs are made: the in-memory tables of a million
matches (about 300 million plays) do not fit in one process's memory; the dataset's do not
need to."""


def _option(name: str, default: str | None) -> str | None:
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 100_000
    per_file = int(_option("--per-file", "10") or 10)
    archive = _option("--archive", None)  # an archive made before, by tools/make_archive.py
    chosen = _option("--runs", None)  # comma-separated names of RUNS, default all that fit
    keep = _option("--keep", None)
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
    with nullcontext(keep) if keep else tempfile.TemporaryDirectory() as tmp:
        root = Path(archive) if archive else Path(tmp) / "archive"
        if archive is None:
            made, _ = timed([PYTHON, str(REPO / "tools" / "make_archive.py"), str(root),
                             "--matches", str(n), "--per-file", str(per_file)])  # fmt: skip
            print(f"made {n} matches ({per_file} a file) in {made:.1f} s", flush=True)
        names = chosen.split(",") if chosen else [
            name for name in RUNS if name.startswith("tables") or n <= IN_MEMORY_LIMIT
        ]  # fmt: skip
        outputs = []
        for name in names:
            args = [a.format(tmp=tmp) for a in RUNS[name]]
            command = [GAMAO, "stats", str(root), *args, "--jobs", "2"]
            seconds, summary = timed(["/usr/bin/time", "-f", "peak %M KB", *command])
            print(f"{name}: {seconds:.1f} s = {n / seconds:,.0f} matches/s ({summary})", flush=True)
            outputs.append(Path(args[args.index("-o") + 1]).read_text())
        same = all(o == outputs[0] for o in outputs)
        print(f"outputs identical: {same}")
        if not same:
            first = outputs[0].splitlines()
            for name, other in zip(names[1:], outputs[1:], strict=True):
                lines = other.splitlines()
                pairs = enumerate(zip(first, lines, strict=False))
                at = next((i for i, (a, b) in pairs if a != b), None)
                if at is None:
                    print(f"{name}: {len(lines)} lines against {len(first)}")
                else:
                    print(f"{name}: line {at + 1} differs:\n  {first[at]}\n  {lines[at]}")


if __name__ == "__main__":
    main()
