//! Anti-knight: two cells a chess knight's move apart hold different values.
//!
//! ```text
//! all-different(a, b)  for |Δrow|·|Δcol| = 2      antiknight_r1c1_r2c3
//! ```

use super::{move_pairs, Primitive};

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

pub(super) fn lower(n: usize) -> Vec<Primitive> {
    move_pairs(n, &STEPS, "antiknight")
}
