// The page: it draws, and asks the library (in the worker, web/worker.js) for everything else.
// No model, search or branch-and-bound logic here: every row, LP value, node, cut, hint and
// grid comes from the sudoku-ilp library compiled to WebAssembly (crates/web, its API.md).
"use strict";
const $ = (id) => document.getElementById(id);
const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};

// ---------------------------------------------------------------- the worker
const wasm = {};
let worker = null;
let nextId = 1;
const pending = new Map();
let ready = null;

function decode(id) {
  const bin = atob($(id).textContent.trim());
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function busy() {
  document.body.dataset.busy = String(pending.size);
  $("stop").hidden = pending.size === 0 || !slow;
}
let slow = false;
let slowTimer = null;

function startWorker() {
  if (!wasm.core) {
    wasm.core = decode("core-wasm");
    wasm.highs = decode("highs-wasm");
  }
  const source = new Blob([$("worker-src").textContent], { type: "text/javascript" });
  worker = new Worker(URL.createObjectURL(source));
  worker.onmessage = (event) => {
    const msg = event.data;
    const job = pending.get(msg.id);
    if (!job) return;
    pending.delete(msg.id);
    if (pending.size === 0) {
      clearTimeout(slowTimer);
      slow = false;
    }
    busy();
    if (msg.ok) job.resolve(msg.value);
    else job.reject(new Error(msg.error));
  };
  worker.onerror = (event) => setStatus("worker error: " + event.message);
  ready = post("init", [wasm.core, wasm.highs]);
  return ready;
}

function post(call, args) {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    if (pending.size === 1) {
      slowTimer = setTimeout(() => {
        slow = true;
        busy();
      }, 700);
    }
    busy();
    worker.postMessage({ id, call, args });
  });
}

/** Calls a free function of the library (after init). */
async function call(name, ...args) {
  await ready;
  return post(name, args);
}
/** Calls a method of the open session; JSON answers are parsed. */
async function S(method, ...args) {
  await ready;
  const value = await post("session", [method, ...args]);
  return parse(value);
}
function parse(value) {
  if (typeof value !== "string") return value;
  const t = value.trimStart();
  return t.startsWith("{") || t.startsWith("[") ? JSON.parse(value) : value;
}

/** Stop: the worker is ended and started again; the puzzle is opened again. */
async function stop() {
  worker.terminate();
  for (const job of pending.values()) job.reject(new Error("stopped"));
  pending.clear();
  slow = false;
  busy();
  setStatus("stopped; restarting…");
  await startWorker();
  if (state.text) await openSession(state.text, false);
  const replayed = state.labSteps.length;
  if (replayed) await replayLab(state.labSteps);
  setStatus("stopped");
  showError(
    "stopped by the Stop button: the worker was started again with the same puzzle" +
      (replayed ? ` and the lab's ${replayed} steps replayed` : ""),
  );
}

// ---------------------------------------------------------------- state
const state = {
  text: "", // the puzzle text the session was opened with
  summary: null, // read(text)
  model: null, // model_json()
  rowCells: new Map(), // row name -> [cell names]
  order: 9,
  box: [3, 3],
  grid: [], // givens, row-major, 0 = empty
  cages: [], // [{cells: [index], sum}]
  otherRules: [], // rules the page does not draw (kept when the grid is edited)
  solved: null, // a checked grid from the library, row-major
  cands: null, // per cell: [{v, x}] (an LP point), or null
  fractional: false, // the candidates are clickable (lab)
  selection: [],
  cursor: 0,
  highlight: new Set(),
  cert: new Set(),
  hintCells: new Set(),
  lab: null,
  node: 0,
  typed: "",
  range: null, // per cell: [{v, lo, hi}] over the LP polytope, or null
  vertexSeed: 0, // the last seeded objective random:K of "Another vertex"
  labSteps: [], // the lab's calls since its start: [{call, args}] (replayed after Stop, undo)
  undo: [], // [{text, labSteps}]: the puzzle and the lab before each edit or lab step
};

function setStatus(text) {
  $("status").textContent = text;
}
function showError(text) {
  $("error").textContent = text || "";
}
function guard(promise) {
  return promise.then(
    (v) => {
      showError("");
      return v;
    },
    (err) => {
      showError(err.message);
      throw err;
    },
  );
}

const cellName = (i) => `r${Math.floor(i / state.order) + 1}c${(i % state.order) + 1}`;
function cellIndex(name) {
  const m = /^r(\d+)c(\d+)$/.exec(name);
  return m ? (Number(m[1]) - 1) * state.order + Number(m[2]) - 1 : -1;
}

// ---------------------------------------------------------------- puzzle in, session
function options() {
  return JSON.stringify({
    model: $("model").value,
    cage_form: $("cage-form").value,
    thermo_form: $("thermo-form").value,
    pair_form: $("pair-form").value,
    objective: $("objective").value.trim(),
  });
}

async function loadText(text) {
  const summary = parse(await guard(call("read", text)));
  applySummary(summary);
  $("paste").value = text;
  const chosen = $("gallery").value === "" ? null : (state.gallery || [])[Number($("gallery").value)];
  if (!chosen || chosen.text !== text) $("gallery").value = "";
  await openSession(text, true);
}

function applySummary(summary) {
  // summary.puzzle is the puzzle as the JSON input format: grid, box, regions, rules.
  const puzzle = summary.puzzle || {};
  state.summary = summary;
  state.order = summary.order;
  state.box = boxShape(puzzle.box, summary.order);
  state.layout = {};
  for (const key of ["regions", "diagonals"]) if (puzzle[key] !== undefined) state.layout[key] = puzzle[key];
  state.grid = (puzzle.grid || []).flat().map(Number);
  state.cages = [];
  state.otherRules = [];
  for (const rule of puzzle.rules || []) {
    if (rule && rule.type === "killer" && Array.isArray(rule.cells)) {
      state.cages.push({ cells: rule.cells.map(cellIndex), sum: rule.sum });
    } else {
      state.otherRules.push(rule);
    }
  }
  showSummary(summary);
}

