"""Record gamao's outputs on a fixed set of inputs, and compare two such records (issue 28).

    python tools/compare_outputs.py snapshot OUTDIR [--corpus DIR] [--sets examples,corpus,...]
                                              [--python PY] [--parallel 2] [-v]
    python tools/compare_outputs.py compare A B [--partial]

``snapshot`` runs ``PY -m gamao_cli`` (default: this interpreter; the build is whichever
``gamao_cli`` it imports, so set ``PYTHONPATH`` to the worktree to snapshot) over:

- ``examples``: the build's ``examples/``;
- ``corpus``: the shared real corpus (``--corpus``, default ``../shared/corpus/real`` beside
  the build; skipped with a message when absent);
- ``fixtures``: the build's ``tests/fixtures``;
- ``archive``: 40 matches made by the build's ``tools/make_archive.py`` (seed 1, five matches
  a file) from ``fixtures/gnubg``.

Each set is copied into a fresh temporary folder and every command runs there on relative
paths, with ``--jobs 1`` (``--parallel`` commands at once, each writing its own folder), in
a fixed environment (C.UTF-8 locale, 120 columns, no colour, no configuration file, the
caches inside the temporary folder, ``analyse --no-cache``). Each command's exit
code, stdout and stderr go to ``OUTDIR/NNN-name.txt``; the files it writes go, byte for byte,
under ``OUTDIR/NNN-name.files/``. The only normalisation: the temporary folder's absolute path
is written ``<WORK>`` and the build's folder ``<BUILD>`` (both differ from run to run and from
worktree to worktree), and the seconds in analyse's summary line (``1805 decisions in
<SECONDS> s``); nothing else is touched, so any other run-dependent text would show as a
difference (there is none: two snapshots of one build compare identical).

``--sets`` takes some of the input sets only (a quick look while working); its commands keep
their numbers, so ``compare FULL QUICK --partial`` compares them with a full record, leaving
out the commands that QUICK did not run.

``compare`` prints every file that differs (or exists in one record only) with a short unified
diff, and exits 1 when the records differ, 0 when they are identical.
"""

from __future__ import annotations

import argparse
import difflib
import os
import re
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

SETS = ("examples", "corpus", "fixtures", "archive")
DIFF_LINES = 40  # lines of unified diff printed per differing file


def build_root(python: str) -> Path:
    """The folder holding the ``gamao_cli`` that ``python`` imports."""
    code = "import gamao_cli, pathlib; print(pathlib.Path(gamao_cli.__file__).parents[1])"
    out = subprocess.run([python, "-c", code], capture_output=True, text=True, check=True)
    return Path(out.stdout.strip())


