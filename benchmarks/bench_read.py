"""Reading throughput of the ``.mat`` reader (and the SGF reader for comparison), one core.

Run by hand: ``.venv/bin/python -m benchmarks.bench_read [--runs N] [--repeat N]``.

Cases (each the best of ``--runs`` timings; MB are the files' bytes on disk, 1 MB = 10^6):

* ``real, in memory``: the 55 Jellyfish match texts of the real corpus (the files
  ``tests/formats/test_mat_corpus.py`` counts), decoded once, then read ``--repeat`` times
  each from a ``StringIO`` with :func:`gamao_cli.formats.mat.reader.read_mat`;
* ``real, from disk``: the same files, ``--repeat`` times each, through
  :func:`gamao_cli.formats.inputs.read_path` (open, sniff, decode, read);
* ``generated``: the gnubg self-play corpus made by ``tools/oracle/make_bench_corpus.sh``
  (default ``/work/bench-corpus``, 300 matches in both formats), each file once: the
  ``.mat`` files in memory and through ``read_path``, the ``.sgf`` files through
  ``read_path``; skipped if the folder is absent.

The ``.mat`` and SGF readers keep the play texts they have read in caches shared by all
readers (plays repeat from match to match); they are emptied before every timing, so each
timing starts cold, as a ``gamao`` run does. Timings are wall-clock; on a busy machine
compare against another reader timed in the same run rather than across runs.

The issue's target is 20 MB/s of ``.mat`` per core for reading alone. The ``.mat`` reader is
timed in the build installed (compiled by ``setup.py`` when it could be); run with
``GAMAO_PURE_PYTHON=1`` to time the pure-Python modules instead.
"""

from __future__ import annotations

import argparse
import io
from collections.abc import Callable
from pathlib import Path

from benchmarks.common import CORPUS, best_of
from gamao_cli.build import PURE_ENV, reader_build
from gamao_cli.formats.inputs import InputFile, read_path
from gamao_cli.formats.mat.reader import clear_caches, read_mat
from gamao_cli.formats.sgf import reader as sgf_reader
from gamao_cli.formats.textio import open_text

BENCH_CORPUS = Path("/work/bench-corpus")
TARGET_MB_S = 20.0

# The Jellyfish match texts of the real corpus (the other .txt files are position exports).
_MAT_DIRS_ALL = (
    "bgnori-bglib",
    "cuotos-matfile_go",
    "kevung-blunderDB",
    "kevung-gnubgparser",
    "kevung-lazyBG",
    "lassehjorthmadsen-gnubg-scripts",
)
_MAT_SINGLES = ("gitGNU-gnu_gibbon/7point.mat", "nodots-backgammon-core/sample.xg")


# Files added to those folders by the corpus's second batch: left out, so that the figures
# stay comparable with the earlier ones (one is gnubg's analysis listing, not a .mat).
_LATER = ("Amirrr-nori-2009Feb151603.txt", "match1484923_analyzed.txt")


def real_match_files(corpus: Path = CORPUS) -> list[Path]:
    """The 55 ``.mat``-format files of the real corpus's first batch, sorted."""
    files = [
        p
        for d in _MAT_DIRS_ALL
        for p in (corpus / d).glob("*")
        if p.suffix in (".txt", ".mat") and p.name not in _LATER
    ]
    files += [corpus / name for name in _MAT_SINGLES]
    return sorted(p for p in files if p.is_file())


def _cold_best(runs: int, fn: Callable[[], object]) -> float:
    """The fastest of ``runs`` timings of ``fn()``, each after emptying the reader's caches."""

    def cold() -> object:
        clear_caches()
        sgf_reader.clear_caches()
        return fn()

    return best_of(runs, cold)


def _count(matches: object) -> tuple[int, int]:
    """(matches, games) of an iterable of matches, consumed."""
    n_matches = n_games = 0
    for match in matches:  # type: ignore[attr-defined]
        n_matches += 1
        n_games += len(match.games)
    return n_matches, n_games


def _report(label: str, megabytes: float, seconds: float, matches: int, games: int) -> None:
    rate = megabytes / seconds
    below = ".mat" in label or label.startswith("real")
    flag = f"  (below the {TARGET_MB_S:g} MB/s target)" if below and rate < TARGET_MB_S else ""
    print(
        f"{label:<26} {megabytes:7.2f} MB  {seconds:7.3f} s  {rate:6.1f} MB/s  "
        f"{matches / seconds:8,.0f} matches/s  {games / seconds:9,.0f} games/s{flag}"
    )


def in_memory(label: str, files: list[Path], repeat: int, runs: int) -> None:
    texts: list[tuple[str, str]] = []
    for path in files:
        stream, _ = open_text(path)
        with stream:
            texts.append((path.name, stream.read()))
    size = sum(p.stat().st_size for p in files) * repeat / 1e6
    work = texts * repeat

    def run() -> tuple[int, int]:
        totals = [0, 0]
        for name, text in work:
            m, g = _count(read_mat(io.StringIO(text), name))
            totals[0] += m
            totals[1] += g
        return totals[0], totals[1]

    matches, games = run()
    _report(label, size, _cold_best(runs, run), matches, games)


def from_disk(label: str, files: list[Path], repeat: int, runs: int) -> None:
    size = sum(p.stat().st_size for p in files) * repeat / 1e6
    inputs = [InputFile(str(p), p) for p in files] * repeat

    def run() -> tuple[int, int]:
        totals = [0, 0]
        for item in inputs:
            m, g = _count(read_path(item))
            totals[0] += m
            totals[1] += g
        return totals[0], totals[1]

    matches, games = run()
    _report(label, size, _cold_best(runs, run), matches, games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=5, help="timings per case (best is kept)")
    parser.add_argument("--repeat", type=int, default=20, help="reads of each real file")
    parser.add_argument("--bench-corpus", type=Path, default=BENCH_CORPUS)
    args = parser.parse_args()

    files = real_match_files()
    print(f".mat reader build: {reader_build()} ({PURE_ENV}=1 for pure Python)")
    print(f"real corpus: {len(files)} match texts, each read {args.repeat} times")
    in_memory("real, in memory", files, args.repeat, args.runs)
    from_disk("real, from disk", files, args.repeat, args.runs)
    generated = args.bench_corpus
    if not generated.is_dir():
        print(f"generated corpus: {generated} not found (tools/oracle/make_bench_corpus.sh)")
        return
    mats = sorted(generated.glob("*.mat"))
    sgfs = sorted(generated.glob("*.sgf"))
    print(f"generated corpus {generated}: {len(mats)} .mat, {len(sgfs)} .sgf, each read once")
    in_memory("generated .mat, in memory", mats, 1, args.runs)
    from_disk("generated .mat, from disk", mats, 1, args.runs)
    from_disk("generated .sgf, from disk", sgfs, 1, args.runs)


if __name__ == "__main__":
    main()
