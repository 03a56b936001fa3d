#!/usr/bin/env bash
# Generate a large gnubg self-play corpus for benchmarks (NOT committed).
#   tools/oracle/make_bench_corpus.sh [OUT_DIR] [N_MATCHES] [JOBS]
# defaults: /work/bench-corpus, 300 matches (7, 9 or 11 points, .mat + .sgf each), 4 parallel jobs.
# Needs Debian's gnubg (/usr/games/gnubg); gnubg is GPL and only used as an external program.
# Deterministic: match k uses seed 1000+k whatever the number of jobs.
set -euo pipefail
OUT=${1:-/work/bench-corpus}
N=${2:-300}
JOBS=${3:-4}
GNUBG=${GNUBG:-/usr/games/gnubg}
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUT"
per=$(( (N + JOBS - 1) / JOBS ))
pids=()
for ((j = 0; j < JOBS; j++)); do
  start=$(( j * per ))
  (( start >= N )) && break
  n=$(( N - start < per ? N - start : per ))
  GAMAO_PLAN=bench GAMAO_OUT="$OUT" GAMAO_BENCH_FIRST=$start GAMAO_BENCH_N=$n \
    "$GNUBG" -t -q -r -p "$HERE/make_matches.py" >/dev/null 2>"$OUT/.log.$j" &
  pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done
echo "$(ls "$OUT"/*.mat | wc -l) .mat files in $OUT"
