//! What to change so that a puzzle has a solution: the fewest givens and rule instances to
//! remove, from the fix model ([`crate::formulation::fix`], a maximum feasible subsystem solved
//! as an integer program by HiGHS).
//!
//! HiGHS gets a MIP start found by CaDiCaL: the puzzle itself when it has a solution, else the
//! puzzle without one item at a time (the first that leaves a solution), else a maximal feasible subsystem built greedily (each item added
//! when the items kept with it still have a solution). On the killer with one cage sum off by
//! one, HiGHS without a start spent 24 s in root cuts and strong branching before it found the
//! incumbent 31 (its root bound was already 31.9); with the start it only proves the bound.
//! The start changes how fast, not what: the optimum is HiGHS's, proven by its dual bound.
//!
//! The answer is verified without HiGHS: the puzzle without the items removed is solved again
//! by CaDiCaL ([`Sat`]) and its grid, like the fix model's own completion, must pass the
//! independent checker. HiGHS proves the optimum (no set with fewer items removed has a
//! completion) by its dual bound; at the time limit no set is reported.

use crate::engine::{checked, sat::Sat, Engine, EngineError};
use crate::formulation::fix::FixModel;
use crate::formulation::fix::{build, FixModelError, LABEL};
use crate::formulation::EncodeError;
use crate::limits::Limits;
use crate::puzzle::{Cell, Grid, Puzzle, PuzzleError};
use crate::solve::{ms, solve_from, SolveError, SolveOptions, Status};
use std::time::{Duration, Instant};

/// The fewest givens and rule instances to remove.
#[derive(Debug, Clone, PartialEq)]
pub struct Repair {
    /// The givens to remove, with their values, row-major.
    pub givens: Vec<(Cell, u8)>,
    /// The rule instances to remove: indices into [`Puzzle::rules`].
    pub rules: Vec<usize>,
    /// Givens and rule instances kept (the optimum of the fix model).
    pub kept: usize,
    /// One solution of the fixed puzzle (what is kept), found by CaDiCaL and checked.
    pub grid: Grid,
    /// When the fewest removals are one: every single given or rule instance whose removal
    /// alone leaves a solution, the one above included. `None` when the fewest are 0 or more
    /// than 1 (sets of two or more are not enumerated).
    pub singles: Option<SingleFixes>,
}

/// Every single removal that leaves a puzzle with a solution, each checked: the puzzle
/// without it solved by CaDiCaL, the grid passed by the independent checker.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SingleFixes {
    /// The givens, row-major, with their values.
    pub givens: Vec<(Cell, u8)>,
    /// The rule instances: indices into [`Puzzle::rules`].
    pub rules: Vec<usize>,
    /// False when the time limit came before every item was tried: the lists hold those
    /// found until then.
    pub complete: bool,
}

