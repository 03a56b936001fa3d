"""Skill analysis speed: decisions analysed per second at 1-ply and 2-ply, cold and cached.

Run by hand: ``.venv/bin/python -m benchmarks.bench_analyse [FILE.mat]`` (default: the 7-point
match ``examples/gnubg_7pt.mat``). Needs bgsage (``pip install -e '.[analysis]'``). One core:
the evaluator runs single-threaded at 1-ply (bgsage's 2-ply uses its own two threads).

* cold: a fresh evaluator and an empty cache, the whole match;
* cached: the same match again with the cache warm (every answer in memory), which is what a
  rerun with ``--cache DIR`` or a corpus full of the same openings gains;
* 2-ply on the first ``TWO_PLY_GAMES`` games only, to stay within a couple of minutes;
* ``--jobs``: ``gamao analyse`` on the real corpus's bglib ``.txt`` matches, 1 and 2 jobs;
* against gnubg: gamao's PR per player at 1-ply beside gnubg's at 0-ply and 2-ply (the
  references in tests/fixtures/skill, made by tools/oracle/skill_gnubg.py), and gnubg's own
  ``analyse match`` of the same match timed live at 0-ply (and at 2-ply with
  ``GAMAO_BENCH_GNUBG2=1``: about a minute) when /usr/games/gnubg is installed;
* against XG: on the five real ``.xg`` files (once the XG reader is in), gamao's own PR at
  1-ply beside the PR of XG's recorded analysis, per player and match: the mean absolute
  difference and the share of counted decisions both classify alike.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from benchmarks.common import CORPUS, REPO
from gamao_cli.analysis.skill import Decision, EngineAnalyser
from gamao_cli.analysis.skill_walk import walk_match
from gamao_cli.engine.bgsage_eval import BgsageEvaluator
from gamao_cli.engine.eval_cache import CachedEvaluator
from gamao_cli.formats.inputs import read_path
from gamao_cli.model.match import Match

TWO_PLY_GAMES = 3
GAMAO = str(REPO / ".venv" / "bin" / "gamao")


def analyse(match: Match, ev: CachedEvaluator) -> tuple[float, list[Decision]]:
    t = time.perf_counter()
    analyser = EngineAnalyser("bench", 0, match, ev)
    out: list[Decision] = []
    for game, walked in zip(match.games, walk_match(match), strict=True):
        out.extend(analyser.decisions(game, walked))
    return time.perf_counter() - t, out


def report(label: str, seconds: float, records: list[Decision]) -> None:
    decisions = sum(1 for d in records if d.kind != "checker" or (d.legal or 0) > 0)
    counted = sum(1 for d in records if d.counts)
    print(
        f"{label:28s} {seconds:7.2f} s  {len(records):5d} records  {counted:5d} counted  "
        f"{decisions / seconds:8.0f} decisions/s",
        flush=True,
    )


def jobs_scaling() -> None:
    files = sorted((CORPUS / "bgnori-bglib").glob("*.txt"))[:12]
    if not files:
        return
    for jobs in (1, 2):
        t = time.perf_counter()
        subprocess.run(
            [GAMAO, "analyse", *map(str, files), "-f", "json", "-j", str(jobs)],
            capture_output=True,
            check=False,
        )
        print(
            f"gamao analyse, {len(files)} bglib files, --jobs {jobs}: "
            f"{time.perf_counter() - t:.1f} s",
            flush=True,
        )


def against_gnubg(path: Path, records: list[Decision]) -> None:
    import json
    import os
    import tempfile

    from gamao_cli.analysis.skill_stats import summarise

    ref_path = REPO / "tests" / "fixtures" / "skill" / f"{path.stem}.json"
    if not ref_path.is_file():
        return
    ref = json.loads(ref_path.read_text(encoding="utf-8"))
    ours = {s.player: s for s in summarise(records, "player")}
    for player, side in enumerate("XO"):
        s = ours[player]
        cells = []
        for plies, a in sorted(ref["analyses"].items()):
            st = a["match"][side]
            moves, cube = st["moves"], st["cube"]
            lost = moves["error-skill"] + cube["error-skill"] * cube["close-cube"]
            decisions = moves["unforced-moves"] + cube["close-cube"]
            cells.append(f"gnubg {plies} {500 * lost / decisions:6.2f}")
        print(f"  {s.name[:18]:18s} gamao 1-ply {s.pr or 0:6.2f}  " + "  ".join(cells))
    gnubg = Path("/usr/games/gnubg")
    if not gnubg.exists():
        return
    plies = "0,2" if os.environ.get("GAMAO_BENCH_GNUBG2") else "0"
    with tempfile.TemporaryDirectory() as out:
        done = subprocess.run(
            [str(gnubg), "-t", "-q", "-r", "-p", str(REPO / "tools/oracle/skill_gnubg.py")],
            env={**os.environ, "GAMAO_OUT": out, "GAMAO_INPUTS": str(path), "GAMAO_PLIES": plies},
            capture_output=True,
            text=True,
            check=False,
            cwd=REPO,
        )
    for line in done.stderr.splitlines():
        if "ply:" in line:
            print(f"  gnubg analyse match, {line.split(' ', 1)[1]}")


def against_xg(level: str = "1ply") -> None:
    from gamao_cli.analysis.skill_run import SkillOptions, analyse_file
    from gamao_cli.analysis.skill_stats import SkillSummary, summarise

    diffs: list[float] = []
    alike = both = 0
    for path in sorted((CORPUS / "kevung-gbf").glob("*.xg")):
        t = time.perf_counter()
        skill = analyse_file(str(path), SkillOptions(engine="bgsage", level=level))
        by: dict[tuple[int | None, int | None], dict[str, SkillSummary]] = {}
        for s in summarise(skill.records, "player"):
            by.setdefault((s.match, s.player), {})[s.source] = s
        for sides in by.values():
            recorded = sides.get("recorded")
            own = [v for k, v in sides.items() if k != "recorded"]
            if recorded is None or not own:
                continue
            r, g = recorded.pr or 0.0, own[0].pr or 0.0
            name = own[0].name
            print(f"  {path.name[:44]:44s} {name[:18]:18s} XG {r:6.2f}  gamao {g:6.2f}")
            diffs.append(abs(r - g))
        recorded_marks = {
            (d.match, d.game, d.action, d.kind): d.classification
            for d in skill.records
            if d.source == "recorded" and d.counts
        }
        for d in skill.records:
            key = (d.match, d.game, d.action, d.kind)
            if d.source != "recorded" and d.counts and key in recorded_marks:
                both += 1
                alike += d.classification == recorded_marks[key]
        print(f"  ({time.perf_counter() - t:.1f} s)", flush=True)
    if diffs:
        print(
            f"gamao {level} against XG: mean |PR difference| {sum(diffs) / len(diffs):.2f} over "
            f"{len(diffs)} player-matches; decisions classified alike {alike}/{both}"
        )
    else:
        print("no .xg file with recorded analysis could be read (the XG reader is not here)")


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "examples" / "gnubg_7pt.mat"
    match = next(m for m in read_path(str(path)) if m.games)
    print(f"{path}: {match.length}-point match, {len(match.games)} games")
    ev = CachedEvaluator(BgsageEvaluator("1ply"))
    seconds, records = analyse(match, ev)
    report("1-ply, cold", seconds, records)
    seconds, records = analyse(match, ev)
    report("1-ply, cached", seconds, records)
    against_gnubg(path, records)
    short = Match(match.players, match.length, match.games[:TWO_PLY_GAMES], match.rules)
    ev2 = CachedEvaluator(BgsageEvaluator("2ply"))
    seconds, records = analyse(short, ev2)
    report(f"2-ply, cold, {TWO_PLY_GAMES} games", seconds, records)
    seconds, records = analyse(short, ev2)
    report(f"2-ply, cached, {TWO_PLY_GAMES} games", seconds, records)
    jobs_scaling()
    against_xg()


if __name__ == "__main__":
    main()
