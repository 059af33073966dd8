//! Sukaku Explainer's direct hidden subsets: a hidden pair (Direct Hidden Pair, 2.0) or triple
//! (Direct Hidden Triplet, 2.5) counts only when removing the other values from its cells
//! leaves, at once, one place in the same house for a value outside the subset; that hidden
//! single is the step.
//!
//! As LP rows: k values whose places in house H are k cells, so the k house-value rows minus
//! the k cell rows prove x_cw ≤ 0 for every other value w in those cells (the removals of the
//! single's value w are the step's eliminations, each with that certificate); row (H, w) then
//! has one open column left, which is the placement. As in Sukaku Explainer, the subset's
//! other removals are not made, and each value of the subset has at least two places.

use super::grid::{bit, Candidates};
use super::memo::{house_key, Memo, Part};
use super::step::{cell_list, plus_minus, value_list, ModelRow, Step};
use super::subsets::small_unions;
use super::technique::Technique;
use smallvec::SmallVec;

/// The first direct hidden subset of size k (2 or 3), skipping a house whose cells are as they
/// were when it found nothing before (`memo`, [`Part::DirectHidden`]): each house reads only its
/// own cells.
fn direct_hidden(g: &Candidates, k: usize, memo: &Memo) -> Option<Step> {
    let mut key = Vec::new();
    let table = memo.place_table(g);
    for (h, house) in g.houses.iter().enumerate() {
        let open = house.cells.iter().filter(|&&c| g.value[c] == 0).count();
        if open <= k {
            continue;
        }
        house_key(g, h, memo, &mut key);
        let part = Part::DirectHidden { size: k, house: h };
        if memo.found_nothing(part, &key) {
            continue;
        }
        // The places of every value as masks over the house's cells (index v − 1).
        let masks = table.house(h).places;
        let vals: SmallVec<[u8; 16]> = (1..=g.n as u8)
            .filter(|&v| (2..=k as u32).contains(&masks[v as usize - 1].count_ones()))
            .collect();
        let found = small_unions(&vals, k, |v| masks[v as usize - 1], &mut |vs: &[u8]| {
            let union = vs.iter().fold(0u64, |m, &v| m | masks[v as usize - 1]);
            if union.count_ones() as usize != k {
                return None;
            }
            let (single, w) = single_after(&masks[..g.n], vs, union)?;
            let cells: Vec<usize> = g.cells_at(h, union).collect();
            let mut sorted = cells.clone();
            sorted.sort_unstable();
            Some((vs.to_vec(), sorted, (house.cells[single], w)))
        });
        let Some((vs, cells, (single, w))) = found else {
            memo.record_nothing(part, &key);
            continue;
        };
        let technique = if k == 2 {
            Technique::DirectHiddenPair
        } else {
            Technique::DirectHiddenTriplet
        };
        let mask = vs.iter().fold(0u64, |m, &v| m | bit(v));
        let mut s = Step::new(
            technique,
            format!(
                "in {}, {} can only be in {}: those cells lose {w}, so {w} has one place \
                     left in {}: {}",
                house.kind,
                value_list(mask),
                cell_list(g, &cells),
                house.kind,
                g.cell(single)
            ),
        );
        s.placements = vec![(single, w)];
        s.eliminations = cells
            .iter()
            .filter(|&&c| g.has(c, w))
            .map(|&c| (c, w))
            .collect();
        s.argument = plus_minus(
            cells.iter().map(|&c| ModelRow::Cell(c)),
            vs.iter().map(|&v| ModelRow::House(h, v)),
        );
        s.cells = cells;
        s.cells.push(single);
        s.houses = vec![h];
        return Some(s);
    }
    None
}

/// The (position in the house, value) of a hidden single in a house once the subset `vs`
/// holds the cells of `union` (`masks`: the places of each value in the house, index v − 1):
/// a value outside the subset with at least two places, all but one of them in `union`.
fn single_after(masks: &[u64], vs: &[u8], union: u64) -> Option<(usize, u8)> {
    (1..=masks.len() as u8)
        .filter(|w| !vs.contains(w))
        .find_map(|w| {
            let places = masks[w as usize - 1];
            let left = places & !union;
            (places.count_ones() > 1 && left.count_ones() == 1)
                .then(|| (left.trailing_zeros() as usize, w))
        })
}

/// Direct Hidden Pair.
pub fn direct_hidden_pair(g: &Candidates) -> Option<Step> {
    direct_hidden(g, 2, &Memo::off())
}

/// Direct Hidden Pair, with the path's memo ([`Part::DirectHidden`]).
pub fn direct_hidden_pair_with(g: &Candidates, memo: &Memo) -> Option<Step> {
    direct_hidden(g, 2, memo)
}

/// Direct Hidden Triplet.
pub fn direct_hidden_triplet(g: &Candidates) -> Option<Step> {
    direct_hidden(g, 3, &Memo::off())
}

/// Direct Hidden Triplet, with the path's memo ([`Part::DirectHidden`]).
pub fn direct_hidden_triplet_with(g: &Candidates, memo: &Memo) -> Option<Step> {
    direct_hidden(g, 3, memo)
}
