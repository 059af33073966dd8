// The lab's exercises (issue 45, items 2 and 4): the student's own cut at the selected node
// (`cut my: …`, decided exactly by the library: valid, or refused with a counterexample grid that
// passed its checker; whether it cuts off the node's LP point; the bound's move when added), and
// predictions the lab grades (next node, branching column, child infeasible, child's bound, root
// integral), each with the library's reason. A cut is a lab step (undo, Stop and the link replay
// it); a prediction changes no tree and is not a step.
"use strict";

/** The questions `predict` takes: [value, label, needs a child rRcC=V, answer placeholder]. */
const PREDICTIONS = [
  ["next best", "next node, best bound", false, "node number"],
  ["next depth", "next node, depth first", false, "node number"],
  ["branch", "most-fractional column", false, "x_r1_c3_v4 or r1c3=4"],
  ["infeasible", "child infeasible?", true, "yes or no"],
  ["bound", "child's LP bound", true, "a number, or infeasible"],
  ["integral", "root LP integral?", false, "yes or no"],
];

function labStarted() {
  if (!state.lab) refuse("start the lab first (Start at the root)");
}

/** Checks the student's cut at the selected node; added there when valid (a lab step). */
async function cutMy(text) {
  labStarted();
  const inequality = (text === undefined ? $("cut-my").value : text).trim();
  if (!inequality) refuse("type an inequality, e.g. x_r1_c1_v1 + x_r1_c2_v1 <= 1 or r1c1=1 + r1c2=1 <= 1");
  const node = state.node;
  const lab = await labCall("lab_do", `node ${node}; cut my: ${inequality}`);
  const answer = (lab.answers || [])[0];
  await drawLab();
  const out = $("cut-my-verdict");
  out.innerHTML = "";
  const verdict =
    answer.valid === true ? "valid" : answer.valid === false ? "not valid" : "not decided (time limit)";
  const head = el("b", answer.valid ? "right" : "wrong", `${verdict} at node ${node}`);
  head.dataset.valid = String(answer.valid);
  out.append(head, el("pre", "", answer.text));
  $("cut-my-grid").innerHTML = answer.counterexample_svg || "";
  return answer;
}

/** The question as `predict` reads it, from the form. */
function predictionText() {
  const kind = $("predict-kind").value;
  const needsChild = PREDICTIONS.find((p) => p[0] === kind)[2];
  const child = $("predict-child").value.trim();
  const answer = $("predict-answer").value.trim();
  if (needsChild && !child) refuse("name the child: rRcC=V (x = 1) or rRcC!=V (x = 0)");
  if (!answer) refuse("type your answer first");
  return [kind, needsChild ? child : null, answer].filter(Boolean).join(" ");
}

/** Grades a prediction at the selected node (the tree does not change). */
async function labPredict(question) {
  labStarted();
  const text = question === undefined ? predictionText() : question;
  const lab = await guard(S("lab_do", `node ${state.node}; predict ${text}`));
  const graded = (lab.answers || [])[0];
  const out = $("predict-verdict");
  out.innerHTML = "";
  const head = el("b", graded.correct ? "right" : "wrong", graded.correct ? "right" : `wrong: the answer is ${graded.expected}`);
  head.dataset.correct = String(graded.correct);
  out.append(head, el("div", "", `${graded.question}: you said ${graded.given}. ${graded.reason}`));
  return graded;
}

function predictKindChanged() {
  const p = PREDICTIONS.find((q) => q[0] === $("predict-kind").value);
  $("predict-child").hidden = !p[2];
  $("predict-answer").placeholder = p[3];
}

/** The panel, at the end of the lab view. */
function wireLabExercises() {
  Object.assign(window.sudokuPage, { cutMy, labPredict }); // for the tests and benchmarks
  const panel = el("details", "panel exercise");
  panel.id = "lab-exercises";
  panel.open = true;
  panel.innerHTML =
    `<summary>Your own cut · predict, then see (at the selected node)</summary>` +
    `<div class="buttons"><label>cut my: <input id="cut-my" size="36" placeholder="x_r1_c1_v1 + x_r1_c2_v1 <= 1  or  r1c1=1 + r1c2=1 <= 1"></label>` +
    `<button id="cut-my-check" title="Decided exactly (a MILP per side on the node's subproblem); added at the node when it is valid and the node is open">Check my cut</button></div>` +
    `<div id="cut-my-verdict"></div><div id="cut-my-grid" class="picture"></div>` +
    `<div class="buttons">Predict: <select id="predict-kind"></select>` +
    `<input id="predict-child" size="8" placeholder="r1c1=5" hidden> <input id="predict-answer" size="12">` +
    `<button id="predict-grade">Grade</button></div><div id="predict-verdict"></div>`;
  $("tab-lab").appendChild(panel);
  for (const [value, label] of PREDICTIONS) {
    const o = el("option", "", label);
    o.value = value;
    $("predict-kind").appendChild(o);
  }
  predictKindChanged();
  $("predict-kind").onchange = predictKindChanged;
  $("cut-my-check").onclick = () => cutMy().catch(() => {});
  $("cut-my").onkeydown = (event) => {
    if (event.key === "Enter") cutMy().catch(() => {});
  };
  $("predict-grade").onclick = () => labPredict().catch(() => {});
}
