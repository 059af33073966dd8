#!/usr/bin/env bash
# Issue 45's target for a student's cut: the time `lab` takes to decide its validity exactly (a
# feasibility MILP per finite side, the side's violation added as a row, on a fresh LP of the
# node's subproblem), add it when valid and re-solve
# the node — the `cut my:` step's own wall-clock time as `lab --times` prints it (the process
# start and the root LP left out). Per puzzle three cuts on the most fractional column x of
# the textbook rule: `x <= 0` and `x >= 1` at the root (one of the two is not valid on a
# puzzle with one grid: its counterexample is the grid), and `y <= 0` at node 1 (after
# `branch variable`, y that node's most fractional column). Wall-clock and the thread's CPU
# time (`cpu ms`, which a busy machine does not inflate) are summarised apart.
# Usage: bash benches/student-cut.sh [HARD_STEP] [G16_LINES]
#   defaults: every 2413th line of forum_hardest_1905_11plus.txt (20 puzzles), and the first
#   38 lines of grid16_misc.txt (16x16; a puzzle whose root LP is integral has no fractional
#   column to cut on and is left out, as grid16_janko's are). Release build.
set -euo pipefail
STEP=${1:-2413}
G16=${2:-38}
DATA=${SUDOKU_ILP_SHARED_DATA:-../shared/data}
B=${SUDOKU_ILP_BIN:-target/release/sudoku-ilp}
OUT=${TMPDIR:-/tmp}/student-cut-bench
mkdir -p "$OUT"

# The textbook rule's column in the last `suggest` step of `lab … --do "$1"`.
variable() {
  "$B" lab --line "$2" "$3" --do "$1" | sed -n 's/.*textbook variable rule: \(x_[a-z0-9_]*\).*/\1/p' | tail -1
}

# The wall-clock ms and the thread's CPU ms of the last step of `lab --times … --do "$1"`.
step_ms() {
  "$B" lab --times --line "$2" "$3" --do "$1" 2>&1 >/dev/null |
    sed -n 's/^step [0-9]* ms \([0-9.]*\) .*cpu ms \([0-9.]*\))$/\1 \2/p' | tail -1
}

# Median, p90, p95 and max of column $1 of the lines read.
summary() {
  sort -n -k "$1,$1" | awk -v k="$1" -v what="$2" '{a[NR]=$k} END {
    printf "%s: %d cuts, ms median %.1f p90 %.1f p95 %.1f max %.1f\n", what, NR, a[int((NR+1)/2)], a[int(NR*0.9+0.5)], a[int(NR*0.95+0.5)], a[NR]}'
}

measure() { # FILE LINES...
  local file=$1; shift
  for k in "$@"; do
    x=$(variable "suggest" "$k" "$file")
    [ -n "$x" ] || continue
    step_ms "cut my: $x <= 0" "$k" "$file"
    step_ms "cut my: $x >= 1" "$k" "$file"
    y=$(variable "branch variable; suggest" "$k" "$file")
    [ -n "$y" ] && step_ms "branch variable; cut my: $y <= 0" "$k" "$file"
  done > "$OUT/$(basename "$file").tsv"
  summary 1 "$(basename "$file") wall" < "$OUT/$(basename "$file").tsv"
  summary 2 "$(basename "$file") cpu" < "$OUT/$(basename "$file").tsv"
}

measure "$DATA/forum_hardest_1905_11plus.txt" $(seq 1 "$STEP" 48266 | head -20)
measure "$DATA/grid16_misc.txt" $(seq 1 "$G16")
