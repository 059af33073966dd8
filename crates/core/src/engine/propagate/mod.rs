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
//!
//! Three stages, as the report names them ([`Stage`]): unit propagation at the root; the
//! failed-literal rule at the root, exhaustive (every open literal, to its fixpoint); then a
//! depth-first search on what is left, branching on a cell with the fewest candidates, with unit
//! propagation and the failed-literal rule within a budget ([`Probing`]: positive literals of
//! cells with few candidates) at every node.
//!
//! The propagator (the candidate grid, [`super::candidates`]) is incremental: candidate bitsets, per-house place counts, queues
//! of what changed and a trail to undo on backtrack, so a search node or a probe costs what it
//! changes, not a copy and rescan of the grid.

mod search;

pub use search::Probing;

use super::candidates::{candidates_with, has_distinct_sums};
pub(crate) use super::candidates::{Shape, State};
use super::{checked, Count, Engine, EngineError, Limits};
use super::{PropagationStats, Solution, Stats, Status};
use crate::clock::Instant;
use crate::implied::MAX_IMPLIED_CELLS;
use crate::puzzle::{Grid, Puzzle};
use crate::rules::Primitive;
use crate::solve::ms;
use search::{enumerate, failed_literal_rule, Counters, Outcome, Search};
use std::borrow::Cow;

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
    /// Literals the failed-literal rule decided, at the root and at every search node.
    pub failed_literals: u64,
    /// Literals tried by the failed-literal rule, at the root and at every search node (each
    /// probe is one unit propagation).
    pub probes: u64,
    /// Search-tree nodes of the final search, its root included (0 when reasoning sufficed).
    pub nodes: u64,
}

/// Unit propagation only, or with the failed-literal rule; then search when `search` is set.
/// Without search, a grid that reasoning leaves open is reported as [`Status::TimeLimit`]
/// (undecided). Without `failed_literal`, the search nodes use unit propagation only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    pub failed_literal: bool,
    pub search: bool,
    /// The failed-literal rule's budget at each search node (the root's rule is exhaustive).
    pub probing: Probing,
    /// The engine adds the implied sums of the rules, and on a puzzle with rules branches on
    /// conflict weights, with the failed-literal rule at the root only, and not on cages
    /// ([`Propagate`]); [`solve`] itself ignores this.
    pub implied_sums: bool,
    /// The search branches on conflict weights (dom/wdeg, [`search`]) instead of the fewest
    /// candidates alone, with restarts and without the failed-literal rule at its nodes;
    /// [`Propagate`] sets it for puzzles with rules.
    pub conflict_branching: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            failed_literal: true,
            search: true,
            probing: Probing::default(),
            implied_sums: true,
            conflict_branching: false,
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
    solve_with(puzzle, puzzle.primitives(), options, deadline)
}

