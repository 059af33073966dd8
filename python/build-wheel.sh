#!/usr/bin/env bash
# Builds the wheel to install on machines without Rust (a cluster's workers): a release build of
# python/ as one abi3 wheel (CPython 3.9 and later) with HiGHS and CaDiCaL linked in statically,
# tagged manylinux_2_35 (the C and C++ runtimes it uses, libc, libm, libstdc++ and libgcc_s, are
# those every manylinux_2_35 system has), into dist/ (or the directory given as $1); then
# `auditwheel show` checks that tag against the policy. Prints the wheel's path on standard
# output. Needs what `bash .ci/setup` installs.
# Then, on every worker:  pip install sudoku_ilp-*.whl   (no Rust, no compiler).
# The release build compiles HiGHS and CaDiCaL once more (README: how long). The test command
# (python/run-tests.sh) runs this script with SUDOKU_ILP_WHEEL_PROFILE=dev: the same wheel from
# the debug build that `cargo test` already compiled.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/.venv"
out="${1:-$root/dist}"
profile="${SUDOKU_ILP_WHEEL_PROFILE:-release}"
[ -x "$venv/bin/maturin" ] || { echo "run 'bash .ci/setup' first: it makes $venv" >&2; exit 1; }
mkdir -p "$out"
rm -f "$out"/sudoku_ilp-*.whl
"$venv/bin/maturin" build --profile "$profile" --manifest-path "$root/python/Cargo.toml" \
  --interpreter "$venv/bin/python" --compatibility manylinux_2_35 --out "$out" >&2
wheel="$(ls "$out"/sudoku_ilp-*.whl)"
"$venv/bin/auditwheel" show "$wheel" >&2
echo "$wheel"
