//! Naked and hidden subsets of size k = 2, 3, 4 in one house.
//!
//! Naked: k open cells of a house whose candidates together are k values; those values leave the
//! house's other cells (k cell rows minus k house-value rows). Hidden: k values whose places in a
//! house are k cells together; those cells lose every other value (k house-value rows minus k
//! cell rows).

use super::grid::{bit, values, Candidates};
use super::memo::{house_key, Memo, Part};
use super::step::{cell_list, plus_minus, value_list, ModelRow, Step};
use super::technique::Technique;
use smallvec::SmallVec;

/// Calls `f`, until it returns `Some`, with the k-subsets of `items` (in lexicographic order)
/// whose masks (`mask` of each item) together hold at most k bits: a subset is cut as soon as its first items' masks hold more (every
/// subset of k items skipped has a union of more than k bits).
pub fn small_unions<T: Copy, R>(
    items: &[T],
    k: usize,
    mask: impl Fn(T) -> u64,
    f: &mut impl FnMut(&[T]) -> Option<R>,
) -> Option<R> {
    /// The subsets extending `chosen` (its masks together `union`) with items from `start`.
    fn go<T: Copy, R>(
        (items, k, mask): (&[T], usize, &dyn Fn(T) -> u64),
        (start, union): (usize, u64),
        chosen: &mut Vec<T>,
        f: &mut impl FnMut(&[T]) -> Option<R>,
    ) -> Option<R> {
        if chosen.len() == k {
            return f(chosen);
        }
        for i in start..items.len() {
            if items.len() - i < k - chosen.len() {
                break;
            }
            let joined = union | mask(items[i]);
            if joined.count_ones() as usize > k {
                continue;
            }
            chosen.push(items[i]);
            let r = go((items, k, mask), (i + 1, joined), chosen, f);
            chosen.pop();
            if r.is_some() {
                return r;
            }
        }
        None
    }
    go((items, k, &mask), (0, 0), &mut Vec::with_capacity(k), f)
}

fn naked_technique(k: usize) -> Technique {
    match k {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    }
}

fn hidden_technique(k: usize) -> Technique {
    match k {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    }
}

/// A naked subset of size k.
pub fn naked(g: &Candidates, k: usize) -> Option<Step> {
    naked_with(g, k, &Memo::off())
}

/// A naked subset of size k, skipping a house whose cells are as they were when it found
/// nothing before (`memo`, [`Part::Naked`]): each house reads only its own cells.
pub fn naked_with(g: &Candidates, k: usize, memo: &Memo) -> Option<Step> {
    let mut key = Vec::new();
    for (h, house) in g.houses.iter().enumerate() {
        house_key(g, h, memo, &mut key);
        let part = Part::Naked { size: k, house: h };
        let found = memo.search(part, &key, || {
            let open: SmallVec<[usize; 16]> = house
                .cells
                .iter()
                .copied()
                .filter(|&c| g.value[c] == 0 && (g.cand[c].count_ones() as usize) <= k)
                .collect();
            small_unions(&open, k, |c| g.cand[c], &mut |cells: &[usize]| {
                let union = cells.iter().fold(0u64, |m, &c| m | g.cand[c]);
                if union.count_ones() as usize != k {
                    return None;
                }
                let elim: Vec<(usize, u8)> = house
                    .cells
                    .iter()
                    .filter(|c| g.value[**c] == 0 && !cells.contains(c))
                    .flat_map(|&c| super::grid::values(g.cand[c] & union).map(move |v| (c, v)))
                    .collect();
                (!elim.is_empty()).then(|| (cells.to_vec(), union, elim))
            })
        });
        if let Some((cells, union, elim)) = found {
            let mut s = Step::new(
                naked_technique(k),
                format!(
                    "{} in {} hold only {}: the other cells of {} lose them",
                    cell_list(g, &cells),
                    house.kind,
                    value_list(union),
                    house.kind
                ),
            );
            s.argument = plus_minus(
                values(union).map(|v| ModelRow::House(h, v)),
                cells.iter().map(|&c| ModelRow::Cell(c)),
            );
            s.eliminations = elim;
            s.cells = cells;
            s.houses = vec![h];
            return Some(s);
        }
    }
    None
}

/// A hidden subset of size k.
pub fn hidden(g: &Candidates, k: usize) -> Option<Step> {
    hidden_with(g, k, &Memo::off())
}

/// A hidden subset of size k, skipping a house whose cells are as they were when it found
/// nothing before (`memo`, [`Part::Hidden`]): each house reads only its own cells.
pub fn hidden_with(g: &Candidates, k: usize, memo: &Memo) -> Option<Step> {
    let mut key = Vec::new();
    let table = memo.place_table(g);
    for (h, house) in g.houses.iter().enumerate() {
        house_key(g, h, memo, &mut key);
        let part = Part::Hidden { size: k, house: h };
        let found = memo.search(part, &key, || {
            let places = table.house(h);
            let vals: SmallVec<[u8; 16]> = (1..=g.n as u8)
                .filter(|&v| {
                    let p = places.of(v).count_ones() as usize;
                    places.placed & bit(v) == 0 && p >= 1 && p <= k
                })
                .collect();
            // The places of each value as a mask over the house's cells (bit i: its i-th cell).
            let masks: SmallVec<[u64; 16]> = vals.iter().map(|&v| places.of(v)).collect();
            small_unions(
                &(0..vals.len()).collect::<SmallVec<[usize; 16]>>(),
                k,
                |i| masks[i],
                &mut |is: &[usize]| {
                    let union = is.iter().fold(0u64, |m, &i| m | masks[i]);
                    if union.count_ones() as usize != k {
                        return None;
                    }
                    let vs: Vec<u8> = is.iter().map(|&i| vals[i]).collect();
                    let cells: Vec<usize> = house
                        .cells
                        .iter()
                        .enumerate()
                        .filter(|&(i, _)| union >> i & 1 == 1)
                        .map(|(_, &c)| c)
                        .collect();
                    let mask = vs.iter().fold(0u64, |m, &v| m | bit(v));
                    let elim: Vec<(usize, u8)> = cells
                        .iter()
                        .flat_map(|&c| super::grid::values(g.cand[c] & !mask).map(move |v| (c, v)))
                        .collect();
                    (!elim.is_empty()).then_some((cells, mask, elim))
                },
            )
        });
        if let Some((cells, mask, elim)) = found {
            let mut s = Step::new(
                hidden_technique(k),
                format!(
                    "in {}, {} can only be in {}: those cells lose their other candidates",
                    house.kind,
                    value_list(mask),
                    cell_list(g, &cells)
                ),
            );
            s.argument = plus_minus(
                cells.iter().map(|&c| ModelRow::Cell(c)),
                values(mask).map(|v| ModelRow::House(h, v)),
            );
            s.eliminations = elim;
            s.cells = cells;
            s.houses = vec![h];
            return Some(s);
        }
    }
    None
}
