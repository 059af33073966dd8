//! Dynamic forcing chains (+) (Sukaku Explainer's "Dynamic Forcing Chains (+)", 9.0 plus
//! length): dynamic chains that, when singles stop, also turn off what locked candidates, a
//! hidden or naked pair or an X-wing remove on the chain's grid (Sukaku Explainer's default
//! set), each relying on the candidates the chain turned off in the pattern's base rows.

use super::dynamic_forcing::Budget;
use super::grid::Candidates;
use super::implication::{pot, Advanced, AdvancedOff, Layout};
use super::multiple_chains::Late;
use super::step::{ModelRow, Step};
use super::technique::Technique;
use super::{fish, subsets};
use crate::geometry::HouseKind;
use crate::mask::{bit, values, Mask};

/// The "+" implications: the first of Sukaku Explainer's four rules that removes something
/// on the chain's grid because of the chain.
pub struct Plus;

/// The chain's grid as a candidate grid.
pub fn grid_of(layout: &Layout, grid: &[Mask]) -> Candidates {
    let mut g = layout.g.clone();
    for (c, &m) in grid.iter().enumerate() {
        if g.value[c] == 0 {
            g.cand[c] = m;
        }
    }
    g
}

/// The candidates off (in `source`, not in `grid`) in a step's base rows (the minus rows of
/// its argument: the rows the pattern is confined to).
fn base_parents(layout: &Layout, source: &[Mask], grid: &[Mask], s: &Step) -> Vec<u32> {
    let n = layout.g.n;
    let mut out = Vec::new();
    for &(row, m) in &s.argument {
        if m >= 0.0 {
            continue;
        }
        match row {
            ModelRow::Cell(c) => {
                out.extend(values(source[c] & !grid[c]).map(|w| pot(n, c, w, false)));
            }
            ModelRow::House(h, v) => {
                for &c in &layout.g.houses[h].cells {
                    if source[c] & bit(v) != 0 && grid[c] & bit(v) == 0 {
                        out.push(pot(n, c, v, false));
                    }
                }
            }
        }
    }
    out
}

/// Sukaku Explainer's order of the houses its hidden sets are searched in (`HiddenSet`):
/// boxes (or regions), then columns, then rows, then the others.
fn hidden_rank(kind: HouseKind) -> u8 {
    match kind {
        HouseKind::Box(_) | HouseKind::Region(_) => 0,
        HouseKind::Col(_) => 1,
        HouseKind::Row(_) => 2,
        HouseKind::Diagonal(_) => 3,
    }
}

/// Every hidden pair of the chain's grid (two values of a house confined to the same two
/// cells: those cells lose their other values) that relies on the chain (the candidates of
/// the pair's values it turned off in that house), in Sukaku Explainer's order of houses.
fn hidden_pairs(layout: &Layout, source: &[Mask], grid: &[Mask]) -> Vec<AdvancedOff> {
    let g = layout.g;
    let n = g.n;
    let mut houses: Vec<usize> = (0..g.houses.len()).collect();
    houses.sort_by_key(|&h| hidden_rank(g.houses[h].kind));
    let mut out = Vec::new();
    for h in houses {
        let cells = &g.houses[h].cells;
        let places = |v: u8| -> u64 {
            let on = cells
                .iter()
                .enumerate()
                .filter(|&(_, &c)| grid[c] & bit(v) != 0);
            on.fold(0, |m, (i, _)| m | 1 << i)
        };
        let vals: Vec<(u8, u64)> = (1..=n as u8)
            .map(|v| (v, places(v)))
            .filter(|&(_, p)| (1..=2).contains(&p.count_ones()))
            .collect();
        for (i, &(v1, p1)) in vals.iter().enumerate() {
            for &(v2, p2) in &vals[i + 1..] {
                if (p1 | p2).count_ones() != 2 {
                    continue;
                }
                let pair = bit(v1) | bit(v2);
                let in_pair = cells
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| (p1 | p2) >> k & 1 == 1);
                let elims: Vec<(usize, u8)> = in_pair
                    .flat_map(|(_, &c)| values(grid[c] & !pair).map(move |w| (c, w)))
                    .collect();
                let parents: Vec<u32> = [v1, v2]
                    .into_iter()
                    .flat_map(|v| {
                        cells
                            .iter()
                            .filter(move |&&c| source[c] & bit(v) != 0 && grid[c] & bit(v) == 0)
                            .map(move |&c| pot(n, c, v, false))
                    })
                    .collect();
                if elims.is_empty() || parents.is_empty() {
                    continue;
                }
                out.extend(elims.into_iter().map(|(c, w)| AdvancedOff {
                    pot: pot(n, c, w, false),
                    parents: parents.clone(),
                    nested: 0,
                    nested_id: 0,
                }));
            }
        }
    }
    out
}

