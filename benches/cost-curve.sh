#!/usr/bin/env bash
# The cost curve of issue 25 (benches/cost-curve.py): propagate, sat, backtrack, the MILP (plain
# and --fast), the natural model, lp-bb and OR-Tools CP-SAT (1 worker) on five seeded puzzles per
# order 16, 25, 36, 49, 64 and per fraction of givens 45 %, 60 %, 75 %, one process per puzzle,
# time and peak memory, a per-puzzle limit of LIMIT_S seconds (default 60). Needs a release build
# (cargo build --release) and the peers' venv with ortools (../shared/peers/setup.sh; made here
# when missing), to which matplotlib is added for the chart. About an hour with the 60 s limit:
# most of it is the puzzles no engine solves.
# Usage: bash benches/cost-curve.sh [LIMIT_S]; writes $SCRATCH/cost-curve/{results.md,cost-curve.svg}.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shared="${SUDOKU_ILP_SHARED:-$root/../shared}"
scratch="${SCRATCH:-$(mktemp -d)}"
limit="${1:-60}"
bin="${SUDOKU_ILP:-$root/target/release/sudoku-ilp}"
[ -x "$bin" ] || { echo "run cargo build --release first" >&2; exit 1; }
py="${PEERS_PY:-$scratch/peers/.work/venv/bin/python}"
if [ ! -x "$py" ]; then
  rm -rf "$scratch/peers" && cp -r "$shared/peers" "$scratch/peers"
  PEERS_WORK="$scratch/peers/.work" "$scratch/peers/setup.sh"
fi
"$py" -c "import matplotlib" 2>/dev/null || "$py" -m pip install -q matplotlib
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
"$py" "$root/benches/cost-curve.py" --bin "$bin" --out "$scratch/cost-curve" --limit "$limit" \
  --cpsat-python "$py"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
"$bin" --version
cat "$scratch/cost-curve/results.md"
