//! The one module that talks to HiGHS: options, status and statistics.
//!
//! The model is handed to HiGHS through good_lp's `highs` backend, which copies columns and rows;
//! the resulting `highs::Model` is then driven directly, because good_lp's own `solve` drops the
//! statistics (nodes, iterations, solver time) and reports a gap limit instead of optimality
//! unless `mip_rel_gap` is 0.

pub mod count;
pub mod lp;
pub mod read;
pub mod relaxation;
pub mod session;

mod analyse;

pub use analyse::{presolved_size, root_relaxation, PresolvedSize, Relaxation};
pub use relaxation::{grid_relaxation, CellLp, GridRelaxation};

use crate::formulation::BuiltModel;
pub use crate::status::Status;
use good_lp::{solvers::highs::highs, SolverModel};
use highs::HighsModelStatus;
use std::ffi::CString;
use std::time::{Duration, Instant};

/// How to run HiGHS.
#[derive(Debug, Clone, PartialEq)]
pub struct SolveOptions {
    /// Wall-clock limit for HiGHS, in seconds.
    pub time_limit: f64,
    /// HiGHS threads for this model (1 is safest: HiGHS keeps a scheduler per OS thread).
    pub threads: u32,
    /// Print HiGHS's log to standard output.
    pub verbose: bool,
    /// Set [`TUNED`] before `highs` (true by default); false leaves HiGHS's own defaults.
    pub tuned: bool,
    /// Further HiGHS options as (name, value) text, set last (e.g. `mip_heuristic_effort`, `0`).
    pub highs: Vec<(String, String)>,
}

/// The HiGHS options this project sets by default, measured on this model class (README,
/// "Speed"): on the hardest 9×9 grids HiGHS spends the root node in cut separation and in the
/// RINS/RENS sub-MIPs; on 25×25 grids near the Latin-square hardness peak the sub-MIPs took
/// 48 of 60 s. Turning both sub-MIPs off and capping the cut pool lowers the median on the
/// hardest sample from ~250 to ~150 ms and solves `grid25_misc.txt` line 2, which timed out.
pub const TUNED: [(&str, &str); 3] = [
    ("mip_heuristic_run_rins", "false"),
    ("mip_heuristic_run_rens", "false"),
    ("mip_pool_soft_limit", "100"),
];

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            time_limit: 60.0,
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
    pub solve_ms: f64,
    /// HiGHS's own run time (`Highs_getRunTime`).
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
}

/// HiGHS failed in a way that says nothing about the puzzle.
#[derive(Debug, Clone, thiserror::Error)]
#[error("HiGHS: {0}")]
pub struct SolveError(pub String);

/// Solves a built model with HiGHS MILP and reads status, values and statistics.
pub fn solve(model: &BuiltModel, options: &SolveOptions) -> Result<Outcome, SolveError> {
    let start = Instant::now();
    let highs_model = to_highs(model, options)?;
    let solved = highs_model
        .try_solve()
        .map_err(|status| SolveError(format!("solve failed: {status:?}")))?;
    let status = status_of(solved.status())?;
    let values = (status == Status::Solved).then(|| solved.get_solution().columns().to_vec());
    let stats = SolveStats {
        solve_ms: ms(start.elapsed()),
        highs_ms: unsafe { highs_sys::Highs_getRunTime(solved.as_ptr()) } * 1000.0,
        nodes: int64_info(&solved, c"mip_node_count"),
        // After a MIP solve HiGHS stores the total over all LPs here (Highs.cpp, callMipSolver).
        lp_iterations: solved
            .int_info_value(c"simplex_iteration_count")
            .unwrap_or(-1),
    };
    Ok(Outcome {
        status,
        values,
        stats,
    })
}

/// The status of a feasibility model from HiGHS's model status.
pub(crate) fn status_of(status: HighsModelStatus) -> Result<Status, SolveError> {
    Ok(match status {
        HighsModelStatus::Optimal
        | HighsModelStatus::ObjectiveBound
        | HighsModelStatus::ObjectiveTarget => Status::Solved,
        HighsModelStatus::Infeasible | HighsModelStatus::UnboundedOrInfeasible => {
            Status::Infeasible
        }
        HighsModelStatus::ReachedTimeLimit
        | HighsModelStatus::ReachedIterationLimit
        | HighsModelStatus::ReachedSolutionLimit
        | HighsModelStatus::ReachedInterrupt
        | HighsModelStatus::ReachedMemoryLimit => Status::TimeLimit,
        other => return Err(SolveError(format!("unexpected model status {other:?}"))),
    })
}

/// Hands the model to HiGHS through good_lp's backend (columns in variable order, rows in
/// model order) and sets the options; minimise 0.
pub(crate) fn to_highs(
    model: &BuiltModel,
    options: &SolveOptions,
) -> Result<highs::Model, SolveError> {
    let mut problem = model.variables.clone().minimise(0).using(highs);
    for row in &model.rows {
        problem.add_constraint(row.constraint.clone());
    }
    let mut highs_model = problem
        .try_into_inner()
        .map_err(|e| SolveError(e.to_string()))?;
    set_options(&mut highs_model, options)?;
    Ok(highs_model)
}

fn set_options(model: &mut highs::Model, options: &SolveOptions) -> Result<(), SolveError> {
    let fail = |name: &str| SolveError(format!("cannot set option {name}"));
    model
        .try_set_option("output_flag", options.verbose)
        .map_err(|_| fail("output_flag"))?;
    model
        .try_set_option("log_to_console", options.verbose)
        .map_err(|_| fail("log_to_console"))?;
    model
        .try_set_option("mip_rel_gap", 0.0)
        .map_err(|_| fail("mip_rel_gap"))?;
    model
        .try_set_option("time_limit", options.time_limit)
        .map_err(|_| fail("time_limit"))?;
    model
        .try_set_option("threads", options.threads.max(1) as i32)
        .map_err(|_| fail("threads"))?;
    let tuned = TUNED.iter().filter(|_| options.tuned);
    let extra = options.highs.iter().map(|(k, v)| (k.as_str(), v.as_str()));
    for (name, value) in tuned.copied().chain(extra) {
        let (Ok(c_name), Ok(c_value)) = (CString::new(name), CString::new(value)) else {
            return Err(fail(name));
        };
        // SAFETY: live HiGHS instance; both strings are NUL-terminated and outlive the call.
        let status = unsafe {
            highs_sys::Highs_setOptionValue(model.as_mut_ptr(), c_name.as_ptr(), c_value.as_ptr())
        };
        if status != highs_sys::kHighsStatusOk as highs_sys::HighsInt {
            return Err(SolveError(format!(
                "HiGHS refused the option {name}={value}"
            )));
        }
    }
    Ok(())
}

/// Reads a 64-bit info value (the safe wrapper only reads 32-bit ones); -1 when unavailable.
fn int64_info(solved: &highs::SolvedModel, name: &std::ffi::CStr) -> i64 {
    let mut value: i64 = -1;
    // SAFETY: the pointer is a live HiGHS instance owned by `solved`; `name` is NUL-terminated
    // and `value` outlives the call.
    let status =
        unsafe { highs_sys::Highs_getInt64InfoValue(solved.as_ptr(), name.as_ptr(), &mut value) };
    if status == highs_sys::kHighsStatusOk as highs_sys::HighsInt {
        value
    } else {
        -1
    }
}

/// Milliseconds as a float.
pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
