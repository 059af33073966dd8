//! Sets of three or four cells given by tables (between and lockout lines, quadruples).
//!
//! **Lines between two ends** (between, lockout): the rules lower a line to one table per
//! middle cell m over (a, b, m), a and b the ends, and a lockout adds a pair table on (a, b).
//! Here the tables that share their first two cells are one constraint again, a star around
//! the ends: given the ends' values (u, w), the middle cells are independent, so
//!
//! ```text
//! (u, w) stays  ⇔  (u, w) is allowed by the pair tables on (a, b) and
//!                  every middle cell m has a candidate t with (u, w, t) in its table
//! m keeps t     ⇔  (u, w, t) is in m's table for some (u, w) that stays
//! ```
//!
//! is generalised arc consistency of the whole line (O(n² · middle cells) with one value mask
//! per (u, w) and middle cell), stronger than each table alone: with a = 5, b ∈ {1, 9}, one
//! middle cell ∈ {3} and another ∈ {7}, each between-table has a support (b = 1, b = 9) but
//! the line has none.
//!
//! **A table** (a quadruple): generalised arc consistency on its rows ([`tuples`]), which *is*
//! the quadruple's reasoning on its own cells (a value listed k times needs k places among the
//! candidates: the rows that lack them are not possible). Beyond its cells, a value that every
//! possible row holds must be placed in the table's cells: it leaves every other cell that sees
//! all the table's cells still able to hold it (a quadruple of 1, 2, 3, 4 inside one box
//! clears those values from the rest of the box).

use super::{shrink, values, Wiped};

/// A line between two ends: `tables[i]` is middle cell `middles[i]`'s table as one value mask
/// per (u, w) (index (u − 1)·n + w − 1), `ends[u − 1]` the values of b allowed with a = u.
pub(crate) struct Star {
    pub a: u32,
    pub b: u32,
    pub n: usize,
    pub ends: Vec<u64>,
    pub middles: Vec<u32>,
    pub tables: Vec<Vec<u64>>,
}

impl Star {
    /// The star of the tables over (a, b, mᵢ), each `rows` of (u, w, t), with `pairs` (b's
    /// values allowed per value of a) from the pair tables on the ends.
    pub fn new(n: usize, a: u32, b: u32, ends: Vec<u64>, middles: Vec<(u32, &[Vec<u8>])>) -> Star {
        let tables = middles
            .iter()
            .map(|(_, rows)| {
                let mut table = vec![0u64; n * n];
                for row in rows.iter() {
                    let (u, w, t) = (row[0] as usize, row[1] as usize, row[2]);
                    table[(u - 1) * n + w - 1] |= 1 << (t - 1);
                }
                table
            })
            .collect();
        Star {
            a,
            b,
            n,
            ends,
            middles: middles.iter().map(|&(m, _)| m).collect(),
            tables,
        }
    }

    /// Generalised arc consistency of the line (module documentation).
    pub fn revise(&self, cand: &[u64], out: &mut Vec<(u32, u64)>) -> Result<(), Wiped> {
        let (ma, mb) = (cand[self.a as usize], cand[self.b as usize]);
        let (mut keep_a, mut keep_b) = (0u64, 0u64);
        let mut keep: Vec<u64> = vec![0; self.middles.len()];
        for u in values(ma) {
            for w in values(mb & self.ends[u as usize - 1]) {
                let at = (u as usize - 1) * self.n + w as usize - 1;
                let fits = |(m, table): (&u32, &Vec<u64>)| table[at] & cand[*m as usize] != 0;
                if !self.middles.iter().zip(&self.tables).all(fits) {
                    continue;
                }
                keep_a |= 1 << (u - 1);
                keep_b |= 1 << (w - 1);
                for ((k, &m), table) in keep.iter_mut().zip(&self.middles).zip(&self.tables) {
                    *k |= table[at] & cand[m as usize];
                }
            }
        }
        let mut revised = vec![(self.a, ma, keep_a), (self.b, mb, keep_b)];
        for (&m, &k) in self.middles.iter().zip(&keep) {
            revised.push((m, cand[m as usize], k));
        }
        shrink(&revised, out)
    }

    /// The ends, then the middle cells.
    pub fn cells(&self) -> Vec<u32> {
        [self.a, self.b]
            .into_iter()
            .chain(self.middles.iter().copied())
            .collect()
    }
}

