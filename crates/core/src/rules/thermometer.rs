//! Thermometer: values strictly increase from the bulb (the first cell) along the line.
//!
//! ```text
//! value(c_i) − value(c_{i+1}) ≤ −1     thermoK_stepI   (i = 1 … len − 1)
//! ```

use super::{check_distinct_cells, Primitive, Relation, RuleProblem};
use crate::puzzle::Cell;

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Thermometer {
    /// Bulb first.
    pub cells: Vec<Cell>,
}

impl Thermometer {
    /// At least one cell and at most n (n strictly increasing values of 1..n).
    pub(super) fn validate(&self, n: usize) -> Result<(), RuleProblem> {
        check_distinct_cells(self.cells.len(), n)
    }

    pub(super) fn lower(&self, tag: &str) -> Vec<Primitive> {
        self.cells
            .windows(2)
            .enumerate()
            .map(|(i, w)| {
                Primitive::linear(
                    format!("{tag}_step{}", i + 1),
                    vec![(1, w[0]), (-1, w[1])],
                    Relation::Le,
                    -1,
                )
            })
            .collect()
    }
}
