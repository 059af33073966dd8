//! Plain backtracking (seed 003): depth-first search on the most-constrained choice first
//! (minimum remaining values, the seed's "weights"): the empty cell with the fewest candidates,
//! trying them in increasing order, or, when some house has a missing value with even fewer
//! possible cells, that value's cells.
//!
//! The candidates of cell i are `allowed(i) ∖ ⋃_{h ∋ i} used(h)`, where `used(h)` is the mask of
//! values already placed in house h; an empty cell with no candidate, or a missing value with no
//! cell in a house, ends the branch.
//!
//! A puzzle's variant primitives ([`crate::rules::primitive`]) are checked by [`Checks`] at every
//! node, against the placed values and the open cells' candidates C(j) (by houses, already
//! filtered for the cells before j in row-major order: one pass, a look-ahead of one placement,
//! no fixed point; the checks prune, they do not propagate). A value v stays a
//! candidate of an open cell i only when, with i = v, every primitive over i can still hold:
//! - all different over cells P (placed) ∪ O (open): the placed values differ, and the values
//!   U = ⋃_{j∈O} C(j) ∖ values(P) number at least |O| (pigeonhole);
//! - a linear row Σ aⱼ·xⱼ (rel) b: it stays within [L, H] with L = Σ_P aⱼ·xⱼ + Σ_O min_{v∈C(j)} aⱼ·v
//!   and H alike with max (each open cell's own candidates, not 1..n);
//! - a sum of cells that must differ (a killer cage: a unit-coefficient equality inside one
//!   all-different group or house) is tighter: the |O| open cells take |O| distinct values of U,
//!   so Σ_P xⱼ + (the |O| smallest of U) ≤ b ≤ Σ_P xⱼ + (the |O| largest of U);
//! - a pair table: with a placed, value(b) ∈ C(b) ∩ allowed(value(a)) must exist (and the mirror
//!   for b placed; with both open, some u ∈ C(a) must have a partner in C(b));
//! - a value set: C(i) ∩ allowed ≠ ∅, or the placed value in it;
//! - the rule of 45: the implied sums of [`crate::implied`] (innies, outies and mixed
//!   forms of rows, columns, boxes and their pairs, any number of open cells), derived once and
//!   checked like the puzzle's own rows (those inside one house as sums of cells that differ).
//!
//! The values that fail are removed before the choice, so the minimum-remaining-values rule
//! branches first on the cells of tight cages and thermometers. Correct, and no longer hopeless
//! on killers without givens: it remains a search, not a solver of sums.
//!
//! Over 600 lines, about 100 of them unit tests: the checks of the primitives on partial grids
//! and the search that calls them at every node.

use super::{checked, house_index, Count, Engine, EngineError};
use super::{Limits, SearchStats, Solution, Stats, Status};
use crate::clock::Instant;
use crate::mask;
use crate::puzzle::{Cell, Grid, Puzzle};
use crate::rules::primitive::{distinct_sums, Primitive, Relation};
use crate::solve::ms;

/// What a search found: the first solution (when one exists) and the nodes visited.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solved {
    /// `Solved`, `Infeasible` (search exhausted) or `TimeLimit` (deadline passed).
    pub status: Status,
    pub grid: Option<Grid>,
    /// Search-tree nodes: calls of the depth-first step, the root included.
    pub nodes: u64,
}

/// A count of solutions, stopped at a limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counted {
    /// Solutions found (at most the limit).
    pub solutions: u64,
    /// True when the search was exhausted, so `solutions` is the exact count.
    pub exact: bool,
    pub nodes: u64,
    /// True when the deadline stopped the search.
    pub timed_out: bool,
    /// The first `keep` solutions found (see [`count_keeping`]).
    pub grids: Vec<Grid>,
}

/// A puzzle's primitives as checks on partial assignments (module documentation).
pub(crate) struct Checks {
    n: usize,
    primitives: Vec<Primitive>,
    /// Each primitive's cells as row-major indices, in its own order.
    cells: Vec<Vec<usize>>,
    /// Whether primitive k is a unit-coefficient sum over cells that must differ.
    distinct: Vec<bool>,
    /// The primitives over each cell (row-major).
    watch: Vec<Vec<usize>>,
}

