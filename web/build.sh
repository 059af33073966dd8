#!/usr/bin/env bash
# Builds the browser page: ONE self-contained HTML file, target/web/sudoku-ilp.html (docs/web.md).
#   1. the library as WebAssembly: crates/web (sudoku-ilp-web) for wasm32-unknown-unknown,
#      then wasm-bindgen --target no-modules (a plain script defining `wasm_bindgen`);
#   2. HiGHS as WebAssembly: the npm package `highs` at the pinned version 1.15.3 (MIT), fetched
#      with `npm pack` and checked against web/highs-1.15.3.tgz.sha256 (committed);
#   3. web/assemble.py inlines both wasm binaries (base64), the glue scripts (wasm-bindgen's and
#      crates/web/highs_glue.js, the crate's binding to highs), web/parts/*.js, web/app.js,
#      web/worker.js, web/style.css and the highs licence text into web/page.html.
# Needs: cargo with the wasm32-unknown-unknown target, wasm-bindgen-cli 0.2.130, npm, python3
# (`.ci/setup` installs what is missing). Usage: bash web/build.sh [OUTPUT.html]
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/web
page=${1:-$out/sudoku-ilp.html}
highs=highs-1.15.3.tgz
mkdir -p "$out"

cargo build -p sudoku-ilp-web --target wasm32-unknown-unknown --release --quiet
wasm-bindgen --target no-modules --no-typescript --out-dir "$out/pkg" \
  target/wasm32-unknown-unknown/release/sudoku_ilp_web.wasm

# The highs package: fetched once, checked every time (npm also checks its registry sha512).
check() { (cd "$out" && sha256sum --quiet -c "$OLDPWD/web/$highs.sha256") >/dev/null 2>&1; }
if ! check; then
  rm -f "$out/$highs"
  npm pack highs@1.15.3 --pack-destination "$out" --silent >/dev/null
  check || { echo "error: $out/$highs does not match web/$highs.sha256" >&2; exit 1; }
fi
rm -rf "$out/highs" && mkdir -p "$out/highs"
tar -xzf "$out/$highs" -C "$out/highs" --strip-components=1 \
  package/LICENSE package/build/highs.js package/build/highs.wasm

python3 web/assemble.py --pkg "$out/pkg" --highs "$out/highs" --glue crates/web/highs_glue.js --out "$page"
echo "wrote $page ($(($(stat -c %s "$page") / 1024)) KiB)"