function showSummary(summary) {
  $("summary").textContent =
    `${summary.name ? summary.name + " · " : ""}${summary.order}×${summary.order}, ` +
    `${summary.givens} givens${(summary.rules || []).length ? `, ${summary.rules.length} rules` : ""}`;
}

function boxShape(box, n) {
  if (Array.isArray(box)) return box.map(Number);
  if (typeof box === "string" && /^\d+x\d+$/.test(box)) return box.split("x").map(Number);
  if (box && typeof box === "object" && box.rows) return [box.rows, box.cols || box.columns];
  const s = Math.round(Math.sqrt(n));
  return s * s === n ? [s, s] : [1, n];
}

async function openSession(text, reset) {
  state.text = text;
  await guard(call("open", text, options()));
  state.model = await S("model_json");
  state.rowCells = new Map((state.model.rows_list || []).map((r) => [r.name, r.cells]));
  const m = state.model;
  $("model-size").textContent =
    `${$("model").value} model: ${fmt(m.columns)} columns, ${fmt(m.rows)} rows, ${fmt(m.nonzeros)} nonzeros`;
  $("model-legend").innerHTML = modelLegend($("model").value);
  if (reset) {
    state.solved = null;
    state.cands = null;
    state.range = null;
    state.labSteps = [];
    state.lastHint = null;
    state.fractional = false;
    state.lab = null;
    state.highlight.clear();
    state.cert.clear();
    state.hintCells.clear();
    hintWalkReset();
    for (const id of ["lp-info", "lp-note", "lp-duals", "svg-lp", "svg-dual", "lab-info", "lab-cut", "lab-nodes", "svg-tree", "svg-node", "hint-text", "svg-hint", "hint-note", "hint-path", "solve-info", "export-text", "rows", "row", "model-target", "rows-title"]) $(id).textContent = "";
  }
  drawBoard();
}
const fmt = (n) => (typeof n === "number" ? n.toLocaleString("en") : String(n));

/** The edited grid as the JSON the command line reads. */
function gridText() {
  const n = state.order;
  const rows = [];
  for (let r = 0; r < n; r++) rows.push(state.grid.slice(r * n, r * n + n));
  const doc = { grid: rows, ...state.layout };
  const [br, bc] = state.box;
  if (br * br !== n || bc * bc !== n) doc.box = [br, bc];
  const cages = state.cages.map((c) => ({ type: "killer", cells: c.cells.map(cellName), sum: c.sum }));
  const rules = [...state.otherRules, ...cages];
  if (rules.length) doc.rules = rules;
  return JSON.stringify(doc);
}

/** Writes a digit into the grid as a given and opens the new grid (the hint screenshots walk on). */
async function placeDigit(cell, value) {
  state.grid[cellIndex(cell)] = value;
  await loadText(gridText());
}

/** Remembers the puzzle and the lab's steps before a change (the Undo button, Ctrl+Z). */
function remember() {
  state.undo.push({ text: state.text, labSteps: state.labSteps.slice() });
  if (state.undo.length > 200) state.undo.shift();
  $("undo").disabled = false;
}

/** Undo: the puzzle before the last edit, or the lab before its last step (replayed). */
async function undo() {
  const last = state.undo.pop();
  $("undo").disabled = state.undo.length === 0;
  if (!last) return;
  if (last.hintIndex !== undefined && last.text === state.text) return hintUndo(last);
  if (last.text !== state.text) {
    const summary = parse(await guard(call("read", last.text)));
    applySummary(summary);
    $("paste").value = last.text;
    await openSession(last.text, true);
  }
  if (last.labSteps.length) await replayLab(last.labSteps);
  else if (state.lab) {
    state.lab = null;
    state.labSteps = [];
    for (const id of ["lab-info", "lab-cut", "lab-nodes", "svg-tree", "svg-node", "lab-tree-note"]) $(id).textContent = "";
  }
}

let editTimer = null;
function edited() {
  const text = gridText();
  $("paste").value = text;
  drawBoard();
  clearTimeout(editTimer);
  editTimer = setTimeout(() => {
    call("read", text)
      .then((s) => {
        // Only the summary line: the grid may have been typed on since (a later read follows).
        state.summary = parse(s);
        showSummary(state.summary);
        showError("");
        return openSession(text, true);
      })
      .catch((err) => showError(err.message));
  }, 200);
}

// ---------------------------------------------------------------- the board
function drawBoard() {
  const n = state.order;
  const [br, bc] = state.box;
  const board = $("board");
  board.style.gridTemplateColumns = `repeat(${n + 1}, var(--cell))`;
  board.innerHTML = "";
  board.appendChild(el("div", "label"));
  for (let c = 0; c < n; c++) {
    const l = el("div", "label", `c${c + 1}`);
    l.dataset.target = `c${c + 1}`;
    board.appendChild(l);
  }
  // Each cell's cages, in order (cages may overlap: each keeps its own sum and cells).
  const cageOf = new Map();
  state.cages.forEach((cage, k) =>
    cage.cells.forEach((i) => cageOf.set(i, [...(cageOf.get(i) || []), k])));
  for (let r = 0; r < n; r++) {
    const l = el("div", "label", `r${r + 1}`);
    l.dataset.target = `r${r + 1}`;
    board.appendChild(l);
    for (let c = 0; c < n; c++) board.appendChild(drawCell(r * n + c, r, c, br, bc, cageOf));
  }
  const boxes = $("boxes");
  boxes.innerHTML = "boxes: ";
  for (let b = 0; b < n; b++) {
    const button = el("button", "", `b${b + 1}`);
    button.dataset.target = `b${b + 1}`;
    boxes.appendChild(button);
  }
  const caption = [];
  if (state.typed) caption.push(`cage sum: ${state.typed} (Enter makes the cage, Esc cancels)`);
  if (state.tab === "hint" && hintWalk.before) caption.push(hintCaption());
  else if (state.solved) caption.push("blue digits: the library's checked solution");
  else if (state.range) caption.push(rangeCaption());
  else if (state.cands)
    caption.push(
      (state.tab === "lab" && state.lab ? `small digits: node ${state.node}'s LP point, ` : "small digits: ") +
        "one optimal vertex of the LP (shade = its value x; bold: x = 1 at this vertex, which another vertex may not share: “What the LP forces” shows the polytope); dashed outline: fractional" +
        (state.fractional ? " (click or Enter to branch on it)" : ""),
    );
  if (reducedShown()) caption.push(reducedCaption());
  $("board-caption").textContent = caption.join(" · ");
  drawRules(); // web/parts/rules_draw.js: the variant rules over the cells
}

