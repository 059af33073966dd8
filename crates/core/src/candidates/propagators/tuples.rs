//! Allowed-tuples tables, by generalised arc consistency: a tuple is still possible when each
//! of its values is a candidate of its cell; a cell keeps the values some possible tuple gives
//! it.

use super::{shrink, Wiped};

/// Generalised arc consistency on an allowed-tuples table.
pub(super) fn tuples(
    cells: &[u32],
    allowed: &[Vec<u8>],
    cand: &[u64],
    out: &mut Vec<(u32, u64)>,
) -> Result<(), Wiped> {
    let masks: Vec<u64> = cells.iter().map(|&c| cand[c as usize]).collect();
    let mut keep = vec![0u64; cells.len()];
    for row in allowed {
        let possible = row.iter().zip(&masks).all(|(&v, &m)| m >> (v - 1) & 1 == 1);
        if possible {
            for (k, &v) in keep.iter_mut().zip(row) {
                *k |= 1 << (v - 1);
            }
        }
    }
    let revised: Vec<(u32, u64, u64)> = cells
        .iter()
        .zip(&masks)
        .zip(&keep)
        .map(|((&c, &m), &k)| (c, m, k))
        .collect();
    shrink(&revised, out)
}
