//! Propagators for the variant primitives ([`crate::rules::primitive`]), over candidate masks
//! (bit v−1 of a cell's mask is value v, as in [`super::state`]).
//!
//! - **Linear** Σ aᵢ·xᵢ (=, ≤, ≥) b, bounds reasoning: with lᵢ, uᵢ the least and greatest value of
//!   aᵢ·xᵢ over xᵢ's candidates, L = Σ lᵢ and U = Σ uᵢ, a term must satisfy
//!   aᵢ·xᵢ ≤ b − (L − lᵢ) (for = and ≤) and aᵢ·xᵢ ≥ b − (U − uᵢ) (for = and ≥), repeated to a
//!   fixpoint. A relation over two cells is revised exactly instead (arc consistency: a value
//!   stays only with a partner value that satisfies the relation).
//! - **Pairs** (an allowed-pairs table), arc consistency: u stays in a's candidates only if some
//!   candidate w of b has (u, w) allowed, and symmetrically.
//! - **Distinct sum** (a sum over cells that must hold different values, [`distinct_sums`]): digit-set
//!   reasoning. A digit set D (|D| cells, Σ D = S) is still possible when the cells can be matched
//!   to its digits one to one within their candidates; a cell keeps the values it takes in some
//!   such matching of some possible D (generalised arc consistency of the sum). A digit in every
//!   possible D is one the sum must use: it is removed from every cell outside the sum that sees
//!   all the sum's cells still able to hold it.
//!
//! [`distinct_sums`]: crate::rules::primitive::distinct_sums

use crate::puzzle::Puzzle;
use crate::rules::primitive::{digit_sets, distinct_sums, Primitive, Relation};
use std::cell::RefCell;

