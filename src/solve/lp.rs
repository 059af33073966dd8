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
//! The unsafe calls of this file (clearing integrality, changing bounds, running, reading the
//! solution) are the ones the project's HiGHS FFI file gathers.

use super::{status_of, to_highs, SolveError, SolveOptions, Status};
use crate::formulation::BuiltModel;
use highs::HighsModelStatus;
use highs_sys::HighsInt;

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
    columns: usize,
    rows: usize,
    /// Current bounds of every column (to skip changes that change nothing).
    bounds: Vec<(f64, f64)>,
}

impl LpModel {
    /// Passes `model` to HiGHS with `options` and clears every integrality: x ∈ {0,1} becomes
    /// 0 ≤ x ≤ 1.
    pub fn new(model: &BuiltModel, options: &SolveOptions) -> Result<LpModel, SolveError> {
        let mut highs_model = to_highs(model, options)?;
        // SAFETY: the pointer is the live HiGHS instance owned by `highs_model`.
        let status = unsafe { highs_sys::Highs_clearIntegrality(highs_model.as_mut_ptr()) };
        check(status, "clear integrality")?;
        let bounds = model
            .variables
            .iter_variables_with_def()
            .map(|(_, def)| (def.get_min(), def.get_max()))
            .collect();
        Ok(LpModel {
            model: highs_model,
            columns: model.variables.len(),
            rows: model.rows.len(),
            bounds,
        })
    }

    /// Sets lower ≤ x_column ≤ upper (nothing is sent to HiGHS when the bounds are unchanged).
    pub fn set_bounds(&mut self, column: usize, lower: f64, upper: f64) -> Result<(), SolveError> {
        let Some(current) = self.bounds.get_mut(column) else {
            return Err(SolveError(format!(
                "column {column} does not exist ({} columns)",
                self.columns
            )));
        };
        if *current == (lower, upper) {
            return Ok(());
        }
        *current = (lower, upper);
        // SAFETY: the pointer is the live HiGHS instance owned by `self.model`; `column` is
        // below its column count (checked above against the model it was built from).
        let status = unsafe {
            highs_sys::Highs_changeColBounds(
                self.model.as_mut_ptr(),
                column as HighsInt,
                lower,
                upper,
            )
        };
        check(status, "change column bounds")
    }

    /// Solves the LP from the current basis (the warm start) and reads status, values and
    /// this run's simplex iterations.
    pub fn solve(&mut self) -> Result<LpOutcome, SolveError> {
        let ptr = self.model.as_mut_ptr();
        // SAFETY: `ptr` is the live HiGHS instance owned by `self.model`.
        let run = unsafe { highs_sys::Highs_run(ptr) };
        if run == highs_sys::kHighsStatusError as HighsInt {
            return Err(SolveError("the LP solve failed".into()));
        }
        // SAFETY: as above; HiGHS returns a model status code for any instance.
        let code = unsafe { highs_sys::Highs_getModelStatus(ptr) };
        let highs_status = HighsModelStatus::try_from(code)
            .map_err(|_| SolveError(format!("unknown model status {code}")))?;
        let status = status_of(highs_status)?;
        let mut iterations: HighsInt = 0;
        // SAFETY: as above; the name is NUL-terminated and `iterations` outlives the call.
        unsafe {
            highs_sys::Highs_getIntInfoValue(
                ptr,
                c"simplex_iteration_count".as_ptr(),
                &mut iterations,
            )
        };
        // SAFETY: as above.
        let objective = unsafe { highs_sys::Highs_getObjectiveValue(ptr) };
        let values = match status {
            Status::Solved => Some(self.values()?),
            _ => None,
        };
        Ok(LpOutcome {
            status,
            objective,
            values,
            iterations: i64::from(iterations.max(0)),
        })
    }

    /// The primal column values after a solve.
    fn values(&mut self) -> Result<Vec<f64>, SolveError> {
        let mut values = vec![0.0; self.columns];
        let mut col_dual = vec![0.0; self.columns];
        let mut row_value = vec![0.0; self.rows];
        let mut row_dual = vec![0.0; self.rows];
        // SAFETY: every array has the length HiGHS writes into: the column and row counts of
        // the model passed in `new` (this type adds no rows or columns).
        let status = unsafe {
            highs_sys::Highs_getSolution(
                self.model.as_mut_ptr(),
                values.as_mut_ptr(),
                col_dual.as_mut_ptr(),
                row_value.as_mut_ptr(),
                row_dual.as_mut_ptr(),
            )
        };
        if status == highs_sys::kHighsStatusError as HighsInt {
            return Err(SolveError("cannot read the LP solution".into()));
        }
        Ok(values)
    }
}

/// Ok for HiGHS's `kHighsStatusOk` and `kHighsStatusWarning`, an error naming `what` otherwise.
fn check(status: HighsInt, what: &str) -> Result<(), SolveError> {
    if status == highs_sys::kHighsStatusError as HighsInt {
        Err(SolveError(format!("cannot {what} (HiGHS status {status})")))
    } else {
        Ok(())
    }
}