function drawCell(i, r, c, br, bc, cageOf) {
  const n = state.order;
  const cell = el("div", "cell");
  cell.dataset.cell = String(i);
  const regions = state.layout && state.layout.regions;
  if (regions) {
    const id = (rr, cc) => regions[rr][cc];
    if (c + 1 < n && id(r, c) !== id(r, c + 1)) cell.classList.add("box-right");
    if (r + 1 < n && id(r, c) !== id(r + 1, c)) cell.classList.add("box-bottom");
  } else {
    if ((c + 1) % bc === 0 && c + 1 < n) cell.classList.add("box-right");
    if ((r + 1) % br === 0 && r + 1 < n) cell.classList.add("box-bottom");
  }
  if (state.selection.includes(i)) cell.classList.add("selected");
  const name = cellName(i);
  if (state.highlight.has(name)) cell.classList.add("in-row");
  if (state.cert.has(name)) cell.classList.add("cert");
  if (state.hintCells.has(name)) cell.classList.add("hint-cell");
  const given = state.grid[i];
  if (given) {
    cell.classList.add("given");
    cell.appendChild(document.createTextNode(String(given)));
  } else if (drawHintCell(cell, i)) {
    // the Hint tab's candidates (web/parts/hint_steps.js)
  } else if (state.solved && state.solved[i]) {
    cell.classList.add("solved");
    cell.appendChild(document.createTextNode(String(state.solved[i])));
  } else if (state.cands && typeof state.cands[i] === "number") {
    const x = state.cands[i];
    const value = el("span", "natural", String(+x.toFixed(3)));
    if (Math.abs(x - Math.round(x)) > 1e-6) value.classList.add("frac");
    cell.appendChild(value);
  } else if (state.range && state.range[i]) {
    drawRange(cell, state.range[i], i);
  } else if (state.cands && state.cands[i]) {
    cell.appendChild(drawCands(state.cands[i], i));
  }
  (cageOf.get(i) || []).forEach((k, depth) => cell.appendChild(drawCage(i, k, depth)));
  return cell;
}

function drawCands(list, i) {
  const n = state.order;
  const side = Math.ceil(Math.sqrt(n));
  const box = el("div", "cands");
  box.style.gridTemplateColumns = `repeat(${side}, 1fr)`;
  box.style.gridTemplateRows = `repeat(${side}, 1fr)`;
  const byValue = new Map(list.map((c) => [c.v, c.x]));
  for (let v = 1; v <= n; v++) {
    const x = byValue.get(v);
    const cand = el("div", "cand", x > 1e-6 ? String(v) : "");
    if (x > 1e-6) {
      cand.style.background = `rgba(31, 95, 191, ${0.12 + 0.6 * Math.min(1, x)})`;
      cand.title = `x_${cellName(i)}_v${v} = ${+x.toFixed(4)} at this vertex`;
      if (x > 1 - 1e-6) cand.classList.add("one");
      else {
        cand.classList.add("frac");
        if (state.fractional) {
          cand.dataset.branch = `${cellName(i)}=${v}`;
          cand.tabIndex = 0;
          cand.title += ` (click or Enter: branch on it, x = 1 and x = 0)`;
        }
      }
    }
    markReduced(cand, i, v);
    box.appendChild(cand);
  }
  return box;
}

/** A cell in the range view: a digit forced to 1 over the whole polytope big, the free ones
 *  small in a dashed box (shape, not colour alone), the ones forced to 0 left out. */
function drawRange(cell, list, i) {
  const one = list.find((r) => r.lo > 1 - 1e-6);
  if (one) {
    cell.classList.add("forced");
    cell.title = `forced: x_${cellName(i)}_v${one.v} = 1 at every point of the LP polytope`;
    cell.appendChild(document.createTextNode(String(one.v)));
    return;
  }
  const n = state.order;
  const side = Math.ceil(Math.sqrt(n));
  const box = el("div", "cands");
  box.style.gridTemplateColumns = `repeat(${side}, 1fr)`;
  box.style.gridTemplateRows = `repeat(${side}, 1fr)`;
  const byValue = new Map(list.map((r) => [r.v, r]));
  for (let v = 1; v <= n; v++) {
    const r = byValue.get(v);
    const cand = el("div", "cand", r ? String(v) : "");
    if (r) {
      cand.classList.add("free");
      cand.title = `free: x_${cellName(i)}_v${v} ranges over ${+r.lo.toFixed(4)}…${+r.hi.toFixed(4)} on the LP polytope (0 at some LP point, positive at another)`;
    }
    box.appendChild(cand);
  }
  cell.appendChild(box);
}

function rangeCaption() {
  const r = state.rangeCounts || {};
  return (
    `what the LP forces, over its whole polytope (objective left out): underlined blue digit = x is 1 at every LP point (givens: bold black); small digit in a dashed box = free (0 at some LP point, positive at another); no digit = 0 at every LP point. ` +
    `${r.forced_one} candidates forced to 1 beyond the givens, ${r.free} free, ${r.forced_zero} forced to 0.`
  );
}

