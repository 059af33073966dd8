//! Seed 001's CNF solved by a CDCL SAT solver: CaDiCaL, in-process through `rustsat-cadical`.
//!
//! Only the literals that the givens leave open get a variable: x(i, v) for an empty cell i and
//! a value v in its candidates `cand(i) = {1..n} ∖ ⋃_{h ∋ i} given(h)`. The clauses say
//! "exactly one" for two kinds of groups of such literals:
//! - per empty cell i: the literals x(i, v), v ∈ cand(i);
//! - per house h and value v missing from h: the literals x(j, v) for the empty cells j ∈ h with
//!   v ∈ cand(j) (its places).
//!
//! "Exactly one" of literals l₁ … l_k is the clause l₁ ∨ … ∨ l_k and "at most one": for k ≤ 16
//! the pairwise clauses ¬l_a ∨ ¬l_b (a < b), a pair of cells sharing several houses getting its
//! clause once, in the first shared house; for k > 16 the sequential counter (Sinz 2005) over
//! k − 1 auxiliary variables s_a ("some l_b, b ≤ a, is true"): ¬l₁ ∨ s₁, and for 1 < a < k
//! ¬l_a ∨ s_a, ¬s_{a−1} ∨ s_a, ¬l_a ∨ ¬s_{a−1}, and ¬l_k ∨ ¬s_{k−1}: 3k − 4 clauses instead of
//! k(k−1)/2, so an empty 64×64 grid needs about 3 million clauses, not 33 million. A group without a literal (a cell without candidates, a missing value without a
//! place) is the empty clause: the puzzle is infeasible and the solver is not called. Every house
//! comes from [`Puzzle::houses`], so boxes, irregular regions and diagonals need no special case.
//!
//! A puzzle's variant primitives add their clauses ([`clauses`]: support clauses for tables, units
//! for value sets, cage-combination clauses for killer cages, a layered sum diagram
//! ([`diagram`]) for the other linear rows, a generalised totalizer for the implied sums the
//! engine adds), over the same open literals plus selector and encoding variables.
//!
//! Counting adds, after each solution, the blocking clause ⋁_{i empty} ¬x(i, s_i) over the open
//! literals that solution sets, and solves the same solver again (incrementally).
//!
//! Over 600 lines, about 100 of them unit tests: the encoding of cells and houses and the solve
//! and count loops on one solver; the primitives' clauses are in [`clauses`].

mod clauses;
mod diagram;
mod sightline;

pub use clauses::SumEncoding;

use super::house_index;
#[cfg(feature = "sat")]
use super::{checked, Count, CountEnd, CountStats, Engine, EngineError};
#[cfg(feature = "sat")]
use super::{Limits, SatStats, Solution, Stats, Status};
use crate::clock::Instant;
#[cfg(feature = "sat")]
use crate::implied::MAX_IMPLIED_CELLS;
use crate::mask;
#[cfg(feature = "sat")]
use crate::puzzle::Grid;
use crate::puzzle::Puzzle;
use crate::rules::Primitive;
#[cfg(feature = "sat")]
use crate::solve::ms;
#[cfg(feature = "sat")]
use rustsat::solvers::{ControlSignal, GetInternalStats, Solve, SolverResult, Terminate};
#[cfg(feature = "sat")]
use rustsat::types::TernaryVal;
use rustsat::types::{Lit, Var};
#[cfg(feature = "sat")]
use rustsat_cadical::CaDiCaL;

/// The CDCL SAT engine (CaDiCaL with its default options, light preprocessing off, and the
/// initial phase false on puzzles with variant rules).
#[derive(Debug, Clone, Copy, Default)]
pub struct Sat;

/// The CNF of a puzzle over its open literals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cnf {
    /// Variable k (0-based) stands for x(cells[k], values[k]).
    pub cells: Vec<usize>,
    pub values: Vec<u8>,
    /// The "at least one" clauses, one per group.
    pub long: Vec<Vec<Lit>>,
    /// The pairwise "at most one" clauses.
    pub pairs: Vec<[Lit; 2]>,
    /// The clauses of the variant primitives ([`clauses`]).
    pub rules: Vec<Vec<Lit>>,
    /// Variables beyond the open literals, numbered after them: the sequential counters'
    /// auxiliaries, then cage selectors and encoding auxiliaries of the rules.
    pub auxiliary: usize,
}

