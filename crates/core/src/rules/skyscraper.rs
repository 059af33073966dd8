//! Skyscraper: the clue counts the digits seen from its side of the row or column, each digit
//! hiding the smaller ones behind it.
//!
//! ```text
//! #{k : value(cₖ) > value(cᵢ) ∀ i < k} = S     skyK
//! ```
//! (a [`Primitive::Sightline`] with [`Measure::Visible`]).

use super::holds::broken;
use super::outside::{check_line_and_clue, line_name, sightline};
use super::primitive::Measure;
use super::{Broken, Context, Primitive, RuleKind, RuleProblem};
use crate::geometry::{Cell, Grid};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Skyscraper {
    /// The row or column, in order from the clue's side.
    pub cells: Vec<Cell>,
    /// How many digits are seen.
    pub count: i64,
}

impl RuleKind for Skyscraper {
    fn name(&self) -> &'static str {
        "skyscraper"
    }

    fn tag_prefix(&self) -> &'static str {
        "sky"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    /// A whole line, and a count of 1..n.
    fn validate(&self, ctx: &Context) -> Result<(), RuleProblem> {
        check_line_and_clue(&self.cells, ctx.n, "count", self.count)
    }

    fn lower(&self, tag: &str, _ctx: &Context) -> Vec<Primitive> {
        sightline(tag, &self.cells, Measure::Visible, self.count)
    }

    /// Walks the line keeping the tallest digit so far; a taller one is seen.
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        let mut tallest = 0;
        let mut seen = 0;
        for &c in &self.cells {
            if grid.get(c) > tallest {
                tallest = grid.get(c);
                seen += 1;
            }
        }
        if seen != self.count {
            let line = line_name(&self.cells);
            return broken(
                name,
                format!("{seen} digits are seen along {line}, not {}", self.count),
            );
        }
        Ok(())
    }
}
