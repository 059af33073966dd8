#!/usr/bin/env bash
# The Python part of the test command (README): builds the wheel of python/ with maturin, installs
# it in the virtual environment that .ci/setup made (.venv), and runs pytest: the API, every grid
# of data/, agreement with the command line, two threads at once, and the tutorial notebook.
# The wheel is built in the dev profile, so it reuses what `cargo test` just compiled (HiGHS and
# CaDiCaL included); `pip install ./python` builds the release wheel users install.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/.venv"
[ -x "$venv/bin/maturin" ] || { echo "run 'bash .ci/setup' first: it makes $venv" >&2; exit 1; }
rm -rf "$root/target/wheels"
"$venv/bin/maturin" build --manifest-path "$root/python/Cargo.toml" \
  --interpreter "$venv/bin/python" --out "$root/target/wheels"
"$venv/bin/pip" install --quiet --force-reinstall --no-deps "$root"/target/wheels/sudoku_ilp-*.whl
cd "$root/python/tests"
"$venv/bin/python" -m pytest -q
