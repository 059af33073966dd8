//! One puzzle, end to end: build the model, solve it, decode the grid, check it.

use crate::check::{check, CheckError};
use crate::formulation::{Formulation, ModelSize};
use crate::methods::propagate::singles;
use crate::puzzle::{Grid, Puzzle};
use crate::solve::{ms, solve, SolveError, SolveOptions, SolveStats, Status};
use std::time::Instant;

/// What one run found, ready to print.
#[derive(Debug, Clone)]
pub struct Report {
    pub order: usize,
    pub givens: usize,
    /// The formulation's label, e.g. `binary --reduce`.
    pub model: String,
    pub status: Status,
    /// The solution, only when solved and checked.
    pub grid: Option<Grid>,
    pub size: ModelSize,
    /// The model's size before a reduction, when one was applied.
    pub unreduced: Option<ModelSize>,
    /// Empty cells that [`Presolve::Singles`] filled before the model was built.
    pub singles_fixed: Option<usize>,
    /// Time to presolve and build the model.
    pub build_ms: f64,
    pub stats: SolveStats,
}

/// A run that failed for a reason other than the puzzle: the solver, or a grid that the
/// independent checker rejected (a bug, never printed as a solution).
#[derive(Debug, Clone, thiserror::Error)]
pub enum RunError {
    #[error(transparent)]
    Solver(#[from] SolveError),
    #[error("internal error: the {model} model returned a grid that fails the check: {source}")]
    Check { model: String, source: CheckError },
    #[error(transparent)]
    Method(#[from] crate::methods::MethodError),
}

/// What happens before the model is built.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Presolve {
    /// The model of the puzzle as given.
    #[default]
    None,
    /// Naked and hidden singles (unit propagation on the CNF) fill every forced cell first; the
    /// model is built for the puzzle with those cells as givens, so it is smaller. When
    /// propagation finds a contradiction, the puzzle as given goes to HiGHS, which proves it.
    Singles,
}

/// Builds `formulation` for `puzzle`, solves it with HiGHS, decodes and checks the grid.
///
/// ```
/// use sudoku_ilp::{formulation::binary::Binary, puzzle::Puzzle, run::run, solve::{SolveOptions, Status}};
/// let p = Puzzle::with_square_boxes(4, vec![1,0,0,0, 0,0,3,0, 0,4,0,0, 0,0,0,2]).unwrap();
/// let report = run(&p, &Binary::default(), &SolveOptions::default()).unwrap();
/// assert_eq!(report.status, Status::Solved);
/// assert_eq!(report.grid.unwrap().rows()[0], vec![1, 3, 2, 4]);
/// ```
pub fn run(
    puzzle: &Puzzle,
    formulation: &dyn Formulation,
    options: &SolveOptions,
) -> Result<Report, RunError> {
    run_with(puzzle, formulation, options, Presolve::None)
}

/// [`run`] with a presolve step; the grid is checked against `puzzle` as given.
///
/// ```
/// use sudoku_ilp::{formulation::binary::Binary, puzzle::Puzzle, solve::SolveOptions};
/// use sudoku_ilp::run::{run_with, Presolve};
/// let p = Puzzle::with_square_boxes(4, vec![1,0,0,0, 0,0,3,0, 0,4,0,0, 0,0,0,2]).unwrap();
/// let report = run_with(&p, &Binary { reduce: true }, &SolveOptions::default(), Presolve::Singles).unwrap();
/// assert_eq!(report.singles_fixed, Some(12)); // propagation alone fills this grid
/// assert_eq!(report.size.variables, 16);      // one column per cell is left
/// ```
pub fn run_with(
    puzzle: &Puzzle,
    formulation: &dyn Formulation,
    options: &SolveOptions,
    presolve: Presolve,
) -> Result<Report, RunError> {
    let start = Instant::now();
    let fixed = match presolve {
        Presolve::None => None,
        Presolve::Singles => singles(puzzle).and_then(|values| puzzle.with_givens(values).ok()),
    };
    let singles_fixed = fixed
        .as_ref()
        .map(|p| p.given_count() - puzzle.given_count());
    let model = formulation.build(fixed.as_ref().unwrap_or(puzzle));
    let build_ms = ms(start.elapsed());
    let outcome = solve(&model, options)?;
    let grid = match &outcome.values {
        Some(values) => {
            let grid = model.decode(values);
            check(puzzle, &grid).map_err(|source| RunError::Check {
                model: model.label.clone(),
                source,
            })?;
            Some(grid)
        }
        None => None,
    };
    Ok(Report {
        order: puzzle.order(),
        givens: puzzle.given_count(),
        model: model.label.clone(),
        status: outcome.status,
        grid,
        size: model.size(),
        unreduced: model.unreduced,
        singles_fixed,
        build_ms,
        stats: outcome.stats,
    })
}
