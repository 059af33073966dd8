//! The sightline primitive (outside clues, [`crate::rules::sightline`]): a value stays in a
//! cell of the line only if some completion of the line's candidates (different values, in
//! line order up to the prefix that settles the measure) satisfies the clue; generalised arc
//! consistency of the clue, found by a depth-first walk. A walk that would visit more than
//! [`BUDGET`] partial lines removes nothing (an open line early in a search); the walk over a
//! line whose cells are all placed is one path, so a broken clue is always seen.

use super::Wiped;
use crate::rules::primitive::Sightline;

/// The most partial lines one revision visits.
pub(super) const BUDGET: usize = 20_000;

/// Appends the values no satisfying completion uses; [`Wiped`] when there is none.
pub(super) fn sightline(
    line: &Sightline,
    cells: &[u32],
    cand: &[u64],
    out: &mut Vec<(u32, u64)>,
) -> Result<(), Wiped> {
    let candidates: Vec<u64> = cells.iter().map(|&c| cand[c as usize]).collect();
    let Some(support) = line.supports(&candidates, BUDGET) else {
        return Ok(());
    };
    if support.contains(&0) {
        return Err(Wiped);
    }
    for ((&c, &have), &keep) in cells.iter().zip(&candidates).zip(&support) {
        if have & !keep != 0 {
            out.push((c, have & !keep));
        }
    }
    Ok(())
}
