//! Thermometer: values strictly increase from the bulb (the first cell) along the line.
//!
//! ```text
//! value(c_i) − value(c_{i+1}) ≤ −1     thermoK_stepI   (i = 1 … len − 1)
//! ```

use super::holds::{at, broken};
use super::{check_distinct_cells, Broken, Context, Primitive, Relation, RuleKind, RuleProblem};
use crate::geometry::{Cell, Grid};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Thermometer {
    /// Bulb first.
    pub cells: Vec<Cell>,
}

impl RuleKind for Thermometer {
    fn name(&self) -> &'static str {
        "thermometer"
    }

    fn tag_prefix(&self) -> &'static str {
        "thermo"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    /// At least one cell and at most n (n strictly increasing values of 1..n).
    fn validate(&self, ctx: &Context) -> Result<(), RuleProblem> {
        check_distinct_cells(self.cells.len(), ctx.n)
    }

    fn lower(&self, tag: &str, _ctx: &Context) -> Vec<Primitive> {
        steps(tag, &self.cells, -1)
    }

    /// Every value is below the next one along the bulb's line.
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        let at = |c: &Cell| at(grid, c);
        if let Some(w) = self.cells.windows(2).find(|w| at(&w[0]) >= at(&w[1])) {
            return broken(name, format!("{} is not below {}", w[0], w[1]));
        }
        Ok(())
    }
}

/// value(c_i) − value(c_{i+1}) ≤ `rhs` for each step along `cells` from the bulb, named
/// `{tag}_stepI` (I = 1 … len − 1): −1 rises, 0 never falls (the slow thermometer).
pub(super) fn steps(tag: &str, cells: &[Cell], rhs: i64) -> Vec<Primitive> {
    cells
        .windows(2)
        .enumerate()
        .map(|(i, w)| {
            Primitive::linear(
                format!("{tag}_step{}", i + 1),
                vec![(1, w[0]), (-1, w[1])],
                Relation::Le,
                rhs,
            )
        })
        .collect()
}
