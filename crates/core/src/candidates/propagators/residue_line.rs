//! Residue lines (entropic and modular lines): every three neighbouring cells of a line hold
//! values of three different classes. The rules lower a line to one class table per window of
//! three cells ([`classes_of_table`] recognises them); here the windows of one line are joined
//! again and propagated as one constraint.
//!
//! With three classes, windows (c_i, c_{i+1}, c_{i+2}) and (c_{i+1}, c_{i+2}, c_{i+3}) give
//! class(c_i) = class(c_{i+3}): the line is one class per position group g = i mod 3, the
//! groups taking different classes (a permutation of the classes):
//!
//! ```text
//! C_g = ∩_{i ≡ g (mod 3)} {K : K ∩ cand(c_i) ≠ ∅}            the classes group g can take
//! S_g = {π(g) : π injective, π(h) ∈ C_h for every group h}   all-different over ≤ 3 groups
//! cand(c_i) ← cand(c_i) ∩ ∪_{K ∈ S_{i mod 3}} K
//! ```
//!
//! Given the classes, every value of its class suits a cell, so this is generalised arc
//! consistency of the whole line (of all its windows together), which the windows' tables one
//! by one do not reach: c₁ ∈ {1..6} and c₄ ∈ {4..9} on an entropic line fix both to {4,5,6},
//! while each window alone still has supports for everything. A line of one window of k < 3
//! cells (or a table with more classes than cells) is the same with one group per cell.

use super::{shrink, Propagator, Wiped};
use crate::puzzle::Cell;
use crate::rules::class_table::classes_of_table;
use crate::rules::primitive::Primitive;

/// Generalised arc consistency of a residue line: `classes[k]` is the value mask of class k,
/// cell i belongs to group i mod `groups` (at most 3).
pub(super) fn residue_line(
    cells: &[u32],
    groups: usize,
    classes: &[u64],
    cand: &[u64],
    out: &mut Vec<(u32, u64)>,
) -> Result<(), Wiped> {
    let mut open = [u64::MAX; 3];
    for (i, &c) in cells.iter().enumerate() {
        let mask = cand[c as usize];
        let reach = classes
            .iter()
            .enumerate()
            .filter(|&(_, &class)| mask & class != 0)
            .fold(0u64, |s, (k, _)| s | 1 << k);
        open[i % groups] &= reach;
    }
    let mut kept = [0u64; 3];
    assign(&open[..groups], 0, 0, &mut [0; 3], &mut kept);
    let values: Vec<u64> = kept[..groups]
        .iter()
        .map(|&set| {
            classes
                .iter()
                .enumerate()
                .filter(|&(k, _)| set >> k & 1 == 1)
                .fold(0, |m, (_, &class)| m | class)
        })
        .collect();
    let revised: Vec<(u32, u64, u64)> = cells
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let m = cand[c as usize];
            (c, m, m & values[i % groups])
        })
        .collect();
    shrink(&revised, out)
}

/// Every injective choice of a class per group (group g from `open[g]`), from group `g` on
/// with the classes `used`; each complete choice adds its classes to `kept`.
fn assign(open: &[u64], g: usize, used: u64, chosen: &mut [usize; 3], kept: &mut [u64; 3]) {
    if g == open.len() {
        for (h, &k) in chosen[..g].iter().enumerate() {
            kept[h] |= 1 << k;
        }
        return;
    }
    let mut options = open[g] & !used;
    while options != 0 {
        let k = options.trailing_zeros() as usize;
        options &= options - 1;
        chosen[g] = k;
        assign(open, g + 1, used | 1 << k, chosen, kept);
    }
}

/// The residue lines among `primitives`: runs of consecutive class tables of three cells with
/// the same three classes, each window the last one shifted by a cell (the windows of one
/// line), and single class tables. Returns the indices of the primitives each line replaces
/// with its propagator.
pub(super) fn residue_lines(
    n: usize,
    primitives: &[Primitive],
    index: impl Fn(Cell) -> u32,
) -> Vec<(Vec<usize>, Propagator)> {
    let mut lines: Vec<(Vec<usize>, Vec<Cell>, Vec<u64>)> = Vec::new();
    let mut open_line = false;
    for (p, prim) in primitives.iter().enumerate() {
        let Primitive::Tuples { cells, allowed, .. } = prim else {
            open_line = false;
            continue;
        };
        let table = (cells.len() <= 3)
            .then(|| classes_of_table(n, cells.len(), allowed))
            .flatten();
        let classes = match table {
            Some(class) => class_masks(&class),
            None => {
                open_line = false;
                continue;
            }
        };
        let chains = cells.len() == 3 && classes.len() == 3;
        let extends = open_line
            && chains
            && lines.last().is_some_and(|(_, line, line_classes)| {
                *line_classes == classes && line[line.len() - 2..] == cells[..2]
            });
        if let (true, Some((members, line, _))) = (extends, lines.last_mut()) {
            members.push(p);
            line.push(cells[2]);
        } else {
            lines.push((vec![p], cells.clone(), classes));
        }
        open_line = chains;
    }
    lines
        .into_iter()
        .map(|(members, line, classes)| {
            let rule = Propagator::ResidueLine {
                groups: line.len().min(3),
                cells: line.iter().map(|&c| index(c)).collect(),
                classes,
            };
            (members, rule)
        })
        .collect()
}

