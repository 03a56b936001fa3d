"""Reading throughput of the eXtreme Gammon ``.xg`` reader beside the ``.mat`` reader, one core.

Run by hand: ``.venv/bin/python -m benchmarks.bench_xg [--runs N] [--repeat N]``.

Cases (each the best of ``--runs`` timings; MB are the files' bytes on disk, 1 MB = 10^6):

* ``xg, in memory``: the five real ``.xg`` files of the corpus (``kevung-gbf/``), read
  ``--repeat`` times each from a ``BytesIO`` with :func:`gamao_cli.formats.xg.read_xg`
  (archive CRC, inflating, records, board replay, XG's analysis into annotations);
* ``xg, from disk``: the same through :func:`gamao_cli.formats.inputs.read_path`;
* ``xg, 7-point``: ``charlot1-charlot2_7p_2025-11-08-2305.xg`` alone, in memory, in ms a read
  (the issue's target: under 5 ms on one core, inflating included), and the same file's
  inflating alone;
* ``mat, text twins``: the ``.mat`` exports of the two matches that have one (``test.mat``,
  ``charlot1-charlot2*.mat``) and the same two ``.xg`` files, so that matches/s compare like
  with like (an ``.xg`` is 10-15 times larger than its ``.mat``: it holds XG's analysis, so
  MB/s do not compare).
"""

from __future__ import annotations

import argparse
import io
from pathlib import Path

from benchmarks.common import CORPUS, best_of
from gamao_cli.build import PURE_ENV, reader_build
from gamao_cli.formats.inputs import InputFile, read_path
from gamao_cli.formats.mat.reader import clear_caches, read_mat
from gamao_cli.formats.textio import open_text
from gamao_cli.formats.xg.container import open_archive
from gamao_cli.formats.xg.reader import read_xg

XG_DIR = CORPUS / "kevung-gbf"
SEVEN = XG_DIR / "charlot1-charlot2_7p_2025-11-08-2305.xg"
TWINS = (
    (XG_DIR / "test.xg", XG_DIR / "test.mat"),
    (SEVEN, CORPUS / "kevung-gnubgparser" / "charlot1-charlot2_7p_2025-11-08-2305.mat"),
)


def _report(label: str, megabytes: float, seconds: float, matches: int, games: int) -> None:
    print(
        f"{label:<22} {megabytes:7.2f} MB  {seconds:7.3f} s  {megabytes / seconds:6.1f} MB/s  "
        f"{matches / seconds:8,.0f} matches/s  {games / seconds:8,.0f} games/s"
    )


def _xg_in_memory(label: str, files: list[Path], repeat: int, runs: int) -> None:
    blobs = [(p.name, p.read_bytes()) for p in files] * repeat
    size = sum(len(b) for _, b in blobs) / 1e6

    def run() -> tuple[int, int]:
        matches = games = 0
        for name, data in blobs:
            for match in read_xg(io.BytesIO(data), name):
                matches += 1
                games += len(match.games)
        return matches, games

    matches, games = run()
    _report(label, size, best_of(runs, run), matches, games)


def _from_disk(label: str, files: list[Path], repeat: int, runs: int) -> None:
    inputs = [InputFile(str(p), p) for p in files] * repeat
    size = sum(p.stat().st_size for p in files) * repeat / 1e6

    def run() -> tuple[int, int]:
        matches = games = 0
        for item in inputs:
            for match in read_path(item):
                matches += 1
                games += len(match.games)
        return matches, games

    matches, games = run()
    _report(label, size, best_of(runs, run), matches, games)


def _mat_in_memory(label: str, files: list[Path], repeat: int, runs: int) -> None:
    texts: list[tuple[str, str]] = []
    for path in files:
        stream, _ = open_text(path)
        with stream:
            texts.append((path.name, stream.read()))
    work = texts * repeat
    size = sum(p.stat().st_size for p in files) * repeat / 1e6

    def run() -> tuple[int, int]:
        clear_caches()
        matches = games = 0
        for name, text in work:
            for match in read_mat(io.StringIO(text), name):
                matches += 1
                games += len(match.games)
        return matches, games

    matches, games = run()
    _report(label, size, best_of(runs, run), matches, games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=5, help="timings per case (best is kept)")
    parser.add_argument("--repeat", type=int, default=20, help="reads of each file")
    args = parser.parse_args()
    files = sorted(XG_DIR.glob("*.xg"))
    if not files:
        print(f"no .xg files in {XG_DIR}")
        return
    print(f"build: {reader_build()} ({PURE_ENV}=1 for pure Python)")
    print(f"{len(files)} real .xg files, each read {args.repeat} times")
    _xg_in_memory("xg, in memory", files, args.repeat, args.runs)
    _from_disk("xg, from disk", files, args.repeat, args.runs)
    data = SEVEN.read_bytes()
    one = best_of(args.runs * 10, lambda: list(read_xg(io.BytesIO(data), SEVEN.name)))
    inflate = best_of(args.runs * 10, lambda: open_archive(io.BytesIO(data), ("temp.xg",)))
    print(
        f"xg, 7-point ({SEVEN.name}): {one * 1000:.2f} ms a read, of which "
        f"{inflate * 1000:.2f} ms archive + CRC + inflating (target: under 5 ms)"
    )
    twins_xg = [x for x, m in TWINS if x.is_file() and m.is_file()]
    twins_mat = [m for x, m in TWINS if x.is_file() and m.is_file()]
    _xg_in_memory("twins: xg, in memory", twins_xg, args.repeat, args.runs)
    _mat_in_memory("twins: mat, in memory", twins_mat, args.repeat, args.runs)


if __name__ == "__main__":
    main()
