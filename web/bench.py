"""The page's speed in headless Chromium beside the native build, in one run (docs/performance.md,
"The browser build (issue 37)"). Not a test: it prints numbers, it asserts nothing about time.

  python web/bench.py [--native target/release/sudoku-ilp] [--opens 7] [--branches 60] [--hints 30]
                      [--applies 5] [--walks 0]

1. open: the file opened from disk until the page is usable (gallery loaded, first puzzle open:
   `document.body.dataset.ready`, ms since navigation start), a fresh tab each time;
2. branch: a click on a fractional candidate of a 9×9 in the lab until the grid and the tree
   are redrawn (the branch's two LPs re-solved warm on HiGHS-wasm in the worker, the node and
   tree pictures, the next animation frame), on seed004_unique_9x9 with max:diagonal and on the
   first grids of forum_hardest_1905_11plus.txt; beside it the native `lab --times` step;
3. hint: the hint at level `rows` with its certificate outlined, on the first grids of
   sudoku_exchange_diabolical.txt (or the repo's seeds without ../shared/data), until drawn;
   beside it the native `hint --level rows --json` process (its wall time, process start included);
4. apply: "Apply this step" at the last step of the path, after All steps and the step before
   last opened from its list (the session keeps the path All steps computed), on the first grids
   of forum_hardest_1905_11plus.txt, until drawn; beside it the native `steps --json` process
   (the whole path).
   walk (`--walks N`, default 0): every "Apply this step" from step 1 to the end of the path on
   the first N grids of forum_hardest_1905_11plus.txt, each click until drawn, as a student
   clicking through the path (the session keeps its path: the first Apply past step 1 computes
   it, the others read it); beside it `cargo run --release -p sudoku-ilp-web --example apply`.
5. exercises (issue 45; `--exercises` runs only these): a graded certificate (the hint's
   elimination, its rows the model answer's, `Check` until the verdict and the model answer are
   drawn) on sudoku_exchange_diabolical; graded predictions (integral, branch, next best,
   infeasible and bound of the branching column's child) at the root of the hardest sample; a
   student's cut until its verdict and the tree are drawn (`x <= 0` and `x >= 1` at the root,
   `y <= 0` at node 1 after `branch variable`, x and y the textbook rule's most fractional
   columns, a fresh lab for each, as benches/student-cut.sh does natively) on every
   `--cut-step`th line of forum_hardest_1905_11plus.txt and on grid16_misc.txt lines 1–`--g16`
   with a fractional root; beside them the native `prove --json` process and the native
   `lab --times` step of the same cut.
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
from conftest import PAGE, ROOT, SHARED, Page, chromium, data, read  # noqa: E402

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

WALK_START_JS = timed(
    """
  await p.loadText(arg[0]);
  p.showTab('hint');
  await p.hint('value');
"""
)

# At most 10 Applies a call (the driver's connection gives up on a script after 120 s).
WALK_JS = timed(
    """
  const note = document.getElementById('hint-note');
  const times = [];
  const finished = () => note.textContent.includes('the grid is complete');
  while (times.length < 10 && !finished()) {
    const t0 = performance.now();
    await p.applyHint();
    await frame();
    times.push(performance.now() - t0);
  }
  return {times, done: finished()};
"""
)

PROVE_JS = timed(
    """
  await p.loadText(arg[0]);
  p.showTab('hint');
  const h = await p.hint('rows');
  const e = (h.eliminations || [])[0];
  const placed = (h.placements || [])[0];
  let target = e ? `${e.cell}=${e.value}` : null;
  if (!target && placed) target = `${placed.cell}=${placed.value === 1 ? 2 : 1}`;
  if (!target) return null;
  await p.proveTarget(target);
  const answer = await p.proveShowAnswer();
  const t1 = performance.now();
  await p.S('prove_answer', target);
  const answerMs = performance.now() - t1;
  const rows = answer && answer.implied ? answer.certificate : [{row: 'cell_r1_c1', multiplier: 1}];
  await p.proveClear();
  for (const r of rows) for (let k = 0; k < Math.abs(r.multiplier); k++) await p.proveAdd(r.row, Math.sign(r.multiplier));
  const t0 = performance.now();
  const graded = await p.proveGrade();
  await frame();
  return {ms: performance.now() - t0, answerMs, target, proves: graded.proves, rows: rows.map(r => `${r.multiplier} ${r.row}`).join(' + ')};