/** What a row of the binary or the natural model says, by its name (the Model tab's legend). */
function rowMeaning(name) {
  const v = (cell) => `v_${cell.replace("c", "_c")}`;
  const families = [
    [/^cell_r(\d+)_c(\d+)$/, (m) => `r${m[1]}c${m[2]} holds exactly one digit`],
    [/^row_r(\d+)_v(\d+)$/, (m) => `digit ${m[2]} once in row ${m[1]}`],
    [/^col_c(\d+)_v(\d+)$/, (m) => `digit ${m[2]} once in column ${m[1]}`],
    [/^box_b(\d+)_v(\d+)$/, (m) => `digit ${m[2]} once in box ${m[1]}`],
    [/^given_r(\d+)_c(\d+)$/, (m) => `the given digit of r${m[1]}c${m[2]}`],
    [/^ne1_(r\d+c\d+)_(r\d+c\d+)$/, (m) => `with y = 0: ${v(m[1])} ≥ ${v(m[2])} + 1; with y = 1 it holds for any digits`],
    [/^ne2_(r\d+c\d+)_(r\d+c\d+)$/, (m) => `with y = 1: ${v(m[2])} ≥ ${v(m[1])} + 1; with y = 0 it holds for any digits; with ne1: ${m[1]} ≠ ${m[2]}`],
  ];
  for (const [re, say] of families) {
    const m = re.exec(name);
    if (m) return say(m);
  }
  return "";
}

/** The rows of the session's model, explained (the Model tab's legend). */
function modelLegend(model) {
  if (model === "natural") {
    return (
      "<b>Natural model</b> (big-M): one integer column <code>v_rR_cC</code> ∈ [1, n] per cell (its digit) and, per pair of cells a, b in a house, " +
      "a binary column <code>y_a_b</code> (e.g. <code>y_r1c1_r1c2</code>) (y = 0: v_a &gt; v_b; y = 1: v_b &gt; v_a) with two rows:<br>" +
      "<code>ne1_a_b</code>: v_a − v_b + M·y ≥ 1 (with y = 0 it says v_a ≥ v_b + 1; with y = 1 it holds for any digits)<br>" +
      "<code>ne2_a_b</code>: v_b − v_a − M·y ≥ 1 − M (with y = 1 it says v_b ≥ v_a + 1; with y = 0 it holds for any digits).<br>" +
      "Together: v_a ≠ v_b. Click r1 on the grid: the ne1/ne2 rows of its pairs."
    );
  }
  return (
    "<b>Binary model</b>: one column <code>x_rR_cC_vV</code> ∈ {0, 1} per cell and digit (1: the cell holds the digit), and rows " +
    "<code>cell_rR_cC</code>: Σ_v x = 1 (one digit per cell), <code>row_rR_vV</code>, <code>col_cC_vV</code>, <code>box_bB_vV</code>: Σ x = 1 over the house (each digit once per house); " +
    "<code>given_rR_cC</code>: x = 1 for the given digit. Click r1 on the grid: its rows."
  );
}

/** The outline of cage k in cell i; an overlapping cage (depth ≥ 1 in this cell) lies further inside. */
function drawCage(i, k, depth) {
  const n = state.order;
  const cage = state.cages[k];
  const line = el("div", "cage");
  if (depth > 0) line.style.inset = `${3 + 4 * depth}px`;
  const same = (j) => j >= 0 && j < n * n && cage.cells.includes(j);
  const r = Math.floor(i / n);
  const c = i % n;
  if (r === 0 || !same(i - n)) line.style.borderTopWidth = "1.5px";
  if (r === n - 1 || !same(i + n)) line.style.borderBottomWidth = "1.5px";
  if (c === 0 || !same(i - 1)) line.style.borderLeftWidth = "1.5px";
  if (c === n - 1 || !same(i + 1)) line.style.borderRightWidth = "1.5px";
  const wrap = document.createDocumentFragment();
  wrap.appendChild(line);
  if (Math.min(...cage.cells) === i) {
    const sum = el("span", "cage-sum", String(cage.sum));
    sum.dataset.target = `k${k + 1}`;
    sum.title = `cage ${k + 1}: its rows`;
    wrap.appendChild(sum);
  }
  return wrap;
}

// ---------------------------------------------------------------- grid input (keyboard, mouse)
function select(i, extend) {
  state.cursor = i;
  if (extend) {
    if (!state.selection.includes(i)) state.selection.push(i);
  } else {
    state.selection = [i];
    state.typed = "";
  }
}

function onBoardKey(event) {
  const n = state.order;
  const i = state.cursor;
  const moves = { ArrowUp: -n, ArrowDown: n, ArrowLeft: -1, ArrowRight: 1 };
  if (event.key in moves) {
    const r = Math.floor(i / n);
    const c = i % n;
    const ok = { ArrowUp: r > 0, ArrowDown: r < n - 1, ArrowLeft: c > 0, ArrowRight: c < n - 1 }[event.key];
    if (ok) select(i + moves[event.key], event.shiftKey);
    event.preventDefault();
    drawBoard();
    return;
  }
  const many = state.selection.length > 1;
  if (/^[0-9]$/.test(event.key)) {
    event.preventDefault();
    if (many) {
      state.typed += event.key;
      drawBoard();
      return;
    }
    const before = state.grid[i] || 0;
    let value = Number(event.key);
    if (n > 9 && before > 0 && before * 10 + value <= n) value = before * 10 + value;
    if (value > n) return;
    remember();
    state.grid[i] = value;
    state.solved = null;
    edited();
  } else if (event.key === "Enter" && many && state.typed) {
    const cells = [...state.selection].sort((a, b) => a - b);
    remember();
    // The same cells again replace that cage; other cages stay (they may overlap it).
    state.cages = state.cages.filter((c) => c.cells.join() !== cells.join());
    state.cages.push({ cells, sum: Number(state.typed) });
    state.typed = "";
    edited();
  } else if (event.key === "Escape") {
    state.typed = "";
    state.selection = [i];
    drawBoard();
  } else if (event.key === "Delete" || event.key === "Backspace" || event.key === ".") {
    event.preventDefault();
    remember();
    if (many) state.cages = state.cages.filter((c) => !c.cells.some((j) => state.selection.includes(j)));
    else state.grid[i] = 0;
    state.solved = null;
    edited();
  }
}

// ---------------------------------------------------------------- rows of a target, a row's cells
async function showRowsOf(target) {
  const names = await guard(S("rows_of", target));
  $("rows-title").textContent = `containing ${target} (${names.length})`;
  $("model-target").textContent = `${target}: ${names.length} rows`;
  const list = $("rows");
  list.innerHTML = "";
  for (const name of names) {
    const item = el("div", "item", name);
    item.dataset.row = name;
    item.tabIndex = 0;
    list.appendChild(item);
  }
  decorateRows(list); // web/parts/prove.js: + / − beside each row in the hint view
  state.highlight = new Set(/^r\d+c\d+$/.test(target) ? [target] : []);
  if (state.highlight.size === 0) {
    for (const name of names) for (const c of state.rowCells.get(name) || []) state.highlight.add(c);
  }
  drawBoard();
}

