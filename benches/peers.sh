#!/usr/bin/env bash
# The hard-grid engines beside OR-Tools CP-SAT (1 worker) and glpsol, in one run on the same
# samples, with the peers harness of ../shared/peers (copied to a scratch folder, since ../shared
# may be read-only). Needs a release build: cargo build --release. ~5 minutes on 2 cores after
# the harness's setup (a venv with ortools, pulp, highspy). Writes $SCRATCH/peers/results.md.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shared="${SUDOKU_ILP_SHARED:-$root/../shared}"
scratch="${SCRATCH:-$(mktemp -d)}"
[ -x "$root/target/release/sudoku-ilp" ] || { echo "run cargo build --release first" >&2; exit 1; }
[ -d "$shared/peers" ] || { echo "$shared/peers is missing" >&2; exit 1; }
mkdir -p "$scratch"
rm -rf "$scratch/peers" "$scratch/data"
cp -r "$shared/peers" "$scratch/peers"
ln -s "$(cd "$shared/data" && pwd)" "$scratch/data"
cd "$scratch/peers"
export PEERS_WORK="$scratch/peers/.work" SUDOKU_ILP="$root/target/release/sudoku-ilp"
./setup.sh
py="$PEERS_WORK/venv/bin/python"
rm -rf raw
python3 make_samples.py
echo "load before: $(cat /proc/loadavg)"
for s in S17 HARD G16 G25 G36; do
  "$py" peer_ilp.py "$s" -- --method propagate
  "$py" peer_ilp.py "$s" -- --method sat
  "$py" peer_ilp.py "$s" -- --fast
  "$py" peer_cpsat.py "$s" --workers 1
done
"$py" peer_glpsol.py HARD
echo "load after: $(cat /proc/loadavg)"
./versions.sh > versions.txt
python3 report.py
echo "results: $scratch/peers/results.md"
