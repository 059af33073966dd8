//! Reasoning on the CNF of seed 001, then search.
//!
//! The clauses (see [`crate::export::cnf`]) say: every cell holds at least one value (K1) and at
//! most one (K2), and every house holds each value at least once (L1 C1 B1) and at most once
//! (L2 C2 B2). Unit propagation on them, with a cell's candidate set standing for its literals
//! not yet false, is exactly:
//! - a cell with one candidate v makes x(cell, v) true (K1 became unit), and the pairwise
//!   clauses then make v false in every peer (K2 and the house "at most once" clauses);
//! - a value with one possible place in a house makes that literal true (an "at least once"
//!   house clause became unit);
//! - a cell without candidates, or a value without a place in a house, is the empty clause.
//!
//! The failed-literal rule (seed 001, III.B): for a literal x still open, if unit propagation on
//! F ∧ x derives the empty clause then ¬x is added to F, and if it does so on F ∧ ¬x then x is
//! added; unit propagation resumes after each deduction, until neither rule deduces anything.
//! What remains open is completed by [`super::backtrack`] on the remaining candidates.

use super::backtrack::solve_from;
use super::{checked, full_mask, house_index, Engine, EngineError, Limits, PropagationStats};
use super::{Solution, Stats, Status};
use crate::puzzle::{Grid, Puzzle};
use crate::solve::ms;
use std::time::Instant;

/// Which stage completed the grid (or proved that none exists).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Unit propagation alone.
    UnitPropagation,
    /// Unit propagation with the failed-literal rule.
    FailedLiteral,
    /// Search was needed after both stalled.
    Search,
}

/// What the method found and how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Propagated {
    pub status: Status,
    /// The solution, when one was found.
    pub grid: Option<Grid>,
    /// The stage that finished: the grid was complete (or a contradiction found) after it.
    pub stage: Stage,
    /// Empty cells fixed by unit propagation alone.
    pub fixed_by_unit: usize,
    /// Empty cells fixed by unit propagation and the failed-literal rule together.
    pub fixed_by_reasoning: usize,
    /// Empty cells of the puzzle.
    pub empty_cells: usize,
    /// Literals the failed-literal rule decided.
    pub failed_literals: u64,
    /// Literals tried by the failed-literal rule (each probe is one unit propagation).
    pub probes: u64,
    /// Search-tree nodes of the final search (0 when reasoning sufficed).
    pub nodes: u64,
}

/// The fixed structure: each cell's peers and each house's cells.
pub(crate) struct Shape {
    peers: Vec<Vec<usize>>,
    houses: Vec<Vec<usize>>,
}

impl Shape {
    pub(crate) fn new(puzzle: &Puzzle) -> Shape {
        let (houses_of, houses) = house_index(puzzle);
        let peers = houses_of
            .iter()
            .enumerate()
            .map(|(i, hs)| {
                let mut p: Vec<usize> = hs
                    .iter()
                    .flat_map(|&h| houses[h].iter().copied())
                    .filter(|&j| j != i)
                    .collect();
                p.sort_unstable();
                p.dedup();
                p
            })
            .collect();
        Shape { peers, houses }
    }
}

/// Candidate masks (literals not yet false) and which cells' true literal has been propagated.
#[derive(Clone)]
pub(crate) struct State {
    pub(crate) cand: Vec<u64>,
    done: Vec<bool>,
}

/// The empty clause was derived.
pub(crate) struct Conflict;

impl State {
    /// Each given cell has its value as only candidate, each empty cell all of 1..n.
    pub(crate) fn from_givens(puzzle: &Puzzle) -> State {
        let n = puzzle.order();
        let cand = puzzle
            .givens()
            .iter()
            .map(|&g| {
                if g == 0 {
                    full_mask(n)
                } else {
                    1u64 << (g - 1)
                }
            })
            .collect();
        State {
            done: vec![false; n * n],
            cand,
        }
    }

