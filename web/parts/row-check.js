// Your own rows (issue 45, item 3): the student picks a rule of the puzzle (a killer cage, a
// thermometer step, a kropki or XV pair, a house), types linear rows over its candidates, and the
// library checks them as `sudoku-ilp row-check` does: every assignment of the rule's cells
// enumerated (a forbidden one accepted or an allowed one refused is named), then the LP strength
// against the project's strong form (a fractional point the student's form allows and the strong
// form cuts off, when one is found).
"use strict";

let rowCheckFor = null; // the puzzle text the rule list is for
let rowCheckNames = null; // its names (a promise: a second call while the first runs waits for it)

/** Fills the rule list from the open session (the names `row-check --rule` takes). */
function rowCheckRules() {
  if (rowCheckFor !== state.text) {
    rowCheckFor = state.text;
    rowCheckNames = S("check_rules").then(
      (names) => {
        const select = $("row-check-rule");
        const before = select.value;
        select.innerHTML = "";
        for (const name of names) {
          const o = el("option", "", name);
          o.value = name;
          select.appendChild(o);
        }
        if (names.includes(before)) select.value = before;
        return names;
      },
      (err) => {
        rowCheckFor = null;
        throw err;
      },
    );
  }
  return rowCheckNames;
}

/** Checks the typed rows for the chosen rule; the rule's cells are outlined on the grid. */
async function rowCheck(rule, rows) {
  const name = rule === undefined ? $("row-check-rule").value : rule;
  const text = rows === undefined ? $("row-check-rows").value : rows;
  if (!name) refuse("pick a rule first");
  if (!text.trim()) refuse("type your rows over the rule's candidates (x_r1_c1_v3 or r1c1=3), separated by ';' or new lines");
  const r = await guard(S("row_check", name, text));
  const out = $("row-check-verdict");
  out.innerHTML = "";
  const head = el("b", r.exact ? "right" : "wrong", r.verdict);
  head.dataset.exact = String(r.exact);
  head.dataset.strength = r.strength || "";
  out.append(head, el("pre", "", r.text.split("\n").slice(1).join("\n")));
  state.highlight = new Set(r.cells || []);
  drawBoard();
  return r;
}

/** The panel, at the end of the model view. */
function wireRowCheck() {
  Object.assign(window.sudokuPage, { rowCheck, rowCheckRules }); // for the tests and benchmarks
  const panel = el("details", "panel exercise");
  panel.id = "row-check";
  panel.innerHTML =
    `<summary>Your own rows for a rule (modelling)</summary>` +
    `<div class="buttons"><label>Rule <select id="row-check-rule"></select></label>` +
    `<button id="row-check-go">Check my rows</button></div>` +
    `<textarea id="row-check-rows" rows="4" spellcheck="false" placeholder="x_r1_c1_v1 + x_r1_c2_v1 <= 1; r1c1=2 + r1c2=2 <= 1"></textarea>` +
    `<p class="help">Rows over the candidates of the rule's cells, one per line or separated by ';' (each cell holds one digit: the cell rows are added for you). They must accept exactly the digit assignments the rule allows; then their LP is compared with the project's strong form.</p>` +
    `<div id="row-check-verdict"></div>`;
  $("tab-model").appendChild(panel);
  panel.addEventListener("toggle", () => {
    if (panel.open && state.text) rowCheckRules().catch(() => {});
  });
  $("row-check-rule").onfocus = () => rowCheckRules().catch(() => {});
  $("row-check-go").onclick = () => rowCheck().catch(() => {});
}
