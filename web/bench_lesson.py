"""A lesson's graded answers in the page, in headless Chromium (docs/performance.md, "Lessons in
the page"). Not a test: it prints numbers, it asserts nothing about time.

  python web/bench_lesson.py [--repeat 20]

For each kind of question of the shipped lessons on 9×9 (a certificate and two cuts of
data/lessons/duality.json on AI Escargot) and on the 4×4 of branch-and-bound.json (predictions:
the branching column, a child's bound, an infeasible child), the same answer is graded `--repeat`
times (each a call to the worker: the library grades it, the page draws it, then the next
animation frame). The page must be built (bash web/build.sh).
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from bench import run, stats, timed  # noqa: E402
from tests.conftest import PAGE, Page, chromium, data, read  # noqa: E402

# Opens a lesson, shows `arg[2]` steps, then grades `arg[3]` `arg[4]` times.
ANSWER_JS = timed(
    """
  const [lesson, puzzle, steps, answer, count] = [arg[0], arg[1], arg[2], arg[3], arg[4]];
  p.showTab('lesson');
  await p.lessonOpen(lesson, puzzle);
  for (let k = 1; k < steps; k++) await p.lessonNext();
  const times = [];
  for (let k = 0; k < count; k++) {
    const t0 = performance.now();
    await p.lessonAnswer(answer);
    await frame();
    times.push(performance.now() - t0);
  }
  return times;
"""
)

CASES = [
    ("certificate (duality step 1, 9×9)", "duality.json", 1, "cell_r8_c3 - box_b7_v1"),
    ("cut, valid (duality step 3, 9×9, MILP)", "duality.json", 3, "r7c4=9 <= 0"),
    ("cut, invalid (duality step 5, 9×9, MILP)", "duality.json", 5, "r9c6=1 <= 0"),
    ("predict branch (branch-and-bound step 5, 4×4)", "branch-and-bound.json", 5, "x_r1_c2_v2"),
    ("predict bound (branch-and-bound step 6, 4×4)", "branch-and-bound.json", 6, "58"),
    ("predict infeasible (branch-and-bound step 7, 4×4)", "branch-and-bound.json", 7, "yes"),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=20)
    a = ap.parse_args()
    driver = chromium(script_timeout=900)
    Page(driver, "/tmp").open()
    print(f"page {PAGE} ({os.path.getsize(PAGE) // 1024} KiB)")
    puzzle = read(data("seeds", "seed004_unique_9x9.json"))
    for label, name, step, answer in CASES:
        lesson = read(data("lessons", name))
        text = puzzle if name == "duality.json" else ""
        times = run(driver, ANSWER_JS, lesson, text, step, answer, a.repeat)
        print(f"{label}: {stats(times)}")
    driver.quit()


if __name__ == "__main__":
    main()
