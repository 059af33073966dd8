//! The one module that talks to HiGHS: options, status and statistics.
//!
//! The model is handed to HiGHS through good_lp's `highs` backend, which copies columns and rows;
//! the resulting `highs::Model` is then driven directly, because good_lp's own `solve` drops the
//! statistics (nodes, iterations, solver time) and reports a gap limit instead of optimality
//! unless `mip_rel_gap` is 0.

// Without the `highs` feature (the browser build) only the types and the LP-free parts stay:
// options, statistics, errors and the grid relaxation's types.
#[cfg(feature = "highs")]
pub mod count;
pub mod implied;
#[cfg(feature = "highs")]
pub mod lab_lp;
#[cfg(feature = "highs")]
pub mod read;
pub mod relaxation;
#[cfg(feature = "highs")]
pub mod session;

mod analyse;
mod error;
#[cfg(feature = "highs")]
mod ffi;
#[cfg(feature = "highs")]
#[allow(unsafe_code)]
mod out_of_memory;

pub use analyse::root_relaxation_on;
#[cfg(feature = "highs")]
pub use analyse::{presolved_size, root_relaxation};
pub use analyse::{PresolvedSize, Relaxation};
pub use error::{OptionReason, SolveError};
#[cfg(feature = "highs")]
pub use out_of_memory::ExitOnOutOfMemory;
#[cfg(feature = "highs")]
pub use relaxation::grid_relaxation;
pub use relaxation::{grid_of, CellLp, GridRelaxation};

#[cfg(feature = "highs")]
use crate::clock::Instant;
#[cfg(feature = "highs")]
use crate::formulation::BuiltModel;
#[cfg(feature = "highs")]
use crate::limits::Limits;
#[cfg(feature = "highs")]
use crate::objective::ObjectiveSense;
pub use crate::status::Status;
#[cfg(feature = "highs")]
use good_lp::{solvers::highs::highs, SolverModel};
#[cfg(feature = "highs")]
use highs::HighsModelStatus;
use std::time::Duration;

/// How to run HiGHS. The time limit is not among them: each run takes its
/// [`crate::limits::Limits`].
#[derive(Debug, Clone, PartialEq)]
pub struct SolveOptions {
    /// HiGHS threads for this model (1 is safest: HiGHS keeps a scheduler per OS thread).
    pub threads: u32,
    /// Write HiGHS's log to standard error (through HiGHS's logging callback).
    pub verbose: bool,
    /// Set [`TUNED`] before `highs` (true by default); false leaves HiGHS's own defaults.
    pub tuned: bool,
    /// Further HiGHS options as (name, value) text, set last (e.g. `mip_heuristic_effort`, `0`).
    pub highs: Vec<(String, String)>,
}

/// The HiGHS options this project sets by default: the RINS and RENS sub-MIPs off and the cut
/// pool capped. On the hardest 9×9 grids HiGHS spends the root node in cut separation and in
/// those sub-MIPs, and on 25×25 grids near the Latin-square hardness peak the sub-MIPs took
/// most of the time; the measurements and their commands are in `docs/performance.md`.
pub const TUNED: [(&str, &str); 3] = [
    ("mip_heuristic_run_rins", "false"),
    ("mip_heuristic_run_rens", "false"),
    ("mip_pool_soft_limit", "100"),
];

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            threads: 1,
            verbose: false,
            tuned: true,
            highs: Vec::new(),
        }
    }
}

/// Solver statistics, as HiGHS reports them.
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Serialize)]
pub struct SolveStats {
    /// Wall-clock time of the whole solve call, including passing the model to HiGHS.
    #[serde(serialize_with = "crate::format::ms3")]
    pub solve_ms: f64,
    /// HiGHS's own run time (`Highs_getRunTime`).
    #[serde(serialize_with = "crate::format::ms3")]
    pub highs_ms: f64,
    /// Branch-and-bound nodes (`mip_node_count`).
    pub nodes: i64,
    /// Simplex iterations over all LPs of the branch and bound (`simplex_iteration_count`, which
    /// HiGHS sets to the MIP solver's total after a MIP solve).
    pub lp_iterations: i64,
}

