//! Propagators for the variant primitives ([`crate::rules::primitive`]), over candidate masks
//! (bit v−1 of a cell's mask is value v, as in [`super::state`]). This file lowers primitives to
//! [`Propagator`]s and dispatches them; each kind of reasoning is a file of its own: [`linear`]
//! (bounds and sums over partial sums), [`runs`] (sums over runs of distinct cells, with their
//! shifts and memo), [`pairs`] (allowed-pairs tables), [`distinct_sum`] (digit-set tables and
//! matchings). The houses' locked candidates ([`intersections`]) stay here.
//!
//! - **Linear** Σ aᵢ·xᵢ (=, ≤, ≥) b, bounds reasoning: with lᵢ, uᵢ the least and greatest value of
//!   aᵢ·xᵢ over xᵢ's candidates, L = Σ lᵢ and U = Σ uᵢ, a term must satisfy
//!   aᵢ·xᵢ ≤ b − (L − lᵢ) (for = and ≤) and aᵢ·xᵢ ≥ b − (U − uᵢ) (for = and ≥), repeated to a
//!   fixpoint. A relation over two cells is revised exactly instead (arc consistency: a value
//!   stays only with a partner value that satisfies the relation).
//! - **Pairs** (an allowed-pairs table), arc consistency: u stays in a's candidates only if some
//!   candidate w of b has (u, w) allowed, and symmetrically.
//! - **Tuples** (an allowed-tuples table), generalised arc consistency: a value stays in a cell's
//!   candidates only if some allowed tuple gives it and every other value of that tuple is a
//!   candidate of its cell; a value every possible tuple holds leaves the cells that see all
//!   the table's cells able to hold it ([`tuple_sets`]). Tables over three cells that share
//!   their first two (the middle cells of a between or lockout line) are one star around those
//!   two, and class tables along a line (entropic, modular) one residue line
//!   ([`residue_line`]).
//! - **Sightline** (an outside clue): dynamic programming over its automaton ([`sightline`]).
//! - **Distinct sum** (a sum over cells that must hold different values, [`distinct_sums`]): digit-set
//!   reasoning. A digit set D (|D| cells, Σ D = S) is still possible when the cells can be matched
//!   to its digits one to one within their candidates; a cell keeps the values it takes in some
//!   such matching of some possible D (generalised arc consistency of the sum). A digit in every
//!   possible D is one the sum must use: it is removed from every cell outside the sum that sees
//!   all the sum's cells still able to hold it.
//!
//! [`distinct_sums`]: crate::rules::primitive::distinct_sums

mod distinct_sum;
mod linear;
mod pairs;
mod residue_line;
mod runs;
mod sightline;
mod tuple_sets;

use crate::puzzle::Puzzle;
use crate::rules::primitive::{digit_sets, distinct_sums, Primitive, Relation, ValueSet};
use distinct_sum::{distinct_sum, SubsetTable, SUBSET_DIGITS};
use linear::{bounds, linear_gac, pair_linear, sums_fit};
use pairs::pairs;
use residue_line::{residue_line, residue_lines};
use runs::{distinct_runs, runs_gac, RunMemo, MAX_RUN_TERMS};
use tuple_sets::{tuples, Star};

/// Distinct sums with more cells than this are linear rows (bounds reasoning only) (the matching test is 2^k·k).
pub(super) const MAX_SUM_CELLS: usize = 12;

