//! The sudoku-ilp library in the browser (issue 37): wasm-bindgen exports over [`api`], the
//! library's answers as JSON, SVG or text; every error is a JS `Error` whose message is the
//! command line's one line. Every LP goes through the library's `LabLp` trait, implemented
//! here over HiGHS compiled to WebAssembly ([`wasm_lp`], through `highs_glue.js`).
//! The exact API is in `crates/web/API.md`.

pub mod api;
pub mod wasm_lp;

use wasm_bindgen::prelude::*;

fn thrown(message: String) -> JsValue {
    js_sys::Error::new(&message).into()
}

fn backends() -> api::Backends {
    api::Backends::on(wasm_lp::make).with_exact(exact_backend)
}

/// The MILPs that decide a student's cut: HiGHS-wasm set up for a MILP.
fn exact_backend() -> sudoku_ilp::lp_interface::LpBackend {
    sudoku_ilp::lp_interface::backend(wasm_lp::make, sudoku_ilp::lp_interface::LpUse::Mip)
}

/// Hands the loaded `highs` module (the resolved emscripten module) to the LP backend.
#[wasm_bindgen]
pub fn set_highs(module: &JsValue) -> Result<(), JsValue> {
    wasm_lp::glue_set(module)
}

/// HiGHS models alive now and created so far (a long session must not leak them).
#[wasm_bindgen]
pub fn highs_models() -> String {
    serde_json::json!({"live": wasm_lp::glue_live(), "created": wasm_lp::glue_created()})
        .to_string()
}

#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// Reads any input the command line reads; its summary as JSON.
#[wasm_bindgen]
pub fn read(text: &str) -> Result<String, JsValue> {
    api::read(text).map_err(thrown)
}

/// The lab's choices by their library names: `{branching, cut_policy, node_rule, cut_kind}`,
/// each `[{name, about}]`.
#[wasm_bindgen]
pub fn lab_names() -> String {
    api::lab_names()
}

/// The page's methods, hint levels and export formats by the library's names:
/// `{method, hint_level, format}`, each `[{name, about}]`.
#[wasm_bindgen]
pub fn names() -> String {
    api::names()
}

/// A few of the project's puzzles: `[{name, source, text}]`.
#[wasm_bindgen]
pub fn gallery() -> String {
    api::gallery()
}

/// A lesson file played step by step (`crates/web/src/api/lesson.rs`).
#[wasm_bindgen]
pub struct Lesson {
    core: api::LessonCore,
}

#[wasm_bindgen]
impl Lesson {
    /// The lesson's JSON and, when it names its puzzle by path, the puzzle's text (else "").
    #[wasm_bindgen(constructor)]
    pub fn new(lesson_json: &str, puzzle_text: &str) -> Result<Lesson, JsValue> {
        api::LessonCore::new(lesson_json, puzzle_text, wasm_lp::make, Some(exact_backend))
            .map(|core| Lesson { core })
            .map_err(thrown)
    }

    pub fn summary(&self) -> String {
        self.core.summary()
    }

    pub fn next_step(&mut self) -> Result<String, JsValue> {
        self.core.next_step().map_err(thrown)
    }

    pub fn answer(&mut self, text: &str) -> Result<String, JsValue> {
        self.core.answer(text).map_err(thrown)
    }

    pub fn score(&self) -> String {
        self.core.score()
    }
}

/// One puzzle, its model and its lab.
#[wasm_bindgen]
pub struct Session {
    core: api::Core,
}

