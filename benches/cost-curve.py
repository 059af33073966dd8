#!/usr/bin/env python3
"""The cost curve of issue 25: every engine and CP-SAT on seeded large grids.

For each order n in --orders (n = b², boxes b×b) and each fraction of givens in --fractions, five
(--count) puzzles: the pattern grid value(r, c) = (b·(r mod b) + ⌊r/b⌋ + c) mod n + 1, shuffled by
Sudoku's symmetries (digits relabelled, rows within bands, bands, columns within stacks, stacks,
a transposition at random), then holes at random until round(fraction·n²) givens remain. Seeded:
the same --seed writes the same puzzles.

Each puzzle is one process, timed as the peers harness times (the tool: the `ms` of its `batch`
line, model build + solve + check; CP-SAT: perf_counter around model build + solve), with the
process's peak resident memory from /usr/bin/time. Every grid is verified here (rows, columns,
boxes, givens), independently of the tool. An engine that leaves most of an order's puzzles
unsolved is not run on the larger orders of the same fraction (shown as "skipped" in the table).

Usage (benches/cost-curve.sh runs it): cost-curve.py --bin target/release/sudoku-ilp --out DIR
  [--orders 16,25,36,49,64] [--fractions 45,60,75] [--count 5] [--limit 60] [--seed 25]
  [--engines propagate,sat,...] [--cpsat-python PY]
Writes DIR/puzzles/, DIR/results.json, DIR/results.md and DIR/cost-curve.svg (matplotlib).
"""
import argparse, json, math, os, random, re, statistics, subprocess, sys, time

# name → the tool's batch flags, or None for CP-SAT.
ENGINES = {
    "propagate": ["--method", "propagate"],
    "sat": ["--method", "sat"],
    "backtrack": ["--method", "backtrack"],
    "milp": ["--method", "ilp"],
    "milp --fast": ["--method", "ilp", "--fast"],
    "natural": ["--method", "ilp", "--model", "natural"],
    "lp-bb": ["--method", "lp-bb"],
    "CP-SAT (1 worker)": None,
}