/// One propagator over cell indices.
pub(crate) enum Propagator {
    Linear {
        terms: Vec<(i64, u32)>,
        relation: Relation,
        rhs: i64,
    },
    /// An equality whose terms fall into consecutive runs of cells that must differ (a little
    /// killer's cells in one box): `runs` are the run lengths, in the order of `terms`.
    LinearRuns {
        terms: Vec<(i64, u32)>,
        runs: Vec<usize>,
        rhs: i64,
        memo: RunMemo,
    },
    /// `allowed[u]`: the mask of b's values allowed when a holds u + 1.
    Pairs { a: u32, b: u32, allowed: Vec<u64> },
    /// The rows of values (cells' order) allowed together; `sees[k]`: the peers of cell k, as
    /// a bit set over all cells.
    Tuples {
        cells: Vec<u32>,
        allowed: Vec<Vec<u8>>,
        sees: Vec<Vec<u64>>,
    },
    /// Tables over (a, b, m) sharing the two cells a and b ([`tuple_sets`]).
    Star(Star),
    /// A line of cells in position groups i mod `groups` taking different classes, each class
    /// a value mask ([`residue_line`]).
    ResidueLine {
        cells: Vec<u32>,
        groups: usize,
        classes: Vec<u64>,
    },
    /// Two houses of n cells that share some cells (a box and a row, …): `a` and `b` are
    /// their cells outside the shared part, which hold the same values ([`intersections`]).
    SameValues { a: Vec<u32>, b: Vec<u32> },
    /// `sets`: every digit set of |cells| distinct values summing to the sum's sum.
    /// `sees[k]`: the cells that are peers of cell k of the sum, as a bit set over all cells.
    /// `table`: on grids of order ≤ 9, the same sets as one bit set over the 512 subsets of
    /// the digits ([`SubsetTable`]).
    DistinctSum {
        cells: Vec<u32>,
        sets: Vec<u64>,
        sees: Vec<Vec<u64>>,
        table: Option<SubsetTable>,
    },
    /// An outside clue along `cells` ([`sightline`]).
    Sightline {
        line: crate::rules::primitive::Sightline,
        cells: Vec<u32>,
    },
}

/// The empty clause: no value fits.
pub(crate) struct Wiped;

impl Propagator {
    /// The cells whose candidates the rule reads.
    pub fn cells(&self) -> Vec<u32> {
        match self {
            Propagator::Linear { terms, .. } | Propagator::LinearRuns { terms, .. } => {
                terms.iter().map(|&(_, c)| c).collect()
            }
            Propagator::Pairs { a, b, .. } => vec![*a, *b],
            Propagator::DistinctSum { cells, .. }
            | Propagator::Tuples { cells, .. }
            | Propagator::ResidueLine { cells, .. }
            | Propagator::Sightline { cells, .. } => cells.clone(),
            Propagator::Star(star) => star.cells(),
            Propagator::SameValues { a, b } => a.iter().chain(b).copied().collect(),
        }
    }

    /// Appends (cell, values to remove) to `out`, reading candidates through `cand`.
    pub fn revise(&self, cand: &[u64], out: &mut Vec<(u32, u64)>) -> Result<(), Wiped> {
        match self {
            Propagator::Linear {
                terms,
                relation,
                rhs,
            } if terms.len() == 2 => pair_linear(terms, *relation, *rhs, cand, out),
            Propagator::Linear {
                terms,
                relation: Relation::Eq,
                rhs,
            } if sums_fit(terms, cand) => linear_gac(terms, *rhs, cand, out),
            Propagator::Linear {
                terms,
                relation,
                rhs,
            } => bounds(terms, *relation, *rhs, cand, out),
            Propagator::LinearRuns {
                terms,
                runs,
                rhs,
                memo,
            } if sums_fit(terms, cand) => runs_gac(terms, runs, *rhs, memo, cand, out),
            Propagator::LinearRuns { terms, rhs, .. } => {
                bounds(terms, Relation::Eq, *rhs, cand, out)
            }
            Propagator::Pairs { a, b, allowed } => pairs(*a, *b, allowed, cand, out),
            Propagator::Tuples {
                cells,
                allowed,
                sees,
            } => tuples(cells, allowed, sees, cand, out),
            Propagator::Star(star) => star.revise(cand, out),
            Propagator::ResidueLine {
                cells,
                groups,
                classes,
            } => residue_line(cells, *groups, classes, cand, out),
            Propagator::SameValues { a, b } => same_values(a, b, cand, out),
            Propagator::DistinctSum {
                cells,
                sets,
                sees,
                table,
            } => distinct_sum(cells, sets, sees, table.as_ref(), cand, out),
            Propagator::Sightline { line, cells } => sightline::sightline(line, cells, cand, out),
        }
    }
}

