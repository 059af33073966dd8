#!/usr/bin/env bash
# Throughput of each way of docs/scale-out.md on this machine (one run each, wall clock):
# the first N lines (default 10,000) of sudoku17_tdoku.txt with --method propagate and with the
# default MILP, through `batch --jobs 2`, the Dask recipe (LocalCluster, 2 worker processes of
# 1 thread), both Spark local[2] recipes, and `batch --resume` after a kill at 50 %.
# The doc blocks are run as written, with only the options line changed per method.
# Needs a release CLI and the release wheel installed in .venv:
#   CARGO_TARGET_DIR=target-release cargo build --release
#   bash python/build-wheel.sh && .venv/bin/pip install --force-reinstall --no-deps dist/*.whl
# Usage: bash benches/scale-out.sh [N]       (prints one table row per run, markdown)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
n="${1:-10000}"
bin_dir="${SUDOKU_ILP_RELEASE_DIR:-$root/target-release/release}"
py="$root/.venv/bin/python"
data="${SUDOKU_ILP_SHARED_DATA:-$root/../shared/data}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export PATH="$bin_dir:$PATH" PYSPARK_PYTHON="$py"
head -n "$n" "$data/sudoku17_tdoku.txt" > "$work/puzzles.txt"
block() {  # the code block of docs/scale-out.md after <!-- test: NAME
  awk -v name="$1" '$0 ~ "<!-- test: " name " " {f=1; next} f && /^```/ {if (g) exit; g=1; next} g' \
    "$root/docs/scale-out.md"
}
now() { date +%s.%N; }
row() {  # way, method, seconds
  printf '| %s | %s | %.1f | %.0f |\n' "$1" "$2" "$3" "$(echo "$n / $3" | bc -l)"
}
echo "| way | method | s | puzzles/s |"
echo "|---|---|---|---|"
for method in propagate ilp; do
  cd "$work" && rm -rf results* all*.jsonl part*.jsonl
  t0=$(now); sudoku-ilp batch --quiet --jobs 2 --method "$method" puzzles.txt > batch.jsonl || true
  t1=$(now); row "batch --jobs 2" "$method" "$(echo "$t1 - $t0" | bc -l)"
  options='{"method": "'"$method"'"}'
  block dask | sed "s/^OPTIONS = .*/OPTIONS = $options/" > dask.py
  t0=$(now); "$py" dask.py 2> dask.log; t1=$(now)
  row "Dask, 2 worker processes" "$method" "$(echo "$t1 - $t0" | bc -l)"
  block spark-pipe | sed "s/--method propagate/--method $method/" > pipe.py
  t0=$(now); "$py" pipe.py 2> pipe.log; t1=$(now)
  row "Spark local[2], rdd.pipe" "$method" "$(echo "$t1 - $t0" | bc -l)"
  block spark-python | sed "s/method=\"propagate\"/method=\"$method\"/" > python.py
  t0=$(now); "$py" python.py 2> python.log; t1=$(now)
  row "Spark local[2], mapPartitions" "$method" "$(echo "$t1 - $t0" | bc -l)"
  for f in all.jsonl all-pipe.jsonl all-python.jsonl; do
    [ "$(wc -l < "$f")" -eq "$n" ] || { echo "$f: wrong line count" >&2; exit 1; }
  done
  # A fresh run into a file, then a run killed at 50 % and resumed.
  t0=$(now); sudoku-ilp batch --quiet --jobs 2 --method "$method" --out fresh.jsonl puzzles.txt >/dev/null
  t1=$(now); fresh=$(echo "$t1 - $t0" | bc -l)
  sudoku-ilp batch --quiet --jobs 2 --method "$method" --resume part.jsonl puzzles.txt >/dev/null &
  pid=$!
  while [ "$(wc -l < part.jsonl 2>/dev/null || echo 0)" -lt $((n / 2)) ]; do sleep 0.005; done
  kill -9 "$pid"; wait "$pid" 2>/dev/null || true
  kept=$(wc -l < part.jsonl)
  t0=$(now); sudoku-ilp batch --quiet --jobs 2 --method "$method" --resume part.jsonl puzzles.txt >/dev/null
  t1=$(now); resumed=$(echo "$t1 - $t0" | bc -l)
  printf '| batch --resume after a kill at %s lines (fresh run %.1f s) | %s | %.1f | %.2f× the fresh run |\n' \
    "$kept" "$fresh" "$method" "$resumed" "$(echo "$resumed / $fresh" | bc -l)"
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
