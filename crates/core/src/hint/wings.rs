//! XY-wing, XYZ-wing and W-wing: short chains through bivalue cells.
//!
//! XY-wing: a pivot {x,y} sees pincers {x,z} and {y,z}; whichever the pivot holds, one pincer is
//! z, so a cell seeing both pincers loses z. XYZ-wing: the pivot {x,y,z} itself may be z, so the
//! cell must see all three. W-wing: two cells {a,b}, and a house where b has two places, one
//! seeing each cell: one of the two cells is a, so a cell seeing both loses a. None of these is
//! a sum of equality rows in general: the LP may keep the candidate (the certificate says so).

use super::grid::{values, Candidates};
use super::step::Step;
use super::technique::Technique;
use crate::mask::{highest, lowest};
use smallvec::SmallVec;

fn bivalue(g: &Candidates) -> Vec<usize> {
    g.open_cells()
        .filter(|&c| g.cand[c].count_ones() == 2)
        .collect()
}

/// Removes z from the open cells that see every cell of `seen`.
fn seeing_all(g: &Candidates, seen: &[usize], z: u8) -> Vec<(usize, u8)> {
    // A cell that sees every cell of `seen` is a peer of the first (in index order, as the
    // peers are sorted).
    let Some(&first) = seen.first() else {
        return Vec::new();
    };
    g.peers[first]
        .iter()
        .copied()
        .filter(|c| {
            g.value[*c] == 0
                && !seen.contains(c)
                && g.has(*c, z)
                && seen.iter().all(|&s| g.sees(*c, s))
        })
        .map(|c| (c, z))
        .collect()
}

/// XY-wing (`xyz = false`) or XYZ-wing.
pub fn xy_wing(g: &Candidates, xyz: bool) -> Option<Step> {
    let pivots: Vec<usize> = g
        .open_cells()
        .filter(|&c| g.cand[c].count_ones() == if xyz { 3 } else { 2 })
        .collect();
    let bi = bivalue(g);
    // The bivalue cells seeing the pivot, in index order (refilled for each pivot).
    let mut seen: Vec<usize> = Vec::with_capacity(bi.len());
    for &p in &pivots {
        let pm = g.cand[p];
        seen.clear();
        seen.extend(bi.iter().copied().filter(|&a| g.sees(p, a)));
        for (i, &a) in seen.iter().enumerate() {
            if (g.cand[a] & pm).count_ones() != if xyz { 2 } else { 1 } {
                continue;
            }
            for &b in &seen[i + 1..] {
                if g.cand[a] == g.cand[b] {
                    continue;
                }
                let z_mask = g.cand[a] & g.cand[b];
                if z_mask.count_ones() != 1 {
                    continue;
                }
                let ok = if xyz {
                    (g.cand[a] | g.cand[b]) == pm && pm & z_mask != 0
                } else {
                    pm & z_mask == 0 && (g.cand[a] | g.cand[b]) == (pm | z_mask)
                };
                if !ok {
                    continue;
                }
                let z = values(z_mask).next()?;
                let seen: Vec<usize> = if xyz { vec![p, a, b] } else { vec![a, b] };
                let elim = seeing_all(g, &seen, z);
                if elim.is_empty() {
                    continue;
                }
                let (technique, what) = if xyz {
                    (Technique::XyzWing, "all three")
                } else {
                    (Technique::XyWing, "both pincers")
                };
                let mut s = Step::new(
                    technique,
                    format!(
                        "pivot {} with pincers {} and {}: one of them holds {z}, so cells seeing {what} lose {z}",
                        g.cell(p),
                        g.cell(a),
                        g.cell(b)
                    ),
                );
                s.eliminations = elim;
                s.cells = vec![p, a, b];
                return Some(s);
            }
        }
    }
    None
}

