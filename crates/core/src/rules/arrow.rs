//! Arrow: the values along the line add up to the number in the circle. A circle of 2 or 3
//! cells (a pill) reads as a number left to right or top to bottom: digits d₁d₂ are 10·d₁ + d₂.
//!
//! ```text
//! Σ_{c ∈ line} value(c) − Σ_i 10^{k−i}·value(circle_i) = 0     arrowK_sum
//! ```

use super::holds::{at, broken};
use super::{Broken, Context, Primitive, Relation, RuleKind, RuleProblem};
use crate::geometry::{Cell, Grid};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Arrow {
    /// 1 to 3 cells in one row or column, read left to right / top to bottom.
    pub circle: Vec<Cell>,
    /// The line's cells beyond the circle.
    pub line: Vec<Cell>,
}

impl Arrow {
    /// The place values of the circle's cells: 1 for a single cell, 10, 1 for a pill of two, …
    pub fn place_values(&self) -> Vec<i64> {
        let k = self.circle.len() as u32;
        (0..k).map(|i| 10i64.pow(k - 1 - i)).collect()
    }
}

impl RuleKind for Arrow {
    fn name(&self) -> &'static str {
        "arrow"
    }

    fn tag_prefix(&self) -> &'static str {
        "arrow"
    }

    fn cells(&self) -> Vec<Cell> {
        self.circle.iter().chain(&self.line).copied().collect()
    }

    /// A circle of 1–3 cells in a row or column, in reading order; a line of ≥ 1 cells whose
    /// smallest sum (len) and largest (len·n) meet the circle's range.
    fn validate(&self, ctx: &Context) -> Result<(), RuleProblem> {
        let n = ctx.n;
        let k = self.circle.len();
        if !(1..=3).contains(&k) {
            return Err(RuleProblem::CircleSize { len: k });
        }
        let in_row = self
            .circle
            .windows(2)
            .all(|w| w[1].row == w[0].row && w[1].col == w[0].col + 1);
        let in_col = self
            .circle
            .windows(2)
            .all(|w| w[1].col == w[0].col && w[1].row == w[0].row + 1);
        if !(in_row || in_col) {
            return Err(RuleProblem::CircleShape);
        }
        let len = self.line.len();
        if len == 0 {
            return Err(RuleProblem::NoCells);
        }
        let places = self.place_values();
        let (lo, hi) = (
            places.iter().sum::<i64>(),
            places.iter().sum::<i64>() * n as i64,
        );
        let (line_lo, line_hi) = (len as i64, (len * n) as i64);
        if line_hi < lo || line_lo > hi {
            return Err(RuleProblem::Value(format!(
                "the line's sums {line_lo}..{line_hi} cannot meet the circle's {lo}..{hi}"
            )));
        }
        Ok(())
    }

    fn lower(&self, tag: &str, _ctx: &Context) -> Vec<Primitive> {
        let line = self.line.iter().map(|&c| (1, c));
        let circle = self
            .circle
            .iter()
            .zip(self.place_values())
            .map(|(&c, p)| (-p, c));
        vec![Primitive::linear(
            format!("{tag}_sum"),
            line.chain(circle).collect(),
            Relation::Eq,
            0,
        )]
    }

    /// The line adds up to the number the circle's digits read.
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        let number = self.circle.iter().fold(0, |acc, c| acc * 10 + at(grid, c));
        let total: i64 = self.line.iter().map(|c| at(grid, c)).sum();
        if number != total {
            return broken(
                name,
                format!("the line sums to {total}, the circle reads {number}"),
            );
        }
        Ok(())
    }
}