/// [`solve`] with the propagators of `primitives` (the puzzle's, and the implied sums the engine
/// adds) in place of the puzzle's own.
fn solve_with(
    puzzle: &Puzzle,
    primitives: &[Primitive],
    options: Options,
    deadline: Option<Instant>,
) -> Propagated {
    let n = puzzle.order();
    let shape = Shape::shared(puzzle, primitives);
    let mut state = State::from_givens(&shape, puzzle.givens());
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
    if state.propagate().is_err() {
        return result;
    }
    result.fixed_by_unit = state.fixed() - givens;
    result.fixed_by_reasoning = result.fixed_by_unit;
    let mut counters = Counters::default();
    if !state.complete() && options.failed_literal {
        result.stage = Stage::FailedLiteral;
        let rule = failed_literal_rule(&mut state, deadline, &mut counters);
        result.failed_literals = counters.failed_literals;
        result.probes = counters.probes;
        if rule.is_err() {
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
    // With conflict weights the nodes go without probes (they cost more than they saved).
    let probing =
        (options.failed_literal && !options.conflict_branching).then_some(options.probing);
    let mut search = Search::new(&mut state, probing, deadline);
    if options.conflict_branching {
        search = search.weighted();
    }
    let outcome = search.run();
    result.failed_literals += search.counters.failed_literals;
    result.probes += search.counters.probes;
    result.nodes = search.counters.nodes;
    match outcome {
        Outcome::Found(values) => {
            result.status = Status::Solved;
            result.grid = Some(Grid { n, values });
        }
        Outcome::Exhausted => result.status = Status::Infeasible,
        Outcome::TimeOut => result.status = Status::TimeLimit,
    }
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
    let shape = Shape::shared(puzzle, puzzle.primitives());
    let mut state = State::from_givens(&shape, puzzle.givens());
    state.propagate().ok().map(|()| state.values())
}

/// The candidates unit propagation (with the puzzle's rule propagators) leaves in every cell,
/// row-major, as bit sets (bit v−1 = value v), or `None` when it derives the empty clause. A
/// cell with one candidate is a single of [`singles`]; every value left out is impossible in
/// every solution, so a model may leave out its column.
///
/// ```
/// use sudoku_ilp::{engine::propagate::candidates, puzzle::Puzzle};
/// let p = Puzzle::with_square_boxes(4, vec![1,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0]).unwrap();
/// let c = candidates(&p).unwrap();
/// assert_eq!(c[0], 0b0001);
/// assert_eq!(c[1], 0b1110);
/// assert_eq!(c[15], 0b1111);
/// ```
pub fn candidates(puzzle: &Puzzle) -> Option<Vec<u64>> {
    candidates_with(puzzle, puzzle.primitives())
}

/// The propagation engine: [`solve`] with its [`Options`].
#[derive(Debug, Clone, Copy, Default)]
pub struct Propagate {
    pub options: Options,
}

impl Propagate {
    /// The primitives the engine works on and the options it uses there. With
    /// [`Options::implied_sums`], the puzzle's implied sums (innies and outies,
    /// [`crate::implied`], over at most `implied_cells` open cells) join its
    /// primitives, and a puzzle with rules is solved with conflict-directed branching, without
    /// the failed-literal rule at search nodes, and at the root only when sums over distinct
    /// cells cover less than half of the grid: it costs more than it saves on cages (measured
    /// in docs/propagation.md and docs/performance.md, issue 21).
    fn prepared<'p>(
        &self,
        puzzle: &'p Puzzle,
        implied_cells: usize,
    ) -> (Cow<'p, [Primitive]>, Options) {
        let mut options = self.options;
        // A classic grid has no sums: nothing to add or look for.
        if !options.implied_sums || puzzle.primitives().is_empty() {
            return (Cow::Borrowed(puzzle.primitives()), options);
        }
        options.conflict_branching = true;
        // Cages of the rules themselves: implied sums in one house look like cages too.
        if has_distinct_sums(puzzle) {
            options.failed_literal = false;
        }
        (puzzle.primitives_with_implied(implied_cells), options)
    }

    /// Solves a puzzle with rules in two steps: unit propagation with the implied sums of
    /// [`MAX_IMPLIED_CELLS`] cells decides most generated killers at once; a puzzle it leaves
    /// open is solved again with the implied sums of [`SEARCH_IMPLIED_CELLS`] cells, which
    /// cost more per node and save more nodes.
    fn solve_prepared(&self, puzzle: &Puzzle, deadline: Option<Instant>) -> Propagated {
        let (implied, options) = self.prepared(puzzle, MAX_IMPLIED_CELLS);
        if !options.conflict_branching || !options.search {
            return solve_with(puzzle, &implied, options, deadline);
        }
        let quick = Options {
            search: false,
            ..options
        };
        let r = solve_with(puzzle, &implied, quick, deadline);
        if r.status != Status::TimeLimit {
            return r;
        }
        let (wider, options) = self.prepared(puzzle, SEARCH_IMPLIED_CELLS);
        solve_with(puzzle, &wider, options, deadline)
    }
}

/// Implied sums over at most this many open cells join a puzzle that unit propagation does
/// not decide (5 solved all hard killers; 3 left 6 of them over 10 s, 7 was slower than 5;
/// docs/propagation.md); the constant lives with the candidate grids.
pub(crate) use crate::candidates::SEARCH_IMPLIED_CELLS;

impl Engine for Propagate {
    fn label(&self) -> String {
        "propagate".to_string()
    }

    fn solve(&self, puzzle: &Puzzle, limits: &Limits) -> Result<Solution, EngineError> {
        super::refuse_objective(&self.label(), puzzle)?;
        let start = Instant::now();
        let r = self.solve_prepared(puzzle, limits.deadline());
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
                search_needed: r.stage == Stage::Search,
                nodes: r.nodes,
            }),
        })
    }

    /// Unit propagation (the primitives' propagators included) and fewest-candidates branching,
    /// going on after each solution until `max + 1` are found or the tree is exhausted.
    fn count(&self, puzzle: &Puzzle, max: usize, limits: &Limits) -> Result<Count, EngineError> {
        let start = Instant::now();
        let max = max.max(1);
        let n = puzzle.order();
        let (implied, _) = self.prepared(puzzle, MAX_IMPLIED_CELLS);
        let shape = Shape::shared(puzzle, &implied);
        let mut state = State::from_givens(&shape, puzzle.givens());
        let mut grids = Vec::new();
        let (mut nodes, mut timed_out) = (0u64, false);
        if state.propagate().is_ok() {
            enumerate(
                &mut state,
                limits.deadline(),
                &mut nodes,
                &mut timed_out,
                &mut |values| {
                    grids.push(Grid { n, values });
                    grids.len() > max
                },
            );
        }
        Count::of_search(&self.label(), puzzle, grids, max, (nodes, timed_out), start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check;
    use crate::input::parse_line;
    use crate::puzzle::Layout;

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
                ..Options::default()
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

    /// Solves with and without the failed-literal rule and checks both grids.
    fn solves_both_ways(p: &Puzzle) {
        for failed_literal in [true, false] {
            let options = Options {
                failed_literal,
                ..Options::default()
            };
            let r = solve(p, options, None);
            assert_eq!(r.status, Status::Solved, "failed_literal {failed_literal}");
            check(p, r.grid.as_ref().unwrap()).unwrap();
        }
    }

    #[test]
    fn solves_every_shape() {
        // 6×6 with 2×3 boxes, empty and with givens.
        let six = Puzzle::new(6, Layout::Boxes { rows: 2, cols: 3 }, false, vec![0; 36]).unwrap();
        solves_both_ways(&six);
        let mut givens = vec![0u8; 36];
        givens[0] = 1;
        givens[7] = 3;
        givens[20] = 5;
        givens[35] = 2;
        solves_both_ways(
            &Puzzle::new(6, Layout::Boxes { rows: 2, cols: 3 }, false, givens).unwrap(),
        );
        // 4×4 with both diagonals.
        solves_both_ways(
            &Puzzle::new(4, Layout::Boxes { rows: 2, cols: 2 }, true, vec![0; 16]).unwrap(),
        );
        // 4×4 jigsaw: irregular regions (72 solutions by brute force).
        let regions = vec![0, 0, 1, 1, 0, 0, 2, 1, 3, 2, 2, 1, 3, 3, 3, 2];
        solves_both_ways(&Puzzle::new(4, Layout::Regions(regions), false, vec![0; 16]).unwrap());
        // A 4×4 region map that no Latin square fits (0 solutions by brute force).
        let regions = vec![0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3];
        let none = Puzzle::new(4, Layout::Regions(regions), false, vec![0; 16]).unwrap();
        assert_eq!(
            solve(&none, Options::default(), None).status,
            Status::Infeasible
        );
        // 1×1 and an empty 16×16.
        solves_both_ways(&Puzzle::with_square_boxes(1, vec![0]).unwrap());
        solves_both_ways(&Puzzle::with_square_boxes(16, vec![0; 256]).unwrap());
    }

    #[test]
    fn counters_cover_the_root_and_the_search() {
        // forum_hardest_1905_11plus line 1: reasoning at the root decides nothing, search must.
        let hardest =
            "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
        let p = parse_line(hardest, None).unwrap();
        let r = solve(&p, Options::default(), None);
        assert_eq!((r.status, r.stage), (Status::Solved, Stage::Search));
        assert!(r.nodes >= 1 && r.probes > 0);
        check(&p, r.grid.as_ref().unwrap()).unwrap();
        let plain = solve(
            &p,
            Options {
                failed_literal: false,
                ..Options::default()
            },
            None,
        );
        assert_eq!((plain.grid, plain.probes), (r.grid, 0));
    }

    #[test]
    fn contradiction_is_no_solution() {
        let p = super::super::infeasible_4x4();
        let r = solve(&p, Options::default(), None);
        assert_eq!((r.status, r.grid), (Status::Infeasible, None));
    }
}