impl Cnf {
    /// Number of variables (open literals, then auxiliary variables).
    pub fn variables(&self) -> usize {
        self.cells.len() + self.auxiliary
    }

    /// A new auxiliary variable.
    fn fresh(&mut self) -> Lit {
        self.auxiliary += 1;
        Var::new((self.variables() - 1) as u32).pos_lit()
    }

    /// Number of clauses.
    pub fn clauses(&self) -> usize {
        self.long.len() + self.pairs.len() + self.rules.len()
    }
}

/// The candidate masks of the empty cells (bit v−1 for value v; 0 for a given cell) and the
/// per-house masks of given values.
fn candidates(puzzle: &Puzzle, houses_of: &[Vec<usize>], houses: &[Vec<usize>]) -> Vec<u64> {
    let givens = puzzle.givens();
    let used: Vec<u64> = houses
        .iter()
        .map(|cells| {
            cells
                .iter()
                .filter(|&&j| givens[j] != 0)
                .fold(0, |m, &j| m | 1 << (givens[j] - 1))
        })
        .collect();
    let full = mask::full(puzzle.order());
    (0..givens.len())
        .map(|i| match givens[i] {
            0 => full & !houses_of[i].iter().fold(0, |m, &h| m | used[h]),
            _ => 0,
        })
        .collect()
}

/// The largest group whose "at most one" is pairwise; larger groups get a sequential counter.
const PAIRWISE_MAX: usize = 16;

/// Adds "exactly one" of `group` (each literal with its cell) to `cnf`: the clause ⋁ l and "at
/// most one": the pairs ¬l_a ∨ ¬l_b that `keep(cell_a, cell_b)` accepts, or for a group larger
/// than [`PAIRWISE_MAX`] the sequential counter (module documentation). `None` when the group
/// is empty.
fn exactly_one(
    cnf: &mut Cnf,
    group: &[(usize, Lit)],
    keep: impl Fn(usize, usize) -> bool,
) -> Option<()> {
    if group.is_empty() {
        return None;
    }
    cnf.long.push(group.iter().map(|&(_, l)| l).collect());
    if group.len() > PAIRWISE_MAX {
        sequential_counter(cnf, group);
        return Some(());
    }
    for (a, &(ca, la)) in group.iter().enumerate() {
        for &(cb, lb) in &group[a + 1..] {
            if keep(ca, cb) {
                cnf.pairs.push([!la, !lb]);
            }
        }
    }
    Some(())
}

/// "At most one" of `group` as a sequential counter: s_a is implied by l_a and by s_{a−1}, and
/// l_a may not be true when s_{a−1} is.
fn sequential_counter(cnf: &mut Cnf, group: &[(usize, Lit)]) {
    let k = group.len();
    let mut previous: Option<Lit> = None;
    for (a, &(_, l)) in group.iter().enumerate() {
        if let Some(s) = previous {
            cnf.pairs.push([!l, !s]);
        }
        if a + 1 == k {
            break;
        }
        let s = cnf.fresh();
        cnf.pairs.push([!l, s]);
        if let Some(p) = previous {
            cnf.pairs.push([!p, s]);
        }
        previous = Some(s);
    }
}

/// Seed 001's CNF over the open literals (module documentation); `None` when a group is empty,
/// i.e. the puzzle is proven infeasible while encoding.
pub fn encode(puzzle: &Puzzle) -> Option<Cnf> {
    encode_with(puzzle, SumEncoding::default())
}

/// [`encode`] with a chosen encoding of cage sums.
pub fn encode_with(puzzle: &Puzzle, sums: SumEncoding) -> Option<Cnf> {
    let own = puzzle.primitives().len();
    encode_rows(puzzle, puzzle.primitives(), sums, own, None).unwrap_or(None)
}

/// The deadline passed while encoding.
struct Late;

