//! Renban line: the values are a set of consecutive values in any order, with no repeats.
//!
//! The rule lowers to a set of values ([`super::value_sets`]): the line's values are one window
//! {w, …, w + L − 1} of 1..n. A set of L different values is consecutive exactly when any two lie
//! at most L − 1 apart, so its pair form is one allowed-pairs table per two cells:
//!
//! ```text
//! values of the line ∈ { {w, …, w+L−1} : w = 1..n−L+1 }                       renbanK
//! pair form:  1 ≤ |value(a) − value(b)| ≤ L − 1   for every two cells a, b    renbanK_a_b
//! ```

use super::holds::broken;
use super::value_sets::{windows, SetChoice};
use super::{check_distinct_cells, Broken, Context, Primitive, RuleKind, RuleProblem};
use crate::geometry::{Cell, Grid};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Renban {
    pub cells: Vec<Cell>,
}

impl RuleKind for Renban {
    fn name(&self) -> &'static str {
        "renban line"
    }

    fn tag_prefix(&self) -> &'static str {
        "renban"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    /// At most n cells (n different values).
    fn validate(&self, ctx: &Context) -> Result<(), RuleProblem> {
        check_distinct_cells(self.cells.len(), ctx.n)
    }

    fn lower(&self, tag: &str, ctx: &Context) -> Vec<Primitive> {
        vec![Primitive::ValueSets(SetChoice {
            tag: tag.to_string(),
            cells: self.cells.clone(),
            sets: windows(ctx.n, self.cells.len()),
        })]
    }

    /// Sorted, the values are k, k + 1, …, k + L − 1.
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        let mut values: Vec<u8> = self.cells.iter().map(|&c| grid.get(c)).collect();
        values.sort_unstable();
        if values.windows(2).any(|w| w[1] != w[0] + 1) {
            return broken(name, format!("holds {values:?}, not consecutive values"));
        }
        Ok(())
    }
}
