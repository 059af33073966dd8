//! The no-good cut of an integral point x̂: with S = {j : x̂_j = 1} over the open cells,
//! Σ_{j∈S} x_j ≤ |S| − 1. Every other 0/1 point satisfies it (it differs from x̂ on some j∈S,
//! or it has a 1 outside S, which in the binary model means a 0 inside S: one 1 per cell);
//! x̂ violates it by 1. It lets the search go on past a grid to the next one.

use super::{Cut, CutKind, NoCut};
use crate::lab::{lp::LabLp, Lab};

/// The no-good cut of `values` when it is integral, else why not.
pub fn separate<L: LabLp>(lab: &Lab<L>, values: &[f64]) -> Result<Cut, NoCut> {
    let fractional = crate::lab::fractional_columns(values).len();
    if fractional > 0 {
        return Err(NoCut::Fractional {
            columns: fractional,
        });
    }
    let givens = lab.puzzle.givens();
    let terms: Vec<(usize, f64)> = values
        .iter()
        .enumerate()
        .filter(|&(j, &x)| x > 0.5 && matches!(lab.candidate[j], Some((c, _)) if givens[c] == 0))
        .map(|(j, _)| (j, 1.0))
        .collect();
    if terms.is_empty() {
        return Err(NoCut::OnlyGivens);
    }
    let upper = terms.len() as f64 - 1.0;
    Ok(Cut {
        kind: CutKind::NoGood,
        name: String::new(),
        origin: format!(
            "excludes the grid of this node ({} open cells)",
            terms.len()
        ),
        terms,
        lower: f64::NEG_INFINITY,
        upper,
        integral: true,
        scope: 0,
        violation: 0.0,
    })
}
