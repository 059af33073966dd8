//! Which candidates the LP relaxation removes, and the dual that proves it: one LP per puzzle,
//! kept warm, whose bounds follow the candidate grid.
//!
//! The binary model goes to HiGHS once with its integralities cleared. For a state of the grid
//! the columns are bounded: a placed candidate `1 ≤ x ≤ 1`, a removed one `0 ≤ x ≤ 0`, an open
//! one `0 ≤ x` (no upper bound: the cell row already implies x ≤ 1, and without it every
//! optimal dual is a combination of rows alone, nonnegative on the open columns). Then
//! "maximise x_t" is "minimise −x_t"; when its optimum is 0, HiGHS's row duals y satisfy
//! `−e_t − Aᵀy ≥ 0` on the open columns (the reduced costs of a minimum at the lower bound),
//! so the multipliers `−y` give a combined row with coefficient ≥ 1 on x_t and ≥ 0 on every
//! other open column, whose right-hand side after the fixed columns is the optimum's negation,
//! 0. Other columns of the model (a rule form's auxiliary columns) keep lower bound 0 and lose
//! their upper bound for the same reason.

use super::{ffi, status_of, to_highs, SolveError, SolveOptions, Status};
use crate::formulation::BuiltModel;

/// The state of one column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColumnState {
    Open,
    Removed,
    Placed,
}

/// The LP's answer for one candidate.
#[derive(Debug, Clone, PartialEq)]
pub enum Maximum {
    /// The LP is infeasible in this state (the grid is broken).
    Infeasible,
    /// The largest value of x_t over the LP, and the multipliers (one per row) of a dual
    /// optimum, oriented as the module notes say.
    Value {
        max: f64,
        multipliers: Vec<f64>,
        /// The optimal point's column values.
        point: Vec<f64>,
    },
}

/// The LP relaxation of a built model with per-column states.
pub struct ImpliedLp {
    model: highs::Model,
    states: Vec<ColumnState>,
    /// LP solves so far.
    pub solves: usize,
}

fn bounds(state: ColumnState) -> (f64, f64) {
    match state {
        ColumnState::Open => (0.0, f64::INFINITY),
        ColumnState::Removed => (0.0, 0.0),
        ColumnState::Placed => (1.0, 1.0),
    }
}

impl ImpliedLp {
    /// Passes the model to HiGHS (one thread, quiet) as an LP with every column open.
    pub fn new(model: &BuiltModel) -> Result<ImpliedLp, SolveError> {
        let options = SolveOptions {
            threads: 1,
            verbose: false,
            tuned: false,
            ..SolveOptions::default()
        };
        let mut highs_model = to_highs(model, &options)?;
        ffi::clear_integrality(&mut highs_model)?;
        // Presolve off: every solve but the first starts from the previous basis, and on the
        // first (an LP of n³ columns) presolve cost more than the simplex it saves.
        ffi::set_string(&mut highs_model, c"presolve", "off")?;
        let columns = model.variables.len();
        for j in 0..columns {
            ffi::set_column_bounds(&mut highs_model, j, 0.0, f64::INFINITY)?;
        }
        Ok(ImpliedLp {
            model: highs_model,
            states: vec![ColumnState::Open; columns],
            solves: 0,
        })
    }

    /// Number of columns.
    pub fn columns(&self) -> usize {
        self.states.len()
    }

    /// Sets the state of column j (nothing is sent to HiGHS when it is unchanged).
    pub fn set_state(&mut self, j: usize, state: ColumnState) -> Result<(), SolveError> {
        if self.states.get(j) == Some(&state) {
            return Ok(());
        }
        let (lower, upper) = bounds(state);
        ffi::set_column_bounds(&mut self.model, j, lower, upper)?;
        self.states[j] = state;
        Ok(())
    }

    /// The state of column j.
    pub fn state(&self, j: usize) -> ColumnState {
        self.states[j]
    }

