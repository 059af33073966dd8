//! Entropic line: every three neighbouring cells on the line hold one low, one middle and one
//! high value (on 9×9: one of {1,2,3}, one of {4,5,6}, one of {7,8,9}; on other sizes the classes
//! f-puzzles uses: low and high ⌊n/3⌋ or ⌈n/3⌉ values each, the middle the rest).
//!
//! One allowed-tuples table per run of three neighbouring cells (the whole line when shorter):
//!
//! ```text
//! (value(c_i), value(c_{i+1}), value(c_{i+2})) ∈ {t : classes of t pairwise different}   entropicK_c_i
//! ```
//!
//! In the binary model its tuple columns give the convex hull of each run: the LP relaxation
//! already says Σ_{c ∈ run} Σ_{v ∈ class} x_cv = 1 for each class. The weaker equivalent, the
//! allowed pairs "different class" on cells one or two apart, left the MILP 7–9 s on two
//! puzzles of `fpuzzles_more` (docs/models.md).

use super::holds::{broken, shared_class};
use super::{
    check_three_classes, class_windows, Broken, Context, Primitive, RuleKind, RuleProblem,
};
use crate::geometry::{Cell, Grid};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entropic {
    pub cells: Vec<Cell>,
}

/// The class of value v (0 low, 1 middle, 2 high) on an n×n grid.
pub fn class(n: usize, v: i64) -> i64 {
    let (floor, ceil) = (n / 3, n.div_ceil(3));
    let low = if 2 * floor + ceil == n { floor } else { ceil } as i64;
    let middle = n as i64 - 2 * low;
    if v <= low {
        0
    } else if v <= low + middle {
        1
    } else {
        2
    }
}

impl RuleKind for Entropic {
    fn name(&self) -> &'static str {
        "entropic line"
    }

    fn tag_prefix(&self) -> &'static str {
        "entropic"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    /// Three classes need n ≥ 3.
    fn validate(&self, ctx: &Context) -> Result<(), RuleProblem> {
        check_three_classes(self.cells.len(), ctx.n, "classes")
    }

    fn lower(&self, tag: &str, ctx: &Context) -> Vec<Primitive> {
        let n = ctx.n;
        class_windows(tag, &self.cells, ctx, |v| class(n, v as i64) as u8)
    }

    /// Every run of three neighbouring cells (or the whole line, if shorter) holds values of
    /// pairwise different classes.
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        let n = grid.n;
        let third = |v: u8| -> u8 {
            // Low and high take ⌊n/3⌋ values when that leaves the middle ⌈n/3⌉, else ⌈n/3⌉.
            let low = if n % 3 == 1 { n / 3 } else { n.div_ceil(3) };
            let v = v as usize;
            (v > low) as u8 + (v > n - low) as u8
        };
        match shared_class(grid, &self.cells, third) {
            Some((w, _)) => broken(name, format!("two cells of {w:?} share a class")),
            None => Ok(()),
        }
    }
}
