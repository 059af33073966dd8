//! Greater-than sign: one cell holds a larger value than another.
//!
//! ```text
//! value(greater) − value(lesser) ≥ 1   gtK
//! ```

use super::holds::{at, broken};
use super::{Broken, Context, Primitive, Relation, RuleKind};
use crate::geometry::{Cell, Grid};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GreaterThan {
    pub greater: Cell,
    pub lesser: Cell,
}

impl RuleKind for GreaterThan {
    fn name(&self) -> &'static str {
        "greater-than sign"
    }

    fn tag_prefix(&self) -> &'static str {
        "gt"
    }

    fn cells(&self) -> Vec<Cell> {
        vec![self.greater, self.lesser]
    }

    fn lower(&self, tag: &str, _ctx: &Context) -> Vec<Primitive> {
        vec![Primitive::linear(
            tag.to_string(),
            vec![(1, self.greater), (-1, self.lesser)],
            Relation::Ge,
            1,
        )]
    }

    /// The greater cell's value is above the lesser's.
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        if at(grid, &self.greater) <= at(grid, &self.lesser) {
            return broken(
                name,
                format!("{} is not above {}", self.greater, self.lesser),
            );
        }
        Ok(())
    }
}
