//! The root LP relaxation read back per cell, for pictures: which values the LP puts in each
//! cell and with what weight (binary model), or which real number (natural model).

#[cfg(feature = "highs")]
use super::{root_relaxation, SolveError, SolveOptions};
use super::{Relaxation, Status};
use crate::check::check;
use crate::formulation::{BuiltModel, CellEncoding};
#[cfg(feature = "highs")]
use crate::limits::Limits;
use crate::puzzle::Puzzle;

/// Values closer than this to an integer count as integral (as in [`root_relaxation`]).
pub const INTEGRAL_TOLERANCE: f64 = 1e-6;

/// What the root LP says about one cell.
#[derive(Debug, Clone, PartialEq)]
pub enum CellLp {
    /// One-hot models: every value v with LP weight x_{cell,v} > 0, largest weight first.
    /// The weights sum to 1 (the cell row Σ_v x_{cell,v} = 1).
    Weights(Vec<(u8, f64)>),
    /// Integer models: the LP value of the cell's integer column x_rc ∈ [1, n].
    Value(f64),
}

impl CellLp {
    /// The value the LP fixes in this cell: one weight of 1 (one-hot), or an integral value.
    pub fn fixed(&self) -> Option<u8> {
        match self {
            CellLp::Weights(w) if w.len() == 1 && (w[0].1 - 1.0).abs() <= INTEGRAL_TOLERANCE => {
                Some(w[0].0)
            }
            CellLp::Value(x) if (x - x.round()).abs() <= INTEGRAL_TOLERANCE => {
                Some(x.round() as u8)
            }
            _ => None,
        }
    }
}

/// The root LP relaxation of a model, cell by cell.
#[derive(Debug, Clone, PartialEq)]
pub struct GridRelaxation {
    /// The model's label (`binary`, `natural`, …).
    pub model: String,
    /// `Solved` when the LP has a point, `Infeasible` when even the LP has none.
    pub status: Status,
    pub objective: f64,
    /// Integer columns with a fractional LP value (the count `compare` reports).
    pub fractional: usize,
    /// Of those, the columns that encode no cell: the natural model's pair binaries y_ab.
    pub fractional_other: usize,
    /// Cells (row-major) as the LP sees them; empty when the LP is infeasible.
    pub cells: Vec<CellLp>,
    /// The LP point is integral and decodes to a grid that passes the checker.
    pub gives_grid: bool,
}

impl GridRelaxation {
    /// Cells the LP leaves open (no fixed value).
    pub fn open_cells(&self) -> usize {
        self.cells.iter().filter(|c| c.fixed().is_none()).count()
    }
}

/// Solves the root LP of `model` (built for `puzzle`) with [`root_relaxation`] and reads every
/// cell's LP values through the model's cell encodings.
#[cfg(feature = "highs")]
pub fn grid_relaxation(
    puzzle: &Puzzle,
    model: &BuiltModel,
    options: &SolveOptions,
    limits: &Limits,
) -> Result<GridRelaxation, SolveError> {
    Ok(grid_of(
        puzzle,
        model,
        root_relaxation(model, options, limits)?,
    ))
}

/// The grid's view of a root relaxation solved elsewhere (e.g. by
/// [`super::analyse::root_relaxation_on`] in the browser).
pub fn grid_of(puzzle: &Puzzle, model: &BuiltModel, relaxation: Relaxation) -> GridRelaxation {
    let Some(values) = relaxation.values.as_ref() else {
        return GridRelaxation {
            model: model.label.clone(),
            status: relaxation.status,
            objective: relaxation.objective,
            fractional: 0,
            fractional_other: 0,
            cells: Vec::new(),
            gives_grid: false,
        };
    };
    let cells: Vec<CellLp> = model.cells().iter().map(|e| cell_lp(e, values)).collect();
    let fractional_in_cells: usize = cells
        .iter()
        .map(|c| match c {
            CellLp::Weights(w) => w.iter().filter(|(_, x)| is_fractional(*x)).count(),
            CellLp::Value(x) => usize::from(is_fractional(*x)),
        })
        .sum();
    let gives_grid = relaxation.fractional == 0 && check(puzzle, &model.decode(values)).is_ok();
    GridRelaxation {
        model: model.label.clone(),
        status: relaxation.status,
        objective: relaxation.objective,
        fractional: relaxation.fractional,
        fractional_other: relaxation.fractional.saturating_sub(fractional_in_cells),
        cells,
        gives_grid,
    }
}

/// x is fractional when |x − round(x)| > [`INTEGRAL_TOLERANCE`].
fn is_fractional(x: f64) -> bool {
    (x - x.round()).abs() > INTEGRAL_TOLERANCE
}

/// One cell's LP values: the positive weights (largest first) or the integer column's value.
fn cell_lp(encoding: &CellEncoding, values: &[f64]) -> CellLp {
    match encoding {
        CellEncoding::OneHot(options) => {
            let mut weights: Vec<(u8, f64)> = options
                .iter()
                .map(|&(col, v)| (v, values.get(col).copied().unwrap_or(0.0)))
                .filter(|(_, x)| *x > INTEGRAL_TOLERANCE)
                .collect();
            weights.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
            CellLp::Weights(weights)
        }
        CellEncoding::Integer(col) => CellLp::Value(values.get(*col).copied().unwrap_or(f64::NAN)),
    }
}
