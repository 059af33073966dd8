// The browser build in node: the wasm-bindgen output (--target no-modules) and the `highs`
// package, the way a page loads them, through a lesson: read a 9×9, solve with propagate and
// with HiGHS (every grid checked here too), the model's rows, export, the root LP, the lab
// (branch, cut gomory, finish), a hint with its certificate, and a soak of LP solves whose
// models must all be freed.
//
//   node crates/web/tests/node-smoke.mjs PKG_DIR HIGHS_BUILD_DIR [SOAK_SOLVES]
//
// PKG_DIR holds sudoku_ilp_web.js and sudoku_ilp_web_bg.wasm (crates/web/API.md, "Build");
// HIGHS_BUILD_DIR holds highs.js and highs.wasm of the npm package highs@1.15.3.
// Prints one line per check and exits non-zero on the first failure.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const [pkgDir, highsDir, soakArg] = process.argv.slice(2);
if (!pkgDir || !highsDir) {
  console.error("usage: node node-smoke.mjs PKG_DIR HIGHS_BUILD_DIR [SOAK_SOLVES]");
  process.exit(2);
}
const soakSolves = Number(soakArg ?? 5000);

function fail(message) {
  console.error("FAIL: " + message);
  process.exit(1);
}
function ok(what) {
  console.log("ok   " + what);
}
function assert(cond, message) {
  if (!cond) fail(message);
}

// The glue defines globalThis.sudoku_ilp_highs; the no-modules output defines `wasm_bindgen`.
new Function(readFileSync(join(here, "..", "highs_glue.js"), "utf8"))();
const wasm_bindgen = new Function(
  readFileSync(join(pkgDir, "sudoku_ilp_web.js"), "utf8") + "\nreturn wasm_bindgen;",
)();
await wasm_bindgen({ module_or_path: readFileSync(join(pkgDir, "sudoku_ilp_web_bg.wasm")) });
const require = createRequire(import.meta.url);
const loadHighs = require(resolve(highsDir, "highs.js"));
const highs = await loadHighs({ locateFile: (f) => join(resolve(highsDir), f) });
wasm_bindgen.set_highs(highs);
const api = wasm_bindgen;
ok("loaded sudoku-ilp-web " + api.version() + " and HiGHS " + (highs.version?.string ?? "?"));

// The independent check of a grid, here in JS: rows, columns, boxes, givens.
function checkGrid(givens, grid) {
  const n = grid.length;
  const b = Math.round(Math.sqrt(n));
  const full = (xs) => new Set(xs).size === n && xs.every((v) => v >= 1 && v <= n);
  for (let i = 0; i < n; i++) {
    assert(full(grid[i]), "row " + (i + 1) + " is not a permutation");
    assert(full(grid.map((r) => r[i])), "column " + (i + 1) + " is not a permutation");
    const box = [];
    for (let k = 0; k < n; k++) box.push(grid[b * Math.floor(i / b) + Math.floor(k / b)][b * (i % b) + (k % b)]);
    assert(full(box), "box " + (i + 1) + " is not a permutation");
    for (let j = 0; j < n; j++) {
      if (givens[i][j] !== 0) assert(grid[i][j] === givens[i][j], "given r" + (i + 1) + "c" + (j + 1) + " changed");
    }
  }
}

const line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const summary = JSON.parse(api.read(line));
assert(summary.order === 9 && summary.givens === 32, "read: " + JSON.stringify(summary));
ok("read a 9×9 line: order 9, 32 givens");

let threw = null;
try {
  api.read("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.");
} catch (e) {
  threw = e;
}
assert(threw instanceof Error && !threw.message.includes("\n"), "bad input must throw one line");
ok("bad input: " + threw.message);

const gallery = JSON.parse(api.gallery());
assert(gallery.length >= 5, "gallery");
for (const item of gallery) new api.Session(item.text, "{}").free();
ok("gallery: " + gallery.length + " puzzles, each opens");

const session = new api.Session(line, '{"model": "binary"}');
const givens = summary.puzzle.grid;
for (const method of ["propagate", "backtrack", "highs"]) {
  const r = JSON.parse(session.solve(method, 30));
  assert(r.status === "solved", method + ": " + r.status);
  checkGrid(givens, r.grid);
  ok("solve " + method + ": solved, grid checked (" + r.time_ms.toFixed(1) + " ms)");
}
const natural = new api.Session(line, '{"model": "natural"}');
const rn = JSON.parse(natural.solve("highs", 60));
assert(rn.status === "solved", "natural highs: " + rn.status);
checkGrid(givens, rn.grid);
ok("solve highs on the natural model: solved, grid checked");

