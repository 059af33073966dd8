//! The MILP engine: a formulation built for the puzzle, solved by HiGHS, decoded and checked.

use super::{checked, Count, CountStats, Engine, EngineError, Limits, MilpStats, Solution, Stats};
use crate::formulation::Formulation;
use crate::puzzle::Puzzle;
use crate::solve::count::{count, CountError};
use crate::solve::{ms, solve, SolveOptions};
use std::sync::Arc;
use std::time::Instant;

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

/// A formulation solved by HiGHS with these options; the time limit comes from [`Limits`].
///
/// ```
/// use sudoku_ilp::engine::{milp::Milp, Engine, Limits, Stats, Status};
/// use sudoku_ilp::formulation::binary::Binary;
/// use sudoku_ilp::puzzle::Puzzle;
/// let p = Puzzle::with_square_boxes(4, vec![1,0,0,0, 0,0,3,0, 0,4,0,0, 0,0,0,2]).unwrap();
/// let s = Milp::new(Binary::default()).solve(&p, &Limits::default()).unwrap();
/// assert_eq!(s.status, Status::Solved);
/// assert_eq!(s.grid.unwrap().rows()[0], vec![1, 3, 2, 4]);
/// let Stats::Milp(m) = s.stats else { unreachable!() };
/// assert_eq!(m.size.variables, 64);
/// ```
#[derive(Clone)]
pub struct Milp {
    pub formulation: Arc<dyn Formulation + Send + Sync>,
    pub options: SolveOptions,
    pub presolve: Presolve,
}

impl Milp {
    /// The formulation with the project's HiGHS options and no presolve.
    pub fn new(formulation: impl Formulation + Send + Sync + 'static) -> Milp {
        Milp {
            formulation: Arc::new(formulation),
            options: SolveOptions::default(),
            presolve: Presolve::None,
        }
    }

    /// The HiGHS options with the time limit of `limits`.
    fn options_within(&self, limits: &Limits) -> SolveOptions {
        SolveOptions {
            time_limit: limits.time_limit,
            ..self.options.clone()
        }
    }
}

impl Engine for Milp {
    fn label(&self) -> String {
        self.formulation.label()
    }

    fn solve(&self, puzzle: &Puzzle, limits: &Limits) -> Result<Solution, EngineError> {
        let options = self.options_within(limits);
        run(puzzle, self.formulation.as_ref(), &options, self.presolve)
    }

    /// Re-solves one HiGHS model with a no-good row per solution ([`crate::solve::count`]).
    fn count(&self, puzzle: &Puzzle, max: usize, limits: &Limits) -> Result<Count, EngineError> {
        let counted = count(
            puzzle,
            self.formulation.as_ref(),
            max,
            &self.options_within(limits),
        )
        .map_err(|e| match e {
            CountError::Solver(e) => EngineError::Solver(e),
            CountError::Repeated { model, again } => EngineError::Repeated {
                engine: model,
                again,
            },
        })?;
        let check = |g| checked(&counted.model, puzzle, g);
        let solutions = counted
            .solutions
            .into_iter()
            .map(check)
            .collect::<Result<_, _>>()?;
        Ok(Count {
            engine: counted.model.clone(),
            solutions,
            beyond: counted.beyond.map(check).transpose()?,
            end: counted.end,
            time_ms: counted.build_ms + counted.stats.solve_ms,
            stats: CountStats::Milp {
                build_ms: counted.build_ms,
                highs: counted.stats,
                solves: counted.solves,
            },
        })
    }
}

/// Presolves, builds `formulation`, solves it with HiGHS and decodes; the grid is checked
/// against `puzzle` as given. The body of [`Milp`]'s `solve`, for a borrowed formulation.
pub fn run(
    puzzle: &Puzzle,
    formulation: &dyn Formulation,
    options: &SolveOptions,
    presolve: Presolve,
) -> Result<Solution, EngineError> {
    let start = Instant::now();
    let fixed = match presolve {
        Presolve::None => None,
        Presolve::Singles => {
            super::propagate::singles(puzzle).and_then(|values| puzzle.with_givens(values).ok())
        }
    };
    let singles_fixed = fixed
        .as_ref()
        .map(|p| p.given_count() - puzzle.given_count());
    let model = formulation.build(fixed.as_ref().unwrap_or(puzzle));
    let build_ms = ms(start.elapsed());
    let outcome = solve(&model, options)?;
    let grid = outcome
        .values
        .map(|values| checked(&model.label, puzzle, model.decode(&values)))
        .transpose()?;
    Ok(Solution {
        engine: model.label.clone(),
        status: outcome.status,
        grid,
        time_ms: ms(start.elapsed()),
        stats: Stats::Milp(MilpStats {
            size: model.size(),
            unreduced: model.unreduced,
            singles_fixed,
            build_ms,
            highs: outcome.stats,
        }),
    })
}