    /// Unit propagation to a fixpoint.
    pub(crate) fn propagate(&mut self, shape: &Shape, n: usize) -> Result<(), Conflict> {
        loop {
            let mut changed = false;
            for i in 0..self.cand.len() {
                let m = self.cand[i];
                if m == 0 {
                    return Err(Conflict);
                }
                if !self.done[i] && m.count_ones() == 1 {
                    self.done[i] = true;
                    changed = true;
                    for &j in &shape.peers[i] {
                        self.cand[j] &= !m;
                        if self.cand[j] == 0 {
                            return Err(Conflict);
                        }
                    }
                }
            }
            for house in &shape.houses {
                for v in 0..n {
                    let bit = 1u64 << v;
                    let mut places = house.iter().filter(|&&i| self.cand[i] & bit != 0);
                    match (places.next(), places.next()) {
                        (None, _) => return Err(Conflict),
                        (Some(&i), None) if self.cand[i] != bit => {
                            self.cand[i] = bit;
                            changed = true;
                        }
                        _ => {}
                    }
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }

    fn fixed(&self) -> usize {
        self.cand.iter().filter(|m| m.count_ones() == 1).count()
    }

    pub(crate) fn complete(&self) -> bool {
        self.cand.iter().all(|m| m.count_ones() == 1)
    }

    pub(crate) fn values(&self) -> Vec<u8> {
        self.cand
            .iter()
            .map(|&m| {
                if m.count_ones() == 1 {
                    m.trailing_zeros() as u8 + 1
                } else {
                    0
                }
            })
            .collect()
    }

    /// True when unit propagation on this state plus `cand[i] = mask` derives the empty clause.
    fn fails_with(&self, shape: &Shape, n: usize, i: usize, mask: u64) -> bool {
        let mut probe = self.clone();
        probe.cand[i] = mask;
        probe.propagate(shape, n).is_err()
    }
}

/// Unit propagation only, or with the failed-literal rule; then search when `search` is set.
/// Without search, a grid that reasoning leaves open is reported as [`Status::TimeLimit`]
/// (undecided).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    pub failed_literal: bool,
    pub search: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            failed_literal: true,
            search: true,
        }
    }
}

/// Solves by unit propagation, then the failed-literal rule, then search on what is left.
///
/// ```
/// use sudoku_ilp::{engine::propagate::{solve, Options, Stage}, engine::Status, puzzle::Puzzle};
/// let p = Puzzle::with_square_boxes(4, vec![1,0,0,0, 0,0,3,0, 0,4,0,0, 0,0,0,2]).unwrap();
/// let r = solve(&p, Options::default(), None);
/// assert_eq!(r.status, Status::Solved);
/// assert_eq!(r.stage, Stage::UnitPropagation);
/// assert_eq!(r.fixed_by_unit, 12);
/// ```
pub fn solve(puzzle: &Puzzle, options: Options, deadline: Option<Instant>) -> Propagated {
    let n = puzzle.order();
    let shape = Shape::new(puzzle);
    let mut state = State::from_givens(puzzle);
    let givens = puzzle.given_count();
    let mut result = Propagated {
        status: Status::Infeasible,
        grid: None,
        stage: Stage::UnitPropagation,
        fixed_by_unit: 0,
        fixed_by_reasoning: 0,
        empty_cells: n * n - givens,
        failed_literals: 0,
        probes: 0,
        nodes: 0,
    };
    if state.propagate(&shape, n).is_err() {
        return result;
    }
    result.fixed_by_unit = state.fixed() - givens;
    result.fixed_by_reasoning = result.fixed_by_unit;
    if !state.complete() && options.failed_literal {
        result.stage = Stage::FailedLiteral;
        if failed_literal_rule(&mut state, &shape, n, deadline, &mut result).is_err() {
            return result;
        }
        result.fixed_by_reasoning = state.fixed() - givens;
    }
    if state.complete() {
        result.status = Status::Solved;
        result.grid = Some(Grid {
            n,
            values: state.values(),
        });
        return result;
    }
    if !options.search {
        result.status = Status::TimeLimit;
        return result;
    }
    result.stage = Stage::Search;
    let found = solve_from(puzzle, state.values(), state.cand, deadline);
    result.status = found.status;
    result.grid = found.grid;
    result.nodes = found.nodes;
    result
}

