//! Counting solutions: solve, cut the solution off with one no-good row, re-solve the same HiGHS
//! model ([`NativeLp`]), until it is infeasible or enough solutions are found.
//!
//! **The cut.** Let G be a solution found in a subspace S of the search (the whole puzzle at
//! first, see below) and F the cells *free* in S: more than one value possible there. Every other
//! solution in S differs from G in some cell of F (givens and cells fixed in S are equal in all of
//! S's solutions), so a row that every assignment of S but G satisfies is enough:
//!
//! ```text
//! one-hot cells (binary model, x_{c,v}):   Σ_{c∈F} x_{c,G(c)} ≤ |F| − 1
//!     (the textbook Σ_{all cells} x_{c,G(c)} ≤ n² − 1, with the fixed cells' terms moved to
//!      the right-hand side: fewer nonzeros, the same integer points)
//!
//! integer cells (natural model, v_c ∈ [lo_c, hi_c] in S): two indicator binaries per free cell,
//!     d⁻_c = 1 ⇒ v_c ≤ G(c) − 1:   v_c + (hi_c − G(c) + 1)·d⁻_c ≤ hi_c     (when G(c) > lo_c)
//!     d⁺_c = 1 ⇒ v_c ≥ G(c) + 1:   v_c − (G(c) + 1 − lo_c)·d⁺_c ≥ lo_c     (when G(c) < hi_c)
//!     Σ_{c∈F} (d⁻_c + d⁺_c) ≥ 1    at least one cell moves away from G
//! ```
//! The big-M constants are the smallest valid ones: with d = 0 each row reduces to the cell's
//! own bound. At G every d must be 0 (G(c) violates both implications), so the sum row cuts G
//! off; any other solution differs at some c ∈ F, where one of d⁻_c, d⁺_c can be 1. A model
//! whose cells mix both encodings gets one row: Σ d − Σ_{one-hot c∈F} x_{c,G(c)} ≥ 1 − |F_one-hot|.
//! The indicator columns and rows are added to the solved model (`add_integer_column`,
//! `add_row`): up to 2|F| columns and 2|F| + 1 rows per natural-model solution.
//!
//! **Subspaces.** With every cut in one model, each re-solve gets slower (HiGHS's presolve
//! updates the activity of every dense no-good row, so later solves grow slower). So the search splits the puzzle into subspaces by column
//! bounds: after two solutions in a subspace (`SPLIT_AFTER`), a cell where they differ has its
//! values cut in two intervals ({v ≤ m} and {v ≥ m + 1}, m their lower median: x_{c,v} = 0 for
//! the values left out, or lo ≤ v_c ≤ hi), each half searched in turn, depth first. The halves
//! partition the subspace, so every solution lies in exactly one leaf. A cut made in S is valid
//! in S and in the halves of S, the only subspaces searched while it is in the model: when the
//! search leaves S, the rows and columns added since S was made are deleted again
//! (`Highs_deleteRowsByRange`), so the model holds only the cuts of the subspaces around the
//! current one. Each solution still costs exactly one no-good row, on the same HiGHS model,
//! which is never rebuilt (timings with their commands: `docs/counting.md`).
//!
//! When F is empty, G is the subspace's only solution and no solve is needed to prove it.
//! Every solution is decoded by the formulation; the MILP engine passes each through the
//! independent checker ([`crate::engine::milp`]). A repeated solution would mean a wrong cut and
//! is reported as an error.

use super::lab_lp::NativeLp;
use super::{ms, SolveError, SolveOptions, SolveStats, Status};
use crate::clock::Instant;
use crate::formulation::{CellEncoding, Formulation};
use crate::limits::Limits;
use crate::lp_interface::{LabLp, LpUse};
use crate::puzzle::{Grid, Puzzle};
pub use crate::status::CountEnd;
use std::collections::HashSet;

/// A column's bounds: `lower ≤ x ≤ upper`.
type Bounds = (f64, f64);