impl Checks {
    pub(crate) fn new(puzzle: &Puzzle) -> Checks {
        let n = puzzle.order();
        let mut primitives = puzzle.primitives().to_vec();
        primitives.extend(puzzle.implied_sums(n).into_iter().cloned());
        let houses: Vec<Vec<Cell>> = puzzle.houses().iter().map(|h| h.cells.clone()).collect();
        let sums = distinct_sums(&primitives, &houses);
        let distinct: Vec<bool> = primitives
            .iter()
            .map(|p| matches!(p, Primitive::Linear(l) if sums.iter().any(|s| s.is_of(l))))
            .collect();
        let cells: Vec<Vec<usize>> = primitives
            .iter()
            .map(|p| p.cells().iter().map(|c| c.row * n + c.col).collect())
            .collect();
        let mut watch = vec![Vec::new(); n * n];
        for (k, of) in cells.iter().enumerate() {
            for &i in of {
                watch[i].push(k);
            }
        }
        Checks {
            n,
            primitives,
            cells,
            distinct,
            watch,
        }
    }

    /// Each cell's allowed values under the `Values` primitives.
    fn allowed(&self) -> Vec<u64> {
        let mut allowed = vec![mask::full(self.n); self.n * self.n];
        for p in &self.primitives {
            if let Primitive::Values {
                cell, allowed: a, ..
            } = p
            {
                allowed[cell.row * self.n + cell.col] &= a.0;
            }
        }
        allowed
    }

    /// Whether every primitive can still hold on the partial assignment `values` (0 = open).
    fn all_hold(&self, values: &[u8]) -> bool {
        self.primitives
            .iter()
            .all(|p| p.may_hold(self.n, |c| values[c.row * self.n + c.col]))
    }

    /// The values of `mask` that open cell i may take: those with which every primitive over i
    /// still fits ([`Checks::fits`]) the other cells' candidates `candidates`.
    fn filter(&self, i: usize, mask: u64, values: &mut [u8], candidates: &[u64]) -> u64 {
        let mut kept = 0;
        for v in mask::values(mask) {
            values[i] = v;
            if self.watch[i]
                .iter()
                .all(|&k| self.fits(k, values, candidates))
            {
                kept |= 1 << (v - 1);
            }
        }
        values[i] = 0;
        kept
    }

    /// Whether primitive k can still hold when each open cell j (value 0) takes a value of
    /// `candidates[j]` (the bounds of the module documentation).
    fn fits(&self, k: usize, values: &[u8], candidates: &[u64]) -> bool {
        let cells = &self.cells[k];
        match &self.primitives[k] {
            Primitive::AllDifferent { .. } => {
                let (placed, open, free) = split(cells, values, candidates);
                placed.is_some() && free.count_ones() as usize >= open
            }
            Primitive::Linear(l) if self.distinct[k] => {
                let (placed, open, free) = split(cells, values, candidates);
                let sum: i64 = cells.iter().map(|&j| values[j] as i64).sum();
                let least: i64 = mask::values(free).take(open).map(i64::from).sum();
                let most: i64 = mask::values(free)
                    .skip(free.count_ones() as usize - open.min(free.count_ones() as usize))
                    .map(i64::from)
                    .sum();
                placed.is_some()
                    && free.count_ones() as usize >= open
                    && sum + least <= l.rhs
                    && l.rhs <= sum + most
            }
            Primitive::Linear(l) => {
                let (mut low, mut high) = (0i64, 0i64);
                for (&(a, _), &j) in l.terms.iter().zip(cells) {
                    let (least, most) = match values[j] {
                        0 if candidates[j] == 0 => return false,
                        0 => (
                            i64::from(mask::lowest(candidates[j])),
                            i64::from(mask::highest(candidates[j])),
                        ),
                        v => (v as i64, v as i64),
                    };
                    low += (a * least).min(a * most);
                    high += (a * least).max(a * most);
                }
                match l.relation {
                    Relation::Eq => low <= l.rhs && l.rhs <= high,
                    Relation::Le => low <= l.rhs,
                    Relation::Ge => high >= l.rhs,
                }
            }
            Primitive::Pairs { allowed, .. } => {
                let partners = |u: u8| allowed.get(u as usize - 1).map_or(0, |s| s.0);
                let (a, b) = (cells[0], cells[1]);
                let of = |j: usize| match values[j] {
                    0 => candidates[j],
                    v => 1 << (v - 1),
                };
                mask::values(of(a)).any(|u| partners(u) & of(b) != 0)
            }
            Primitive::Values { allowed, .. } => match values[cells[0]] {
                0 => candidates[cells[0]] & allowed.0 != 0,
                v => allowed.contains(v),
            },
            Primitive::Tuples { allowed, .. } => allowed.iter().any(|row| {
                row.iter().zip(cells).all(|(&t, &j)| match values[j] {
                    0 => candidates[j] >> (t - 1) & 1 == 1,
                    v => v == t,
                })
            }),
            // Different placed values inside one set that still has a free value per open cell.
            Primitive::ValueSets(choice) => {
                let (placed, open, free) = split(cells, values, candidates);
                placed.is_some_and(|p| {
                    choice
                        .sets
                        .iter()
                        .any(|s| s.0 & p == p && (s.0 & free).count_ones() as usize >= open)
                })
            }
            Primitive::Sightline(line) => {
                let of = |j: usize| match values[j] {
                    0 => candidates[j],
                    v => 1 << (v - 1),
                };
                let line_candidates: Vec<u64> = cells.iter().map(|&j| of(j)).collect();
                match line.supports(&line_candidates, SIGHTLINE_BUDGET) {
                    Some(support) => support.iter().all(|&s| s != 0),
                    None => line.may_hold(&cells.iter().map(|&j| values[j]).collect::<Vec<_>>()),
                }
            }
        }
    }
}

