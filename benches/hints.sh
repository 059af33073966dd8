#!/usr/bin/env bash
# Ratings and hints of issue 35, release build: agreement with Sukaku Explainer on a sample of
# the diabolical file (every STEP-th line), time per puzzle, hint and steps times.
# Usage: bash benches/hints.sh [STEP] (default 40: 993 puzzles)
set -euo pipefail
STEP=${1:-40}
DATA=${SUDOKU_ILP_SHARED_DATA:-../shared/data}
B=target/release/sudoku-ilp
OUT=${TMPDIR:-/tmp}/hints-bench
mkdir -p "$OUT"
awk -v s="$STEP" 'NR % s == 1' "$DATA/sudoku_exchange_diabolical.txt" > "$OUT/diabolical.txt"
"$B" rate --time "$OUT/diabolical.txt" > "$OUT/rate.tsv"
python3 benches/rate_agreement.py "$OUT/rate.tsv" "$DATA/sudoku_exchange_diabolical.ratings.tsv" 1 "$STEP"
"$B" rate --time --no-lp "$OUT/diabolical.txt" > "$OUT/rate-nolp.tsv"
python3 benches/rate_agreement.py "$OUT/rate-nolp.tsv" "$DATA/sudoku_exchange_diabolical.ratings.tsv" 1 "$STEP" | grep ms
# hint (with its certificates) on 100 diabolical lines; steps with every certificate on 50 17-clue lines
for k in $(seq 1 397 39719 | head -100); do
  s=$(date +%s%N); "$B" hint --line "$k" "$DATA/sudoku_exchange_diabolical.txt" > /dev/null; e=$(date +%s%N)
  echo $(( (e - s) / 1000 ))
done | sort -n | awk '{a[NR]=$1} END {printf "hint ms (process included): median %.1f p95 %.1f max %.1f\n", a[int(NR/2)]/1000, a[int(NR*0.95)]/1000, a[NR]/1000}'
for k in $(seq 1 943 47158 | head -50); do
  s=$(date +%s%N); "$B" steps --line "$k" "$DATA/sudoku17_tdoku.txt" > /dev/null; e=$(date +%s%N)
  echo $(( (e - s) / 1000 ))
done | sort -n | awk '{a[NR]=$1} END {printf "steps ms on 17-clue (process included): median %.1f p90 %.1f max %.1f\n", a[int(NR/2)]/1000, a[int(NR*0.9)]/1000, a[NR]/1000}'