const model = JSON.parse(session.model_json());
assert(model.columns === 729 && model.rows === 4 * 81 + 32, "model size " + model.columns + "×" + model.rows);
const rows = JSON.parse(session.rows_of("r1c1"));
assert(rows.includes("cell_r1_c1") && rows.includes("row_r1_v1"), "rows of r1c1: " + rows);
const houseRows = JSON.parse(session.rows_of("b1"));
assert(houseRows.length === 9 && houseRows.every((r) => r.startsWith("box_b1_")), "rows of b1: " + houseRows);
const row = JSON.parse(session.row("cell_r1_c1"));
assert(row.terms.length === 9 && row.terms.every((t) => t.cell === "r1c1"), "row cell_r1_c1");
const lp = session.export("lp");
assert(lp.includes("cell_r1_c1:") && lp.includes("End"), "export lp");
assert(session.export("mps").includes("ENDATA"), "export mps");
ok("model 729 columns × " + model.rows + " rows; rows_of, row, export lp/mps");

const relax = JSON.parse(session.relaxation());
assert(relax.status === "solved" && relax.svg.startsWith("<svg"), "relaxation");
ok("root LP: " + relax.status + ", " + relax.fractional + " fractional, " + relax.duals.length + " nonzero duals");

// The lab on a puzzle whose root LP is fractional (seed 004 with an objective), as the CLI's
// example: branch on the suggested cell's values, a Gomory cut, then HiGHS finishes.
const labPuzzle = gallery.find((g) => g.source.includes("seed004_unique_9x9")).text;
const labSession = new api.Session(labPuzzle, "{}");
let state = JSON.parse(labSession.lab_start("max:diagonal"));
const root = state.tree.nodes[0];
ok("lab root: LP " + root.lp + ", " + root.fractional + " fractional");
state = JSON.parse(labSession.lab_do("branch variable"));
assert(state.tree.nodes.length >= 3, "branch made no children: " + JSON.stringify(state.tree));
state = JSON.parse(labSession.lab_do("next best; cut gomory"));
state = JSON.parse(labSession.lab_do("next best; branch variable"));
const open = state.tree.nodes.filter((n) => n.status === "fractional");
assert(open.length > 0, "an open node after branching");
state = JSON.parse(labSession.lab_finish(open[0].id, 30));
ok("lab: " + state.tree.nodes.length + " nodes, " + state.tree.cuts + " cut(s); " + state.summary.split("\n")[0]);
assert(state.tree_svg.startsWith("<svg") && state.node_svg.startsWith("<svg"), "lab pictures");

const hardLine = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
const hardSession = new api.Session(hardLine, "{}");
const hint = JSON.parse(hardSession.hint("rows"));
assert(typeof hint.hint === "string" && hint.svg.startsWith("<svg"), "hint");
ok("hint: " + hint.hint.split("\n")[0]);
const steps = JSON.parse(hardSession.steps(false));
const eliminations = steps.steps.flatMap((s) => s.eliminations);
const certified = eliminations.filter((e) => e.certificate !== undefined);
assert(certified.length > 0, "no elimination has a certificate");
// Every row of a certificate is a row of the model the page shows.
const names = new Set(JSON.parse(hardSession.model_json()).rows_list.map((r) => r.name));
for (const e of certified) {
  for (const term of e.certificate) {
    const name = term.row ?? term[0];
    assert(names.has(name), "certificate row " + JSON.stringify(term) + " is not a model row");
  }
}
ok(
  "steps: " + steps.steps.length + " steps, " + certified.length + " of " + eliminations.length +
    " eliminations with a certificate (rows checked against the model)",
);
// A node re-solved from its own restored basis (set_basis through the backend's Box<dyn LabLp>)
// needs fewer simplex iterations than a fresh LP and than from its sibling's basis.
// AI Escargot (data/seeds/seed004_unique_9x9.json): its root LP is fractional.
const escargot = new api.Session("1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..", "{}");
const restore = JSON.parse(escargot.restore_lp());
escargot.free();
assert(
  restore.restored < restore.cold && restore.restored < restore.from_sibling,
  "restored basis: " + JSON.stringify(restore),
);
ok("restored basis: " + JSON.stringify(restore));
hardSession.free();

// The soak: a long lab session. Each branch re-solves the LP warm; when the tree has no open
// node left (or the node cannot be branched), a new lab starts, whose LP is a new HiGHS model
// and the old one is freed. Every LP solve of the lab counts (its stats).
const before = JSON.parse(api.highs_models());
const t0 = performance.now();
let solves = 0;
let labs = 0;
const soak = new api.Session(labPuzzle, "{}");
let counted = JSON.parse(soak.lab_start("max:diagonal")).stats.lp_solves;
labs++;
while (solves + counted < soakSolves) {
  try {
    counted = JSON.parse(soak.lab_do("next depth; branch variable")).stats.lp_solves;
  } catch (e) {
    solves += counted;
    counted = JSON.parse(soak.lab_start("max:diagonal")).stats.lp_solves;
    labs++;
  }
}
solves += counted;
assert(JSON.parse(api.highs_models()).live <= 2 + 3, "HiGHS models pile up during the soak");
soak.free();
labSession.free();
session.free();
natural.free();
const after = JSON.parse(api.highs_models());
assert(after.live === 0, "HiGHS models still alive after the sessions were freed: " + after.live);
ok(
  "soak: " + solves + " LP solves (" + labs + " labs) in " + ((performance.now() - t0) / 1000).toFixed(1) + " s, " +
    (after.created - before.created) + " models created, " + after.live + " alive",
);
console.log("all node checks passed");
