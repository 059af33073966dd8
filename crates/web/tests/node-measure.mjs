// The WebAssembly side of the browser build's measurements (docs/performance.md, "The browser
// build (issue 37)"): the same API calls as `cargo run --release -p sudoku-ilp-web --example
// measure` makes natively, here with HiGHS-wasm as the LP backend.
//
//   node crates/web/tests/node-measure.mjs PKG_DIR HIGHS_BUILD_DIR PUZZLE_LINE [ROUNDS]
//
// Prints one JSON object like the native example's.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const [pkgDir, highsDir, line, roundsArg] = process.argv.slice(2);
if (!pkgDir || !highsDir || !line) {
  console.error("usage: node node-measure.mjs PKG_DIR HIGHS_BUILD_DIR PUZZLE_LINE [ROUNDS]");
  process.exit(2);
}
const rounds = Number(roundsArg ?? 20);
new Function(readFileSync(join(here, "..", "highs_glue.js"), "utf8"))();
const api = new Function(
  readFileSync(join(pkgDir, "sudoku_ilp_web.js"), "utf8") + "\nreturn wasm_bindgen;",
)();
await api({ module_or_path: readFileSync(join(pkgDir, "sudoku_ilp_web_bg.wasm")) });
const require = createRequire(import.meta.url);
const highs = await require(resolve(highsDir, "highs.js"))({
  locateFile: (f) => join(resolve(highsDir), f),
});
api.set_highs(highs);
const session = new api.Session(line, "{}");
const lps = [];
for (let k = 0; k < Math.min(Math.max(rounds, 1), 5); k++) lps.push(JSON.parse(session.measure_lp(rounds)));
const propagate = [];
for (let k = 0; k < rounds; k++) propagate.push(JSON.parse(session.solve("propagate", 60)).time_ms);
session.free();
console.log(JSON.stringify({ backend: "wasm", lp: lps, propagate_ms: propagate }));
