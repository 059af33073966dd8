//! Ways of solving a puzzle, behind one trait.
//!
//! An [`Engine`] takes a [`Puzzle`] and [`Limits`] and returns a [`Solution`]: a [`Status`], the
//! grid (only after the independent checker passed it), the time, and typed statistics of the
//! engine's family. Every command that solves (solve, batch, compare, count, check) takes any
//! engine. Adding one touches two files: a new file here, and this one (its `pub mod` line, a
//! [`Method`] variant with its entry in `ALL`, its name, help line and [`Method::search_engine`]
//! arm); the command line and Python take the new name from [`Method`] ([`Named`]). An engine
//! whose statistics are of a new family touches six more: a [`Stats`] variant here (and its
//! arm in [`Stats::nodes`]) whose type's serde attributes name its JSON fields, and one arm each
//! in `report/json.rs` (`stats_fields`), `report/text.rs` (`stats_text`) and `compare.rs`
//! (`Column::fill`), and in the Python crate a `stats_class!` line with its arm in
//! `python/src/stats.rs`, the class's export in `python/src/lib.rs` and its stub in
//! `python/sudoku_ilp/_native.pyi` (a test checks the stub's names against the JSON). One that
//! can give a MIP start is also listed in `spec.rs` (`EngineSpec::start`) and in the command
//! line's `StartArg` (`src/cli/model_args.rs`).
//!
//! | engine | file | what it does |
//! |---|---|---|
//! | MILP | [`milp`] | a [`crate::formulation::Formulation`] solved by HiGHS ([`crate::solve`]) |
//! | backtracking | [`backtrack`] | depth-first search, most-constrained choice first |
//! | propagation | [`propagate`] | unit propagation and the failed-literal rule, then search |
//! | LP branch and bound | [`lp_bb`] | the lab's loop: HiGHS LP relaxations, propagation at every node |
//! | SAT | [`sat`] | seed 001's CNF over the open literals, solved by CaDiCaL (CDCL) |
//!
//! ```
//! use sudoku_ilp::engine::{backtrack::Backtrack, Engine, Limits, Status};
//! use sudoku_ilp::puzzle::Puzzle;
//! let p = Puzzle::with_square_boxes(4, vec![1,0,0,0, 0,0,3,0, 0,4,0,0, 0,0,0,2]).unwrap();
//! let solution = Backtrack.solve(&p, &Limits::default()).unwrap();
//! assert_eq!(solution.status, Status::Solved);
//! assert_eq!(solution.grid.unwrap().rows()[0], vec![1, 3, 2, 4]);
//! ```

pub mod backtrack;
pub mod lp_bb;
#[cfg(feature = "highs")]
pub mod milp;
pub mod propagate;
pub mod sat;
pub mod spec;

/// The candidate grids and their propagators sit below the engines (the lab's loop uses them
/// too); the engines keep reaching them here.
pub use crate::candidates;
pub(crate) use crate::candidates::house_index;
pub use crate::limits::Limits;
pub use crate::status::{CountEnd, Status};
pub use lp_bb::LpBbStats;
pub use propagate::Stage;

use crate::check::{check, CheckError};
use crate::clock::Instant;
use crate::formulation::ModelSize;
use crate::named::{impl_named_text, Named};
use crate::puzzle::{Grid, Puzzle};
use crate::solve::{SolveError, SolveStats};

/// A way of solving a puzzle.
pub trait Engine: Send + Sync {
    /// The engine's name as reports show it, e.g. `propagate` or `binary --reduce`.
    fn label(&self) -> String;

    /// Solves `puzzle` within `limits`. A returned grid has passed [`crate::check::check`].
    fn solve(&self, puzzle: &Puzzle, limits: &Limits) -> Result<Solution, EngineError>;

    /// Finds up to `max` solutions (and whether there are more). Engines that cannot enumerate
    /// solutions return [`EngineError::Unsupported`].
    fn count(&self, puzzle: &Puzzle, max: usize, limits: &Limits) -> Result<Count, EngineError> {
        let _ = (puzzle, max, limits);
        Err(EngineError::Unsupported {
            engine: self.label(),
            task: "count solutions",
        })
    }
}