/// The houses of one kind (0: boxes or regions, 1: rows, 2: columns), in index order.
fn houses_of_kind(layout: &Layout, kind: u8) -> Vec<usize> {
    let g = layout.g;
    let of = |h: &usize| match g.houses[*h].kind {
        HouseKind::Box(i) | HouseKind::Region(i) => (0, i),
        HouseKind::Row(i) => (1, i),
        HouseKind::Col(i) => (2, i),
        HouseKind::Diagonal(i) => (3, i),
    };
    let mut out: Vec<usize> = (0..g.houses.len()).filter(|h| of(h).0 == kind).collect();
    out.sort_by_key(of);
    out
}

/// Every locked candidates hint of the chain's grid that relies on the chain, in Sukaku
/// Explainer's order (`Locking`: box then column, box then row, column then box, row then
/// box; by value, then the first house, then the second): v's places in the first house all
/// lie in the second, so v leaves the second house's other cells; it relies on the chain's
/// removals of v from the first house outside the second.
fn locked_all(layout: &Layout, source: &[Mask], grid: &[Mask]) -> Vec<AdvancedOff> {
    let g = layout.g;
    let n = g.n;
    let mut out = Vec::new();
    for (k1, k2) in [(0, 2), (0, 1), (2, 0), (1, 0)] {
        let (first, second) = (houses_of_kind(layout, k1), houses_of_kind(layout, k2));
        for v in 1..=n as u8 {
            for &h1 in &first {
                let cells1 = &g.houses[h1].cells;
                let places: Vec<usize> = cells1
                    .iter()
                    .copied()
                    .filter(|&c| grid[c] & bit(v) != 0)
                    .collect();
                if places.len() < 2 {
                    continue;
                }
                for &h2 in &second {
                    let cells2 = &g.houses[h2].cells;
                    if !places.iter().all(|c| cells2.contains(c)) {
                        continue;
                    }
                    let elims: Vec<usize> = cells2
                        .iter()
                        .copied()
                        .filter(|&c| grid[c] & bit(v) != 0 && !cells1.contains(&c))
                        .collect();
                    let parents: Vec<u32> = cells1
                        .iter()
                        .copied()
                        .filter(|&c| source[c] & bit(v) != 0 && grid[c] & bit(v) == 0)
                        .filter(|c| !cells2.contains(c))
                        .map(|c| pot(n, c, v, false))
                        .collect();
                    if elims.is_empty() || parents.is_empty() {
                        continue;
                    }
                    out.extend(elims.into_iter().map(|c| AdvancedOff {
                        pot: pot(n, c, v, false),
                        parents: parents.clone(),
                        nested: 0,
                        nested_id: 0,
                    }));
                }
            }
        }
    }
    out
}

impl Advanced for Plus {
    fn offs(&self, layout: &Layout, source: &[Mask], grid: &[Mask]) -> Vec<AdvancedOff> {
        let locked = locked_all(layout, source, grid);
        if !locked.is_empty() {
            return locked;
        }
        let g = grid_of(layout, grid);
        let pairs = hidden_pairs(layout, source, grid);
        if !pairs.is_empty() {
            return pairs;
        }
        let rules: [fn(&Candidates) -> Option<Step>; 2] =
            [|g| subsets::naked(g, 2), |g| fish::fish(g, 2)];
        for rule in rules {
            let Some(s) = rule(&g) else { continue };
            let parents = base_parents(layout, source, grid, &s);
            if parents.is_empty() {
                continue;
            }
            let n = layout.g.n;
            return s
                .eliminations
                .iter()
                .map(|&(c, v)| AdvancedOff {
                    pot: pot(n, c, v, false),
                    parents: parents.clone(),
                    nested: 0,
                    nested_id: 0,
                })
                .collect();
        }
        Vec::new()
    }
}

/// Dynamic forcing chains (+).
pub fn dynamic_plus(g: &Candidates, budget: &Budget) -> Result<Option<Step>, Late> {
    super::dynamic_forcing::dynamic_step(
        g,
        Technique::DynamicForcingChainPlus,
        " (+)",
        Some(&Plus),
        budget,
    )
}