/// Generalised arc consistency on an allowed-tuples table, then the values every possible row
/// holds leave the cells outside that see all the table's cells able to hold them (`sees[k]`:
/// the peers of cell k, a bit set over all cells).
pub(super) fn tuples(
    cells: &[u32],
    allowed: &[Vec<u8>],
    sees: &[Vec<u64>],
    cand: &[u64],
    out: &mut Vec<(u32, u64)>,
) -> Result<(), Wiped> {
    let masks: Vec<u64> = cells.iter().map(|&c| cand[c as usize]).collect();
    let mut keep = vec![0u64; cells.len()];
    let mut required = u64::MAX;
    for row in allowed {
        let possible = row.iter().zip(&masks).all(|(&v, &m)| m >> (v - 1) & 1 == 1);
        if possible {
            let mut held = 0u64;
            for (k, &v) in keep.iter_mut().zip(row) {
                *k |= 1 << (v - 1);
                held |= 1 << (v - 1);
            }
            required &= held;
        }
    }
    let revised: Vec<(u32, u64, u64)> = cells
        .iter()
        .zip(&masks)
        .zip(&keep)
        .map(|((&c, &m), &k)| (c, m, k))
        .collect();
    shrink(&revised, out)?;
    for d in values(required) {
        let bit = 1u64 << (d - 1);
        let mut common: Option<Vec<u64>> = None;
        for (k, seen) in keep.iter().zip(sees) {
            if k & bit == 0 {
                continue;
            }
            common = Some(match common {
                None => seen.clone(),
                Some(c) => c.iter().zip(seen).map(|(x, y)| x & y).collect(),
            });
        }
        for (w, &word) in common.unwrap_or_default().iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let j = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if cand[j] & bit != 0 {
                    out.push((j as u32, bit));
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::Propagator;
    use super::*;
    use proptest::prelude::*;

    /// The rows (u, w, t) of 1..=n that `allowed` accepts.
    fn table(n: u8, allowed: impl Fn(u8, u8, u8) -> bool) -> Vec<Vec<u8>> {
        let mut rows = Vec::new();
        for u in 1..=n {
            for w in 1..=n {
                for t in (1..=n).filter(|&t| allowed(u, w, t)) {
                    rows.push(vec![u, w, t]);
                }
            }
        }
        rows
    }

    fn between(u: u8, w: u8, t: u8) -> bool {
        u.min(w) < t && t < u.max(w)
    }

    #[test]
    fn a_line_has_no_support_where_each_middle_cell_has_one() {
        // a = 5, b ∈ {1, 9}, middle cells {3} and {7}.
        let rows = table(9, between);
        let star = Star::new(9, 0, 1, vec![0x1ff; 9], vec![(2, &rows), (3, &rows)]);
        let cand = [1 << 4, 1 | 1 << 8, 1 << 2, 1 << 6];
        assert!(star.revise(&cand, &mut Vec::new()).is_err());
        for m in [2, 3] {
            let alone = Star::new(9, 0, 1, vec![0x1ff; 9], vec![(m, &rows)]);
            let mut out = Vec::new();
            assert!(alone.revise(&cand, &mut out).is_ok());
        }
    }

    #[test]
    fn a_quadruple_of_four_values_in_a_box_clears_them_from_the_rest_of_the_box() {
        // Cells 0..3 must hold 1, 2, 3, 4 (in any order); cell 4 sees all four, cell 5 only cell 0.
        let rows = permutations([1, 2, 3, 4]);
        let sees: Vec<Vec<u64>> = (0..4)
            .map(|k| vec![1 << 4 | if k == 0 { 1 << 5 } else { 0 }])
            .collect();
        let rule = Propagator::Tuples {
            cells: vec![0, 1, 2, 3],
            allowed: rows,
            sees,
        };
        let mut out = Vec::new();
        assert!(rule.revise(&[0x1ff; 6], &mut out).is_ok());
        let mut cand = [0x1ffu64; 6];
        for (c, bits) in out {
            cand[c as usize] &= !bits;
        }
        assert_eq!(cand, [0b1111, 0b1111, 0b1111, 0b1111, 0x1f0, 0x1ff]);
    }

    /// The 24 orders of four values.
    fn permutations(v: [u8; 4]) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        for a in 0..4 {
            for b in (0..4).filter(|&b| b != a) {
                for c in (0..4).filter(|&c| c != a && c != b) {
                    out.push(vec![v[a], v[b], v[c], v[6 - a - b - c]]);
                }
            }
        }
        out
    }

    /// The values of the ends and middles in some assignment from `masks` (a, b, m₁, …) that
    /// `ends` and every middle table allow; `None` when there is none.
    fn brute(
        n: u8,
        masks: &[u64],
        ends: &dyn Fn(u8, u8) -> bool,
        tables: &[&dyn Fn(u8, u8, u8) -> bool],
    ) -> Option<Vec<u64>> {
        let mut seen = vec![0u64; masks.len()];
        let has = |k: usize, v: u8| masks[k] >> (v - 1) & 1 == 1;
        for u in (1..=n).filter(|&u| has(0, u)) {
            for w in (1..=n).filter(|&w| has(1, w) && ends(u, w)) {
                let supports: Vec<u64> = tables
                    .iter()
                    .enumerate()
                    .map(|(i, t)| {
                        (1..=n)
                            .filter(|&x| has(i + 2, x) && t(u, w, x))
                            .fold(0, |m, x| m | 1 << (x - 1))
                    })
                    .collect();
                if supports.contains(&0) {
                    continue;
                }
                seen[0] |= 1 << (u - 1);
                seen[1] |= 1 << (w - 1);
                for (s, m) in seen[2..].iter_mut().zip(&supports) {
                    *s |= m;
                }
            }
        }
        (!seen.contains(&0)).then_some(seen)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn a_star_keeps_exactly_the_values_of_its_solutions(
            n in 4u8..=8,
            kind in 0usize..3,
            middles in 1usize..=3,
            masks in prop::collection::vec(1u64..256, 5),
            gap in 1u8..4,
        ) {
            let full = (1u64 << n) - 1;
            let masks: Vec<u64> = masks[..middles + 2].iter().map(|m| m & full).collect();
            prop_assume!(!masks.contains(&0));
            let lockout = |u: u8, w: u8, t: u8| t < u.min(w) || t > u.max(w);
            let odd = |u: u8, w: u8, t: u8| (u + w + t) % 3 != 0 && t != u;
            let rel: &dyn Fn(u8, u8, u8) -> bool = match kind { 0 => &between, 1 => &lockout, _ => &odd };
            let ends = |u: u8, w: u8| u.abs_diff(w) >= gap;
            let rows = table(n, rel);
            let pairs: Vec<u64> = (1..=n).map(|u| (1..=n).filter(|&w| ends(u, w)).fold(0, |m, w| m | 1 << (w - 1))).collect();
            let star = Star::new(n as usize, 0, 1, pairs, (0..middles).map(|i| (i as u32 + 2, rows.as_slice())).collect());
            let mut out = Vec::new();
            let got = star.revise(&masks, &mut out).ok().map(|()| {
                let mut cand = masks.clone();
                for (c, bits) in &out {
                    cand[*c as usize] &= !bits;
                }
                cand
            });
            let tables: Vec<&dyn Fn(u8, u8, u8) -> bool> = vec![rel; middles];
            prop_assert_eq!(got, brute(n, &masks, &ends, &tables));
        }

        #[test]
        fn a_value_every_row_holds_leaves_only_cells_that_see_all_its_places(
            rows in prop::collection::vec(prop::collection::vec(1u8..=5, 3), 1..12),
            masks in prop::collection::vec(1u64..32, 5),
            sight in prop::collection::vec(0u64..8, 2),
        ) {
            // Cells 0..2 hold the table; cells 3 and 4 see the table's cells in `sight`.
            let sees: Vec<Vec<u64>> = (0..3)
                .map(|k| vec![(0..2).filter(|&j| sight[j] >> k & 1 == 1).fold(0, |m, j| m | 1 << (j + 3))])
                .collect();
            let rule = Propagator::Tuples { cells: vec![0, 1, 2], allowed: rows.clone(), sees };
            let mut out = Vec::new();
            if rule.revise(&masks, &mut out).is_err() {
                let any = rows.iter().any(|r| r.iter().enumerate().all(|(k, &v)| masks[k] >> (v - 1) & 1 == 1));
                prop_assert!(!any);
                return Ok(());
            }
            let possible: Vec<&Vec<u8>> = rows.iter().filter(|r| r.iter().enumerate().all(|(k, &v)| masks[k] >> (v - 1) & 1 == 1)).collect();
            for &(c, bits) in out.iter().filter(|(c, _)| *c >= 3) {
                let j = c as usize - 3;
                for d in 1..=5u8 {
                    if bits >> (d - 1) & 1 == 0 {
                        continue;
                    }
                    // Every possible row puts d in a cell that cell c sees.
                    for r in &possible {
                        let seen_d = r.iter().enumerate().any(|(k, &v)| v == d && sight[j] >> k & 1 == 1);
                        prop_assert!(seen_d, "{d} removed from {c} but row {r:?} keeps it unseen");
                    }
                }
            }
        }
    }
}
