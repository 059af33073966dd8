//! The fix model: a maximum feasible subsystem of the binary model, where the givens and the
//! rule instances may be switched off, and as many of them as possible are kept.
//!
//! ```text
//! x_{r,c,v} ∈ {0,1}, the cell and house rows of the binary model, as they are (always on)
//! z_g ∈ {0,1} per given g        keep_given_r{r}_c{c}   1: the given is kept
//! z_k ∈ {0,1} per rule instance  keep_rule{k}           1: every row of rule k is kept
//! maximise Σ z                                          the number of givens and rules kept
//! ```
//! Every row of a given or a rule instance, stored as `e(x) ≤ 0` or `e(x) = 0`, is relaxed by
//! big-M when its switch z is 0: `e(x) ≤ U·(1 − z)` with U = max e over the column bounds, and
//! for an equality also `e(x) ≥ L·(1 − z)` with L = min e (the two halves are named
//! `{row}_le` and `{row}_ge`; a half the bounds already imply is left out, and a row left with
//! one half keeps its name). With z = 1 the row is the binary model's; with z = 0 any 0/1
//! point satisfies it. A given's row `x_{c,g} = 1` becomes `x_{c,g} − z_g ≥ 0` (U = 0, L = −1).
//!
//! So the optimum is the largest set of givens and rule instances that still has a completion,
//! and the z = 0 items are the fewest to remove. The x part of an optimal point is that
//! completion. Only the rows of givens and rule instances have switches: the houses are the
//! puzzle's, not data a user typed.

use super::binary::Binary;
use super::binary_rows::{add_primitives, Forms};
use super::names::{cell_tag, given_row_name};
use super::objective::ModelObjective;
use super::{BuiltModel, Formulation, Row, Sense};
use crate::objective::ObjectiveSense;
use crate::puzzle::{Cell, Puzzle, PuzzleError};
use crate::rules::{lower_each, RuleError};
use good_lp::{variable, Expression, IntoAffineExpression, Variable};
use std::collections::HashMap;

/// The fix model with the switch of every given and rule instance.
pub struct FixModel {
    pub model: BuiltModel,
    /// (cell, given value, column of z_g) per given, row-major.
    pub givens: Vec<(Cell, u8, usize)>,
    /// The column of z_k per rule of [`Puzzle::rules`], in order.
    pub rules: Vec<usize>,
}

/// Why the fix model cannot be built.
#[derive(Debug, Clone, thiserror::Error)]
pub enum FixModelError {
    #[error(transparent)]
    Rule(#[from] RuleError),
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    /// A row of a rule has a column without a finite bound, so no big-M switches it off.
    #[error("row {0} cannot be switched off: one of its columns has no finite bound")]
    Unbounded(String),
}

/// The label of the fix model in reports and file headers.
pub const LABEL: &str = "fix (maximum feasible subsystem of the binary model)";

/// Builds the fix model of `puzzle` (module notes). Rules come from [`lower_each`], one
/// instance at a time, so each instance's rows are exactly those its primitives add.
///
/// ```
/// use sudoku_ilp::formulation::fix::build;
/// use sudoku_ilp::puzzle::Puzzle;
/// let p = Puzzle::with_square_boxes(4, vec![1,2,0,0, 0,0,0,0, 0,0,3,0, 0,0,4,0]).unwrap();
/// let fix = build(&p).unwrap();
/// assert_eq!(fix.givens.len(), 4);
/// // x_r1_c1_v1 − keep_given_r1_c1 ≥ 0
/// assert!(fix.model.rows.iter().any(|r| r.name() == "given_r1_c1"));
/// ```
pub fn build(puzzle: &Puzzle) -> Result<FixModel, FixModelError> {
    let has_rules = !puzzle.rules().is_empty();
    // Primitives set without rules (Puzzle::with_primitives) stay as they are: hard rows.
    let base_puzzle = if has_rules {
        puzzle.clone().with_rules(Vec::new())?
    } else {
        puzzle.clone()
    };
    let binary = Binary {
        reduce: false,
        ..Binary::default()
    };
    let mut model = binary.build(&base_puzzle);
    model.label = LABEL.to_string();
    let x = columns_by_value(&model, puzzle.order());
    // The rows of each switchable item: a given's one row, a rule instance's rows.
    let index: HashMap<String, usize> = model
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| (r.name().to_string(), i))
        .collect();
    let mut items: Vec<(String, Vec<usize>)> = Vec::new();
    let mut given_cells = Vec::new();
    for cell in puzzle.cells() {
        if let Some(v) = puzzle.given(cell) {
            let name = given_row_name(cell);
            let row = index[&name];
            items.push((format!("keep_given_{}", cell_tag(cell)), vec![row]));
            given_cells.push((cell, v));
        }
    }
    if has_rules {
        let forms = Forms {
            cages: binary.cages,
            steps: binary.steps,
            pairs: binary.pairs,
        };
        let per_rule = lower_each(puzzle.order(), puzzle.layout(), puzzle.rules())?;
        for (k, primitives) in per_rule.iter().enumerate() {
            let start = model.rows.len();
            add_primitives(&mut model, puzzle, primitives, &x, forms);
            items.push((
                format!("keep_rule{}", k + 1),
                (start..model.rows.len()).collect(),
            ));
        }
    }
    let bounds = column_bounds(&model);
    let mut switched: Vec<Option<Variable>> = vec![None; model.rows.len()];
    let mut columns = Vec::with_capacity(items.len());
    for (z_name, rows) in &items {
        let (z, column) = model.add_variable(variable().binary().name(z_name.clone()));
        columns.push(column);
        for &r in rows {
            switched[r] = Some(z);
        }
    }
    let old = std::mem::take(&mut model.rows);
    for (row, switch) in old.into_iter().zip(switched) {
        match switch {
            None => model.rows.push(row),
            Some(z) => relax(&mut model, &row, z, &bounds)?,
        }
    }
    model.objective = Some(ModelObjective {
        sense: ObjectiveSense::Max,
        spec: "max:kept".to_string(),
        terms: Ok(columns.iter().map(|&c| (c, 1.0)).collect()),
        constant: 0.0,
    });
    let givens = given_cells
        .into_iter()
        .zip(&columns)
        .map(|((cell, v), &c)| (cell, v, c))
        .collect();
    let rules = columns[puzzle.given_count()..].to_vec();
    Ok(FixModel {
        model,
        givens,
        rules,
    })
}