/// Whether `deadline` has passed.
fn late(deadline: Option<Instant>) -> Result<(), Late> {
    match deadline {
        Some(d) if Instant::now() >= d => Err(Late),
        _ => Ok(()),
    }
}

/// [`encode_with`] over `primitives` (the puzzle's, then from index `own` on the implied sums
/// the engine added, which keep the totalizer, [`clauses`]); [`Late`] when `deadline` passes
/// first (read between houses: an empty 64×64 takes seconds to encode).
fn encode_rows(
    puzzle: &Puzzle,
    primitives: &[Primitive],
    sums: SumEncoding,
    own: usize,
    deadline: Option<Instant>,
) -> Result<Option<Cnf>, Late> {
    let n = puzzle.order();
    let (houses_of, houses) = house_index(puzzle);
    let cand = candidates(puzzle, houses_of, houses);
    let givens = puzzle.givens();
    let mut cnf = Cnf {
        cells: Vec::new(),
        values: Vec::new(),
        long: Vec::new(),
        pairs: Vec::new(),
        rules: Vec::new(),
        auxiliary: 0,
    };
    // var[i·n + v − 1]: the variable of x(i, v), when open. All open literals are numbered
    // first (cell by cell), the auxiliary variables after them.
    let mut var = vec![None; n * n * n];
    let mut cell_groups = Vec::new();
    for i in (0..givens.len()).filter(|&i| givens[i] == 0) {
        let mut group = Vec::new();
        for v in (1..=n).filter(|&v| cand[i] >> (v - 1) & 1 == 1) {
            let lit = Var::new(cnf.cells.len() as u32).pos_lit();
            var[i * n + v - 1] = Some(lit);
            cnf.cells.push(i);
            cnf.values.push(v as u8);
            group.push((i, lit));
        }
        cell_groups.push(group);
    }
    for group in &cell_groups {
        let Some(()) = exactly_one(&mut cnf, group, |_, _| true) else {
            return Ok(None);
        };
    }
    drop(cell_groups);
    for (h, cells) in houses.iter().enumerate() {
        late(deadline)?;
        let given_here = cells
            .iter()
            .filter(|&&j| givens[j] != 0)
            .fold(0u64, |m, &j| m | 1 << (givens[j] - 1));
        for v in (1..=n).filter(|&v| given_here >> (v - 1) & 1 == 0) {
            let group: Vec<(usize, Lit)> = cells
                .iter()
                .filter_map(|&j| var[j * n + v - 1].map(|l| (j, l)))
                .collect();
            let first_shared = |a: usize, b: usize| {
                houses_of[a].iter().find(|g| houses_of[b].contains(g)) == Some(&h)
            };
            let Some(()) = exactly_one(&mut cnf, &group, first_shared) else {
                return Ok(None);
            };
        }
    }
    late(deadline)?;
    if !primitives.is_empty() {
        let first_free = cnf.variables() as u32;
        let Some((clauses, next_free)) =
            rows_clauses(puzzle, primitives, &var, first_free, sums, own)
        else {
            return Ok(None);
        };
        late(deadline)?;
        cnf.auxiliary += (next_free - first_free) as usize;
        cnf.rules = clauses;
    }
    Ok(Some(cnf))
}

/// The clauses of a puzzle's variant primitives ([`clauses`], the same clauses the engine solves)
/// over a caller's numbering: `var[i·n + v − 1]` is the literal of x(i, v) for an empty cell i
/// (`None`: the value is ruled out), given cells are constants, and selector and encoding
/// variables are numbered from `first_free` on. Returns the clauses and the next free variable,
/// or `None` when the rules cannot hold with the givens (a clause became empty).
pub fn rule_clauses(
    puzzle: &Puzzle,
    var: &[Option<Lit>],
    first_free: u32,
    sums: SumEncoding,
) -> Option<(Vec<Vec<Lit>>, u32)> {
    let own = puzzle.primitives().len();
    rows_clauses(puzzle, puzzle.primitives(), var, first_free, sums, own)
}

