#!/usr/bin/env bash
# Fuzzes each target for SECONDS (default 600), one at a time at the lowest priority, and prints
# each target's executions and crashes (from afl-fuzz's fuzzer_stats). Crashes stay in
# fuzz/work/out/TARGET/default/crashes/: copy each into fuzz/regressions/TARGET/ with a test.
# Usage: fuzz/run.sh [SECONDS] [TARGET...]   (targets: the files of fuzz/src/bin/)
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=($(ls src/bin | sed 's/\.rs$//'))
./setup.sh >/dev/null
# FUZZ_PROFILE=debug builds without optimisation (the test suite's short run: a quicker build);
# the default, release, is for the long runs.
profile=${FUZZ_PROFILE:-release}
# fuzz/ builds into its own fuzz/target/ (an instrumented build must never touch the project's):
# a target folder set from outside (a test run under CARGO_TARGET_DIR) does not apply here.
unset CARGO_TARGET_DIR CARGO_BUILD_TARGET_DIR
if [ "$profile" = release ]; then
  nice -n 19 cargo afl build --release --quiet
else
  nice -n 19 cargo afl build --quiet
fi
# The tool that prints the seeds' grids and exports their models: SUDOKU_ILP, or the debug build.
tool=${SUDOKU_ILP:-../target/debug/sudoku-ilp}
[ -x "$tool" ] || (cd .. && cargo build --quiet)
./seed.sh "$tool" >/dev/null
export AFL_SKIP_CPUFREQ=1 AFL_NO_AFFINITY=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 AFL_QUIET=1
status=0
mkdir -p work/out
for t in "${targets[@]}"; do
  out=work/out/$t
  rm -rf "$out"
  nice -n 19 cargo afl fuzz -V "$seconds" -i "work/seeds/$t" -o "$out" "target/$profile/$t" >"work/$t.log" 2>&1 || true
  stats=$out/default/fuzzer_stats
  execs=$(sed -n 's/^execs_done *: //p' "$stats" 2>/dev/null || echo 0)
  crashes=$(sed -n 's/^saved_crashes *: //p' "$stats" 2>/dev/null || echo ?)
  echo "$t: $execs executions in ${seconds}s, $crashes crashes"
  # No statistics (afl-fuzz did not start: see work/$t.log) or a crash: the run fails.
  [ "$crashes" = 0 ] && [ "$execs" != 0 ] || status=1
done
exit $status
