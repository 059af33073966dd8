//! A HiGHS model kept alive across solves, for the searches that solve the same model many times
//! with small changes in between: counting (one no-good row per solution found) and explaining
//! (switching the rows of givens off and on).
//!
//! The model is built once through good_lp (as in [`super::solve`]) and stays one
//! `highs::Model`: rows and columns are added, deleted and re-bounded between solves, never
//! rebuilt. Each solve calls `Highs_run` on the model itself instead of the highs crate's
//! `try_solve`, which turns the model into a `SolvedModel` (the way back is
//! `highs::Model::from`) but drops it when HiGHS reports an error — and one error needs a retry:
//! HiGHS 1.15's presolve can return a point that violates a row of a model with no-good rows
//! ("MIP solver claims optimality, but with … infeasibilities", seen on tdoku's test grid 42
//! while counting; once in about 8,000 solves over the test grids). Such a solve is run once more
//! with presolve off, which is exact, and presolve is switched back on.
//!
//! HiGHS's run clock keeps running across the solves of one instance (`Highs::run` starts it
//! without resetting it, HiGHS 1.15: a second run reports the sum of both runs' times), and the
//! `time_limit` option is compared with that clock. [`Session::solve`] therefore sets
//! `time_limit` to the time used so far plus what the caller allows.

use super::{ms, status_of, to_highs, SolveError, SolveOptions, SolveStats, Status};
use crate::formulation::BuiltModel;
use highs::HighsModelStatus;
use highs_sys::HighsInt;
use std::ffi::CStr;
use std::time::Instant;

/// A column or row bound: `lower ≤ · ≤ upper` (infinite values for a free side).
pub type Bounds = (f64, f64);

/// One HiGHS instance solved repeatedly. Column and row indices are those of the
/// [`BuiltModel`] it was made from, followed by whatever [`Session::add_row`] and
/// [`Session::add_binary_column`] added, in order.
pub struct Session {
    model: highs::Model,
    /// Handles for every column, by index (the highs crate does not make `Col` from an index).
    columns: Vec<highs::Col>,
    rows: usize,
    /// Totals over every solve of the session (`solve_ms` is wall-clock time inside
    /// [`Session::solve`], plus passing the model to HiGHS in [`Session::new`]).
    pub totals: SolveStats,
    /// Number of calls to [`Session::solve`] so far.
    pub solves: usize,
    /// How many solves needed the retry without presolve (module notes).
    pub retries: usize,
}

/// What one solve of the session found.
#[derive(Debug, Clone)]
pub struct SessionOutcome {
    pub status: Status,
    /// Values of every column, when solved.
    pub values: Option<Vec<f64>>,
    /// This solve's branch-and-bound nodes.
    pub nodes: i64,
}

impl Session {
    /// Passes `model` to HiGHS once, with the options of `options` (threads, log, time limit).
    pub fn new(model: &BuiltModel, options: &SolveOptions) -> Result<Session, SolveError> {
        let start = Instant::now();
        let highs_model = to_highs(model, options)?;
        let columns = column_handles(model.variables.len());
        Ok(Session {
            model: highs_model,
            columns,
            rows: model.rows.len(),
            totals: SolveStats {
                solve_ms: ms(start.elapsed()),
                ..SolveStats::default()
            },
            solves: 0,
            retries: 0,
        })
    }

    /// Number of columns (the built model's and those added since).
    pub fn column_count(&self) -> usize {
        self.columns.len()
    }

    /// Number of rows (the built model's and those added since).
    pub fn row_count(&self) -> usize {
        self.rows
    }

    /// Adds the row `lower ≤ Σ a_j x_j ≤ upper`; returns its index.
    pub fn add_row(&mut self, bounds: Bounds, terms: &[(usize, f64)]) -> Result<usize, SolveError> {
        let factors = terms
            .iter()
            .map(|&(j, a)| self.column(j).map(|col| (col, a)))
            .collect::<Result<Vec<_>, _>>()?;
        self.model
            .try_add_row(bounds.0..=bounds.1, factors)
            .map_err(|status| SolveError(format!("cannot add a row: {status:?}")))?;
        self.rows += 1;
        Ok(self.rows - 1)
    }

