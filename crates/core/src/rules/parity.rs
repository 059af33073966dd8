//! Odd and even cells.
//!
//! ```text
//! value(c) ∈ {1, 3, 5, …}              oddK
//! value(c) ∈ {2, 4, 6, …}              evenK
//! ```

use super::holds::{at, broken};
use super::{Broken, Context, Primitive, RuleKind, RuleProblem, ValueSet};
use crate::geometry::{Cell, Grid};

/// Which parity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Odd,
    Even,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Parity {
    pub parity: Kind,
    pub cell: Cell,
}

impl RuleKind for Parity {
    fn name(&self) -> &'static str {
        match self.parity {
            Kind::Odd => "odd cell",
            Kind::Even => "even cell",
        }
    }

    fn tag_prefix(&self) -> &'static str {
        match self.parity {
            Kind::Odd => "odd",
            Kind::Even => "even",
        }
    }

    fn cells(&self) -> Vec<Cell> {
        vec![self.cell]
    }

    /// An even cell needs n ≥ 2.
    fn validate(&self, ctx: &Context) -> Result<(), RuleProblem> {
        let n = ctx.n;
        if self.parity == Kind::Even && n < 2 {
            return Err(RuleProblem::Value(format!("no even value in 1..{n}")));
        }
        Ok(())
    }

    fn lower(&self, tag: &str, ctx: &Context) -> Vec<Primitive> {
        let n = ctx.n;
        let remainder = match self.parity {
            Kind::Odd => 1,
            Kind::Even => 0,
        };
        vec![Primitive::Values {
            tag: tag.to_string(),
            cell: self.cell,
            allowed: ValueSet::of((1..=n as u8).filter(|v| v % 2 == remainder)),
        }]
    }

    /// The cell's value is odd, or even.
    fn holds(&self, name: &str, grid: &Grid, _ctx: &Context) -> Result<(), Broken> {
        let value = at(grid, &self.cell);
        if (value % 2 == 1) != (self.parity == Kind::Odd) {
            return broken(name, format!("holds {value}"));
        }
        Ok(())
    }
}
