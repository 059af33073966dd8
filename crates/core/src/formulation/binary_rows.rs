//! The variant primitives in the binary model, where a cell's value is the expression
//! value(c) = Σ_v v·x_cv.
//!
//! ```text
//! all-different S:   Σ_{c∈S} x_cv ≤ 1  ∀v   (= 1 when |S| = n)          {tag}_v{v}
//! linear:            Σ_i a_i Σ_v v·x_{c_i v} (=,≤,≥) b                   {tag}
//! pairs (a, b):      the support or conflict rows of [`super::forms`]
//! values:            x_cv = 0  ∀v ∉ allowed                              {tag}_v{v}
//! tuples:            one y_t per allowed tuple ([`super::tuples`]); a table of "pairwise
//!                    different classes" by class sums ([`super::class_rows`])
//! value sets:        one y_S per set, Σ_S y_S = 1                          {tag}_sets
//!                    Σ_{c∈line} x_cv = Σ_{S∋v} y_S  ∀v                      {tag}_v{v}
//!                    (with `--pair-form conflict`: the conflict rows of its pair tables)
//! ```
//!
//! A two-cell step value(a) + g ≤ value(b) ([`LinearRelation::step`]) is written as the
//! cumulative rows of [`super::forms`] (the default) or as the linear row above
//! ([`StepForm::Aggregated`]).
//!
//! A killer cage (a sum whose cells are all different, [`distinct_sums`]) is written one of two
//! ways ([`CageForm`]):
//! - `sum`: the value expression Σ_{c∈cage} Σ_v v·x_cv = S, one row (weak: its LP relaxation
//!   says little about which digits the cage uses);
//! - `sets`: one binary y_D per set D of |cage| different digits summing to S, with
//!   Σ_D y_D = 1 (`{tag}_sets`) and Σ_{c∈cage} x_cv = Σ_{D∋v} y_D for every digit v
//!   (`{tag}_v{v}`): the convex hull of the cage's digit usage.

use super::forms::{add_cumulative_step, add_pairs, CageForm, PairForm, StepForm};
use super::{sum_of, BuiltModel, Indicator, Sense};
use crate::puzzle::{Cell, Puzzle};
use crate::rules::primitive::{
    digit_sets, distinct_sums, LinearRelation, Primitive, Relation, ValueSet,
};
use good_lp::{variable, Expression, Variable};
use std::collections::HashMap;

/// How the binary model writes the primitives that have more than one form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Forms {
    pub cages: CageForm,
    pub steps: StepForm,
    pub pairs: PairForm,
}

/// The row direction of a linear relation.
pub(super) fn sense(relation: Relation) -> Sense {
    match relation {
        Relation::Eq => Sense::Eq,
        Relation::Le => Sense::Le,
        Relation::Ge => Sense::Ge,
    }
}

/// Adds the rows (and digit-set columns) of `primitives` (the puzzle's, and the implied cages
/// of the `implied` form) on the grid of `puzzle`; `x[v][cell]` is the column of cell
/// (row-major) and value v, `None` where a reduction left it out.
pub(super) fn add_primitives(
    model: &mut BuiltModel,
    puzzle: &Puzzle,
    primitives: &[Primitive],
    x: &[Vec<Option<Variable>>],
    forms: Forms,
) {
    let n = puzzle.order();
    let at = |c: Cell, v: usize| x[v][c.row * n + c.col];
    let value = |c: Cell| -> Expression {
        let mut e = Expression::with_capacity(n);
        for v in 1..=n {
            if let Some(var) = at(c, v) {
                e.add_mul(v as f64, var);
            }
        }
        e
    };
    let cages: HashMap<String, Vec<Cell>> = match forms.cages {
        CageForm::Sum => HashMap::new(),
        CageForm::Sets | CageForm::Implied => {
            let houses: Vec<Vec<Cell>> = puzzle.houses().iter().map(|h| h.cells.clone()).collect();
            distinct_sums(primitives, &houses)
                .into_iter()
                .map(|d| (d.tag, d.cells))
                .collect()
        }
    };
    for p in primitives {
        match p {
            Primitive::AllDifferent { tag, cells } => {
                let sense = if cells.len() == n {
                    Sense::Eq
                } else {
                    Sense::Le
                };
                for v in 1..=n {
                    let expr = sum_of(cells.iter().filter_map(|&c| at(c, v)));
                    model.add_row(format!("{tag}_v{v}"), expr, sense, 1.0);
                }
            }
            Primitive::Linear(linear) => match (cages.get(&linear.tag), linear.step()) {
                (Some(cells), _) => add_digit_sets(model, n, &linear.tag, cells, linear.rhs, &at),
                (None, Some(step)) if forms.steps == StepForm::Cumulative => {
                    add_cumulative_step(model, n, &linear.tag, step, &at)
                }
                _ => add_linear(model, linear, &value),
            },
            Primitive::Pairs { tag, a, b, allowed } => {
                add_pairs(model, n, tag, (*a, *b), allowed, forms.pairs, &at)
            }
            Primitive::Values { tag, cell, allowed } => {
                for v in (1..=n).filter(|&v| !allowed.contains(v as u8)) {
                    if let Some(var) = at(*cell, v) {
                        model.add_row(format!("{tag}_v{v}"), sum_of([var]), Sense::Eq, 0.0);
                    }
                }
            }
            Primitive::Tuples {
                tag,
                cells,
                allowed,
            } => match super::class_rows::classes_of_table(n, cells.len(), allowed) {
                Some(class) => super::class_rows::add_binary(model, n, tag, cells, &class, &at),
                None => super::tuples::add_binary(model, n, tag, cells, allowed, &at),
            },
            Primitive::Sightline(line) => super::sightline_rows::add_binary(model, n, line, &at),
            // The strong form chooses one set; `--pair-form conflict` writes the pair tables.
            Primitive::ValueSets(choice) => match forms.pairs {
                PairForm::Support => {
                    add_set_choice(model, n, &choice.tag, &choice.cells, &choice.sets, &at)
                }
                PairForm::Conflict => {
                    for t in choice.pairs(n) {
                        add_pairs(model, n, &t.tag, (t.a, t.b), &t.allowed, forms.pairs, &at)
                    }
                }
            },
        }
    }
}