/// The most partial lines one test of a sightline (outside clue) walks; past it the test reads
/// only the placed values.
const SIGHTLINE_BUDGET: usize = 2_000;

/// Over `cells`: the mask of placed values (`None` when two repeat), the number of open cells,
/// and the values their candidates offer that no placed cell holds.
fn split(cells: &[usize], values: &[u8], candidates: &[u64]) -> (Option<u64>, usize, u64) {
    let (mut placed, mut open, mut offered, mut repeat) = (0u64, 0, 0u64, false);
    for &j in cells {
        match values[j] {
            0 => {
                open += 1;
                offered |= candidates[j];
            }
            v => {
                repeat |= placed >> (v - 1) & 1 == 1;
                placed |= 1 << (v - 1);
            }
        }
    }
    ((!repeat).then_some(placed), open, offered & !placed)
}

/// The search state: values placed, per-house used masks, per-cell allowed masks.
pub(crate) struct Search<'a> {
    houses_of: &'a [Vec<usize>],
    houses: &'a [Vec<usize>],
    values: Vec<u8>,
    used: Vec<u64>,
    allowed: Vec<u64>,
    nodes: u64,
    deadline: Option<Instant>,
    timed_out: bool,
    /// The puzzle's primitives, when it has any.
    checks: Option<&'a Checks>,
}

