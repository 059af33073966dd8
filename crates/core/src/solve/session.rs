//! The MILP solves of [`NativeLp`], for the searches that solve one model many times with small
//! changes in between: counting (one no-good row, and binary columns, per solution found),
//! explaining (switching the rows of givens off and on), generating, and the lab's "finish".
//!
//! The model stays one `highs::Model`: rows and columns are added, deleted and re-bounded
//! between solves, never rebuilt. Each solve calls `Highs_run` on the model itself instead of
//! the highs crate's `try_solve`, which turns the model into a `SolvedModel` but drops it when
//! HiGHS reports an error — and one error needs a retry: HiGHS 1.15's presolve can return a
//! point that violates a row of a model with no-good rows ("MIP solver claims optimality, but
//! with … infeasibilities", seen on tdoku's test grid 42 while counting; once in about 8,000
//! solves over the test grids). Such a solve is run once more with presolve off, which is
//! exact, and presolve is set back as it was.
//!
//! HiGHS 1.15's presolve can also call such a model infeasible when it is not: an empty 4×4
//! with a greater-than sign, negative XV and an extra region (issue 34) has 4 solutions, but
//! with r1c1 bounded to [3, 4] and one no-good row, presolve said "infeasible" where presolve
//! off finds two more (switching off any of several presolve rules hides it). So every
//! "infeasible" found with presolve on is confirmed by a second run with presolve off before
//! the search believes it: one more solve per subspace searched to its end.
//!
//! That confirmation is a whole second branch and bound, and it was most of the time of
//! counting to two on puzzles whose "no second solution" is hard (issue 44: `fpuzzles_more` 12
//! and 23, `fpuzzles_lines` 5; docs/models.md). So when a session's first solve shows that
//! presolve does not settle this model (HiGHS needed [`SEARCHED_MODEL_ITERATIONS`] simplex
//! iterations or more after it), every later solve runs with presolve off, which is exact and
//! needs no confirmation: one branch and bound per "infeasible" (the end of a count, a
//! uniqueness check, an explanation) instead of two. Where presolve does settle the first solve
//! (a classic grid, a small grid's many re-solves of a count) it stays on: there a later solve
//! is cheap with it and up to twice as dear without (an empty 4×4's 288 grids in the natural
//! model: 3.7 s of processor time with presolve on, 6.6 s off). A `--highs presolve=…` given by
//! the user is kept for every solve (and its "infeasible" confirmed as before).
//!
//! HiGHS's run clock keeps running across the solves of one instance (`Highs::run` starts it
//! without resetting it, HiGHS 1.15: a second run reports the sum of both runs' times), and the
//! `time_limit` option is compared with that clock. [`NativeLp::solve_milp`] therefore sets
//! `time_limit` to the time used so far plus what the caller allows.

use super::lab_lp::{state_of, NativeLp};
use super::{ffi, ms, status_of, SolveError, Status};
use crate::clock::Instant;
use crate::lp_interface::MipPoint;

/// The simplex iterations of a session's first solve from which its later solves run without
/// presolve (module notes): presolve settles the binary model of a classic grid with none, and
/// the three slow puzzles of issue 44 took 5,052 (`fpuzzles_more` 12), 24,574 (23) and 205,115
/// (`fpuzzles_lines` 5).
pub const SEARCHED_MODEL_ITERATIONS: i64 = 1_000;

/// What one MILP solve found.
#[derive(Debug, Clone)]
pub struct MilpOutcome {
    pub status: Status,
    /// Values of every column, when solved.
    pub values: Option<Vec<f64>>,
    /// The objective value with the model's constant, when solved.
    pub objective: f64,
    /// This solve's branch-and-bound nodes.
    pub nodes: i64,
}

impl NativeLp {
    /// Adds a binary column that appears in no row yet (rows added later may use it); returns
    /// its index. On a relaxed LP the column is continuous in [0, 1].
    pub fn add_binary_column(&mut self) -> Result<usize, SolveError> {
        let integer = !self.policy.relaxed;
        self.model
            .try_add_column_with_integrality(0.0, 0.0..=1.0, std::iter::empty(), integer)
            .map_err(|status| SolveError::Status {
                what: "add a column",
                status: code(status),
            })?;
        self.bounds.push((0.0, 1.0));
        Ok(self.bounds.len() - 1)
    }

    /// Deletes every row from index `rows` on and every column from index `columns` on (the
    /// rows and columns added last), giving the model back the size it had then.
    pub fn truncate(&mut self, rows: usize, columns: usize) -> Result<(), SolveError> {
        if rows < self.rows {
            ffi::delete_rows_from(&mut self.model, rows)?;
            self.rows = rows;
        }
        if columns < self.bounds.len() {
            ffi::delete_columns_from(&mut self.model, columns)?;
            self.bounds.truncate(columns);
        }
        Ok(())
    }

