// The Lesson tab: a lesson file (docs/lessons.md) played step by step. The library shows each
// step (running its action) and grades each answer with its reason (crates/web/src/api/lesson.rs,
// in the worker); this view keeps the steps shown so far for Back and Next, and the score, which
// the student can copy. An answer goes to the newest step only: Back shows an earlier step and
// its graded answers as they were.

const lessonState = {
  open: false, // a lesson is open in the worker
  steps: [], // [{step, graded: [{given, correct, expected, reason}]}], in the order shown
  at: -1, // the step on screen (index into steps)
  done: false, // the worker has shown every step
  score: null, // {right, answered, questions, text}
  source: null, // {json, puzzle}: what was opened, for a link
};

/** Adds the Lesson tab (its button and panel) to the page; app.js calls it before wiring. */
function lessonSetup() {
  const button = el("button", "", "Lesson");
  button.dataset.tab = "lesson";
  $("tabs").appendChild(button);
  const tab = el("div", "tab");
  tab.id = "tab-lesson";
  tab.hidden = true;
  tab.innerHTML = `
    <div class="row">
      <input type="file" id="lesson-file" accept=".json,application/json" title="A lesson file (JSON, docs/lessons.md)">
      <button id="lesson-open" title="Open the lesson pasted below (and its puzzle, when it names a file)">Open lesson</button>
    </div>
    <textarea id="lesson-json" rows="3" placeholder="a lesson file's JSON"></textarea>
    <textarea id="lesson-puzzle" rows="2" placeholder="its puzzle's text, when the lesson names a puzzle file"></textarea>
    <h3 id="lesson-title"></h3>
    <p id="lesson-about"></p>
    <div id="lesson-where"></div>
    <pre id="lesson-text"></pre>
    <pre id="lesson-action"></pre>
    <div id="lesson-prompt"></div>
    <div class="row">
      <input id="lesson-answer" size="40" placeholder="your answer" disabled>
      <button id="lesson-check" disabled>Check</button>
      <button id="lesson-hint" disabled>Hint</button>
    </div>
    <div id="lesson-hint-text"></div>
    <pre id="lesson-graded"></pre>
    <div class="row">
      <button id="lesson-back" disabled>Back</button>
      <button id="lesson-next" disabled>Next</button>
    </div>
    <div class="row">
      <span id="lesson-score"></span>
      <button id="lesson-copy" hidden title="Copy the score line">Copy score</button>
    </div>`;
  $("tabs").parentNode.appendChild(tab);
  $("lesson-file").onchange = () => {
    const file = $("lesson-file").files[0];
    if (file) file.text().then((text) => ($("lesson-json").value = text));
  };
  $("lesson-open").onclick = () => lessonOpen($("lesson-json").value, $("lesson-puzzle").value).catch(() => {});
  $("lesson-next").onclick = () => lessonNext().catch(() => {});
  $("lesson-back").onclick = () => lessonShow(lessonState.at - 1);
  $("lesson-check").onclick = () => lessonAnswer($("lesson-answer").value).catch(() => {});
  $("lesson-answer").onkeydown = (event) => {
    if (event.key === "Enter") lessonAnswer($("lesson-answer").value).catch(() => {});
  };
  $("lesson-hint").onclick = () => {
    const entry = lessonState.steps[lessonState.at];
    $("lesson-hint-text").textContent = "hint: " + (entry && entry.step.hint ? entry.step.hint : "this step has none");
  };
  $("lesson-copy").onclick = () => lessonCopyScore();
}

/** A call to the open lesson in the worker (JSON answers parsed). */
async function lessonCall(method, ...args) {
  await ready;
  return parse(await post("lesson", [method, ...args]));
}

/** Opens a lesson (its JSON, and its puzzle's text when it names a file) and shows step 1. */
async function lessonOpen(json, puzzle) {
  await ready;
  const summary = parse(await guard(post("lesson_open", [json, puzzle || ""])));
  Object.assign(lessonState, { open: true, steps: [], at: -1, done: false, score: null, source: { json, puzzle: puzzle || "" } });
  $("lesson-title").textContent = summary.title;
  $("lesson-about").textContent = summary.about;
  $("lesson-score").textContent = "";
  $("lesson-copy").hidden = true;
  showTab("lesson");
  await lessonNext();
  return summary;
}

