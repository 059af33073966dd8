//! Extra region: up to n cells that hold different values.
//!
//! ```text
//! all-different(cells)                 extraK
//! ```

use super::{check_distinct_cells, Primitive, RuleProblem};
use crate::puzzle::Cell;

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExtraRegion {
    pub cells: Vec<Cell>,
}

impl ExtraRegion {
    pub(super) fn validate(&self, n: usize) -> Result<(), RuleProblem> {
        check_distinct_cells(self.cells.len(), n)
    }

    pub(super) fn lower(&self, tag: &str) -> Vec<Primitive> {
        vec![Primitive::AllDifferent {
            tag: tag.to_string(),
            cells: self.cells.clone(),
        }]
    }
}
