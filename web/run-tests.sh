#!/usr/bin/env bash
# The browser tests of the one-file page (docs/web.md): builds it with web/build.sh, then drives
# it in headless Chromium (after the crate's native tests, `cargo test -p sudoku-ilp-web`) through chromedriver with Python's selenium (pytest web/tests).
# Needs what `.ci/setup` installs (chromium, chromium-driver, the wasm toolchain, npm, the venv
# with selenium and pytest) and the debug command line target/debug/sudoku-ilp (built by
# `cargo test`, which the README's test command runs first; built here when missing), whose
# `check`, `export`, `hint` and `solve` the tests compare the page with.
# PYTHON overrides the interpreter (default: the repo's .venv/bin/python); SUDOKU_ILP_SHARED_DATA
# names the public collections when ../shared/data is elsewhere (as for the Rust tests). -s:
# the SKIPPED lines and the soak's memory line are shown.
set -euo pipefail
cd "$(dirname "$0")/.."
bash web/build.sh
# The crate's own tests: its API on in-process HiGHS, and the core's check for wasm32.
cargo test --quiet -p sudoku-ilp-web
[ -x target/debug/sudoku-ilp ] || cargo build --quiet --bin sudoku-ilp
"${PYTHON:-.venv/bin/python}" -m pytest -q -s -p no:cacheprovider web/tests "$@"
