#!/usr/bin/env bash
# Throughput of each way of docs/scale-out.md on this machine (one run each, wall clock):
# the first N lines (default 10,000) of sudoku17_tdoku.txt with --method propagate and with the
# default MILP, through `batch --jobs 2`, the Dask recipe (LocalCluster, 2 worker processes of
# 1 thread), both Spark local[2] recipes, and `batch --resume` after a kill at 50 %.
# The doc blocks are run as written, with only the options line changed per method. Beside each
# run: its ratio to `batch --jobs 2`, and the solver's own time (the sum of the lines' "ms", over
# 2 cores); the same jobs on a cluster that is already up and has run one small job
# (benches/scale-out-warm.py: a long-lived cluster's cost per job); then what each way costs with
# the solving taken out (benches/scale-out-overhead.py).
# Needs the release CLI and the release wheel installed in .venv (both in target/release):
#   cargo build --release
#   .venv/bin/pip install --force-reinstall --no-deps "$(bash python/build-wheel.sh)"
# Usage: bash benches/scale-out.sh [N]       (prints markdown table rows and the load average)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
n="${1:-10000}"
bin_dir="${SUDOKU_ILP_RELEASE_DIR:-$root/target/release}"
py="$root/.venv/bin/python"
data="${SUDOKU_ILP_SHARED_DATA:-$root/../shared/data}"
work="$(mktemp -d)"
trap 'if [ $? -eq 0 ]; then rm -rf "$work"; else echo "logs kept in $work" >&2; fi' EXIT
export PATH="$bin_dir:$PATH" PYSPARK_PYTHON="$py"
head -n "$n" "$data/sudoku17_tdoku.txt" > "$work/puzzles.txt"
block() {  # the code block of docs/scale-out.md after <!-- test: NAME
  awk -v name="$1" '$0 ~ "<!-- test: " name " " {f=1; next} f && /^```/ {if (g) exit; g=1; next} g' \
    "$root/docs/scale-out.md"
}
now() { date +%s.%N; }
solver_s() {  # the sum of the "ms" of a result file, in seconds
  "$py" -c 'import json, sys; print(sum(json.loads(l).get("ms", 0) for l in open(sys.argv[1])) / 1000)' "$1"
}
base=1
row() {  # way, method, seconds, result file (none: the solver's time is not shown)
  printf '| %s | %s | %.1f | %.0f | %.2f | %s |\n' "$1" "$2" "$3" "$(echo "$n / $3" | bc -l)" \
    "$(echo "$base / $3" | bc -l)" "$(if [ -n "${4:-}" ]; then printf '%.1f' "$(solver_s "$4")"; else echo –; fi)"
}
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| way | method | s | puzzles/s | × batch --jobs 2 | solver s (sum of ms) |"
echo "|---|---|---|---|---|---|"
for method in propagate ilp; do
  cd "$work" && rm -rf results* all*.jsonl part*.jsonl
  t0=$(now); sudoku-ilp batch --quiet --jobs 2 --method "$method" puzzles.txt > batch.jsonl || true
  t1=$(now); base=$(echo "$t1 - $t0" | bc -l); row "batch --jobs 2" "$method" "$base" batch.jsonl
  options='{"method": "'"$method"'"}'
  block dask | sed "s/^OPTIONS = .*/OPTIONS = $options/" > recipe-dask.py
  t0=$(now); "$py" recipe-dask.py 2> dask.log; t1=$(now)
  row "Dask, 2 worker processes" "$method" "$(echo "$t1 - $t0" | bc -l)" all.jsonl
  block spark-pipe | sed "s/--method propagate/--method $method/" > recipe-pipe.py
  t0=$(now); "$py" recipe-pipe.py 2> pipe.log; t1=$(now)
  row "Spark local[2], rdd.pipe" "$method" "$(echo "$t1 - $t0" | bc -l)" all-pipe.jsonl
  block spark-python | sed "s/method=\"propagate\"/method=\"$method\"/" > recipe-python.py
  t0=$(now); "$py" recipe-python.py 2> python.log; t1=$(now)
  row "Spark local[2], mapPartitions" "$method" "$(echo "$t1 - $t0" | bc -l)" all-python.jsonl
  # The same jobs on a cluster already up and warmed (benches/scale-out-warm.py).
  for way in dask spark-pipe spark-python; do
    seconds=$("$py" "$root/benches/scale-out-warm.py" "$way" "$method" puzzles.txt 2>> warm.log | cut -f3)
    row "$way, cluster already up (job only)" "$method" "$seconds"
  done
  for f in all.jsonl all-pipe.jsonl all-python.jsonl; do
    [ "$(wc -l < "$f")" -eq "$n" ] || { echo "$f: wrong line count" >&2; exit 1; }
  done
  # A fresh run into a file, then a run killed at 50 % and resumed.
  t0=$(now); sudoku-ilp batch --quiet --jobs 2 --method "$method" --out fresh.jsonl puzzles.txt >/dev/null
  t1=$(now); fresh=$(echo "$t1 - $t0" | bc -l)
  sudoku-ilp batch --quiet --jobs 2 --method "$method" --resume part.jsonl puzzles.txt >/dev/null &
  pid=$!
  while [ "$( { wc -l < part.jsonl; } 2>/dev/null || echo 0)" -lt $((n / 2)) ]; do sleep 0.005; done
  kill -9 "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
  kept=$(wc -l < part.jsonl)
  t0=$(now); sudoku-ilp batch --quiet --jobs 2 --method "$method" --resume part.jsonl puzzles.txt >/dev/null
  t1=$(now); resumed=$(echo "$t1 - $t0" | bc -l)
  [ "$(wc -l < part.jsonl)" -eq "$n" ] || { echo "part.jsonl: wrong line count" >&2; exit 1; }
  printf '| batch --resume after a kill at %s lines (fresh run %.1f s) | %s | %.1f | | %.2f× the fresh run | %.1f |\n' \
    "$kept" "$fresh" "$method" "$resumed" "$(echo "$resumed / $fresh" | bc -l)" "$(solver_s part.jsonl)"
done
# The same ways with nothing solved: where the time beyond solving goes.
cd "$work"
for way in dask spark-pipe spark-python; do
  "$py" "$root/benches/scale-out-overhead.py" "$way" puzzles.txt 2> "overhead-$way.log"
done
t0=$(now); "$py" -c 'import sudoku_ilp' && t1=$(now)
printf 'python\timport sudoku_ilp\t%.2f\n' "$(echo "$t1 - $t0" | bc -l)"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