async function showRow(name) {
  const row = await guard(S("row", name));
  const terms = row.terms || [];
  const text = terms
    .map((t) => `${t.coefficient === 1 ? "" : t.coefficient === -1 ? "-" : t.coefficient + " "}${t.column}`)
    .join(" + ")
    .replace(/\+ -/g, "- ");
  const meaning = rowMeaning(row.name);
  $("row").textContent = `${row.name}: ${text} ${row.sense} ${row.rhs}${meaning ? `\n(${meaning})` : ""}`;
  state.highlight = new Set(terms.map((t) => t.cell).filter(Boolean));
  for (const item of document.querySelectorAll("#rows .item, #lp-duals .item, #hint-cert .item")) item.classList.toggle("active", item.dataset.row === name);
  drawBoard();
}

// ---------------------------------------------------------------- LP relaxation
/** An LP point per cell, from the library's `cells` list: `{cell, values: [[v, x], …]}` (the
 *  binary model's weights x_{cell,v} > 0) or `{cell, value: x}` (the natural model's x_rc). */
function candidates(cells) {
  if (!Array.isArray(cells)) return null;
  const out = new Array(state.order * state.order).fill(null);
  for (const c of cells) {
    const i = cellIndex(c.cell);
    if (i < 0) continue;
    out[i] = c.values ? c.values.map(([v, x]) => ({ v, x })) : Number(c.value);
  }
  return out;
}

/** One optimal vertex of the root LP: with the model panel's objective, or (`seeded`) with
 *  the objective random:K, K = 1, 2, … (each press another). */
async function relaxation(seeded) {
  let objective = "";
  if (seeded) {
    state.vertexSeed += 1;
    objective = `random:${state.vertexSeed}`;
  }
  const lp = await guard(S("vertex", objective));
  $("svg-lp").innerHTML = lp.svg || "";
  const spec = lp.objective_spec;
  $("lp-info").textContent =
    `LP ${lp.status}${lp.objective !== undefined ? ` · objective ${+Number(lp.objective).toFixed(4)}` : ""}` +
    ` · objective function: ${spec || "none (0)"} · ${lp.fractional} fractional columns · this is one vertex` +
    (seeded ? ` (the objective ${spec} only picks the vertex)` : "");
  state.solved = null;
  state.range = null;
  state.fractional = false;
  state.cands = candidates(lp.cells);
  setReducedCosts(lp, state.cands); // web/parts/reduced_costs.js
  dualNote(spec, (lp.duals || []).length, seeded);
  // The duals and reduced costs on the grid: the library's picture of the session's root LP
  // (its objective; a seeded vertex's objective is not the session's, so none is drawn then).
  $("svg-dual").innerHTML = spec && !seeded ? await guard(S("polytope_svg", "dual")) : "";
  $("dual-details").hidden = !(spec && !seeded);
  const list = $("lp-duals");
  list.innerHTML = "";
  for (const d of lp.duals || []) {
    if (Math.abs(d.value) < 1e-9) continue;
    const item = el("div", "item", `${d.row}  y = ${+d.value.toFixed(4)}`);
    item.dataset.row = d.row;
    item.tabIndex = 0;
    list.appendChild(item);
  }
  if (!list.childElementCount) list.textContent = "every dual is 0";
  drawBoard();
  return lp;
}

/** Why the duals are what they are; without an objective, an offer of one. */
function dualNote(spec, nonzero, seeded) {
  const note = $("lp-note");
  note.innerHTML = "";
  if (!spec) {
    note.appendChild(
      document.createTextNode(
        "Objective 0: every feasible point is optimal, and y = 0 is an optimal dual solution (dual objective b·y = 0 = the primal optimum, every reduced cost 0 − Aᵀy = 0 ≥ 0), so HiGHS reports every dual as 0. An objective makes the duals speak: ",
      ),
    );
    const offer = el("button", "", "use max:diagonal");
    offer.id = "lp-offer";
    offer.onclick = () => {
      $("objective").value = "max:diagonal";
      openSession(state.text, true)
        .then(() => relaxation(false))
        .catch(() => {});
    };
    note.appendChild(offer);
  } else {
    note.textContent =
      `Objective ${spec}${seeded ? " (a seeded objective, to show another vertex)" : ""}: ${nonzero} nonzero row duals y (each: how much the optimum moves per unit of the row's right-hand side, while the basis stays optimal). ` +
      "The nonzero reduced costs d = c − Aᵀy of the candidates are drawn on the grid (small signed numbers)" + (seeded ? "." : " and in the picture below the list.");
  }
}

/** What the LP forces over its whole polytope: per candidate min and max (the library's ranges). */
async function ranges() {
  const r = await guard(S("ranges"));
  state.solved = null;
  state.cands = null;
  state.fractional = false;
  $("lp-note").textContent = "";
  if (r.status !== "solved") {
    state.range = null;
    $("lp-info").textContent = "the LP relaxation is infeasible: no LP point, no range";
    drawBoard();
    return r;
  }
  state.range = new Array(state.order * state.order).fill(null);
  for (const c of r.cells) state.range[cellIndex(c.cell)] = c.ranges.map(([v, lo, hi]) => ({ v, lo, hi }));
  state.rangeCounts = r;
  $("lp-duals").textContent = "no duals here: the ranges come from up to two LPs per candidate; “One LP vertex” lists the root LP's duals";
  $("dual-details").hidden = true;
  $("svg-lp").innerHTML = r.svg || "";
  $("lp-info").textContent = `over the whole LP polytope: ${r.forced_one} candidates forced to 1 beyond the givens, ${r.free} free, ${r.forced_zero} forced to 0`;
  drawBoard();
  return r;
}