"""
)

PREDICT_JS = timed(
    """
  await p.loadText(arg[0]);
  p.showTab('lab');
  document.getElementById('objective').value = '';
  p.state.node = 0;
  await p.labDo(p.labCall('lab_start', ''));
  const x = (await p.S('lab_do', 'node 0; predict branch none')).answers[0].expected;
  if (x === 'none') return [];
  const m = /^x_r(\\d+)_c(\\d+)_v(\\d+)$/.exec(x);
  const child = `r${m[1]}c${m[2]}=${m[3]}`;
  const times = [];
  for (const q of ['integral no', `branch ${x}`, 'next best 0', `infeasible ${child} no`, `bound ${child} 0`]) {
    const t0 = performance.now();
    await p.labPredict(q);
    await frame();
    times.push(performance.now() - t0);
  }
  return times;
"""
)

CUT_JS = timed(
    """
  await p.loadText(arg[0]);
  p.showTab('lab');
  document.getElementById('objective').value = '';
  const fresh = async () => { p.state.node = 0; await p.labDo(p.labCall('lab_start', '')); };
  const column = async (node) => (await p.S('lab_do', `node ${node}; predict branch none`)).answers[0].expected;
  const timedCut = async (node, text) => {
    p.state.node = node;
    const t0 = performance.now();
    const a = await p.cutMy(text);
    await frame();
    return {node, cut: text, ms: performance.now() - t0, valid: a.valid};
  };
  await fresh();
  const x = await column(0);
  if (x === 'none') return [];
  const out = [await timedCut(0, `${x} <= 0`)];
  await fresh();
  out.push(await timedCut(0, `${x} >= 1`));
  await fresh();
  await p.labDo(p.labCall('lab_do', 'node 0; branch variable'));
  const y = await column(1);
  if (y !== 'none') out.push(await timedCut(1, `${y} <= 0`));
  return out;
"""
)


SPLIT_JS = timed(
    """
  await p.loadText(arg[0]); p.showTab('lab');
  document.getElementById('objective').value = '';
  const fresh = async () => { p.state.node = 0; await p.labDo(p.labCall('lab_start', '')); };
  await fresh();
  const x = (await p.S('lab_do', 'node 0; predict branch none')).answers[0].expected;
  if (x === 'none') return [];
  const out = [];
  for (const cut of [`${x} <= 0`, `${x} >= 1`]) {
    await fresh();
    let t0 = performance.now();
    await p.S('lab_do', `node 0; cut my: ${cut}`);
    const worker = performance.now() - t0;
    await fresh();
    t0 = performance.now();
    await p.cutMy(cut);
    await frame();
    out.push([worker, performance.now() - t0]);
  }
  return out;
"""
)


def split(driver, a):
    """Where a student's cut's time goes: the worker's `lab_do` call alone (the library: the
    MILPs, the cut added, the state) against the whole click (`cutMy` until drawn), each cut
    twice on a fresh lab, on every 2·cut-step th line of the hardest sample."""
    path = os.path.join(SHARED, "forum_hardest_1905_11plus.txt")
    with open(path) as f:
        sample = f.read().splitlines()[:: 2 * a.cut_step]
    pairs = []
    for text in sample:
        pairs += run(driver, SPLIT_JS, text)
    print(f"student cut, hardest every {2 * a.cut_step}th line, {len(pairs)} cuts: worker call alone {stats([w for w, _ in pairs])}")
    print(f"  whole click until drawn: {stats([t for _, t in pairs])}")
    print(f"  the page's own share (whole click - worker call, run apart): {stats([t - w for w, t in pairs])}")


def native_cut(binary, path, line, steps):
    """The last step's wall-clock ms of `lab --times --line LINE PATH --do STEPS`."""
    p = subprocess.run([binary, "lab", "--times", "--line", str(line), path, "--do", steps], capture_output=True, text=True)
    rows = [r.split() for r in p.stderr.splitlines() if r.startswith("step ")]
    return float(rows[-1][3]) if rows else None


def native_prove(binary, args, target, rows, answer):
    t = time.perf_counter()
    extra = [] if answer else ["--no-answer"]
    subprocess.run([binary, "prove", "--json", *extra, *args, "--eliminate", target, "--rows", rows], capture_output=True, check=False)
    return (time.perf_counter() - t) * 1000


