"""Peak memory of the commands over one huge money session (issue 27).

Run by hand: ``.venv/bin/python -m benchmarks.bench_memory [GAMES] [--file F] [--runs a,b]``
(default 1,000,000 games), or ``--archive MATCHES`` for the runs of :data:`ARCHIVE_RUNS` over
an archive of that many matches (tools/make_archive.py, seed 1, a match a file; ``--file``:
one made before), with ``--jobs 2``: what grows there is what the run keeps a match or a
player (the players' rows are part of ``--by player``'s output). The session is made by
tools/make_session.py (seed 1: short self-played legal games ending in a dropped double, so
the file checks clean) into a temporary folder, or ``--file`` names one made before. Each run
of :data:`RUNS` is timed whole, subprocess included, with ``--jobs 1``; "peak" is the largest
resident size of the process (GNU time's ``%M``); ``--timeout S`` stops a run after S seconds
(exit 124, its peak so far). Issue 27's target: every run under 300 MB, whatever the number
of games (memory bounded by the largest game, not by the file).

``GAMAO`` (the environment variable) names the gamao to run, default this checkout's venv;
set ``PYTHONPATH`` to compare two checkouts with one venv.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.common import REPO

GAMAO = os.environ.get("GAMAO", str(REPO / ".venv" / "bin" / "gamao"))
PYTHON = sys.executable
SECOND = str(REPO / "examples" / "gnubg_7pt.mat")  # a second input, for several inputs

RUNS = {
    "check": ["check", "{file}", "-f", "jsonl", "-o", "{tmp}/check.jsonl"],
    "stats-player": ["stats", "{file}", "--by", "player", "-f", "csv", "-o", "{tmp}/p.csv"],
    "stats-match": ["stats", "{file}", "--by", "match", "-f", "csv", "-o", "{tmp}/m.csv"],
    "stats-game": ["stats", "{file}", "--by", "game", "-f", "csv", "-o", "{tmp}/g.csv"],
    "stats-game-json": ["stats", "{file}", "--by", "game", "-f", "json", "-o", "{tmp}/g.json"],
    "stats-tables": ["stats", "{file}", "-f", "csv", "-o", "{tmp}/t.csv", "--tables",
                     "{tmp}/tables"],
    "stats-tables-game": ["stats", "{file}", "--by", "game", "-f", "csv", "-o", "{tmp}/tg.csv",
                          "--tables", "{tmp}/tables-g"],
    "convert-sgf": ["convert", "{file}", "--to", "sgf", "-o", "{tmp}/out.sgf", "--force"],
    "convert-json": ["convert", "{file}", "--to", "json", "-o", "{tmp}/out.json", "--force"],
    "convert-jsonl": ["convert", "{file}", "--to", "jsonl", "-o", "{tmp}/out.jsonl", "--force"],
    "convert-mat": ["convert", "{file}", "--to", "mat", "-o", "{tmp}/out.mat", "--force"],
    "convert-folder": ["convert", "{file}", "--to", "sgf", "-o", "{tmp}/folder", "--force"],
    "convert-inputs": ["convert", "{file}", "{second}", "--to", "mat", "-o", "{tmp}/inputs",
                       "--force"],
}  # fmt: skip


ARCHIVE_RUNS = {
    "stats-player": RUNS["stats-player"],
    "stats-game": RUNS["stats-game"],
    "check": RUNS["check"],
    "report": ["report", "{file}", "-o", "{tmp}/report.html"],
}


def _option(name: str, default: str | None) -> str | None:
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def run(args: list[str], limit: str | None) -> tuple[float, float, float, int]:
    """(seconds, CPU seconds, peak MB, exit code) of one command (stopped after ``limit``
    seconds). CPU seconds (user and system) tell more than seconds on a busy machine."""
    t = time.perf_counter()
    stop = ["timeout", limit] if limit else []
    proc = subprocess.run(
        ["/usr/bin/time", "-f", "peak %M KB %U %S", *stop, *args],
        capture_output=True,
        text=True,
        check=False,
    )
    seconds = time.perf_counter() - t
    peaks = [line.split() for line in proc.stderr.splitlines() if line.startswith("peak ")]
    peak = int(peaks[-1][1]) / 1024 if peaks else float("nan")
    cpu = float(peaks[-1][3]) + float(peaks[-1][4]) if peaks else float("nan")
    if proc.returncode not in (0, 1, 124):
        print(proc.stderr[-2000:], file=sys.stderr)
    return seconds, cpu, peak, proc.returncode


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 1_000_000
    given = _option("--file", None)
    chosen = _option("--runs", None)
    limit = _option("--timeout", None)  # seconds: a run stopped then exits 124
    archive = _option("--archive", None)
    runs = ARCHIVE_RUNS if archive else RUNS
    jobs = "2" if archive else "1"
    names = chosen.split(",") if chosen else list(runs)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(given) if given else Path(tmp) / ("archive" if archive else "session.mat")
        if given is None and archive:
            maker = [PYTHON, str(REPO / "tools" / "make_archive.py"), str(path)]
            subprocess.run([*maker, "--matches", archive], check=True)
        elif given is None:
            maker = [PYTHON, str(REPO / "tools" / "make_session.py"), str(path)]
            subprocess.run([*maker, "--games", str(games)], check=True)
        size = sum(f.stat().st_size for f in path.rglob("*")) if path.is_dir() else 0
        size = (size or path.stat().st_size) / 1e6
        print(f"{path} ({size:.1f} MB); {GAMAO}", flush=True)
        print(f"{'run':<15} {'peak MB':>8} {'seconds':>8} {'CPU s':>8}  exit", flush=True)
        for name in names:
            args = [a.format(tmp=tmp, file=path, second=SECOND) for a in runs[name]]
            seconds, cpu, peak, code = run([GAMAO, *args, "--jobs", jobs], limit)
            print(f"{name:<15} {peak:8.0f} {seconds:8.1f} {cpu:8.1f}  {code}", flush=True)


if __name__ == "__main__":
    main()
