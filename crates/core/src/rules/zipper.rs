//! Zipper line: cells the same distance from the line's middle add up to the same value; on a
//! line of odd length that value is the middle cell's.
//!
//! ```text
//! value(c_i) + value(c_{L+1−i}) − value(c_1) − value(c_L) = 0     zipperK_I   (even L, i ≥ 2)
//! value(c_i) + value(c_{L+1−i}) − value(c_mid) = 0               zipperK_I   (odd L)
//! ```

use super::holds::broken;
use super::{check_some_cells, Broken, Context, Primitive, Relation, RuleKind, RuleProblem};
use crate::geometry::{Cell, Grid};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Zipper {
    pub cells: Vec<Cell>,
}

impl RuleKind for Zipper {
    fn name(&self) -> &'static str {
        "zipper line"
    }

    fn tag_prefix(&self) -> &'static str {
        "zipper"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    fn validate(&self, _ctx: &Context) -> Result<(), RuleProblem> {
        check_some_cells(self.cells.len())
    }

    fn lower(&self, tag: &str, _ctx: &Context) -> Vec<Primitive> {
        let c = &self.cells;
        let len = c.len();
        let reference: Vec<(i64, Cell)> = match len % 2 {
            1 => vec![(-1, c[len / 2])],
            _ => vec![(-1, c[0]), (-1, c[len - 1])],
        };
        let first = if len % 2 == 1 { 0 } else { 1 };
        (first..len / 2)
            .map(|i| {
                let mut terms = vec![(1, c[i]), (1, c[len - 1 - i])];
                terms.extend(reference.iter().copied());
                Primitive::linear(format!("{tag}_{}", i + 1), terms, Relation::Eq, 0)
            })
            .collect()
    }

    /// Folded at its middle, each two facing cells add up to the same total (the middle value
    /// on an odd line).
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        let values: Vec<i64> = self.cells.iter().map(|&c| grid.get(c) as i64).collect();
        let len = values.len();
        let mut totals: Vec<i64> = (0..len / 2)
            .map(|i| values[i] + values[len - 1 - i])
            .collect();
        if len % 2 == 1 {
            totals.push(values[len / 2]);
        }
        if totals.iter().any(|&t| t != totals[0]) {
            return broken(name, format!("facing cells add up to {totals:?}"));
        }
        Ok(())
    }
}
