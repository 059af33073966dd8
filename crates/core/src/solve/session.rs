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
//! HiGHS 1.15's presolve can also call such a model infeasible when it is not: an empty 4×4
//! with a greater-than sign, negative XV and an extra region (issue 34) has 4 solutions, but
//! with r1c1 bounded to [3, 4] and one no-good row, presolve said "infeasible" where presolve
//! off finds two more (switching off any of several presolve rules hides it). So every
//! "infeasible" of a session is confirmed by a second run with presolve off before the search
//! believes it: one more solve per subspace searched to its end.
//!
//! HiGHS's run clock keeps running across the solves of one instance (`Highs::run` starts it
//! without resetting it, HiGHS 1.15: a second run reports the sum of both runs' times), and the
//! `time_limit` option is compared with that clock. [`Session::solve`] therefore sets
//! `time_limit` to the time used so far plus what the caller allows.

use super::{ffi, ms, status_of, to_highs, SolveError, SolveOptions, SolveStats, Status};
use crate::clock::Instant;
use crate::formulation::BuiltModel;

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
    /// The options the session was made with (each solve sizes the feasibility jump by them).
    options: SolveOptions,
    /// How many "infeasible" answers were confirmed by a run without presolve (module notes).
    pub confirmations: usize,
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
    /// Passes `model` to HiGHS once, with the options of `options` (threads, log; each
    /// [`Session::solve`] sets its own time limit).
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
            options: options.clone(),
            retries: 0,
            confirmations: 0,
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
            .map_err(|status| SolveError::Status {
                what: "add a row",
                status: code(status),
            })?;
        self.rows += 1;
        Ok(self.rows - 1)
    }

    /// Adds a binary column that appears in no row yet (rows added later through
    /// [`Session::add_row`] may use it); returns its index.
    pub fn add_binary_column(&mut self) -> Result<usize, SolveError> {
        let col = self
            .model
            .try_add_integer_column(0.0, 0.0..=1.0, std::iter::empty())
            .map_err(|status| SolveError::Status {
                what: "add a column",
                status: code(status),
            })?;
        self.columns.push(col);
        Ok(self.columns.len() - 1)
    }

    /// Deletes every row from index `rows` on and every column from index `columns` on (the
    /// rows and columns added last), giving the model back the size it had then.
    pub fn truncate(&mut self, rows: usize, columns: usize) -> Result<(), SolveError> {
        if rows < self.rows {
            ffi::delete_rows_from(&mut self.model, rows)?;
            self.rows = rows;
        }
        if columns < self.columns.len() {
            ffi::delete_columns_from(&mut self.model, columns)?;
            self.columns.truncate(columns);
        }
        Ok(())
    }

    /// Changes the bounds of column `column`.
    pub fn set_column_bounds(&mut self, column: usize, bounds: Bounds) -> Result<(), SolveError> {
        let col = self.column(column)?;
        ffi::set_column_bounds(&mut self.model, col.index(), bounds.0, bounds.1)
    }

    /// Changes the bounds of row `row`.
    pub fn set_row_bounds(&mut self, row: usize, bounds: Bounds) -> Result<(), SolveError> {
        if row >= self.rows {
            return Err(SolveError::Index {
                what: "row",
                index: row,
                count: self.rows,
            });
        }
        ffi::set_row_bounds(&mut self.model, row, bounds.0, bounds.1)
    }

    /// Solves the current model for at most `remaining` more seconds of HiGHS time, adding its
    /// statistics to [`Session::totals`].
    pub fn solve(&mut self, remaining: f64) -> Result<SessionOutcome, SolveError> {
        let start = Instant::now();
        // HiGHS compares its cumulative run clock with `time_limit` (module notes).
        let remaining = remaining.max(1e-3);
        let early = super::late_reading(&mut self.model, remaining);
        let limit = self.totals.highs_ms / 1000.0 + remaining - early;
        ffi::set_double(&mut self.model, c"time_limit", limit)?;
        super::bound_feasibility_jump(&mut self.model, &self.options, remaining)?;
        let mut run = ffi::run(&mut self.model);
        if matches!(run, Err(SolveError::Status { .. })) {
            self.retries += 1;
            ffi::set_string(&mut self.model, c"presolve", "off")?;
            run = ffi::run(&mut self.model);
            ffi::set_string(&mut self.model, c"presolve", "choose")?;
        }
        self.solves += 1;
        run?;
        let mut status = status_of(ffi::model_status(&mut self.model)?)?;
        if status == Status::Infeasible && ffi::get_string(&mut self.model, c"presolve")? != "off" {
            // "No solution" is a proof only without presolve (module notes): confirmed.
            self.confirmations += 1;
            ffi::set_string(&mut self.model, c"presolve", "off")?;
            let again = ffi::run(&mut self.model);
            ffi::set_string(&mut self.model, c"presolve", "choose")?;
            again?;
            status = status_of(ffi::model_status(&mut self.model)?)?;
        }
        let values = match status {
            Status::Solved => Some(self.column_values()?),
            _ => None,
        };
        let nodes = ffi::int64_info(&mut self.model, c"mip_node_count")?;
        let iterations = ffi::int_info(&mut self.model, c"simplex_iteration_count")?;
        let highs_seconds = ffi::run_time(&mut self.model);
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

    /// The primal values of every column after a solve, once HiGHS's size matches the
    /// session's.
    fn column_values(&mut self) -> Result<Vec<f64>, SolveError> {
        let (cols, rows, _) = ffi::size(&mut self.model);
        if cols != self.columns.len() || rows != self.rows {
            return Err(SolveError::SizeMismatch {
                highs_columns: cols,
                highs_rows: rows,
                columns: self.columns.len(),
                rows: self.rows,
            });
        }
        ffi::column_values(&mut self.model)
    }

    fn column(&self, j: usize) -> Result<highs::Col, SolveError> {
        self.columns.get(j).copied().ok_or(SolveError::Index {
            what: "column",
            index: j,
            count: self.columns.len(),
        })
    }
}

/// `highs::Col` handles 0..k, in order: the highs crate gives out handles only as columns are
/// added, and a throwaway `RowProblem` numbers its columns 0, 1, 2, …
fn column_handles(k: usize) -> Vec<highs::Col> {
    let mut scratch = highs::RowProblem::default();
    (0..k).map(|_| scratch.add_column(0.0, 0.0..=0.0)).collect()
}

/// The C API's code of a status the highs crate returned (its `Error` is HiGHS's -1).
fn code(status: highs::HighsStatus) -> i32 {
    match status {
        highs::HighsStatus::OK => 0,
        highs::HighsStatus::Warning => 1,
        highs::HighsStatus::Error => -1,
    }
}