/// `x[v][cell]`: the column of cell (row-major) and value v in the unreduced binary model.
fn columns_by_value(model: &BuiltModel, n: usize) -> Vec<Vec<Option<Variable>>> {
    let variables: Vec<Variable> = model
        .variables
        .iter_variables_with_def()
        .map(|(v, _)| v)
        .collect();
    (0..=n as u8)
        .map(|v| {
            let column = |i: usize| (v > 0).then(|| model.column(i, v)).flatten();
            (0..n * n)
                .map(|i| column(i).map(|j| variables[j]))
                .collect()
        })
        .collect()
}

/// (lower, upper) of every variable.
fn column_bounds(model: &BuiltModel) -> HashMap<Variable, (f64, f64)> {
    model
        .variables
        .iter_variables_with_def()
        .map(|(v, def)| (v, (def.get_min(), def.get_max())))
        .collect()
}

/// The range [min, max] of `e` (its constant included) over the column bounds.
fn range(e: &Expression, bounds: &HashMap<Variable, (f64, f64)>) -> (f64, f64) {
    let (mut low, mut high) = (e.constant(), e.constant());
    for (var, a) in e.linear_coefficients() {
        let (lo, hi) = bounds[&var];
        if a > 0.0 {
            low += a * lo;
            high += a * hi;
        } else if a < 0.0 {
            low += a * hi;
            high += a * lo;
        }
    }
    (low, high)
}

/// The big-M halves of `row` switched by `z` (module notes): `e + U·z ≤ U` and, for an
/// equality, `e + L·z ≥ L`; a `≥` row (stored as `e ≤ 0` with e = rhs − lhs) is written back
/// as `−e − U·z ≥ −U`, in the direction the formulation wrote it. The halves go into `model`.
fn relax(
    model: &mut BuiltModel,
    row: &Row,
    z: Variable,
    bounds: &HashMap<Variable, (f64, f64)>,
) -> Result<(), FixModelError> {
    let name = row.name().to_string();
    let e = row.constraint.expression().clone();
    let (low, high) = range(&e, bounds);
    if !low.is_finite() || !high.is_finite() {
        return Err(FixModelError::Unbounded(name));
    }
    let mut halves: Vec<(Expression, Sense, f64)> = Vec::new();
    if high > 0.0 {
        if row.sense == Sense::Ge {
            halves.push((-e.clone() - high * z, Sense::Ge, -high));
        } else {
            halves.push((e.clone() + high * z, Sense::Le, high));
        }
    }
    if row.constraint.is_equality() && low < 0.0 {
        halves.push((e + low * z, Sense::Ge, low));
    }
    let two = halves.len() == 2;
    for (expression, sense, rhs) in halves {
        let half = match (two, sense) {
            (false, _) => name.clone(),
            (true, Sense::Ge) => format!("{name}_ge"),
            (true, _) => format!("{name}_le"),
        };
        model.add_row(half, expression, sense, rhs);
    }
    Ok(())
}
