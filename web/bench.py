"""The page's speed in headless Chromium beside the native build, in one run (docs/performance.md,
"The browser build (issue 37)"). Not a test: it prints numbers, it asserts nothing about time.

  python web/bench.py [--native target/release/sudoku-ilp] [--opens 7] [--branches 60] [--hints 30]
                      [--applies 5]

1. open: the file opened from disk until the page is usable (gallery loaded, first puzzle open:
   `document.body.dataset.ready`, ms since navigation start), a fresh tab each time;
2. branch: a click on a fractional candidate of a 9×9 in the lab until the grid and the tree
   are redrawn (the branch's two LPs re-solved warm on HiGHS-wasm in the worker, the node and
   tree pictures, the next animation frame), on seed004_unique_9x9 with max:diagonal and on the
   first grids of forum_hardest_1905_11plus.txt; beside it the native `lab --times` step;
3. hint: the hint at level `rows` with its certificate outlined, on the first grids of
   sudoku_exchange_diabolical.txt (or the repo's seeds without ../shared/data), until drawn;
   beside it the native `hint --level rows --json` process (its wall time, process start included);
4. apply: "Apply this step" at the last step of the path (the hint view walks the path: step k is
   computed with steps 0..k-1 and their certificates, so the last step is the slowest), on the
   first grids of forum_hardest_1905_11plus.txt, until drawn; beside it the native
   `steps --json` process (the whole path).
The page must be built (bash web/build.sh).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "tests"))
from conftest import PAGE, ROOT, SHARED, Page, data, read  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402

def timed(body):
    """An async script for execute_async_script: `body` (JS, may await; `p` is the page's API,
    `frame()` the next animation frame, `arg` the arguments) runs and its value comes back."""
    return (
        "const arg = arguments; const done = arguments[arguments.length - 1];"
        "const p = window.sudokuPage;"
        "const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r)));"
        "(async () => {" + body + "})()"
        ".then((v) => done({ok: true, v}), (e) => done({ok: false, e: e.message}));"
    )


BRANCH_JS = timed(
    """
  const [text, objective, count] = [arg[0], arg[1], arg[2]];
  await p.loadText(text);
  p.showTab('lab');
  const times = [];
  let restarts = 0;
  document.getElementById('objective').value = objective;
  await p.labDo(p.S('lab_start', objective));
  while (times.length < count && restarts < 50) {
    const cand = document.querySelector('#board .cand[data-branch]');
    if (!cand) { restarts++; p.state.node = 0; await p.labDo(p.S('lab_start', objective)); if (!document.querySelector('#board .cand[data-branch]')) break; continue; }
    const t0 = performance.now();
    await p.labBranch(cand.dataset.branch);
    await frame();
    times.push(performance.now() - t0);
  }
  return times;
"""
)

HINT_JS = timed(
    """
  await p.loadText(arg[0]);
  p.showTab('hint');
  const t0 = performance.now();
  await p.hint('rows');
  await frame();
  return performance.now() - t0;
"""
)


APPLY_JS = timed(
    """
  await p.loadText(arg[0]);
  p.showTab('hint');
  const steps = (await p.S('steps', false)).steps.length;
  await p.hintGoTo(steps - 2);
  const t0 = performance.now();
  await p.applyHint();
  await frame();
  return performance.now() - t0;
"""
)


def stats(xs):
    if not xs:
        return "no data"
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]
    return f"median {statistics.median(xs):.1f} ms, p95 {p95:.1f} ms, max {xs[-1]:.1f} ms (n = {len(xs)})"


def run(driver, script, *args):
    r = driver.execute_async_script(script, *args)
    if not r["ok"]:
        raise RuntimeError(r["e"])
    return r["v"]


def lines(name, count):
    path = os.path.join(SHARED, name)
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [line for line in f.read().splitlines() if line and not line.startswith("#")][:count]


def native_lab(binary, path, objective, steps, line=None):
    """`lab --times`: each step's ms (the step, its LP re-solves and the tree picture)."""
    script = "; ".join(["branch variable", "next depth"] * steps)
    args = [binary, "lab", "--times", "--do", script]
    if objective:
        args += ["--objective", objective]
    if line:
        args += ["--line", str(line)]
    p = subprocess.run(args + [path], capture_output=True, text=True)
    out = []
    for row in p.stderr.splitlines():
        w = row.split()
        if len(w) >= 4 and w[0] == "step" and w[2] == "ms":  # `step K ms T (… bytes drawn)`
            out.append(float(w[3]))
    return out[0::2]  # the branch steps, not the `next depth` ones


