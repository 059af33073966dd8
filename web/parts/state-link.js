// The page's state as a link and as a file (issue 45, item 6): the puzzle (with its rules), the
// model and its forms, the objective, the lab's steps (replayed: the same tree, the same node
// numbers), the selected node, the tab, and a `lesson` slot that the lessons' part fills and
// reads (passed through untouched). `#state=` + base64url(JSON) in the URL fragment; "Copy link"
// writes it; opening the file with it restores the state. Save and Load: the same JSON as a file.
"use strict";

const STATE_VERSION = 1;
/** The lab calls a link may replay (each a method of the session, args as recorded). */
const LAB_CALLS = ["lab_start", "lab_do", "lab_finish", "lab_branch", "lab_prune", "lab_cut"];
const MODEL_FIELDS = { model: "model", cage_form: "cage-form", thermo_form: "thermo-form", pair_form: "pair-form" };

/** The state a link or a session file holds. */
function pageState() {
  const model = {};
  for (const [field, id] of Object.entries(MODEL_FIELDS)) model[field] = $(id).value;
  return {
    version: STATE_VERSION,
    puzzle: state.text,
    model,
    objective: $("objective").value.trim(),
    lab: state.labSteps.map((s) => ({ name: s.name, args: s.args })),
    node: state.node,
    tab: state.tab || "model",
    lesson: state.lesson === undefined ? null : state.lesson,
  };
}

function encodeState(obj) {
  let bin = "";
  for (const b of new TextEncoder().encode(JSON.stringify(obj))) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeState(text) {
  let b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  while (b64.length % 4) b64 += "=";
  let bin;
  try {
    bin = atob(b64);
  } catch {
    throw new Error("the link's state is not base64url");
  }
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch (err) {
    throw new Error(`the link's state is not JSON (${err.message})`);
  }
}

/** Why `obj` is not a page state, or "" (each field checked before anything runs). */
function stateProblem(obj) {
  if (!obj || typeof obj !== "object" || Array.isArray(obj)) return "expected a JSON object";
  if (obj.version !== STATE_VERSION) return `version ${JSON.stringify(obj.version)}: this page reads version ${STATE_VERSION}`;
  if (typeof obj.puzzle !== "string" || !obj.puzzle.trim()) return "puzzle: expected the puzzle's text";
  for (const [field, id] of Object.entries(MODEL_FIELDS)) {
    const value = (obj.model || {})[field];
    if (value === undefined) continue;
    if (![...$(id).options].some((o) => o.value === value)) return `model.${field}: ${JSON.stringify(value)} is not one of this page's choices`;
  }
  if (obj.objective !== undefined && typeof obj.objective !== "string") return "objective: expected text (as --objective)";
  if (!Array.isArray(obj.lab || [])) return "lab: expected a list of steps";
  for (const [k, step] of (obj.lab || []).entries()) {
    if (!step || !LAB_CALLS.includes(step.name) || !Array.isArray(step.args))
      return `lab step ${k + 1}: expected {name: one of ${LAB_CALLS.join(", ")}, args: [...]}`;
  }
  if (obj.lab && obj.lab.length && obj.lab[0].name !== "lab_start") return "lab step 1: the lab's steps start with lab_start";
  if (obj.node !== undefined && !Number.isInteger(obj.node)) return "node: expected a node number";
  return "";
}

/** Restores a page state: the model panel, the puzzle, the lab replayed, the node, the tab;
 *  `lesson` is kept in `state.lesson` (and handed to `restoreLesson` when a part defines it). */
async function restoreState(obj) {
  const problem = stateProblem(obj);
  if (problem) refuse(`state: ${problem}`);
  for (const [field, id] of Object.entries(MODEL_FIELDS)) {
    const value = (obj.model || {})[field];
    if (value !== undefined) $(id).value = value;
  }
  $("objective").value = obj.objective || "";
  const summary = parse(await guard(call("read", obj.puzzle)));
  applySummary(summary);
  $("paste").value = obj.puzzle;
  const k = (state.gallery || []).findIndex((g) => g.text === obj.puzzle);
  $("gallery").value = k < 0 ? "" : String(k);
  await openSession(obj.puzzle, true);
  state.undo = [];
  $("undo").disabled = true;
  state.node = obj.node || 0;
  if ((obj.lab || []).length) await replayLab(obj.lab);
  state.lesson = obj.lesson === undefined ? null : obj.lesson;
  if (state.lesson !== null && typeof restoreLesson === "function") await restoreLesson(state.lesson);
  if (obj.tab && document.getElementById(`tab-${obj.tab}`)) showTab(obj.tab);
  return pageState();
}

/** The link to this state: the page's address with `#state=…`. */
function stateLink() {
  return location.href.split("#")[0] + "#state=" + encodeState(pageState());
}

/** Copy link: the link in the address bar, in the field beside the button and (when the
 *  browser allows) on the clipboard. */
async function copyLink() {
  const link = stateLink();
  history.replaceState(null, "", link);
  const field = $("state-link");
  field.value = link;
  field.hidden = false;
  field.select();
  let copied = false;
  try {
    await navigator.clipboard.writeText(link);
    copied = true;
  } catch {
    copied = document.execCommand && document.execCommand("copy");
  }
  setStatus(copied ? "link copied: it reopens this puzzle, model and lab" : "select the link beside the button and copy it");
  return link;
}

/** Restores the state of `#state=…` in the address; `fallback` runs when there is none or it
 *  cannot be read (then the error line says why). */
async function startFromLinkOr(fallback) {
  const hash = location.hash;
  if (!hash.startsWith("#state=")) return fallback();
  try {
    await restoreState(decodeState(hash.slice("#state=".length)));
  } catch (err) {
    await fallback();
    showError(`link: ${err.message}`);
  }
}

/** Save session: the state as a JSON file. */
function saveSession() {
  const text = JSON.stringify(pageState(), null, 2) + "\n";
  const a = el("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  a.download = "sudoku-ilp-session.json";
  document.body.appendChild(a);
  a.click();
  a.remove();
  return text;
}

/** Load session: a file written by Save session (or by hand, in the same form). */
async function loadSession(text) {
  let obj;
  try {
    obj = JSON.parse(text);
  } catch (err) {
    refuse(`session file: not JSON (${err.message})`);
  }
  return restoreState(obj);
}

/** The header's buttons: Copy link, Save session, Load session. */
function wireStateLink() {
  Object.assign(window.sudokuPage, { pageState, restoreState, copyLink, stateLink, saveSession, loadSession }); // for the tests and benchmarks
  const copy = el("button", "", "Copy link");
  copy.id = "copy-link";
  copy.title = "A link that reopens this page with the same puzzle, model, objective and lab (same tree, same node numbers)";
  const field = el("input");
  field.id = "state-link";
  field.readOnly = true;
  field.hidden = true;
  field.size = 30;
  const save = el("button", "", "Save session");
  save.id = "save-session";
  save.title = "The same state as a JSON file";
  const load = el("button", "", "Load session");
  load.id = "load-session";
  const file = el("input");
  file.type = "file";
  file.id = "session-file";
  file.accept = ".json,application/json";
  file.hidden = true;
  $("undo").after(copy, field, save, load, file);
  copy.onclick = () => copyLink().catch(() => {});
  save.onclick = () => saveSession();
  load.onclick = () => file.click();
  file.onchange = () => {
    const chosen = file.files[0];
    if (chosen) chosen.text().then(loadSession).catch(() => {});
    file.value = "";
  };
  window.addEventListener("hashchange", () => startFromLinkOr(async () => {}).catch(() => {}));
}