/// The result of one solve: a status, column values when solved, statistics.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub status: Status,
    /// Column values in the model's variable order, when solved.
    pub values: Option<Vec<f64>>,
    pub stats: SolveStats,
    /// Objective, bound and gap, when the model has an objective and a solution was found.
    pub objective: Option<ObjectiveOutcome>,
}

/// Solves a built model with HiGHS MILP within `limits` and reads status, values and
/// statistics.
#[cfg(feature = "highs")]
pub fn solve(
    model: &BuiltModel,
    options: &SolveOptions,
    limits: &Limits,
) -> Result<Outcome, SolveError> {
    solve_from(model, options, limits, None)
}

/// [`solve`], first handing HiGHS `start` (a value for every column, e.g. a grid found by a
/// search and encoded by [`BuiltModel::encode`]) as a MIP start. HiGHS checks the start; a
/// feasible one is its incumbent from the outset, so for these feasibility models it only has
/// to certify it.
///
/// With a start, HiGHS's presolve is off unless `--highs presolve=…` asks for it: a feasible
/// start of objective 0 meets the trivial bound 0 at once, so HiGHS stops at 0 nodes right
/// after checking it, and presolve was then all the time (0.70 of 0.71 s on
/// `grid36_misc.txt` line 7; `docs/mip-start.md`).
#[cfg(feature = "highs")]
pub fn solve_from(
    model: &BuiltModel,
    options: &SolveOptions,
    limits: &Limits,
    start: Option<&[f64]>,
) -> Result<Outcome, SolveError> {
    let begin = Instant::now();
    let mut highs_model = to_highs(model, options)?;
    // Passing the model to HiGHS counts against the limit (2 s of a 64×64 at load 14).
    set_time_limit(&mut highs_model, options, &limits.after(begin.elapsed()))?;
    if let Some(columns) = start {
        if !options.names("presolve") {
            ffi::set_string(&mut highs_model, c"presolve", "off")?;
        }
        ffi::set_start(&mut highs_model, columns)?;
    }
    ffi::run(&mut highs_model)?;
    let status = status_of(ffi::model_status(&mut highs_model)?)?;
    let values = match status {
        Status::Solved => Some(ffi::column_values(&mut highs_model)?),
        _ => None,
    };
    let stats = SolveStats {
        solve_ms: ms(begin.elapsed()),
        highs_ms: ffi::run_time(&mut highs_model) * 1000.0,
        nodes: ffi::int64_info(&mut highs_model, c"mip_node_count")?,
        // After a MIP solve HiGHS stores the total over all LPs here (Highs.cpp, callMipSolver).
        lp_iterations: ffi::int_info(&mut highs_model, c"simplex_iteration_count")?,
    };
    let objective = match &model.objective {
        // good_lp hands HiGHS the objective's terms, not its constant.
        Some(o) if status == Status::Solved => Some(ObjectiveOutcome {
            value: ffi::objective_value(&mut highs_model) + o.constant,
            bound: ffi::double_info(&mut highs_model, c"mip_dual_bound")? + o.constant,
            gap: ffi::double_info(&mut highs_model, c"mip_gap")?,
        }),
        _ => None,
    };
    Ok(Outcome {
        status,
        values,
        stats,
        objective,
    })
}

/// HiGHS's objective value, dual bound and relative gap after a MIP solve with an objective.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct ObjectiveOutcome {
    pub value: f64,
    /// The best bound proved (`mip_dual_bound`): no solution is better.
    pub bound: f64,
    /// `mip_gap`: |value − bound| / |value| (0 when proved optimal).
    pub gap: f64,
}

