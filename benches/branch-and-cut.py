#!/usr/bin/env python3
"""The numbers of docs/branch-and-cut.md, from the release binary (run under `nice`):

  python3 benches/branch-and-cut.py steps   # per-step time of scripted lab sessions, 9x9 and 25x25
  python3 benches/branch-and-cut.py hardest [K] # lp-bb --branch variable, with and without
                                            # --cuts gomory, vs HiGHS MILP; diagonal objective;
                                            # every 241st hardest line (the first K of them)

Each number is the median, p95 and max over the runs, with the command beside it.
"""
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = str(ROOT / "target/release/sudoku-ilp")
DATA = Path(__import__("os").environ.get("SUDOKU_ILP_SHARED_DATA", ROOT.parent / "shared/data"))


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def summary(values):
    return f"median {statistics.median(values):.1f}, p95 {pct(values, 95):.1f}, max {max(values):.1f}"


def steps(file, lines, script, objective):
    root, step = [], []
    for k in lines:
        out = subprocess.run([BIN, "lab", "--times", "--objective", objective, "--line", str(k), str(file), "--do", script],
                             capture_output=True, text=True)  # a session may end early (root integral)
        for line in out.stderr.splitlines():
            words = line.split()
            if words[0] == "root":
                root.append(float(words[2]))
            elif words[0] == "step":
                step.append(float(words[3]))
    return root, step


def run_steps():
    script = "branch variable; next best; cut gomory; next best; branch suggested; next best; cut gomory; next best; branch variable"
    for name, lines in [("magictour_top95.txt", range(1, 96, 5)), ("grid25_misc.txt", range(1, 40, 4))]:
        root, step = steps(DATA / name, lines, script, "min:random:1")
        print(f"{name}: {len(lines)} sessions `lab --times --objective min:random:1 --do \"{script}\"`")
        print(f"  root LP (cold, tree drawn): {summary(root)} ms")
        print(f"  one step (warm LP re-solves, tree drawn): {summary(step)} ms over {len(step)} steps")


def solve(file, k, extra):
    start = time.monotonic()
    out = subprocess.run([BIN, "solve", "--json", "--time-limit", "20", "--objective", "max:diagonal", "--line", str(k), str(file), *extra],
                         capture_output=True, text=True)
    wall = (time.monotonic() - start) * 1000
    doc = json.loads(out.stdout)
    return doc["status"], doc["stats"].get("nodes"), doc["stats"].get("cuts"), wall, doc.get("objective", {}).get("value")


def run_hardest():
    file = DATA / "forum_hardest_1905_11plus.txt"
    total = sum(1 for _ in open(file))
    count = int(sys.argv[2]) if len(sys.argv) > 2 else None
    lines = list(range(1, total + 1, 241))[:count]
    methods = {
        "ilp (HiGHS MILP)": [],
        "lp-bb --branch variable": ["--method", "lp-bb", "--branch", "variable"],
        "lp-bb --branch variable --cuts gomory": ["--method", "lp-bb", "--branch", "variable", "--cuts", "gomory"],
    }
    rows = {m: [] for m in methods}
    for k in lines:
        values = set()
        for m, extra in methods.items():
            status, nodes, cuts, wall, value = solve(file, k, extra)
            rows[m].append((k, status, nodes, cuts, wall))
            if status == "solved":
                values.add(value)
        assert len(values) <= 1, f"line {k}: optima differ {values}"
        print(k, {m: rows[m][-1][1:] for m in methods}, file=sys.stderr)
    print(f"{len(lines)} puzzles (lines 1, 242, ..., {lines[-1]} of {file.name}), objective max:diagonal, --time-limit 20")
    both = [(a, b) for a, b in zip(rows["lp-bb --branch variable"], rows["lp-bb --branch variable --cuts gomory"]) if a[1] == b[1] == "solved"]
    fewer = sum(1 for a, b in both if b[2] < a[2])
    faster = sum(1 for a, b in both if b[4] < a[4])
    print(f"  with --cuts gomory: fewer nodes on {fewer} of {len(both)} puzzles both solved, less time on {faster}")
    for m, r in rows.items():
        solved = [x for x in r if x[1] == "solved"]
        if not solved:
            print(f"  {m}: solved 0/{len(r)}")
            continue
        print(f"  {m}: solved {len(solved)}/{len(r)}; nodes {summary([x[2] for x in solved])}; "
              f"time {summary([x[4] for x in solved])} ms"
              + (f"; cuts {summary([x[3] or 0 for x in solved])}" if "cuts" in m else ""))


if __name__ == "__main__":
    {"steps": run_steps, "hardest": run_hardest}[sys.argv[1]]()
