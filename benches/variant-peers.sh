#!/usr/bin/env bash
# The variant engines beside the Interactive Sudoku Solver (node) and OR-Tools CP-SAT (1 worker),
# in one run on the same files, with the harness of ../shared/peers/variants (copied to a scratch
# folder). First solution, one puzzle at a time; every grid compared with the file's known
# solution. Needs a release build (cargo build --release), node, and the peers' venv with ortools
# (../shared/peers/setup.sh; benches/peers.sh makes it too).
# Usage: bash benches/variant-peers.sh [EVERY] [LIMIT_S]
#   EVERY: krazydad_killer is sampled every EVERY-th line (default 15: 500 of 7,500); the other
#          files are whole. LIMIT_S: the tool's per-puzzle limit (default 10); CP-SAT keeps the
#          harness's 60 s, ISS its own 60 s.
# Writes $SCRATCH/peers/variants/results.md (markdown rows) and prints it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shared="${SUDOKU_ILP_SHARED:-$root/../shared}"
scratch="${SCRATCH:-$(mktemp -d)}"
every="${1:-15}" limit="${2:-10}"
bin="$root/target/release/sudoku-ilp"
[ -x "$bin" ] || { echo "run cargo build --release first" >&2; exit 1; }
py="${PEERS_PY:-$scratch/peers/.work/venv/bin/python}"
mkdir -p "$scratch/data"
rm -rf "$scratch/peers"
cp -r "$shared/peers" "$scratch/peers"
[ -x "$py" ] || PEERS_WORK="$scratch/peers/.work" "$scratch/peers/setup.sh"
# The sampled krazydad file (and its solutions) and the whole other files, side by side.
src="$shared/data/variants" data="$scratch/data"
for ext in fpz.jsonl solutions.txt; do
  awk -v k="$every" '(NR - 1) % k == 0' "$src/krazydad_killer.$ext" > "$data/krazydad_killer.$ext"
  for f in killer_hard iss_examples fpuzzles_links; do cp "$src/$f.$ext" "$data/$f.$ext"; done
done
cd "$scratch/peers/variants"
rm -rf raw && mkdir raw
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for f in krazydad_killer killer_hard iss_examples fpuzzles_links; do
  # The peers' converters read the files of their own run.sh, not fpuzzles_links (jigsaw
  # regions, a "solution" key): there the tool runs alone.
  if [ "$f" != fpuzzles_links ]; then
    node iss_bench.mjs "$data/$f.fpz.jsonl" --mode first --out "raw/iss_first__$f.json"
    "$py" cpsat_bench.py "$data/$f.fpz.jsonl" --mode first --workers 1 --limit 60 \
      --out "raw/cpsat_w1_first__$f.json"
  fi
  for args in "--method propagate" "--method sat" "--method ilp" "--method ilp --singles --reduce" \
    "--method ilp --start sat --start-budget 10" "--method ilp --start propagate --start-budget 10"; do
    tag="$(echo "$args" | tr -c 'a-z0-9\n' '_')"
    SUDOKU_ILP="$bin" python3 tool_bench.py "$data/$f.fpz.jsonl" --limit "$limit" \
      --out "raw/tool_${tag}__$f.json" -- $args
  done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 report.py
cat results.md
