//! Odd and even cells.
//!
//! ```text
//! value(c) ∈ {1, 3, 5, …}              oddK
//! value(c) ∈ {2, 4, 6, …}              evenK
//! ```

use super::{Primitive, RuleProblem, ValueSet};
use crate::puzzle::Cell;

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

impl Parity {
    pub(super) fn kind_name(&self) -> &'static str {
        match self.parity {
            Kind::Odd => "odd cell",
            Kind::Even => "even cell",
        }
    }

    pub(super) fn tag_prefix(&self) -> &'static str {
        match self.parity {
            Kind::Odd => "odd",
            Kind::Even => "even",
        }
    }

    /// An even cell needs n ≥ 2.
    pub(super) fn validate(&self, n: usize) -> Result<(), RuleProblem> {
        if self.parity == Kind::Even && n < 2 {
            return Err(RuleProblem::Value(format!("no even value in 1..{n}")));
        }
        Ok(())
    }

    pub(super) fn lower(&self, tag: &str, n: usize) -> Vec<Primitive> {
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
}