/// [`rule_clauses`] over `primitives`, those from index `own` on implied sums.
fn rows_clauses(
    puzzle: &Puzzle,
    primitives: &[Primitive],
    var: &[Option<Lit>],
    first_free: u32,
    sums: SumEncoding,
    own: usize,
) -> Option<(Vec<Vec<Lit>>, u32)> {
    let mut clauses = clauses::RuleClauses::new(puzzle, var, first_free);
    clauses.add_all(puzzle, primitives, sums, own).ok()?;
    let next = clauses.next_free();
    Some((clauses.clauses, next))
}

/// What one solver call gave.
#[cfg(feature = "sat")]
enum Found {
    Grid(Grid),
    /// No (further) solution exists.
    Exhausted,
    /// The deadline stopped the solver.
    Interrupted,
}

/// How many clauses [`Session::new`] loads between two reads of the deadline.
#[cfg(feature = "sat")]
const LOAD_CHECK: usize = 1 << 16;

/// One CaDiCaL instance loaded with a puzzle's CNF, solved again after each blocking clause.
#[cfg(feature = "sat")]
struct Session<'p> {
    puzzle: &'p Puzzle,
    cnf: Cnf,
    solver: CaDiCaL<'static, 'static>,
    stats: SatStats,
    deadline: Option<Instant>,
    /// The empty blocking clause was added (a puzzle without empty cells, already returned).
    exhausted: bool,
}

/// A solver failure as an engine error (rustsat reports failures as a displayable error).
#[cfg(feature = "sat")]
fn sat_error(e: impl std::fmt::Display) -> EngineError {
    EngineError::Sat(e.to_string())
}

#[cfg(feature = "sat")]
impl<'p> Session<'p> {
    /// Loads `cnf` into a new CaDiCaL that stops at `deadline`.
    fn new(
        puzzle: &'p Puzzle,
        cnf: Cnf,
        deadline: Option<Instant>,
        mut stats: SatStats,
    ) -> Result<Session<'p>, EngineError> {
        let start = Instant::now();
        let mut solver = CaDiCaL::default();
        // CaDiCaL 2's light preprocessing before the first solve costs about 5 ms on a hard 9×9
        // that the search itself solves in 1 ms: off (measured in docs/sat.md).
        solver.set_option("preprocesslight", 0).map_err(sat_error)?;
        // With variant rules, every decision tries "false" first (CaDiCaL's `phase=0`): most
        // literals of a one-hot cell and most cage selectors are false. Measured on the hard
        // killers: median conflicts 626 instead of 969 and the whole file in about half the
        // time; classic grids keep CaDiCaL's default (docs/sat.md).
        if !puzzle.primitives().is_empty() {
            solver.set_option("phase", 0).map_err(sat_error)?;
        }
        if cnf.variables() > 0 {
            let max = Var::new(cnf.variables() as u32 - 1);
            solver.reserve(max).map_err(sat_error)?;
        }
        // Loading millions of clauses (an empty 64×64: 3.1 million) takes seconds: the deadline
        // is read every `LOAD_CHECK` clauses, and loading stops once it has passed. The solver
        // is then never run, as [`Session::next`] reads the same deadline first (issue 34).
        let pairs = cnf.pairs.iter().map(|p| p.as_slice());
        let clauses = cnf.long.iter().map(Vec::as_slice).chain(pairs);
        for (k, clause) in clauses
            .chain(cnf.rules.iter().map(Vec::as_slice))
            .enumerate()
        {
            if k % LOAD_CHECK == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            solver.add_clause_ref(clause).map_err(sat_error)?;
        }
        if let Some(deadline) = deadline {
            solver.attach_terminator(move || {
                if Instant::now() >= deadline {
                    ControlSignal::Terminate
                } else {
                    ControlSignal::Continue
                }
            });
        }
        stats.encode_ms += ms(start.elapsed());
        Ok(Session {
            puzzle,
            cnf,
            solver,
            stats,
            deadline,
            exhausted: false,
        })
    }

    /// Solves once; a grid found is decoded and checked.
    fn next(&mut self) -> Result<Found, EngineError> {
        if self.exhausted {
            return Ok(Found::Exhausted);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Ok(Found::Interrupted);
        }
        let start = Instant::now();
        let result = self.solver.solve().map_err(sat_error);
        self.stats.cadical_ms += ms(start.elapsed());
        self.stats.solves += 1;
        self.stats.conflicts = self.solver.conflicts() as u64;
        self.stats.decisions = self.solver.decisions() as u64;
        self.stats.propagations = self.solver.propagations() as u64;
        match result? {
            SolverResult::Sat => Ok(Found::Grid(self.decode()?)),
            SolverResult::Unsat => Ok(Found::Exhausted),
            SolverResult::Interrupted => Ok(Found::Interrupted),
        }
    }

    /// The grid of the solver's model: the givens, and value v in cell i when x(i, v) is true.
    fn decode(&self) -> Result<Grid, EngineError> {
        let mut values = self.puzzle.givens().to_vec();
        let literals = self.cnf.cells.iter().zip(&self.cnf.values).enumerate();
        for (k, (&cell, &value)) in literals {
            let truth = self.solver.lit_val(Var::new(k as u32).pos_lit());
            if truth.map_err(sat_error)? == TernaryVal::True {
                values[cell] = value;
            }
        }
        let grid = Grid {
            n: self.puzzle.order(),
            values,
        };
        checked("sat", self.puzzle, grid)
    }

    /// Adds the blocking clause ⋁ ¬x(i, grid_i) over the puzzle's empty cells i.
    fn block(&mut self, grid: &Grid) -> Result<(), EngineError> {
        let literals = self.cnf.cells.iter().zip(&self.cnf.values).enumerate();
        let clause: Vec<Lit> = literals
            .filter(|&(_, (&cell, &value))| grid.values[cell] == value)
            .map(|(k, _)| Var::new(k as u32).neg_lit())
            .collect();
        if clause.is_empty() {
            self.exhausted = true;
            return Ok(());
        }
        let start = Instant::now();
        self.solver.add_clause_ref(&clause).map_err(sat_error)?;
        self.stats.encode_ms += ms(start.elapsed());
        self.stats.clauses += 1;
        Ok(())
    }
}

