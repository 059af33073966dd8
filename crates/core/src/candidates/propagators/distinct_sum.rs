//! Sums over cells that must hold different values ([`crate::rules::primitive::distinct_sums`]):
//! digit-set reasoning. A digit set D (|D| cells, Σ D = S) is still possible when the cells can
//! be matched to its digits one to one within their candidates; a cell keeps the values it takes
//! in some such matching of some possible D (generalised arc consistency of the sum). A digit in
//! every possible D is one the sum must use: it is removed from every cell outside the sum that
//! sees all the sum's cells still able to hold it. The possible sets are one bit set over the
//! subsets of the digits ([`SubsetTable`]) on grids up to 9, matched by dynamic programming over
//! subsets ([`Matcher`]).

use super::{Wiped, MAX_SUM_CELLS};

/// Digit-set reasoning on a distinct sum (module documentation). Works on the stack: a distinct sum has at most
/// [`MAX_SUM_CELLS`] cells.
pub(super) fn distinct_sum(
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
pub(super) const SUBSET_DIGITS: usize = 9;
/// Words of a bit set over the subsets of [`SUBSET_DIGITS`] digits.
pub(super) const SUBSET_WORDS: usize = 1 << (SUBSET_DIGITS - 6);

/// A family of digit sets as one bit set over every subset of the digits (bit S: the set whose
/// digits are the bits of S).
#[derive(Clone)]
pub(crate) struct SubsetTable([u64; SUBSET_WORDS]);

/// In-word masks of the subsets S without digit d (d < 6): bit b is set when b's bit d is 0.
pub(super) const WITHOUT: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0f0f_0f0f_0f0f_0f0f,
    0x00ff_00ff_00ff_00ff,
    0x0000_ffff_0000_ffff,
    0x0000_0000_ffff_ffff,
];

/// {S ∪ {d} : S ∈ family, d ∉ S}.
pub(super) fn with_digit(family: &[u64; SUBSET_WORDS], d: usize) -> [u64; SUBSET_WORDS] {
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
pub(super) fn without_digit(family: &[u64; SUBSET_WORDS], d: usize) -> [u64; SUBSET_WORDS] {
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
    pub(super) fn of(sets: &[u64]) -> SubsetTable {
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
    pub(super) fn supports(&self, masks: &[u64], support: &mut [u64]) -> Option<u64> {
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
pub(super) fn digits(m: u64) -> impl Iterator<Item = usize> {
    crate::mask::values(m).map(|v| usize::from(v) - 1)
}

/// Perfect matchings of a distinct sum's cells (in order) to the digits of one set, by dynamic
/// programming over subsets of the set: bit S of `head` says the first |S| cells can take
/// exactly the digits S, bit S of `tail` that the last |S| cells can.
pub(super) struct Matcher {
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
pub(super) fn bit(words: &[u64], s: usize) -> bool {
    words[s >> 6] >> (s & 63) & 1 == 1
}

/// Sets bit `s` of a bit set in words to `on`.
pub(super) fn put(words: &mut [u64], s: usize, on: bool) {
    let w = &mut words[s >> 6];
    *w = (*w & !(1u64 << (s & 63))) | (on as u64) << (s & 63);
}

impl Matcher {
    /// Adds to `support[j]` every digit cell j takes in some matching of the cells to `set`;
    /// false when there is no matching.
    pub(super) fn supports(&mut self, masks: &[u64], set: u64, support: &mut [u64]) -> bool {
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
pub(super) fn small_supports(masks: &[u64], digits: &[u64], support: &mut [u64]) -> bool {
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
