#!/usr/bin/env bash
# The Python part of the test command (README): builds the wheel of python/ with the script that
# builds the workers' wheel (python/build-wheel.sh, here in the dev profile, so that it reuses the
# HiGHS and CaDiCaL `cargo test` just compiled), installs it in the virtual environment that
# .ci/setup made (.venv), and runs pytest: the API, every grid of data/, agreement with the
# command line, two threads at once, the tutorial notebook, the Dask and Spark recipes, and the
# wheel installed in a new environment without cargo.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/.venv"
[ -x "$venv/bin/maturin" ] || { echo "run 'bash .ci/setup' first: it makes $venv" >&2; exit 1; }
wheel="$(SUDOKU_ILP_WHEEL_PROFILE=dev bash "$root/python/build-wheel.sh" "$root/target/wheels")"
"$venv/bin/pip" install --quiet --force-reinstall --no-deps "$wheel"
cd "$root/python/tests"
"$venv/bin/python" -m pytest -q "$@"
