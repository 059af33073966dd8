#!/usr/bin/env python3
"""The numbers of docs/branch-and-cut.md, from the release binary (run under `nice`):

  python3 benches/branch-and-cut.py steps [FILE]  # per-step time of scripted lab sessions, 9x9
                                            # and 25x25 (FILE: only that collection)
  python3 benches/branch-and-cut.py hardest [K] 2>log  # lp-bb --branch variable, with and
                                            # without --cuts gomory, vs HiGHS MILP; diagonal
                                            # objective; every 241st hardest line (201, or the
                                            # first K); per-puzzle limit HARDEST_TIME_LIMIT (10 s)
  python3 benches/branch-and-cut.py summary log  # the hardest table again from its log

Each number is the median, p95 and max over the runs, with the command beside it.
"""
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = __import__("os").environ.get("SUDOKU_ILP_BIN", str(ROOT / "target/release/sudoku-ilp"))
DATA = Path(__import__("os").environ.get("SUDOKU_ILP_SHARED_DATA", ROOT.parent / "shared/data"))


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def summary(values):
    return f"median {statistics.median(values):.1f}, p95 {pct(values, 95):.1f}, max {max(values):.1f}"


def summary90(values):
    return (f"median {statistics.median(values):.1f}, p90 {pct(values, 90):.1f}, "
            f"p95 {pct(values, 95):.1f}, max {max(values):.1f}")


def steps(file, lines, script, objective):
    """Per session the root's (wall ms, cpu ms, iterations), and the same per step that
    branches or cuts (`next` only moves: no LP, no picture change)."""
    commands = [c.strip() for c in script.split(";")]
    root, step = [], []
    for k in lines:
        line = ["--line", str(k)] if k else []
        out = subprocess.run([BIN, "lab", "--times", "--objective", objective, *line, str(file), "--do", script],
                             capture_output=True, text=True)  # a session may end early (root integral)
        for text in out.stderr.splitlines():
            m = re.match(r"(root|step (\d+)) ms ([\d.]+) \((\d+) iterations.*cpu ms ([\d.]+|NaN)\)", text)
            if not m:
                continue
            record = (float(m.group(3)), float(m.group(5)), int(m.group(4)))
            if m.group(2) is None:
                root.append(record)
            elif commands[int(m.group(2)) - 1].split()[0] in ("branch", "cut"):
                step.append(record)
    return root, step


def run_steps():
    """9x9: magictour_top95 lines 1, 6, ..., 91; 25x25: every line of grid25_misc, and the
    empty 25x25 grid (a real optimisation problem: nothing fixed, 15,625 columns)."""
    script = "branch variable; next best; cut gomory; next best; branch suggested; next best; cut gomory; next best; branch variable"
    empty = Path(tempfile.mkdtemp()) / "empty25.txt"
    empty.write_text(" ".join(["0"] * 625) + "\n")
    sets = [(DATA / "magictour_top95.txt", range(1, 96, 5)), (DATA / "grid25_misc.txt", range(1, 40)), (empty, [0])]
    if len(sys.argv) > 2:
        sets = [s for s in sets if s[0].name == sys.argv[2]]
    print(f"load average {open('/proc/loadavg').read().split()[:3]}")
    for file, lines in sets:
        root, step = steps(file, lines, script, "min:random:1")
        print(f"{file.name}: {len(lines)} sessions `lab --times --objective min:random:1 --do \"{script}\"`")
        for what, runs in [("root LP (cold, tree drawn)", root), (f"one branch or cut ({len(step)} steps)", step)]:
            if runs:
                print(f"  {what}: wall {summary90([r[0] for r in runs])} ms; cpu {summary90([r[1] for r in runs])} ms; "
                      f"iterations {summary([r[2] for r in runs])}")


LIMIT = float(__import__("os").environ.get("HARDEST_TIME_LIMIT", "10"))


def solve(file, k, extra):
    """One `solve --json` run: (status, nodes, cuts, wall ms, objective value)."""
    cmd = [BIN, "solve", "--json", "--time-limit", f"{LIMIT:g}", "--objective", "max:diagonal", "--line", str(k), str(file), *extra]
    start = time.monotonic()
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=LIMIT + 60)
    except subprocess.TimeoutExpired:
        return "killed", None, None, (time.monotonic() - start) * 1000, None
    wall = (time.monotonic() - start) * 1000
    try:
        doc = json.loads(out.stdout)
    except json.JSONDecodeError:
        return f"exit {out.returncode}: {out.stderr.strip()[:80]}", None, None, wall, None
    return doc["status"], doc["stats"].get("nodes"), doc["stats"].get("cuts"), wall, doc.get("objective", {}).get("value")


def root_cuts(file, k, rounds=20):
    """The root LP value, and the root bound after up to `rounds` Gomory cuts (`lab` session);
    None after the cuts when a cut step found the root no longer open (the cuts made it
    integral, or it was integral from the start)."""
    script = "; ".join(["cut gomory"] * rounds)
    out = subprocess.run([BIN, "lab", "--objective", "max:diagonal", "--line", str(k), str(file), "--do", script],
                         capture_output=True, text=True, timeout=LIMIT + 60)
    root, after = None, None
    if out.returncode != 0:  # a cut step found the root no longer open (integral, or pruned)
        out = subprocess.run([BIN, "lab", "--objective", "max:diagonal", "--line", str(k), str(file)],
                             capture_output=True, text=True, timeout=LIMIT + 60)
        root = float(out.stdout.split(" · LP ")[1].split()[0])
        return root, None
    for line in out.stdout.splitlines():
        if line.startswith("root:") and " · LP " in line:
            root = after = float(line.split(" · LP ")[1].split()[0])
        if "· bound " in line and "→" in line:
            after = float(line.split("· bound ")[1].split("→")[1].split()[0])
    return root, after


