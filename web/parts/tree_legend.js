// The lab's tree picture in the page: the library draws its legend (the summary line and what
// numbers, dashes and colours mean) under the tree, as wide as the widest line; in the page's
// scrolled box those lines were cut off at 1366×768 ("…order of expa"). The page says the same
// in words that wrap: the summary in #lab-info, the meanings in #lab-legend, and any further
// line of the picture (what was folded) in #lab-tree-note; so the picture keeps only the tree
// (its title, the tab's name, goes too), and its height shrinks to it.

/** Moves the legend lines of the tree picture out of it (into #lab-tree-note when the page
 *  does not already say them) and crops the picture to the tree. */
function moveTreeLegend() {
  const svg = $("svg-tree").querySelector("svg");
  const note = $("lab-tree-note");
  note.textContent = "";
  if (!svg) return;
  // The title ("Branch and bound, driven": the tab's name) is cut off once the box scrolls.
  const title = [...svg.children].find((t) => t.tagName === "text" && t.getAttribute("font-size") === "26");
  if (title) title.remove();
  const lines = [...svg.children].filter((t) => t.tagName === "text" && t.getAttribute("font-size") === "16");
  if (!lines.length) return;
  const said = (text) => text.startsWith("nodes ") || text.startsWith("node k:") || text.startsWith("green: grid");
  const extra = lines.map((t) => t.textContent).filter((text) => !said(text));
  note.textContent = extra.join("\n");
  const top = Math.min(...lines.map((t) => Number(t.getAttribute("y")))) - 16;
  for (const t of lines) t.remove();
  const width = Number(svg.getAttribute("width"));
  const height = Math.max(60, Math.ceil(top));
  const skip = title ? 30 : 0;
  svg.setAttribute("height", String(height - skip));
  svg.setAttribute("viewBox", `0 ${skip} ${width} ${height - skip}`);
  const ground = svg.querySelector("rect:not(.node):not(.fold)");
  if (ground) ground.setAttribute("height", String(height));
}