/// A puzzle after encoding.
#[cfg(feature = "sat")]
enum Start<'p> {
    /// The encoding proved the puzzle infeasible (an empty group).
    Infeasible(SatStats),
    /// A solver loaded with the CNF.
    Ready(Box<Session<'p>>),
    /// The deadline passed while encoding.
    Late(SatStats),
}

/// Encodes `puzzle` and, unless that proved it infeasible, loads a solver.
#[cfg(feature = "sat")]
fn start<'p>(
    puzzle: &'p Puzzle,
    limits: &Limits,
    sums: SumEncoding,
) -> Result<Start<'p>, EngineError> {
    let begin = Instant::now();
    // One deadline for encoding, loading and solving (the encoding took 2.8 s of an empty
    // 64×64 with a cage at load 14, and was not counted before).
    let deadline = limits.deadline();
    // The solver also gets the implied sums of the rules (innies and outies), measured faster.
    let primitives = puzzle.primitives_with_implied(MAX_IMPLIED_CELLS);
    let own = puzzle.primitives().len();
    let cnf = encode_rows(puzzle, &primitives, sums, own, deadline);
    let mut stats = SatStats {
        encode_ms: ms(begin.elapsed()),
        ..SatStats::default()
    };
    let cnf = match cnf {
        Err(Late) => return Ok(Start::Late(stats)),
        Ok(None) => return Ok(Start::Infeasible(stats)),
        Ok(Some(cnf)) => cnf,
    };
    stats.variables = cnf.variables();
    stats.clauses = cnf.clauses();
    let session = Session::new(puzzle, cnf, deadline, stats)?;
    Ok(Start::Ready(Box::new(session)))
}

