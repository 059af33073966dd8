//! Basic fish of size k (X-wing 2, swordfish 3, jellyfish 4) on value v: k base houses of one
//! family (rows, or columns) whose places of v lie in k cover houses of the other family; the
//! cover houses' other cells lose v. As LP rows: the k cover rows (house, v) minus the k base
//! rows (house, v).

use super::grid::{bit, Candidates, HouseRow};
use super::memo::{Memo, Part};
use super::step::{cell_list, plus_minus, removals, ModelRow, Step};
use super::subsets::small_unions;
use super::technique::Technique;
use crate::puzzle::HouseKind;
use smallvec::SmallVec;
use std::cell::OnceCell;

fn technique(k: usize) -> Technique {
    match k {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    }
}

/// The line of `kind`'s other family through a cell: its column for rows, its row for columns.
fn cover_of(g: &Candidates, rows_base: bool, c: usize) -> usize {
    let want = |k: HouseKind| {
        matches!(
            (rows_base, k),
            (true, HouseKind::Col(_)) | (false, HouseKind::Row(_))
        )
    };
    g.houses_of[c]
        .iter()
        .copied()
        .find(|&h| want(g.houses[h].kind))
        .unwrap_or(usize::MAX)
}

/// A fish of size k.
pub fn fish(g: &Candidates, k: usize) -> Option<Step> {
    fish_with(g, k, &Memo::off())
}

/// A fish of size k, skipping a (base family, value) whose value's data are those it found
/// nothing on before (`memo`, [`Part::Fish`]): each such part reads only its value's places.
pub fn fish_with(g: &Candidates, k: usize, memo: &Memo) -> Option<Step> {
    let keys = memo.value_keys(g);
    let table = memo.place_table(g);
    for rows_base in [true, false] {
        // Each cover house's bit (its rank among the houses of the cover family).
        let mut cover_bit = vec![0u64; g.houses.len()];
        let covers_family = (0..g.houses.len()).filter(|&h| match g.houses[h].kind {
            HouseKind::Row(_) => !rows_base,
            HouseKind::Col(_) => rows_base,
            _ => false,
        });
        for (i, h) in covers_family.enumerate().take(64) {
            cover_bit[h] = 1 << i;
        }
        // Each cell's cover house's bit (`None`: a cell outside the cover family).
        let cover_at: Vec<Option<u64>> = (0..g.n * g.n)
            .map(|c| match cover_bit.get(cover_of(g, rows_base, c)) {
                Some(&b) if b != 0 => Some(b),
                _ => None,
            })
            .collect();
        // The base family's houses with every value's places (read once a value is searched).
        let lines = OnceCell::new();
        let lines = || {
            lines.get_or_init(|| {
                (0..g.houses.len())
                    .filter(|&h| match g.houses[h].kind {
                        HouseKind::Row(_) => rows_base,
                        HouseKind::Col(_) => !rows_base,
                        _ => false,
                    })
                    .map(|h| (h, table.house(h)))
                    .collect::<Vec<(usize, HouseRow)>>()
            })
        };
        for v in 1..=g.n as u8 {
            let part = Part::Fish {
                size: k,
                rows: rows_base,
                value: v,
            };
            let found = memo.search(part, keys.key(v), || {
                let (base, places): (SmallVec<[usize; 16]>, SmallVec<[u64; 16]>) = lines()
                    .iter()
                    .filter(|(_, places)| places.placed & bit(v) == 0)
                    .map(|(h, places)| (*h, places.of(v)))
                    .filter(|&(_, m)| (2..=k).contains(&(m.count_ones() as usize)))
                    .unzip();
                // The covers of each base house's places as bits (`None`: a place without one).
                let cover_masks: SmallVec<[Option<u64>; 16]> = base
                    .iter()
                    .zip(&places)
                    .map(|(&h, &m)| {
                        g.cells_at(h, m)
                            .try_fold(0u64, |u, c| cover_at[c].map(|b| u | b))
                    })
                    .collect();
                let order: SmallVec<[usize; 16]> = (0..base.len()).collect();
                let cover_bits = |i: usize| cover_masks[i].unwrap_or(u64::MAX);
                small_unions(&order, k, cover_bits, &mut |is: &[usize]| {
                    let union = is
                        .iter()
                        .try_fold(0u64, |m, &i| cover_masks[i].map(|c| m | c))?;
                    if union.count_ones() as usize != k {
                        return None;
                    }
                    let bs: Vec<usize> = is.iter().map(|&i| base[i]).collect();
                    let cells: Vec<usize> = bs.iter().flat_map(|&h| g.places(h, v)).collect();
                    let mut covers: Vec<usize> =
                        cells.iter().map(|&c| cover_of(g, rows_base, c)).collect();
                    covers.sort_unstable();
                    covers.dedup();
                    if covers.len() != k || covers.contains(&usize::MAX) {
                        return None;
                    }
                    let others = covers
                        .iter()
                        .flat_map(|&h| g.houses[h].cells.iter().copied())
                        .filter(|c| !cells.contains(c));
                    let elim = removals(g, others, v);
                    (!elim.is_empty()).then_some((bs, covers, cells, elim))
                })
            });
            if let Some((bs, covers, cells, elim)) = found {
                let names = |hs: &[usize]| {
                    hs.iter()
                        .map(|&h| g.houses[h].kind.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                let mut s = Step::new(
                    technique(k),
                    format!(
                        "{v} in {} lies only in {} ({}): the rest of {} loses {v}",
                        names(&bs),
                        names(&covers),
                        cell_list(g, &cells),
                        names(&covers)
                    ),
                );
                s.eliminations = elim;
                s.cells = cells;
                s.argument = plus_minus(
                    covers.iter().map(|&h| ModelRow::House(h, v)),
                    bs.iter().map(|&h| ModelRow::House(h, v)),
                );
                s.houses = bs.into_iter().chain(covers).collect();
                return Some(s);
            }
        }
    }
    None
}