/// The status of a feasibility model from HiGHS's model status.
#[cfg(feature = "highs")]
pub(crate) fn status_of(status: HighsModelStatus) -> Result<Status, SolveError> {
    Ok(match status {
        HighsModelStatus::Optimal
        | HighsModelStatus::ObjectiveBound
        | HighsModelStatus::ObjectiveTarget => Status::Solved,
        HighsModelStatus::Infeasible | HighsModelStatus::UnboundedOrInfeasible => {
            Status::Infeasible
        }
        HighsModelStatus::ReachedTimeLimit | HighsModelStatus::ReachedInterrupt => {
            Status::TimeLimit
        }
        // Only a `--highs` option sets these limits: not a time limit, and no answer.
        HighsModelStatus::ReachedIterationLimit => {
            return Err(SolveError::Stopped {
                limit: "an iteration limit",
            })
        }
        HighsModelStatus::ReachedSolutionLimit => {
            return Err(SolveError::Stopped {
                limit: "a node, leaf or solution limit",
            })
        }
        HighsModelStatus::ReachedMemoryLimit => return Err(SolveError::OutOfMemory),
        other => {
            return Err(SolveError::UnexpectedModelStatus {
                what: "the MILP solve",
                status: format!("{other:?}"),
            })
        }
    })
}

/// Hands the model to HiGHS through good_lp's backend (columns in variable order, rows in
/// model order) and sets the options; minimise 0.
#[cfg(feature = "highs")]
pub(crate) fn to_highs(
    model: &BuiltModel,
    options: &SolveOptions,
) -> Result<highs::Model, SolveError> {
    let mut problem = match objective_expression(model)? {
        Some((ObjectiveSense::Max, expression)) => {
            model.variables.clone().maximise(expression).using(highs)
        }
        Some((ObjectiveSense::Min, expression)) => {
            model.variables.clone().minimise(expression).using(highs)
        }
        None => model.variables.clone().minimise(0).using(highs),
    };
    for row in &model.rows {
        problem.add_constraint(row.constraint.clone());
    }
    let mut highs_model = problem
        .try_into_inner()
        .map_err(|e| SolveError::Pass(e.to_string()))?;
    set_options(&mut highs_model, options)?;
    Ok(highs_model)
}

/// The model's objective as a good_lp expression (its constant included), or `None` for the
/// feasibility model; an objective the model cannot carry is [`SolveError::Objective`].
#[cfg(feature = "highs")]
fn objective_expression(
    model: &BuiltModel,
) -> Result<Option<(ObjectiveSense, good_lp::Expression)>, SolveError> {
    let Some(objective) = &model.objective else {
        return Ok(None);
    };
    let terms = objective.terms().map_err(SolveError::Objective)?;
    let variables: Vec<good_lp::Variable> = model
        .variables
        .iter_variables_with_def()
        .map(|(v, _)| v)
        .collect();
    let mut expression = good_lp::Expression::from(objective.constant);
    for &(col, coefficient) in terms {
        expression.add_mul(coefficient, variables[col]);
    }
    Ok(Some((objective.sense, expression)))
}

/// Sets HiGHS's time limit to `limits` (HiGHS compares it with its run clock, which adds up
/// over the runs of one instance: see [`session`]), and the feasibility jump that fits in it
/// ([`bound_feasibility_jump`]).
#[cfg(feature = "highs")]
pub(crate) fn set_time_limit(
    h: &mut highs::Model,
    options: &SolveOptions,
    limits: &Limits,
) -> Result<(), SolveError> {
    let seconds = limits.time_limit - late_reading(h, limits.time_limit);
    ffi::set_double(h, c"time_limit", seconds)?;
    bound_feasibility_jump(h, options, limits.time_limit)
}