/// Unit propagation alone, as a presolve before a model is built: naked singles (a cell with one
/// candidate) and hidden singles (a value with one place in a house), to a fixpoint.
/// Returns the grid's values with every forced cell filled (0 where still open), or `None` when
/// propagation derives the empty clause (the puzzle has no solution).
///
/// ```
/// use sudoku_ilp::{engine::propagate::singles, puzzle::Puzzle};
/// let p = Puzzle::with_square_boxes(4, vec![1,0,0,0, 0,0,3,0, 0,4,0,0, 0,0,0,2]).unwrap();
/// assert_eq!(singles(&p).unwrap(), vec![1,3,2,4, 4,2,3,1, 2,4,1,3, 3,1,4,2]);
/// ```
pub fn singles(puzzle: &Puzzle) -> Option<Vec<u8>> {
    let mut state = State::from_givens(puzzle);
    state
        .propagate(&Shape::new(puzzle), puzzle.order())
        .ok()
        .map(|()| state.values())
}

/// Applies the failed-literal rule with unit propagation after each deduction, until neither
/// deduces anything, the grid is complete or the deadline has passed.
fn failed_literal_rule(
    state: &mut State,
    shape: &Shape,
    n: usize,
    deadline: Option<Instant>,
    result: &mut Propagated,
) -> Result<(), Conflict> {
    loop {
        let mut deduced = false;
        for i in 0..state.cand.len() {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return Ok(());
            }
            let mut rest = state.cand[i];
            if rest.count_ones() < 2 {
                continue;
            }
            while rest != 0 {
                let bit = rest & rest.wrapping_neg();
                rest &= rest - 1;
                if state.cand[i] & bit == 0 || state.cand[i] == bit {
                    continue;
                }
                // F ∧ x fails: add ¬x.
                result.probes += 1;
                if state.fails_with(shape, n, i, bit) {
                    state.cand[i] &= !bit;
                } else {
                    // F ∧ ¬x fails: add x.
                    result.probes += 1;
                    if !state.fails_with(shape, n, i, state.cand[i] & !bit) {
                        continue;
                    }
                    state.cand[i] = bit;
                }
                result.failed_literals += 1;
                deduced = true;
                state.propagate(shape, n)?;
                if state.complete() {
                    return Ok(());
                }
            }
        }
        if !deduced {
            return Ok(());
        }
    }
}

/// The propagation engine: [`solve`] with its [`Options`].
#[derive(Debug, Clone, Copy, Default)]
pub struct Propagate {
    pub options: Options,
}

impl Engine for Propagate {
    fn label(&self) -> String {
        "propagate".to_string()
    }

    fn solve(&self, puzzle: &Puzzle, limits: &Limits) -> Result<Solution, EngineError> {
        let start = Instant::now();
        let r = solve(puzzle, self.options, limits.deadline());
        let grid = r
            .grid
            .map(|g| checked("propagate", puzzle, g))
            .transpose()?;
        Ok(Solution {
            engine: self.label(),
            status: r.status,
            grid,
            time_ms: ms(start.elapsed()),
            stats: Stats::Propagation(PropagationStats {
                stage: r.stage,
                empty_cells: r.empty_cells,
                fixed_by_unit: r.fixed_by_unit,
                fixed_by_reasoning: r.fixed_by_reasoning,
                failed_literals: r.failed_literals,
                probes: r.probes,
                nodes: r.nodes,
            }),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check;
    use crate::input::parse_line;

    #[test]
    fn reasoning_stages_on_known_grids() {
        // An easy grid: unit propagation alone.
        let easy =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let p = parse_line(easy, None).unwrap();
        let r = solve(&p, Options::default(), None);
        assert_eq!(
            (r.status, r.stage),
            (Status::Solved, Stage::UnitPropagation)
        );
        assert_eq!(r.fixed_by_unit, r.empty_cells);
        check(&p, r.grid.as_ref().unwrap()).unwrap();
        // top95 line 1: unit propagation stalls.
        let hard =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let p = parse_line(hard, None).unwrap();
        let up = solve(
            &p,
            Options {
                failed_literal: false,
                search: false,
            },
            None,
        );
        assert_eq!(up.status, Status::TimeLimit);
        assert!(up.fixed_by_unit < up.empty_cells);
        let r = solve(&p, Options::default(), None);
        assert_eq!(r.status, Status::Solved);
        assert!(r.fixed_by_reasoning >= r.fixed_by_unit);
        check(&p, r.grid.as_ref().unwrap()).unwrap();
    }

    #[test]
    fn contradiction_is_no_solution() {
        let p = super::super::infeasible_4x4();
        let r = solve(&p, Options::default(), None);
        assert_eq!((r.status, r.grid), (Status::Infeasible, None));
    }
}
