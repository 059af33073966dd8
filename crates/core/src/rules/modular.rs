//! Modular line: every three neighbouring cells on the line hold one value of each residue
//! modulo 3.
//!
//! As for the entropic line, one allowed-tuples table per run of three neighbouring cells:
//!
//! ```text
//! (value(c_i), value(c_{i+1}), value(c_{i+2})) ∈ {t : residues of t pairwise different}   modularK_c_i
//! ```

use super::holds::{broken, shared_class};
use super::{
    check_three_classes, class_windows, Broken, Context, Primitive, RuleKind, RuleProblem,
};
use crate::geometry::{Cell, Grid};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Modular {
    pub cells: Vec<Cell>,
}

impl RuleKind for Modular {
    fn name(&self) -> &'static str {
        "modular line"
    }

    fn tag_prefix(&self) -> &'static str {
        "modular"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    /// Three residues need n ≥ 3.
    fn validate(&self, ctx: &Context) -> Result<(), RuleProblem> {
        check_three_classes(self.cells.len(), ctx.n, "residues")
    }

    fn lower(&self, tag: &str, ctx: &Context) -> Vec<Primitive> {
        class_windows(tag, &self.cells, ctx, |v| v % 3)
    }

    /// Every run of three neighbouring cells (or the whole line) holds three residues.
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        match shared_class(grid, &self.cells, |v| v % 3) {
            Some((w, r)) => broken(name, format!("two cells of {w:?} have residue {r}")),
            None => Ok(()),
        }
    }
}
