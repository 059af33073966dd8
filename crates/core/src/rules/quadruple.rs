//! Quadruple: the listed values (up to four, repeats allowed) all appear among the cells around
//! a corner; a value listed k times appears at least k times.
//!
//! One allowed-tuples table over the (usually four) cells: the tuples whose values contain the
//! listed ones as a multiset, and that keep cells of one row, column or box different:
//!
//! ```text
//! (value(c_1), …, value(c_4)) ∈ {t : #{i : t_i = d} ≥ #{d listed} ∀d}      quadK
//! ```

use super::holds::broken;
use super::{same_house, Broken, Context, Primitive, RuleKind, RuleProblem};
use crate::geometry::{Cell, Grid};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Quadruple {
    /// The cells around the corner (four inside the grid, fewer at its edge).
    pub cells: Vec<Cell>,
    /// The values that must appear, with repeats.
    pub values: Vec<u8>,
}

/// The most cells a quadruple may name.
const MOST_CELLS: usize = 4;

impl RuleKind for Quadruple {
    fn name(&self) -> &'static str {
        "quadruple"
    }

    fn tag_prefix(&self) -> &'static str {
        "quad"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    /// 1 to 4 cells, values of 1..n, no more values than cells.
    fn validate(&self, ctx: &Context) -> Result<(), RuleProblem> {
        let n = ctx.n;
        match self.cells.len() {
            0 => return Err(RuleProblem::NoCells),
            len if len > MOST_CELLS => {
                return Err(RuleProblem::Value(format!(
                    "{len} cells: a quadruple has at most {MOST_CELLS}"
                )))
            }
            _ => {}
        }
        if let Some(v) = self.values.iter().find(|&&v| v == 0 || v as usize > n) {
            return Err(RuleProblem::Value(format!("value {v} is outside 1..{n}")));
        }
        if self.values.len() > self.cells.len() {
            return Err(RuleProblem::Value(format!(
                "{} values do not fit in {} cells",
                self.values.len(),
                self.cells.len()
            )));
        }
        Ok(())
    }

    fn lower(&self, tag: &str, ctx: &Context) -> Vec<Primitive> {
        let n = ctx.n as u8;
        let k = self.cells.len();
        let mut allowed = Vec::new();
        let mut tuple = vec![1u8; k];
        let apart = |i: usize, j: usize| !same_house(ctx, self.cells[i], self.cells[j]);
        'all: loop {
            let fits_houses =
                (0..k).all(|i| (i + 1..k).all(|j| tuple[i] != tuple[j] || apart(i, j)));
            if fits_houses && contains_all(&tuple, &self.values) {
                allowed.push(tuple.clone());
            }
            for i in (0..k).rev() {
                if tuple[i] < n {
                    tuple[i] += 1;
                    continue 'all;
                }
                tuple[i] = 1;
            }
            break;
        }
        vec![Primitive::Tuples {
            tag: tag.to_string(),
            cells: self.cells.clone(),
            allowed,
        }]
    }

    /// Each listed value appears among the cells at least as often as it is listed.
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        for &d in &self.values {
            let listed = self.values.iter().filter(|&&v| v == d).count();
            let found = self.cells.iter().filter(|&&c| grid.get(c) == d).count();
            if found < listed {
                return broken(name, format!("{d} appears {found} times, not {listed}"));
            }
        }
        Ok(())
    }
}

/// Whether the multiset `tuple` contains the multiset `values`.
fn contains_all(tuple: &[u8], values: &[u8]) -> bool {
    let mut left = tuple.to_vec();
    values
        .iter()
        .all(|v| match left.iter().position(|t| t == v) {
            Some(i) => {
                left.swap_remove(i);
                true
            }
            None => false,
        })
}
