#!/usr/bin/env bash
# Builds the wheel to install on machines without Rust (a cluster's workers): a release build of
# python/ as one abi3 wheel (CPython 3.9 and later) with HiGHS and CaDiCaL linked in statically,
# tagged manylinux by maturin's own audit, into dist/ (or the directory given as $1); then
# `auditwheel show` prints the platform tag it accepts. Needs what `bash .ci/setup` installs.
# Then, on every worker:  pip install sudoku_ilp-*.whl   (no Rust, no compiler).
# The release build compiles HiGHS again: about 8 minutes on 2 cores.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/.venv"
out="${1:-$root/dist}"
[ -x "$venv/bin/maturin" ] || { echo "run 'bash .ci/setup' first: it makes $venv" >&2; exit 1; }
mkdir -p "$out"
"$venv/bin/maturin" build --release --manifest-path "$root/python/Cargo.toml" \
  --interpreter "$venv/bin/python" --compatibility manylinux_2_35 --out "$out" >&2
wheel="$(ls -t "$out"/sudoku_ilp-*.whl | head -n 1)"
"$venv/bin/auditwheel" show "$wheel" >&2
echo "$wheel"
