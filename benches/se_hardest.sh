#!/usr/bin/env bash
# Ratings above 11.0 beside `serate` (issue 46 item 3): a sample of SE >= 11 puzzles
# (every 2413th line of forum_hardest_1905_11plus.txt: 20 puzzles; never the holdout),
# rated by `rate --no-lp --time` and by `serate` with a 10-minute cap each, both under
# `nice -n 10`, compared on the puzzles serate rated within its cap.
#
# Usage: SE_CLASSES=DIR bash benches/se_hardest.sh [OUT_DIR]
#   SE_CLASSES: serate's compiled classes (SukakuExplainer v1.15.10, built outside the
#   repository, see ../shared/peers/rating/README.md). SERATE_TSV=FILE reuses a serate run
#   of the same sample (its output lines, in any order) instead of running it again (hours).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
DATA=$HERE/../../shared/data
PEER=$HERE/../../shared/peers/rating
BIN=${BIN:-$HERE/../target/release/sudoku-ilp}
OUT=${1:-/tmp/se_hardest}
mkdir -p "$OUT"
awk 'NR % 2413 == 1 && n < 20 { print; n++ }' "$DATA/forum_hardest_1905_11plus.txt" > "$OUT/se11_20.txt"
nice -n 10 "$BIN" rate --no-lp --time --time-limit 600 "$OUT/se11_20.txt" > "$OUT/se11_20.nolp.tsv"
if [ -n "${SERATE_TSV:-}" ]; then
    cp "$SERATE_TSV" "$OUT/se11_20.serate.tsv"
else
    SE_CLASSES=$SE_CLASSES "$PEER/serate.sh" "$OUT/se11_20.txt" --timeout 600 --tech \
        > "$OUT/se11_20.serate.tsv" 2> "$OUT/se11_20.serate.err"
fi
# Keep the puzzles serate rated within its cap, in the sample's order, with our line beside.
python3 - "$OUT" <<'PY'
import sys
out = sys.argv[1]
puzzles = [l.strip() for l in open(f"{out}/se11_20.txt")]
ours = [l.rstrip("\n") for l in open(f"{out}/se11_20.nolp.tsv")]
se = {}
for l in open(f"{out}/se11_20.serate.tsv"):
    f = l.rstrip("\n").split("\t")
    if len(f) > 2 and f[1] != "TIMEOUT":
        se[f[0]] = l.rstrip("\n")
with open(f"{out}/rated.ours.tsv", "w") as a, open(f"{out}/rated.serate.tsv", "w") as b:
    for p, o in zip(puzzles, ours):
        if not o[:1].isdigit() and not o.startswith("≥"):
            print(f"ours: {o.split(chr(9))[0]} on {p}")
            continue
        if p in se:
            a.write(o + "\n")
            b.write(se[p] + "\n")
            f = se[p].split("\t")
            print(f"{f[1].split('/')[0]:>5}  {f[3] if len(f) > 3 else '':<70} ours {o}")
print(f"serate rated {len(se)} of {len(puzzles)} within 600 s each")
PY
python3 "$HERE/se_agreement.py" "$OUT/rated.ours.tsv" "$OUT/rated.serate.tsv"