/// The row Σ_i a_i·value(c_i) (relation) b.
fn add_linear(model: &mut BuiltModel, linear: &LinearRelation, value: &dyn Fn(Cell) -> Expression) {
    let mut expr = Expression::with_capacity(linear.terms.len());
    for &(a, c) in &linear.terms {
        expr.add_mul(a as f64, value(c));
    }
    model.add_row(
        linear.tag.clone(),
        expr,
        sense(linear.relation),
        linear.rhs as f64,
    );
}

/// The digit-set form of a cage of `cells` with sum `sum`: y_D columns, Σ y = 1, and
/// Σ_c x_cv − Σ_{D∋v} y_D = 0 for every digit v.
fn add_digit_sets(
    model: &mut BuiltModel,
    n: usize,
    tag: &str,
    cells: &[Cell],
    sum: i64,
    at: &dyn Fn(Cell, usize) -> Option<Variable>,
) {
    add_set_choice(model, n, tag, cells, &digit_sets(n, cells.len(), sum), at)
}

/// The choice of one value set S of `sets` for `cells` (different values): y_S columns,
/// Σ y = 1, and Σ_c x_cv − Σ_{S∋v} y_S = 0 for every value v (the convex hull of the cells'
/// value set). A cage's digit sets and a set-of-values primitive are written so.
pub(super) fn add_set_choice(
    model: &mut BuiltModel,
    n: usize,
    tag: &str,
    cells: &[Cell],
    sets: &[ValueSet],
    at: &dyn Fn(Cell, usize) -> Option<Variable>,
) {
    // A set with a value no cell keeps a column for cannot be used: left out (with every
    // column present, as without a reduction, none is).
    let sets: Vec<ValueSet> = sets
        .iter()
        .copied()
        .filter(|set| {
            set.values()
                .all(|v| cells.iter().any(|&c| at(c, v as usize).is_some()))
        })
        .collect();
    let group = model.cell_groups.len();
    model
        .cell_groups
        .push(cells.iter().map(|c| c.row * n + c.col).collect());
    let mut ys = Vec::with_capacity(sets.len());
    for (k, &set) in sets.iter().enumerate() {
        let name = format!("y_{tag}_d{}", k + 1);
        let (y, column) = model.add_variable(variable().binary().name(name));
        model
            .indicators
            .push(Indicator::DigitSet { column, group, set });
        ys.push(y);
    }
    model.add_row(
        format!("{tag}_sets"),
        sum_of(ys.iter().copied()),
        Sense::Eq,
        1.0,
    );
    for v in 1..=n {
        let mut expr = sum_of(cells.iter().filter_map(|&c| at(c, v)));
        expr -= sum_of(
            sets.iter()
                .zip(&ys)
                .filter(|(s, _)| s.contains(v as u8))
                .map(|(_, &y)| y),
        );
        model.add_row(format!("{tag}_v{v}"), expr, Sense::Eq, 0.0);
    }
}
