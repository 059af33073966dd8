//! X-sum: the first X digits of a row or column, read from the clue's side, add up to the
//! clue, X being the first of those digits.
//!
//! ```text
//! Σ_{k ≤ value(c₁)} value(cₖ) = S     xsumK
//! ```
//! (a [`Primitive::Sightline`] with [`Measure::Prefix`]).

use super::holds::broken;
use super::outside::{check_line, line_name, sightline};
use super::primitive::Measure;
use super::{Broken, Context, Primitive, RuleKind, RuleProblem};
use crate::geometry::{Cell, Grid};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct XSum {
    /// The row or column, in order from the clue's side.
    pub cells: Vec<Cell>,
    pub sum: i64,
}

impl RuleKind for XSum {
    fn name(&self) -> &'static str {
        "x-sum"
    }

    fn tag_prefix(&self) -> &'static str {
        "xsum"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    /// A whole line, and a sum of 1 up to 1 + … + n.
    fn validate(&self, ctx: &Context) -> Result<(), RuleProblem> {
        check_line(&self.cells, ctx.n)?;
        let n = ctx.n as i64;
        super::check_sum(self.sum, 1, n * (n + 1) / 2, self.cells.len())
    }

    fn lower(&self, tag: &str, _ctx: &Context) -> Vec<Primitive> {
        sightline(tag, &self.cells, Measure::Prefix, self.sum)
    }

    /// Reads the first digit X and adds the first X digits.
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        let values: Vec<i64> = self.cells.iter().map(|&c| grid.get(c) as i64).collect();
        let x = values[0] as usize;
        let total: i64 = values.iter().take(x).sum();
        if total != self.sum {
            let line = line_name(&self.cells);
            return broken(
                name,
                format!(
                    "the first {x} digits of {line} sum to {total}, not {}",
                    self.sum
                ),
            );
        }
        Ok(())
    }
}