#[cfg(feature = "sat")]
impl Sat {
    /// Solves with a chosen encoding of cage sums (the engine uses the default, [`SumEncoding`]).
    pub fn solve_with(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        sums: SumEncoding,
    ) -> Result<Solution, EngineError> {
        let begin = Instant::now();
        let (status, grid, stats) = match start(puzzle, limits, sums)? {
            Start::Infeasible(stats) => (Status::Infeasible, None, stats),
            Start::Late(stats) => (Status::TimeLimit, None, stats),
            Start::Ready(mut session) => match session.next()? {
                Found::Grid(grid) => (Status::Solved, Some(grid), session.stats),
                Found::Exhausted => (Status::Infeasible, None, session.stats),
                Found::Interrupted => (Status::TimeLimit, None, session.stats),
            },
        };
        Ok(Solution {
            engine: self.label(),
            status,
            grid,
            time_ms: ms(begin.elapsed()),
            stats: Stats::Sat(stats),
        })
    }
}

#[cfg(feature = "sat")]
impl Engine for Sat {
    fn label(&self) -> String {
        "sat".to_string()
    }

    fn solve(&self, puzzle: &Puzzle, limits: &Limits) -> Result<Solution, EngineError> {
        super::refuse_objective(&self.label(), puzzle)?;
        self.solve_with(puzzle, limits, SumEncoding::default())
    }

    /// Solves, blocks the solution, and solves again until `max + 1` solutions are found or the
    /// solver proves there is no other.
    fn count(&self, puzzle: &Puzzle, max: usize, limits: &Limits) -> Result<Count, EngineError> {
        let begin = Instant::now();
        let max = max.max(1);
        let mut solutions: Vec<Grid> = Vec::new();
        let (mut end, stats) = match start(puzzle, limits, SumEncoding::default())? {
            Start::Infeasible(stats) => (CountEnd::Complete, stats),
            Start::Late(stats) => (CountEnd::TimeLimit, stats),
            Start::Ready(mut session) => {
                let end = enumerate(&mut session, max + 1, &mut solutions)?;
                (end, session.stats)
            }
        };
        let beyond = (solutions.len() > max).then(|| solutions.pop()).flatten();
        if beyond.is_some() {
            end = CountEnd::LimitReached;
        }
        Ok(Count {
            engine: self.label(),
            solutions,
            beyond,
            end,
            time_ms: ms(begin.elapsed()),
            stats: CountStats::Sat(stats),
        })
    }
}

/// Finds up to `limit` solutions into `solutions`, each checked and new; `Complete` when the
/// solver proved there are no more (or the limit was reached), `TimeLimit` when interrupted.
#[cfg(feature = "sat")]
fn enumerate(
    session: &mut Session<'_>,
    limit: usize,
    solutions: &mut Vec<Grid>,
) -> Result<CountEnd, EngineError> {
    while solutions.len() < limit {
        match session.next()? {
            Found::Grid(grid) => {
                if solutions.contains(&grid) {
                    return Err(EngineError::Repeated {
                        engine: "sat".to_string(),
                        again: solutions.len() + 1,
                    });
                }
                session.block(&grid)?;
                solutions.push(grid);
            }
            Found::Exhausted => return Ok(CountEnd::Complete),
            Found::Interrupted => return Ok(CountEnd::TimeLimit),
        }
    }
    Ok(CountEnd::Complete)
}