/// How much earlier than `seconds` HiGHS is asked to stop, because it reads its clock late on
/// large models: presolve's probing reads it only after building its clique table
/// (`HPresolve.cpp`), which on the 64×64 binary model (1.05 million nonzeros) made HiGHS stop
/// 1.5–2.5 s past its limit at load 14 (docs/testing.md). The allowance is half the time
/// [`JUMP_NONZEROS_PER_SECOND`] gives the model's nonzeros, at most a quarter of `seconds`:
/// 2.1 s of a 10 s limit on that model, 6 ms on a 9×9.
#[cfg(feature = "highs")]
pub(crate) fn late_reading(h: &mut impl ffi::Handle, seconds: f64) -> f64 {
    let (_, _, nonzeros) = ffi::size(h);
    (0.5 * nonzeros as f64 / JUMP_NONZEROS_PER_SECOND).min(seconds / 4.0)
}

/// The nonzeros per second HiGHS's feasibility jump gets through at its effort cap, measured
/// low: 1.05 million nonzeros (the binary model of an empty 64×64 with a cage) took about
/// 4 s of processor time (11–13 s of wall-clock time at load 14, 2 cores; docs/testing.md).
pub const JUMP_NONZEROS_PER_SECOND: f64 = 250_000.0;

/// HiGHS's feasibility jump heuristic, run once before the root LP, never reads the clock: it
/// stops at an effort of 1024 × nonzeros (HiGHS 1.15, `HighsFeasibilityJump.cpp`), however
/// long that takes. It is switched off when that cap, at [`JUMP_NONZEROS_PER_SECOND`], is more
/// than an eighth of the `seconds` left (so that a busy machine, where a process gets a
/// quarter of a core, still ends near its limit); a `--highs
/// mip_heuristic_run_feasibility_jump=…` decides instead when given. With the default 60 s,
/// it stays on up to 1.9 million nonzeros (every binary model up to 64×64).
#[cfg(feature = "highs")]
pub(crate) fn bound_feasibility_jump(
    h: &mut impl ffi::Handle,
    options: &SolveOptions,
    seconds: f64,
) -> Result<(), SolveError> {
    if options.names(JUMP) {
        return Ok(());
    }
    let (_, _, nonzeros) = ffi::size(h);
    let fits = nonzeros as f64 / JUMP_NONZEROS_PER_SECOND <= seconds / 8.0;
    ffi::set_bool(h, JUMP_C, fits)
}

/// HiGHS's option for the feasibility jump heuristic.
#[cfg(feature = "highs")]
const JUMP: &str = "mip_heuristic_run_feasibility_jump";
#[cfg(feature = "highs")]
const JUMP_C: &std::ffi::CStr = c"mip_heuristic_run_feasibility_jump";

impl SolveOptions {
    /// Whether a `--highs` option sets `name` (HiGHS's names are case-insensitive).
    pub fn names(&self, name: &str) -> bool {
        self.highs.iter().any(|(k, _)| k.eq_ignore_ascii_case(name))
    }
}

/// Checks `options` on a throwaway HiGHS instance: an unknown `--highs` option, or a value of
/// the wrong type, is found before any puzzle is read.
///
/// ```
/// use sudoku_ilp::solve::{check_options, SolveError, SolveOptions};
/// let mut options = SolveOptions::default();
/// assert!(check_options(&options).is_ok());
/// options.highs.push(("no_such_option".into(), "1".into()));
/// let e = check_options(&options).unwrap_err();
/// assert!(e.is_option());
/// assert_eq!(e.to_string(), "unknown HiGHS option no_such_option");
/// ```
#[cfg(feature = "highs")]
pub fn check_options(options: &SolveOptions) -> Result<(), SolveError> {
    let mut instance = ffi::Instance::quiet()?;
    let quiet = SolveOptions {
        verbose: false,
        ..options.clone()
    };
    set_options(&mut instance, &quiet)
}