/// The propagators of `primitives` on the grid of `puzzle`, and each cell's domain from its
/// `Values` primitives. All-different groups are not rules: [`super::state::Shape`] makes them
/// houses or peers. `peers[i]`: the cells that must differ from cell i.
pub(crate) fn lower(
    puzzle: &Puzzle,
    primitives: &[Primitive],
    peers: &[Vec<usize>],
) -> (Vec<Propagator>, Vec<u64>) {
    let n = puzzle.order();
    let index = |c: crate::puzzle::Cell| (c.row * n + c.col) as u32;
    let houses: Vec<Vec<crate::puzzle::Cell>> =
        puzzle.houses().iter().map(|h| h.cells.clone()).collect();
    let sums = distinct_sums(primitives, &houses);
    // Where cages cover half of the grid (killers), runs of distinct cells in the other
    // equalities (implied sums) cost more than they save (two hard killers over 10 s).
    let cages = 2 * sums.iter().map(|d| d.cells.len()).sum::<usize>() >= n * n;
    let mut rules = Vec::new();
    let mut replaced = vec![false; primitives.len()];
    for (members, rule) in residue_lines(n, primitives, index)
        .into_iter()
        .chain(stars(n, primitives, index))
    {
        if members.iter().all(|&p| !replaced[p]) {
            members.iter().for_each(|&p| replaced[p] = true);
            rules.push(rule);
        }
    }
    let mut domains = vec![crate::mask::full(n); n * n];
    for (k, p) in primitives.iter().enumerate() {
        match p {
            Primitive::Tuples { .. } if replaced[k] => {}
            Primitive::AllDifferent { .. } => {}
            Primitive::Values { cell, allowed, .. } => domains[index(*cell) as usize] &= allowed.0,
            Primitive::Sightline(line) => rules.push(Propagator::Sightline {
                line: line.clone(),
                cells: line.cells.iter().map(|&c| index(c)).collect(),
            }),
            Primitive::Pairs { a, b, allowed, .. } => rules.push(Propagator::Pairs {
                a: index(*a),
                b: index(*b),
                allowed: allowed.iter().map(|s| s.0).collect(),
            }),
            // A set of values is the digit-set reasoning of a distinct sum with its own sets
            // (a long line: its pair tables).
            Primitive::ValueSets(choice) if choice.cells.len() <= MAX_SUM_CELLS => {
                let cells: Vec<u32> = choice.cells.iter().map(|&c| index(c)).collect();
                rules.push(set_choice(n, cells, &choice.sets, peers));
            }
            Primitive::ValueSets(choice) => {
                rules.extend(choice.pairs(n).into_iter().map(|t| Propagator::Pairs {
                    a: index(t.a),
                    b: index(t.b),
                    allowed: t.allowed.iter().map(|s| s.0).collect(),
                }))
            }
            Primitive::Tuples { cells, allowed, .. } => {
                let cells: Vec<u32> = cells.iter().map(|&c| index(c)).collect();
                rules.push(Propagator::Tuples {
                    sees: cells.iter().map(|&c| sees(n, &peers[c as usize])).collect(),
                    cells,
                    allowed: allowed.clone(),
                })
            }
            Primitive::Linear(linear) => {
                let distinct = sums
                    .iter()
                    .find(|d| d.cells.len() <= MAX_SUM_CELLS && d.is_of(linear));
                rules.push(match distinct {
                    Some(d) => {
                        let cells: Vec<u32> = d.cells.iter().map(|&c| index(c)).collect();
                        let sets = digit_sets(n, cells.len(), d.sum);
                        set_choice(n, cells, &sets, peers)
                    }
                    None => {
                        let terms: Vec<(i64, u32)> =
                            linear.terms.iter().map(|&(a, c)| (a, index(c))).collect();
                        let runs = distinct_runs(&terms, peers);
                        let runs_pay =
                            !cages && runs.iter().any(|&r| r > 1) && terms.len() <= MAX_RUN_TERMS;
                        if linear.relation == Relation::Eq && runs_pay {
                            Propagator::LinearRuns {
                                memo: RunMemo::new(runs.len()),
                                terms,
                                runs,
                                rhs: linear.rhs,
                            }
                        } else {
                            Propagator::Linear {
                                terms,
                                relation: linear.relation,
                                rhs: linear.rhs,
                            }
                        }
                    }
                });
            }
        }
    }
    (rules, domains)
}

