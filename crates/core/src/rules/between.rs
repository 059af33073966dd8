//! Between line: the values on the line lie strictly between the values of its two ends (the
//! ends in either order).
//!
//! The rule says something of three cells at once (an end, the other end and a middle cell):
//! one allowed-tuples table per middle cell m,
//!
//! ```text
//! (value(a), value(b), value(m)) ∈ {(u, w, t) : min(u, w) < t < max(u, w)}    betweenK_m
//! ```
//!
//! whose binary form (one column per allowed tuple) is the convex hull of the three cells.

use super::holds::broken;
use super::{check_two_ends, triples, Broken, Context, Primitive, RuleKind, RuleProblem};
use crate::geometry::{Cell, Grid};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Between {
    /// The two ends are the first and the last cell.
    pub cells: Vec<Cell>,
}

impl RuleKind for Between {
    fn name(&self) -> &'static str {
        "between line"
    }

    fn tag_prefix(&self) -> &'static str {
        "between"
    }

    fn cells(&self) -> Vec<Cell> {
        self.cells.clone()
    }

    /// Two ends at least.
    fn validate(&self, _ctx: &Context) -> Result<(), RuleProblem> {
        check_two_ends(self.cells.len())
    }

    fn lower(&self, tag: &str, ctx: &Context) -> Vec<Primitive> {
        let len = self.cells.len();
        let (a, b) = (self.cells[0], self.cells[len - 1]);
        self.cells[1..len - 1]
            .iter()
            .map(|&m| {
                triples(format!("{tag}_{m}"), [a, b, m], ctx, |u, w, t| {
                    u.min(w) < t && t < u.max(w)
                })
            })
            .collect()
    }

    /// Every middle value is above the smaller end and below the larger.
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        let len = self.cells.len();
        let (u, w) = (grid.get(self.cells[0]), grid.get(self.cells[len - 1]));
        let (low, high) = (u.min(w), u.max(w));
        for &m in &self.cells[1..len - 1] {
            let t = grid.get(m);
            if t <= low || t >= high {
                return broken(name, format!("{m} holds {t}, not between {low} and {high}"));
            }
        }
        Ok(())
    }
}
