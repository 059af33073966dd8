#!/usr/bin/env python3
"""Agreement of `sudoku-ilp rate` with Sukaku Explainer's ratings (the diabolical file's sidecar).

Usage: rate_agreement.py RATE_OUTPUT SIDECAR_TSV [FIRST_LINE] [STEP]
RATE_OUTPUT holds one `difficulty<TAB>hardest<TAB>lp_level<TAB>root_integral` line per puzzle,
for sidecar lines FIRST_LINE, FIRST_LINE+STEP, ... (1-based). Prints Spearman's rho, the share
equal within 0.1, and the LP-level share per Sukaku Explainer band.
"""
import sys
from collections import Counter, defaultdict

from spearman import spearman


def main():
    out, side = sys.argv[1], sys.argv[2]
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    step = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    se = [float(l.split("\t")[1]) for l in open(side)]
    ours, theirs, levels, times = [], [], defaultdict(Counter), []
    for k, line in enumerate(open(out)):
        f = line.rstrip("\n").split("\t")
        if len(f) < 4:
            continue
        s = se[first - 1 + k * step]
        if len(f) > 4:
            times.append(float(f[4]))
        ours.append(float(f[0]))
        theirs.append(s)
        band = f"{int(s)}.x" if s < 9 else "9+"
        levels[band][f[2]] += 1
    n = len(ours)
    d = [round(a * 10) - round(b * 10) for a, b in zip(ours, theirs)]
    eq = sum(abs(x) <= 1 for x in d)
    print(f"puzzles {n}  spearman {spearman(ours, theirs):.3f}  equal(+-0.1) {eq / n:.1%}")
    hi = sum(x > 1 for x in d)
    lo = sum(x < -1 for x in d)
    print(f"ours higher {hi / n:.1%}  ours lower {lo / n:.1%}")
    if times:
        t = sorted(times)
        print(f"ms per puzzle: median {t[len(t) // 2]:.1f}  p90 {t[int(len(t) * 0.9)]:.1f}  max {t[-1]:.1f}")
    for band in sorted(levels):
        c = levels[band]
        tot = sum(c.values())
        parts = "  ".join(f"level {k}: {v / tot:.0%}" for k, v in sorted(c.items()))
        print(f"SE {band}: {tot} puzzles  {parts}")


main()