// ---------------------------------------------------------------- the lab
// lab_state(): {tree: {nodes: [{id, parent, depth, fixing, status, lp, fractional, children}],
// cuts}, tree_svg, summary, incumbent: {node, value, grid} | null, log: [step text], stats}.
function nodesOf(lab) {
  return (lab && lab.tree && lab.tree.nodes) || [];
}

/** Runs one lab call (`lab_start`, `lab_do`, `lab_finish`), remembers it for undo and for
 *  a Stop (whose worker restart replays the steps), and draws the state. */
async function labCall(name, ...args) {
  const before = state.labSteps.slice();
  const lab = await guard(S(name, ...args));
  if (name === "lab_start") {
    state.labSteps = [];
    for (const id of ["lab-cut"]) $(id).textContent = "";
  }
  state.undo.push({ text: state.text, labSteps: before });
  $("undo").disabled = false;
  state.labSteps.push({ name, args });
  state.lab = lab;
  return lab;
}

async function labDo(promise) {
  const lab = await guard(promise);
  state.lab = lab;
  await drawLab();
  return lab;
}

/** Starts the lab again and runs `steps` (after a Stop, or an undo). */
async function replayLab(steps) {
  let lab = null;
  for (const step of steps) lab = await guard(S(step.name, ...step.args));
  state.labSteps = steps.slice();
  state.lab = lab;
  if (lab) await drawLab();
}

/** Draws the tree, the node list and the chosen node's LP point (on the grid and as a picture). */
async function drawLab() {
  const lab = state.lab;
  if (!lab) return;
  const nodes = nodesOf(lab);
  if (!nodes.some((n) => n.id === state.node)) state.node = 0;
  $("lab-node").textContent = String(state.node);
  $("lab-info").textContent = lab.summary || "";
  $("svg-tree").innerHTML = lab.tree_svg || "";
  moveTreeLegend(); // web/parts/tree_legend.js
  markTree(lab);
  const list = $("lab-nodes");
  list.innerHTML = "";
  for (const node of nodes) {
    const status = String(node.status || "");
    const lp = node.lp === null || node.lp === undefined ? "" : ` · LP ${+Number(node.lp).toFixed(4)}`;
    const marks = (node.id === state.node ? "▶ " : "") + (node.id === lab.best_bound ? "★ " : "");
    const text = `${marks}node ${node.id} ${node.fixing || ""}${lp} · ${status}${node.id === lab.best_bound ? " · best bound" : ""}`;
    const button = el("button", `node ${status.split(" ")[0]}`, text);
    button.dataset.node = String(node.id);
    if (node.id === state.node) button.classList.add("active");
    list.appendChild(button);
  }
  const node = nodes.find((n) => n.id === state.node);
  const point = await S("lab_node", state.node);
  $("svg-node").innerHTML = point.svg || "";
  const incumbent = lab.incumbent && lab.incumbent.node === state.node ? lab.incumbent.grid : null;
  state.solved = incumbent ? incumbent.flat() : null;
  state.cands = incumbent ? null : candidates(point.cells);
  state.fractional = !!node && node.status === "fractional";
  drawBoard();
}

/** Marks the selected node (thick blue outline) and the best-bound node (★) in the library's
 *  tree picture: its node boxes are drawn in the order of the node numbers. */
function markTree(lab) {
  const svg = $("svg-tree").querySelector("svg");
  if (!svg) return;
  const boxes = svg.querySelectorAll("rect.node");
  const selected = boxes[state.node];
  if (selected) {
    selected.setAttribute("stroke", "#0072B2");
    selected.setAttribute("stroke-width", "7");
    selected.dataset.selected = "true";
    // The tree is drawn at its size (its text readable) in a scrolled box: the selected
    // node is brought into the middle of it.
    const box = $("svg-tree");
    const x = Number(selected.getAttribute("x")) + Number(selected.getAttribute("width")) / 2;
    const y = Number(selected.getAttribute("y"));
    box.scrollLeft = Math.max(0, x - box.clientWidth / 2);
    box.scrollTop = Math.max(0, y - box.clientHeight / 3);
  }
  const best = lab.best_bound === null || lab.best_bound === undefined ? null : boxes[lab.best_bound];
  if (best) {
    best.dataset.bestBound = "true";
    const star = document.createElementNS("http://www.w3.org/2000/svg", "text");
    star.setAttribute("x", String(Number(best.getAttribute("x")) + 4));
    star.setAttribute("y", String(Number(best.getAttribute("y")) - 6));
    star.setAttribute("font-size", "22");
    star.setAttribute("font-family", "sans-serif");
    star.setAttribute("class", "best-bound");
    star.textContent = "★ best bound";
    svg.appendChild(star);
  }
}

async function labBranch(spec) {
  const [cell, value] = spec.split("=");
  const before = nodesOf(state.lab).length;
  const lab = await labCall("lab_do", `node ${state.node}; branch ${cell}=${value}`);
  const nodes = nodesOf(lab);
  // Go on at the first open child (x = 1 first), as a student would.
  const open = nodes.slice(before).find((n) => n.status === "fractional");
  if (open) state.node = open.id;
  else if (nodes.length > before) state.node = nodes[before].id;
  await drawLab();
}

/** Expands the chosen node on the cell lp-bb's rule suggests (the CLI's `branch suggested`). */
async function labExpand() {
  const before = nodesOf(state.lab).length;
  await labCall("lab_do", `node ${state.node}; branch suggested`);
  const open = nodesOf(state.lab).slice(before).find((n) => n.status === "fractional");
  if (open) state.node = open.id;
  await drawLab();
}

async function labCut(kind) {
  await labCall("lab_do", `node ${state.node}; cut ${kind}`);
  const lab = state.lab;
  await drawLab();
  const log = lab.log || [];
  $("lab-cut").textContent = log.length ? log[log.length - 1] : "";
}

