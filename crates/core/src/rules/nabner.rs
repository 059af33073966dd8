//! Nabner line: no two values on the line are equal or consecutive.
//!
//! The rule lowers to a set of values ([`super::value_sets`]): the line's values are one of the
//! L-sets of 1..n without two consecutive values (C(n − L + 1, L) of them: 35 for L = 3 on 9×9).
//! Past [`super::primitive::MAX_DIGIT_SETS`] sets it lowers to its pair form alone.
//!
//! ```text
//! values of the line ∈ { S ⊂ 1..n : |S| = L, no u, u+1 both in S }          nabnerK
//! pair form:  |value(a) − value(b)| ≥ 2   for every two cells a, b          nabnerK_a_b
//! ```

use super::holds::broken;
use super::value_sets::{spread_sets, SetChoice};
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
        match spread_sets(ctx.n, self.cells.len()) {
            Some(sets) => vec![Primitive::ValueSets(SetChoice {
                tag: tag.to_string(),
                cells: self.cells.clone(),
                sets,
            })],
            None => line_pairs(tag, &self.cells, ctx.n, None, |u, w| (u - w).abs() >= 2),
        }
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
