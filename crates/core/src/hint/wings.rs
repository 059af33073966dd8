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

fn bivalue(g: &Candidates) -> Vec<usize> {
    g.open_cells()
        .filter(|&c| g.cand[c].count_ones() == 2)
        .collect()
}

/// Removes z from the open cells that see every cell of `seen`.
fn seeing_all(g: &Candidates, seen: &[usize], z: u8) -> Vec<(usize, u8)> {
    g.open_cells()
        .filter(|c| !seen.contains(c) && g.has(*c, z) && seen.iter().all(|&s| g.sees(*c, s)))
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
    for &p in &pivots {
        let pm = g.cand[p];
        for (i, &a) in bi.iter().enumerate() {
            if a == p || !g.sees(p, a) || (g.cand[a] & pm).count_ones() != if xyz { 2 } else { 1 } {
                continue;
            }
            for &b in &bi[i + 1..] {
                if b == p || !g.sees(p, b) || g.cand[a] == g.cand[b] {
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
                    let [u, w] = g.places(h, b)[..] else { continue };
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

/// WXYZ-wing (k = 4) and VWXYZ-wing (k = 5): a pivot and k − 1 cells that see it, holding
/// together k values, where every value but one (z) is restricted — its cells in the pattern
/// all see each other, so it is in at most one of them — and, as in Sukaku Explainer, a
/// bivalue cell of the pattern holds z. The k cells hold k different values among k, so z is
/// in the pattern; a cell that sees every z-cell of the pattern loses z. Difficulty as Sukaku
/// Explainer's: base 5.5 (k = 4) or 6.2 (k = 5) plus 0.1·((k − 3) − |3 − largest cell|).
pub fn wing_of_size(g: &Candidates, k: usize) -> Option<Step> {
    let small: Vec<usize> = g
        .open_cells()
        .filter(|&c| (2..=k as u32).contains(&g.cand[c].count_ones()))
        .collect();
    for &p in &small {
        let wings: Vec<usize> = small
            .iter()
            .copied()
            .filter(|&w| {
                w != p && g.sees(p, w) && (g.cand[w] | g.cand[p]).count_ones() as usize <= k
            })
            .collect();
        let found = super::subsets::subsets(&wings, k - 1, &mut |ws: &[usize]| {
            let mut cells = vec![p];
            cells.extend_from_slice(ws);
            let union = cells.iter().fold(0u64, |m, &c| m | g.cand[c]);
            if union.count_ones() as usize != k {
                return None;
            }
            let mut free = None;
            for z in values(union) {
                let zc: Vec<usize> = cells.iter().copied().filter(|&c| g.has(c, z)).collect();
                let restricted = zc
                    .iter()
                    .enumerate()
                    .all(|(i, &a)| zc[i + 1..].iter().all(|&b| g.sees(a, b)));
                if !restricted {
                    if free.is_some() {
                        return None;
                    }
                    free = Some((z, zc));
                }
            }
            let (z, zc) = free?;
            if !zc.iter().any(|&c| g.cand[c].count_ones() == 2) {
                return None;
            }
            let elim = seeing_all(g, &zc, z)
                .into_iter()
                .filter(|(c, _)| !cells.contains(c))
                .collect::<Vec<_>>();
            (!elim.is_empty()).then_some((cells, z, elim))
        });
        if let Some((cells, z, elim)) = found {
            let biggest = cells
                .iter()
                .map(|&c| g.cand[c].count_ones())
                .max()
                .unwrap_or(4) as f64;
            let technique = if k == 4 {
                Technique::WxyzWing
            } else {
                Technique::VwxyzWing
            };
            let mut s = Step::new(
                technique,
                format!(
                    "{} hold {k} values, each but {z} at most once: one of them holds {z}",
                    super::step::cell_list(g, &cells)
                ),
            );
            s.difficulty =
                technique.difficulty() + 0.1 * ((k as f64 - 3.0) - (3.0 - biggest).abs());
            s.eliminations = elim;
            s.cells = cells;
            return Some(s);
        }
    }
    None
}