/// W-wing.
pub fn w_wing(g: &Candidates) -> Option<Step> {
    let bi = bivalue(g);
    for (i, &p) in bi.iter().enumerate() {
        for &q in &bi[i + 1..] {
            if g.cand[p] != g.cand[q] || g.sees(p, q) {
                continue;
            }
            let vs: Vec<u8> = values(g.cand[p]).collect();
            for (b, a) in [(vs[0], vs[1]), (vs[1], vs[0])] {
                for h in 0..g.houses.len() {
                    let places = g.place_mask(h, b);
                    if places.count_ones() != 2 {
                        continue;
                    }
                    let mut two = g.cells_at(h, places);
                    let (Some(u), Some(w)) = (two.next(), two.next()) else {
                        continue;
                    };
                    if [u, w].iter().any(|x| *x == p || *x == q) {
                        continue;
                    }
                    let linked = (g.sees(u, p) && g.sees(w, q)) || (g.sees(u, q) && g.sees(w, p));
                    if !linked {
                        continue;
                    }
                    let elim = seeing_all(g, &[p, q], a);
                    if elim.is_empty() {
                        continue;
                    }
                    let mut s = Step::new(
                        Technique::WWing,
                        format!(
                            "{} and {} hold {{{a},{b}}} and {b} in {} is at {} or {}: one of the pair is {a}",
                            g.cell(p),
                            g.cell(q),
                            g.houses[h].kind,
                            g.cell(u),
                            g.cell(w)
                        ),
                    );
                    s.eliminations = elim;
                    s.cells = vec![p, q, u, w];
                    s.houses = vec![h];
                    return Some(s);
                }
            }
        }
    }
    None
}

/// The cliques of `k` open cells that all see each other, each with 2..=k+1 candidates, whose
/// candidates together are exactly k + 1 values (almost locked sets), each handed to `visit`
/// in index order (no list of them is built). The cells that may extend a clique are a bit set:
/// the small cells after its last cell that see each of its cells (the intersection of their
/// peer sets).
fn almost_locked_sets(g: &Candidates, k: usize, visit: &mut dyn FnMut(&[usize])) {
    let words = g.set_words();
    // Level d of `allowed` (words d·words..): the cells that may be the clique's (d+1)-th.
    let mut allowed = vec![0u64; (k + 1) * words];
    for c in g.open_cells() {
        if (2..=k as u32 + 1).contains(&g.cand[c].count_ones()) {
            allowed[c / 64] |= 1 << (c % 64);
        }
    }
    let mut stack: Vec<usize> = Vec::with_capacity(k);
    grow(g, (k, 0), &mut allowed, &mut stack, visit);
}

/// Grows `stack` (its candidates together `union`) with each cell of its level of `allowed`.
fn grow(
    g: &Candidates,
    (k, union): (usize, u64),
    allowed: &mut [u64],
    stack: &mut Vec<usize>,
    visit: &mut dyn FnMut(&[usize]),
) {
    if stack.len() == k {
        if union.count_ones() as usize == k + 1 {
            visit(stack);
        }
        return;
    }
    let words = g.set_words();
    let depth = stack.len();
    for w in 0..words {
        let mut bits = allowed[depth * words + w];
        while bits != 0 {
            let b = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let c = w * 64 + b;
            let joined = union | g.cand[c];
            if joined.count_ones() as usize > k + 1 {
                continue;
            }
            if depth + 1 < k {
                // The next cell: after c, and a peer of c as of every cell before it.
                let peers = g.peer_set(c);
                let (this, next) = allowed.split_at_mut((depth + 1) * words);
                let this = &this[depth * words..];
                for x in 0..words {
                    next[x] = match x.cmp(&w) {
                        std::cmp::Ordering::Less => 0,
                        std::cmp::Ordering::Equal => this[x] & peers[x] & !(u64::MAX >> (63 - b)),
                        std::cmp::Ordering::Greater => this[x] & peers[x],
                    };
                }
            }
            stack.push(c);
            grow(g, (k, joined), allowed, stack, visit);
            stack.pop();
        }
    }
}

/// The open cells outside `pattern` holding v that see every cell of `pattern` holding v
/// (the intersection of those cells' peer sets), by cell.
fn seeing_holders(g: &Candidates, pattern: &[usize], v: u8) -> Vec<(usize, u8)> {
    let mut holders = pattern.iter().copied().filter(|&c| g.has(c, v));
    let Some(first) = holders.next() else {
        return Vec::new();
    };
    let mut seeing: SmallVec<[u64; 4]> = SmallVec::from_slice(g.peer_set(first));
    for c in holders {
        for (s, p) in seeing.iter_mut().zip(g.peer_set(c)) {
            *s &= p;
        }
    }
    let mut out = Vec::new();
    for (w, &bits) in seeing.iter().enumerate() {
        let mut bits = bits;
        while bits != 0 {
            let c = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if g.value[c] == 0 && g.has(c, v) && !pattern.contains(&c) {
                out.push((c, v));
            }
        }
    }
    out
}