/// The solutions found and how the search ended.
#[derive(Debug, Clone)]
pub struct Counted {
    /// At most `max` solutions, each checked, in the order found.
    pub solutions: Vec<Grid>,
    /// The `max + 1`-th solution when [`CountEnd::LimitReached`].
    pub beyond: Option<Grid>,
    pub end: CountEnd,
    /// Time to build the model through good_lp.
    pub build_ms: f64,
    /// Totals over every solve (`solve_ms` includes passing the model to HiGHS once).
    pub stats: SolveStats,
    /// How many MILP solves the search took.
    pub solves: usize,
    /// The formulation's label.
    pub model: String,
}

impl Counted {
    /// True when more than `max` solutions exist.
    pub fn limit_reached(&self) -> bool {
        self.end == CountEnd::LimitReached
    }
}

/// Finds up to `max` solutions of `puzzle` (and whether there are more), re-solving one HiGHS
/// model with a no-good row per solution. `limits` bound the whole search.
///
/// ```
/// use sudoku_ilp::{formulation::binary::Binary, puzzle::Puzzle, solve::count::{count, CountEnd}};
/// // Two givens of a 4×4 grid leave several completions.
/// let p = Puzzle::with_square_boxes(4, vec![1,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,2]).unwrap();
/// let all = count(&p, &Binary::default(), 1000, &Default::default(), &Default::default()).unwrap();
/// assert_eq!(all.end, CountEnd::Complete);
/// let some = count(&p, &Binary::default(), 2, &Default::default(), &Default::default()).unwrap();
/// assert_eq!((some.solutions.len(), some.end), (2, CountEnd::LimitReached));
/// assert!(all.solutions.len() > 2);
/// ```
pub fn count(
    puzzle: &Puzzle,
    formulation: &dyn Formulation,
    max: usize,
    options: &SolveOptions,
    limits: &Limits,
) -> Result<Counted, SolveError> {
    let start = Instant::now();
    let model = formulation.build(puzzle);
    let build_ms = ms(start.elapsed());
    let label = model.label.clone();
    let mut session = NativeLp::for_use(&model, options, LpUse::Search)?;
    let bounds: Vec<Bounds> = model
        .variables
        .iter_variables_with_def()
        .map(|(_, def)| (def.get_min(), def.get_max()))
        .collect();
    // The values each cell can take in the model; givens have one.
    let domains: Vec<Vec<u8>> = puzzle
        .cells()
        .zip(model.cells())
        .map(|(cell, encoding)| match puzzle.given(cell) {
            Some(g) => vec![g],
            None => cell_values(encoding, &bounds),
        })
        .collect();
    let space = Space {
        cells: model.cells(),
        bounds: &bounds,
        domains: &domains,
    };
    let deadline = start + std::time::Duration::from_secs_f64(limits.time_limit.max(0.0));
    let mut found: Vec<Grid> = Vec::new();
    let mut seen: HashSet<Vec<u8>> = HashSet::new();
    // Subspaces still to search, with the model's rows and columns when each was made: the
    // cuts made in the subspaces that hold it (module notes). The root is the whole puzzle.
    let mut stack: Vec<(Restriction, usize, usize)> =
        vec![(Vec::new(), session.row_count(), session.column_count())];
    let mut applied: Restriction = Vec::new();
    let end = 'search: loop {
        let Some((restriction, rows, columns)) = stack.pop() else {
            break CountEnd::Complete;
        };
        session.truncate(rows, columns)?;
        space.apply(&mut session, &applied, &restriction)?;
        applied = restriction.clone();
        let mut local: Vec<usize> = Vec::new();
        loop {
            let remaining = deadline.saturating_duration_since(Instant::now());
            if remaining.is_zero() {
                break 'search CountEnd::TimeLimit;
            }
            let outcome = session.solve_milp(remaining.as_secs_f64())?;
            let values = match (outcome.status, outcome.values) {
                (Status::Solved, Some(values)) => values,
                (Status::Infeasible, _) => break,
                (Status::TimeLimit, _) | (Status::Solved, None) => {
                    break 'search CountEnd::TimeLimit
                }
            };
            let grid = model.decode(&values);
            if !seen.insert(grid.values.clone()) {
                return Err(SolveError::Repeated {
                    model: label,
                    again: found.len() + 1,
                });
            }
            if found.len() == max {
                found.push(grid);
                break 'search CountEnd::LimitReached;
            }
            let cut = space.cut_off(&mut session, &restriction, &grid)?;
            found.push(grid);
            if !cut {
                break; // no free cell left: the subspace holds this solution only
            }
            local.push(found.len() - 1);
            if local.len() >= SPLIT_AFTER {
                let grids: Vec<&Grid> = local.iter().map(|&i| &found[i]).collect();
                if let Some(halves) = space.split(&restriction, &grids) {
                    let (rows, columns) = (session.row_count(), session.column_count());
                    for half in halves {
                        stack.push((half, rows, columns));
                    }
                    break;
                }
            }
        }
    };
    let beyond = (end == CountEnd::LimitReached)
        .then(|| found.pop())
        .flatten();
    Ok(Counted {
        solutions: found,
        beyond,
        end,
        build_ms,
        stats: session.totals,
        solves: session.solves,
        model: label,
    })
}