def exercises(driver, a):
    """Issue 45's graded answers and a student's cut, page beside native."""
    diabolical = lines("sudoku_exchange_diabolical.txt", a.hints)
    proves, answers, native, native_answer = [], [], [], []
    for k, text in enumerate(diabolical):
        r = run(driver, PROVE_JS, text)
        if not r:
            continue
        proves.append(r["ms"])
        answers.append(r["answerMs"])
        if os.path.exists(a.native):
            args = ["--line", str(k + 1), os.path.join(SHARED, "sudoku_exchange_diabolical.txt")]
            native.append(native_prove(a.native, args, r["target"], rows_text(r["rows"]), False))
            native_answer.append(native_prove(a.native, args, r["target"], rows_text(r["rows"]), True))
    label = f"sudoku_exchange_diabolical lines 1-{len(diabolical)}"
    print(f"graded certificate (Check until the verdict is drawn), {label}, page: {stats(proves)}")
    if native:
        print(f"  native prove --json --no-answer process: {stats(native)}")
    print(f"model answer (the tool's certificate, an LP; computed when the elimination is picked), {label}, page: {stats(answers)}")
    if native_answer:
        print(f"  native prove --json process (with the model answer): {stats(native_answer)}")
    hardest_path = os.path.join(SHARED, "forum_hardest_1905_11plus.txt")
    hardest = []
    if os.path.exists(hardest_path):
        with open(hardest_path) as f:
            all_lines = [l for l in f.read().splitlines() if l and not l.startswith("#")]
        hardest = [(k + 1, all_lines[k]) for k in range(0, len(all_lines), a.cut_step)]
    predictions = []
    for _, text in hardest:
        predictions += run(driver, PREDICT_JS, text)
    print(f"graded predictions (5 kinds at the root), forum_hardest every {a.cut_step}th line ({len(hardest)} puzzles), page: {stats(predictions)}")
    out = {"prove": proves, "model_answer": answers, "predict": predictions}
    g16_path = os.path.join(SHARED, "grid16_misc.txt")
    g16 = []
    if os.path.exists(g16_path):
        with open(g16_path) as f:
            g16 = [(k + 1, l) for k, l in enumerate(f.read().splitlines()[: a.g16]) if l.strip()]
    for label, path, sample in [("hardest 9x9", hardest_path, hardest), ("16x16 grid16_misc", g16_path, g16)]:
        page_ms, native_ms, valid = [], [], 0
        for line, text in sample:
            for cut in run(driver, CUT_JS, text):
                page_ms.append(cut["ms"])
                valid += cut["valid"] is True
                if os.path.exists(a.native):
                    steps = f"cut my: {cut['cut']}" if cut["node"] == 0 else f"branch variable; cut my: {cut['cut']}"
                    ms = native_cut(a.native, path, line, steps)
                    if ms is not None:
                        native_ms.append(ms)
        print(f"student cut ({label}, {len(page_ms)} cuts, {valid} valid), page: {stats(page_ms)}")
        if native_ms:
            print(f"  native lab --times cut step: {stats(native_ms)}")
        out[label] = page_ms
    return out


def rows_text(rows):
    """`1 cell_r1_c3 + -1 col_c3_v3` as `prove --rows` reads it: `cell_r1_c3 - col_c3_v3`."""
    out = []
    for term in rows.split(" + "):
        m, name = term.split(" ")
        m = float(m)
        sign = "-" if m < 0 else "+"
        size = "" if abs(m) == 1 else f"{abs(m):g} "
        out.append(f"{sign} {size}{name}")
    return " ".join(out).lstrip("+ ")


def stats(xs):
    if not xs:
        return "no data"
    xs = sorted(xs)
    p90 = xs[min(len(xs) - 1, int(round(0.90 * (len(xs) - 1))))]
    p95 = xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]
    return f"median {statistics.median(xs):.1f} ms, p90 {p90:.1f} ms, p95 {p95:.1f} ms, max {xs[-1]:.1f} ms (n = {len(xs)})"


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
    ap.add_argument("--walks", type=int, default=0)
    ap.add_argument("--exercises", action="store_true", help="only issue 45's exercises")
    ap.add_argument("--split", action="store_true", help="only where a student's cut's time goes")
    ap.add_argument("--cut-step", type=int, default=2413)
    ap.add_argument("--g16", type=int, default=38)
    a = ap.parse_args()
    driver = chromium(script_timeout=900)
    page = Page(driver, "/tmp")
    print(f"page {PAGE} ({os.path.getsize(PAGE) // 1024} KiB); native {a.native}")
    if a.split:
        page.open()
        split(driver, a)
        driver.quit()
        return
    if a.exercises:
        page.open()
        print(json.dumps(exercises(driver, a)))
        driver.quit()
        return

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
    walks = []
    for line in lines("forum_hardest_1905_11plus.txt", a.walks):
        run(driver, WALK_START_JS, line)
        for _ in range(200):
            part = run(driver, WALK_JS)
            walks += part["times"]
            if part["done"]:
                break
    if walks:
        print(f"apply every step, forum_hardest_1905_11plus lines 1-{a.walks}, page: {stats(walks)}")
    print(json.dumps({"open": opens, "branch": branch, "hint": hints, "apply": applies, "walk": walks}))
    driver.quit()


if __name__ == "__main__":
    main()