/// Distinct sums with more cells than this are linear rows (bounds reasoning only) (the matching test is 2^k·k).
const MAX_SUM_CELLS: usize = 12;

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
            Propagator::DistinctSum { cells, .. } => cells.clone(),
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
            Propagator::SameValues { a, b } => same_values(a, b, cand, out),
            Propagator::DistinctSum {
                cells,
                sets,
                sees,
                table,
            } => distinct_sum(cells, sets, sees, table.as_ref(), cand, out),
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
    let words = (n * n).div_ceil(64);
    let mut rules = Vec::new();
    let mut domains = vec![crate::engine::full_mask(n); n * n];
    for p in primitives {
        match p {
            Primitive::AllDifferent { .. } => {}
            Primitive::Values { cell, allowed, .. } => domains[index(*cell) as usize] &= allowed.0,
            Primitive::Pairs { a, b, allowed, .. } => rules.push(Propagator::Pairs {
                a: index(*a),
                b: index(*b),
                allowed: allowed.iter().map(|s| s.0).collect(),
            }),
            Primitive::Linear(linear) => {
                let distinct = sums
                    .iter()
                    .find(|d| d.cells.len() <= MAX_SUM_CELLS && d.is_of(linear));
                rules.push(match distinct {
                    Some(d) => {
                        let cells: Vec<u32> = d.cells.iter().map(|&c| index(c)).collect();
                        let sees = cells
                            .iter()
                            .map(|&c| {
                                let mut bits = vec![0u64; words];
                                for &j in &peers[c as usize] {
                                    bits[j / 64] |= 1 << (j % 64);
                                }
                                bits
                            })
                            .collect();
                        let sets: Vec<u64> = digit_sets(n, cells.len(), d.sum)
                            .iter()
                            .map(|s| s.0)
                            .collect();
                        let table = (n <= SUBSET_DIGITS).then(|| SubsetTable::of(&sets));
                        Propagator::DistinctSum {
                            cells,
                            sets,
                            sees,
                            table,
                        }
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

/// The locked-candidates rule of every two houses of n cells that share at least two cells
/// (a box and a row or column, a jigsaw region and a line): each holds every value once, so a
/// value is in the shared cells of both or else in the rest of both; the rest of one
/// (`a` = H₁ ∖ H₂) and the rest of the other (`b` = H₂ ∖ H₁) hold the same values.
pub(crate) fn intersections(n: usize, houses: &[Vec<usize>]) -> Vec<Propagator> {
    let full: Vec<&Vec<usize>> = houses.iter().filter(|h| h.len() == n).collect();
    let mut rules = Vec::new();
    for (k, h1) in full.iter().enumerate() {
        for h2 in &full[k + 1..] {
            let shared = h1.iter().filter(|c| h2.contains(c)).count();
            if shared < 2 || shared == n {
                continue;
            }
            let rest = |x: &[usize], y: &[usize]| {
                x.iter()
                    .filter(|c| !y.contains(c))
                    .map(|&c| c as u32)
                    .collect()
            };
            rules.push(Propagator::SameValues {
                a: rest(h1, h2),
                b: rest(h2, h1),
            });
        }
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

/// Values of a mask, 1-based.
fn values(mut m: u64) -> impl Iterator<Item = i64> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let v = m.trailing_zeros() as i64 + 1;
            m &= m - 1;
            v
        })
    })
}

/// Least and greatest value of a·x over the candidates `m` (non-empty).
fn term_range(a: i64, m: u64) -> (i64, i64) {
    let lo = m.trailing_zeros() as i64 + 1;
    let hi = 64 - m.leading_zeros() as i64;
    if a >= 0 {
        (a * lo, a * hi)
    } else {
        (a * hi, a * lo)
    }
}

/// Bounds reasoning on Σ aᵢ·xᵢ (relation) b, to a fixpoint on local copies of the masks.
fn bounds(
    terms: &[(i64, u32)],
    relation: Relation,
    rhs: i64,
    cand: &[u64],
    out: &mut Vec<(u32, u64)>,
) -> Result<(), Wiped> {
    let mut buf = [0u64; 16];
    let mut heap = Vec::new();
    let masks: &mut [u64] = if terms.len() <= buf.len() {
        &mut buf[..terms.len()]
    } else {
        heap.resize(terms.len(), 0);
        &mut heap
    };
    for (m, &(_, c)) in masks.iter_mut().zip(terms) {
        *m = cand[c as usize];
        if *m == 0 {
            return Err(Wiped);
        }
    }
    loop {
        let (mut low, mut high) = (0i64, 0i64);
        for (&(a, _), &m) in terms.iter().zip(masks.iter()) {
            let (lo, hi) = term_range(a, m);
            low += lo;
            high += hi;
        }
        let mut changed = false;
        for (k, &(a, _)) in terms.iter().enumerate() {
            let (lo, hi) = term_range(a, masks[k]);
            let upper = match relation {
                Relation::Eq | Relation::Le => rhs - (low - lo),
                Relation::Ge => i64::MAX,
            };
            let lower = match relation {
                Relation::Eq | Relation::Ge => rhs - (high - hi),
                Relation::Le => i64::MIN,
            };
            let keep = values(masks[k])
                .filter(|&v| (lower..=upper).contains(&(a * v)))
                .fold(0u64, |m, v| m | 1 << (v - 1));
            if keep == 0 {
                return Err(Wiped);
            }
            if keep != masks[k] {
                masks[k] = keep;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for (&(_, c), &m) in terms.iter().zip(masks.iter()) {
        let gone = cand[c as usize] & !m;
        if gone != 0 {
            out.push((c, gone));
        }
    }
    Ok(())
}

/// The width of a·x's range over the candidates `mask` (non-empty).
fn span(a: i64, mask: u64) -> i64 {
    let (lo, hi) = term_range(a, mask);
    hi - lo
}

/// Whether the partial sums of an equality fit one `u128` (offset from their least value):
/// then [`linear_gac`] applies.
fn sums_fit(terms: &[(i64, u32)], cand: &[u64]) -> bool {
    let mut total = 0i64;
    for &(a, c) in terms {
        let m = cand[c as usize];
        if m == 0 {
            return false;
        }
        total += span(a, m);
    }
    total < 128
}

/// Generalised arc consistency on Σ aᵢ·xᵢ = b whose values may repeat (little killers, arrows,
/// implied sums over several houses), by dynamic programming over partial sums: with each
/// term offset by its least value lᵢ over its candidates (tᵢ = aᵢ·xᵢ − lᵢ ≥ 0) and
/// T = b − Σ lᵢ, `head[j]` holds the sums the first j terms can reach and `need[j]` the sums
/// s for which the last k − j terms can make up T − s. Value v stays in cell j when
/// head[j] shifted by tⱼ(v) meets need[j + 1]. Bit sets of one `u128` ([`sums_fit`]).
fn linear_gac(
    terms: &[(i64, u32)],
    rhs: i64,
    cand: &[u64],
    out: &mut Vec<(u32, u64)>,
) -> Result<(), Wiped> {
    let k = terms.len();
    let mut low = 0i64;
    for &(a, c) in terms {
        low += term_range(a, cand[c as usize]).0;
    }
    let target = rhs - low;
    if !(0..128).contains(&target) {
        return Err(Wiped);
    }
    // The offsets t of a term's candidates, as (value bit, t).
    let offsets = |a: i64, m: u64| {
        let lo = term_range(a, m).0;
        values(m).map(move |v| (1u64 << (v - 1), (a * v - lo) as u32))
    };
    let mut head = vec![0u128; k + 1];
    head[0] = 1;
    for (j, &(a, c)) in terms.iter().enumerate() {
        head[j + 1] = offsets(a, cand[c as usize]).fold(0, |acc, (_, t)| acc | head[j] << t);
    }
    let mut need = 1u128 << target;
    if head[k] & need == 0 {
        return Err(Wiped);
    }
    for (j, &(a, c)) in terms.iter().enumerate().rev() {
        let m = cand[c as usize];
        let (mut keep, mut before) = (0u64, 0u128);
        for (bit, t) in offsets(a, m) {
            if (head[j] << t) & need != 0 {
                keep |= bit;
                before |= need >> t;
            }
        }
        if keep == 0 {
            return Err(Wiped);
        }
        if keep != m {
            out.push((c, m & !keep));
        }
        need = before & head[j];
    }
    Ok(())
}

/// Longest runs of a run of distinct cells in [`runs_gac`] (its tuples are enumerated).
const MAX_RUN: usize = 3;
// [`run_prefixes`] enumerates the first two terms of a run.
const _: () = assert!(MAX_RUN == 3);
/// Equalities with more terms than this keep [`linear_gac`] (runs_gac works on the stack).
const MAX_RUN_TERMS: usize = 16;

/// Splits the terms, in order, into runs of at most [`MAX_RUN`] consecutive cells that are
/// pairwise peers (must differ); returns the run lengths.
fn distinct_runs(terms: &[(i64, u32)], peers: &[Vec<usize>]) -> Vec<usize> {
    let mut runs = Vec::new();
    let mut start = 0;
    for k in 0..terms.len() {
        let c = terms[k].1 as usize;
        let fits = k > start
            && k - start < MAX_RUN
            && terms[start..k]
                .iter()
                .all(|&(_, d)| peers[c].contains(&(d as usize)));
        if k > start && !fits {
            runs.push(k - start);
            start = k;
        }
    }
    if !terms.is_empty() {
        runs.push(terms.len() - start);
    }
    runs
}

/// The offsets t = a·v − l of the values in `m`, as a bit set over t (bit t).
fn offset_set(a: i64, low: i64, m: u64) -> u128 {
    if a == 1 {
        // Value v is bit v − 1 of m; its offset v − l is that bit moved by 1 − l.
        ((m as u128) << 1) >> low
    } else {
        values(m).fold(0, |acc, v| acc | 1u128 << (a * v - low))
    }
}

/// The values of `m` whose offsets a·v − l are in `offsets` (the inverse of [`offset_set`]).
fn values_at(a: i64, low: i64, m: u64, offsets: u128) -> u64 {
    if a == 1 {
        ((offsets << low) >> 1) as u64 & m
    } else {
        values(m)
            .filter(|&v| offsets >> (a * v - low) & 1 != 0)
            .fold(0, |acc, v| acc | 1 << (v - 1))
    }
}

/// The single-bit masks of `m`, lowest first.
fn single_bits(mut m: u64) -> impl Iterator<Item = u64> {
    std::iter::from_fn(move || {
        let bit = m & m.wrapping_neg();
        m &= m.wrapping_sub(1);
        (bit != 0).then_some(bit)
    })
}

/// Every assignment of different values to all terms of a run but its last (a run has at most
/// [`MAX_RUN`] terms): calls `visit` with the offset sum Σ (aᵢ·vᵢ − lᵢ), the values used and
/// the value bit of each term.
fn run_prefixes<F: FnMut(i64, u64, &[u64])>(
    terms: &[(i64, u32)],
    lows: &[i64],
    cand: &[u64],
    visit: &mut F,
) {
    let offset = |k: usize, bit: u64| terms[k].0 * (bit.trailing_zeros() as i64 + 1) - lows[k];
    let mask = |k: usize| cand[terms[k].1 as usize];
    match terms.len() {
        1 => visit(0, 0, &[]),
        2 => single_bits(mask(0)).for_each(|b0| visit(offset(0, b0), b0, &[b0])),
        _ => {
            for b0 in single_bits(mask(0)) {
                let t0 = offset(0, b0);
                for b1 in single_bits(mask(1) & !b0) {
                    visit(t0 + offset(1, b1), b0 | b1, &[b0, b1]);
                }
            }
        }
    }
}

/// The offset sums of a run's assignments of different values whose sum is in `fits` (all
/// when `None`), as a bit set, and the values of each term that take part in one of them: the
/// prefixes ([`run_prefixes`]) with the last term's remaining offsets, shifted, in one word.
fn run_support(
    terms: &[(i64, u32)],
    lows: &[i64],
    cand: &[u64],
    fits: Option<u128>,
) -> (u128, [u64; MAX_RUN]) {
    let last = terms.len() - 1;
    let (a, c) = terms[last];
    let (low, m) = (lows[last], cand[c as usize]);
    let mut keep = [0u64; MAX_RUN];
    let mut sums = 0u128;
    run_prefixes(terms, lows, cand, &mut |p, used, bits| {
        let mut offsets = offset_set(a, low, m & !used);
        if let Some(fits) = fits {
            offsets &= fits >> p;
        }
        if offsets != 0 {
            keep.iter_mut().zip(bits).for_each(|(k, &bit)| *k |= bit);
            keep[last] |= values_at(a, low, m & !used, offsets);
            sums |= offsets << p;
        }
    });
    (sums, keep)
}

/// Slots per run of [`RunMemo`].
const MEMO_SLOTS: usize = 64;

/// One remembered [`run_support`] of all sums: the run's candidates, its sums and values.
#[derive(Clone, Copy, Default)]
struct RunSupport {
    cand: [u64; MAX_RUN],
    sums: u128,
    keep: [u64; MAX_RUN],
}

/// What [`run_support`] found for the candidates a run had lately, [`MEMO_SLOTS`] per run,
/// indexed by a hash of the candidates: in a search, a rule runs again when a cell of one run
/// changes, and the others' candidates are often the same as before.
pub(crate) struct RunMemo(RefCell<Vec<RunSupport>>);

impl RunMemo {
    pub fn new(runs: usize) -> RunMemo {
        RunMemo(RefCell::new(vec![RunSupport::default(); runs * MEMO_SLOTS]))
    }

    /// The run's sums and values for candidates `key`, from the memo or [`run_support`].
    fn support(
        &self,
        run: usize,
        key: [u64; MAX_RUN],
        compute: impl FnOnce() -> (u128, [u64; MAX_RUN]),
    ) -> (u128, [u64; MAX_RUN]) {
        let hash = key
            .iter()
            .fold(0u64, |h, &m| (h ^ m).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let slot = run * MEMO_SLOTS + (hash >> 58) as usize % MEMO_SLOTS;
        let mut memo = self.0.borrow_mut();
        let entry = &mut memo[slot];
        if entry.cand != key {
            let (sums, keep) = compute();
            *entry = RunSupport {
                cand: key,
                sums,
                keep,
            };
        }
        (entry.sums, entry.keep)
    }
}

/// `x` shifted by every offset in `offsets`, ORed (`left`: x << t, the sums s + t; else
/// x >> t, the differences s − t). Offsets that form one interval [a, a + k) take ⌈log₂ k⌉
/// doublings (`x` shifted by a, then smeared over k places), others one shift per offset.
fn shifted_union(x: u128, offsets: u128, left: bool) -> u128 {
    if offsets == 0 {
        return 0;
    }
    let a = offsets.trailing_zeros();
    let k = 128 - offsets.leading_zeros() - a;
    let shift = |y: u128, t: u32| if left { y << t } else { y >> t };
    if offsets >> a == u128::MAX >> (128 - k) {
        let mut smeared = shift(x, a);
        let mut covered = 1;
        while covered < k {
            let step = covered.min(k - covered);
            smeared |= shift(smeared, step);
            covered += step;
        }
        return smeared;
    }
    let (mut union, mut rest) = (0u128, offsets);
    while rest != 0 {
        union |= shift(x, rest.trailing_zeros());
        rest &= rest - 1;
    }
    union
}

/// [`linear_gac`] over runs of cells that must differ: a run's partial sums are those of its
/// assignments of different values (the first [`MAX_RUN`] − 1 cells enumerated, the last as a
/// bit set), so a value stays when some assignment of its run holding it meets a reachable
/// prefix and a completing suffix. Exact for the sum with distinct values inside each run (a
/// relaxation of the whole rule).
fn runs_gac(
    terms: &[(i64, u32)],
    runs: &[usize],
    rhs: i64,
    memo: &RunMemo,
    cand: &[u64],
    out: &mut Vec<(u32, u64)>,
) -> Result<(), Wiped> {
    let mut lows = [0i64; MAX_RUN_TERMS];
    for (l, &(a, c)) in lows.iter_mut().zip(terms) {
        *l = term_range(a, cand[c as usize]).0;
    }
    let target = rhs - lows.iter().sum::<i64>();
    if !(0..128).contains(&target) {
        return Err(Wiped);
    }
    let mut starts = [0usize; MAX_RUN_TERMS + 1];
    for (g, &r) in runs.iter().enumerate() {
        starts[g + 1] = starts[g] + r;
    }
    let mut head = [0u128; MAX_RUN_TERMS + 1];
    let mut sums = [0u128; MAX_RUN_TERMS];
    // Each term's values in some assignment of its run, whatever the other runs hold.
    let mut keep = [0u64; MAX_RUN_TERMS];
    head[0] = 1;
    for g in 0..runs.len() {
        let (s, e) = (starts[g], starts[g + 1]);
        let mut key = [0u64; MAX_RUN];
        for (k, &(_, c)) in key.iter_mut().zip(&terms[s..e]) {
            *k = cand[c as usize];
        }
        let (run_sums, run_keep) = memo.support(g, key, || {
            run_support(&terms[s..e], &lows[s..e], cand, None)
        });
        keep[s..e].copy_from_slice(&run_keep[..e - s]);
        sums[g] = run_sums;
        head[g + 1] = shifted_union(head[g], run_sums, true);
    }
    let mut need = 1u128 << target;
    if head[runs.len()] & need == 0 {
        return Err(Wiped);
    }
    for g in (0..runs.len()).rev() {
        let (s, e) = (starts[g], starts[g + 1]);
        let from = head[g];
        // The run's sums t that some reachable prefix s completes: (s + t) ∈ need.
        let fits = sums[g] & shifted_union(need, from, false);
        // Where every sum of the run fits, its values are those of the first pass.
        let used_sums = if fits == sums[g] {
            sums[g]
        } else {
            let (used_sums, run_keep) = run_support(&terms[s..e], &lows[s..e], cand, Some(fits));
            keep[s..e].copy_from_slice(&run_keep[..e - s]);
            used_sums
        };
        need = shifted_union(need, used_sums, false) & from;
    }
    for (&(_, c), &k) in terms.iter().zip(&keep) {
        let m = cand[c as usize];
        if k == 0 {
            return Err(Wiped);
        }
        if k != m {
            out.push((c, m & !k));
        }
    }
    Ok(())
}

/// Arc consistency on a·x + b·y (relation) r.
fn pair_linear(
    terms: &[(i64, u32)],
    relation: Relation,
    rhs: i64,
    cand: &[u64],
    out: &mut Vec<(u32, u64)>,
) -> Result<(), Wiped> {
    let [(a, x), (b, y)] = [terms[0], terms[1]];
    let (mx, my) = (cand[x as usize], cand[y as usize]);
    let (mut keep_x, mut keep_y) = (0u64, 0u64);
    for u in values(mx) {
        for w in values(my) {
            if relation.holds(a * u + b * w, rhs) {
                keep_x |= 1 << (u - 1);
                keep_y |= 1 << (w - 1);
            }
        }
    }
    shrink(&[(x, mx, keep_x), (y, my, keep_y)], out)
}

/// Records the removals of `(cell, mask, kept)`; a cell that keeps nothing is the empty clause.
fn shrink(cells: &[(u32, u64, u64)], out: &mut Vec<(u32, u64)>) -> Result<(), Wiped> {
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

/// Arc consistency on an allowed-pairs table.
fn pairs(
    a: u32,
    b: u32,
    allowed: &[u64],
    cand: &[u64],
    out: &mut Vec<(u32, u64)>,
) -> Result<(), Wiped> {
    let (ma, mb) = (cand[a as usize], cand[b as usize]);
    let (mut keep_a, mut keep_b) = (0u64, 0u64);
    for u in values(ma) {
        let partners = allowed.get(u as usize - 1).copied().unwrap_or(0) & mb;
        if partners != 0 {
            keep_a |= 1 << (u - 1);
            keep_b |= partners;
        }
    }
    shrink(&[(a, ma, keep_a), (b, mb, keep_b)], out)
}

/// Digit-set reasoning on a distinct sum (module documentation). Works on the stack: a distinct sum has at most
/// [`MAX_SUM_CELLS`] cells.
fn distinct_sum(
    cells: &[u32],
    sets: &[u64],
    sees: &[Vec<u64>],
    table: Option<&SubsetTable>,
    cand: &[u64],
    out: &mut Vec<(u32, u64)>,
) -> Result<(), Wiped> {
    let k = cells.len();
    let mut mask_buf = [0u64; MAX_SUM_CELLS];
    let masks = &mut mask_buf[..k];
    let mut union = 0u64;
    for (m, &c) in masks.iter_mut().zip(cells) {
        *m = cand[c as usize];
        union |= *m;
    }
    let mut support_buf = [0u64; MAX_SUM_CELLS];
    let support = &mut support_buf[..k];
    let must = match table {
        Some(table) => table.supports(masks, support).ok_or(Wiped)?,
        None => {
            let mut must = u64::MAX;
            let mut any = false;
            let mut matcher = Matcher::default();
            for &set in sets {
                if union & set != set || masks.iter().any(|&m| m & set == 0) {
                    continue;
                }
                if matcher.supports(masks, set, support) {
                    must &= set;
                    any = true;
                }
            }
            if !any {
                return Err(Wiped);
            }
            must
        }
    };
    if support.contains(&0) {
        return Err(Wiped);
    }
    for j in 0..k {
        if masks[j] & !support[j] != 0 {
            out.push((cells[j], masks[j] & !support[j]));
        }
    }
    // A digit the sum must use leaves every outside cell that sees all its possible places.
    let mut rest = must;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest &= rest - 1;
        let places = (0..k).filter(|&j| support[j] & bit != 0);
        let Some(first) = places.clone().next() else {
            continue;
        };
        for (w, &seen) in sees[first].iter().enumerate() {
            let mut word = places.clone().fold(seen, |acc, j| acc & sees[j][w]);
            while word != 0 {
                let c = (w * 64 + word.trailing_zeros() as usize) as u32;
                word &= word - 1;
                if !cells.contains(&c) && cand[c as usize] & bit != 0 {
                    out.push((c, bit));
                }
            }
        }
    }
    Ok(())
}

/// Digits a [`SubsetTable`] covers: its sets are bit sets over the 2^9 subsets of 1..=9.
const SUBSET_DIGITS: usize = 9;
/// Words of a bit set over the subsets of [`SUBSET_DIGITS`] digits.
const SUBSET_WORDS: usize = 1 << (SUBSET_DIGITS - 6);

/// A family of digit sets as one bit set over every subset of the digits (bit S: the set whose
/// digits are the bits of S).
#[derive(Clone)]
pub(crate) struct SubsetTable([u64; SUBSET_WORDS]);

/// In-word masks of the subsets S without digit d (d < 6): bit b is set when b's bit d is 0.
const WITHOUT: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0f0f_0f0f_0f0f_0f0f,
    0x00ff_00ff_00ff_00ff,
    0x0000_ffff_0000_ffff,
    0x0000_0000_ffff_ffff,
];

/// {S ∪ {d} : S ∈ family, d ∉ S}.
fn with_digit(family: &[u64; SUBSET_WORDS], d: usize) -> [u64; SUBSET_WORDS] {
    let mut out = [0u64; SUBSET_WORDS];
    if d < 6 {
        for (o, &w) in out.iter_mut().zip(family) {
            *o = (w & WITHOUT[d]) << (1 << d);
        }
    } else {
        let step = 1 << (d - 6);
        for w in (0..SUBSET_WORDS).filter(|w| w & step == 0) {
            out[w | step] = family[w];
        }
    }
    out
}

/// {S : d ∉ S, S ∪ {d} ∈ family}.
fn without_digit(family: &[u64; SUBSET_WORDS], d: usize) -> [u64; SUBSET_WORDS] {
    let mut out = [0u64; SUBSET_WORDS];
    if d < 6 {
        for (o, &w) in out.iter_mut().zip(family) {
            *o = (w >> (1 << d)) & WITHOUT[d];
        }
    } else {
        let step = 1 << (d - 6);
        for w in (0..SUBSET_WORDS).filter(|w| w & step == 0) {
            out[w] = family[w | step];
        }
    }
    out
}

impl SubsetTable {
    /// The table of `sets` (each over digits 1..=9).
    fn of(sets: &[u64]) -> SubsetTable {
        let mut words = [0u64; SUBSET_WORDS];
        for &s in sets {
            words[(s >> 6) as usize] |= 1 << (s & 63);
        }
        SubsetTable(words)
    }

    /// Generalised arc consistency of "the cells hold distinct digits forming one of the
    /// table's sets", by dynamic programming over the digits the first cells use: `reach[j]`
    /// holds the sets the first j cells can take (distinct, within their candidates);
    /// `viable[j]` those of `reach[j]` that the remaining cells complete to a table set. Cell
    /// j keeps digit d when some S ∈ reach[j] has S ∪ {d} ∈ viable[j + 1]. Adds those digits to
    /// `support` and returns the digits common to every possible set, or `None` when no set
    /// is possible. Same result as the matching test of [`Matcher`] over each set.
    fn supports(&self, masks: &[u64], support: &mut [u64]) -> Option<u64> {
        let k = masks.len();
        let mut reach = [[0u64; SUBSET_WORDS]; MAX_SUM_CELLS + 1];
        reach[0][0] = 1;
        for j in 0..k {
            let mut next = [0u64; SUBSET_WORDS];
            for d in digits(masks[j]) {
                let added = with_digit(&reach[j], d);
                next.iter_mut().zip(&added).for_each(|(n, a)| *n |= a);
            }
            reach[j + 1] = next;
        }
        let mut viable = [0u64; SUBSET_WORDS];
        for (v, (r, t)) in viable.iter_mut().zip(reach[k].iter().zip(&self.0)) {
            *v = r & t;
        }
        let mut must = u64::MAX;
        let mut any = false;
        for (w, &word) in viable.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                must &= (w as u64) << 6 | word.trailing_zeros() as u64;
                any = true;
                word &= word - 1;
            }
        }
        if !any {
            return None;
        }
        for j in (0..k).rev() {
            let mut before = [0u64; SUBSET_WORDS];
            for d in digits(masks[j]) {
                let back = without_digit(&viable, d);
                let mut hit = 0u64;
                for ((b, x), r) in before.iter_mut().zip(&back).zip(&reach[j]) {
                    let both = x & r;
                    *b |= both;
                    hit |= both;
                }
                if hit != 0 {
                    support[j] |= 1 << d;
                }
            }
            viable = before;
        }
        Some(must)
    }
}

/// The digits (0-based bit positions) of a mask.
fn digits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            d
        })
    })
}

