//! Killer cage: the cells hold different values and, when the cage has a sum, add up to it.
//!
//! ```text
//! all-different(cells)                 cageK
//! Σ_{c ∈ cage} value(c) = S           cageK_sum   (only with a sum)
//! ```

use super::RuleProblem;
use super::{check_distinct_cells, check_sum, distinct_sum_range, Primitive, Relation};
use crate::puzzle::Cell;

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cage {
    pub cells: Vec<Cell>,
    /// The sum; `None`: the cage only asks for different values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sum: Option<i64>,
}

impl Cage {
    /// At most n cells, and a sum that |cage| different values of 1..n can make.
    pub(super) fn validate(&self, n: usize) -> Result<(), RuleProblem> {
        let len = self.cells.len();
        check_distinct_cells(len, n)?;
        let (min, max) = distinct_sum_range(n, len);
        self.sum.map_or(Ok(()), |s| check_sum(s, min, max, len))
    }

    pub(super) fn lower(&self, tag: &str) -> Vec<Primitive> {
        let mut out = vec![Primitive::AllDifferent {
            tag: tag.to_string(),
            cells: self.cells.clone(),
        }];
        if let Some(sum) = self.sum {
            out.push(Primitive::linear(
                format!("{tag}_sum"),
                self.cells.iter().map(|&c| (1, c)).collect(),
                Relation::Eq,
                sum,
            ));
        }
        out
    }
}
