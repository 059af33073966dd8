//! The MILP engine: a formulation built for the puzzle, solved by HiGHS, decoded and checked.

use super::{
    checked, Count, CountStats, Engine, EngineError, Limits, MilpStats, Solution, StartReport,
    Stats,
};
use crate::clock::Instant;
use crate::formulation::names::cell_tag;
use crate::formulation::Formulation;
use crate::implied::MAX_IMPLIED_CELLS;
use crate::puzzle::{Grid, Puzzle};
use crate::rules::primitive::{Primitive, ValueSet};
use crate::solve::count::count;
use crate::solve::{ms, solve_from, SolveOptions};
use std::sync::Arc;

/// What happens before the model is built.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Presolve {
    /// The model of the puzzle as given.
    #[default]
    None,
    /// Naked and hidden singles (unit propagation on the CNF, with the rules' propagators and
    /// the implied sums of killer cages, [`crate::implied`]) fill every forced cell
    /// first; the model is built for the puzzle with those cells as givens, so it is smaller,
    /// and a reducing formulation also leaves out every candidate propagation ruled out. When
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
    /// A search that runs first and hands its grid to HiGHS as a MIP start (none by default:
    /// the plain MILP is the baseline of the teaching comparisons).
    pub start: Option<Start>,
}

/// A MIP start: an engine that looks for a grid first, within its own time budget. Its grid
/// (already passed by the checker) is encoded by the formulation ([`crate::formulation::BuiltModel::encode`])
/// and handed to HiGHS, which then only has to certify it. When the engine finds no grid (its
/// budget ran out, or it proved there is none), HiGHS runs as without a start.
#[derive(Clone)]
pub struct Start {
    pub engine: Arc<dyn Engine>,
    /// The start engine's time limit in seconds; it also stops at the solve's own limit.
    pub budget: f64,
}

/// The default time budget of a start engine, in seconds.
pub const START_BUDGET: f64 = 5.0;

impl Start {
    /// `engine` with the default budget ([`START_BUDGET`]).
    pub fn new(engine: Arc<dyn Engine>) -> Start {
        Start {
            engine,
            budget: START_BUDGET,
        }
    }
}

impl Milp {
    /// The formulation with the project's HiGHS options, no presolve and no start.
    pub fn new(formulation: impl Formulation + Send + Sync + 'static) -> Milp {
        Milp {
            formulation: Arc::new(formulation),
            options: SolveOptions::default(),
            presolve: Presolve::None,
            start: None,
        }
    }

    /// The same engine with a MIP start from `start`.
    pub fn with_start(self, start: Start) -> Milp {
        Milp {
            start: Some(start),
            ..self
        }
    }
}

impl Engine for Milp {
    fn label(&self) -> String {
        self.formulation.label()
    }

    fn solve(&self, puzzle: &Puzzle, limits: &Limits) -> Result<Solution, EngineError> {
        run_with_start(
            puzzle,
            self.formulation.as_ref(),
            &self.options,
            limits,
            self.presolve,
            self.start.as_ref(),
        )
    }