/// Sets the project's options on a HiGHS instance: an exact gap and threads (the time limit is
/// set per run: [`set_time_limit`]), then [`TUNED`] (unless `tuned` is off) and the `--highs`
/// options, each through the setter of its type; logging last, so that no option sends HiGHS's
/// log to standard output: it goes to standard error when `verbose` or an `output_flag=true`
/// asks for it. An option of [`CUTS_OFF`] is refused.
#[cfg(feature = "highs")]
fn set_options(h: &mut impl ffi::Handle, options: &SolveOptions) -> Result<(), SolveError> {
    ffi::set_double(h, c"mip_rel_gap", 0.0)?;
    let threads = i32::try_from(options.threads.max(1)).unwrap_or(i32::MAX);
    ffi::set_int(h, c"threads", threads)?;
    let tuned = TUNED.iter().filter(|_| options.tuned);
    let extra = options.highs.iter().map(|(k, v)| (k.as_str(), v.as_str()));
    ffi::set_bool(h, c"output_flag", options.verbose)?;
    for (name, value) in tuned.copied().chain(extra) {
        if let Some(reason) = refused_option(name, value) {
            return Err(SolveError::Option {
                name: name.to_string(),
                value: value.to_string(),
                reason,
            });
        }
        ffi::set_option_text(h, name, value)?;
    }
    ffi::set_bool(h, c"log_to_console", false)?;
    if ffi::get_bool(h, c"output_flag")? {
        ffi::log_to_stderr(h)?;
    }
    Ok(())
}

/// HiGHS options that can make a feasible model look infeasible, so that "no solution" would
/// be a false proof: an objective bound or target prunes every node whose bound (0 here) does
/// not beat it, and the matrix value limits drop or reject the model's coefficients (all 1).
/// `solve_relaxation` solves the LP relaxation, whose point is no grid.
pub const CUTS_OFF: [&str; 5] = [
    "objective_bound",
    "objective_target",
    "small_matrix_value",
    "large_matrix_value",
    "solve_relaxation",
];

/// The largest feasibility or optimality tolerance taken (HiGHS's defaults are 1e-6 and
/// 1e-7): with `mip_feasibility_tolerance=0.9` HiGHS calls x = 0.1 integral and the grid it
/// returns is no grid.
pub const MAX_TOLERANCE: f64 = 1e-3;

/// Whether a HiGHS option names or writes a file: `solution_file`, `write_solution_to_file`,
/// `log_file`, `write_model_file`, `read_basis_file`, `mip_improving_solution_save`, …
pub fn writes_files(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    name.contains("file")
        || name.starts_with("write_")
        || name.starts_with("read_")
        || name == "mip_improving_solution_save"
}

/// Why an option is refused before HiGHS sees it, if it is.
#[cfg(feature = "highs")]
fn refused_option(name: &str, value: &str) -> Option<OptionReason> {
    let lower = name.to_ascii_lowercase();
    if CUTS_OFF.contains(&lower.as_str()) {
        return Some(OptionReason::CutsOff);
    }
    if writes_files(&lower) {
        return Some(OptionReason::Files);
    }
    let tolerance = value.trim().parse::<f64>().ok();
    if lower.ends_with("_tolerance") && tolerance.is_some_and(|t| t.is_nan() || t > MAX_TOLERANCE) {
        return Some(OptionReason::Tolerance);
    }
    None
}

/// Makes a failed allocation in HiGHS or CaDiCaL (C++'s `std::bad_alloc`, which Rust cannot
/// catch: the process would abort) end the process after `cleanup` (which must not allocate
/// much: memory is short), with `line` (newline included) on standard error and exit code 3.
/// For programs, not libraries: it ends the process. Rust's own allocations do the same under
/// the global allocator [`ExitOnOutOfMemory`] (with this line once it is set).
#[cfg(feature = "highs")]
pub fn exit_on_out_of_memory(line: &'static str, cleanup: fn()) {
    out_of_memory::set_new_handler(line, cleanup);
}

/// Milliseconds as a float.
pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
