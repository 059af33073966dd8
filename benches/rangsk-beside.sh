#!/usr/bin/env bash
# The tool beside Rangsk's f-puzzles solver (dclamage/SudokuVariantSolverJS, ISC; issue 44), one
# run on the same files: the real f-puzzles puzzles of ../shared/data/variants/fpuzzles_more and
# data/variants/fpuzzles_{outside,lines}. Both count to two solutions, one puzzle at a time, one
# process per puzzle for the tool (its own reported time_ms: model and search, not reading the
# file) and one node process per puzzle for the peer (its time: board set-up and count, measured
# around countSolutions, in the process's first and only count); each count must be 1 and the
# tool's grid (solve --method propagate) the file's known solution.
# The peer is not part of the repository: fetch it yourself outside it, e.g.
#   git clone https://github.com/dclamage/SudokuVariantSolverJS /work/rangsk
#   cd /work/rangsk && mv package.json package.full.json && mv package-lock.json package-lock.full.json
#   echo '{"private":true}' > package.json && npm install tsx@4.7.0 lz-string@1.5.0
# (the two packages its solver needs to run under node; its build tools are not needed).
# Usage: RANGSK_DIR=/work/rangsk bash benches/rangsk-beside.sh [LIMIT_S]
# Needs a release build (cargo build --release; SUDOKU_ILP_BIN names another binary). Prints
# markdown rows: one per puzzle, then the median, p90 and max per solver, where a puzzle not
# counted to 1 within LIMIT_S (default 60) counts as LIMIT_S.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shared="${SUDOKU_ILP_SHARED:-$root/../shared}"
peer="${RANGSK_DIR:?set RANGSK_DIR to a checkout of dclamage/SudokuVariantSolverJS}"
limit="${1:-60}"
bin="${SUDOKU_ILP_BIN:-$root/target/release/sudoku-ilp}"
[ -x "$bin" ] || { echo "run cargo build --release first" >&2; exit 1; }
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# The runner (this project's code, written into the peer's folder so that it resolves the
# peer's modules): puzzles as lines of f-puzzles JSON on stdin, "count<TAB>ms<TAB>state" per
# puzzle out.
cat > "$peer/bench-count.ts" <<'TS'
import * as fs from 'fs';
import SudokuVariantSolver from './src/index';
async function main() {
    const limitMs = Number(process.argv[2]) * 1000;
    for (const line of fs.readFileSync(0, 'utf8').split('\n').filter(l => l.trim())) {
        let count = -1;
        const solver = new SudokuVariantSolver(r => { if (r.result === 'count') count = r.count; });
        const timer = setTimeout(() => solver.cancel(), limitMs);
        const start = process.hrtime.bigint();
        await solver.countSolutions({ board: JSON.parse(line), options: { maxSolutions: 2 } });
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        clearTimeout(timer);
        console.log(`${count}\t${ms.toFixed(1)}\t${solver.eventCanceled ? 'cancelled' : 'done'}`);
    }
}
main();
TS
files=("$shared/data/variants/fpuzzles_more" "$root/data/variants/fpuzzles_outside" "$root/data/variants/fpuzzles_lines")
for f in "${files[@]}"; do
  name="$(basename "$f")"
  k=0
  while IFS= read -r line; do
    k=$((k + 1))
    printf '%s\n' "$line" > "$scratch/p.json"
    # One node process per puzzle: a second puzzle counted in the same process gets a wrong
    # count (2 on puzzles with one solution: state left over from the first).
    (cd "$peer" && npx tsx bench-count.ts "$limit" < "$scratch/p.json") >> "$scratch/$name.peer"
    for method in propagate sat ilp; do
      out="$("$bin" count --json --max 2 --method "$method" --time-limit "$limit" "$scratch/p.json" 2>/dev/null || true)"
      printf '%s\t%s\t%s\t%s\n' "$name" "$k" "$method" "$out" >> "$scratch/tool.tsv"
    done
    "$bin" solve --method propagate "$scratch/p.json" --json 2>/dev/null \
      | python3 -c 'import json,sys; d=json.load(sys.stdin); print("".join("0123456789ABCDEFG"[v] for r in d.get("grid", []) for v in r))' \
      > "$scratch/$name.$k.grid" || true
  done < "$f.fpz.jsonl"
done
python3 - "$scratch" "$limit" "${files[@]}" <<'PY'
import json, os, statistics, sys
scratch, limit, files = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
tool = {}
for line in open(os.path.join(scratch, "tool.tsv")):
    name, k, method, out = line.rstrip("\n").split("\t", 3)
    try:
        doc = json.loads(out)
        tool[(name, int(k), method)] = (doc["count"], doc["time_ms"], doc.get("status"))
    except (ValueError, KeyError):
        tool[(name, int(k), method)] = (None, limit * 1000, "failed")
times = {m: [] for m in ["peer", "propagate", "sat", "ilp"]}
print("| file | line | size | keys | Rangsk ms | propagate ms | sat ms | ilp (HiGHS) ms | tool's grid |")
print("|---|---|---|---|---|---|---|---|---|")
for f in files:
    name = os.path.basename(f)
    peer = [l.split("\t") for l in open(os.path.join(scratch, name + ".peer")).read().split("\n") if l]
    puzzles = [json.loads(l) for l in open(f + ".fpz.jsonl") if l.strip()]
    answers = [l.strip() for l in open(f + ".solutions.txt") if l.strip()]
    for k, (p, answer) in enumerate(zip(puzzles, answers), 1):
        cells = []
        pc, pms, pstate = peer[k - 1]
        pms = float(pms) if int(pc) == 1 and pstate == "done" else None
        times["peer"].append(pms if pms is not None else limit * 1000)
        cells.append(f"{pms:.1f}" if pms is not None else f"count {pc} ({pstate})")
        for m in ["propagate", "sat", "ilp"]:
            c, ms, status = tool[(name, k, m)]
            ok = c == 1 and status == "complete"
            times[m].append(ms if ok else limit * 1000)
            cells.append(f"{ms:.1f}" if ok else f"count {c} ({status})")
        grid = open(os.path.join(scratch, f"{name}.{k}.grid")).read().strip()
        same = "= known" if grid.upper() == answer.upper() else "DIFFERENT"
        keys = ",".join(x for x in p if x not in ("size", "title", "author", "ruleset", "grid", "solution", "line", "circle", "rectangle", "text", "cage"))
        print(f"| {name} | {k} | {p['size']} | {keys} | " + " | ".join(cells) + f" | {same} |")
def q(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p * (len(xs) - 1))))]
print()
print("| solver | puzzles | median ms | p90 ms | max ms |")
print("|---|---|---|---|---|")
labels = {"peer": "Rangsk's solver", "propagate": "tool: propagate", "sat": "tool: sat", "ilp": "tool: ilp (HiGHS alone)"}
for m, xs in times.items():
    print(f"| {labels[m]} | {len(xs)} | {statistics.median(xs):.1f} | {q(xs, 0.9):.1f} | {max(xs):.1f} |")
PY
