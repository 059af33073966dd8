//! Anti-knight: two cells a chess knight's move apart hold different values.
//!
//! ```text
//! all-different(a, b)  for |Δrow|·|Δcol| = 2      antiknight_r1c1_r2c3
//! ```

use super::holds::apart;
use super::{move_pairs, Broken, Context, Primitive, RuleKind};
use crate::geometry::Grid;

/// The eight knight moves.
pub const STEPS: [(i64, i64); 8] = [
    (1, 2),
    (2, 1),
    (-1, 2),
    (-2, 1),
    (1, -2),
    (2, -1),
    (-1, -2),
    (-2, -1),
];

/// The anti-knight rule (it has no data).
pub struct AntiKnight;

impl RuleKind for AntiKnight {
    fn name(&self) -> &'static str {
        "anti-knight"
    }

    fn tag_prefix(&self) -> &'static str {
        "antiknight"
    }

    fn lower(&self, _tag: &str, ctx: &Context) -> Vec<Primitive> {
        move_pairs(ctx.n, &STEPS, "antiknight")
    }

    /// No two cells a knight's move apart hold the same value.
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        apart(grid, name, &[(1, 2), (2, 1), (1, -2), (2, -1)])
    }
}
