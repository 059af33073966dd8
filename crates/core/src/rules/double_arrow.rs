//! Double arrow: the values between the two ends of the line add up to the two ends' sum.
//!
//! ```text
//! Σ_{middle} value(c) − value(c_1) − value(c_L) = 0     doublearrowK
//! ```

use super::holds::broken;
use super::{Broken, Context, Primitive, Relation, RuleKind, RuleProblem};
use crate::geometry::{Cell, Grid};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DoubleArrow {
    /// The two ends (circles) are the first and the last cell.
    pub cells: Vec<Cell>,
}

impl RuleKind for DoubleArrow {
    fn name(&self) -> &'static str {
        "double arrow"
    }

    fn tag_prefix(&self) -> &'static str {
        "doublearrow"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    fn validate(&self, _ctx: &Context) -> Result<(), RuleProblem> {
        match self.cells.len() {
            len if len < 3 => Err(RuleProblem::Value(
                "a double arrow needs two ends and a cell between them".into(),
            )),
            _ => Ok(()),
        }
    }

    fn lower(&self, tag: &str, _ctx: &Context) -> Vec<Primitive> {
        let len = self.cells.len();
        let terms = self
            .cells
            .iter()
            .enumerate()
            .map(|(i, &c)| (if i == 0 || i == len - 1 { -1 } else { 1 }, c))
            .collect();
        vec![Primitive::linear(tag, terms, Relation::Eq, 0)]
    }

    /// The middle values add up to the two ends.
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        let len = self.cells.len();
        let ends = grid.get(self.cells[0]) as i64 + grid.get(self.cells[len - 1]) as i64;
        let middle: i64 = self.cells[1..len - 1]
            .iter()
            .map(|&c| grid.get(c) as i64)
            .sum();
        if middle != ends {
            return broken(
                name,
                format!("the middle sums to {middle}, the ends to {ends}"),
            );
        }
        Ok(())
    }
}
