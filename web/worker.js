// The page's worker (started from a blob: URL, so it works opened from file://). The library
// (`wasm_bindgen`, the crate sudoku-ilp-web) and HiGHS (`highs_loader`, the npm package `highs`)
// live here, so a long solve never blocks the page; the page only draws what comes back.
// Message in: {id, call, args}; out: {id, ok: true, value, ms} or {id, ok: false, error}.
// `error` is the library's one-line message (the command line's, without "error: ").
"use strict";
let session = null;
let lesson = null;
let coreMemory = null;
let highs = null;

const calls = {
  async init(core, highsBytes) {
    coreMemory = (await wasm_bindgen({ module_or_path: core })).memory;
    // This build of the highs package ignores `wasmBinary` (it fetches highs.wasm by URL, which a
    // blob: worker has not); its `instantiateWasm` hook takes the inlined bytes instead.
    highs = await highs_loader({
      instantiateWasm(imports, done) {
        WebAssembly.instantiate(highsBytes, imports).then((r) => done(r.instance));
        return {};
      },
    });
    wasm_bindgen.set_highs(highs);
    return wasm_bindgen.version();
  },
  read: (text) => wasm_bindgen.read(text),
  gallery: () => wasm_bindgen.gallery(),
  lab_names: () => wasm_bindgen.lab_names(),
  names: () => wasm_bindgen.names(),
  highs_models: () => JSON.parse(wasm_bindgen.highs_models()),
  open(text, options) {
    const next = new wasm_bindgen.Session(text, options);
    if (session) session.free();
    session = next;
    return session.summary();
  },
  // A lesson file played step by step (web/parts/lesson.js).
  lesson_open(json, puzzle) {
    const next = new wasm_bindgen.Lesson(json, puzzle);
    if (lesson) lesson.free();
    lesson = next;
    return lesson.summary();
  },
  lesson(method, ...args) {
    if (!lesson) throw new Error("no lesson open");
    return lesson[method](...args);
  },
  session(method, ...args) {
    if (!session) throw new Error("no puzzle loaded");
    return session[method](...args);
  },
  // Bytes of the two WebAssembly memories (they only grow): the soak test watches them.
  memory: () => ({ core: coreMemory.buffer.byteLength, highs: highs.memoryBytes }),
  // The soak and the benchmarks: `times` calls of one session method, returning the last value.
  repeat(times, method, ...args) {
    let value = null;
    for (let i = 0; i < times; i++) value = calls.session(method, ...args);
    return value;
  },
};

onmessage = async (event) => {
  const { id, call, args } = event.data;
  const start = performance.now();
  try {
    const value = await calls[call](...args);
    postMessage({ id, ok: true, value, ms: performance.now() - start });
  } catch (err) {
    postMessage({ id, ok: false, error: String((err && err.message) || err) });
  }
};
