//! XV: the two orthogonal neighbours add up to 10 (X) or 5 (V).
//!
//! ```text
//! value(a) + value(b) = S              xvK
//! ```

use super::holds::{at, broken};
use super::{check_sum, distinct_sum_range, Primitive, Relation};
use super::{Broken, Context, RuleKind, RuleProblem};
use crate::geometry::{Cell, Grid};

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Xv {
    pub a: Cell,
    pub b: Cell,
    /// 10 for an X, 5 for a V.
    pub sum: i64,
}

impl RuleKind for Xv {
    fn name(&self) -> &'static str {
        match self.sum {
            10 => "X",
            5 => "V",
            _ => "XV sum",
        }
    }

    fn tag_prefix(&self) -> &'static str {
        "xv"
    }

    fn cells(&self) -> Vec<Cell> {
        vec![self.a, self.b]
    }

    fn marks_pair(&self) -> bool {
        true
    }

    /// A sum two different values can make (the cells are neighbours, checked for every rule
    /// that marks a pair, so they share a row or column and their values differ).
    fn validate(&self, ctx: &Context) -> Result<(), RuleProblem> {
        let (min, max) = distinct_sum_range(ctx.n, 2);
        check_sum(self.sum, min, max, 2)
    }

    fn lower(&self, tag: &str, _ctx: &Context) -> Vec<Primitive> {
        vec![Primitive::linear(
            tag.to_string(),
            vec![(1, self.a), (1, self.b)],
            Relation::Eq,
            self.sum,
        )]
    }

    /// The two values add up to the sum.
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        if at(grid, &self.a) + at(grid, &self.b) != self.sum {
            return broken(name, format!("does not sum to {}", self.sum));
        }
        Ok(())
    }
}