/// `peers` as a bit set over the n² cells.
fn sees(n: usize, peers: &[usize]) -> Vec<u64> {
    let mut bits = vec![0u64; (n * n).div_ceil(64)];
    for &j in peers {
        bits[j / 64] |= 1 << (j % 64);
    }
    bits
}

/// The tables over three cells that share their first two cells a and b (the middle cells of a
/// between or lockout line), each group with the pair tables on (a, b) ([`tuple_sets`]), and
/// the indices of the tables each star replaces.
fn stars(
    n: usize,
    primitives: &[Primitive],
    index: impl Fn(crate::puzzle::Cell) -> u32,
) -> Vec<(Vec<usize>, Propagator)> {
    let mut groups: Vec<((u32, u32), Vec<usize>)> = Vec::new();
    for (k, p) in primitives.iter().enumerate() {
        if let Primitive::Tuples { cells, .. } = p {
            if cells.len() != 3 {
                continue;
            }
            let ends = (index(cells[0]), index(cells[1]));
            match groups.iter_mut().find(|(e, _)| *e == ends) {
                Some((_, members)) => members.push(k),
                None => groups.push((ends, vec![k])),
            }
        }
    }
    groups
        .into_iter()
        .map(|((a, b), members)| {
            let mut ends = vec![crate::mask::full(n); n];
            for p in primitives {
                if let Primitive::Pairs {
                    a: x,
                    b: y,
                    allowed,
                    ..
                } = p
                {
                    let (x, y) = (index(*x), index(*y));
                    if (x, y) != (a, b) && (x, y) != (b, a) {
                        continue;
                    }
                    for u in 1..=n {
                        for w in 1..=n {
                            let fits = match (x, y) {
                                _ if (x, y) == (a, b) => allowed[u - 1].contains(w as u8),
                                _ => allowed[w - 1].contains(u as u8),
                            };
                            if !fits {
                                ends[u - 1] &= !(1u64 << (w - 1));
                            }
                        }
                    }
                }
            }
            let middles: Vec<(u32, &[Vec<u8>])> = members
                .iter()
                .filter_map(|&k| match &primitives[k] {
                    Primitive::Tuples { cells, allowed, .. } => {
                        Some((index(cells[2]), allowed.as_slice()))
                    }
                    _ => None,
                })
                .collect();
            (members, Propagator::Star(Star::new(n, a, b, ends, middles)))
        })
        .collect()
}

/// The digit-set propagator of `cells` (different values) whose values form one of `sets`.
fn set_choice(n: usize, cells: Vec<u32>, sets: &[ValueSet], peers: &[Vec<usize>]) -> Propagator {
    let sees = cells.iter().map(|&c| sees(n, &peers[c as usize])).collect();
    let sets: Vec<u64> = sets.iter().map(|s| s.0).collect();
    let table = (n <= SUBSET_DIGITS).then(|| SubsetTable::of(&sets));
    Propagator::DistinctSum {
        cells,
        sets,
        sees,
        table,
    }
}

