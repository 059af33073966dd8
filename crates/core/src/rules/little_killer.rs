//! Little killer: the cells of a diagonal add up to the sum written outside the grid; values
//! may repeat.
//!
//! ```text
//! Σ_{c ∈ diagonal} value(c) = S        lkK_sum
//! ```

use super::holds::{at, broken};
use super::{check_sum, Broken, Context, Primitive, Relation, RuleKind, RuleProblem};
use crate::geometry::{Cell, Grid};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LittleKiller {
    pub cells: Vec<Cell>,
    pub sum: i64,
}

impl RuleKind for LittleKiller {
    fn name(&self) -> &'static str {
        "little killer"
    }

    fn tag_prefix(&self) -> &'static str {
        "lk"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    fn sum(&self) -> Option<i64> {
        Some(self.sum)
    }

    /// At least one cell, and a sum within len..len·n.
    fn validate(&self, ctx: &Context) -> Result<(), RuleProblem> {
        let n = ctx.n;
        let len = self.cells.len();
        if len == 0 {
            return Err(RuleProblem::NoCells);
        }
        check_sum(self.sum, len as i64, (len * n) as i64, len)
    }

    fn lower(&self, tag: &str, _ctx: &Context) -> Vec<Primitive> {
        vec![Primitive::linear(
            format!("{tag}_sum"),
            self.cells.iter().map(|&c| (1, c)).collect(),
            Relation::Eq,
            self.sum,
        )]
    }

    /// The cells add up to the sum (repeats allowed).
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        let total: i64 = self.cells.iter().map(|c| at(grid, c)).sum();
        if total != self.sum {
            return broken(name, format!("sums to {total}, not {}", self.sum));
        }
        Ok(())
    }
}