#[cfg(feature = "sat")]
#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check;
    use crate::engine::backtrack;
    use crate::puzzle::Layout;

    fn four() -> Puzzle {
        Puzzle::with_square_boxes(4, vec![1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2]).unwrap()
    }

    #[test]
    fn solves_a_unique_4x4() {
        let p = four();
        let s = Sat.solve(&p, &Limits::default()).unwrap();
        assert_eq!(s.status, Status::Solved);
        assert_eq!(s.grid.as_ref().unwrap().rows()[0], vec![1, 3, 2, 4]);
        check(&p, s.grid.as_ref().unwrap()).unwrap();
        let Stats::Sat(stats) = s.stats else {
            panic!("SAT statistics")
        };
        assert_eq!(stats.solves, 1);
        assert!(stats.variables > 0 && stats.variables < 4 * 16);
        let c = Sat.count(&p, 10, &Limits::default()).unwrap();
        assert_eq!((c.solutions.len(), c.end), (1, CountEnd::Complete));
        assert!(matches!(
            c.stats,
            CountStats::Sat(SatStats { solves: 2, .. })
        ));
    }

    #[test]
    fn only_open_literals_get_variables() {
        // Empty 4×4: 64 literals; 16 cell groups and 12 houses × 4 values, each of 4 literals;
        // pairs: 6 per cell, and per value one per pair of peer cells (7 peers each: 16·7/2).
        let empty = Puzzle::with_square_boxes(4, vec![0; 16]).unwrap();
        let cnf = encode(&empty).unwrap();
        assert_eq!(cnf.variables(), 64);
        assert_eq!(cnf.long.len(), 16 + 12 * 4);
        // Distinct pairs of peer cells (each cell has 7 peers in a 4×4): 16·7/2 = 56, per value.
        assert_eq!(cnf.pairs.len(), 16 * 6 + 56 * 4);
        let p = four();
        let cnf = encode(&p).unwrap();
        assert!(cnf.variables() < 12 * 4);
        assert!(cnf.cells.iter().all(|&i| p.givens()[i] == 0));
    }

    #[test]
    fn infeasible_without_calling_the_solver() {
        let p = crate::engine::infeasible_4x4();
        assert!(encode(&p).is_none());
        let s = Sat.solve(&p, &Limits::default()).unwrap();
        assert_eq!((s.status, s.grid), (Status::Infeasible, None));
        assert!(matches!(s.stats, Stats::Sat(SatStats { solves: 0, .. })));
        let c = Sat.count(&p, 5, &Limits::default()).unwrap();
        assert_eq!((c.solutions.len(), c.end), (0, CountEnd::Complete));
    }

    #[test]
    fn counts_all_4x4_grids_and_stops_at_the_limit() {
        let empty = Puzzle::with_square_boxes(4, vec![0; 16]).unwrap();
        let c = Sat.count(&empty, 1000, &Limits::default()).unwrap();
        assert_eq!((c.solutions.len(), c.end), (288, CountEnd::Complete));
        let c = Sat.count(&empty, 5, &Limits::default()).unwrap();
        assert_eq!(c.solutions.len(), 5);
        assert_eq!(c.end, CountEnd::LimitReached);
        assert!(c.beyond.is_some());
    }

    #[test]
    fn a_complete_grid_is_its_own_only_solution() {
        let full = vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let p = Puzzle::with_square_boxes(4, full).unwrap();
        let c = Sat.count(&p, 3, &Limits::default()).unwrap();
        assert_eq!((c.solutions.len(), c.end), (1, CountEnd::Complete));
    }

    #[test]
    fn jigsaw_and_diagonal_counts_agree_with_backtracking() {
        // Regions of a 4×4: two squares on top, two irregular shapes below.
        let regions = vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 2, 3, 2, 3, 3, 3];
        let jigsaw = Puzzle::new(4, Layout::Regions(regions), false, vec![0; 16]).unwrap();
        let diagonal =
            Puzzle::new(4, Layout::Boxes { rows: 2, cols: 2 }, true, vec![0; 16]).unwrap();
        let six = Puzzle::new(6, Layout::Boxes { rows: 2, cols: 3 }, true, vec![0; 36]).unwrap();
        for p in [jigsaw, diagonal, six] {
            let want = backtrack::count(&p, 500, None);
            let c = Sat.count(&p, 499, &Limits::default()).unwrap();
            let found = c.solutions.len() + usize::from(c.beyond.is_some());
            assert!(want.solutions > 0, "{:?}", p.layout());
            assert_eq!(found as u64, want.solutions, "{:?}", p.layout());
            assert_eq!(c.end == CountEnd::Complete, want.exact);
            for g in c.solutions.iter().chain(&c.beyond) {
                check(&p, g).unwrap();
            }
        }
    }

    #[test]
    fn a_zero_time_limit_is_reported() {
        let empty = Puzzle::with_square_boxes(16, vec![0; 256]).unwrap();
        let limits = Limits { time_limit: 0.0 };
        let c = Sat.count(&empty, 1_000_000, &limits).unwrap();
        assert_eq!(c.end, CountEnd::TimeLimit);
    }
}
