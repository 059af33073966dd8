#!/usr/bin/env python3
"""Agreement of `sudoku-ilp rate --time` with Sukaku Explainer's ratings, and the speed beside
`serate`.

Usage: se_agreement.py RATE_OUTPUT SE_RATINGS [--diff]
RATE_OUTPUT: one `difficulty<TAB>hardest<TAB>lp_level<TAB>root_integral<TAB>ms` line per puzzle
(`rate --time`). SE_RATINGS: the same puzzles' ratings, one per line, either `serate.sh` output
(`puzzle<TAB>ER/EP/ED<TAB>ms…`: its ms are compared too) or one rating per line (a sidecar's
column). A difficulty written `≥X` (the path guessed: a lower bound) counts as X. Prints the share equal, within ±0.1, Spearman's rho, our time per puzzle (median, p90,
max) and, beside `serate.sh` output, its time and the ratio of the medians; `--diff` lists the
disagreements (SE, ours, our technique) by count.
"""
import statistics
import sys
from collections import Counter

from spearman import spearman


def spread(xs):
    xs = sorted(xs)
    return statistics.median(xs), xs[int(0.9 * (len(xs) - 1))], xs[-1]


def main():
    ours = [line.rstrip("\n").split("\t") for line in open(sys.argv[1])]
    se, se_ms = [], []
    for line in open(sys.argv[2]):
        fields = line.rstrip("\n").split("\t")
        if len(fields) > 2:
            se.append(float(fields[1].split("/")[0]))
            se_ms.append(float(fields[2]))
        else:
            se.append(float(fields[-1]))
    if len(se) != len(ours):
        sys.exit(f"{len(ours)} ratings against {len(se)} of Sukaku Explainer's")
    a = [float(o[0].lstrip("≥")) for o in ours]
    n = len(a)
    bounds = sum(o[0].startswith("≥") for o in ours)
    equal = sum(abs(x - y) < 0.05 for x, y in zip(a, se))
    near = sum(abs(x - y) < 0.15 for x, y in zip(a, se))
    print(f"{n} puzzles: equal {100 * equal / n:.1f} %, within ±0.1 {100 * near / n:.1f} %, "
          f"rho {spearman(a, se):.3f}" + (f", {bounds} lower bounds (≥)" if bounds else ""))
    ms = [float(o[-1]) for o in ours]
    print("ours ms a puzzle: median %.2f, p90 %.2f, max %.2f" % spread(ms))
    if se_ms:
        print("serate ms a puzzle (its own, 10 ms steps): median %.0f, p90 %.0f, max %.0f"
              % spread(se_ms))
        if statistics.median(ms) > 0:
            print(f"median / median: {statistics.median(se_ms) / statistics.median(ms):.0f}x")
    if "--diff" in sys.argv:
        diff = Counter((y, x, o[1]) for x, y, o in zip(a, se, ours) if abs(x - y) >= 0.05)
        for (s, x, t), k in diff.most_common(40):
            print(f"{k:4}  SE {s}  ours {x}  {t}")


main()