def run_hardest():
    """Every 241st line (201 puzzles), or the first K of them; one JSON record per puzzle on
    standard error (so that a long run can be followed and re-summarised)."""
    file = DATA / "forum_hardest_1905_11plus.txt"
    total = sum(1 for _ in open(file))
    count = int(sys.argv[2]) if len(sys.argv) > 2 else None
    lines = list(range(1, total + 1, 241))[:count]
    methods = {
        "ilp (HiGHS MILP)": [],
        "lp-bb --branch variable": ["--method", "lp-bb", "--branch", "variable"],
        "lp-bb --branch variable --cuts gomory": ["--method", "lp-bb", "--branch", "variable", "--cuts", "gomory"],
    }
    records = []
    for k in lines:
        record = {"line": k}
        values = set()
        for m, extra in methods.items():
            status, nodes, cuts, wall, value = solve(file, k, extra)
            record[m] = {"status": status, "nodes": nodes, "cuts": cuts, "ms": round(wall, 1), "value": value}
            if status == "solved":
                values.add(value)
        assert len(values) <= 1, f"line {k}: optima differ {values}"
        record["optimum"] = values.pop() if values else None
        record["root_lp"], record["root_after_cuts"] = root_cuts(file, k)
        records.append(record)
        print(json.dumps(record), file=sys.stderr, flush=True)
    summarise(records, file.name)


def summarise(records, name):
    none, cuts = "lp-bb --branch variable", "lp-bb --branch variable --cuts gomory"
    lines = [r["line"] for r in records]
    print(f"{len(records)} puzzles (lines {lines[0]}, {lines[1] if len(lines) > 1 else ''}, ..., {lines[-1]} of {name}), "
          f"objective max:diagonal, --time-limit {LIMIT:g}")
    for m in ["ilp (HiGHS MILP)", none, cuts]:
        solved = [r[m] for r in records if r[m]["status"] == "solved"]
        if not solved:
            print(f"  {m}: solved 0/{len(records)}")
            continue
        print(f"  {m}: solved {len(solved)}/{len(records)}; nodes {summary([x['nodes'] for x in solved])}; "
              f"time {summary([x['ms'] for x in solved])} ms"
              + (f"; cuts {summary([x['cuts'] or 0 for x in solved])}" if m == cuts else ""))
    both = [r for r in records if r[none]["status"] == r[cuts]["status"] == "solved"]
    fewer = sum(1 for r in both if r[cuts]["nodes"] < r[none]["nodes"])
    faster = sum(1 for r in both if r[cuts]["ms"] < r[none]["ms"])
    print(f"  with --cuts gomory: fewer nodes on {fewer} of {len(both)} puzzles both solved, less time on {faster}")
    ok = [r for r in records if r["optimum"] is not None and r["root_lp"] is not None]
    print(f"  root LP not read (the lab session failed): {sum(r['root_lp'] is None for r in records)}; "
          f"root no longer open within 20 cuts: {sum(r['root_lp'] is not None and r['root_after_cuts'] is None for r in records)}")
    gaps = [r["root_lp"] - r["optimum"] for r in ok]
    closed = [(r["root_lp"] - (r["root_after_cuts"] if r["root_after_cuts"] is not None else r["optimum"])) / g
              for r, g in zip(ok, gaps) if g > 1e-9]
    if closed:
        print(f"  root gap (root LP - optimum) {summary(gaps)}; share of it 20 Gomory cuts close {summary(closed)}")

    def bucket(title, rows):
        if rows:
            ratio = statistics.median(r[cuts]["nodes"] / r[none]["nodes"] for r in rows)
            print(f"    {title}: {len(rows)} puzzles, fewer nodes on {sum(r[cuts]['nodes'] < r[none]['nodes'] for r in rows)}, "
                  f"less time on {sum(r[cuts]['ms'] < r[none]['ms'] for r in rows)}, median node ratio (cuts / none) {ratio:.2f}")

    def share(r):
        if r["root_lp"] is None or r["optimum"] is None:
            return 0.0
        if r["root_after_cuts"] is None:
            return 1.0
        gap = r["root_lp"] - r["optimum"]
        return (r["root_lp"] - r["root_after_cuts"]) / gap if gap > 1e-9 and r["root_after_cuts"] is not None else 0.0

    print("  where the cuts pay (puzzles both lp-bb runs solved):")
    bucket("cuts close < 20 % of the root gap", [r for r in both if share(r) < 0.2])
    bucket("cuts close >= 20 % of the root gap", [r for r in both if share(r) >= 0.2])
    bucket("tree without cuts < 100 nodes", [r for r in both if r[none]["nodes"] < 100])
    bucket("tree without cuts >= 100 nodes", [r for r in both if r[none]["nodes"] >= 100])
    lost = [r for r in records if r[none]["status"] == "solved" and r[cuts]["status"] != "solved"]
    won = [r for r in records if r[cuts]["status"] == "solved" and r[none]["status"] != "solved"]
    print(f"  solved without cuts only: {len(lost)}; with cuts only: {len(won)}")


def resummarise():
    """`summary LOG`: the table again from the JSON records of a run's standard error."""
    records = [json.loads(l) for l in open(sys.argv[2]) if l.startswith("{")]
    summarise(records, "forum_hardest_1905_11plus.txt")


if __name__ == "__main__":
    {"steps": run_steps, "hardest": run_hardest, "summary": resummarise}[sys.argv[1]]()
