//! Clone: two lists of cells hold the same values, cell for cell (the i-th cell of one equals
//! the i-th cell of the other).
//!
//! ```text
//! value(a_i) = value(b_i)   as the allowed pairs {(u, u)}      cloneK_I
//! ```

use super::holds::{at, broken};
use super::{equal_pair, Broken, Context, Primitive, RuleKind, RuleProblem};
use crate::geometry::{Cell, Grid};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Clones {
    /// The first list.
    pub cells: Vec<Cell>,
    /// The copy: as many cells, in the matching order.
    pub copies: Vec<Cell>,
}

impl RuleKind for Clones {
    fn name(&self) -> &'static str {
        "clone"
    }

    fn tag_prefix(&self) -> &'static str {
        "clone"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.iter().chain(&self.copies).copied().collect()
    }

    fn validate(&self, _ctx: &Context) -> Result<(), RuleProblem> {
        if self.cells.is_empty() {
            return Err(RuleProblem::NoCells);
        }
        if self.cells.len() != self.copies.len() {
            return Err(RuleProblem::Value(format!(
                "{} cells and {} copies: a clone needs as many of each",
                self.cells.len(),
                self.copies.len()
            )));
        }
        Ok(())
    }

    fn lower(&self, tag: &str, ctx: &Context) -> Vec<Primitive> {
        self.cells
            .iter()
            .zip(&self.copies)
            .enumerate()
            .map(|(i, (&a, &b))| equal_pair(format!("{tag}_{}", i + 1), a, b, ctx.n))
            .collect()
    }

    /// Each cell holds the value of its copy.
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        for (a, b) in self.cells.iter().zip(&self.copies) {
            if at(grid, a) != at(grid, b) {
                return broken(name, format!("{a} and its copy {b} differ"));
            }
        }
        Ok(())
    }
}
