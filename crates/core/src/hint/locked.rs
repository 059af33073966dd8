//! Locked candidates: when the places of v in house A all lie in house B, no other cell of B
//! holds v. Pointing when A is a box or region, claiming otherwise. As LP rows: row (A, v)
//! minus row (B, v) leaves −x_cv for each cell c of B outside A, and right-hand side 0.

use super::grid::Candidates;
use super::memo::Memo;
use super::step::{cell_list, plus_minus, removals, ModelRow, Step};
use super::technique::Technique;
use crate::puzzle::HouseKind;

/// Whether a house of this kind is a box or a region (a pointing pattern's first house).
pub(super) fn is_block(kind: HouseKind) -> bool {
    matches!(kind, HouseKind::Box(_) | HouseKind::Region(_))
}

/// The first `found` gives over the locked patterns: houses A (a box or region when
/// `pointing`, else any other) and B ≠ A and a value v whose two or more places in A all lie
/// in B, in the order of A, v, B. `found` sees the grid's [`PlaceTable::masks`](super::grid::PlaceTable::masks), (A, B), v and the
/// places.
pub(super) fn first_pattern<T>(
    g: &Candidates,
    memo: &Memo,
    pointing: bool,
    mut found: impl FnMut(&[u64], (usize, usize), u8, &[usize]) -> Option<T>,
) -> Option<T> {
    let places_table = memo.place_table(g);
    let table = places_table.masks();
    // One list of places, refilled for each (A, v): no allocation per pattern.
    let mut places: Vec<usize> = Vec::with_capacity(g.n);
    for (a, house) in g.houses.iter().enumerate() {
        if is_block(house.kind) != pointing {
            continue;
        }
        for v in 1..=g.n as u8 {
            let mask = table[a * g.n + v as usize - 1];
            if mask.count_ones() < 2 {
                continue;
            }
            // The houses B holding every place (two or more): those sharing with A a set of
            // cells that holds them, ascending.
            places.clear();
            for &(b, shared) in g.overlaps(a) {
                if mask & !shared != 0 {
                    continue;
                }
                if places.is_empty() {
                    places.extend(g.cells_at(a, mask));
                }
                if let Some(t) = found(table, (a, b), v, &places) {
                    return Some(t);
                }
            }
        }
    }
    None
}

/// The first pointing (`pointing = true`) or claiming pattern that removes something.
fn locked(g: &Candidates, memo: &Memo, pointing: bool) -> Option<Step> {
    first_pattern(g, memo, pointing, |table, (a, b), v, places| {
        // v's places in B outside A: none, nothing to remove.
        let in_a = g
            .overlaps(b)
            .iter()
            .find(|(h, _)| *h == a)
            .map_or(0, |(_, m)| *m);
        if table[b * g.n + v as usize - 1] & !in_a == 0 {
            return None;
        }
        let outside = g.houses[b]
            .cells
            .iter()
            .copied()
            .filter(|&c| !g.houses_of[c].contains(&a));
        let elim = removals(g, outside, v);
        if elim.is_empty() {
            return None;
        }
        let technique = if pointing {
            Technique::Pointing
        } else {
            Technique::Claiming
        };
        let mut s = Step::new(
            technique,
            format!(
                "in {}, {v} can only be in {} which lie in {}: no other cell of {} holds {v}",
                g.houses[a].kind,
                cell_list(g, places),
                g.houses[b].kind,
                g.houses[b].kind
            ),
        );
        s.eliminations = elim;
        s.cells = places.to_vec();
        s.houses = vec![a, b];
        s.argument = plus_minus([ModelRow::House(b, v)], [ModelRow::House(a, v)]);
        Some(s)
    })
}

/// Pointing: a box's (region's) places of v in one line.
pub fn pointing(g: &Candidates) -> Option<Step> {
    locked(g, &Memo::off(), true)
}

/// [`pointing`], the grid's places read from `memo`'s table.
pub fn pointing_with(g: &Candidates, memo: &Memo) -> Option<Step> {
    locked(g, memo, true)
}

/// Claiming: a line's places of v in one box (or any other house).
pub fn claiming(g: &Candidates) -> Option<Step> {
    locked(g, &Memo::off(), false)
}

/// [`claiming`], the grid's places read from `memo`'s table.
pub fn claiming_with(g: &Candidates, memo: &Memo) -> Option<Step> {
    locked(g, memo, false)
}
