//! A puzzle's [`Objective`] in a built model's columns.
//!
//! One-hot cells (binary model): Σ_{c,v} w_{c,v} x_{c,v}, one term per candidate column; a
//! given whose column was left out (`--reduce`) adds its weight to the constant. Integer cells
//! (natural model): Σ_c a_c x_c, which exists only when the objective is over cell values
//! (w_{c,v} = a_c·v); a candidate objective there is an error the solve and exports report.

use super::{BuiltModel, CellEncoding};
use crate::objective::{Objective, ObjectiveSense};
use crate::puzzle::Puzzle;

/// The objective as the model carries it.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelObjective {
    pub sense: ObjectiveSense,
    /// `max:diagonal`, as [`Objective::spec`] writes it.
    pub spec: String,
    /// (column, coefficient), or why this model cannot carry the objective.
    pub terms: Result<Vec<(usize, f64)>, String>,
    /// Added to Σ terms (the weights of givens whose column is left out).
    pub constant: f64,
}

impl ModelObjective {
    /// The terms, or the reason this model cannot carry them.
    pub fn terms(&self) -> Result<&[(usize, f64)], String> {
        self.terms.as_deref().map_err(Clone::clone)
    }
}

impl BuiltModel {
    /// Sets [`BuiltModel::objective`] from the puzzle's objective (nothing when it has none).
    /// Call after [`BuiltModel::cells`] is complete.
    pub fn apply_objective(&mut self, puzzle: &Puzzle) {
        let Some(objective) = puzzle.objective() else {
            return;
        };
        let mut constant = 0.0;
        let mut terms = Ok(Vec::new());
        for (cell, encoding) in self.cells.iter().enumerate() {
            let Ok(list) = terms.as_mut() else { break };
            match encoding {
                CellEncoding::OneHot(options) => {
                    list.extend(
                        options
                            .iter()
                            .map(|&(col, v)| (col, objective.weight(cell, v) as f64))
                            .filter(|&(_, w)| w != 0.0),
                    );
                    let given = puzzle.givens()[cell];
                    if given > 0 && !options.iter().any(|&(_, v)| v == given) {
                        constant += objective.weight(cell, given) as f64;
                    }
                }
                CellEncoding::Integer(col) => match cell_weight(objective, cell) {
                    Some(0) => {}
                    Some(a) => list.push((*col, a as f64)),
                    None => {
                        terms = Err(format!(
                            "the {} model has one integer column per cell, so it carries only an objective over cell values, not {}",
                            self.label,
                            objective.spec()
                        ))
                    }
                },
            }
        }
        self.objective = Some(ModelObjective {
            sense: objective.sense,
            spec: objective.spec(),
            terms,
            constant,
        });
    }
}

/// a_c when the objective is linear in cell c's value.
fn cell_weight(objective: &Objective, cell: usize) -> Option<i64> {
    objective.cell_weights.as_ref().map(|a| a[cell])
}
