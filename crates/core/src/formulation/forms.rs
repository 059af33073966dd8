//! The ways a 0/1 model can write three variant primitives, each a switch of the binary model
//! (`--cage-form`, `--thermo-form`, `--pair-form`; docs/models.md compares them), and the rows
//! of the two forms that the binary and the natural model share. `x(c, v)` is the 0/1 column
//! "cell c holds v" (`None` where a reduction left it out: it is 0).
//!
//! ```text
//! step value(a) + g ≤ value(b):
//!   aggregated:  Σ_v v·x_{a,v} + g ≤ Σ_v v·x_{b,v}                           {tag}
//!   cumulative:  Σ_{w≤v} x_{b,w} ≤ Σ_{w≤v−g} x_{a,w}   ∀v  ("b ≤ v ⇒ a ≤ v−g") {tag}_v{v}
//! pair table (a, b) with allowed(u) the values b may take when a holds u:
//!   support:     x_{a,u} ≤ Σ_{w∈allowed(u)} x_{b,w}  ∀u                     {tag}_a_v{u}
//!                x_{b,w} ≤ Σ_{u:w∈allowed(u)} x_{a,u}  ∀w                   {tag}_b_v{w}
//!                (rows whose support is every value are left out)
//!   conflict:    x_{a,u} + x_{b,w} ≤ 1  ∀ forbidden (u, w)                  {tag}_u{u}_w{w}
//! ```
//! The cumulative rows and the support rows are the stronger ones: their LP relaxation cuts off
//! fractional points the other form allows (docs/models.md has the numbers).

use super::{sum_of, BuiltModel, Sense};
use crate::named::{impl_named_text, Named};
use crate::puzzle::Cell;
use crate::rules::primitive::{Step, ValueSet};
use good_lp::{Expression, Variable};

/// The column of a cell and a value, `None` when it is left out (0).
pub(super) type Column<'a> = &'a dyn Fn(Cell, usize) -> Option<Variable>;

/// How the binary model writes a killer cage's sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CageForm {
    /// One binary per digit set of the cage (strong; the default, see docs/performance.md).
    #[default]
    Sets,
    /// The value expression Σ v·x = S (weak).
    Sum,
    /// `sets`, plus the cages the rule of 45 implies ([`crate::implied`]): each implied
    /// sum over at most [`IMPLIED_CAGE_CELLS`] open cells that lie in one house, in the
    /// digit-set form (cuts of the LP relaxation the rows of the rules do not imply).
    Implied,
}

/// The most open cells of an implied sum that the `implied` cage form writes as a cage.
pub const IMPLIED_CAGE_CELLS: usize = 6;

/// The forms are named through [`Named`] (the default first), as every choice of the library.
impl Named for CageForm {
    const WHAT: &'static str = "cage form";
    fn all() -> &'static [CageForm] {
        &[CageForm::Sets, CageForm::Sum, CageForm::Implied]
    }
    fn name(self) -> &'static str {
        match self {
            CageForm::Sets => "sets",
            CageForm::Sum => "sum",
            CageForm::Implied => "implied",
        }
    }
    fn about(self) -> &'static str {
        match self {
            CageForm::Sets => "one binary per digit set of the cage (strong)",
            CageForm::Sum => "Σ v·x = S (weak)",
            CageForm::Implied => {
                "sets, plus the rule of 45's implied sums over at most 6 cells of one house \
                 as digit-set cages"
            }
        }
    }
}
impl_named_text!(CageForm);

/// How the binary model writes a two-cell step value(a) + g ≤ value(b) (a thermometer step, a
/// greater-than sign).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum StepForm {
    /// n rows Σ_{w≤v} x_{b,w} ≤ Σ_{w≤v−g} x_{a,w} (strong; the default, docs/models.md).
    #[default]
    Cumulative,
    /// One row on the value expressions (weak).
    Aggregated,
}