def environment(work: Path) -> dict[str, str]:
    """The environment every command runs in: the caller's, made deterministic."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("LANGUAGE", "LC_MESSAGES", "GAMAO_CONFIG", "GAMAO_SCHEDULER")}  # fmt: skip
    env.update(LANG="C.UTF-8", LC_ALL="C.UTF-8", COLUMNS="120", LINES="50", NO_COLOR="1",
               TERM="dumb", XDG_CACHE_HOME=str(work / "cache"),
               XDG_CONFIG_HOME=str(work / "config"))  # fmt: skip
    return env


Command = tuple[str | None, str, list[str], str | None]


def commands() -> Iterator[Command]:
    """(input set read or None, name, arguments, folder written into or None) of every
    command, in a fixed order (a command is numbered by its place here, run or not).

    A folder named in the arguments as ``OUT`` is replaced by the command's own output folder.
    """
    j1 = ["-j", "1"]
    for s in SETS:
        yield s, f"check-{s}-text", ["check", *j1, s], None
        yield s, f"check-{s}-json", ["check", *j1, "-f", "json", s], None
        yield s, f"stats-{s}-player-table", ["stats", *j1, s], None
        for by in ("player", "match", "game"):
            yield s, f"stats-{s}-{by}-csv", ["stats", *j1, "--by", by, "-f", "csv", s], None
        yield s, f"stats-{s}-match-json", ["stats", *j1, "--by", "match", "-f", "json", s], None
        for fmt in ("json", "mat", "sgf"):
            yield s, f"convert-{s}-{fmt}", ["convert", *j1, "-t", fmt, "-o", "OUT", s], "OUT"
        yield s, f"report-{s}", ["report", *j1, "-o", "OUT/report.html", s], "OUT"
        yield s, f"dedupe-{s}-text", ["dedupe", *j1, s], None
        yield s, f"dedupe-{s}-json", ["dedupe", *j1, "-f", "json", s], None
        yield s, f"filter-{s}", ["filter", *j1, "--where", "length >= 5", s], None
        yield s, f"fix-{s}", ["fix", "-o", "OUT", s], "OUT"
    ex, fx = "examples", "fixtures"
    pt = ["--lang", "pt", "check", *j1, "--severity", "info", "--show-board", ex]
    yield ex, "check-examples-board-pt", pt, None
    yield ex, "split-examples", ["split", "-o", "OUT", ex], "OUT"
    yield ex, "merge-examples", ["merge", "-o", "OUT/all.sgf", ex], "OUT"
    yield ex, "analyse-examples", ["analyse", *j1, "--no-cache", ex], None
    by_game = ["analyse", *j1, "--no-cache", "--by", "game", "-f", "csv", ex]
    yield ex, "analyse-examples-game-csv", by_game, None
    yield ex, "show-gnubg-7pt", ["show", "examples/gnubg_7pt.mat", "-g", "2", "-m", "5"], None
    money = ["show", "examples/money_session_beavers.mat", "-g", "1", "-m", "3", "-p", "1"]
    yield ex, "show-money-session", money, None
    recorded = ["analyse", *j1, "--engine", "recorded", "fixtures/skill"]
    yield fx, "analyse-fixtures-skill", recorded, None
    yield fx, "show-position-file", ["show", "fixtures/positions/money_xg.txt"], None
    yield fx, "moves-position-file", ["moves", "fixtures/positions/ids.txt", "-n", "2"], None
    yield None, "moves-start-31", ["moves", "start", "-d", "31"], None
    yield None, "moves-start-66-json", ["moves", "start", "-d", "66", "-f", "json"], None
    yield None, "moves-longnardy-53", ["moves", "start", "--variant", "longnardy", "-d", "53"], None
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:-1:52:0:0:3:0:10"
    yield None, "moves-xgid", ["moves", xgid], None
    yield None, "codes", ["codes"], None


# analyse's summary line says how long the analysis took: "1805 decisions in 15.5 s".
_SECONDS = re.compile(rb"(decisions? in )\d+\.\d( s)")


def normalise(data: bytes, work: Path, build: Path) -> bytes:
    """``data`` with the run's temporary folder and the build's folder replaced by names, and
    analyse's time taken by ``<SECONDS>``."""
    for path, name in ((work, b"<WORK>"), (build, b"<BUILD>")):
        data = data.replace(str(path).encode(), name)
    return _SECONDS.sub(rb"\1<SECONDS>\2", data)


def prepare(work: Path, build: Path, corpus: Path, wanted: list[str], python: str,
            env: dict[str, str]) -> list[str]:  # fmt: skip
    """Copy the wanted input sets into ``work`` and make the archive; the sets present."""
    sets = []
    sources = {"examples": build / "examples", "corpus": corpus,
               "fixtures": build / "tests" / "fixtures"}  # fmt: skip
    for name in wanted:
        if name == "archive":
            make = [python, str(build / "tools" / "make_archive.py"), "archive", "--matches",
                    "40", "--per-file", "5", "--seed", "1", "--source",
                    str(build / "tests" / "fixtures" / "gnubg")]  # fmt: skip
            done = subprocess.run(make, cwd=work, env=env, capture_output=True, text=True)
            if done.returncode:
                raise SystemExit(f"tools/make_archive.py failed:\n{done.stderr}")
        elif sources[name].is_dir():
            shutil.copytree(sources[name], work / name)
        else:
            print(f"{name}: {sources[name]} not found, skipped", file=sys.stderr)
            continue
        sets.append(name)
    return sets


def snapshot(outdir: Path, corpus: Path | None, wanted: list[str], python: str, parallel: int,
             verbose: bool) -> int:  # fmt: skip
    build = build_root(python)
    corpus = corpus or build.parent / "shared" / "corpus" / "real"
    outdir.mkdir(parents=True, exist_ok=True)
    if any(outdir.iterdir()):
        print(f"{outdir} is not empty", file=sys.stderr)
        return 2
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="gamao-compare-") as tmp:
        work = Path(tmp).resolve()
        env = environment(work)
        sets = prepare(work, build, corpus, wanted, python, env)
        if "archive" in sets:
            record_tree(work / "archive", outdir / "000-archive.files", work, build)
        (work / "out").mkdir()

        def run(number: int, name: str, args: list[str], out: str | None) -> None:
            label = f"{number:03d}-{name}"
            began = time.monotonic()
            argv = [a.replace("OUT", f"out/{label}") for a in args]
            done = subprocess.run([python, "-m", "gamao_cli", *argv], cwd=work, env=env,
                                  stdin=subprocess.DEVNULL, capture_output=True)  # fmt: skip
            head = f"$ gamao {shlex.join(args)}\nexit code: {done.returncode}\n--- stdout\n"
            text = head.encode() + done.stdout + b"\n--- stderr\n" + done.stderr
            (outdir / f"{label}.txt").write_bytes(normalise(text, work, build))
            if out is not None:
                record_tree(work / "out" / label, outdir / f"{label}.files", work, build)
            if verbose:
                print(f"{label}: exit {done.returncode}, {time.monotonic() - began:.1f} s",
                      file=sys.stderr)  # fmt: skip

        # Every command only reads the inputs and writes its own folder: they may run side
        # by side (each with --jobs 1) without changing any output.
        todo = [(n, c[1:]) for n, c in enumerate(commands(), start=1) if c[0] in (None, *sets)]
        with ThreadPoolExecutor(parallel) as pool:
            for future in [pool.submit(run, n, *c) for n, c in todo]:
                future.result()
    print(f"{len(todo)} commands recorded in {outdir} ({time.monotonic() - start:.0f} s, "
          f"{cpu_seconds():.0f} s of CPU; build {build}; sets: {', '.join(sets)})",
          file=sys.stderr)  # fmt: skip
    return 0


