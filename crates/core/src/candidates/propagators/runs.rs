//! Equalities over runs of cells that must differ ([`runs_gac`]): the partial sums of a run are
//! those of its assignments of different values, shifted over intervals of offsets by doubling
//! ([`shifted_union`]), and remembered per run while its candidates repeat ([`RunMemo`]).

use super::{term_range, values, Wiped};
use crate::mask::single_bits;
use std::cell::RefCell;

/// Longest runs of a run of distinct cells in [`runs_gac`] (its tuples are enumerated).
pub(super) const MAX_RUN: usize = 3;
// [`run_prefixes`] enumerates the first two terms of a run.
const _: () = assert!(MAX_RUN == 3);
/// Equalities with more terms than this keep [`linear_gac`] (runs_gac works on the stack).
pub(super) const MAX_RUN_TERMS: usize = 16;

/// Splits the terms, in order, into runs of at most [`MAX_RUN`] consecutive cells that are
/// pairwise peers (must differ); returns the run lengths.
pub(super) fn distinct_runs(terms: &[(i64, u32)], peers: &[Vec<usize>]) -> Vec<usize> {
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
pub(super) fn offset_set(a: i64, low: i64, m: u64) -> u128 {
    if a == 1 {
        // Value v is bit v − 1 of m; its offset v − l is that bit moved by 1 − l.
        ((m as u128) << 1) >> low
    } else {
        values(m).fold(0, |acc, v| acc | 1u128 << (a * v - low))
    }
}

/// The values of `m` whose offsets a·v − l are in `offsets` (the inverse of [`offset_set`]).
pub(super) fn values_at(a: i64, low: i64, m: u64, offsets: u128) -> u64 {
    if a == 1 {
        ((offsets << low) >> 1) as u64 & m
    } else {
        values(m)
            .filter(|&v| offsets >> (a * v - low) & 1 != 0)
            .fold(0, |acc, v| acc | 1 << (v - 1))
    }
}

/// Every assignment of different values to all terms of a run but its last (a run has at most
/// [`MAX_RUN`] terms): calls `visit` with the offset sum Σ (aᵢ·vᵢ − lᵢ), the values used and
/// the value bit of each term.
pub(super) fn run_prefixes<F: FnMut(i64, u64, &[u64])>(
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
pub(super) fn run_support(
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
pub(super) const MEMO_SLOTS: usize = 64;

/// One remembered [`run_support`] of all sums: the run's candidates, its sums and values.
#[derive(Clone, Copy, Default)]
pub(super) struct RunSupport {
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
    pub(super) fn support(
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
pub(super) fn shifted_union(x: u128, offsets: u128, left: bool) -> u128 {
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
pub(super) fn runs_gac(
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