    /// Adds a binary column that appears in no row yet (rows added later through
    /// [`Session::add_row`] may use it); returns its index.
    pub fn add_binary_column(&mut self) -> Result<usize, SolveError> {
        let col = self
            .model
            .try_add_integer_column(0.0, 0.0..=1.0, std::iter::empty())
            .map_err(|status| SolveError(format!("cannot add a column: {status:?}")))?;
        self.columns.push(col);
        Ok(self.columns.len() - 1)
    }

    /// Deletes every row from index `rows` on and every column from index `columns` on (the
    /// rows and columns added last), giving the model back the size it had then.
    pub fn truncate(&mut self, rows: usize, columns: usize) -> Result<(), SolveError> {
        let ptr = self.model.as_mut_ptr();
        if rows < self.rows {
            // SAFETY: `ptr` is the live HiGHS instance owned by `self.model`; the range lies
            // inside its rows.
            let status = unsafe {
                highs_sys::Highs_deleteRowsByRange(
                    ptr,
                    rows as HighsInt,
                    (self.rows - 1) as HighsInt,
                )
            };
            check_status(status, "delete rows")?;
            self.rows = rows;
        }
        if columns < self.columns.len() {
            let last = self.columns.len() - 1;
            // SAFETY: as above, for its columns.
            let status = unsafe {
                highs_sys::Highs_deleteColsByRange(ptr, columns as HighsInt, last as HighsInt)
            };
            check_status(status, "delete columns")?;
            self.columns.truncate(columns);
        }
        Ok(())
    }

    /// Changes the bounds of column `column`.
    pub fn set_column_bounds(&mut self, column: usize, bounds: Bounds) -> Result<(), SolveError> {
        let col = self.column(column)?;
        // SAFETY: the pointer is the live HiGHS instance owned by `self.model`; `col` is one of
        // its columns.
        let status = unsafe {
            highs_sys::Highs_changeColBounds(
                self.model.as_mut_ptr(),
                col.index() as HighsInt,
                bounds.0,
                bounds.1,
            )
        };
        check_status(status, "change column bounds")
    }

    /// Changes the bounds of row `row`.
    pub fn set_row_bounds(&mut self, row: usize, bounds: Bounds) -> Result<(), SolveError> {
        if row >= self.rows {
            return Err(SolveError(format!(
                "row {row} does not exist ({} rows)",
                self.rows
            )));
        }
        // SAFETY: the pointer is the live HiGHS instance owned by `self.model`; `row` is in
        // range.
        let status = unsafe {
            highs_sys::Highs_changeRowBounds(
                self.model.as_mut_ptr(),
                row as HighsInt,
                bounds.0,
                bounds.1,
            )
        };
        check_status(status, "change row bounds")
    }

    /// Solves the current model for at most `remaining` more seconds of HiGHS time, adding its
    /// statistics to [`Session::totals`].
    pub fn solve(&mut self, remaining: f64) -> Result<SessionOutcome, SolveError> {
        let start = Instant::now();
        // HiGHS compares its cumulative run clock with `time_limit` (module notes).
        let limit = self.totals.highs_ms / 1000.0 + remaining.max(1e-3);
        self.set_option("time_limit", limit)?;
        let ptr = self.model.as_mut_ptr();
        // SAFETY: `ptr` is the live HiGHS instance owned by `self.model`.
        let mut run = unsafe { highs_sys::Highs_run(ptr) };
        if run == highs_sys::kHighsStatusError as HighsInt {
            self.retries += 1;
            self.set_option("presolve", "off")?;
            // SAFETY: as above.
            run = unsafe { highs_sys::Highs_run(ptr) };
            self.set_option("presolve", "choose")?;
        }
        self.solves += 1;
        check_status_or_warning(run, "solve")?;
        // SAFETY: as above; HiGHS returns a model status code for any instance.
        let code = unsafe { highs_sys::Highs_getModelStatus(ptr) };
        let highs_status = HighsModelStatus::try_from(code)
            .map_err(|_| SolveError(format!("unknown model status {code}")))?;
        let status = status_of(highs_status)?;
        let values = match status {
            Status::Solved => Some(self.column_values()?),
            _ => None,
        };
        let nodes = self.int64_info(c"mip_node_count");
        let iterations = self.int_info(c"simplex_iteration_count");
        // SAFETY: as above.
        let highs_seconds = unsafe { highs_sys::Highs_getRunTime(ptr) };
        self.totals.solve_ms += ms(start.elapsed());
        self.totals.highs_ms = highs_seconds * 1000.0;
        self.totals.nodes += nodes.max(0);
        self.totals.lp_iterations += iterations.max(0);
        Ok(SessionOutcome {
            status,
            values,
            nodes,
        })
    }

