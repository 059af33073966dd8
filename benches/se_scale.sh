#!/usr/bin/env bash
# Ratings on Sukaku Explainer's scale beside `serate` (issue 46): the two samples of
# docs/performance.md, rated by `rate --no-lp --time` and `rate --time`, compared with SE.
#
# Usage: SE_CLASSES=DIR bash benches/se_scale.sh [OUT_DIR]
#   SE_CLASSES: serate's compiled classes (built from SukakuExplainer v1.15.10 outside the
#   repository, see ../shared/peers/rating/README.md); without it the diabolical sample is
#   compared with the sidecar's ratings only and the 17-clue sample is skipped.
# Samples: every 157th line of sudoku17_tdoku.txt (300 puzzles), every 132nd line of
# sudoku_exchange_diabolical.txt (300). Also checks that `rate` and `rate --no-lp` print the
# same difficulty and hardest technique on every puzzle.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
DATA=$HERE/../../shared/data
PEER=$HERE/../../shared/peers/rating
BIN=${BIN:-$HERE/../target/release/sudoku-ilp}
OUT=${1:-/tmp/se_scale}
mkdir -p "$OUT"
awk 'NR % 157 == 1 && n < 300 { print; n++ }' "$DATA/sudoku17_tdoku.txt" > "$OUT/s17_300.txt"
awk 'NR % 132 == 1 && n < 300 { print; n++ }' "$DATA/sudoku_exchange_diabolical.txt" > "$OUT/diab_300.txt"
awk -F'\t' 'NR % 132 == 1 && n < 300 { print $2; n++ }' \
    "$DATA/sudoku_exchange_diabolical.ratings.tsv" > "$OUT/diab_300.sidecar"
for s in s17_300 diab_300; do
    nice -n 10 "$BIN" rate --no-lp --time "$OUT/$s.txt" > "$OUT/$s.nolp.tsv"
    nice -n 10 "$BIN" rate --time "$OUT/$s.txt" > "$OUT/$s.lp.tsv"
    if ! cmp -s <(cut -f1,2 "$OUT/$s.nolp.tsv") <(cut -f1,2 "$OUT/$s.lp.tsv"); then
        echo "$s: rate and rate --no-lp differ" >&2
        exit 1
    fi
    if [ -n "${SE_CLASSES:-}" ]; then
        SE_CLASSES=$SE_CLASSES "$PEER/serate.sh" "$OUT/$s.txt" --timeout 120 --tech \
            > "$OUT/$s.serate.tsv" 2> "$OUT/$s.serate.err"
        echo "== $s: rate --no-lp beside serate"
        python3 "$HERE/se_agreement.py" "$OUT/$s.nolp.tsv" "$OUT/$s.serate.tsv" --diff
    fi
done
echo "== diab_300: rate --no-lp beside the sidecar"
python3 "$HERE/se_agreement.py" "$OUT/diab_300.nolp.tsv" "$OUT/diab_300.sidecar" --diff
echo "== diab_300: rate (with the LP level) beside the sidecar"
python3 "$HERE/se_agreement.py" "$OUT/diab_300.lp.tsv" "$OUT/diab_300.sidecar"