// ---------------------------------------------------------------- hint, solve, count, export
async function hint(level) {
  const h = await hintAt(level); // web/parts/hint_steps.js: step k of the path, k steps applied
  // h.hint is the command line's `hint --level` text (h.text the step's, as `hint --json`); the
  // grid outlines the step's cells (green) and, from the level "rows" on, the cells of its
  // certificates' rows (orange).
  $("hint-text").textContent = hintTextShown(h, level);
  state.lastHint = h;
  $("hint-note").textContent = "";
  state.hintCells = new Set(h.cells || []);
  state.cert.clear();
  if (level === "rows" || level === "value") {
    for (const e of h.eliminations || []) {
      for (const t of e.certificate || []) for (const c of state.rowCells.get(t.row) || []) state.cert.add(c);
    }
  }
  $("svg-hint").innerHTML = level === "rows" || level === "value" ? h.svg || "" : "";
  state.cands = null;
  state.range = null;
  drawBoard();
  return h;
}

/** Every step to the solution (steps --json): technique, text and the rating. */
async function allSteps() {
  const path = await guard(S("steps", false));
  const list = $("hint-path");
  list.innerHTML = "";
  list.hidden = false;
  (path.steps || []).forEach((step, k) => {
    const item = el("div", "item", `${k + 1}. ${step.technique} (${step.difficulty}): ${step.text}`);
    item.dataset.step = String(k);
    item.tabIndex = 0;
    list.appendChild(item);
  });
  const r = path.rating || {};
  $("hint-note").textContent = `${(path.steps || []).length} steps · ${path.status} · rating ${r.difficulty} (hardest: ${r.hardest})`;
  return path;
}

async function solve(method) {
  const limit = Number($("time-limit").value) || 10;
  const r = await guard(S("solve", method, limit));
  $("solve-info").textContent =
    `${r.method || method}: ${r.status} in ${r.time_ms !== undefined ? (+r.time_ms).toFixed(1) + " ms" : "?"}` +
    (r.nodes !== undefined ? ` · ${r.nodes} nodes` : "");
  state.cands = null;
  state.range = null;
  state.solved = r.grid ? r.grid.flat() : null;
  drawBoard();
  return r;
}

async function count() {
  const r = await guard(S("count", Number($("count-limit").value) || 10, Number($("time-limit").value) || 10));
  const end = String(r.end || "");
  const shown = `count: ${r.count} solution${r.count === 1 ? "" : "s"}`;
  $("solve-info").textContent = `${shown} (${end === "complete" ? "all of them" : end}, propagate, ${(+r.time_ms).toFixed(1)} ms)`;
  // Each grid the count found is checked by the library; the first is drawn.
  state.cands = null;
  state.range = null;
  state.solved = r.solutions && r.solutions.length ? r.solutions[0].flat() : null;
  drawBoard();
}

const EXTENSION = { lp: "lp", mps: "mps", "gmpl-data": "dat", cnf: "cnf", col: "col", dzn: "dzn" };

/** Downloads one export (`format` a library format name, `gmpl-model`, or `node-lp`); an
 *  error is shown next to the export buttons. */