impl Named for StepForm {
    const WHAT: &'static str = "thermo form";
    fn all() -> &'static [StepForm] {
        &[StepForm::Cumulative, StepForm::Aggregated]
    }
    fn name(self) -> &'static str {
        match self {
            StepForm::Cumulative => "cumulative",
            StepForm::Aggregated => "aggregated",
        }
    }
    fn about(self) -> &'static str {
        match self {
            StepForm::Cumulative => "Σ_{w≤v} x_b,w ≤ Σ_{w<v} x_a,w for every v (strong)",
            StepForm::Aggregated => "one row on Σ v·x (weak)",
        }
    }
}
impl_named_text!(StepForm);

/// How a 0/1 model writes an allowed-pairs table (kropki dots, non-consecutive neighbours),
/// and a set of values (renban, nabner): `support` chooses one set (y_S columns, the strong
/// form), `conflict` writes the set's pair tables in the conflict form (the weak one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PairForm {
    /// x_{a,u} ≤ Σ of b's allowed partners, both ways (strong; the default, docs/models.md).
    #[default]
    Support,
    /// x_{a,u} + x_{b,w} ≤ 1 for every forbidden pair (weak, and more rows).
    Conflict,
}

impl Named for PairForm {
    const WHAT: &'static str = "pair form";
    fn all() -> &'static [PairForm] {
        &[PairForm::Support, PairForm::Conflict]
    }
    fn name(self) -> &'static str {
        match self {
            PairForm::Support => "support",
            PairForm::Conflict => "conflict",
        }
    }
    fn about(self) -> &'static str {
        match self {
            PairForm::Support => "x_a,u ≤ Σ of b's allowed partners (strong)",
            PairForm::Conflict => "x_a,u + x_b,w ≤ 1 per forbidden pair (weak)",
        }
    }
}
impl_named_text!(PairForm);

/// The cumulative rows of a step (its aggregated row is the primitive's linear row).
pub(super) fn add_cumulative_step(
    model: &mut BuiltModel,
    n: usize,
    tag: &str,
    step: Step,
    x: Column,
) {
    let gap = step.gap as usize;
    for v in 1..=n {
        let mut expr = sum_of((1..=v).filter_map(|w| x(step.high, w)));
        expr -= sum_of((1..=v.saturating_sub(gap)).filter_map(|w| x(step.low, w)));
        model.add_row(format!("{tag}_v{v}"), expr, Sense::Le, 0.0);
    }
}

/// The rows of the pair table `allowed` on cells a and b in `form`.
pub(super) fn add_pairs(
    model: &mut BuiltModel,
    n: usize,
    tag: &str,
    (a, b): (Cell, Cell),
    allowed: &[ValueSet],
    form: PairForm,
    x: Column,
) {
    let allows = |u: usize, w: usize| allowed[u - 1].contains(w as u8);
    match form {
        PairForm::Support => {
            let full = ValueSet::full(n);
            for u in (1..=n).filter(|&u| allowed[u - 1] != full) {
                let mut expr = sum_of(x(a, u));
                expr -= sum_of((1..=n).filter(|&w| allows(u, w)).filter_map(|w| x(b, w)));
                model.add_row(format!("{tag}_a_v{u}"), expr, Sense::Le, 0.0);
            }
            for w in (1..=n).filter(|&w| !(1..=n).all(|u| allows(u, w))) {
                let mut expr = sum_of(x(b, w));
                expr -= sum_of((1..=n).filter(|&u| allows(u, w)).filter_map(|u| x(a, u)));
                model.add_row(format!("{tag}_b_v{w}"), expr, Sense::Le, 0.0);
            }
        }
        PairForm::Conflict => {
            for u in 1..=n {
                for w in (1..=n).filter(|&w| !allows(u, w)) {
                    if let (Some(xa), Some(xb)) = (x(a, u), x(b, w)) {
                        let expr: Expression = xa + xb;
                        model.add_row(format!("{tag}_u{u}_w{w}"), expr, Sense::Le, 1.0);
                    }
                }
            }
        }
    }
}
