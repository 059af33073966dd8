//! Disjoint groups: the cells at the same position in every box hold different values.
//!
//! ```text
//! all-different({cell at position p of box b : every box b})   disjointK_pP
//! ```

use super::holds::distinct;
use super::{Broken, Context, Primitive, RuleKind, RuleProblem};
use crate::geometry::{Cell, Grid, Layout};

/// The disjoint groups rule (it has no data).
pub struct DisjointGroups;

impl RuleKind for DisjointGroups {
    fn name(&self) -> &'static str {
        "disjoint groups"
    }

    fn tag_prefix(&self) -> &'static str {
        "disjoint"
    }

    /// Disjoint groups need boxes (positions in an irregular region have no meaning).
    fn validate(&self, ctx: &Context) -> Result<(), RuleProblem> {
        match ctx.layout {
            Layout::Boxes { .. } => Ok(()),
            Layout::Regions(_) => Err(RuleProblem::NeedsBoxes),
        }
    }

    fn lower(&self, tag: &str, ctx: &Context) -> Vec<Primitive> {
        lower(ctx.n, ctx.layout, tag)
    }

    /// Cells with the same position inside their box hold different values.
    fn holds(&self, _name: &str, grid: &Grid, ctx: &Context) -> Result<(), Broken> {
        let n = ctx.n;
        let Layout::Boxes { rows, cols } = *ctx.layout else {
            return Ok(());
        };
        let mut groups: Vec<Vec<i64>> = vec![Vec::new(); n];
        for r in 0..n {
            for c in 0..n {
                groups[(r % rows) * cols + c % cols].push(grid.values[r * n + c] as i64);
            }
        }
        for (p, values) in groups.into_iter().enumerate() {
            distinct(&format!("disjoint group {}", p + 1), values.into_iter())?;
        }
        Ok(())
    }
}

/// One all-different per position inside a box: the cells at that position in every box.
fn lower(n: usize, layout: &Layout, tag: &str) -> Vec<Primitive> {
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