async function download(format) {
  $("export-error").textContent = "";
  let text;
  let file;
  try {
    if (format === "gmpl-model") {
      const m = await S("gmpl_model");
      [text, file] = [m.text, m.file];
    } else if (format === "node-lp") {
      if (!state.lab) throw new Error("no lab node: start the lab (Branch and bound) first");
      text = await S("lab_node_lp", state.node);
      file = `node${state.node}.lp`;
    } else {
      text = await S("export", format);
      file = `sudoku.${EXTENSION[format] || format}`;
    }
  } catch (err) {
    $("export-error").textContent = err.message;
    throw err;
  }
  $("export-text").textContent = text.length > 20000 ? text.slice(0, 20000) + "\n…" : text;
  const objective = $("objective").value.trim();
  $("export-note").textContent = `${file}: ${objective ? `with the objective ${objective}` : "no objective (the feasibility model, minimise 0)"}` +
    (format === "gmpl-data" || format === "gmpl-model" ? " · solve with: glpsol -m sudoku.mod -d sudoku.dat (the .mod the data names)" : "");
  const a = el("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  a.download = file;
  document.body.appendChild(a);
  a.click();
  a.remove();
  return text;
}

// ---------------------------------------------------------------- wiring
function showTab(name) {
  for (const b of document.querySelectorAll("#tabs button")) b.classList.toggle("active", b.dataset.tab === name);
  for (const t of document.querySelectorAll(".tab")) t.hidden = t.id !== `tab-${name}`;
  const was = state.tab;
  state.tab = name;
  if (name === "hint" || was === "hint") drawBoard();
}

function wire() {
  $("stop").onclick = stop;
  $("undo").onclick = () => undo().catch(() => {});
  document.addEventListener("keydown", (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key === "z" && event.target.tagName !== "TEXTAREA" && event.target.tagName !== "INPUT") {
      event.preventDefault();
      undo().catch(() => {});
    }
  });
  $("load").onclick = () => loadText($("paste").value).catch(() => {});
  $("empty").onclick = () => {
    const n = Number($("order").value);
    const s = Math.round(Math.sqrt(n));
    const box = s * s === n ? null : { 6: [2, 3], 8: [2, 4], 12: [3, 4] }[n];
    const grid = Array.from({ length: n }, () => new Array(n).fill(0));
    loadText(JSON.stringify(box ? { grid, box } : { grid })).catch(() => {});
  };
  $("gallery").onchange = () => {
    const g = $("gallery").value === "" ? null : state.gallery[Number($("gallery").value)];
    if (g) loadText(g.text).catch(() => {});
  };
  for (const id of ["model", "cage-form", "thermo-form", "pair-form"]) {
    $(id).onchange = () => state.text && openSession(state.text, true).catch(() => {});
  }
  // A new objective: the session's model is built again with it (the LP tab, lp-bb and the
  // exports use it); a lab that was running goes on (its steps replayed: it keeps the
  // objective it was started with until "Start at the root").
  $("objective").onchange = () => {
    if (!state.text) return;
    state.range = null;
    state.cands = null;
    for (const id of ["lp-info", "lp-note", "lp-duals", "svg-lp", "svg-dual", "export-text", "export-note"]) $(id).textContent = "";
    openSession(state.text, false)
      .then(() => (state.labSteps.length ? replayLab(state.labSteps) : null))
      .catch(() => {});
  };
  for (const b of document.querySelectorAll("#tabs button")) b.onclick = () => showTab(b.dataset.tab);
  const board = $("board");
  window.addEventListener("resize", drawRules); // the rules' layers follow the cells' size
  board.addEventListener("keydown", onBoardKey);
  board.addEventListener("mousedown", (event) => {
    const cand = event.target.closest("[data-branch]");
    if (cand && state.tab === "lab") {
      labBranch(cand.dataset.branch).catch(() => {});
      return;
    }
    const target = event.target.closest("[data-target]");
    if (target) {
      showRowsOf(target.dataset.target).catch(() => {});
      return;
    }
    const cell = event.target.closest("[data-cell]");
    if (!cell) return;
    select(Number(cell.dataset.cell), event.shiftKey || event.ctrlKey || event.metaKey);
    board.focus();
    drawBoard();
    if (state.selection.length === 1) showRowsOf(cellName(state.cursor)).catch(() => {});
  });
  board.addEventListener("mouseover", (event) => {
    if (event.buttons !== 1) return;
    const cell = event.target.closest("[data-cell]");
    if (cell && !state.selection.includes(Number(cell.dataset.cell))) {
      select(Number(cell.dataset.cell), true);
      drawBoard();
    }
  });
  $("boxes").onclick = (event) => {
    const t = event.target.closest("[data-target]");
    if (t) showRowsOf(t.dataset.target).catch(() => {});
  };
  for (const id of ["rows", "lp-duals", "hint-cert"]) {
    $(id).onclick = (event) => {
      const item = event.target.closest("[data-row]");
      if (item) showRow(item.dataset.row).catch(() => {});
    };
    $(id).onkeydown = (event) => {
      const item = event.target.closest("[data-row]");
      if (item && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        showRow(item.dataset.row).catch(() => {});
      }
    };
  }
  board.addEventListener("keydown", (event) => {
    const cand = event.target.closest && event.target.closest("[data-branch]");
    if (cand && event.key === "Enter" && state.tab === "lab") {
      event.stopPropagation();
      labBranch(cand.dataset.branch).catch(() => {});
    }
  }, true);
  $("lp-solve").onclick = () => relaxation(false).catch(() => {});
  $("lp-vertex").onclick = () => relaxation(true).catch(() => {});
  $("lp-range").onclick = () => ranges().catch(() => {});
  $("lab-start").onclick = () => {
    state.node = 0;
    labDo(labCall("lab_start", $("objective").value.trim())).catch(() => {});
  };
  $("lab-expand").onclick = () => labExpand().catch(() => {});
  $("lab-prune").onclick = () => labDo(labCall("lab_do", `node ${state.node}; prune`)).catch(() => {});
  $("lab-finish").onclick = () => labDo(labCall("lab_finish", state.node, Number($("time-limit").value) || 10)).catch(() => {});
  $("lab-nodes").onclick = (event) => {
    const b = event.target.closest("[data-node]");
    if (b) {
      state.node = Number(b.dataset.node);
      drawLab().catch(() => {});
    }
  };
  $("count").onclick = () => count().catch(() => {});
  $("hint-apply").onclick = () => applyHint().catch(() => {});
  $("hint-steps").onclick = () => allSteps().catch(() => {});
  $("hint-path").onclick = (event) => {
    const item = event.target.closest("[data-step]");
    if (item) hintGoTo(Number(item.dataset.step)).catch(() => {});
  };
  $("hint-path").onkeydown = (event) => {
    const item = event.target.closest("[data-step]");
    if (item && event.key === "Enter") hintGoTo(Number(item.dataset.step)).catch(() => {});
  };
  $("export-gmpl-model").onclick = () => download("gmpl-model").catch(() => {});
  $("export-node-lp").onclick = () => download("node-lp").catch(() => {});
  // Issue 45's exercises and the state as a link (web/parts/*.js; each adds its functions to
  // window.sudokuPage).
  wireProve();
  wireLabExercises();
  wireRowCheck();
  wireStateLink();
}

async function main() {
  const t0 = performance.now();
  lessonSetup(); // web/parts/lesson.js: the Lesson tab, wired below with the others
  wire();
  showTab("model");
  const version = await startWorker();
  // The cut buttons by the library's names of the cut kinds (the command line's and Python's).
  for (const kind of parse(await call("lab_names")).cut_kind) {
    const button = $(`lab-cut-${kind.name}`);
    if (!button) continue;
    button.title = kind.about;
    button.onclick = () => labCut(kind.name).catch(() => {});
  }
  // The hint levels, the methods and the export formats by the library's Named lists.
  const names = parse(await call("names"));
  const buttons = (where, list, data, act) => {
    for (const item of list) {
      const b = el("button", "", item.name);
      b.dataset[data] = item.name;
      b.title = item.about;
      b.onclick = () => act(item.name).catch(() => {});
      $(where).appendChild(b);
    }
  };
  buttons("hint-levels", names.hint_level, "level", hint);
  buttons("methods", names.method, "method", solve);
  buttons("formats", names.format, "format", download);
  state.gallery = parse(await call("gallery"));
  state.gallery.forEach((g, k) => {
    const o = el("option", "", g.name);
    o.value = String(k);
    $("gallery").appendChild(o);
  });
  await startFromLinkOr(async () => {
    if (state.gallery.length) {
      $("gallery").value = "0";
      await loadText(state.gallery[0].text);
    }
  });
  const ms = performance.now() - t0;
  document.body.dataset.ready = String(Math.round(performance.now()));
  setStatus(`ready (library ${version}, HiGHS 1.15.3) in ${Math.round(ms)} ms`);
}

// The browser tests and benchmarks call the same functions the buttons call.
window.sudokuPage = { state, stop, applyHint, hintGoTo, allSteps, loadText, placeDigit, openSession, showRowsOf, showRow, relaxation, ranges, undo, labCall, labDo, labBranch, labExpand, labCut, hint, solve, count, download, S, call, showTab, drawLab, lessonOpen, lessonNext, lessonAnswer, lessonState };
main().catch((err) => {
  setStatus("failed to start");
  showError(err.message);
});