#[wasm_bindgen]
impl Session {
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str, options_json: &str) -> Result<Session, JsValue> {
        api::Core::new(text, options_json, backends())
            .map(|core| Session { core })
            .map_err(thrown)
    }

    pub fn summary(&self) -> String {
        self.core.summary()
    }

    pub fn model_json(&self) -> Result<String, JsValue> {
        self.core.model_json().map_err(thrown)
    }

    pub fn rows_of(&self, target: &str) -> Result<String, JsValue> {
        self.core.rows_of(target).map_err(thrown)
    }

    pub fn row(&self, name: &str) -> Result<String, JsValue> {
        self.core.row(name).map_err(thrown)
    }

    pub fn export(&self, format: &str) -> Result<String, JsValue> {
        self.core.export(format).map_err(thrown)
    }

    pub fn grid_svg(&self) -> String {
        self.core.grid_svg()
    }

    pub fn solve(&self, method: &str, time_limit: f64) -> Result<String, JsValue> {
        self.core.solve(method, time_limit).map_err(thrown)
    }

    pub fn count(&self, limit: usize, time_limit: f64) -> Result<String, JsValue> {
        self.core.count(limit, time_limit).map_err(thrown)
    }

    pub fn hint(&self, level: &str) -> Result<String, JsValue> {
        self.core.hint(level).map_err(thrown)
    }

    /// Step `k` of the solving path with steps 0..k applied (the hint view's "Apply this step").
    pub fn hint_at(&self, k: usize, level: &str) -> Result<String, JsValue> {
        self.core.hint_at(k, level).map_err(thrown)
    }

    pub fn steps(&self, lp_level: bool) -> Result<String, JsValue> {
        self.core.steps(lp_level).map_err(thrown)
    }

    pub fn relaxation(&self) -> Result<String, JsValue> {
        self.core.relaxation().map_err(thrown)
    }

    /// The root LP with another objective (as `--objective`): one optimal vertex.
    pub fn vertex(&self, objective: &str) -> Result<String, JsValue> {
        self.core.vertex(objective).map_err(thrown)
    }

    /// Per candidate its minimum and maximum over the LP polytope, and the range picture.
    pub fn ranges(&self) -> Result<String, JsValue> {
        self.core.ranges().map_err(thrown)
    }

    /// `{file, text}`: the GNU MathProg model the `gmpl-data` export is for.
    pub fn gmpl_model(&self) -> String {
        self.core.gmpl_model()
    }

    /// A lab node's LP (fixings and cuts) as a CPLEX LP file.
    pub fn lab_node_lp(&self, node: usize) -> Result<String, JsValue> {
        self.core.lab_node_lp(node).map_err(thrown)
    }

    pub fn polytope_svg(&self, kind: &str) -> Result<String, JsValue> {
        self.core.polytope_svg(kind).map_err(thrown)
    }

    pub fn lab_start(&mut self, objective: &str) -> Result<String, JsValue> {
        self.core.lab_start(objective).map_err(thrown)
    }

    pub fn lab_do(&mut self, steps: &str) -> Result<String, JsValue> {
        self.core.lab_do(steps).map_err(thrown)
    }

    pub fn lab_branch(&mut self, node: usize, cell: &str, value: u8) -> Result<String, JsValue> {
        self.core.lab_branch(node, cell, value).map_err(thrown)
    }

    pub fn lab_prune(&mut self, node: usize) -> Result<String, JsValue> {
        self.core.lab_prune(node).map_err(thrown)
    }

    pub fn lab_cut(&mut self, node: usize, kind: &str) -> Result<String, JsValue> {
        self.core.lab_cut(node, kind).map_err(thrown)
    }

    pub fn lab_finish(&mut self, node: usize, time_limit: f64) -> Result<String, JsValue> {
        self.core.lab_finish(node, time_limit).map_err(thrown)
    }

    pub fn lab_state(&self) -> Result<String, JsValue> {
        self.core.lab_state().map_err(thrown)
    }

    pub fn measure_lp(&self, rounds: usize) -> Result<String, JsValue> {
        self.core.measure_lp(rounds).map_err(thrown)
    }

    pub fn restore_lp(&self) -> Result<String, JsValue> {
        self.core.restore_lp().map_err(thrown)
    }

    pub fn lab_node_svg(&self, node: usize) -> Result<String, JsValue> {
        self.core.lab_node_svg(node).map_err(thrown)
    }

    /// A lab node's picture and LP point cell by cell: `{svg, cells}` (the page's grid).
    pub fn lab_node(&self, node: usize) -> Result<String, JsValue> {
        self.core.lab_node(node).map_err(thrown)
    }

    /// The student's certificate of `elimination` (`r9c8=2`) checked, as `prove --json`.
    pub fn prove(
        &self,
        elimination: &str,
        rows: &str,
        with_answer: bool,
    ) -> Result<String, JsValue> {
        self.core
            .prove(elimination, rows, with_answer)
            .map_err(thrown)
    }

    /// The model answer for `elimination`: the tool's certificate, as `prove` writes it.
    pub fn prove_answer(&self, elimination: &str) -> Result<String, JsValue> {
        self.core.prove_answer(elimination).map_err(thrown)
    }

    /// The rule names `row_check` takes (`cage1`, `thermo1_step1`, `row_r1`, …).
    pub fn check_rules(&self) -> String {
        self.core.check_rules()
    }

    /// The student's rows for one rule checked, as `row-check` answers (JSON).
    pub fn row_check(&self, rule: &str, rows: &str) -> Result<String, JsValue> {
        self.core.row_check(rule, rows).map_err(thrown)
    }
}
