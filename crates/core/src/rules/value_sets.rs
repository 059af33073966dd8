//! The set-of-values primitive ([`super::Primitive::ValueSets`]): the cells of a line hold
//! pairwise different values, and the set of their values is one of a list.
//!
//! ```text
//! renban of L cells:  the windows {w, w+1, …, w+L−1},  w = 1..n−L+1        (n − L + 1 sets)
//! nabner of L cells:  the L-sets of 1..n with no two consecutive values     (C(n−L+1, L) sets)
//! ```
//!
//! The binary model's strong form chooses one set (a binary y_S per set, Σ_S y_S = 1, and
//! Σ_{c ∈ line} x_{c,v} = Σ_{S ∋ v} y_S for every value v: the convex hull of the line's value
//! set); its weak form, and every engine that has no set reasoning, reads the equivalent pair
//! tables ([`SetChoice::pairs`]).
//!
//! The lists the rules build are *closed under pairs*: a set of L different values every two of
//! which lie together in some listed set is itself listed (two values of a renban's line at most
//! L − 1 apart make max − min ≤ L − 1, a window; a nabner's are two or more apart, and every such
//! L-set is listed). So the pair tables say exactly what the list says.

use super::value_set::{ValueSet, MAX_DIGIT_SETS};
use crate::geometry::Cell;

/// The data of a [`super::Primitive::ValueSets`]: `cells` hold different values whose set is
/// one of `sets` (each of `cells.len()` values, the list closed under pairs, module docs).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SetChoice {
    pub tag: String,
    pub cells: Vec<Cell>,
    pub sets: Vec<ValueSet>,
}

/// One allowed-pairs table of a [`SetChoice`]'s pair form: `allowed[u − 1]` is the set of
/// values b may hold when a holds u.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairTable {
    pub tag: String,
    pub a: Cell,
    pub b: Cell,
    pub allowed: Vec<ValueSet>,
}

impl SetChoice {
    /// Whether the placed values (0 = open) are different and lie together in some set.
    pub fn may_hold(&self, values: &[u8]) -> bool {
        let mut placed = ValueSet::default();
        for &v in values.iter().filter(|&&v| v != 0) {
            if placed.contains(v) {
                return false;
            }
            placed.insert(v);
        }
        self.sets.iter().any(|s| s.0 & placed.0 == placed.0)
    }

    /// The equivalent pair tables, one for every two cells (`{tag}_{a}_{b}`): (u, w) is allowed
    /// when u ≠ w and some set holds both. Exact because the list is closed under pairs.
    pub fn pairs(&self, n: usize) -> Vec<PairTable> {
        let table: Vec<ValueSet> = (1..=n as u8)
            .map(|u| {
                let with_u = self
                    .sets
                    .iter()
                    .filter(|s| s.contains(u))
                    .fold(0u64, |acc, s| acc | s.0);
                ValueSet(with_u & !ValueSet::of([u]).0)
            })
            .collect();
        let mut out = Vec::new();
        for (i, &a) in self.cells.iter().enumerate() {
            for &b in &self.cells[i + 1..] {
                out.push(PairTable {
                    tag: format!("{}_{}", self.tag, super::pair_tag(a, b)),
                    a,
                    b,
                    allowed: table.clone(),
                });
            }
        }
        out
    }
}

/// The windows of `len` consecutive values of 1..=n: {w, …, w + len − 1}.
pub fn windows(n: usize, len: usize) -> Vec<ValueSet> {
    (1..=(n + 1).saturating_sub(len))
        .map(|w| ValueSet::of((w..w + len).map(|v| v as u8)))
        .collect()
}

/// How many `len`-sets of 1..=n have no two consecutive values: C(n − len + 1, len), saturating.
pub fn spread_count(n: usize, len: usize) -> u64 {
    if len == 0 || len > n.div_ceil(2) {
        return u64::from(len == 0);
    }
    let top = (n + 1 - len) as u64;
    let k = len as u64;
    (0..k).fold(1u64, |acc, i| acc.saturating_mul(top - i) / (i + 1))
}

/// Every `len`-set of 1..=n with no two consecutive values, or `None` when there are more than
/// [`MAX_DIGIT_SETS`] (then the rule keeps its pair tables).
pub fn spread_sets(n: usize, len: usize) -> Option<Vec<ValueSet>> {
    if spread_count(n, len) > MAX_DIGIT_SETS {
        return None;
    }
    fn walk(next: usize, n: usize, left: usize, chosen: u64, out: &mut Vec<ValueSet>) {
        if left == 0 {
            out.push(ValueSet(chosen));
            return;
        }
        for v in next..=n {
            walk(v + 2, n, left - 1, chosen | 1 << (v - 1), out);
        }
    }
    let mut out = Vec::new();
    walk(1, n, len, 0, &mut out);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every len-set of 1..=n whose every two values lie in one set of `sets`.
    fn pair_closure(n: usize, len: usize, sets: &[ValueSet]) -> Vec<ValueSet> {
        let together = |u: u8, w: u8| sets.iter().any(|s| s.contains(u) && s.contains(w));
        (0u64..1 << n)
            .filter(|m| m.count_ones() as usize == len)
            .map(ValueSet)
            .filter(|s| {
                let vs: Vec<u8> = s.values().collect();
                vs.iter()
                    .enumerate()
                    .all(|(i, &u)| vs[i + 1..].iter().all(|&w| together(u, w)))
            })
            .collect()
    }

    #[test]
    fn windows_and_spread_sets_are_closed_under_pairs() {
        for n in [4, 6, 8, 9, 10] {
            for len in 1..=n {
                let mut w = windows(n, len);
                w.sort_by_key(|s| s.0);
                assert_eq!(pair_closure(n, len, &w), w, "windows n={n} len={len}");
                if len <= n.div_ceil(2) {
                    let mut s = spread_sets(n, len).unwrap();
                    assert_eq!(s.len() as u64, spread_count(n, len));
                    s.sort_by_key(|s| s.0);
                    assert_eq!(pair_closure(n, len, &s), s, "spread n={n} len={len}");
                }
            }
        }
    }

    #[test]
    fn a_renban_of_three_keeps_its_pairs_within_two() {
        let cells: Vec<Cell> = (0..3).map(|col| Cell { row: 0, col }).collect();
        let choice = SetChoice {
            tag: "renban1".into(),
            cells,
            sets: windows(9, 3),
        };
        let pairs = choice.pairs(9);
        assert_eq!(pairs.len(), 3);
        assert_eq!(pairs[0].tag, "renban1_r1c1_r1c2");
        let of_five: Vec<u8> = pairs[0].allowed[4].values().collect();
        assert_eq!(of_five, vec![3, 4, 6, 7]);
        assert!(choice.may_hold(&[4, 0, 6]));
        assert!(!choice.may_hold(&[4, 0, 7]));
        assert!(!choice.may_hold(&[4, 4, 0]));
    }
}