impl SingleFixes {
    /// How many single removals were found.
    pub fn len(&self) -> usize {
        self.givens.len() + self.rules.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// What [`fix`] found.
#[derive(Debug, Clone, PartialEq)]
pub enum FixVerdict {
    /// Proven optimal: no smaller set of removals leaves a puzzle with a solution.
    Fixed(Repair),
    /// The time limit came before HiGHS proved an optimum.
    TimeLimit,
}

/// The verdict with the work it took.
#[derive(Debug, Clone, PartialEq)]
pub struct Fixed {
    pub verdict: FixVerdict,
    /// Givens plus rule instances of the puzzle (the switches of the model).
    pub items: usize,
    /// Branch-and-bound nodes of HiGHS.
    pub nodes: i64,
    /// Wall-clock time, building the model and the verification included.
    pub time_ms: f64,
}

/// A fix that failed for a reason other than the puzzle.
#[derive(Debug, Clone, thiserror::Error)]
pub enum FixError {
    #[error(transparent)]
    Model(#[from] FixModelError),
    #[error(transparent)]
    Solver(#[from] SolveError),
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    /// A grid failed the independent checker.
    #[error(transparent)]
    Check(#[from] EngineError),
    /// CaDiCaL's grid could not be written as a start of the fix model (a bug).
    #[error(transparent)]
    Encode(#[from] EncodeError),
    /// CaDiCaL found no completion of the puzzle without the items removed (a bug).
    #[error(
        "internal error: without the {0} items removed the puzzle still has no solution ({1})"
    )]
    NotVerified(usize, &'static str),
}

/// Finds the fewest givens and rule instances to remove from `puzzle` so that it has a
/// solution, and verifies it (module notes).
///
/// ```
/// use sudoku_ilp::fix::{fix, FixVerdict};
/// use sudoku_ilp::puzzle::{Cell, Puzzle};
/// // Row 1 holds 1 and 2, so r1c3 must hold 3 or 4; column 3 holds both: one given must go.
/// let p = Puzzle::with_square_boxes(4, vec![1,2,0,0, 0,0,0,0, 0,0,3,0, 0,0,4,0]).unwrap();
/// let f = fix(&p, &Default::default(), &Default::default()).unwrap();
/// let FixVerdict::Fixed(repair) = f.verdict else { panic!("time limit") };
/// assert_eq!(repair.givens.len(), 1);
/// assert_eq!(repair.kept, 3);
/// ```
pub fn fix(puzzle: &Puzzle, options: &SolveOptions, limits: &Limits) -> Result<Fixed, FixError> {
    let start = Instant::now();
    let fix_model = build(puzzle)?;
    let items = fix_model.givens.len() + fix_model.rules.len();
    let deadline = start + Duration::from_secs_f64(limits.time_limit.max(0.0));
    let mip_start = match sat_start(puzzle, &fix_model, deadline)? {
        Some((off, grid)) => Some(start_columns(&fix_model, &off, &grid)?),
        None => None,
    };
    let remaining = Limits {
        time_limit: deadline
            .saturating_duration_since(Instant::now())
            .as_secs_f64(),
    };
    let outcome = solve_from(&fix_model.model, options, &remaining, mip_start.as_deref())?;
    let values = match (outcome.status, outcome.values) {
        (Status::Solved, Some(values)) => values,
        (Status::Infeasible, _) => {
            return Err(FixError::NotVerified(items, "the fix model is infeasible"))
        }
        _ => {
            return Ok(Fixed {
                verdict: FixVerdict::TimeLimit,
                items,
                nodes: outcome.stats.nodes,
                time_ms: ms(start.elapsed()),
            })
        }
    };
    let off = |column: usize| values[column] < 0.5;
    let givens: Vec<(Cell, u8)> = fix_model
        .givens
        .iter()
        .filter(|g| off(g.2))
        .map(|g| (g.0, g.1))
        .collect();
    let rules: Vec<usize> = (0..fix_model.rules.len())
        .filter(|&k| off(fix_model.rules[k]))
        .collect();
    let reduced = without(puzzle, &givens, &rules)?;
    // The model's own completion of what it kept must pass the checker ...
    checked(LABEL, &reduced, fix_model.model.decode(&values))?;
    // ... and so must a completion found by another engine.
    let count = Sat.count(&reduced, 1, &Limits::default())?;
    let grid = match count.solutions.into_iter().next() {
        Some(grid) => checked("sat", &reduced, grid)?,
        None => {
            return Err(FixError::NotVerified(
                givens.len() + rules.len(),
                "CaDiCaL found no completion",
            ))
        }
    };
    let singles = match givens.len() + rules.len() {
        1 => Some(single_fixes(puzzle, &fix_model, deadline)?),
        _ => None,
    };
    Ok(Fixed {
        verdict: FixVerdict::Fixed(Repair {
            kept: items - givens.len() - rules.len(),
            givens,
            rules,
            grid,
            singles,
        }),
        items,
        nodes: outcome.stats.nodes,
        time_ms: ms(start.elapsed()),
    })
}

/// `puzzle` without the givens `givens` and the rule instances `rules`.
pub fn without(
    puzzle: &Puzzle,
    givens: &[(Cell, u8)],
    rules: &[usize],
) -> Result<Puzzle, PuzzleError> {
    let n = puzzle.order();
    let mut values = puzzle.givens().to_vec();
    for (cell, _) in givens {
        values[cell.row * n + cell.col] = 0;
    }
    let part = puzzle.with_givens(values)?;
    if puzzle.rules().is_empty() {
        return Ok(part);
    }
    let kept = puzzle
        .rules()
        .iter()
        .enumerate()
        .filter(|(k, _)| !rules.contains(k))
        .map(|(_, r)| r.clone())
        .collect();
    part.with_rules(kept)
}

/// Every given and rule instance of `fix_model` whose removal alone leaves `puzzle` with a
/// solution (CaDiCaL; its grid passed by the checker), tried in order until `deadline`.
fn single_fixes(
    puzzle: &Puzzle,
    fix_model: &FixModel,
    deadline: Instant,
) -> Result<SingleFixes, FixError> {
    let mut found = SingleFixes::default();
    let items = fix_model
        .givens
        .iter()
        .map(|g| (vec![(g.0, g.1)], vec![]))
        .chain((0..fix_model.rules.len()).map(|k| (vec![], vec![k])));
    for (givens, rules) in items {
        let remaining = deadline.saturating_duration_since(Instant::now());
        if remaining.is_zero() {
            return Ok(found);
        }
        let reduced = without(puzzle, &givens, &rules)?;
        let limits = Limits {
            time_limit: remaining.as_secs_f64(),
        };
        let count = Sat.count(&reduced, 1, &limits)?;
        match (count.solutions.into_iter().next(), count.end) {
            (Some(grid), _) => {
                checked("sat", &reduced, grid)?;
                found.givens.extend(givens);
                found.rules.extend(rules);
            }
            (None, crate::engine::CountEnd::TimeLimit) => return Ok(found),
            (None, _) => {}
        }
    }
    found.complete = true;
    Ok(found)
}

/// An item of the fix model: a given (index into [`FixModel::givens`]) or a rule instance.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Item {
    Given(usize),
    Rule(usize),
}

/// The items switched off and a completion of the rest, by CaDiCaL: none when the puzzle has a
/// solution, else the first single item whose removal leaves one, else a maximal feasible
/// subsystem built greedily (module notes). `None` at the deadline.
fn sat_start(
    puzzle: &Puzzle,
    fix_model: &FixModel,
    deadline: Instant,
) -> Result<Option<(Vec<Item>, Grid)>, FixError> {
    let all: Vec<Item> = (0..fix_model.givens.len())
        .map(Item::Given)
        .chain((0..fix_model.rules.len()).map(Item::Rule))
        .collect();
    let solve_without = |off: &[Item]| -> Result<Option<Option<Grid>>, FixError> {
        let remaining = deadline.saturating_duration_since(Instant::now());
        if remaining.is_zero() {
            return Ok(None);
        }
        let givens: Vec<(Cell, u8)> = off
            .iter()
            .filter_map(|i| match i {
                Item::Given(g) => Some((fix_model.givens[*g].0, fix_model.givens[*g].1)),
                Item::Rule(_) => None,
            })
            .collect();
        let rules: Vec<usize> = off
            .iter()
            .filter_map(|i| match i {
                Item::Rule(k) => Some(*k),
                Item::Given(_) => None,
            })
            .collect();
        let reduced = without(puzzle, &givens, &rules)?;
        let limits = Limits {
            time_limit: remaining.as_secs_f64(),
        };
        let count = Sat.count(&reduced, 1, &limits)?;
        Ok(match (count.solutions.into_iter().next(), count.end) {
            (Some(grid), _) => Some(Some(grid)),
            (None, crate::engine::CountEnd::TimeLimit) => None,
            (None, _) => Some(None),
        })
    };
    // Nothing to remove when the puzzle has a solution as it is.
    match solve_without(&[])? {
        None => return Ok(None),
        Some(Some(grid)) => return Ok(Some((Vec::new(), grid))),
        Some(None) => {}
    }
    for &item in &all {
        match solve_without(&[item])? {
            None => return Ok(None),
            Some(Some(grid)) => return Ok(Some((vec![item], grid))),
            Some(None) => {}
        }
    }
    // Greedy: add each item to those kept while the kept ones still have a solution.
    let mut off: Vec<Item> = all.clone();
    let mut grid = None;
    for &item in &all {
        let trial: Vec<Item> = off.iter().copied().filter(|&i| i != item).collect();
        match solve_without(&trial)? {
            None => return Ok(None),
            Some(Some(g)) => {
                off = trial;
                grid = Some(g);
            }
            Some(None) => {}
        }
    }
    Ok(grid.map(|g| (off, g)))
}

/// The start's column values: CaDiCaL's grid encoded in the binary part (digit-set columns
/// included), every switch 1 but those of the items in `off`.
fn start_columns(fix_model: &FixModel, off: &[Item], grid: &Grid) -> Result<Vec<f64>, FixError> {
    let mut columns = fix_model.model.encode(grid)?;
    for (g, given) in fix_model.givens.iter().enumerate() {
        columns[given.2] = f64::from(u8::from(!off.contains(&Item::Given(g))));
    }
    for (k, &column) in fix_model.rules.iter().enumerate() {
        columns[column] = f64::from(u8::from(!off.contains(&Item::Rule(k))));
    }
    Ok(columns)
}