/// Perfect matchings of a distinct sum's cells (in order) to the digits of one set, by dynamic
/// programming over subsets of the set: bit S of `head` says the first |S| cells can take
/// exactly the digits S, bit S of `tail` that the last |S| cells can.
struct Matcher {
    head: [u64; 1 << (MAX_SUM_CELLS - 6)],
    tail: [u64; 1 << (MAX_SUM_CELLS - 6)],
}

impl Default for Matcher {
    fn default() -> Matcher {
        Matcher {
            head: [0; 1 << (MAX_SUM_CELLS - 6)],
            tail: [0; 1 << (MAX_SUM_CELLS - 6)],
        }
    }
}

/// Bit `s` of a bit set in words.
fn bit(words: &[u64], s: usize) -> bool {
    words[s >> 6] >> (s & 63) & 1 == 1
}

/// Sets bit `s` of a bit set in words to `on`.
fn put(words: &mut [u64], s: usize, on: bool) {
    let w = &mut words[s >> 6];
    *w = (*w & !(1u64 << (s & 63))) | (on as u64) << (s & 63);
}

impl Matcher {
    /// Adds to `support[j]` every digit cell j takes in some matching of the cells to `set`;
    /// false when there is no matching.
    fn supports(&mut self, masks: &[u64], set: u64, support: &mut [u64]) -> bool {
        let k = masks.len();
        if set.count_ones() as usize != k {
            return false;
        }
        let mut digits = [0u64; MAX_SUM_CELLS];
        let mut rest = set;
        for d in digits.iter_mut().take(k) {
            *d = rest & rest.wrapping_neg();
            rest &= rest - 1;
        }
        if masks.iter().all(|&m| m & set == set) {
            // Every cell can take every digit: every digit is in some matching.
            support.iter_mut().for_each(|s| *s |= set);
            return true;
        }
        if k <= 6 {
            return small_supports(masks, &digits[..k], support);
        }
        let full = (1usize << k) - 1;
        put(&mut self.head, 0, true);
        put(&mut self.tail, 0, true);
        for s in 1..=full {
            let size = s.count_ones() as usize;
            let (first, last) = (masks[size - 1], masks[k - size]);
            let (mut h, mut t) = (false, false);
            let mut bits = s;
            while bits != 0 {
                let d = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                h |= first & digits[d] != 0 && bit(&self.head, s & !(1 << d));
                t |= last & digits[d] != 0 && bit(&self.tail, s & !(1 << d));
            }
            put(&mut self.head, s, h);
            put(&mut self.tail, s, t);
        }
        if !bit(&self.head, full) {
            return false;
        }
        for s in 0..full {
            if !bit(&self.head, s) {
                continue;
            }
            let j = s.count_ones() as usize;
            let mut free = full & !s;
            while free != 0 {
                let d = free.trailing_zeros() as usize;
                free &= free - 1;
                if masks[j] & digits[d] != 0 && bit(&self.tail, full & !s & !(1 << d)) {
                    support[j] |= digits[d];
                }
            }
        }
        true
    }
}

