//! Extra region: up to n cells that hold different values.
//!
//! ```text
//! all-different(cells)                 extraK
//! ```

use super::holds::{at, distinct};
use super::{check_distinct_cells, Broken, Context, Primitive, RuleKind, RuleProblem};
use crate::geometry::{Cell, Grid};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExtraRegion {
    pub cells: Vec<Cell>,
}

impl RuleKind for ExtraRegion {
    fn name(&self) -> &'static str {
        "extra region"
    }

    fn tag_prefix(&self) -> &'static str {
        "extra"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    fn validate(&self, ctx: &Context) -> Result<(), RuleProblem> {
        check_distinct_cells(self.cells.len(), ctx.n)
    }

    fn lower(&self, tag: &str, _ctx: &Context) -> Vec<Primitive> {
        vec![Primitive::AllDifferent {
            tag: tag.to_string(),
            cells: self.cells.clone(),
        }]
    }

    /// Different values.
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        distinct(name, self.cells.iter().map(|c| at(grid, c)))
    }
}
