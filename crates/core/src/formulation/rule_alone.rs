//! One rule alone, for checking a student's rows against it ([`crate::row_check`]): the
//! binary columns x_{c,v} of the rule's cells only (cell k of `cells`, digit v: column
//! k·n + v − 1, named as in the binary model), each cell's row Σ_v x_{c,v} = 1, and, when
//! `strong`, the rows (and digit-set columns) the binary model writes for the rule's
//! primitives in its default forms — the project's strong form of the rule.

use super::binary_rows::{add_primitives, Forms};
use super::names::cell_tag;
use super::{sum_of, BuiltModel, Sense};
use crate::puzzle::{Cell, Puzzle};
use crate::rules::primitive::Primitive;
use good_lp::{variable, Variable};

/// The model of `primitives` over `cells` alone (see the module).
pub fn rule_alone(
    puzzle: &Puzzle,
    cells: &[Cell],
    primitives: &[Primitive],
    strong: bool,
) -> BuiltModel {
    let n = puzzle.order();
    let mut model = BuiltModel::new("rule alone".into(), n);
    let mut x: Vec<Vec<Option<Variable>>> = vec![vec![None; n * n]; n + 1];
    for &cell in cells {
        for (v, by_cell) in x.iter_mut().enumerate().skip(1) {
            let name = format!("x_{}_v{v}", cell_tag(cell));
            let (var, _) = model.add_variable(variable().binary().name(name));
            by_cell[cell.row * n + cell.col] = Some(var);
        }
    }
    for &cell in cells {
        let expr = sum_of((1..=n).filter_map(|v| x[v][cell.row * n + cell.col]));
        model.add_row(format!("cell_{}", cell_tag(cell)), expr, Sense::Eq, 1.0);
    }
    if strong {
        add_primitives(&mut model, puzzle, primitives, &x, Forms::default());
    }
    model
}