impl<'a> Search<'a> {
    /// A search from `values` (0 = empty; placed values must not clash) where cell i may only
    /// take the values in `allowed[i]`.
    pub(crate) fn new(
        houses_of: &'a [Vec<usize>],
        houses: &'a [Vec<usize>],
        values: Vec<u8>,
        allowed: Vec<u64>,
        deadline: Option<Instant>,
    ) -> Search<'a> {
        let mut used = vec![0u64; houses.len()];
        for (i, &v) in values.iter().enumerate() {
            if v != 0 {
                for &h in &houses_of[i] {
                    used[h] |= 1 << (v - 1);
                }
            }
        }
        Search {
            houses_of,
            houses,
            values,
            used,
            allowed,
            nodes: 0,
            deadline,
            timed_out: false,
            checks: None,
        }
    }

    /// The same search that also checks `checks` after every placement; the starting values
    /// must satisfy them (see [`Checks::all_hold`]) and `allowed` should include
    /// [`Checks::allowed`].
    fn with_checks(mut self, checks: &'a Checks) -> Search<'a> {
        self.checks = Some(checks);
        self
    }

    /// Places v in cell i and runs the search below (the checks ran when v became a candidate).
    fn branch(&mut self, i: usize, v: u8, on_solution: &mut dyn FnMut(&[u8]) -> bool) -> bool {
        self.place(i, v);
        let stop = self.run(on_solution);
        self.unplace(i);
        stop
    }

    /// Every open cell's candidates (0 for a placed cell): by its houses, then, with checks, only
    /// the values [`Checks::filter`] keeps.
    fn candidate_masks(&mut self) -> Vec<u64> {
        let mut candidates: Vec<u64> = (0..self.values.len())
            .map(|i| match self.values[i] {
                0 => self.candidates(i),
                _ => 0,
            })
            .collect();
        if let Some(checks) = self.checks.filter(|c| !c.primitives.is_empty()) {
            for i in 0..candidates.len() {
                if candidates[i] != 0 {
                    candidates[i] = checks.filter(i, candidates[i], &mut self.values, &candidates);
                }
            }
        }
        candidates
    }

    fn candidates(&self, i: usize) -> u64 {
        let taken = self.houses_of[i]
            .iter()
            .fold(0u64, |acc, &h| acc | self.used[h]);
        self.allowed[i] & !taken
    }

    fn place(&mut self, i: usize, v: u8) {
        self.values[i] = v;
        for &h in &self.houses_of[i] {
            self.used[h] |= 1 << (v - 1);
        }
    }

    fn unplace(&mut self, i: usize) {
        let bit = 1u64 << (self.values[i] - 1);
        self.values[i] = 0;
        for &h in &self.houses_of[i] {
            self.used[h] &= !bit;
        }
    }

    /// Depth-first search; `on_solution` returns true to stop. Returns true when stopped.
    pub(crate) fn run(&mut self, on_solution: &mut dyn FnMut(&[u8]) -> bool) -> bool {
        self.nodes += 1;
        // Every node: one node scans every cell and rule, far more than a clock read (a node
        // of an empty 64×64 with rules takes milliseconds; every 256th node was seconds late).
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.timed_out = true;
            return true;
        }
        let candidates = self.candidate_masks();
        let mut best: Option<(usize, u64)> = None;
        let mut best_count = u32::MAX;
        for (i, &m) in candidates.iter().enumerate() {
            if self.values[i] != 0 {
                continue;
            }
            let k = m.count_ones();
            if k == 0 {
                return false;
            }
            if k < best_count {
                best = Some((i, m));
                best_count = k;
                if k == 1 {
                    break;
                }
            }
        }
        let Some((i, mut mask)) = best else {
            return on_solution(&self.values);
        };
        if best_count > 1 {
            if let Some((v, places)) = self.fewest_places(best_count, &candidates) {
                if places.is_empty() {
                    return false;
                }
                for j in places {
                    if self.branch(j, v, on_solution) {
                        return true;
                    }
                }
                return false;
            }
        }
        while mask != 0 {
            let v = mask.trailing_zeros() as u8 + 1;
            mask &= mask - 1;
            if self.branch(i, v, on_solution) {
                return true;
            }
        }
        false
    }

    /// A value missing from a house with fewer than `than` possible cells among `candidates`
    /// (the fewest found), and those cells.
    fn fewest_places(&self, than: u32, candidates: &[u64]) -> Option<(u8, Vec<usize>)> {
        let mut best: Option<(u8, Vec<usize>)> = None;
        let mut limit = than as usize;
        for (h, cells) in self.houses.iter().enumerate() {
            let mut missing = !self.used[h] & mask::full(cells.len());
            while missing != 0 {
                let bit = missing & missing.wrapping_neg();
                missing &= missing - 1;
                let places: Vec<usize> = cells
                    .iter()
                    .copied()
                    .filter(|&j| self.values[j] == 0 && candidates[j] & bit != 0)
                    .collect();
                if places.len() < limit {
                    limit = places.len();
                    best = Some((bit.trailing_zeros() as u8 + 1, places));
                    if limit <= 1 {
                        return best;
                    }
                }
            }
        }
        best
    }

    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    pub(crate) fn timed_out(&self) -> bool {
        self.timed_out
    }
}

/// Finds the first solution in search order, stopping at `deadline` if one is given.
///
/// ```
/// use sudoku_ilp::{engine::backtrack, engine::Status, puzzle::Puzzle};
/// let p = Puzzle::with_square_boxes(4, vec![1,0,0,0, 0,0,3,0, 0,4,0,0, 0,0,0,2]).unwrap();
/// let found = backtrack::solve(&p, None);
/// assert_eq!(found.status, Status::Solved);
/// assert_eq!(found.grid.unwrap().rows()[0], vec![1, 3, 2, 4]);
/// ```
pub fn solve(puzzle: &Puzzle, deadline: Option<Instant>) -> Solved {
    let allowed = Checks::new(puzzle).allowed();
    solve_from(puzzle, puzzle.givens().to_vec(), allowed, deadline)
}

