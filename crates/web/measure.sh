#!/usr/bin/env bash
# The browser build's LP and propagation against the native build, the same API calls on the
# same puzzles (docs/performance.md, "The browser build (issue 37)"):
#   bash crates/web/measure.sh HIGHS_BUILD_DIR [LINES] [ROUNDS]
# HIGHS_BUILD_DIR holds highs.js and highs.wasm of highs@1.15.3 (web/build.sh unpacks them to
# target/web/highs/build). LINES: the first LINES puzzles of forum_hardest_1905_11plus.txt
# (default 10; the data folder is $SUDOKU_ILP_SHARED_DATA or ../shared/data); ROUNDS: warm re-solves per puzzle and propagate runs (default 20).
# Per puzzle and backend: the cold root LP (model passed, presolve off, as the lab), the warm
# re-solves after fixing a fractional column to 0 and freeing it again, propagate's solve.
set -euo pipefail
cd "$(dirname "$0")/../.."
highs=${1:?usage: measure.sh HIGHS_BUILD_DIR [LINES] [ROUNDS]}
lines=${2:-10}
rounds=${3:-20}
data=${SUDOKU_ILP_SHARED_DATA:-../shared/data}/forum_hardest_1905_11plus.txt
[ -f "$data" ] || { echo "error: $data is missing" >&2; exit 2; }
cargo build --release -p sudoku-ilp-web --example measure --quiet
cargo build -p sudoku-ilp-web --target wasm32-unknown-unknown --release --quiet
wasm-bindgen --target no-modules --no-typescript --out-dir target/web/pkg \
  target/wasm32-unknown-unknown/release/sudoku_ilp_web.wasm
out=$(mktemp -d)
head -n "$lines" "$data" | while read -r line; do
  ./target/release/examples/measure "$line" "$rounds" >>"$out/native.jsonl"
  node crates/web/tests/node-measure.mjs target/web/pkg "$highs" "$line" "$rounds" >>"$out/wasm.jsonl"
done
python3 - "$out" "$lines" <<'PY'
import json, sys
out, lines = sys.argv[1], sys.argv[2]
def q(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p * (len(xs) - 1))))]
rows = {}
for backend in ["native", "wasm"]:
    runs = [json.loads(l) for l in open(f"{out}/{backend}.jsonl")]
    first = runs[0]
    rows[backend] = {
        # per puzzle: the median over its repeats
        "root LP, first line (ms)": [l["root_ms"] for l in first["lp"]],
        "root LP, per puzzle (ms)": [sorted(l["root_ms"] for l in r["lp"])[len(r["lp"]) // 2] for r in runs],
        "create (pass the model, ms)": [sorted(l["create_ms"] for l in r["lp"])[len(r["lp"]) // 2] for r in runs],
        "warm re-solve, first line (ms)": [w for l in first["lp"] for w in l["warm_ms"]],
        "warm re-solve, all (ms)": [w for r in runs for l in r["lp"] for w in l["warm_ms"]],
        "propagate, first line (ms)": first["propagate_ms"],
        "propagate, per puzzle (ms)": [sorted(r["propagate_ms"])[len(r["propagate_ms"]) // 2] for r in runs],
    }
print(f"| measure ({lines} puzzles) | native median | p90 | max | wasm median | p90 | max | wasm/native (median) |")
print("|---|---|---|---|---|---|---|---|")
for key in rows["native"]:
    n, w = rows["native"][key], rows["wasm"][key]
    mn, mw = q(n, 0.5), q(w, 0.5)
    ratio = f"{mw / mn:.1f}×" if mn > 0 else "–"
    print(f"| {key} | {mn:.3f} | {q(n, .9):.3f} | {max(n):.3f} | {mw:.3f} | {q(w, .9):.3f} | {max(w):.3f} | {ratio} |")
PY
rm -rf "$out"
