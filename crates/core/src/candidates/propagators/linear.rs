//! Linear propagators. Σ aᵢ·xᵢ (=, ≤, ≥) b by bounds reasoning: with lᵢ, uᵢ the least and
//! greatest value of aᵢ·xᵢ over xᵢ's candidates, L = Σ lᵢ and U = Σ uᵢ, a term must satisfy
//! aᵢ·xᵢ ≤ b − (L − lᵢ) (for = and ≤) and aᵢ·xᵢ ≥ b − (U − uᵢ) (for = and ≥), repeated to a
//! fixpoint. An equality whose partial sums fit one word is revised exactly over them
//! ([`linear_gac`]); a relation over two cells is revised exactly too (arc consistency: a value
//! stays only with a partner value that satisfies the relation).

use super::{shrink, term_range, values, Wiped};
use crate::rules::primitive::Relation;

/// Bounds reasoning on Σ aᵢ·xᵢ (relation) b, to a fixpoint on local copies of the masks.
pub(super) fn bounds(
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
pub(super) fn span(a: i64, mask: u64) -> i64 {
    let (lo, hi) = term_range(a, mask);
    hi - lo
}

/// Whether the partial sums of an equality fit one `u128` (offset from their least value):
/// then [`linear_gac`] applies.
pub(super) fn sums_fit(terms: &[(i64, u32)], cand: &[u64]) -> bool {
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
pub(super) fn linear_gac(
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

/// Arc consistency on a·x + b·y (relation) r.
pub(super) fn pair_linear(
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
