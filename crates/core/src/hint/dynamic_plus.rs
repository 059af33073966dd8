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
use super::{fish, locked, subsets};
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

impl Advanced for Plus {
    fn offs(&self, layout: &Layout, source: &[Mask], grid: &[Mask]) -> Vec<AdvancedOff> {
        let g = grid_of(layout, grid);
        let rules: [fn(&Candidates) -> Option<Step>; 5] = [
            locked::pointing,
            locked::claiming,
            |g| subsets::hidden(g, 2),
            |g| subsets::naked(g, 2),
            |g| fish::fish(g, 2),
        ];
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
