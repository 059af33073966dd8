//! An allowed-tuples table ([`Primitive::Tuples`]) in both models: one binary y_t per allowed
//! tuple t, exactly one chosen, and each cell's value read off the chosen tuple.
//!
//! ```text
//! Σ_t y_t = 1                                                  {tag}_tuples
//! binary:   x_{c,v} − Σ_{t : t_c = v} y_t = 0   ∀ c, v          {tag}_{cell}_v{v}
//! natural:  v_c − Σ_t t_c·y_t = 0               ∀ c             {tag}_{cell}
//! ```
//!
//! In the binary model this is the extended formulation of the table: its LP relaxation is the
//! convex hull of the allowed tuples in the x-space (a convex combination of the y's), the
//! strongest any linear form of the relation can be. In the natural model it is exact as well;
//! the integer values are linear in the y's.
//!
//! [`Primitive::Tuples`]: crate::rules::Primitive::Tuples

use super::names::cell_tag;
use super::{sum_of, BuiltModel, Indicator, Sense};
use crate::puzzle::Cell;
use good_lp::{variable, Expression, Variable};

/// The y_t columns (with their indicators) and the row Σ y = 1, over the tuples `keep` allows;
/// returns the tuples kept and their columns.
fn choose_one(
    model: &mut BuiltModel,
    n: usize,
    tag: &str,
    cells: &[Cell],
    allowed: &[Vec<u8>],
    keep: impl Fn(&[u8]) -> bool,
) -> Vec<(Vec<u8>, Variable)> {
    let group = model.cell_groups.len();
    model
        .cell_groups
        .push(cells.iter().map(|c| c.row * n + c.col).collect());
    let mut out = Vec::new();
    for row in allowed.iter().filter(|row| keep(row)) {
        let name = format!("y_{tag}_t{}", out.len() + 1);
        let (y, column) = model.add_variable(variable().binary().name(name));
        model.tuple_rows.push(row.clone());
        model.indicators.push(Indicator::Tuple {
            column,
            group,
            row: model.tuple_rows.len() - 1,
        });
        out.push((row.clone(), y));
    }
    let all = sum_of(out.iter().map(|(_, y)| *y));
    model.add_row(format!("{tag}_tuples"), all, Sense::Eq, 1.0);
    out
}

/// The binary model's rows; `at(cell, v)` is x_{cell,v}, `None` where a reduction left it out
/// (a tuple using such a value is left out too).
pub(super) fn add_binary(
    model: &mut BuiltModel,
    n: usize,
    tag: &str,
    cells: &[Cell],
    allowed: &[Vec<u8>],
    at: &dyn Fn(Cell, usize) -> Option<Variable>,
) {
    let present = |row: &[u8]| {
        cells
            .iter()
            .zip(row)
            .all(|(&c, &v)| at(c, v as usize).is_some())
    };
    let chosen = choose_one(model, n, tag, cells, allowed, present);
    for (i, &c) in cells.iter().enumerate() {
        for v in 1..=n {
            let mut expr = sum_of(at(c, v));
            expr -= sum_of(
                chosen
                    .iter()
                    .filter(|(row, _)| row[i] as usize == v)
                    .map(|(_, y)| *y),
            );
            if at(c, v).is_some() {
                model.add_row(format!("{tag}_{}_v{v}", cell_tag(c)), expr, Sense::Eq, 0.0);
            }
        }
    }
}

/// The natural model's rows; `x[cell]` is the integer column of the cell (row-major).
pub(super) fn add_natural(
    model: &mut BuiltModel,
    n: usize,
    tag: &str,
    cells: &[Cell],
    allowed: &[Vec<u8>],
    x: &[Variable],
) {
    let chosen = choose_one(model, n, tag, cells, allowed, |_| true);
    for (i, &c) in cells.iter().enumerate() {
        let mut expr = Expression::from(x[c.row * n + c.col]);
        for (row, y) in &chosen {
            expr.add_mul(-(row[i] as f64), *y);
        }
        model.add_row(format!("{tag}_{}", cell_tag(c)), expr, Sense::Eq, 0.0);
    }
}
