//! Modular line: every three neighbouring cells on the line hold one value of each residue
//! modulo 3.
//!
//! As for the entropic line, one allowed-tuples table per run of three neighbouring cells:
//!
//! ```text
//! (value(c_i), value(c_{i+1}), value(c_{i+2})) ∈ {t : residues of t pairwise different}   modularK_c_i
//! ```

use super::holds::broken;
use super::{class_windows, Broken, Context, Primitive, RuleKind, RuleProblem};
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
        if self.cells.is_empty() {
            return Err(RuleProblem::NoCells);
        }
        if ctx.n < 3 {
            return Err(RuleProblem::Value(format!(
                "no three residues in 1..{}",
                ctx.n
            )));
        }
        Ok(())
    }

    fn lower(&self, tag: &str, ctx: &Context) -> Vec<Primitive> {
        class_windows(tag, &self.cells, ctx, |v| v % 3)
    }

    /// Every run of three neighbouring cells (or the whole line) holds three residues.
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        for w in self.cells.windows(3.min(self.cells.len())) {
            let mut seen = [false; 3];
            for &c in w {
                let r = (grid.get(c) % 3) as usize;
                if std::mem::replace(&mut seen[r], true) {
                    return broken(name, format!("two cells of {w:?} have residue {r}"));
                }
            }
        }
        Ok(())
    }
}
