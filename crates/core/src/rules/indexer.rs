//! Indexer cells (the "159" rule and its kin): a digit X in an indexer cell names where a digit
//! stands. In a column indexer at (r, c), digit c stands in column X of row r; in a row indexer,
//! digit r stands in row X of column c; in a box indexer at position p of its box (row-major,
//! 1-based), digit p stands at position X of the box. With the digits of a row, column or box
//! all different, each is a set of pair tables between the indexer cell a and each target t_X:
//!
//! ```text
//! value(a) = X  ⇔  value(t_X) = i      for every X with t_X ≠ a        indexK_X
//! ```
//! (i = the indexer's own column, row or box position).

use super::holds::broken;
use super::{pair_table, Broken, Context, Primitive, RuleKind, RuleProblem};
use crate::geometry::{Cell, Grid, Layout};

/// What an indexer cell indexes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Axis {
    /// Digit c stands in column value(r, c) of row r.
    Column,
    /// Digit r stands in row value(r, c) of column c.
    Row,
    /// Digit p stands at position value(cell) of the cell's box, p its own position.
    Box,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Indexer {
    pub axis: Axis,
    /// The indexer cells.
    pub cells: Vec<Cell>,
}

impl Indexer {
    /// The cells the cell `a` indexes (target X at index X − 1) and its own index i (1-based);
    /// `None` for a box indexer on a grid without rectangular boxes.
    fn targets(&self, a: Cell, n: usize, layout: &Layout) -> Option<(Vec<Cell>, usize)> {
        Some(match self.axis {
            Axis::Column => (
                (0..n).map(|col| Cell { row: a.row, col }).collect(),
                a.col + 1,
            ),
            Axis::Row => (
                (0..n).map(|row| Cell { row, col: a.col }).collect(),
                a.row + 1,
            ),
            Axis::Box => {
                let Layout::Boxes { rows, cols } = *layout else {
                    return None;
                };
                let (top, left) = (a.row / rows * rows, a.col / cols * cols);
                let at = |p: usize| Cell {
                    row: top + p / cols,
                    col: left + p % cols,
                };
                let own = (a.row - top) * cols + (a.col - left) + 1;
                ((0..n).map(at).collect(), own)
            }
        })
    }
}

impl RuleKind for Indexer {
    fn name(&self) -> &'static str {
        match self.axis {
            Axis::Column => "column indexer",
            Axis::Row => "row indexer",
            Axis::Box => "box indexer",
        }
    }

    fn tag_prefix(&self) -> &'static str {
        match self.axis {
            Axis::Column => "colindex",
            Axis::Row => "rowindex",
            Axis::Box => "boxindex",
        }
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    /// At least one cell; a box indexer needs rectangular boxes.
    fn validate(&self, ctx: &Context) -> Result<(), RuleProblem> {
        if self.cells.is_empty() {
            return Err(RuleProblem::NoCells);
        }
        if self.axis == Axis::Box && !matches!(ctx.layout, Layout::Boxes { .. }) {
            return Err(RuleProblem::NeedsBoxes);
        }
        Ok(())
    }

    fn lower(&self, tag: &str, ctx: &Context) -> Vec<Primitive> {
        let n = ctx.n;
        let mut out = Vec::new();
        for &a in &self.cells {
            let Some((targets, own)) = self.targets(a, n, ctx.layout) else {
                continue;
            };
            for (k, &t) in targets.iter().enumerate().filter(|&(_, &t)| t != a) {
                let x = k as i64 + 1;
                out.push(Primitive::Pairs {
                    tag: format!("{tag}_{a}_{x}"),
                    a,
                    b: t,
                    allowed: pair_table(n, |u, w| (u == x) == (w == own as i64)),
                });
            }
        }
        out
    }

    /// For each indexer cell: the cell its digit points at holds the indexer's own number.
    fn holds(&self, name: &str, grid: &Grid, ctx: &Context) -> Result<(), Broken> {
        for &a in &self.cells {
            let Some((targets, own)) = self.targets(a, ctx.n, ctx.layout) else {
                return broken(name, "a box indexer needs rectangular boxes".into());
            };
            let x = grid.get(a) as usize;
            let found = grid.get(targets[x - 1]) as usize;
            if found != own {
                return broken(
                    name,
                    format!(
                        "{a} holds {x}, but {} holds {found}, not {own}",
                        targets[x - 1]
                    ),
                );
            }
        }
        Ok(())
    }
}