/// [`solve`] from partly filled `values` with per-cell candidate masks.
pub(crate) fn solve_from(
    puzzle: &Puzzle,
    values: Vec<u8>,
    allowed: Vec<u64>,
    deadline: Option<Instant>,
) -> Solved {
    let n = puzzle.order();
    let (houses_of, houses) = house_index(puzzle);
    let checks = Checks::new(puzzle);
    let fits = checks.all_hold(&values);
    let mut search = Search::new(houses_of, houses, values, allowed, deadline).with_checks(&checks);
    let mut found = None;
    if fits {
        search.run(&mut |values| {
            found = Some(values.to_vec());
            true
        });
    }
    let status = match (&found, search.timed_out()) {
        (Some(_), _) => Status::Solved,
        (None, true) => Status::TimeLimit,
        (None, false) => Status::Infeasible,
    };
    Solved {
        status,
        grid: found.map(|values| Grid { n, values }),
        nodes: search.nodes(),
    }
}

/// Counts solutions up to `limit` (≥ 1): the search stops at the limit-th solution.
///
/// ```
/// use sudoku_ilp::{engine::backtrack, puzzle::Puzzle};
/// let empty = Puzzle::with_square_boxes(4, vec![0; 16]).unwrap();
/// let c = backtrack::count(&empty, 1000, None);
/// assert_eq!((c.solutions, c.exact), (288, true)); // all 4×4 Sudoku grids
/// ```
pub fn count(puzzle: &Puzzle, limit: u64, deadline: Option<Instant>) -> Counted {
    count_keeping(puzzle, limit, 0, deadline)
}

/// [`count`] that also keeps the first `keep` solutions as grids.
pub fn count_keeping(
    puzzle: &Puzzle,
    limit: u64,
    keep: usize,
    deadline: Option<Instant>,
) -> Counted {
    let n = puzzle.order();
    let limit = limit.max(1);
    let (houses_of, houses) = house_index(puzzle);
    let checks = Checks::new(puzzle);
    let fits = checks.all_hold(puzzle.givens());
    let mut search = Search::new(
        houses_of,
        houses,
        puzzle.givens().to_vec(),
        checks.allowed(),
        deadline,
    )
    .with_checks(&checks);
    let mut solutions = 0u64;
    let mut grids = Vec::new();
    let stopped = fits
        && search.run(&mut |values| {
            solutions += 1;
            if grids.len() < keep {
                grids.push(Grid {
                    n,
                    values: values.to_vec(),
                });
            }
            solutions >= limit
        });
    Counted {
        solutions,
        exact: !stopped,
        nodes: search.nodes(),
        timed_out: search.timed_out(),
        grids,
    }
}

/// The backtracking engine.
#[derive(Debug, Clone, Copy, Default)]
pub struct Backtrack;

impl Engine for Backtrack {
    fn label(&self) -> String {
        "backtrack".to_string()
    }

    fn solve(&self, puzzle: &Puzzle, limits: &Limits) -> Result<Solution, EngineError> {
        super::refuse_objective(&self.label(), puzzle)?;
        let start = Instant::now();
        let found = solve(puzzle, limits.deadline());
        let grid = found
            .grid
            .map(|g| checked("backtrack", puzzle, g))
            .transpose()?;
        Ok(Solution {
            engine: self.label(),
            status: found.status,
            grid,
            time_ms: ms(start.elapsed()),
            stats: Stats::Search(SearchStats { nodes: found.nodes }),
        })
    }

