//! Variant rules beside the houses. Every rule lowers to the four [`primitive::Primitive`]s, which
//! formulations and engines handle without knowing the rule's type.

pub mod primitive;

pub use primitive::{Primitive, Relation, ValueSet};
