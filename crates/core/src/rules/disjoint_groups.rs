//! Disjoint groups: the cells at the same position in every box hold different values.
//!
//! ```text
//! all-different({cell at position p of box b : every box b})   disjointK_pP
//! ```

use super::{Primitive, RuleProblem};
use crate::puzzle::{Cell, Layout};

/// Disjoint groups need boxes (positions in an irregular region have no meaning).
pub(super) fn validate(layout: &Layout) -> Result<(), RuleProblem> {
    match layout {
        Layout::Boxes { .. } => Ok(()),
        Layout::Regions(_) => Err(RuleProblem::NeedsBoxes),
    }
}

pub(super) fn lower(n: usize, layout: &Layout, tag: &str) -> Vec<Primitive> {
    let Layout::Boxes { rows, cols } = *layout else {
        return Vec::new();
    };
    (0..n)
        .map(|p| {
            let cells = (0..n)
                .map(|r0| (r0 / (n / cols) * rows, r0 % (n / cols) * cols))
                .map(|(r0, c0)| Cell {
                    row: r0 + p / cols,
                    col: c0 + p % cols,
                })
                .collect();
            Primitive::AllDifferent {
                tag: format!("{tag}_p{}", p + 1),
                cells,
            }
        })
        .collect()
}
