// The hint view walks the library's solving path (`steps --json`): step k is shown with steps
// 0..k-1 applied (the session's `hint_at(k, level)`), so "Apply this step" works for a step
// that only removes candidates as well as for one that places digits. The grid on the Hint tab
// shows the candidates step k starts from (placed digits in their own style, the step's removals
// struck out); an edit of the grid starts the path again at step 0. Each elimination's
// certificate is written out as its rows times their multipliers, the inequality they sum to and
// why it forces x ≤ 0 (the library's `summed`, as `hint --level value` prints it); every row can
// be clicked (its cells outlined, the row written out in the Row panel).

/** The path position of the Hint tab: steps applied, the level last asked for, the last answer. */
const hintWalk = { index: 0, level: "value", before: null, step: null };

/** Back to step 0 (a new or edited puzzle). */
function hintWalkReset() {
  hintWalk.index = 0;
  hintWalk.before = null;
  hintWalk.step = null;
  const cert = document.getElementById("hint-cert");
  if (cert) cert.textContent = "";
}

/** Step `hintWalk.index` of the path at `level`: its text, picture, certificate and grid. */
async function hintAt(level) {
  hintWalk.level = level || hintWalk.level;
  const h = await guard(S("hint_at", hintWalk.index, hintWalk.level));
  hintWalk.step = h;
  hintWalk.before = h.before || null;
  for (const item of document.querySelectorAll("#hint-path .item")) item.classList.toggle("active", Number(item.dataset.step) === hintWalk.index);
  // A row clicked for the step before is not this step's.
  state.highlight.clear();
  $("row").textContent = "";
  showCertificates(h, hintWalk.level);
  return h;
}

/** "Apply this step": the shown step's placements and removals are made on the Hint tab's
 *  grid (one undo step) and the next step is shown. The puzzle's givens are not changed: the
 *  other tabs keep working on the puzzle as given. */
async function applyHint() {
  const h = hintWalk.step && !hintWalk.step.complete ? hintWalk.step : await hint(hintWalk.level);
  if (h.complete) {
    $("hint-note").textContent = "the grid is complete: no step left to apply";
    return h;
  }
  state.undo.push({ text: state.text, labSteps: state.labSteps.slice(), hintIndex: hintWalk.index });
  $("undo").disabled = false;
  hintWalk.index += 1;
  let next;
  try {
    next = await hint(hintWalk.level);
  } catch (err) {
    // Not applied: the path position and the undo stack as they were (the error is shown).
    hintWalk.index -= 1;
    state.undo.pop();
    $("undo").disabled = state.undo.length === 0;
    throw err;
  }
  const placed = (h.placements || []).map((p) => `${p.cell} = ${p.value}`);
  const removed = (h.eliminations || []).map((e) => `${e.value} from ${e.cell}`);
  const done = [placed.length ? `placed ${placed.join(", ")}` : "", removed.length ? `removed ${removed.join(", ")}` : ""]
    .filter(Boolean)
    .join("; ");
  $("hint-note").textContent =
    `applied step ${hintWalk.index} (${h.technique}): ${done} · ` +
    (next.complete ? "the grid is complete" : `now step ${hintWalk.index + 1} of the path`) +
    " · the puzzle's givens are unchanged (the other tabs use them); an edit of the grid starts again at step 1";
  return h;
}

/** Undo of an applied step: the path position before it. */
async function hintUndo(entry) {
  hintWalk.index = entry.hintIndex;
  if (state.tab === "hint") await hint(hintWalk.level);
  else {
    // Drawn again when the Hint tab asks for the step.
    hintWalk.before = null;
    hintWalk.step = null;
  }
  $("hint-note").textContent = `back at step ${hintWalk.index + 1} of the path`;
}

/** Opens step k (from 0) of the path, as a click on the All steps list does. */
async function hintGoTo(k) {
  hintWalk.index = k;
  const h = await hint(hintWalk.level);
  $("hint-note").textContent = `step ${k + 1} of the path, with steps 1–${k} applied on this tab's grid`;
  return h;
}

/** The certificate of each elimination: the rows (clickable) with their multipliers; at the
 *  level "value" also the sum, the sum with the placed and removed columns fixed, and why it
 *  forces the candidate's x ≤ 0. Nothing below the level "rows" (the rows name the digit). */