/// What an engine found.
#[derive(Debug, Clone)]
pub struct Solution {
    /// The engine's label.
    pub engine: String,
    pub status: Status,
    /// The solution, only when solved and passed by the independent checker.
    pub grid: Option<Grid>,
    /// Wall-clock time of the whole `solve` call.
    pub time_ms: f64,
    pub stats: Stats,
}

/// Statistics, one kind per engine family.
#[derive(Debug, Clone, PartialEq)]
pub enum Stats {
    Milp(MilpStats),
    Search(SearchStats),
    Propagation(PropagationStats),
    LpBb(LpBbStats),
    Sat(SatStats),
}

/// What a MILP solve did: the model, an optional presolve, and HiGHS's counters. Serialised
/// (the model's size apart: the report shows it as the model) with the names of the JSON
/// report's `"stats"`.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct MilpStats {
    #[serde(skip)]
    pub size: ModelSize,
    /// The model's size before a reduction, when one was applied.
    #[serde(skip)]
    pub unreduced: Option<ModelSize>,
    /// Time to presolve and build the model.
    #[serde(serialize_with = "crate::format::ms3")]
    pub build_ms: f64,
    #[serde(flatten)]
    pub highs: SolveStats,
    /// Empty cells that naked and hidden singles filled before the model was built.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub singles_fixed: Option<usize>,
    /// What the MIP start's engine did, when one ran ([`milp::Start`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<StartReport>,
    /// HiGHS's objective value, bound and gap, when the puzzle has an objective.
    #[serde(skip)]
    pub objective: Option<crate::solve::ObjectiveOutcome>,
}

/// What the engine of a MIP start did before HiGHS ran (serialised with `"found"`,
/// [`StartReport::found`], before the status).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct StartReport {
    /// The start engine's label, e.g. `propagate`.
    pub engine: String,
    /// Its wall-clock time.
    #[serde(serialize_with = "crate::format::ms3")]
    pub ms: f64,
    /// True when the start engine found a grid and HiGHS got it.
    pub found: bool,
    /// How it ended: `Solved` (a checked grid, handed to HiGHS), `Infeasible` (it proved there
    /// is no solution; HiGHS ran without a start) or `TimeLimit` (its budget ran out; HiGHS ran
    /// without a start).
    pub status: Status,
    /// True when HiGHS returned the start's grid: it certified the start.
    pub certified: bool,
}

impl StartReport {
    /// True when the start engine found a grid and HiGHS got it.
    pub fn found(&self) -> bool {
        self.found
    }
}

/// What a depth-first search did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct SearchStats {
    /// Search-tree nodes, the root included.
    pub nodes: u64,
}

/// What the propagation method did, serialised with the names of the JSON report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct PropagationStats {
    /// The stage that finished: the grid was complete (or a contradiction found) after it.
    pub stage: Stage,
    /// Empty cells of the puzzle.
    pub empty_cells: usize,
    /// Empty cells fixed by unit propagation alone.
    #[serde(rename = "fixed_by_unit_propagation")]
    pub fixed_by_unit: usize,
    /// Empty cells fixed by unit propagation and the failed-literal rule together.
    pub fixed_by_reasoning: usize,
    /// Literals the failed-literal rule decided.
    pub failed_literals: u64,
    /// Literals tried by the failed-literal rule (each probe is one unit propagation).
    pub probes: u64,
    /// True when reasoning alone did not finish: the stage is [`Stage::Search`].
    pub search_needed: bool,
    /// Search-tree nodes of the final search (0 when reasoning sufficed).
    pub nodes: u64,
}

/// What the SAT engine did: the CNF over the open literals and CaDiCaL's counters (totals over
/// every solver call; a count adds one blocking clause per solution). Serialised with the names
/// of the JSON report (which shows `variables` and `clauses` as the model).
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize)]
pub struct SatStats {
    /// Variables: the literals x(cell, value) that the givens leave open.
    pub variables: usize,
    /// Clauses given to the solver, blocking clauses included.
    pub clauses: usize,
    /// Time to build the CNF and load it (and the blocking clauses) into the solver.
    #[serde(serialize_with = "crate::format::ms3")]
    pub encode_ms: f64,
    /// Time inside CaDiCaL's solve calls.
    #[serde(serialize_with = "crate::format::ms3")]
    pub cadical_ms: f64,
    /// Solver calls (0 when the encoding alone proved that there is no solution).
    pub solves: usize,
    pub conflicts: u64,
    pub decisions: u64,
    pub propagations: u64,
}

