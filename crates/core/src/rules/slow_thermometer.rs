//! Slow thermometer: values never decrease from the bulb (the first cell) along the line;
//! neighbours may be equal (where no house forbids it).
//!
//! ```text
//! value(c_i) − value(c_{i+1}) ≤ 0     slowthermoK_stepI
//! ```

use super::holds::broken;
use super::{check_some_cells, Broken, Context, Primitive, RuleKind, RuleProblem};
use crate::geometry::{Cell, Grid};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SlowThermometer {
    /// Bulb first.
    pub cells: Vec<Cell>,
}

impl RuleKind for SlowThermometer {
    fn name(&self) -> &'static str {
        "slow thermometer"
    }

    fn tag_prefix(&self) -> &'static str {
        "slowthermo"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    fn validate(&self, _ctx: &Context) -> Result<(), RuleProblem> {
        check_some_cells(self.cells.len())
    }

    fn lower(&self, tag: &str, _ctx: &Context) -> Vec<Primitive> {
        super::thermometer::steps(tag, &self.cells, 0)
    }

    /// No value is above the next one along the line.
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        if let Some(w) = self
            .cells
            .windows(2)
            .find(|w| grid.get(w[0]) > grid.get(w[1]))
        {
            return broken(name, format!("{} is above {}", w[0], w[1]));
        }
        Ok(())
    }
}
