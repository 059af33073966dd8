// Prove it yourself (issue 45, item 1): in the hint view the student picks an elimination
// (cell, digit) and builds a combination of the model's rows by clicking + / − beside them
// (here, or in the Rows list at the right); the running sum is the library's, written out.
// "Check" grades it as `sudoku-ilp prove` does (the columns that spoil it named); the tool's own
// certificate (from the LP's dual) is shown as the model answer after a try.
"use strict";

const proof = {
  target: "", // "r9c8=2"
  rows: [], // [{row, multiplier}], in the order they were first clicked
  tried: false,
  answer: null, // the model answer's promise, asked for when the elimination is picked
};

/** The combination as `prove --rows` reads it: `row_r9_v2 - box_b8_v2`, `2 cell_r1_c1`. */
function proofText() {
  return proof.rows
    .filter((r) => r.multiplier !== 0)
    .map((r, k) => {
      const m = Math.abs(r.multiplier);
      const sign = r.multiplier < 0 ? "- " : k ? "+ " : "";
      return `${sign}${m === 1 ? "" : m + " "}${r.row}`;
    })
    .join(" ");
}

/** Adds `step` (+1 or −1) to `row`'s multiplier and shows the running sum. */
async function proveAdd(row, step) {
  const entry = proof.rows.find((r) => r.row === row);
  if (entry) entry.multiplier += step;
  else proof.rows.push({ row, multiplier: step });
  proof.rows = proof.rows.filter((r) => r.multiplier !== 0);
  return proveShowSum();
}

function proveClear() {
  proof.rows = [];
  return proveShowSum();
}

/** The elimination to prove: `r9c8=2` (its cell outlined, its rows listed). */
async function proveTarget(text) {
  proof.target = text.trim();
  proof.tried = false;
  // The model answer (an LP solve) is computed now, in the worker, while the student works:
  // Check then grades at once and shows it after.
  proof.answer = proof.target ? S("prove_answer", proof.target).catch((err) => ({ error: err.message })) : null;
  $("prove-target").value = proof.target;
  $("prove-answer-box").hidden = true;
  $("prove-verdict").textContent = "";
  const cell = proof.target.split("=")[0];
  const list = $("prove-rows");
  list.innerHTML = "";
  if ($("model").value !== "binary") {
    // `prove` reads the binary model's rows (its default forms); the natural model's are others.
    list.textContent = "a certificate is a combination of the binary model's rows: choose the binary model above to list them here";
  } else if (/^r\d+c\d+$/.test(cell)) {
    const names = await guard(S("rows_of", cell));
    for (const name of names) list.appendChild(proveRowItem(name));
    state.hintCells = new Set([cell]);
    drawBoard();
  }
  return proveShowSum();
}

/** A row with its + and − buttons (the item itself shows the row when clicked). */
function proveRowItem(name) {
  const item = el("div", "item prove-row");
  item.dataset.proveRow = name;
  const plus = el("button", "prove-plus", "+");
  const minus = el("button", "prove-minus", "−");
  plus.title = `add ${name} once (multiplier + 1)`;
  minus.title = `subtract ${name} once (multiplier − 1)`;
  plus.onclick = () => proveAdd(name, 1).catch(() => {});
  minus.onclick = () => proveAdd(name, -1).catch(() => {});
  item.append(plus, minus, document.createTextNode(" " + name));
  return item;
}

/** Puts + / − beside each row of the Rows list (the hook after it is drawn), in the hint view. */
function decorateRows(list) {
  if (state.tab !== "hint" || $("model").value !== "binary") return;
  for (const item of list.querySelectorAll("[data-row]")) {
    const name = item.dataset.row;
    const plus = el("button", "prove-plus", "+");
    const minus = el("button", "prove-minus", "−");
    plus.title = `add ${name} to your certificate`;
    minus.title = `subtract ${name} in your certificate`;
    plus.onclick = () => proveAdd(name, 1).catch(() => {});
    minus.onclick = () => proveAdd(name, -1).catch(() => {});
    item.prepend(plus, minus, document.createTextNode(" "));
  }
}

