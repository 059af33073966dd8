//! Given pencil marks: the cell holds one of the listed values.
//!
//! ```text
//! value(c) ∈ marks     marksK
//! ```

use super::holds::broken;
use super::{Broken, Context, Primitive, RuleKind, RuleProblem, ValueSet};
use crate::geometry::{Cell, Grid};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PencilMarks {
    pub cell: Cell,
    pub values: Vec<u8>,
}

impl RuleKind for PencilMarks {
    fn name(&self) -> &'static str {
        "pencil marks"
    }

    fn tag_prefix(&self) -> &'static str {
        "marks"
    }

    fn cells(&self) -> Vec<Cell> {
        vec![self.cell]
    }

    /// At least one value, each of 1..n.
    fn validate(&self, ctx: &Context) -> Result<(), RuleProblem> {
        let n = ctx.n;
        if self.values.is_empty() {
            return Err(RuleProblem::Value("no value listed".into()));
        }
        match self.values.iter().find(|&&v| v == 0 || v as usize > n) {
            Some(v) => Err(RuleProblem::Value(format!("value {v} is outside 1..{n}"))),
            None => Ok(()),
        }
    }

    fn lower(&self, tag: &str, _ctx: &Context) -> Vec<Primitive> {
        vec![Primitive::Values {
            tag: tag.to_string(),
            cell: self.cell,
            allowed: ValueSet::of(self.values.iter().copied()),
        }]
    }

    /// The cell's value is one of the marks.
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        let v = grid.get(self.cell);
        if !self.values.contains(&v) {
            return broken(name, format!("holds {v}, not one of {:?}", self.values));
        }
        Ok(())
    }
}