/** Next: the next step already shown, or the library shows a new one (its action runs). */
async function lessonNext() {
  if (lessonState.at + 1 < lessonState.steps.length) return lessonShow(lessonState.at + 1);
  if (lessonState.done) return lessonShow(lessonState.at);
  const step = await guard(lessonCall("next_step"));
  if (step === "null" || step === null) {
    lessonState.done = true;
    await lessonScore();
    return lessonShow(lessonState.at);
  }
  lessonState.steps.push({ step, graded: [] });
  lessonShow(lessonState.steps.length - 1);
  if (step.kind === null) await lessonScore();
}

/** Shows step `k` of those shown so far, with its graded answers. */
function lessonShow(k) {
  if (k < 0 || k >= lessonState.steps.length) return;
  lessonState.at = k;
  state.lesson = lessonLink();
  const { step, graded } = lessonState.steps[k];
  const newest = k === lessonState.steps.length - 1;
  $("lesson-where").textContent = `step ${step.index + 1}` + (lessonState.done && newest ? " (the last)" : "");
  $("lesson-text").textContent = step.text;
  $("lesson-action").textContent = step.action || "";
  $("lesson-prompt").textContent = step.kind ? `question (${step.kind.replace("_", " ")}): ${step.prompt}` : "";
  $("lesson-hint-text").textContent = "";
  const answerable = newest && step.kind !== null;
  $("lesson-answer").disabled = !answerable;
  $("lesson-check").disabled = !answerable;
  $("lesson-hint").disabled = !step.kind;
  $("lesson-answer").value = "";
  $("lesson-graded").textContent = graded.map(lessonGradeText).join("\n");
  $("lesson-back").disabled = k === 0;
  $("lesson-next").disabled = lessonState.done && newest;
}

/** One graded answer as the command line's `lesson play` says it. */
function lessonGradeText(g) {
  const verdict = g.correct ? "right" : `wrong (a right answer: ${g.expected})`;
  return `you said ${g.given} — ${verdict}\n${g.reason.trimEnd()}`;
}

/** Grades `text` as the answer to the newest step's question. */
async function lessonAnswer(text) {
  if (!text.trim()) return null;
  const entry = lessonState.steps[lessonState.steps.length - 1];
  const graded = await guard(lessonCall("answer", text));
  entry.graded.push(graded);
  lessonShow(lessonState.steps.length - 1);
  await lessonScore();
  return graded;
}

/** The score (questions right at the first try), shown with a Copy button. */
async function lessonScore() {
  lessonState.score = await lessonCall("score");
  $("lesson-score").textContent = lessonState.score.text;
  $("lesson-copy").hidden = false;
  return lessonState.score;
}

/** Copies the score line (the clipboard when the browser allows it, else the text selected). */
function lessonCopyScore() {
  const text = $("lesson-score").textContent;
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).catch(() => lessonSelectScore());
  } else {
    lessonSelectScore();
  }
}

function lessonSelectScore() {
  const range = document.createRange();
  range.selectNodeContents($("lesson-score"));
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
}

/** The lesson's slot of the page's link (web/parts/state-link.js): the lesson opened, the answers
 *  given at each step shown, and the step on screen; null when no lesson is open. */
function lessonLink() {
  if (!lessonState.open || !lessonState.source) return null;
  const answers = lessonState.steps.map((entry) => entry.graded.map((g) => g.given));
  return { json: lessonState.source.json, puzzle: lessonState.source.puzzle, answers, at: lessonState.at };
}

/** Reopens a lesson from a link: the same steps shown, the same answers given again (so graded
 *  and scored as before), the same step on screen. */
async function restoreLesson(lesson) {
  if (!lesson || typeof lesson.json !== "string") return;
  await lessonOpen(lesson.json, lesson.puzzle || "");
  const answers = Array.isArray(lesson.answers) ? lesson.answers : [];
  for (let k = 0; k < answers.length; k++) {
    if (k > 0) await lessonNext();
    for (const given of answers[k]) await lessonAnswer(String(given));
  }
  lessonShow(Number.isInteger(lesson.at) ? lesson.at : lessonState.steps.length - 1);
}