/// The locked-candidates rule of every two houses of n cells that share at least two cells
/// (a box and a row or column, a jigsaw region and a line): each holds every value once, so a
/// value is in the shared cells of both or else in the rest of both; the rest of one
/// (`a` = H₁ ∖ H₂) and the rest of the other (`b` = H₂ ∖ H₁) hold the same values.
///
/// The pairs that share cells are found through each cell's houses (O(n² · houses per cell)),
/// not by comparing every two houses cell by cell: on an empty 64×64 that was 18,000 pairs of
/// 64·64 comparisons, seconds before the search read its clock (issue 34).
pub(crate) fn intersections(n: usize, houses: &[Vec<usize>]) -> Vec<Propagator> {
    let full: Vec<&Vec<usize>> = houses.iter().filter(|h| h.len() == n).collect();
    let cells = full
        .iter()
        .flat_map(|h| h.iter())
        .max()
        .map_or(0, |&c| c + 1);
    let mut of_cell: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for (k, h) in full.iter().enumerate() {
        for &c in h.iter() {
            of_cell[c].push(k);
        }
    }
    // shared[(k1, k2)] for k1 < k2, counted over the cells both hold.
    let mut shared: std::collections::BTreeMap<(usize, usize), usize> = Default::default();
    for ks in &of_cell {
        for (i, &k1) in ks.iter().enumerate() {
            for &k2 in &ks[i + 1..] {
                *shared.entry((k1.min(k2), k1.max(k2))).or_default() += 1;
            }
        }
    }
    let mut rules = Vec::new();
    for ((k1, k2), count) in shared {
        if count < 2 || count == n {
            continue;
        }
        let (h1, h2) = (full[k1], full[k2]);
        let mut in_h2 = vec![false; cells];
        for &c in h2.iter() {
            in_h2[c] = true;
        }
        let mut in_h1 = vec![false; cells];
        for &c in h1.iter() {
            in_h1[c] = true;
        }
        let rest = |x: &[usize], other: &[bool]| -> Vec<u32> {
            x.iter()
                .filter(|&&c| !other[c])
                .map(|&c| c as u32)
                .collect()
        };
        rules.push(Propagator::SameValues {
            a: rest(h1, &in_h2),
            b: rest(h2, &in_h1),
        });
    }
    rules
}

/// The values of `a` and of `b` are the same: a value no cell of one can hold leaves the
/// other (one pass is the fixpoint: what stays is in both unions).
fn same_values(a: &[u32], b: &[u32], cand: &[u64], out: &mut Vec<(u32, u64)>) -> Result<(), Wiped> {
    let union = |cells: &[u32]| cells.iter().fold(0u64, |m, &c| m | cand[c as usize]);
    let both = union(a) & union(b);
    for &c in a.iter().chain(b) {
        let gone = cand[c as usize] & !both;
        if gone != 0 {
            out.push((c, gone));
        }
    }
    Ok(())
}

/// Whether sums over different values (sums over distinct cells) cover at least half of the grid: there the
/// failed-literal rule costs more than it saves (docs/performance.md, issue 21); a few short
/// sums (a little killer inside one box) leave it useful.
pub(crate) fn has_distinct_sums(puzzle: &Puzzle) -> bool {
    let houses: Vec<Vec<crate::puzzle::Cell>> =
        puzzle.houses().iter().map(|h| h.cells.clone()).collect();
    let covered: usize = distinct_sums(puzzle.primitives(), &houses)
        .iter()
        .map(|d| d.cells.len())
        .sum();
    2 * covered >= puzzle.order() * puzzle.order()
}

/// The values each cell of an outside clue's line (`masks`, in line order) takes on some line
/// its automaton accepts, values allowed to repeat ([`sightline`]); `None` when none is left.
pub(crate) fn sightline_support(
    line: &crate::rules::primitive::Sightline,
    masks: &[u64],
) -> Option<Vec<u64>> {
    sightline::automaton_support(line, masks)
}

/// Values of a mask, 1-based, as numbers for the arithmetic of the rules.
pub(super) fn values(m: u64) -> impl Iterator<Item = i64> {
    crate::mask::values(m).map(i64::from)
}

/// Least and greatest value of a·x over the candidates `m` (non-empty).
pub(super) fn term_range(a: i64, m: u64) -> (i64, i64) {
    let lo = i64::from(crate::mask::lowest(m));
    let hi = i64::from(crate::mask::highest(m));
    if a >= 0 {
        (a * lo, a * hi)
    } else {
        (a * hi, a * lo)
    }
}

/// Records the removals of `(cell, mask, kept)`; a cell that keeps nothing is the empty clause.
pub(super) fn shrink(cells: &[(u32, u64, u64)], out: &mut Vec<(u32, u64)>) -> Result<(), Wiped> {
    if cells.iter().any(|&(_, _, keep)| keep == 0) {
        return Err(Wiped);
    }
    for &(c, m, keep) in cells {
        if m & !keep != 0 {
            out.push((c, m & !keep));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