    /// Re-solves one HiGHS model with a no-good row per solution ([`crate::solve::count`]).
    fn count(&self, puzzle: &Puzzle, max: usize, limits: &Limits) -> Result<Count, EngineError> {
        let counted = count(
            puzzle,
            self.formulation.as_ref(),
            max,
            &self.options,
            limits,
        )?;
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
/// against `puzzle` as given. The body of [`Milp`]'s `solve` without a start, for a borrowed
/// formulation.
pub fn run(
    puzzle: &Puzzle,
    formulation: &dyn Formulation,
    options: &SolveOptions,
    limits: &Limits,
    presolve: Presolve,
) -> Result<Solution, EngineError> {
    run_with_start(puzzle, formulation, options, limits, presolve, None)
}

/// [`run`] with an optional MIP start: the start engine runs first on the puzzle as given
/// (within its budget and the solve's time limit), then HiGHS gets what is left of the limit.
pub fn run_with_start(
    puzzle: &Puzzle,
    formulation: &dyn Formulation,
    options: &SolveOptions,
    limits: &Limits,
    presolve: Presolve,
    start: Option<&Start>,
) -> Result<Solution, EngineError> {
    let begin = Instant::now();
    let found = start.map(|s| find_start(puzzle, s, limits)).transpose()?;
    let build_start = Instant::now();
    let fixed = match presolve {
        Presolve::None => None,
        Presolve::Singles => presolved(puzzle, formulation.drops_excluded_values()),
    };
    let singles_fixed = fixed
        .as_ref()
        .map(|p| p.given_count() - puzzle.given_count());
    let model = formulation.build(fixed.as_ref().unwrap_or(puzzle));
    let build_ms = ms(build_start.elapsed());
    let start_columns = match found.as_ref().and_then(|(_, grid)| grid.as_ref()) {
        Some(grid) => Some(model.encode(grid).map_err(|source| EngineError::Start {
            engine: model.label.clone(),
            source,
        })?),
        None => None,
    };
    let outcome = if begin.elapsed().as_secs_f64() >= limits.time_limit {
        // The build used the whole limit (an empty 64×64 natural model: 700,000 rows): not
        // handed to HiGHS, whose copy of the model alone takes seconds more.
        crate::solve::Outcome {
            status: crate::solve::Status::TimeLimit,
            values: None,
            stats: Default::default(),
            objective: None,
        }
    } else {
        let remaining = limits.after(begin.elapsed());
        solve_from(&model, options, &remaining, start_columns.as_deref())?
    };
    let grid = outcome
        .values
        .map(|values| checked(&model.label, puzzle, model.decode(&values)))
        .transpose()?;
    let start = found.map(|(mut report, start_grid)| {
        report.certified = start_grid.is_some() && start_grid == grid;
        report
    });
    Ok(Solution {
        engine: model.label.clone(),
        status: outcome.status,
        grid,
        time_ms: ms(begin.elapsed()),
        stats: Stats::Milp(MilpStats {
            size: model.size(),
            unreduced: model.unreduced,
            singles_fixed,
            build_ms,
            highs: outcome.stats,
            start,
            objective: outcome.objective,
        }),
    })
}

/// The puzzle of the singles presolve: every cell unit propagation fixes becomes a given, and
/// when the formulation leaves out excluded values (`with_candidates`), every other open cell
/// whose candidates propagation narrowed gets a [`Primitive::Values`] `cand_r{r}_c{c}` with
/// them, so the model has no column for a value no solution can take (on krazydad killers the
/// cages' digit sets leave out about half of them). `None` when propagation proves there is no
/// solution: the puzzle as given then goes to HiGHS, which proves it.
fn presolved(puzzle: &Puzzle, with_candidates: bool) -> Option<Puzzle> {
    let implied = puzzle.primitives_with_implied(MAX_IMPLIED_CELLS);
    let candidates = super::candidates::candidates_with(puzzle, &implied)?;
    let values = candidates
        .iter()
        .map(|&m| {
            if crate::mask::is_single(m) {
                crate::mask::lowest(m)
            } else {
                0
            }
        })
        .collect();
    let fixed = puzzle.with_givens(values).ok()?;
    if !with_candidates {
        return Some(fixed);
    }
    let full = ValueSet::full(puzzle.order()).0;
    let narrowed = puzzle
        .cells()
        .zip(&candidates)
        .filter(|(_, &m)| !crate::mask::is_single(m) && m != full);
    let mut primitives = puzzle.primitives().to_vec();
    primitives.extend(narrowed.map(|(cell, &m)| Primitive::Values {
        tag: format!("cand_{}", cell_tag(cell)),
        cell,
        allowed: ValueSet(m),
    }));
    fixed.with_primitives(primitives).ok()
}

/// Runs the start engine on the puzzle as given, within min(budget, time limit): its report
/// and its grid (checked by the engine) when it found one.
fn find_start(
    puzzle: &Puzzle,
    start: &Start,
    limits: &Limits,
) -> Result<(StartReport, Option<Grid>), EngineError> {
    // The start engine searches for any grid: it sees the puzzle without its objective.
    let plain = puzzle.clone().with_objective(None);
    let solution = start.engine.solve(&plain, &limits.at_most(start.budget))?;
    let report = StartReport {
        engine: solution.engine.clone(),
        ms: solution.time_ms,
        found: solution.status == super::Status::Solved,
        status: solution.status,
        certified: false,
    };
    Ok((report, solution.grid))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Cell, Layout};
    use crate::rules::primitive::Relation;

    #[test]
    fn the_singles_presolve_hands_a_reducing_model_the_candidates_propagation_ruled_out() {
        // A 2-cell cage of sum 3 at r1c1–r1c2 of an empty 4×4: both cells are {1,2}, so the
        // rest of row 1 and of box 1 are {3,4}; no cell is fixed.
        let cage = Primitive::linear(
            "cage1",
            vec![(1, Cell { row: 0, col: 0 }), (1, Cell { row: 0, col: 1 })],
            Relation::Eq,
            3,
        );
        let p = Puzzle::new(4, Layout::Boxes { rows: 2, cols: 2 }, false, vec![0; 16])
            .unwrap()
            .with_primitives(vec![cage])
            .unwrap();
        let allowed = |q: &Puzzle, tag: &str| {
            q.primitives().iter().find_map(|x| match x {
                Primitive::Values {
                    tag: t, allowed, ..
                } if t == tag => Some(*allowed),
                _ => None,
            })
        };
        let reducing = presolved(&p, true).unwrap();
        assert_eq!(reducing.given_count(), 0);
        assert_eq!(allowed(&reducing, "cand_r1_c1"), Some(ValueSet::of([1, 2])));
        assert_eq!(allowed(&reducing, "cand_r1_c3"), Some(ValueSet::of([3, 4])));
        assert_eq!(allowed(&reducing, "cand_r2_c1"), Some(ValueSet::of([3, 4])));
        assert_eq!(allowed(&reducing, "cand_r3_c3"), None);
        assert_eq!(presolved(&p, false).unwrap().primitives().len(), 1);
    }
}
