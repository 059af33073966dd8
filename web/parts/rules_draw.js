// The variant rules drawn over the board (issue 44): the library's own marks of every rule
// (crates/core/src/report/marks, the pictures of `render`), which read() hands over as two SVG
// layers in summary.drawing (under, over; killer cages left out: drawCage draws them with the
// cage editor). Each layer lies over the board's cells with r1c1's corner on the SVG's
// (room·cell, room·cell); the under layer multiplies with the cells (digits and LP values stay
// dark under grey lines and shading), the over layer lies on top; neither takes clicks. Clues
// outside the grid (data-side) move one cell further out, past the row and column labels, and
// the board gets room for them.

/** Lays the rules' two layers over the board (called at the end of drawBoard). */
function drawRules() {
  const wrap = $("board-wrap");
  for (const id of ["rules-under", "rules-over"]) {
    const old = document.getElementById(id);
    if (old) old.remove();
  }
  wrap.style.padding = "";
  const drawing = state.summary && state.summary.drawing;
  const first = $("board").querySelector('[data-cell="0"]');
  if (!drawing || !first) return;
  const layers = [
    ["rules-under", drawing.under],
    ["rules-over", drawing.over],
  ]
    .map(([id, text]) => [id, rulesLayer(text)])
    .filter(([, svg]) => svg);
  if (!layers.length) return;
  wrap.style.position = "relative";
  const room = { top: 0, right: 0, bottom: 0, left: 0 };
  for (const [, svg] of layers) for (const side of outsideSides(svg)) room[side] = 1;
  // The pitch of the cells (a cell and its border), measured after the room is made.
  const second = $("board").querySelector('[data-cell="1"]');
  const pitchOf = () => (second ? second.offsetLeft - first.offsetLeft : first.offsetWidth);
  const px = pitchOf();
  wrap.style.padding = ["top", "right", "bottom", "left"].map((s) => `${room[s] * px}px`).join(" ");
  const pitch = pitchOf();
  for (const [id, svg] of layers) placeLayer(svg, id, first, pitch);
  for (const [, svg] of layers) wrap.appendChild(svg);
}

/** The SVG element of one layer, or null when it draws nothing. */
function rulesLayer(text) {
  if (!text) return null;
  const holder = document.createElement("div");
  holder.innerHTML = text;
  const svg = holder.querySelector("svg");
  return svg && svg.querySelector("g[class^='rules-'] > *") ? svg : null;
}

/** The sides of the grid where the layer has clues outside it. */
function outsideSides(svg) {
  const sides = new Set();
  for (const g of svg.querySelectorAll("[data-side]"))
    for (const side of g.dataset.side.split(" ")) if (side) sides.add(side);
  return sides;
}

/** Sizes and places a layer on the board: its cell of `data-cell` units is `pitch` pixels;
 * clues above or left of the grid move one cell out, past the labels. */
function placeLayer(svg, id, first, pitch) {
  const cell = Number(svg.dataset.cell);
  const room = Number(svg.dataset.room);
  const units = svg.viewBox.baseVal.width;
  const size = (units * pitch) / cell;
  svg.id = id;
  svg.setAttribute("width", String(size));
  svg.setAttribute("height", String(size));
  Object.assign(svg.style, {
    position: "absolute",
    left: `${first.offsetLeft - room * pitch}px`,
    top: `${first.offsetTop - room * pitch}px`,
    pointerEvents: "none",
    overflow: "visible",
    mixBlendMode: id === "rules-under" ? "multiply" : "normal",
  });
  for (const g of svg.querySelectorAll("[data-side]")) {
    const sides = g.dataset.side.split(" ");
    const dx = sides.includes("left") ? -cell : 0;
    const dy = sides.includes("top") ? -cell : 0;
    if (dx || dy) g.setAttribute("transform", `translate(${dx} ${dy})`);
  }
}
