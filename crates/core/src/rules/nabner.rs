//! Nabner line: no two values on the line are equal or consecutive.
//!
//! ```text
//! |value(a) − value(b)| ≥ 2   for every two cells a, b of the line     nabnerK_a_b
//! ```

use super::holds::broken;
use super::{line_pairs, Broken, Context, Primitive, RuleKind, RuleProblem};
use crate::geometry::{Cell, Grid};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Nabner {
    pub cells: Vec<Cell>,
}

impl RuleKind for Nabner {
    fn name(&self) -> &'static str {
        "nabner line"
    }

    fn tag_prefix(&self) -> &'static str {
        "nabner"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    /// At most ⌈n/2⌉ cells: 1..n holds no more values two or more apart.
    fn validate(&self, ctx: &Context) -> Result<(), RuleProblem> {
        let most = ctx.n.div_ceil(2);
        match self.cells.len() {
            0 => Err(RuleProblem::NoCells),
            len if len > most => Err(RuleProblem::Value(format!(
                "{len} cells cannot hold values of 1..{} two or more apart (at most {most})",
                ctx.n
            ))),
            _ => Ok(()),
        }
    }

    fn lower(&self, tag: &str, ctx: &Context) -> Vec<Primitive> {
        line_pairs(tag, &self.cells, ctx.n, None, |u, w| (u - w).abs() >= 2)
    }

    /// Sorted, each value is at least 2 above the one before.
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        let mut values: Vec<u8> = self.cells.iter().map(|&c| grid.get(c)).collect();
        values.sort_unstable();
        if values.windows(2).any(|w| w[1] < w[0] + 2) {
            return broken(name, format!("holds {values:?}: two equal or consecutive"));
        }
        Ok(())
    }
}
