//! Kropki dots between orthogonal neighbours: a white dot says the values differ by `value`
//! (1 by default: consecutive), a black dot that one is `value` times the other (2 by default).
//!
//! ```text
//! (value(a), value(b)) ∈ {(u, w) : |u − w| = d}            whiteK
//! (value(a), value(b)) ∈ {(u, w) : u = r·w or w = r·u}     blackK
//! ```

use super::{are_neighbours, pair_table, Primitive, RuleProblem};
use crate::puzzle::Cell;

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

impl Kropki {
    pub(super) fn kind_name(&self) -> &'static str {
        match self.dot {
            Dot::White => "white dot",
            Dot::Black => "black dot",
        }
    }

    pub(super) fn tag_prefix(&self) -> &'static str {
        match self.dot {
            Dot::White => "white",
            Dot::Black => "black",
        }
    }

    /// The difference or ratio the dot asks for.
    pub fn amount(&self) -> i64 {
        self.value.unwrap_or(match self.dot {
            Dot::White => 1,
            Dot::Black => 2,
        })
    }

    /// Neighbours, and an amount some pair of values of 1..n can show.
    pub(super) fn validate(&self, n: usize) -> Result<(), RuleProblem> {
        if !are_neighbours(self.a, self.b) {
            return Err(RuleProblem::NotNeighbours {
                a: self.a,
                b: self.b,
            });
        }
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

    pub(super) fn lower(&self, tag: &str, n: usize) -> Vec<Primitive> {
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
}
