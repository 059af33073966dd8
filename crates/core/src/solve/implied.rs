//! Which candidates the LP relaxation removes, and the dual that proves it: one LP per puzzle,
//! kept warm, whose bounds follow the candidate grid.
//!
//! Every LP here goes through [`LabLp`], made by an [`LpBackend`]: HiGHS in-process natively
//! ([`crate::solve::lab_lp::hint_backend`]), HiGHS compiled to WebAssembly in the browser.
//! The binary model goes to the LP once with its integralities cleared. For a state of the grid
//! the columns are bounded: a placed candidate `1 ≤ x ≤ 1`, a removed one `0 ≤ x ≤ 0`, an open
//! one `0 ≤ x` (no upper bound: the cell row already implies x ≤ 1, and without it every
//! optimal dual is a combination of rows alone, nonnegative on the open columns). Then
//! "maximise x_t" is "minimise −x_t"; when its optimum is 0, HiGHS's row duals y satisfy
//! `−e_t − Aᵀy ≥ 0` on the open columns (the reduced costs of a minimum at the lower bound),
//! so the multipliers `−y` give a combined row with coefficient ≥ 1 on x_t and ≥ 0 on every
//! other open column, whose right-hand side after the fixed columns is the optimum's negation,
//! 0. Other columns of the model (a rule form's auxiliary columns) keep lower bound 0 and lose
//! their upper bound for the same reason.

use crate::formulation::{BuiltModel, Sense};
use crate::lp_interface::{LabLp, LpBackend, LpError, LpState};

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
    lp: Box<dyn LabLp>,
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
    /// Hands the model to the backend as an LP with every column open.
    pub fn new(model: &BuiltModel, backend: &LpBackend) -> Result<ImpliedLp, LpError> {
        let mut lp = backend(model)?;
        let columns = model.variables.len();
        for j in 0..columns {
            lp.set_column_bounds(j, 0.0, f64::INFINITY)?;
        }
        Ok(ImpliedLp {
            lp,
            states: vec![ColumnState::Open; columns],
            solves: 0,
        })
    }

    /// Number of columns.
    pub fn columns(&self) -> usize {
        self.states.len()
    }

    /// Sets the state of column j (nothing is sent to the LP when it is unchanged).
    pub fn set_state(&mut self, j: usize, state: ColumnState) -> Result<(), LpError> {
        if self.states.get(j) == Some(&state) {
            return Ok(());
        }
        let (lower, upper) = bounds(state);
        self.lp.set_column_bounds(j, lower, upper)?;
        self.states[j] = state;
        Ok(())
    }

    /// The state of column j.
    pub fn state(&self, j: usize) -> ColumnState {
        self.states[j]
    }

    /// Maximises Σ x_j over `targets` (weights 1) in the current state, as "minimise −Σ x_j".
    pub fn maximise(&mut self, targets: &[usize]) -> Result<Maximum, LpError> {
        let costs: Vec<(usize, f64)> = targets.iter().map(|&j| (j, -1.0)).collect();
        self.lp.set_objective(false, &costs)?;
        let solved = self.lp.solve();
        self.lp.set_objective(false, &[])?;
        let point = solved?;
        self.solves += 1;
        match point.state {
            LpState::Infeasible => Ok(Maximum::Infeasible),
            LpState::Optimal => Ok(Maximum::Value {
                max: -point.objective,
                multipliers: point.row_duals.into_iter().map(|y| -y).collect(),
                point: point.columns,
            }),
            LpState::Stopped => Err(LpError(
                "the LP of a candidate stopped before an optimum".into(),
            )),
        }
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
    backend: &LpBackend,
) -> Result<Option<Vec<f64>>, LpError> {
    use good_lp::{variable, Expression};
    let mut model = BuiltModel::new("combination".into(), 0);
    let mut multipliers: Vec<Expression> = Vec::with_capacity(rows.len());
    let mut norm: Vec<(usize, f64)> = Vec::new();
    // Each multiplier as (column, sign) pairs, to read it back from the solution.
    let mut parts: Vec<Vec<(usize, f64)>> = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        let mut m = Expression::from(0.0);
        let mut part = Vec::new();
        if row.direction >= 0 {
            let (p, j) = model.add_variable(variable().min(0.0).name(format!("p{i}")));
            m += p;
            norm.push((j, 1.0));
            part.push((j, 1.0));
        }
        if row.direction <= 0 {
            let (q, j) = model.add_variable(variable().min(0.0).name(format!("q{i}")));
            m -= q;
            norm.push((j, 1.0));
            part.push((j, -1.0));
        }
        multipliers.push(m);
        parts.push(part);
    }
    let mut by_column: std::collections::BTreeMap<usize, Expression> = Default::default();
    let mut rhs = Expression::from(0.0);
    for (row, m) in rows.iter().zip(&multipliers) {
        for &(j, a) in &row.terms {
            *by_column.entry(j).or_insert_with(|| Expression::from(0.0)) += a * m.clone();
        }
        rhs += row.rhs * m.clone();
    }
    for (j, e) in by_column {
        let bound = if j == target { 1.0 } else { 0.0 };
        model.add_row(format!("col{j}"), e, Sense::Ge, bound);
    }
    model.add_row("rhs".into(), rhs, Sense::Le, 0.0);
    let mut lp = backend(&model)?;
    lp.set_objective(false, &norm)?;
    let point = lp.solve()?;
    match point.state {
        LpState::Optimal => Ok(Some(
            parts
                .iter()
                .map(|part| part.iter().map(|&(j, s)| s * point.columns[j]).sum())
                .collect(),
        )),
        LpState::Infeasible => Ok(None),
        LpState::Stopped => Err(LpError(
            "the smallest combination's LP stopped before an optimum".into(),
        )),
    }
}