/// Solutions found in one subspace before it is split in two (module notes); 2 was the fastest
/// of the values measured (`docs/counting.md`). A split needs two solutions that differ, so 1
/// acts as 2.
const SPLIT_AFTER: usize = 2;

/// A subspace: some cells' values restricted to an interval, as (cell index, lo, hi); one entry
/// per cell at most.
type Restriction = Vec<(usize, u8, u8)>;

/// The model's cells, the built column bounds and the cells' values: what the search needs to
/// restrict, cut and split.
struct Space<'a> {
    cells: &'a [CellEncoding],
    bounds: &'a [Bounds],
    domains: &'a [Vec<u8>],
}

impl Space<'_> {
    /// The values cell `i` can take in the subspace.
    fn domain(&self, restriction: &Restriction, i: usize) -> Vec<u8> {
        let (lo, hi) = restriction
            .iter()
            .find(|r| r.0 == i)
            .map_or((0, u8::MAX), |r| (r.1, r.2));
        self.domains[i]
            .iter()
            .copied()
            .filter(|v| (lo..=hi).contains(v))
            .collect()
    }

    /// Sets the column bounds of the cells restricted in `old` or `new` to those of `new`:
    /// x_{c,v} = 0 for v outside the interval (one-hot), lo ≤ v_c ≤ hi (integer).
    fn apply(
        &self,
        session: &mut NativeLp,
        old: &Restriction,
        new: &Restriction,
    ) -> Result<(), SolveError> {
        let mut cells: Vec<usize> = old.iter().chain(new).map(|r| r.0).collect();
        cells.sort_unstable();
        cells.dedup();
        for i in cells {
            let (lo, hi) = new
                .iter()
                .find(|r| r.0 == i)
                .map_or((0, u8::MAX), |r| (r.1, r.2));
            let built = |column: usize| {
                self.bounds.get(column).copied().ok_or(SolveError::Index {
                    what: "column",
                    index: column,
                    count: self.bounds.len(),
                })
            };
            match &self.cells[i] {
                CellEncoding::OneHot(options) => {
                    for &(column, v) in options {
                        let wanted = if (lo..=hi).contains(&v) {
                            built(column)?
                        } else {
                            (0.0, 0.0)
                        };
                        session.set_column_bounds(column, wanted.0, wanted.1)?;
                    }
                }
                CellEncoding::Integer(column) => {
                    let (min, max) = built(*column)?;
                    let wanted = (min.max(lo as f64), max.min(hi as f64));
                    session.set_column_bounds(*column, wanted.0, wanted.1)?;
                }
            }
        }
        Ok(())
    }

    /// Splits the subspace in two on the cell where the solutions found in it take the most
    /// distinct values: values up to their lower median, and the values above. Both halves
    /// hold a solution found, so the split always separates some of them.
    fn split(&self, restriction: &Restriction, grids: &[&Grid]) -> Option<[Restriction; 2]> {
        let mut best: Option<(usize, Vec<u8>)> = None;
        for i in 0..self.cells.len() {
            let mut distinct: Vec<u8> = grids.iter().map(|g| g.values[i]).collect();
            distinct.sort_unstable();
            distinct.dedup();
            let better = match &best {
                None => true,
                Some((_, most)) => distinct.len() > most.len(),
            };
            if distinct.len() >= 2 && better {
                best = Some((i, distinct));
            }
        }
        let (i, distinct) = best?;
        let domain = self.domain(restriction, i);
        let (first, last) = (*domain.first()?, *domain.last()?);
        let median = distinct[(distinct.len() - 1) / 2];
        let with = |lo: u8, hi: u8| {
            let mut r: Restriction = restriction.iter().copied().filter(|r| r.0 != i).collect();
            r.push((i, lo, hi));
            r
        };
        Some([with(first, median), with(median + 1, last)])
    }

    /// Adds the no-good row (and indicator columns) that cuts `grid` off inside the subspace
    /// (module notes). Returns false when no cell is free there: `grid` is the subspace's only
    /// solution and nothing was added.
    fn cut_off(
        &self,
        session: &mut NativeLp,
        restriction: &Restriction,
        grid: &Grid,
    ) -> Result<bool, SolveError> {
        let mut terms: Vec<(usize, f64)> = Vec::new();
        let mut one_hot_free = 0usize;
        for (i, encoding) in self.cells.iter().enumerate() {
            let domain = self.domain(restriction, i);
            let (Some(&lo), Some(&hi)) = (domain.first(), domain.last()) else {
                continue;
            };
            if lo == hi {
                continue; // not free in this subspace
            }
            let g = grid.values[i];
            match encoding {
                CellEncoding::OneHot(options) => {
                    let Some(&(column, _)) = options.iter().find(|(_, v)| *v == g) else {
                        return Err(SolveError::NoColumn { cell: i, value: g });
                    };
                    terms.push((column, -1.0));
                    one_hot_free += 1;
                }
                CellEncoding::Integer(column) => {
                    let (lo, hi, g) = (lo as f64, hi as f64, g as f64);
                    if g > lo {
                        // d⁻ = 1 ⇒ v ≤ g − 1:  v + (hi − g + 1)·d⁻ ≤ hi
                        let d = session.add_binary_column()?;
                        let row = [(*column, 1.0), (d, hi - g + 1.0)];
                        session.add_row(f64::NEG_INFINITY, hi, &row)?;
                        terms.push((d, 1.0));
                    }
                    if g < hi {
                        // d⁺ = 1 ⇒ v ≥ g + 1:  v − (g + 1 − lo)·d⁺ ≥ lo
                        let d = session.add_binary_column()?;
                        let row = [(*column, 1.0), (d, -(g + 1.0 - lo))];
                        session.add_row(lo, f64::INFINITY, &row)?;
                        terms.push((d, 1.0));
                    }
                }
            }
        }
        if terms.is_empty() {
            return Ok(false);
        }
        // Σ d − Σ x_{c,G(c)} ≥ 1 − |F_one-hot|
        session.add_row(1.0 - one_hot_free as f64, f64::INFINITY, &terms)?;
        Ok(true)
    }
}

/// The values a cell's encoding allows: its one-hot columns' values, or the integers inside its
/// column's bounds.
fn cell_values(encoding: &CellEncoding, bounds: &[Bounds]) -> Vec<u8> {
    match encoding {
        CellEncoding::OneHot(options) => {
            let mut values: Vec<u8> = options.iter().map(|&(_, v)| v).collect();
            values.sort_unstable();
            values
        }
        CellEncoding::Integer(column) => match bounds.get(*column) {
            Some(&(lo, hi)) if lo.is_finite() && hi.is_finite() && lo <= hi => {
                (lo.ceil().max(0.0) as u8..=hi.floor().min(255.0) as u8).collect()
            }
            _ => Vec::new(),
        },
    }
}
