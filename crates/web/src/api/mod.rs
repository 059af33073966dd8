//! The page's API in plain Rust: text in, JSON/SVG/text out, errors as the command line's one
//! line. [`crate`]'s wasm-bindgen layer only wraps these; the native tests call them with
//! HiGHS in-process as the LP backend, the browser with HiGHS-wasm ([`crate::wasm_lp`]).
//! No model, search or branch-and-bound logic here: every answer comes from the library.

mod cells;
mod export;
mod hints;
mod input;
mod lab;
mod lab_answers;
mod lesson;
mod lp;
mod model;
mod names;
mod path_cache;
mod prove;
mod row_check;
mod solve;

use input::parse_box;
pub use input::{gallery, read, read_puzzle, summary_json, Options};
pub use lesson::LessonCore;
pub use names::{lab_names, names};

use sudoku_ilp::formulation::{BuiltModel, Formulation};
use sudoku_ilp::lab::Lab;
use sudoku_ilp::lp_interface::{backend, LabLp, LpBackend, LpMaker, LpUse};
use sudoku_ilp::objective::Objective;
use sudoku_ilp::puzzle::Puzzle;

/// The three LP backends of one maker (HiGHS-wasm in the browser, HiGHS in-process in the
/// native tests), each set up for its use as the interface decides ([`LpUse`]).
#[derive(Clone)]
pub struct Backends {
    pub lab: LpBackend,
    pub hints: LpBackend,
    pub mip: LpBackend,
    /// Makes the backend of the exact checks of a student's cut (a MILP beside the lab's LP,
    /// [`Lab::exact`]); `None`: the lab refuses `cut my:`.
    pub exact: Option<fn() -> LpBackend>,
}

impl Backends {
    /// The lab's, the hints' and a one-off MILP's backends on `make`.
    pub fn on(make: LpMaker) -> Backends {
        Backends {
            lab: backend(make, LpUse::Lab),
            hints: backend(make, LpUse::Hints),
            mip: backend(make, LpUse::Mip),
            exact: None,
        }
    }

    /// These backends with `exact` making the MILPs that decide a student's cut.
    pub fn with_exact(self, exact: fn() -> LpBackend) -> Backends {
        Backends {
            exact: Some(exact),
            ..self
        }
    }
}

/// One line of error text.
pub type Failure = String;

pub(super) fn one_line(e: impl std::fmt::Display) -> Failure {
    e.to_string().lines().next().unwrap_or("").to_string()
}

/// An objective as `--objective` reads it (`max:diagonal`, `random:7`, `min:random:2`).
pub(super) fn parse_objective(spec: &str, order: usize) -> Result<Objective, Failure> {
    Objective::parse(spec.trim(), order).map_err(|e| format!("--objective {spec}: {e}"))
}

/// A page's session: one puzzle, its model, and the lab when started.
pub struct Core {
    pub puzzle: Puzzle,
    pub model: BuiltModel,
    /// The formulation the model was built with (the LP tab builds it again with another
    /// objective).
    pub(super) formulation: Box<dyn Formulation + Send + Sync>,
    pub(super) backends: Backends,
    pub(super) lab: Option<Lab<Box<dyn LabLp>>>,
    pub(super) lab_model: Option<BuiltModel>,
    pub(super) lab_log: Vec<String>,
    /// The solving path computed so far (the Hint tab's steps).
    pub(super) path: path_cache::PathCache,
}

impl Core {
    /// `new Session(text, options_json)`.
    pub fn new(text: &str, options_json: &str, backends: Backends) -> Result<Core, Failure> {
        let options = Options::parse(options_json)?;
        let box_shape = options.box_shape.as_deref().map(parse_box).transpose()?;
        let mut puzzle = read_puzzle(text, box_shape)?;
        if let Some(spec) = options
            .objective
            .as_deref()
            .filter(|s| !s.trim().is_empty())
        {
            let objective = parse_objective(spec, puzzle.order())?;
            puzzle = puzzle.with_objective(Some(objective));
        }
        let formulation = options.spec()?.formulation().map_err(one_line)?;
        let model = formulation.build(&puzzle);
        Ok(Core {
            puzzle,
            model,
            formulation,
            backends,
            lab: None,
            lab_model: None,
            lab_log: Vec::new(),
            path: path_cache::PathCache::default(),
        })
    }

    pub fn summary(&self) -> String {
        summary_json(&self.puzzle).to_string()
    }
}
