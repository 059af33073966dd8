//! One LP relaxation kept alive and re-solved after bound changes, for LP-based branch and
//! bound ([`crate::engine::lp_bb`]).
//!
//! The model goes to HiGHS as in [`super::solve`], then every integrality is cleared, so each
//! run is a simplex solve of the LP relaxation. After the first run HiGHS holds an optimal
//! basis; a bound change keeps it, and the next run starts from it (HiGHS 1.15 skips presolve
//! when the basis is useful: `Highs::optimizeModel`, "Solving LP with useful basis"), which is
//! the warm start of textbook branch and bound. The first run uses the options as given
//! (presolve included), so the root LP is the one [`super::root_relaxation`] solves.
//!
//! The HiGHS calls go through [`super::ffi`].

use super::{ffi, set_time_limit, status_of, to_highs, SolveError, SolveOptions, Status};
use crate::formulation::BuiltModel;
use crate::limits::Limits;

/// One LP solve's result.
#[derive(Debug, Clone, PartialEq)]
pub struct LpOutcome {
    /// `Solved` (an optimal LP point), `Infeasible`, or `TimeLimit`.
    pub status: Status,
    pub objective: f64,
    /// Column values, when solved.
    pub values: Option<Vec<f64>>,
    /// Simplex iterations of this run.
    pub iterations: i64,
}

/// The LP relaxation of a built model, re-solvable after column bound changes.
pub struct LpModel {
    model: highs::Model,
    /// Current bounds of every column (to skip changes that change nothing).
    bounds: Vec<(f64, f64)>,
}

impl LpModel {
    /// Passes `model` to HiGHS with `options` and clears every integrality: x ∈ {0,1} becomes
    /// 0 ≤ x ≤ 1. `limits` bound HiGHS's time over all the re-solves together.
    pub fn new(
        model: &BuiltModel,
        options: &SolveOptions,
        limits: &Limits,
    ) -> Result<LpModel, SolveError> {
        let mut highs_model = to_highs(model, options)?;
        set_time_limit(&mut highs_model, options, limits)?;
        ffi::clear_integrality(&mut highs_model)?;
        let bounds = model
            .variables
            .iter_variables_with_def()
            .map(|(_, def)| (def.get_min(), def.get_max()))
            .collect();
        Ok(LpModel {
            model: highs_model,
            bounds,
        })
    }

    /// Sets lower ≤ x_column ≤ upper (nothing is sent to HiGHS when the bounds are unchanged).
    pub fn set_bounds(&mut self, column: usize, lower: f64, upper: f64) -> Result<(), SolveError> {
        let count = self.bounds.len();
        let Some(current) = self.bounds.get_mut(column) else {
            return Err(SolveError::Index {
                what: "column",
                index: column,
                count,
            });
        };
        if *current == (lower, upper) {
            return Ok(());
        }
        *current = (lower, upper);
        ffi::set_column_bounds(&mut self.model, column, lower, upper)
    }

    /// Solves the LP from the current basis (the warm start) and reads status, values and
    /// this run's simplex iterations.
    pub fn solve(&mut self) -> Result<LpOutcome, SolveError> {
        ffi::run(&mut self.model)?;
        let status = status_of(ffi::model_status(&mut self.model)?)?;
        let iterations = ffi::int_info(&mut self.model, c"simplex_iteration_count")?;
        let objective = ffi::objective_value(&mut self.model);
        let values = match status {
            Status::Solved => Some(ffi::column_values(&mut self.model)?),
            _ => None,
        };
        Ok(LpOutcome {
            status,
            objective,
            values,
            iterations: iterations.max(0),
        })
    }
}
