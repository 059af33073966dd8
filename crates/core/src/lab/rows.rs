//! The built model's columns and rows as the lab keeps them.

use super::LabRow;
use crate::formulation::BuiltModel;

/// Every column's bounds and every row as `lower ≤ Σ a_j x_j ≤ upper` (good_lp keeps a row as
/// `expression (sense) 0` with the constant inside the expression).
pub fn model_rows(model: &BuiltModel) -> (Vec<(f64, f64)>, Vec<LabRow>) {
    use good_lp::IntoAffineExpression;
    let mut column_of = std::collections::HashMap::new();
    let mut base = Vec::with_capacity(model.variables.len());
    for (j, (var, def)) in model.variables.iter_variables_with_def().enumerate() {
        column_of.insert(var, j);
        base.push((def.get_min(), def.get_max()));
    }
    let rows = model
        .rows
        .iter()
        .map(|row| {
            let expression = row.constraint.expression();
            let mut terms: Vec<(usize, f64)> = expression
                .linear_coefficients()
                .filter(|&(_, a)| a != 0.0)
                .filter_map(|(var, a)| column_of.get(&var).map(|&j| (j, a)))
                .collect();
            terms.sort_by_key(|&(j, _)| j);
            // good_lp writes every inequality as `expression ≤ 0`; an equality as `= 0`.
            let rhs = -expression.constant();
            let (lower, upper) = match row.sense {
                crate::formulation::Sense::Eq => (rhs, rhs),
                _ => (f64::NEG_INFINITY, rhs),
            };
            LabRow {
                lower,
                upper,
                integral: terms.iter().all(|&(_, a)| a.fract() == 0.0) && rhs.fract() == 0.0,
                terms,
                cut: None,
            }
        })
        .collect();
    (base, rows)
}