/// A wing found: its rating, its cells (the set, then the bivalue cell), its removals, and
/// whether it is doubly linked.
struct Wing {
    difficulty: f64,
    cells: Vec<usize>,
    elim: Vec<(usize, u8)>,
    double: bool,
}

/// WXYZ-wing (k = 4) and VWXYZ-wing (k = 5), Sukaku Explainer's pattern (an ALS-XZ whose
/// small set is one bivalue cell): k − 1 cells that all see each other holding k values (an
/// almost locked set) and a bivalue cell {x, z} outside it, both values among the k, where
/// every cell of the set holding x sees the bivalue cell (x is a restricted common). If the
/// bivalue cell is x, the set loses x and is a locked set on the rest, z among them: z is in
/// the pattern, and a cell seeing every z of the pattern loses z. When z is restricted too
/// ("doubly linked"), the k cells hold the k values once each, and every value goes from the
/// cells that see all its places in the pattern. Difficulty as Sukaku Explainer's: base 5.5
/// (k = 4) or 6.2 (k = 5) plus 0.1·((k − 3) − |3 − largest cell of the set|); of the wings
/// found, the easiest, then the one removing most.
pub fn wing_of_size(g: &Candidates, k: usize) -> Option<Step> {
    let bi = bivalue(g);
    let mut best: Option<Wing> = None;
    // The set and its bivalue cell, refilled for each pair (kept only by the best wing).
    let mut pattern: Vec<usize> = Vec::with_capacity(k);
    almost_locked_sets(g, k - 1, &mut |set: &[usize]| {
        let union = set.iter().fold(0u64, |m, &c| m | g.cand[c]);
        let biggest = set
            .iter()
            .map(|&c| g.cand[c].count_ones())
            .max()
            .unwrap_or(2) as f64;
        let difficulty =
            if k == 4 { 5.5 } else { 6.2 } + 0.1 * ((k as f64 - 3.0) - (3.0 - biggest).abs());
        // A wing rated above the best so far is never taken.
        if best
            .as_ref()
            .is_some_and(|b| difficulty >= b.difficulty + 1e-9)
        {
            return;
        }
        for &y in &bi {
            if set.contains(&y) || g.cand[y] & !union != 0 {
                continue;
            }
            let restricted = |v: u8| set.iter().all(|&c| !g.has(c, v) || g.sees(c, y));
            let vs = [lowest(g.cand[y]), highest(g.cand[y])];
            let (rx, rz) = (restricted(vs[0]), restricted(vs[1]));
            if !rx && !rz {
                continue;
            }
            pattern.clear();
            pattern.extend_from_slice(set);
            pattern.push(y);
            let elim: Vec<(usize, u8)> = match (rx, rz) {
                (false, false) => continue,
                (true, true) => values(union)
                    .flat_map(|v| seeing_holders(g, &pattern, v))
                    .collect(),
                (true, false) => seeing_holders(g, &pattern, vs[1]),
                (false, true) => seeing_holders(g, &pattern, vs[0]),
            };
            if elim.is_empty() {
                continue;
            }
            let better = best.as_ref().is_none_or(|b| {
                difficulty < b.difficulty - 1e-9
                    || (difficulty < b.difficulty + 1e-9 && elim.len() > b.elim.len())
            });
            if better {
                best = Some(Wing {
                    difficulty,
                    cells: pattern.clone(),
                    elim,
                    double: rx && rz,
                });
            }
        }
    });
    let Wing {
        difficulty,
        cells,
        elim,
        double,
    } = best?;
    let technique = if k == 4 {
        Technique::WxyzWing
    } else {
        Technique::VwxyzWing
    };
    let y = cells[k - 1];
    let text = if double {
        format!(
            "{} hold {k} values, {} one of two of them, each shared value seen: each value once, so cells seeing all its places lose it",
            super::step::cell_list(g, &cells[..k - 1]),
            g.cell(y)
        )
    } else {
        let z = elim[0].1;
        format!(
            "{} hold {k} values and {} is one of two of them: whichever it is, one of these cells holds {z}",
            super::step::cell_list(g, &cells[..k - 1]),
            g.cell(y)
        )
    };
    let mut s = Step::new(technique, text);
    s.difficulty = difficulty;
    s.eliminations = elim;
    s.cells = cells;
    Some(s)
}
