//! Greater-than sign: one cell holds a larger value than another.
//!
//! ```text
//! value(greater) − value(lesser) ≥ 1   gtK
//! ```

use super::{Primitive, Relation};
use crate::puzzle::Cell;

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GreaterThan {
    pub greater: Cell,
    pub lesser: Cell,
}

impl GreaterThan {
    pub(super) fn lower(&self, tag: &str) -> Vec<Primitive> {
        vec![Primitive::linear(
            tag.to_string(),
            vec![(1, self.greater), (-1, self.lesser)],
            Relation::Ge,
            1,
        )]
    }
}