def pattern_puzzle(n, fraction, rnd):
    """One puzzle: a shuffled pattern grid with round(fraction·n²) givens (0 = empty)."""
    b = math.isqrt(n)
    digits = list(range(1, n + 1))
    rnd.shuffle(digits)

    def order():  # a permutation of 0..n-1 that keeps bands (or stacks) together
        bands = list(range(b))
        rnd.shuffle(bands)
        out = []
        for band in bands:
            inner = list(range(b))
            rnd.shuffle(inner)
            out += [band * b + i for i in inner]
        return out

    rows, cols = order(), order()
    grid = [[digits[(b * (r % b) + r // b + c) % n] for c in cols] for r in rows]
    if rnd.random() < 0.5:
        grid = [list(col) for col in zip(*grid)]
    cells = [v for row in grid for v in row]
    for i in rnd.sample(range(n * n), n * n - round(fraction * n * n)):
        cells[i] = 0
    return cells


def verify(n, givens, grid):
    """True when grid (a list of rows) is complete, keeps the givens and repeats no value."""
    if not grid or len(grid) != n or any(len(r) != n for r in grid):
        return False
    flat = [v for r in grid for v in r]
    if any(g and g != v for g, v in zip(givens, flat)):
        return False
    b = math.isqrt(n)
    full = set(range(1, n + 1))
    houses = [[r * n + c for c in range(n)] for r in range(n)]
    houses += [[r * n + c for r in range(n)] for c in range(n)]
    houses += [[(br * b + i) * n + bc * b + j for i in range(b) for j in range(b)]
               for br in range(b) for bc in range(b)]
    return all({flat[k] for k in h} == full for h in houses)


def timed(cmd, limit):
    """Runs cmd under /usr/bin/time; (stdout, peak MB, wall s, killed)."""
    start = time.perf_counter()
    try:
        p = subprocess.run(["/usr/bin/time", "-f", "peak-kb %M"] + cmd, capture_output=True,
                           text=True, timeout=limit + 60)
    except subprocess.TimeoutExpired:
        return "", None, time.perf_counter() - start, True
    wall = time.perf_counter() - start
    kb = re.findall(r"peak-kb (\d+)", p.stderr)
    return p.stdout, (int(kb[-1]) / 1024 if kb else None), wall, False


def run_tool(bin_, flags, path, n, givens, limit):
    out, mb, wall, killed = timed([bin_, "batch", "--jobs", "1", "--quiet", "--time-limit",
                                   str(limit)] + flags + [path], limit)
    line = next((json.loads(l) for l in out.splitlines() if l.startswith("{")), None)
    if killed or line is None:
        return {"status": "killed" if killed else "error", "ms": wall * 1e3, "mb": mb}
    status = line["status"]
    if status == "solved" and not verify(n, givens, line.get("grid")):
        status = "invalid"
    return {"status": status, "ms": line.get("ms", wall * 1e3), "mb": mb}


def run_cpsat(py, path, n, givens, limit):
    out, mb, wall, killed = timed([py, os.path.abspath(__file__), "--cpsat-one", path,
                                   "--limit", str(limit)], limit)
    if killed or not out.strip():
        return {"status": "killed" if killed else "error", "ms": wall * 1e3, "mb": mb}
    rec = json.loads(out)
    if rec["status"] == "solved" and not verify(n, givens, rec.pop("grid")):
        rec["status"] = "invalid"
    rec.pop("grid", None)
    rec["mb"] = mb
    return rec


def cpsat_one(path, limit):
    """CP-SAT on one puzzle file (one line), as ../shared/peers/peer_cpsat.py models it."""
    from ortools.sat.python import cp_model
    cells = [int(t) for t in open(path).read().split()]
    n = math.isqrt(len(cells))
    b = math.isqrt(n)
    t0 = time.perf_counter()
    m = cp_model.CpModel()
    x = [m.NewIntVar(g, g, f"x{k}") if g else m.NewIntVar(1, n, f"x{k}")
         for k, g in enumerate(cells)]
    for r in range(n):
        m.AddAllDifferent([x[r * n + c] for c in range(n)])
        m.AddAllDifferent([x[c * n + r] for c in range(n)])
    for br in range(b):
        for bc in range(b):
            m.AddAllDifferent([x[(br * b + i) * n + bc * b + j] for i in range(b) for j in range(b)])
    s = cp_model.CpSolver()
    s.parameters.num_workers = 1
    s.parameters.max_time_in_seconds = limit
    st = s.Solve(m)
    ms = (time.perf_counter() - t0) * 1e3
    if st in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        grid = [[s.Value(x[r * n + c]) for c in range(n)] for r in range(n)]
        print(json.dumps({"status": "solved", "ms": ms, "grid": grid}))
    else:
        print(json.dumps({"status": "time limit" if st == cp_model.UNKNOWN else s.StatusName(st),
                          "ms": ms, "grid": None}))


def table(results, engines, orders, fractions, count):
    """Markdown: per fraction, one row per engine and order."""
    lines = []
    for f in fractions:
        lines += [f"\n### {f} % givens\n", "| engine | order | solved | median ms | max ms | peak MB |",
                  "|---|---|---|---|---|---|"]
        for e in engines:
            for n in orders:
                recs = [r for r in results if r["engine"] == e and r["n"] == n and r["fraction"] == f]
                if not recs:
                    lines.append(f"| {e} | {n} | skipped | | | |")
                    continue
                ms = [r["ms"] for r in recs]
                mbs = [r["mb"] for r in recs if r["mb"] is not None]
                solved = sum(r["status"] == "solved" for r in recs)
                lines.append(f"| {e} | {n} | {solved}/{count} | {statistics.median(ms):,.0f} | "
                             f"{max(ms):,.0f} | {max(mbs) if mbs else 0:,.0f} |")
    return "\n".join(lines) + "\n"


def chart(results, engines, orders, fractions, limit, path):
    """Median time per order, log scale, one line per engine, one panel per fraction. A median
    that is not a solve (over half the puzzles unsolved) is drawn at the limit, hollow."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    plt.rcParams["svg.fonttype"] = "none"  # text stays text: a smaller, searchable SVG
    fig, axes = plt.subplots(1, len(fractions), figsize=(5 * len(fractions), 4.2), sharey=True)
    for ax, f in zip(axes if len(fractions) > 1 else [axes], fractions):
        for e in engines:
            xs, ys, hollow = [], [], []
            for n in orders:
                recs = [r for r in results if r["engine"] == e and r["n"] == n and r["fraction"] == f]
                if not recs:
                    continue
                solved = sorted(r["ms"] for r in recs if r["status"] == "solved")
                ok = len(solved) * 2 > len(recs)
                xs.append(n)
                ys.append(statistics.median([r["ms"] if r["status"] == "solved" else limit * 1e3
                                             for r in recs]))
                hollow.append(not ok)
            if xs:
                line, = ax.plot(xs, ys, marker="o", label=e)
                ax.scatter([x for x, h in zip(xs, hollow) if h], [y for y, h in zip(ys, hollow) if h],
                           s=80, facecolors="white", edgecolors=line.get_color(), zorder=3)
        ax.set_yscale("log")
        ax.axhline(limit * 1e3, color="grey", linestyle=":", linewidth=1)
        ax.set_xticks(orders)
        ax.set_title(f"{f} % givens")
        ax.set_xlabel("order n (n×n grid)")
        ax.grid(True, which="both", alpha=0.3)
    (axes[0] if len(fractions) > 1 else axes).set_ylabel("median ms per puzzle (log)")
    (axes[-1] if len(fractions) > 1 else axes).legend(fontsize=8, loc="lower right")
    fig.suptitle(f"Cost curve: five seeded puzzles per point, limit {limit:g} s "
                 "(hollow: most of the five unsolved)")
    fig.tight_layout()
    fig.savefig(path)


def save(a, orders, fractions, results):
    """DIR/results.json, rewritten after every engine and order (a stopped run keeps its rows)."""
    with open(os.path.join(a.out, "results.json.part"), "w") as out:
        json.dump({"orders": orders, "fractions": fractions, "count": a.count, "limit_s": a.limit,
                   "seed": a.seed, "results": results}, out, indent=0)
    os.replace(os.path.join(a.out, "results.json.part"), os.path.join(a.out, "results.json"))


def merge(a):
    """One table and chart from several runs (e.g. one process per fraction)."""
    runs = [json.load(open(p)) for p in a.merge]
    # A later file's cells replace an earlier one's (a rerun of some cells on a quieter machine).
    cells = {}
    for run in runs:
        for r in run["results"]:
            cells.setdefault((r["engine"], r["n"], r["fraction"]), {})[r["puzzle"]] = r
    results = [r for by_puzzle in cells.values() for r in by_puzzle.values()]
    orders = sorted({n for run in runs for n in run["orders"]})
    fractions = sorted({f for run in runs for f in run["fractions"]})
    engines = [e for e in ENGINES if any(r["engine"] == e for r in results)]
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, "results.md"), "w") as out:
        out.write(table(results, engines, orders, fractions, runs[0]["count"]))
    chart(results, engines, orders, fractions, runs[0]["limit_s"],
          os.path.join(a.out, "cost-curve.svg"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cpsat-one", help=argparse.SUPPRESS)
    ap.add_argument("--bin")
    ap.add_argument("--out")
    ap.add_argument("--orders", default="16,25,36,49,64")
    ap.add_argument("--fractions", default="45,60,75")
    ap.add_argument("--count", type=int, default=5)
    ap.add_argument("--limit", type=float, default=60)
    ap.add_argument("--seed", type=int, default=25)
    ap.add_argument("--engines", default=",".join(ENGINES))
    ap.add_argument("--cpsat-python", default=sys.executable)
    ap.add_argument("--merge", nargs="+", metavar="RESULTS_JSON",
                    help="only write the table and chart of these results.json files (runs of "
                         "other fractions, or reruns of some cells: a later file wins) into --out")
    a = ap.parse_args()
    if a.cpsat_one:
        return cpsat_one(a.cpsat_one, a.limit)
    if a.merge:
        return merge(a)
    orders = [int(x) for x in a.orders.split(",")]
    fractions = [int(x) for x in a.fractions.split(",")]
    engines = [e for e in a.engines.split(",") if e]
    unknown = [e for e in engines if e not in ENGINES]
    if unknown:
        sys.exit(f"cost-curve.py: unknown engine {unknown[0]!r}; known: {', '.join(ENGINES)}")
    os.makedirs(os.path.join(a.out, "puzzles"), exist_ok=True)
    results, given_up = [], set()
    for f in fractions:
        for n in orders:
            rnd = random.Random(f"{a.seed}-{n}-{f}")
            puzzles = [pattern_puzzle(n, f / 100, rnd) for _ in range(a.count)]
            paths = []
            for k, cells in enumerate(puzzles, 1):
                paths.append(os.path.join(a.out, "puzzles", f"n{n}_g{f}_{k}.txt"))
                with open(paths[-1], "w") as out:
                    out.write(" ".join(map(str, cells)) + "\n")
            for e in engines:
                if (e, f) in given_up:
                    continue
                recs = []
                for k, (path, cells) in enumerate(zip(paths, puzzles), 1):
                    flags = ENGINES[e]
                    rec = (run_cpsat(a.cpsat_python, path, n, cells, a.limit) if flags is None
                           else run_tool(a.bin, flags, path, n, cells, a.limit))
                    rec.update(engine=e, n=n, fraction=f, puzzle=k)
                    recs.append(rec)
                    mb = f"{rec['mb']:.0f}" if rec["mb"] is not None else "?"
                    print(f"{f}% n={n} #{k} {e:18s} {rec['status']:10s} {rec['ms']:10.1f} ms "
                          f"{mb:>6s} MB", flush=True)
                results += recs
                if 2 * sum(r["status"] == "solved" for r in recs) < len(recs):
                    given_up.add((e, f))
                save(a, orders, fractions, results)
    with open(os.path.join(a.out, "results.md"), "w") as out:
        out.write(table(results, engines, orders, fractions, a.count))
    chart(results, engines, orders, fractions, a.limit, os.path.join(a.out, "cost-curve.svg"))
    print(f"results: {a.out}/results.md, chart: {a.out}/cost-curve.svg")


if __name__ == "__main__":
    main()