/// [`Matcher::supports`] for at most 6 cells: the subsets of the digits fit in one word.
fn small_supports(masks: &[u64], digits: &[u64], support: &mut [u64]) -> bool {
    let k = masks.len();
    let full = (1usize << k) - 1;
    let (mut head, mut tail) = (1u64, 1u64);
    for s in 1..=full {
        let size = s.count_ones() as usize;
        let (first, last) = (masks[size - 1], masks[k - size]);
        let (mut h, mut t) = (0u64, 0u64);
        let mut bits = s;
        while bits != 0 {
            let d = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let without = s & !(1 << d);
            h |= (first & digits[d] != 0) as u64 & head >> without;
            t |= (last & digits[d] != 0) as u64 & tail >> without;
        }
        head |= (h & 1) << s;
        tail |= (t & 1) << s;
    }
    if head >> full & 1 == 0 {
        return false;
    }
    for s in (0..full).filter(|&s| head >> s & 1 == 1) {
        let j = s.count_ones() as usize;
        let mut free = full & !s;
        while free != 0 {
            let d = free.trailing_zeros() as usize;
            free &= free - 1;
            if masks[j] & digits[d] != 0 && tail >> (full & !s & !(1 << d)) & 1 == 1 {
                support[j] |= digits[d];
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_two_cell_distinct_sum_of_three_is_one_and_two() {
        let rule = Propagator::DistinctSum {
            cells: vec![0, 1],
            sets: vec![0b11],
            sees: vec![vec![0b1110], vec![0b0101]],
            table: Some(SubsetTable::of(&[0b11])),
        };
        let mut out = Vec::new();
        let cand = [0x1ff, 0x1ff, 0x1ff, 0b1];
        assert!(rule.revise(&cand, &mut out).is_ok());
        // Both cells keep {1, 2}; cell 2 sees both and loses 1 and 2; cell 3 sees only cell 0.
        assert_eq!(
            out,
            vec![(0, 0x1ff & !0b11), (1, 0x1ff & !0b11), (2, 0b01), (2, 0b10)]
        );
    }

    #[test]
    fn the_subset_table_keeps_what_the_matchings_keep() {
        // Pseudo-random candidate masks of 2 to 7 cells, every sum: both ways agree.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..400 {
            let k = 2 + round % 6;
            let masks: Vec<u64> = (0..k).map(|_| next() & 0x1ff | 1 << (next() % 9)).collect();
            for sum in 3..=45 {
                let sets: Vec<u64> = digit_sets(9, k, sum).iter().map(|s| s.0).collect();
                let mut by_table = vec![0u64; k];
                let table = SubsetTable::of(&sets).supports(&masks, &mut by_table);
                let mut by_matching = vec![0u64; k];
                let mut must = u64::MAX;
                let mut any = false;
                for &set in &sets {
                    if Matcher::default().supports(&masks, set, &mut by_matching) {
                        must &= set;
                        any = true;
                    }
                }
                assert_eq!(table, any.then_some(must), "{masks:?} sum {sum}");
                assert_eq!(by_table, by_matching, "{masks:?} sum {sum}");
            }
        }
    }

    #[test]
    fn an_equality_keeps_the_values_of_its_solutions() {
        // x0 + x1 − x2 = 10, x0 ∈ {1, 9}, x1 ∈ {1, 2}, x2 ∈ 1..9: only (9, 2, 1) (bounds
        // reasoning keeps x0 = 1, x1 = 1 and x2 ∈ {1, 2}).
        let rule = Propagator::Linear {
            terms: vec![(1, 0), (1, 1), (-1, 2)],
            relation: Relation::Eq,
            rhs: 10,
        };
        let mut out = Vec::new();
        assert!(rule.revise(&[0b1_0000_0001, 0b11, 0x1ff], &mut out).is_ok());
        assert_eq!(out, vec![(2, 0x1ff & !0b1), (1, 0b01), (0, 0b1)]);
        // Every solution is checked against brute force on pseudo-random masks.
        brute_force(
            0x9e37_79b9_7f4a_7c15,
            0,
            30,
            |x| x[0] + 2 * x[1] - x[2] + x[3],
            |rhs| Propagator::Linear {
                terms: vec![(1, 0), (2, 1), (-1, 2), (1, 3)],
                relation: Relation::Eq,
                rhs,
            },
        );
    }

    #[test]
    fn an_equality_over_runs_of_distinct_cells_keeps_the_values_of_its_solutions() {
        // x0 + x1 + x2 + 2·x3 = rhs with x0, x1, x2 pairwise different (one run), brute force.
        let terms = vec![(1, 0), (1, 1), (1, 2), (2, 3)];
        let peers = vec![vec![1, 2], vec![0, 2], vec![0, 1], vec![]];
        assert_eq!(distinct_runs(&terms, &peers), vec![3, 1]);
        let sum = |x: &[i64]| {
            let distinct = x[0] != x[1] && x[0] != x[2] && x[1] != x[2];
            // A repeat in the run is no solution: a sum no rhs reaches.
            if distinct {
                x[0] + x[1] + x[2] + 2 * x[3]
            } else {
                -1
            }
        };
        brute_force(0x1234_5678_9abc_def1, 6, 40, sum, |rhs| {
            Propagator::LinearRuns {
                terms: terms.clone(),
                runs: vec![3, 1],
                rhs,
                memo: RunMemo::new(2),
            }
        });
    }

    #[test]
    fn a_shifted_union_is_the_or_of_every_shift() {
        let naive = |x: u128, offsets: u128, left: bool| {
            (0..128)
                .filter(|t| offsets >> t & 1 == 1)
                .fold(0u128, |acc, t| acc | if left { x << t } else { x >> t })
        };
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..2000 {
            let x = (next() as u128) << (next() % 64) | next() as u128;
            let (a, k) = (next() % 100, 1 + next() % 28);
            let interval = (u128::MAX >> (128 - k)) << a;
            let scattered = (next() as u128) & (next() as u128) << 3;
            for offsets in [0, interval, scattered, interval | 1 << 127] {
                for left in [true, false] {
                    assert_eq!(shifted_union(x, offsets, left), naive(x, offsets, left));
                }
            }
        }
    }

    #[test]
    fn an_equality_over_two_runs_of_two_with_a_negative_term_keeps_the_values_of_its_solutions() {
        // x0 + x1 + x2 − x3 = rhs (an arrow's shape) with x0 ≠ x1 and x2 ≠ x3, brute force: the
        // two-cell runs and the last term's coefficient other than 1.
        let terms = vec![(1, 0), (1, 1), (1, 2), (-1, 3)];
        let peers = vec![vec![1], vec![0], vec![3], vec![2]];
        assert_eq!(distinct_runs(&terms, &peers), vec![2, 2]);
        let sum = |x: &[i64]| {
            if x[0] != x[1] && x[2] != x[3] {
                x[0] + x[1] + x[2] - x[3]
            } else {
                -100
            }
        };
        brute_force(0x0fed_cba9_8765_4321, -4, 24, sum, |rhs| {
            Propagator::LinearRuns {
                terms: terms.clone(),
                runs: vec![2, 2],
                rhs,
                memo: RunMemo::new(2),
            }
        });
    }

    /// On 300 pseudo-random masks of four cells over 1..9 and right-hand sides `low..low + span`
    /// (one rule per right-hand side, revised on every mask drawn with it), the rule keeps
    /// exactly the values of the assignments x with `sum(x) == rhs` (and fails when a cell
    /// keeps none).
    fn brute_force(
        mut seed: u64,
        low: i64,
        span: u64,
        sum: impl Fn(&[i64]) -> i64,
        rule: impl Fn(i64) -> Propagator,
    ) {
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut rules = std::collections::HashMap::new();
        for _ in 0..300 {
            let masks: Vec<u64> = (0..4).map(|_| next() & 0x1ff | 1 << (next() % 9)).collect();
            let rhs = low + (next() % span) as i64;
            let mut keep = [0u64; 4];
            for v in 0..9usize.pow(4) {
                let x: Vec<i64> = (0..4).map(|j| (v / 9usize.pow(j) % 9) as i64 + 1).collect();
                let fits = (0..4).all(|j| masks[j] >> (x[j] - 1) & 1 == 1);
                if fits && sum(&x) == rhs {
                    (0..4).for_each(|j| keep[j] |= 1 << (x[j] - 1));
                }
            }
            // One rule per right-hand side, used again on other masks (its memo, if any, too).
            let rule = rules.entry(rhs).or_insert_with(|| rule(rhs));
            let mut out = Vec::new();
            if keep.contains(&0) {
                assert!(rule.revise(&masks, &mut out).is_err());
                continue;
            }
            assert!(rule.revise(&masks, &mut out).is_ok());
            let mut got = masks.clone();
            for (c, gone) in out {
                got[c as usize] &= !gone;
            }
            assert_eq!(got, keep, "{masks:?} = {rhs}");
        }
    }

    #[test]
    fn bounds_narrow_a_sum() {
        // x0 + x1 + x2 ≤ 6 over 1..9: each is at most 4 (bounds reasoning is exact for ≤).
        let rule = Propagator::Linear {
            terms: vec![(1, 0), (1, 1), (1, 2)],
            relation: Relation::Le,
            rhs: 6,
        };
        let mut out = Vec::new();
        assert!(rule.revise(&[0x1ff; 3], &mut out).is_ok());
        assert_eq!(out, vec![(0, 0x1f0), (1, 0x1f0), (2, 0x1f0)]);
        // x0 + x1 + x2 = 24 over 1..9 (the partial-sum GAC): each is at least 6.
        let rule = Propagator::Linear {
            terms: vec![(1, 0), (1, 1), (1, 2)],
            relation: Relation::Eq,
            rhs: 24,
        };
        let mut out = Vec::new();
        assert!(rule.revise(&[0x1ff; 3], &mut out).is_ok());
        out.sort_unstable();
        assert_eq!(out, vec![(0, 0b11111), (1, 0b11111), (2, 0b11111)]);
    }

    #[test]
    fn a_table_keeps_supported_values() {
        // the pairs |a − b| = 1, b fixed to 5.
        let allowed: Vec<u64> = (1..=9i64)
            .map(|u| {
                [u - 1, u + 1]
                    .into_iter()
                    .filter(|w| (1..=9).contains(w))
                    .fold(0, |m, w| m | 1 << (w - 1))
            })
            .collect();
        let rule = Propagator::Pairs {
            a: 0,
            b: 1,
            allowed,
        };
        let mut out = Vec::new();
        assert!(rule.revise(&[0x1ff, 1 << 4], &mut out).is_ok());
        assert_eq!(out, vec![(0, 0x1ff & !(1 << 3 | 1 << 5))]);
    }
}