    /// Maximises Σ x_j over `targets` (weights 1) in the current state.
    pub fn maximise(&mut self, targets: &[usize]) -> Result<Maximum, SolveError> {
        for &j in targets {
            ffi::set_column_cost(&mut self.model, j, -1.0)?;
        }
        let ran = ffi::run(&mut self.model);
        let outcome = ran.and_then(|()| {
            let status = status_of(ffi::model_status(&mut self.model)?)?;
            self.solves += 1;
            match status {
                Status::Infeasible => Ok(Maximum::Infeasible),
                Status::Solved => {
                    let max = -ffi::objective_value(&mut self.model);
                    let multipliers = ffi::row_duals(&mut self.model)?
                        .into_iter()
                        .map(|y| -y)
                        .collect();
                    let point = ffi::column_values(&mut self.model)?;
                    Ok(Maximum::Value {
                        max,
                        multipliers,
                        point,
                    })
                }
                Status::TimeLimit => Err(SolveError::UnexpectedModelStatus {
                    what: "the LP of a candidate",
                    status: "time limit".into(),
                }),
            }
        });
        for &j in targets {
            ffi::set_column_cost(&mut self.model, j, 0.0)?;
        }
        outcome
    }
}

/// One row for [`smallest_combination`]: its direction (−1 `≥`, 0 `=`, 1 `≤`), its terms on the
/// open columns (by column index) and its right-hand side after the placed columns.
#[derive(Debug, Clone, PartialEq)]
pub struct OpenRow {
    pub direction: i8,
    pub terms: Vec<(usize, f64)>,
    pub rhs: f64,
}

/// Among the combinations of `rows` whose coefficient is ≥ 1 on `target`, ≥ 0 on every other
/// column they touch, with right-hand side ≤ 0, one of least Σ|multiplier| (the L1 norm, which
/// favours few rows), as one multiplier per row; `None` when there is none.
///
/// ```text
/// min Σ (p_i + q_i)   s.t.  Σ_i (p_i − q_i)·a_ij ≥ [j = t]  ∀ column j,
///                           Σ_i (p_i − q_i)·b_i ≤ 0,  p, q ≥ 0 (q = 0 on ≤ rows, p = 0 on ≥ rows)
/// ```
pub fn smallest_combination(
    rows: &[OpenRow],
    target: usize,
) -> Result<Option<Vec<f64>>, SolveError> {
    use good_lp::{highs, variable, Expression, ProblemVariables, Solution, SolverModel};
    let mut vars = ProblemVariables::new();
    let mut multipliers: Vec<Expression> = Vec::with_capacity(rows.len());
    let mut norm = Expression::from(0.0);
    for row in rows {
        let mut m = Expression::from(0.0);
        if row.direction >= 0 {
            let p = vars.add(variable().min(0.0));
            m += p;
            norm += p;
        }
        if row.direction <= 0 {
            let q = vars.add(variable().min(0.0));
            m -= q;
            norm += q;
        }
        multipliers.push(m);
    }
    let mut by_column: std::collections::BTreeMap<usize, Expression> = Default::default();
    let mut rhs = Expression::from(0.0);
    for (row, m) in rows.iter().zip(&multipliers) {
        for &(j, a) in &row.terms {
            *by_column.entry(j).or_insert_with(|| Expression::from(0.0)) += a * m.clone();
        }
        rhs += row.rhs * m.clone();
    }
    let mut problem = vars.minimise(norm).using(highs).set_threads(1);
    problem.set_verbose(false);
    for (j, e) in by_column {
        let bound = if j == target { 1.0 } else { 0.0 };
        problem.add_constraint(e.geq(bound));
    }
    problem.add_constraint(rhs.leq(0.0));
    match problem.solve() {
        Ok(solution) => Ok(Some(multipliers.iter().map(|m| solution.eval(m)).collect())),
        Err(good_lp::ResolutionError::Infeasible) => Ok(None),
        Err(e) => Err(SolveError::Pass(e.to_string())),
    }
}
