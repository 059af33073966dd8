//! XV: the two orthogonal neighbours add up to 10 (X) or 5 (V).
//!
//! ```text
//! value(a) + value(b) = S              xvK
//! ```

use super::{are_neighbours, check_sum, distinct_sum_range, Primitive, Relation, RuleProblem};
use crate::puzzle::Cell;

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Xv {
    pub a: Cell,
    pub b: Cell,
    /// 10 for an X, 5 for a V.
    pub sum: i64,
}

impl Xv {
    pub(super) fn kind_name(&self) -> &'static str {
        match self.sum {
            10 => "X",
            5 => "V",
            _ => "XV sum",
        }
    }

    /// Neighbours (which share a row or column, so their values differ) and a reachable sum.
    pub(super) fn validate(&self, n: usize) -> Result<(), RuleProblem> {
        if !are_neighbours(self.a, self.b) {
            return Err(RuleProblem::NotNeighbours {
                a: self.a,
                b: self.b,
            });
        }
        let (min, max) = distinct_sum_range(n, 2);
        check_sum(self.sum, min, max, 2)
    }

    pub(super) fn lower(&self, tag: &str) -> Vec<Primitive> {
        vec![Primitive::linear(
            tag.to_string(),
            vec![(1, self.a), (1, self.b)],
            Relation::Eq,
            self.sum,
        )]
    }
}