function showCertificates(h, level) {
  const box = $("hint-cert");
  box.innerHTML = "";
  if (level !== "rows" && level !== "value") return;
  for (const e of h.eliminations || []) {
    const what = level === "value" ? `${e.value} in ${e.cell}` : `a candidate in ${e.cell}`;
    const head = el("div", "cert-head", `why ${what} is removed`);
    box.appendChild(head);
    if (e.lp_implied === false) {
      box.appendChild(el("div", "cert-line", `not implied by the LP relaxation (its maximum of this x is ${+Number(e.lp_max).toFixed(4)} > 0): no certificate of LP rows exists`));
      continue;
    }
    const summed = e.summed;
    if (!summed) continue;
    if (e.certificate_note) box.appendChild(el("div", "cert-line", `certificate from ${e.certificate_note}:`));
    for (const r of summed.rows) {
      const item = el("div", "item", `${multiplierText(r.multiplier)} × (${r.text})   [${r.row}]`);
      item.dataset.row = r.row;
      item.dataset.multiplier = String(r.multiplier);
      item.dataset.eliminates = `${e.cell}=${e.value}`;
      item.tabIndex = 0;
      item.title = `click or Enter: ${r.row}'s cells outlined, the row written out`;
      box.appendChild(item);
    }
    if (level !== "value") continue;
    box.appendChild(el("div", "cert-line", `sum: ${summed.sum}`));
    if ((summed.placed || []).length || (summed.removed || []).length) box.appendChild(el("div", "cert-line", `with placed x = 1 and removed x = 0: ${summed.left}`));
    box.appendChild(el("div", "cert-line", `so: ${summed.why}`));
  }
}

/** The step's text at `level` (the command line's `hint --level`), without the lines that write
 *  a certificate out (indented six spaces) when the certificate list below says them, rows
 *  clickable. */
function hintTextShown(h, level) {
  const text = h.hint || h.text || "";
  if (!(h.eliminations || []).some((e) => e.summed)) return text;
  return text
    .split("\n")
    .filter((line) => !line.startsWith("      "))
    .join("\n");
}

/** A multiplier as the factor written before a row: +1, −1, +0.5. */
function multiplierText(m) {
  const sign = m < 0 ? "−" : "+";
  return `${sign}${+Math.abs(m).toFixed(6)}`;
}

/** The Hint tab's cell: a digit placed by an applied step, or the open candidates (the shown
 *  step's removals struck out, its placements marked). False when the Hint tab is not shown. */
function drawHintCell(cell, i) {
  if (state.tab !== "hint" || !hintWalk.before) return false;
  const name = cellName(i);
  const placed = hintWalk.before.placed.find((p) => p.cell === name);
  if (placed) {
    cell.classList.add("placed");
    cell.title = `${name} = ${placed.value}: placed by an applied step`;
    cell.appendChild(document.createTextNode(String(placed.value)));
    return true;
  }
  const open = hintWalk.before.open.find((o) => o.cell === name);
  if (!open) return false;
  const step = hintWalk.step || {};
  const removing = new Set((step.eliminations || []).filter((e) => e.cell === name).map((e) => e.value));
  const placing = new Set((step.placements || []).filter((p) => p.cell === name).map((p) => p.value));
  const n = state.order;
  const side = Math.ceil(Math.sqrt(n));
  const box = el("div", "cands");
  box.style.gridTemplateColumns = `repeat(${side}, 1fr)`;
  box.style.gridTemplateRows = `repeat(${side}, 1fr)`;
  for (let v = 1; v <= n; v++) {
    const has = open.values.includes(v);
    const cand = el("div", "cand", has ? String(v) : "");
    if (has && removing.has(v) && hintWalk.level === "value") {
      cand.classList.add("removing");
      cand.title = `${v} is removed from ${name} by this step`;
    } else if (has && placing.has(v) && hintWalk.level === "value") {
      cand.classList.add("placing");
      cand.title = `${v} is placed in ${name} by this step`;
    }
    box.appendChild(cand);
  }
  cell.appendChild(box);
  return true;
}

/** The board's caption on the Hint tab. */
function hintCaption() {
  const k = hintWalk.index;
  return (
    `the candidates step ${k + 1} of the solving path starts from` +
    (k ? ` (steps 1–${k} applied: their digits in italics)` : "") +
    (hintWalk.level === "value" ? "; struck out: removed by this step; boxed: placed by this step" : "")
  );
}