/** The running sum: the library's rows written out and their sum (no verdict until Check). */
async function proveShowSum() {
  const text = proofText();
  $("prove-combination").textContent = text || "(no rows yet)";
  $("prove-verdict").textContent = ""; // the verdict was on the rows before this change
  const out = $("prove-sum");
  if (!text || !proof.target) {
    out.textContent = "";
    return null;
  }
  const r = await guard(S("prove", proof.target, text, false));
  out.textContent = r.summed
    ? r.summed.rows.map((row) => `${row.multiplier} × ${row.row}: ${row.text}`).join("\n") + `\nsum: ${r.summed.sum}`
    : `your rows do not add up to an inequality of the model: ${r.error}`;
  return r;
}

/** Check: the verdict with its reason (`prove`'s text), then the model answer. */
async function proveCheck() {
  const r = await proveGrade();
  r.model_answer = await proveShowAnswer();
  return r;
}

/** The verdict on the student's rows, drawn: proven or not, the sum, what spoils it. */
async function proveGrade() {
  if (!proof.target) refuse("pick an elimination first: type rRcC=V, or “From the hint”");
  const text = proofText();
  if (!text) refuse("no rows yet: click + or − beside a row");
  const r = await guard(S("prove", proof.target, text, false));
  proof.tried = true;
  const [first, ...rest] = r.text.trimEnd().split("\n");
  const verdict = $("prove-verdict");
  verdict.innerHTML = "";
  verdict.appendChild(el("b", r.proves ? "right" : "wrong", first));
  verdict.appendChild(el("pre", "", rest.join("\n")));
  const spoilers = (r.summed && r.summed.spoilers) || [];
  state.cert = new Set(spoilers.map((c) => c.replace(/^x_r(\d+)_c(\d+)_v\d+$/, "r$1c$2")));
  drawBoard();
  return r;
}

/** The model answer, shown after a try. */
async function proveShowAnswer() {
  const answer = await proof.answer;
  if (!answer) return null;
  if (answer.error) refuse(answer.error);
  $("prove-answer").textContent = answer.text.trimEnd();
  $("prove-answer-box").hidden = false;
  $("prove-answer-box").open = true;
  return answer.model_answer;
}

/** The last hint's first elimination as the one to prove. */
async function proveFromHint() {
  const h = state.lastHint || (await hint("technique"));
  const e = (h.eliminations || [])[0];
  if (!e) {
    $("prove-verdict").textContent = h.complete
      ? "the grid is complete: nothing to eliminate"
      : "this hint places a digit and eliminates nothing: type an elimination rRcC=V";
    return null;
  }
  return proveTarget(`${e.cell}=${e.value}`);
}

/** Shows `text` as the page's one error line and throws it. */
function refuse(text) {
  showError(text);
  throw new Error(text);
}

/** The panel, at the end of the hint view. */
function wireProve() {
  Object.assign(window.sudokuPage, { proveTarget, proveAdd, proveClear, proveCheck, proveGrade, proveShowAnswer, proveFromHint }); // for the tests and benchmarks
  const panel = el("details", "panel exercise");
  panel.id = "prove";
  panel.open = true;
  panel.innerHTML =
    `<summary>Prove it yourself: an elimination from the model's rows</summary>` +
    `<div class="buttons"><label>Eliminate <input id="prove-target" size="8" placeholder="r7c1=5"></label>` +
    `<button id="prove-from-hint" title="The last hint's first elimination">From the hint</button></div>` +
    `<p class="help">Build a combination of the binary model's rows: + adds a row once, − subtracts it once (click a cell, a label or a box on the grid to list its rows at the right, each with + and −). It proves the elimination when the sum, with the givens placed and the candidates they rule out removed, has coefficient ≥ 1 on the candidate's x, ≥ 0 on every other open column and right-hand side ≤ 0: with 0 ≤ x ≤ 1 that forces x ≤ 0.</p>` +
    `<div id="prove-rows" class="list"></div>` +
    `<div>Your rows: <code id="prove-combination">(no rows yet)</code> <button id="prove-clear">Clear</button> <button id="prove-check">Check</button></div>` +
    `<pre id="prove-sum"></pre><div id="prove-verdict"></div>` +
    `<details id="prove-answer-box" hidden><summary>Model answer (the tool's own: a certificate from the LP's dual, or why none exists)</summary><pre id="prove-answer"></pre></details>`;
  $("tab-hint").appendChild(panel);
  $("prove-target").onchange = () => proveTarget($("prove-target").value).catch(() => {});
  $("prove-from-hint").onclick = () => proveFromHint().catch(() => {});
  $("prove-clear").onclick = () => proveClear().catch(() => {});
  $("prove-check").onclick = () => proveCheck().catch(() => {});
}
