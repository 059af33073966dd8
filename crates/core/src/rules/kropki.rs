//! Kropki dots between orthogonal neighbours: a white dot says the values differ by `value`
//! (1 by default: consecutive), a black dot that one is `value` times the other (2 by default).
//!
//! ```text
//! (value(a), value(b)) ∈ {(u, w) : |u − w| = d}            whiteK
//! (value(a), value(b)) ∈ {(u, w) : u = r·w or w = r·u}     blackK
//! ```

use super::holds::{at, broken};
use super::{pair_table, Broken, Context, Primitive, RuleKind, RuleProblem};
use crate::geometry::{Cell, Grid};

/// Which dot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dot {
    /// Difference: |a − b| = value.
    White,
    /// Ratio: a = value·b or b = value·a.
    Black,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Kropki {
    pub dot: Dot,
    pub a: Cell,
    pub b: Cell,
    /// The difference (white) or ratio (black); 1 and 2 when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<i64>,
}

impl RuleKind for Kropki {
    fn name(&self) -> &'static str {
        match self.dot {
            Dot::White => "white dot",
            Dot::Black => "black dot",
        }
    }

    fn tag_prefix(&self) -> &'static str {
        match self.dot {
            Dot::White => "white",
            Dot::Black => "black",
        }
    }

    fn cells(&self) -> Vec<Cell> {
        vec![self.a, self.b]
    }

    fn marks_pair(&self) -> bool {
        true
    }

    /// An amount some pair of values of 1..n can show (that the cells are neighbours is checked
    /// for every rule that marks a pair).
    fn validate(&self, ctx: &Context) -> Result<(), RuleProblem> {
        let n = ctx.n;
        let k = self.amount();
        let possible = match self.dot {
            Dot::White => k >= 1 && k < n as i64,
            Dot::Black => k >= 2 && k <= n as i64,
        };
        if !possible {
            return Err(RuleProblem::Value(format!(
                "{} {k} is impossible for values 1..{n}",
                match self.dot {
                    Dot::White => "difference",
                    Dot::Black => "ratio",
                }
            )));
        }
        Ok(())
    }

    fn lower(&self, tag: &str, ctx: &Context) -> Vec<Primitive> {
        let n = ctx.n;
        let k = self.amount();
        let allowed = match self.dot {
            Dot::White => pair_table(n, |u, w| (u - w).abs() == k),
            Dot::Black => pair_table(n, |u, w| u == k * w || w == k * u),
        };
        vec![Primitive::Pairs {
            tag: tag.to_string(),
            a: self.a,
            b: self.b,
            allowed,
        }]
    }

    /// The two values differ by the difference (white) or one is the ratio times the other
    /// (black); the default amounts read here again, not taken from [`Kropki::amount`].
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        let (u, w) = (at(grid, &self.a), at(grid, &self.b));
        let ok = match self.dot {
            Dot::White => (u - w).abs() == self.value.unwrap_or(1),
            Dot::Black => {
                let r = self.value.unwrap_or(2);
                u == r * w || w == r * u
            }
        };
        if !ok {
            return broken(name, format!("{u} and {w} do not fit the dot"));
        }
        Ok(())
    }
}

impl Kropki {
    /// The difference or ratio the dot asks for.
    pub fn amount(&self) -> i64 {
        self.value.unwrap_or(match self.dot {
            Dot::White => 1,
            Dot::Black => 2,
        })
    }
}
