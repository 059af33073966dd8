//! Sukaku Explainer's direct locked candidates: a pointing (Direct Pointing, 1.7) or claiming
//! (Direct Claiming, 1.9) pattern counts only when its removals leave, at once, one place for
//! the value in another house C of the first house's kind; that hidden single is the step.
//!
//! As LP rows: the places of v in house A all lie in house B, so row (A, v) minus row (B, v)
//! proves x_cv ≤ 0 for each cell c of B outside A (the removals inside C are the step's
//! eliminations, each with that certificate); C's row (C, v) then has one open column left,
//! which is the placement. As in Sukaku Explainer, the pattern's other removals are not made.

use super::grid::Candidates;
use super::locked::{first_pattern, is_block};
use super::memo::Memo;
use super::step::{cell_list, plus_minus, ModelRow, Step};
use super::technique::Technique;
use std::mem::discriminant;

/// The first direct pointing (`pointing = true`) or direct claiming pattern.
fn direct(g: &Candidates, memo: &Memo, pointing: bool) -> Option<Step> {
    first_pattern(g, memo, pointing, |table, ab, v, places| {
        single_after(g, table, ab, v, places)
    })
}

/// The hidden single that removing v from B outside A leaves in a house C of A's kind.
/// (`table`: the grid's [`PlaceTable::masks`](super::grid::PlaceTable::masks).)
fn single_after(
    g: &Candidates,
    table: &[u64],
    (a, b): (usize, usize),
    v: u8,
    places: &[usize],
) -> Option<Step> {
    let (house_a, house_b) = (&g.houses[a], &g.houses[b]);
    // A cell is in house H when H is among its houses (a list of two or three).
    let removed_by = |c: usize| g.houses_of[c].contains(&b) && !g.houses_of[c].contains(&a);
    // Only a house C holding a removed place can gain a single: the houses of A's kind of
    // the open cells of B outside A holding v, in index order.
    let mut houses_c: Vec<usize> = Vec::new();
    for &d in &house_b.cells {
        if g.value[d] != 0 || !g.has(d, v) || !removed_by(d) {
            continue;
        }
        for &c in &g.houses_of[d] {
            let same_kind = discriminant(&g.houses[c].kind) == discriminant(&house_a.kind);
            if c != a && same_kind && !houses_c.contains(&c) {
                houses_c.push(c);
            }
        }
    }
    houses_c.sort_unstable();
    for c in houses_c {
        let house_c = &g.houses[c];
        let in_c = table[c * g.n + v as usize - 1];
        if in_c.count_ones() < 2 {
            continue;
        }
        let (mut removed, mut left) = (0usize, None);
        for d in g.cells_at(c, in_c) {
            if removed_by(d) {
                removed += 1;
            } else if left.replace(d).is_some() {
                removed = 0;
                break;
            }
        }
        let (Some(single), true) = (left, removed > 0) else {
            continue;
        };
        let removed: Vec<usize> = g.cells_at(c, in_c).filter(|&d| removed_by(d)).collect();
        let technique = if is_block(house_a.kind) {
            Technique::DirectPointing
        } else {
            Technique::DirectClaiming
        };
        let mut s = Step::new(
            technique,
            format!(
                "in {}, {v} can only be in {} which lie in {}: no other cell of {} holds {v}, \
                 so {v} has one place left in {}: {}",
                house_a.kind,
                cell_list(g, places),
                house_b.kind,
                house_b.kind,
                house_c.kind,
                g.cell(single)
            ),
        );
        s.placements = vec![(single, v)];
        s.eliminations = removed.iter().map(|&d| (d, v)).collect();
        s.cells = places.to_vec();
        s.cells.push(single);
        s.houses = vec![a, b, c];
        s.argument = plus_minus([ModelRow::House(b, v)], [ModelRow::House(a, v)]);
        return Some(s);
    }
    None
}

/// Direct Pointing: a box's (region's) places of v in one line give a hidden single in
/// another box.
pub fn direct_pointing(g: &Candidates) -> Option<Step> {
    direct(g, &Memo::off(), true)
}

/// [`direct_pointing`], the grid's places read from `memo`'s table.
pub fn direct_pointing_with(g: &Candidates, memo: &Memo) -> Option<Step> {
    direct(g, memo, true)
}

/// Direct Claiming: a line's places of v in one box give a hidden single in another line of
/// the same kind.
pub fn direct_claiming(g: &Candidates) -> Option<Step> {
    direct(g, &Memo::off(), false)
}

/// [`direct_claiming`], the grid's places read from `memo`'s table.
pub fn direct_claiming_with(g: &Candidates, memo: &Memo) -> Option<Step> {
    direct(g, memo, false)
}
