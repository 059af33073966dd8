//! Non-consecutive: orthogonal neighbours do not hold consecutive values, except a pair that
//! carries a kropki dot or an X/V (it follows its marker only).
//!
//! ```text
//! (value(a), value(b)) ∈ {(u, w) : |u − w| ≠ 1}     noncons_r1c1_r1c2
//! ```

use super::{pair_table, pair_tag, Context, Primitive};

pub(super) fn lower(ctx: &Context) -> Vec<Primitive> {
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