/// The value mask of each class, from the class of each value (index 0 unused).
fn class_masks(class: &[usize]) -> Vec<u64> {
    let count = class[1..].iter().max().map_or(0, |&m| m + 1);
    let mut masks = vec![0u64; count];
    for (v, &k) in class.iter().enumerate().skip(1) {
        masks[k] |= 1 << (v - 1);
    }
    masks
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn cell(i: usize) -> Cell {
        Cell { row: 0, col: i }
    }

    /// The windows of a line of `len` cells (0, 1, …) as the rules lower them: every tuple of
    /// values of 1..=n whose classes differ pairwise.
    fn windows(n: u8, len: usize, class: impl Fn(u8) -> u8) -> Vec<Primitive> {
        let width = len.min(3);
        (0..=len - width)
            .map(|start| {
                let mut rows: Vec<Vec<u8>> = vec![Vec::new()];
                for _ in 0..width {
                    rows = rows
                        .iter()
                        .flat_map(|row| {
                            (1..=n)
                                .filter(|&v| row.iter().all(|&u| class(u) != class(v)))
                                .map(|v| [row.clone(), vec![v]].concat())
                                .collect::<Vec<_>>()
                        })
                        .collect();
                }
                Primitive::Tuples {
                    tag: format!("w{start}"),
                    cells: (start..start + width).map(cell).collect(),
                    allowed: rows,
                }
            })
            .collect()
    }

    /// The values of each cell in some assignment (from `masks`) that every window allows.
    fn brute(masks: &[u64], n: u8, class: &dyn Fn(u8) -> u8) -> Vec<u64> {
        fn go(
            k: usize,
            vals: &mut Vec<u8>,
            masks: &[u64],
            n: u8,
            class: &dyn Fn(u8) -> u8,
            seen: &mut [u64],
        ) {
            let width = masks.len().min(3);
            if k >= width {
                let w = &vals[k - width..k];
                let differ = (0..width).all(|i| (i + 1..width).all(|j| class(w[i]) != class(w[j])));
                if !differ {
                    return;
                }
            }
            if k == masks.len() {
                for (s, &v) in seen.iter_mut().zip(vals.iter()) {
                    *s |= 1 << (v - 1);
                }
                return;
            }
            for v in 1..=n {
                if masks[k] >> (v - 1) & 1 == 1 {
                    vals.push(v);
                    go(k + 1, vals, masks, n, class, seen);
                    vals.pop();
                }
            }
        }
        let mut seen = vec![0u64; masks.len()];
        go(0, &mut Vec::new(), masks, n, class, &mut seen);
        seen
    }

    /// The candidates after one revision of the propagators `residue_lines` makes (`None`: wiped).
    fn revise(n: usize, prims: &[Primitive], masks: &[u64]) -> Option<Vec<u64>> {
        let lines = residue_lines(n, prims, |c| c.col as u32);
        let mut cand = masks.to_vec();
        for (_, rule) in &lines {
            let mut out = Vec::new();
            rule.revise(&cand, &mut out).ok()?;
            for (c, bits) in out {
                cand[c as usize] &= !bits;
            }
        }
        Some(cand)
    }

    #[test]
    fn the_windows_of_a_line_are_one_propagator() {
        let prims = windows(9, 7, |v| (v - 1) / 3);
        let lines = residue_lines(9, &prims, |c| c.col as u32);
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0].0, vec![0, 1, 2, 3, 4]);
        let Propagator::ResidueLine {
            cells,
            groups,
            classes,
        } = &lines[0].1
        else {
            panic!("not a residue line");
        };
        assert_eq!((cells.len(), *groups), (7, 3));
        assert_eq!(classes, &vec![0b111, 0b111_000, 0b111_000_000]);
    }

    #[test]
    fn cells_three_apart_share_a_class_the_windows_alone_miss_it() {
        // c0 ∈ {1..6}, c3 ∈ {4..9}: both middle values; the windows one by one keep everything.
        let prims = windows(9, 4, |v| (v - 1) / 3);
        let masks = [0b111_111, 0x1ff, 0x1ff, 0b111_111_000];
        let cand = revise(9, &prims, &masks).unwrap();
        assert_eq!(
            cand,
            vec![0b111_000, 0b111_000_111, 0b111_000_111, 0b111_000]
        );
        for (k, w) in prims.iter().enumerate() {
            let Primitive::Tuples { cells, allowed, .. } = w else {
                unreachable!()
            };
            let idx: Vec<u32> = cells.iter().map(|c| c.col as u32).collect();
            let sees = vec![Vec::new(); idx.len()];
            let mut out = Vec::new();
            let rule = Propagator::Tuples {
                cells: idx,
                allowed: allowed.clone(),
                sees,
            };
            assert!(rule.revise(&masks, &mut out).is_ok());
            assert!(out.is_empty(), "window {k} removes {out:?}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn a_line_keeps_exactly_the_values_of_its_solutions(
            len in 1usize..=6,
            modular in any::<bool>(),
            masks in prop::collection::vec(1u64..64, 6),
        ) {
            let n = 6u8;
            let class = move |v: u8| if modular { v % 3 } else { (v - 1) / 2 };
            let prims = windows(n, len, class);
            let masks = &masks[..len];
            let want = brute(masks, n, &class);
            let got = revise(n as usize, &prims, masks);
            match got {
                None => prop_assert!(want.contains(&0)),
                Some(cand) => prop_assert_eq!(cand, want),
            }
        }
    }
}
