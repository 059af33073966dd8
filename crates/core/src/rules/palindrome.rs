//! Palindrome line: the values read the same from either end.
//!
//! ```text
//! value(c_i) = value(c_{L+1−i})   as the allowed pairs {(u, u)}     palindromeK_I   (i ≤ L/2)
//! ```
//!
//! As an allowed-pairs table the equality is strong in the binary model: its support rows are
//! x_{a,u} ≤ x_{b,u}, hence x_{a,u} = x_{b,u} for every u.

use super::holds::{at, broken};
use super::{check_some_cells, equal_pair, Broken, Context, Primitive, RuleKind, RuleProblem};
use crate::geometry::{Cell, Grid};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Palindrome {
    pub cells: Vec<Cell>,
}

impl RuleKind for Palindrome {
    fn name(&self) -> &'static str {
        "palindrome"
    }

    fn tag_prefix(&self) -> &'static str {
        "palindrome"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    fn validate(&self, _ctx: &Context) -> Result<(), RuleProblem> {
        check_some_cells(self.cells.len())
    }

    fn lower(&self, tag: &str, ctx: &Context) -> Vec<Primitive> {
        let len = self.cells.len();
        (0..len / 2)
            .map(|i| {
                let (a, b) = (self.cells[i], self.cells[len - 1 - i]);
                equal_pair(format!("{tag}_{}", i + 1), a, b, ctx.n)
            })
            .collect()
    }

    /// The i-th value from one end equals the i-th from the other.
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        let values: Vec<i64> = self.cells.iter().map(|c| at(grid, c)).collect();
        let mut reversed = values.clone();
        reversed.reverse();
        if values != reversed {
            return broken(name, format!("reads {values:?}, not the same both ways"));
        }
        Ok(())
    }
}
