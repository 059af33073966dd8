//! Sandwich sum: the digits between the 1 and the n (the largest digit) of a row or column add
//! up to the clue outside it.
//!
//! ```text
//! Σ value(c) over the cells strictly between the cells holding 1 and n = S    sandwichK
//! ```
//! (a [`Primitive::Sightline`] with [`Measure::Between`]).

use super::holds::broken;
use super::outside::{check_line, line_name, sightline};
use super::primitive::Measure;
use super::{Broken, Context, Primitive, RuleKind, RuleProblem};
use crate::geometry::{Cell, Grid};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sandwich {
    /// The row or column, in order from the clue's side.
    pub cells: Vec<Cell>,
    pub sum: i64,
}

impl RuleKind for Sandwich {
    fn name(&self) -> &'static str {
        "sandwich"
    }

    fn tag_prefix(&self) -> &'static str {
        "sandwich"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    /// A whole line, and a sum of 0 (1 and n adjacent) up to 2 + … + (n − 1).
    fn validate(&self, ctx: &Context) -> Result<(), RuleProblem> {
        check_line(&self.cells, ctx.n)?;
        let n = ctx.n as i64;
        let max = (n - 1) * n / 2 - 1;
        super::check_sum(self.sum, 0, max.max(0), self.cells.len())
    }

    fn lower(&self, tag: &str, ctx: &Context) -> Vec<Primitive> {
        let measure = Measure::Between {
            low: 1,
            high: ctx.n as u8,
        };
        sightline(tag, &self.cells, measure, self.sum)
    }

    /// Finds the 1 and the n along the line and adds what lies between them.
    fn holds(&self, name: &str, grid: &Grid, ctx: &Context) -> Result<(), Broken> {
        let values: Vec<usize> = self.cells.iter().map(|&c| grid.get(c) as usize).collect();
        let one = values.iter().position(|&v| v == 1);
        let top = values.iter().position(|&v| v == ctx.n);
        let (Some(a), Some(b)) = (one, top) else {
            return broken(
                name,
                format!("{} lacks the 1 or the {}", line_name(&self.cells), ctx.n),
            );
        };
        let (from, to) = if a < b { (a, b) } else { (b, a) };
        let total: usize = values[from + 1..to].iter().sum();
        if total as i64 != self.sum {
            return broken(
                name,
                format!("the digits between sum to {total}, not {}", self.sum),
            );
        }
        Ok(())
    }
}
