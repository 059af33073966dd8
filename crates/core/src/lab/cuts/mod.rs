//! Cutting planes the student adds at a node (one file each): a Gomory mixed-integer cut from
//! a row of the optimal simplex tableau, a clique cut from the conflict graph, a no-good cut
//! that excludes an integral point. A cut is a row `lower ≤ Σ a_j x_j ≤ upper` valid for every
//! grid in the subtree of the node where it was derived (the whole tree at the root). A
//! separator that finds none says why ([`NoCut`]).

pub mod clique;
pub mod gomory;
pub mod nogood;
mod none;
pub mod student;

pub use none::NoCut;

use super::NodeStatus;
use crate::named::{impl_named_text, Named, UnknownName};

/// Which cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CutKind {
    Gomory,
    Clique,
    NoGood,
    /// The student's own cut ([`student`]): no separator, so not in [`Named::all`].
    Student,
}

impl CutKind {
    pub fn name(self) -> &'static str {
        Named::name(self)
    }

    /// Reads `gomory`, `clique`, `nogood` (or `no-good`).
    pub fn parse(text: &str) -> Result<CutKind, UnknownName> {
        crate::named::parse(text)
    }
}

impl Named for CutKind {
    const WHAT: &'static str = "cut kind";
    fn all() -> &'static [CutKind] {
        &[CutKind::Gomory, CutKind::Clique, CutKind::NoGood]
    }
    fn name(self) -> &'static str {
        match self {
            CutKind::Gomory => "gomory",
            CutKind::Clique => "clique",
            CutKind::NoGood => "nogood",
            CutKind::Student => "my",
        }
    }
    fn about(self) -> &'static str {
        match self {
            CutKind::Gomory => "A Gomory mixed-integer cut from a row of the optimal tableau",
            CutKind::Clique => "A clique cut from the conflict graph of the candidates",
            CutKind::NoGood => "A no-good cut that excludes the node's integral point",
            CutKind::Student => "The student's own cut, checked exactly",
        }
    }
    fn aliases(self) -> &'static [&'static str] {
        match self {
            CutKind::NoGood => &["no-good"],
            _ => &[],
        }
    }
}
impl_named_text!(CutKind);

/// One cut row.
#[derive(Debug, Clone, PartialEq)]
pub struct Cut {
    pub kind: CutKind,
    /// `gomory_1`, … (set when added).
    pub name: String,
    pub terms: Vec<(usize, f64)>,
    pub lower: f64,
    pub upper: f64,
    /// Whole coefficients (its activity is an integer at every grid).
    pub integral: bool,
    /// The node it was derived at: it holds in that node's subtree.
    pub scope: usize,
    /// How far the point it was derived from violates it (> 0).
    pub violation: f64,
    /// Where it comes from, in words (the tableau row's basic variable, the clique…).
    pub origin: String,
}

impl Cut {
    /// Σ a_j x_j at `x`.
    pub fn activity(&self, x: &[f64]) -> f64 {
        self.terms
            .iter()
            .map(|&(j, a)| a * x.get(j).copied().unwrap_or(0.0))
            .sum()
    }

    /// How far `x` is outside the cut (≤ 0 when `x` satisfies it).
    pub fn violation_at(&self, x: &[f64]) -> f64 {
        let a = self.activity(x);
        (self.lower - a).max(a - self.upper)
    }

    /// The cut in LP syntax, with `name` giving each column's name.
    pub fn lp_text(&self, name: impl Fn(usize) -> String) -> String {
        self.lp_text_at_most(usize::MAX, name)
    }

    /// [`Cut::lp_text`] with at most `terms` terms written, then `… (K more terms)`.
    pub fn lp_text_at_most(&self, terms: usize, name: impl Fn(usize) -> String) -> String {
        let mut text = format!("{}:", self.name);
        for (k, &(j, a)) in self.terms.iter().enumerate() {
            if k == terms {
                text.push_str(&format!(" … ({} more terms)", self.terms.len() - k));
                break;
            }
            let sign = if a < 0.0 {
                "-"
            } else if k > 0 {
                "+"
            } else {
                ""
            };
            let magnitude = a.abs();
            let coefficient = if (magnitude - 1.0).abs() < 1e-12 {
                String::new()
            } else {
                format!("{} ", short(magnitude))
            };
            text.push_str(&format!(
                " {sign}{}{coefficient}{}",
                if sign.is_empty() { "" } else { " " },
                name(j)
            ));
        }
        match (self.lower.is_finite(), self.upper.is_finite()) {
            (true, false) => text.push_str(&format!(" >= {}", short(self.lower))),
            (false, true) => text.push_str(&format!(" <= {}", short(self.upper))),
            _ => text.push_str(&format!(" = {}", short(self.lower))),
        }
        text
    }
}

/// A number with at most 4 decimals, trailing zeros dropped.
pub fn short(x: f64) -> String {
    let s = format!("{x:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.to_string()
    }
}

/// What adding a cut did at its node.
#[derive(Debug, Clone, PartialEq)]
pub struct CutReport {
    /// Index in [`super::Lab::cuts`].
    pub cut: usize,
    pub bound_before: f64,
    pub bound_after: f64,
    pub fractional_before: usize,
    pub fractional_after: usize,
    pub status_after: NodeStatus,
}
