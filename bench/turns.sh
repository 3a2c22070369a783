#!/usr/bin/env bash
# `npm run bench` taking turns between two checkouts of the project on the same machine (old, new,
# old, new, ...), so that the shared machine's slow moments fall on both alike; each run's output
# and the load average before and after it are kept in OUT_DIR.
#
#   bench/turns.sh OLD_CHECKOUT NEW_CHECKOUT [TURNS=2] [OUT_DIR=bench-turns-<date>]
#
# Each checkout needs `npm ci` first. The environment is passed on to every run, the same for both
# (by default the sections issue 31 names: BENCH_RECOVERY, BENCH_JOBS and BENCH_STORE off).
# BENCH_COMMAND replaces `npm run bench` (run in each checkout), e.g. the engine's sections alone:
#   BENCH_COMMAND="npx tsx $PWD/bench/engine-sections.ts ." bench/turns.sh OLD NEW 3
# BENCH_DONE is a line of the output's end (default: the memory targets' table). Then
# `npx tsx bench/turns-summary.ts OUT_DIR` prints the medians side by side.
set -euo pipefail
old=$(cd "$1" && pwd); new=$(cd "$2" && pwd); turns=${3:-2}
out=${4:-bench-turns-$(date -u +%Y%m%dT%H%M)}
mkdir -p "$out"; out=$(cd "$out" && pwd)
export BENCH_RECOVERY=${BENCH_RECOVERY:-off} BENCH_JOBS=${BENCH_JOBS:-off} BENCH_STORE=${BENCH_STORE:-off}
{
  echo "old $old $(git -C "$old" rev-parse --short HEAD)"
  echo "new $new $(git -C "$new" rev-parse --short HEAD)"
  echo "command ${BENCH_COMMAND:-npm run bench}"
  echo "env BENCH_RECOVERY=$BENCH_RECOVERY BENCH_JOBS=$BENCH_JOBS BENCH_STORE=$BENCH_STORE BENCH_SECONDS=${BENCH_SECONDS:-5} BENCH_LARGE_MP4=${BENCH_LARGE_MP4:-full}"
} > "$out/checkouts.txt"
for turn in $(seq 1 "$turns"); do
  for side in old new; do
    dir=$old; [ "$side" = new ] && dir=$new
    name="$turn-$side"
    # A run already complete in OUT_DIR (an earlier call) is kept.
    if [ -f "$out/$name.md" ] && grep -q "${BENCH_DONE:-memory target}" "$out/$name.md"; then continue; fi
    echo "$name start $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/loadavg.txt"
    started=$(date +%s)
    # A run whose output is complete but whose process stays (a handle left open) is ended after 15 s.
    (cd "$dir" && exec setsid ${BENCH_COMMAND:-npm run bench}) > "$out/$name.md" 2> "$out/$name.err" &
    run=$!; quiet=0; size=-1
    while kill -0 "$run" 2> /dev/null; do
      sleep 5
      now=$(stat -c %s "$out/$name.md")
      if [ "$now" = "$size" ] && grep -q "${BENCH_DONE:-memory target}" "$out/$name.md"; then quiet=$((quiet + 5)); else quiet=0; fi
      size=$now
      if [ "$quiet" -ge 15 ]; then kill -- "-$run" 2> /dev/null || true; echo "$name: output complete, process ended" >> "$out/loadavg.txt"; fi
    done
    wait "$run" || echo "$name exit $?" >> "$out/loadavg.txt"
    echo "$name end $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg) took $(( $(date +%s) - started )) s" >> "$out/loadavg.txt"
  done
done
echo "$out"
