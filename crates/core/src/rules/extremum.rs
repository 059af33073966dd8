//! Minimum and maximum cells: a minimum cell is smaller than each orthogonal neighbour, a
//! maximum cell larger. As f-puzzles reads them, two neighbouring minimum (or two maximum)
//! cells are not compared with each other.
//!
//! ```text
//! value(c) − value(d) ≤ −1   for a minimum c and each neighbour d outside the set   minK_c_d
//! value(d) − value(c) ≤ −1   for a maximum c                                        maxK_c_d
//! ```

use super::holds::broken;
use super::{
    are_neighbours, check_some_cells, Broken, Context, Primitive, Relation, RuleKind, RuleProblem,
};
use crate::geometry::{Cell, Grid};

/// Which extreme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Extreme {
    Minimum,
    Maximum,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Extremum {
    pub extreme: Extreme,
    /// Every cell of this kind in the puzzle.
    pub cells: Vec<Cell>,
}

impl Extremum {
    /// The pairs (cell, neighbour) compared.
    fn pairs(&self, n: usize) -> Vec<(Cell, Cell)> {
        let mut out = Vec::new();
        for &c in &self.cells {
            let (r, k) = (c.row as i64, c.col as i64);
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (r2, k2) = (r + dr, k + dc);
                if r2 < 0 || k2 < 0 || r2 >= n as i64 || k2 >= n as i64 {
                    continue;
                }
                let d = Cell {
                    row: r2 as usize,
                    col: k2 as usize,
                };
                if !self.cells.contains(&d) {
                    out.push((c, d));
                }
            }
        }
        out
    }
}

impl RuleKind for Extremum {
    fn name(&self) -> &'static str {
        match self.extreme {
            Extreme::Minimum => "minimum cells",
            Extreme::Maximum => "maximum cells",
        }
    }

    fn tag_prefix(&self) -> &'static str {
        match self.extreme {
            Extreme::Minimum => "min",
            Extreme::Maximum => "max",
        }
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    fn validate(&self, _ctx: &Context) -> Result<(), RuleProblem> {
        check_some_cells(self.cells.len())
    }

    fn lower(&self, tag: &str, ctx: &Context) -> Vec<Primitive> {
        self.pairs(ctx.n)
            .into_iter()
            .map(|(c, d)| {
                let (low, high) = match self.extreme {
                    Extreme::Minimum => (c, d),
                    Extreme::Maximum => (d, c),
                };
                Primitive::linear(
                    format!("{tag}_{c}_{d}"),
                    vec![(1, low), (-1, high)],
                    Relation::Le,
                    -1,
                )
            })
            .collect()
    }

    /// Each cell is below (above) every orthogonal neighbour that is not itself one of them.
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        let n = grid.n;
        for &c in &self.cells {
            for row in 0..n {
                for col in 0..n {
                    let d = Cell { row, col };
                    if !are_neighbours(c, d) || self.cells.contains(&d) {
                        continue;
                    }
                    let (u, w) = (grid.get(c), grid.get(d));
                    let ok = match self.extreme {
                        Extreme::Minimum => u < w,
                        Extreme::Maximum => u > w,
                    };
                    if !ok {
                        return broken(name, format!("{c} holds {u} beside {w} in {d}"));
                    }
                }
            }
        }
        Ok(())
    }
}