impl Stats {
    /// Search or branch-and-bound nodes, when the engine counts them.
    pub fn nodes(&self) -> Option<u64> {
        match self {
            Stats::Milp(m) => u64::try_from(m.highs.nodes).ok(),
            Stats::Search(s) => Some(s.nodes),
            Stats::Propagation(p) => Some(p.nodes),
            Stats::LpBb(b) => Some(b.nodes),
            // A CDCL solver has decisions and conflicts, not a search tree.
            Stats::Sat(_) => None,
        }
    }
}

/// The solutions an engine enumerated and how the enumeration ended.
#[derive(Debug, Clone)]
pub struct Count {
    /// The engine's label.
    pub engine: String,
    /// At most `max` solutions, each checked, in the order found.
    pub solutions: Vec<Grid>,
    /// The `max + 1`-th solution when [`CountEnd::LimitReached`] and the engine keeps it.
    pub beyond: Option<Grid>,
    pub end: CountEnd,
    /// Wall-clock time of the whole count.
    pub time_ms: f64,
    pub stats: CountStats,
}

impl Count {
    /// A search's count from the grids it found, in order (each passed through [`checked`]
    /// here): the first `max` as solutions, one more as `beyond`, and how the search ended.
    pub(crate) fn of_search(
        engine: &str,
        puzzle: &Puzzle,
        grids: Vec<Grid>,
        max: usize,
        (nodes, timed_out): (u64, bool),
        start: Instant,
    ) -> Result<Count, EngineError> {
        let mut solutions = grids
            .into_iter()
            .map(|g| checked(engine, puzzle, g))
            .collect::<Result<Vec<_>, _>>()?;
        let beyond = (solutions.len() > max).then(|| solutions.pop()).flatten();
        let end = if beyond.is_some() {
            CountEnd::LimitReached
        } else if timed_out {
            CountEnd::TimeLimit
        } else {
            CountEnd::Complete
        };
        Ok(Count {
            engine: engine.to_string(),
            solutions,
            beyond,
            end,
            time_ms: crate::solve::ms(start.elapsed()),
            stats: CountStats::Search { nodes },
        })
    }
}

/// Counters of an enumeration, per engine family.
#[derive(Debug, Clone, PartialEq)]
pub enum CountStats {
    /// One HiGHS model re-solved with a no-good row per solution.
    Milp {
        build_ms: f64,
        /// Totals over every solve.
        highs: SolveStats,
        solves: usize,
    },
    /// A depth-first search that goes on after each solution.
    Search { nodes: u64 },
    /// One SAT solver re-solved with a blocking clause per solution (`solves` in the stats).
    Sat(SatStats),
}

