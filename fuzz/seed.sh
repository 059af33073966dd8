#!/usr/bin/env bash
# Builds the seed corpus of every fuzz target in fuzz/work/seeds/TARGET/ from the repository's
# data/, ../shared/data (when it is there; SUDOKU_ILP_SHARED_DATA names it elsewhere, as for
# the tests) and models the tool exports, plus fuzz/regressions/
# (every crash found so far, kept as a seed so the fuzzer starts from it).
# Usage: fuzz/seed.sh PATH-TO-sudoku-ilp
set -eu  # no pipefail: `head` closing a pipe early is how the seeds are cut
cd "$(dirname "$0")"
tool=${1:?usage: fuzz/seed.sh PATH-TO-sudoku-ilp}
seeds=work/seeds
rm -rf "$seeds"
mkdir -p "$seeds"/{json,line,block,jigsaw,merge,model,fpuzzles,killer}
shared=${SUDOKU_ILP_SHARED_DATA:-../../shared/data}
# JSON: every puzzle file of data/ (small: 22 files).
cp ../data/generated/*.json ../data/seeds/*.json "$seeds/json/"
# Lines: the first 3 lines of each line file (plain grids, 16×16 to 36×36 integers, jigsaw lines).
n=0
for f in "$shared"/*.txt "$shared"/variants/*.txt; do
  [ -f "$f" ] || continue
  head -c 20000 "$f" | head -n 3 > "$seeds/line/$(basename "$f")"
  n=$((n + 1))
done
# Jigsaw lines.
for f in "$shared"/jigsaw_*.txt; do
  [ -f "$f" ] && head -n 2 "$f" > "$seeds/jigsaw/$(basename "$f")"
done
# Grid blocks: the tool's own printed grids (with box rules) of a few puzzles.
for f in ../data/generated/gen_4x4.json ../data/generated/gen_6x6_2x3.json ../data/seeds/seed004_unique_9x9.json; do
  "$tool" solve -q "$f" > "$seeds/block/$(basename "$f" .json).txt" || true
done
printf '1 . | 3 .\n. . | . 4\n----+----\n. 1 | . .\n. . | . 2\n' > "$seeds/block/hand_4x4.txt"
# Merge: two shards of batch's JSON lines, split by a NUL byte (see src/bin/merge.rs).
for f in "$shared"/magictour_top95.txt ../data/seeds/seed004_unique_9x9.json; do
  [ -f "$f" ] || continue
  out=$(mktemp)
  if [ "${f##*.}" = txt ]; then head -n 4 "$f" > "$out.in"; else "$tool" solve -q "$f" >/dev/null; tr -d '\n' < "$f" > "$out.in"; echo >> "$out.in"; fi
  "$tool" batch "$out.in" --method propagate > "$out.jsonl" 2>/dev/null || true
  { head -n 2 "$out.jsonl"; printf '\0'; tail -n +3 "$out.jsonl"; } > "$seeds/merge/$(basename "$f").bin"
  rm -f "$out" "$out.in" "$out.jsonl"
done
# LP and MPS: the first byte picks the reader (even .lp, odd .mps; see src/bin/model.rs).
for f in ../data/seeds/seed004_csp_example_4x4.json ../data/generated/gen_4x4.json; do
  b=$(basename "$f" .json)
  { printf 'L'; "$tool" export --format lp "$f"; } > "$seeds/model/$b.lp.bin"
  { printf 'M'; "$tool" export --format mps "$f"; } > "$seeds/model/$b.mps.bin"
  { printf 'L'; "$tool" export --model natural --format lp "$f"; } > "$seeds/model/$b.natural.lp.bin"
done
# Variant formats: f-puzzles JSON lines and links, short and SudoCue killer lines (one puzzle a seed).
v=$shared/variants
for f in "$v"/*.fpz.jsonl "$v"/fpuzzles_links.txt; do
  [ -f "$f" ] || continue
  i=0
  while IFS= read -r line && [ $i -lt 6 ]; do
    printf '%s\n' "$line" > "$seeds/fpuzzles/$(basename "$f").$i"
    i=$((i + 1))
  done < "$f"
done
for f in "$v"/killer_hard.orig.txt "$v"/krazydad_killer.sudocue.txt; do
  [ -f "$f" ] && head -n 3 "$f" > "$seeds/killer/$(basename "$f")"
done
# Regressions: every crash found so far.
for dir in regressions/*/; do
  [ -d "$dir" ] || continue
  t=$(basename "$dir")
  cp "$dir"* "$seeds/$t/" 2>/dev/null || true
done
for t in "$seeds"/*; do echo "$(basename "$t"): $(ls "$t" | wc -l) seeds"; done
