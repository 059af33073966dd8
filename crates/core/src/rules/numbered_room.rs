//! Numbered room: the X-th digit of a row or column, read from the clue's side, is the clue,
//! X being the first digit. With the line's digits all different this is a set of pair tables:
//!
//! ```text
//! value(c₁) = X  ⇔  value(c_X) = D      for X = 2..n         roomK_X   (pairs c₁, c_X)
//! value(c₁) ≠ 1                         when D ≠ 1           roomK_first
//! ```

use super::holds::broken;
use super::outside::{check_line_and_clue, line_name};
use super::primitive::ValueSet;
use super::{pair_table, Broken, Context, Primitive, RuleKind, RuleProblem};
use crate::geometry::{Cell, Grid};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NumberedRoom {
    /// The row or column, in order from the clue's side.
    pub cells: Vec<Cell>,
    /// The digit in the room.
    pub digit: i64,
}

impl RuleKind for NumberedRoom {
    fn name(&self) -> &'static str {
        "numbered room"
    }

    fn tag_prefix(&self) -> &'static str {
        "room"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    /// A whole line, and a digit of 1..n.
    fn validate(&self, ctx: &Context) -> Result<(), RuleProblem> {
        check_line_and_clue(&self.cells, ctx.n, "digit", self.digit)
    }

    fn lower(&self, tag: &str, ctx: &Context) -> Vec<Primitive> {
        let n = ctx.n;
        let d = self.digit;
        let mut out: Vec<Primitive> = (2..=n)
            .map(|x| Primitive::Pairs {
                tag: format!("{tag}_{x}"),
                a: self.cells[0],
                b: self.cells[x - 1],
                allowed: pair_table(n, |u, w| (u == x as i64) == (w == d)),
            })
            .collect();
        if d != 1 {
            out.push(Primitive::Values {
                tag: format!("{tag}_first"),
                cell: self.cells[0],
                allowed: ValueSet::of(2..=n as u8),
            });
        }
        out
    }

    /// Reads the first digit X and looks at the X-th.
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        let x = grid.get(self.cells[0]) as usize;
        let found = grid.get(self.cells[x - 1]) as i64;
        if found != self.digit {
            let line = line_name(&self.cells);
            return broken(
                name,
                format!("digit {x} of {line} is {found}, not {}", self.digit),
            );
        }
        Ok(())
    }
}
