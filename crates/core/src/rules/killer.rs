//! Killer cage: the cells hold different values and, when the cage has a sum, add up to it.
//!
//! ```text
//! all-different(cells)                 cageK
//! Σ_{c ∈ cage} value(c) = S           cageK_sum   (only with a sum)
//! ```

use super::holds::{at, broken, distinct};
use super::{check_distinct_cells, check_sum, distinct_sum_range, Primitive, Relation};
use super::{Broken, Context, RuleKind, RuleProblem};
use crate::geometry::{Cell, Grid};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cage {
    pub cells: Vec<Cell>,
    /// The sum; `None`: the cage only asks for different values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sum: Option<i64>,
}

impl RuleKind for Cage {
    fn name(&self) -> &'static str {
        "killer cage"
    }

    fn tag_prefix(&self) -> &'static str {
        "cage"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    fn sum(&self) -> Option<i64> {
        self.sum
    }

    /// At most n cells, and a sum that |cage| different values of 1..n can make.
    fn validate(&self, ctx: &Context) -> Result<(), RuleProblem> {
        let n = ctx.n;
        let len = self.cells.len();
        check_distinct_cells(len, n)?;
        let (min, max) = distinct_sum_range(n, len);
        self.sum.map_or(Ok(()), |s| check_sum(s, min, max, len))
    }

    fn lower(&self, tag: &str, _ctx: &Context) -> Vec<Primitive> {
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

    /// Different values, adding up to the sum when it has one.
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        distinct(name, self.cells.iter().map(|c| at(grid, c)))?;
        let total: i64 = self.cells.iter().map(|c| at(grid, c)).sum();
        match self.sum.filter(|&s| s != total) {
            Some(sum) => broken(name, format!("sums to {total}, not {sum}")),
            None => Ok(()),
        }
    }
}