def native_hint(binary, args):
    t = time.perf_counter()
    subprocess.run([binary, "hint", "--level", "rows", "--json", *args], capture_output=True, check=False)
    return (time.perf_counter() - t) * 1000


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--native", default=os.path.join(ROOT, "target", "release", "sudoku-ilp"))
    ap.add_argument("--opens", type=int, default=7)
    ap.add_argument("--branches", type=int, default=60)
    ap.add_argument("--hints", type=int, default=30)
    ap.add_argument("--applies", type=int, default=5)
    a = ap.parse_args()
    opts = webdriver.ChromeOptions()
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1920,1080"]:
        opts.add_argument(arg)
    driver = webdriver.Chrome(options=opts, service=Service("/usr/bin/chromedriver"))
    driver.set_script_timeout(900)
    page = Page(driver, "/tmp")
    print(f"page {PAGE} ({os.path.getsize(PAGE) // 1024} KiB); native {a.native}")

    opens = []
    for _ in range(a.opens):
        driver.switch_to.new_window("tab")
        page.open()
        opens.append(float(driver.execute_script("return document.body.dataset.ready")))
    print(f"open -> usable: {stats(opens)}")

    seed = data("seeds", "seed004_unique_9x9.json")
    branch = run(driver, BRANCH_JS, read(seed), "max:diagonal", a.branches)
    print(f"branch, seed004_unique_9x9 max:diagonal, page: {stats(branch)}")
    if os.path.exists(a.native):
        print(f"  native lab --times: {stats(native_lab(a.native, seed, 'max:diagonal', 30))}")
    hardest = lines("forum_hardest_1905_11plus.txt", 5)
    if hardest:
        times = []
        for line in hardest:
            times += run(driver, BRANCH_JS, line, "", max(1, a.branches // len(hardest)))
        print(f"branch, forum_hardest_1905_11plus lines 1-{len(hardest)}, page: {stats(times)}")
        if os.path.exists(a.native):
            nat = []
            for k in range(1, len(hardest) + 1):
                nat += native_lab(a.native, os.path.join(SHARED, "forum_hardest_1905_11plus.txt"), "", 10, k)
            print(f"  native lab --times: {stats(nat)}")

    puzzles = lines("sudoku_exchange_diabolical.txt", a.hints)
    if puzzles:
        label = f"sudoku_exchange_diabolical lines 1-{len(puzzles)}"
        cli_args = [["--line", str(k + 1), os.path.join(SHARED, "sudoku_exchange_diabolical.txt")] for k in range(len(puzzles))]
    else:
        names = sorted(os.listdir(data("seeds")))
        puzzles = [read(data("seeds", n)) for n in names if n.endswith(".json") and "solution" not in n]
        label = "the repo's seeds"
        cli_args = [[data("seeds", n)] for n in names if n.endswith(".json") and "solution" not in n]
    hints = [run(driver, HINT_JS, text) for text in puzzles]
    print(f"hint --level rows, {label}, page: {stats(hints)}")
    if os.path.exists(a.native):
        print(f"  native hint process: {stats([native_hint(a.native, args) for args in cli_args])}")
    applies = []
    hardest = lines("forum_hardest_1905_11plus.txt", a.applies)
    if hardest:
        applies = [run(driver, APPLY_JS, line) for line in hardest]
        print(f"apply the last step, forum_hardest_1905_11plus lines 1-{len(hardest)}, page: {stats(applies)}")
        if os.path.exists(a.native):
            path = os.path.join(SHARED, "forum_hardest_1905_11plus.txt")
            nat = []
            for k in range(1, len(hardest) + 1):
                t = time.perf_counter()
                subprocess.run([a.native, "steps", "--json", "--line", str(k), path], capture_output=True, check=False)
                nat.append((time.perf_counter() - t) * 1000)
            print(f"  native steps --json process: {stats(nat)}")
    print(json.dumps({"open": opens, "branch": branch, "hint": hints, "apply": applies}))
    driver.quit()


if __name__ == "__main__":
    main()
