//! Anti-king: two cells a chess king's move apart hold different values. Orthogonal neighbours
//! share a row or column already, so only the diagonal steps add primitives.
//!
//! ```text
//! all-different(a, b)  for |Δrow| = |Δcol| = 1    antiking_r1c1_r2c2
//! ```

use super::holds::apart;
use super::{move_pairs, Broken, Context, Primitive, RuleKind};
use crate::geometry::Grid;

/// The diagonal king moves.
pub const STEPS: [(i64, i64); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The anti-king rule (it has no data).
pub struct AntiKing;

impl RuleKind for AntiKing {
    fn name(&self) -> &'static str {
        "anti-king"
    }

    fn tag_prefix(&self) -> &'static str {
        "antiking"
    }

    fn lower(&self, _tag: &str, ctx: &Context) -> Vec<Primitive> {
        move_pairs(ctx.n, &STEPS, "antiking")
    }

    /// No two cells a king's move apart (diagonally) hold the same value.
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        apart(grid, name, &[(1, 1), (1, -1)])
    }
}