    /// Solves the model as it stands (its integrality as it is) for at most `remaining` more
    /// seconds of HiGHS time, adding its statistics to [`NativeLp::totals`].
    pub fn solve_milp(&mut self, remaining: f64) -> Result<MilpOutcome, SolveError> {
        let start = Instant::now();
        // HiGHS compares its cumulative run clock with `time_limit` (module notes).
        let remaining = remaining.max(1e-3);
        let early = super::late_reading(&mut self.model, remaining);
        let limit = (ffi::run_time(&mut self.model) + remaining - early).min(self.time_limit);
        ffi::set_double(&mut self.model, c"time_limit", limit)?;
        super::bound_feasibility_jump(&mut self.model, &self.options, remaining)?;
        let mut run = ffi::run(&mut self.model);
        if matches!(run, Err(SolveError::Status { .. })) {
            self.retries += 1;
            run = self.run_without_presolve();
        }
        self.solves += 1;
        run?;
        let mut status = status_of(ffi::model_status(&mut self.model)?)?;
        if status == Status::Infeasible && ffi::get_string(&mut self.model, c"presolve")? != "off" {
            // "No solution" is a proof only without presolve (module notes): confirmed.
            self.confirmations += 1;
            self.run_without_presolve()?;
            status = status_of(ffi::model_status(&mut self.model)?)?;
        }
        let values = match status {
            Status::Solved => Some(self.column_values()?),
            _ => None,
        };
        let nodes = ffi::int64_info(&mut self.model, c"mip_node_count")?;
        let iterations = ffi::int_info(&mut self.model, c"simplex_iteration_count")?;
        if self.solves == 1
            && iterations >= SEARCHED_MODEL_ITERATIONS
            && !self.options.names("presolve")
        {
            // Presolve did not settle this model: every later solve without it (module notes).
            ffi::set_string(&mut self.model, c"presolve", "off")?;
        }
        self.totals.solve_ms += ms(start.elapsed());
        self.totals.highs_ms = ffi::run_time(&mut self.model) * 1000.0;
        self.totals.nodes += nodes.max(0);
        self.totals.lp_iterations += iterations.max(0);
        Ok(MilpOutcome {
            status,
            values,
            objective: self.objective_value(),
            nodes,
        })
    }

    /// [`NativeLp::solve_milp`] with every column integer for this one solve (the lab's
    /// "finish" on its LP relaxation); afterwards the LP is as it was, with no time limit.
    pub(super) fn solve_integer(&mut self, time_limit: f64) -> Result<MipPoint, SolveError> {
        let relaxed = self.policy.relaxed;
        if relaxed {
            ffi::set_all_integrality(&mut self.model, true)?;
        }
        let outcome = self.solve_milp(time_limit);
        if relaxed {
            ffi::set_all_integrality(&mut self.model, false)?;
        }
        ffi::set_double(&mut self.model, c"time_limit", self.time_limit)?;
        let outcome = outcome?;
        Ok(MipPoint {
            state: state_of(outcome.status),
            objective: outcome.objective,
            columns: outcome.values.unwrap_or_default(),
            nodes: outcome.nodes,
        })
    }

    /// Runs HiGHS once with presolve off, then sets presolve back as it was.
    fn run_without_presolve(&mut self) -> Result<(), SolveError> {
        let before = ffi::get_string(&mut self.model, c"presolve")?;
        ffi::set_string(&mut self.model, c"presolve", "off")?;
        let run = ffi::run(&mut self.model);
        ffi::set_string(&mut self.model, c"presolve", &before)?;
        run
    }

    /// The primal values of every column after a solve, once HiGHS's size matches the LP's.
    fn column_values(&mut self) -> Result<Vec<f64>, SolveError> {
        let (cols, rows, _) = ffi::size(&mut self.model);
        if cols != self.bounds.len() || rows != self.rows {
            return Err(SolveError::SizeMismatch {
                highs_columns: cols,
                highs_rows: rows,
                columns: self.bounds.len(),
                rows: self.rows,
            });
        }
        ffi::column_values(&mut self.model)
    }
}

/// The C API's code of a status the highs crate returned (its `Error` is HiGHS's -1).
fn code(status: highs::HighsStatus) -> i32 {
    match status {
        highs::HighsStatus::OK => 0,
        highs::HighsStatus::Warning => 1,
        highs::HighsStatus::Error => -1,
    }
}