def record_tree(source: Path, dest: Path, work: Path, build: Path) -> None:
    """Copy every file under ``source`` to ``dest`` (normalised), or note that none exist."""
    files = sorted(p for p in source.rglob("*") if p.is_file()) if source.exists() else []
    dest.mkdir(parents=True)
    if not files:
        (dest / "NO-FILES").write_bytes(b"")
    for path in files:
        out = dest / path.relative_to(source)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(normalise(path.read_bytes(), work, build))


def cpu_seconds() -> float:
    """User and system CPU time of the commands run so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def relative_files(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}


def short_diff(a: bytes, b: bytes, name: str) -> list[str]:
    """At most DIFF_LINES lines of unified diff between two files' contents."""
    left = a.decode("utf-8", "backslashreplace").splitlines()
    right = b.decode("utf-8", "backslashreplace").splitlines()
    lines = list(difflib.unified_diff(left, right, f"A/{name}", f"B/{name}", n=2, lineterm=""))
    if not lines:  # the same lines: the difference is in line endings or a final newline
        lines = [f"(same lines; bytes differ: {len(a)} vs {len(b)} bytes)"]
    if len(lines) > DIFF_LINES:
        lines = [*lines[:DIFF_LINES], f"... ({len(lines) - DIFF_LINES} more diff lines)"]
    return lines


def _command(name: str) -> str:
    """The command a recorded file belongs to: ``001-check-examples-text``."""
    return name.split("/")[0].removesuffix(".txt").removesuffix(".files")


def compare(a: Path, b: Path, partial: bool = False) -> int:
    """Print how the records A and B differ; 0 when identical, 1 when not, 2 on bad usage.
    ``partial``: B was made from fewer input sets, the outputs only A has are left out."""
    for root in (a, b):
        if not root.is_dir():
            print(f"{root}: not a folder", file=sys.stderr)
            return 2
    left, right = relative_files(a), relative_files(b)
    if partial:
        ran = {_command(n) for n in right}
        left = {n for n in left if _command(n) in ran}
    differing = 0
    for name in sorted(left | right):
        if name not in right:
            print(f"only in {a}: {name}")
        elif name not in left:
            print(f"only in {b}: {name}")
        else:
            da, db = (a / name).read_bytes(), (b / name).read_bytes()
            if da == db:
                continue
            print(f"differs: {name}")
            print("\n".join(short_diff(da, db, name)))
        differing += 1
    total = len(left | right)
    if differing:
        print(f"{differing} of {total} files differ", file=sys.stderr)
        return 1
    print(f"identical: {total} files", file=sys.stderr)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="action", required=True)
    snap = sub.add_parser("snapshot", help="record the outputs into OUTDIR")
    snap.add_argument("outdir", type=Path)
    snap.add_argument("--corpus", type=Path, help="the real corpus (default: ../shared/...)")
    snap.add_argument("--python", default=sys.executable, help="the interpreter to run gamao")
    snap.add_argument("--sets", default=",".join(SETS), help="input sets (default: all)")
    snap.add_argument("--parallel", type=int, default=2, help="commands run at once (2)")
    snap.add_argument("-v", "--verbose", action="store_true", help="time every command")
    comp = sub.add_parser("compare", help="compare two records; exit 1 when they differ")
    comp.add_argument("a", type=Path)
    comp.add_argument("b", type=Path)
    comp.add_argument("--partial", action="store_true",
                      help="B is a snapshot of fewer --sets: ignore what only A has")  # fmt: skip
    args = parser.parse_args(argv)
    if args.action == "snapshot":
        sets = args.sets.split(",")
        if not set(sets) <= set(SETS):
            parser.error(f"--sets: choose among {','.join(SETS)}")
        return snapshot(args.outdir, args.corpus, sets, args.python, args.parallel, args.verbose)
    return compare(args.a, args.b, args.partial)


if __name__ == "__main__":
    sys.exit(main())
