//! What the LP relaxation forces, not one vertex: for every candidate column x_{c,v} its
//! minimum and maximum over the LP polytope {A x = b, 0 ≤ x ≤ 1}. With objective 0 every
//! feasible point is optimal, so one vertex says little; the range says which candidates the
//! relaxation forces to 1 (min = 1), forces to 0 (max = 0), or leaves free. On a puzzle with
//! two solutions the midpoint of the grids is LP-feasible, so the cells where they differ are
//! free although some vertex may look like a grid.
//!
//! Two LPs per column at most (min x_j, max x_j), fewer in practice: every vertex met on the
//! way settles the columns at 0 (min 0) and at 1 (max 1). The LP's objective is replaced.

use super::lp::{LabLp, LpError, LpState};

/// What the polytope says about one candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Forced {
    /// 1 at every LP point.
    One,
    /// 0 at every LP point.
    Zero,
    /// Strictly between somewhere: 0 at some point, positive at another (or the like).
    Free,
}

/// The range of every column, `None` when the LP is infeasible.
pub fn column_ranges(
    lp: &mut impl LabLp,
    columns: usize,
) -> Result<Option<Vec<(f64, f64)>>, LpError> {
    let mut lo: Vec<Option<f64>> = vec![None; columns];
    let mut hi: Vec<Option<f64>> = vec![None; columns];
    let settle = |x: &[f64], lo: &mut Vec<Option<f64>>, hi: &mut Vec<Option<f64>>| {
        for (j, &v) in x.iter().enumerate().take(columns) {
            if v <= 1e-9 {
                lo[j] = Some(0.0);
            }
            if v >= 1.0 - 1e-9 {
                hi[j] = Some(1.0);
            }
        }
    };
    lp.set_objective(false, &[])?;
    let first = lp.solve()?;
    if first.state != LpState::Optimal {
        return Ok(None);
    }
    settle(&first.columns, &mut lo, &mut hi);
    for j in 0..columns {
        for maximise in [false, true] {
            let known = if maximise { hi[j] } else { lo[j] };
            if known.is_some() {
                continue;
            }
            lp.set_objective(maximise, &[(j, 1.0)])?;
            let point = lp.solve()?;
            if point.state != LpState::Optimal {
                return Err(LpError(format!("the LP stopped while ranging column {j}")));
            }
            settle(&point.columns, &mut lo, &mut hi);
            let slot = if maximise { &mut hi[j] } else { &mut lo[j] };
            *slot = Some(point.columns[j]);
        }
    }
    Ok(Some(
        lo.into_iter()
            .zip(hi)
            .map(|(l, h)| (l.unwrap_or(0.0), h.unwrap_or(1.0)))
            .collect(),
    ))
}

/// Forced to 1, forced to 0, or free, from a column's range.
pub fn forced((min, max): (f64, f64)) -> Forced {
    if min >= 1.0 - 1e-6 {
        Forced::One
    } else if max <= 1e-6 {
        Forced::Zero
    } else {
        Forced::Free
    }
}
