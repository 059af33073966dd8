// Reduced costs on the grid (the LP tab's "One LP vertex"): beside each candidate's value x at
// the vertex, its reduced cost d = c − Aᵀy where nonzero (the session's `vertex` answer lists
// them as `reduced`: [{cell, value, d}]). A column strictly between its bounds is basic, and a
// basic column has d = 0; so every nonzero d the grid shows sits on a candidate with x = 0 or
// x = 1 at this vertex (the browser tests check it on the seed with max:diagonal).

/** The reduced costs of the vertex whose point is `cands` (drawn only while that point is). */
function setReducedCosts(lp, cands) {
  const map = new Map((lp.reduced || []).map((r) => [`${r.cell}:${r.value}`, r.d]));
  state.reduced = { cands, map, spec: lp.objective_spec || "" };
}

/** Whether the grid shows the reduced costs of the point it draws. */
function reducedShown() {
  return Boolean(state.reduced && state.cands && state.reduced.cands === state.cands && !state.range && !state.solved);
}

/** Marks candidate v of cell i with its nonzero reduced cost (a signed number: not colour alone). */
function markReduced(cand, i, v) {
  if (!reducedShown()) return;
  const d = state.reduced.map.get(`${cellName(i)}:${v}`);
  if (d === undefined) return;
  const text = `${d > 0 ? "+" : "−"}${+Math.abs(d).toFixed(3)}`;
  cand.classList.add("reduced");
  cand.dataset.reduced = String(d);
  // At x = 0 the candidate shows no digit: d stands in its place (the place says the digit);
  // at x = 1 d is a small mark in the candidate's corner.
  if (!cand.textContent) cand.classList.add("at-zero");
  cand.appendChild(el("span", "rc", text));
  cand.title = `${cand.title ? cand.title + "; " : `x_${cellName(i)}_v${v} = 0 at this vertex; `}reduced cost d = ${+d.toFixed(6)}`;
}

/** The caption's sentence on the reduced costs. */
function reducedCaption() {
  const count = state.reduced.map.size;
  if (!count) return `reduced costs: every d = c − Aᵀy is 0 at this vertex${state.reduced.spec ? "" : " (objective 0: c = 0, and HiGHS returns y = 0)"}`;
  return (
    `small signed numbers: the ${count} nonzero reduced costs d = c − Aᵀy of this vertex (objective ${state.reduced.spec}; candidates the givens rule out left out); ` +
    "each sits on a candidate at a bound (x = 0: the number in the digit's place; x = 1: in the digit's corner), since a column strictly between 0 and 1 is basic and a basic column has d = 0"
  );
}
