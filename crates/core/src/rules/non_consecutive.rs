//! Non-consecutive: orthogonal neighbours do not hold consecutive values, except a pair that
//! carries a kropki dot or an X/V (it follows its marker only).
//!
//! ```text
//! (value(a), value(b)) ∈ {(u, w) : |u − w| ≠ 1}     noncons_r1c1_r1c2
//! ```

use super::holds::neighbours;
use super::{pair_table, pair_tag, Broken, Context, Primitive, RuleKind};
use crate::geometry::Grid;

/// The non-consecutive rule (it has no data).
pub struct NonConsecutive;

impl RuleKind for NonConsecutive {
    fn name(&self) -> &'static str {
        "non-consecutive"
    }

    fn tag_prefix(&self) -> &'static str {
        "noncons"
    }

    fn lower(&self, _tag: &str, ctx: &Context) -> Vec<Primitive> {
        ctx.unmarked_neighbours()
            .into_iter()
            .map(|(a, b)| Primitive::Pairs {
                tag: format!("noncons_{}", pair_tag(a, b)),
                a,
                b,
                allowed: pair_table(ctx.n, |u, w| (u - w).abs() != 1),
            })
            .collect()
    }

    /// No unmarked pair of orthogonal neighbours holds consecutive values.
    fn holds(&self, name: &str, grid: &Grid, ctx: &Context) -> Result<(), Broken> {
        neighbours(grid, ctx, name, |u, w| (u - w).abs() == 1)
    }
}