    fn set_option<V: highs::HighsOptionValue>(
        &mut self,
        name: &str,
        value: V,
    ) -> Result<(), SolveError> {
        self.model
            .try_set_option(name, value)
            .map_err(|_| SolveError(format!("cannot set option {name}")))
    }

    /// The primal values of every column after a solve.
    fn column_values(&mut self) -> Result<Vec<f64>, SolveError> {
        let ptr = self.model.as_mut_ptr();
        // SAFETY: `ptr` is the live HiGHS instance owned by `self.model`.
        let (cols, rows) = unsafe {
            (
                highs_sys::Highs_getNumCol(ptr) as usize,
                highs_sys::Highs_getNumRow(ptr) as usize,
            )
        };
        if cols != self.columns.len() || rows != self.rows {
            return Err(SolveError(format!(
                "HiGHS holds {cols} columns and {rows} rows, the session {} and {}",
                self.columns.len(),
                self.rows
            )));
        }
        let mut values = vec![0.0; cols];
        let mut col_dual = vec![0.0; cols];
        let mut row_value = vec![0.0; rows];
        let mut row_dual = vec![0.0; rows];
        // SAFETY: every array has the length HiGHS writes into (its column or row count, read
        // just above from the same instance).
        let status = unsafe {
            highs_sys::Highs_getSolution(
                ptr,
                values.as_mut_ptr(),
                col_dual.as_mut_ptr(),
                row_value.as_mut_ptr(),
                row_dual.as_mut_ptr(),
            )
        };
        check_status_or_warning(status, "read the solution")?;
        Ok(values)
    }

    /// A 64-bit info value (the node count); -1 when unavailable.
    fn int64_info(&mut self, name: &CStr) -> i64 {
        let mut value: i64 = -1;
        // SAFETY: live instance; `name` is NUL-terminated; `value` outlives the call.
        let status = unsafe {
            highs_sys::Highs_getInt64InfoValue(self.model.as_mut_ptr(), name.as_ptr(), &mut value)
        };
        if status == highs_sys::kHighsStatusOk as HighsInt {
            value
        } else {
            -1
        }
    }

    /// A 32-bit info value (the simplex iterations); -1 when unavailable.
    fn int_info(&mut self, name: &CStr) -> i64 {
        let mut value: HighsInt = -1;
        // SAFETY: as in `int64_info`.
        let status = unsafe {
            highs_sys::Highs_getIntInfoValue(self.model.as_mut_ptr(), name.as_ptr(), &mut value)
        };
        if status == highs_sys::kHighsStatusOk as HighsInt {
            value as i64
        } else {
            -1
        }
    }

    fn column(&self, j: usize) -> Result<highs::Col, SolveError> {
        self.columns.get(j).copied().ok_or_else(|| {
            SolveError(format!(
                "column {j} does not exist ({} columns)",
                self.columns.len()
            ))
        })
    }
}

/// `highs::Col` handles 0..k, in order: the highs crate gives out handles only as columns are
/// added, and a throwaway `RowProblem` numbers its columns 0, 1, 2, …
fn column_handles(k: usize) -> Vec<highs::Col> {
    let mut scratch = highs::RowProblem::default();
    (0..k).map(|_| scratch.add_column(0.0, 0.0..=0.0)).collect()
}

fn check_status(status: HighsInt, what: &str) -> Result<(), SolveError> {
    if status == highs_sys::kHighsStatusOk as HighsInt {
        Ok(())
    } else {
        Err(SolveError(format!("cannot {what} (HiGHS status {status})")))
    }
}

fn check_status_or_warning(status: HighsInt, what: &str) -> Result<(), SolveError> {
    if status == highs_sys::kHighsStatusWarning as HighsInt {
        Ok(())
    } else {
        check_status(status, what)
    }
}