    /// Searches on after each solution until `max + 1` are found or the tree is exhausted.
    fn count(&self, puzzle: &Puzzle, max: usize, limits: &Limits) -> Result<Count, EngineError> {
        let start = Instant::now();
        let max = max.max(1);
        let c = count_keeping(puzzle, max as u64 + 1, max + 1, limits.deadline());
        let end = (c.nodes, c.timed_out);
        Count::of_search(&self.label(), puzzle, c.grids, max, end, start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check;
    use crate::puzzle::Layout;

    #[test]
    fn solves_a_6x6_with_2x3_boxes() {
        let p = Puzzle::new(6, Layout::Boxes { rows: 2, cols: 3 }, false, vec![0; 36]).unwrap();
        let s = solve(&p, None);
        assert_eq!(s.status, Status::Solved);
        check(&p, s.grid.as_ref().unwrap()).unwrap();
    }

    #[test]
    fn no_solution_is_proven() {
        // r1c1 must be 1 or 2 by the row, but column 1 holds 1 and box 1 holds 2.
        let p = super::super::infeasible_4x4();
        let s = solve(&p, None);
        assert_eq!((s.status, s.grid), (Status::Infeasible, None));
        let c = count(&p, 10, None);
        assert_eq!((c.solutions, c.exact), (0, true));
    }

    #[test]
    fn count_stops_at_the_limit() {
        let empty = Puzzle::with_square_boxes(4, vec![0; 16]).unwrap();
        let c = count(&empty, 5, None);
        assert_eq!((c.solutions, c.exact), (5, false));
    }

    #[test]
    fn diagonal_4x4_count() {
        // 4×4 grids with both diagonals all-different: 48 (checked by hand-enumeration below).
        let p = Puzzle::new(4, Layout::Boxes { rows: 2, cols: 2 }, true, vec![0; 16]).unwrap();
        let c = count(&p, 1000, None);
        assert!(c.exact);
        // Independent count: filter all 288 4×4 grids by the diagonal rule.
        let plain = Puzzle::with_square_boxes(4, vec![0; 16]).unwrap();
        let (houses_of, houses) = house_index(&plain);
        let mut search = Search::new(houses_of, houses, vec![0; 16], vec![15; 16], None);
        let mut diagonal = 0;
        search.run(&mut |v| {
            let ok = |cells: [usize; 4]| cells.iter().fold(0u32, |m, &i| m | 1 << v[i]) == 0b11110;
            if ok([0, 5, 10, 15]) && ok([3, 6, 9, 12]) {
                diagonal += 1;
            }
            false
        });
        assert_eq!(c.solutions, diagonal);
        assert!(diagonal > 0);
    }

    #[test]
    fn killer_4x4_count_matches_every_grid_filtered_by_its_rules() {
        // Cages of the grid 1234/3412/2143/4321 (row 0's cage leaves r1c1 = 10 − 9 to the rule
        // of 45) and a thermometer step r3c2 < r3c3.
        let cell = |row, col| Cell { row, col };
        let cages: [(&[(usize, usize)], i64); 7] = [
            (&[(0, 0), (1, 0)], 4),
            (&[(0, 1), (0, 2), (0, 3)], 9),
            (&[(1, 1), (1, 2)], 5),
            (&[(1, 3), (2, 3)], 5),
            (&[(2, 0), (3, 0)], 6),
            (&[(2, 1), (2, 2)], 5),
            (&[(3, 1), (3, 2), (3, 3)], 6),
        ];
        let mut primitives = Vec::new();
        for (k, (cells, sum)) in cages.iter().enumerate() {
            let cells: Vec<Cell> = cells.iter().map(|&(r, c)| cell(r, c)).collect();
            let terms = cells.iter().map(|&c| (1, c)).collect();
            primitives.push(Primitive::AllDifferent {
                tag: format!("cage{k}"),
                cells,
            });
            primitives.push(Primitive::linear(
                format!("cage{k}_sum"),
                terms,
                Relation::Eq,
                *sum,
            ));
        }
        let step = vec![(1, cell(2, 1)), (-1, cell(2, 2))];
        primitives.push(Primitive::linear("thermo", step, Relation::Le, -1));
        let plain = Puzzle::with_square_boxes(4, vec![0; 16]).unwrap();
        let p = plain.clone().with_primitives(primitives.clone()).unwrap();
        let c = count(&p, 1000, None);
        // Independent count: all 288 grids, kept when every primitive holds.
        let (houses_of, houses) = house_index(&plain);
        let mut search = Search::new(houses_of, houses, vec![0; 16], vec![15; 16], None);
        let mut kept = 0;
        search.run(&mut |v| {
            kept += primitives.iter().all(|p| p.holds(|c| v[c.row * 4 + c.col])) as u64;
            false
        });
        assert!(c.exact && kept >= 1);
        assert_eq!(c.solutions, kept);
    }
}
