//! Allowed-pairs tables, by arc consistency: u stays in a's candidates only if some candidate w
//! of b has (u, w) allowed, and symmetrically.

use super::{shrink, values, Wiped};

/// Arc consistency on an allowed-pairs table.
pub(super) fn pairs(
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
