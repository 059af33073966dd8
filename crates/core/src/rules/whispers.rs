//! Whispers line: neighbours along the line differ by at least `difference` (German whispers:
//! 5 on 9×9; f-puzzles' default is ⌈n/2⌉; 4 is the Dutch form).
//!
//! ```text
//! |value(c_i) − value(c_{i+1})| ≥ d   as an allowed-pairs table     whispersK_a_b
//! ```
//!
//! The natural model would write the disjunction with a big-M binary; as a table the binary
//! model gets its support rows x_{a,u} ≤ Σ_{|u−w| ≥ d} x_{b,w}, which are the convex hull of
//! the pair.

use super::holds::broken;
use super::{line_pairs, Broken, Context, Primitive, RuleKind, RuleProblem};
use crate::geometry::{Cell, Grid};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Whispers {
    pub cells: Vec<Cell>,
    /// The least difference; ⌈n/2⌉ when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difference: Option<i64>,
}

impl Whispers {
    /// The least difference on an n×n grid.
    pub fn least(&self, n: usize) -> i64 {
        self.difference.unwrap_or(n.div_ceil(2) as i64)
    }
}

impl RuleKind for Whispers {
    fn name(&self) -> &'static str {
        "whispers line"
    }

    fn tag_prefix(&self) -> &'static str {
        "whispers"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    /// A difference of 1..n − 1 (some two values of 1..n show it).
    fn validate(&self, ctx: &Context) -> Result<(), RuleProblem> {
        let d = self.least(ctx.n);
        if self.cells.is_empty() {
            return Err(RuleProblem::NoCells);
        }
        if d < 1 || d >= ctx.n as i64 {
            return Err(RuleProblem::Value(format!(
                "difference {d} is impossible for values 1..{}",
                ctx.n
            )));
        }
        Ok(())
    }

    fn lower(&self, tag: &str, ctx: &Context) -> Vec<Primitive> {
        let d = self.least(ctx.n);
        line_pairs(tag, &self.cells, ctx.n, Some(1), |u, w| (u - w).abs() >= d)
    }

    /// Each two neighbours along the line differ by the difference or more.
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        let d = self.difference.unwrap_or((grid.n as i64 + 1) / 2);
        for w in self.cells.windows(2) {
            let (u, v) = (grid.get(w[0]) as i64, grid.get(w[1]) as i64);
            if (u - v).abs() < d {
                return broken(name, format!("{} and {} hold {u} and {v}", w[0], w[1]));
            }
        }
        Ok(())
    }
}
