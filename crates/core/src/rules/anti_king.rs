//! Anti-king: two cells a chess king's move apart hold different values. Orthogonal neighbours
//! share a row or column already, so only the diagonal steps add primitives.
//!
//! ```text
//! all-different(a, b)  for |Δrow| = |Δcol| = 1    antiking_r1c1_r2c2
//! ```

use super::{move_pairs, Primitive};

/// The diagonal king moves.
pub const STEPS: [(i64, i64); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

pub(super) fn lower(n: usize) -> Vec<Primitive> {
    move_pairs(n, &STEPS, "antiking")
}
