//! Little killer: the cells of a diagonal add up to the sum written outside the grid; values
//! may repeat.
//!
//! ```text
//! Σ_{c ∈ diagonal} value(c) = S        lkK_sum
//! ```

use super::{check_sum, Primitive, Relation, RuleProblem};
use crate::puzzle::Cell;

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LittleKiller {
    pub cells: Vec<Cell>,
    pub sum: i64,
}

impl LittleKiller {
    /// At least one cell, and a sum within len..len·n.
    pub(super) fn validate(&self, n: usize) -> Result<(), RuleProblem> {
        let len = self.cells.len();
        if len == 0 {
            return Err(RuleProblem::NoCells);
        }
        check_sum(self.sum, len as i64, (len * n) as i64, len)
    }

    pub(super) fn lower(&self, tag: &str) -> Vec<Primitive> {
        vec![Primitive::linear(
            format!("{tag}_sum"),
            self.cells.iter().map(|&c| (1, c)).collect(),
            Relation::Eq,
            self.sum,
        )]
    }
}