/// An engine failed for a reason other than the puzzle.
#[derive(Debug, Clone, thiserror::Error)]
pub enum EngineError {
    #[error(transparent)]
    Solver(#[from] SolveError),
    /// A grid failed the independent checker: a bug, never printed as a solution.
    #[error("internal error: {engine} returned a grid that fails the check: {source}")]
    Check { engine: String, source: CheckError },
    /// A start engine's grid does not fit the model (a value the model left out): a bug.
    #[error("internal error: the start grid does not fit the {engine} model: {source}")]
    Start {
        engine: String,
        source: crate::formulation::EncodeError,
    },
    /// An enumeration found the same solution twice (a no-good cut failed).
    #[error("internal error: {engine} returned solution {again} twice (a no-good cut failed)")]
    Repeated { engine: String, again: usize },
    /// The SAT solver reported an error (not a verdict on the puzzle).
    #[error("SAT solver: {0}")]
    Sat(String),
    #[error("{engine} cannot {task}")]
    Unsupported { engine: String, task: &'static str },
}

/// Engines that only search for a grid refuse a puzzle with an objective (one line, exit 2)
/// rather than return a grid that need not be optimal.
pub fn refuse_objective(engine: &str, puzzle: &Puzzle) -> Result<(), EngineError> {
    match puzzle.objective() {
        Some(_) => Err(EngineError::Unsupported {
            engine: engine.to_string(),
            task: "optimise an objective (it only searches for a grid; use a MILP method or lp-bb)",
        }),
        None => Ok(()),
    }
}

/// Passes `grid` through the independent checker, or names `engine` in the error.
pub fn checked(engine: &str, puzzle: &Puzzle, grid: Grid) -> Result<Grid, EngineError> {
    match check(puzzle, &grid) {
        Ok(()) => Ok(grid),
        Err(source) => Err(EngineError::Check {
            engine: engine.to_string(),
            source,
        }),
    }
}

/// The solving methods, as named on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// The MILP model solved by HiGHS.
    Ilp,
    /// Depth-first search, most-constrained choice first.
    Backtrack,
    /// Unit propagation, the failed-literal rule, then search.
    Propagate,
    /// LP-based branch and bound over HiGHS LP relaxations of the binary model.
    LpBb,
    /// Seed 001's CNF solved by CaDiCaL.
    Sat,
}

impl Method {
    /// Every method, in the order help texts list them.
    pub const ALL: [Method; 5] = [
        Method::Ilp,
        Method::Backtrack,
        Method::Propagate,
        Method::LpBb,
        Method::Sat,
    ];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Method::Ilp => "ilp",
            Method::Backtrack => "backtrack",
            Method::Propagate => "propagate",
            Method::LpBb => "lp-bb",
            Method::Sat => "sat",
        }
    }

    /// The engine of a method that needs no model; `None` for [`Method::Ilp`], whose engine is
    /// built from a formulation and HiGHS options (`milp::Milp`), and for a method whose
    /// solver this build leaves out (features `highs` and `sat`: the browser build).
    pub fn search_engine(self) -> Option<Box<dyn Engine>> {
        match self {
            Method::Ilp => None,
            Method::Backtrack => Some(Box::new(backtrack::Backtrack)),
            Method::Propagate => Some(Box::new(propagate::Propagate::default())),
            #[cfg(feature = "highs")]
            Method::LpBb => Some(Box::new(lp_bb::LpBb::default())),
            #[cfg(feature = "sat")]
            Method::Sat => Some(Box::new(sat::Sat)),
            #[allow(unreachable_patterns)]
            _ => None,
        }
    }
}

impl Named for Method {
    const WHAT: &'static str = "method";
    fn all() -> &'static [Method] {
        &Method::ALL
    }
    fn name(self) -> &'static str {
        Method::name(self)
    }
    fn about(self) -> &'static str {
        match self {
            Method::Ilp => "The MILP model solved by HiGHS",
            Method::Backtrack => "Depth-first search, most-constrained choice first",
            Method::Propagate => {
                "Unit propagation on the SAT clauses, the failed-literal rule, then search"
            }
            Method::LpBb => {
                "LP-based branch and bound: one HiGHS LP re-solved at every node after singles \
                 propagation, branching on the cell with the fewest candidates"
            }
            Method::Sat => {
                "Seed 001's SAT clauses (only the literals givens leave open) solved by CaDiCaL"
            }
        }
    }
    /// `milp` is another name of `ilp`.
    fn aliases(self) -> &'static [&'static str] {
        match self {
            Method::Ilp => &["milp"],
            _ => &[],
        }
    }
}
impl_named_text!(Method);

/// A 4×4 puzzle without a solution and without a repeated given: r1c1 must be 1 or 2 by its
/// row, but its column holds 1 and its box holds 2. Shared by the engines' tests.
#[cfg(test)]
pub(crate) fn infeasible_4x4() -> Puzzle {
    let mut cells = vec![0u8; 16];
    cells[1] = 3;
    cells[2] = 4;
    cells[8] = 1;
    cells[5] = 2;
    Puzzle::with_square_boxes(4, cells).unwrap()
}
