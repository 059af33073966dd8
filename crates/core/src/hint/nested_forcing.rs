//! Nested forcing chains (Sukaku Explainer's "Dynamic Forcing Chains (+ Forcing Chains)",
//! 9.5, and "(+ Multiple Forcing Chains)", 10.0, plus length): dynamic chains that, when
//! singles and the "+" rules ([`super::dynamic_plus::Plus`]) stop, also turn off what a
//! forcing chain proves on the chain's grid — a static chain from one candidate that
//! contradicts itself (level 2), or static cell and region forcing chains (level 3). The nested
//! chain's length counts in the step's length once per nested chain, as Sukaku Explainer
//! counts it; it relies on the candidates the outer chain turned off that its singles used.

use super::dynamic_forcing::Budget;
use super::grid::{values, Candidates};
use super::implication::{chain, contradicts, pot, Advanced, AdvancedOff, Layout, Scratch};
use super::multiple_chains::{hints, Late, Search};
use super::static_chains::{StaticChains, STATIC};
use super::step::Step;
use super::technique::Technique;
use crate::mask::{bit, Mask};

/// The nested implications of level 2 (forcing chains) or 3 (multiple forcing chains too),
/// with the static chains of the step's grid ([`StaticChains`]).
pub struct Nested<'a> {
    pub level: u8,
    pub chains: &'a StaticChains,
}

/// A stable identity of a nested chain (one nested chain counts once in a step's length).
fn identity(target: u32, complexity: usize, salt: u32) -> u32 {
    let mut h = 0x811c_9dc5u32;
    for x in [target, complexity as u32, salt] {
        h = (h ^ x).wrapping_mul(0x0100_0193);
    }
    h.max(1)
}

/// Static forcing chains from each candidate on and off of `grid` that contradict
/// themselves: the candidate is false (or true). A chain that is its chain on `source`
/// relies on nothing the outer chain turned off and is not followed again.
fn unary(
    layout: &Layout,
    chains: &StaticChains,
    source: &[Mask],
    grid: &[Mask],
) -> Vec<AdvancedOff> {
    let n = layout.g.n;
    let mut out = Vec::new();
    let mut scratch = Scratch::default();
    for c in 0..n * n {
        if grid[c].count_ones() < 2 {
            continue;
        }
        for v in values(grid[c]) {
            for on in [true, false] {
                let p = pot(n, c, v, on);
                if chains.same(layout, source, grid, p).is_some() {
                    continue;
                }
                if !contradicts(layout, grid, p, &mut scratch) {
                    continue;
                }
                let ch = match on {
                    true => chain(layout, grid, &[p], &[], STATIC),
                    false => chain(layout, grid, &[], &[p], STATIC),
                };
                let Some((a, b)) = ch.contradiction else {
                    continue;
                };
                let complexity = ch.ancestors(a) + ch.ancestors(b);
                let mut parents = Vec::new();
                ch.rule_parents(layout, source, grid, a, None, &mut parents);
                ch.rule_parents(layout, source, grid, b, None, &mut parents);
                if parents.is_empty() {
                    continue;
                }
                let removed: Vec<(usize, u8)> = match on {
                    true => vec![(c, v)],
                    false => values(grid[c] & !bit(v)).map(|w| (c, w)).collect(),
                };
                for (d, w) in removed {
                    out.push(AdvancedOff {
                        pot: pot(n, d, w, false),
                        parents: parents.clone(),
                        nested: complexity as u32,
                        nested_id: identity(p, complexity, 1),
                    });
                }
            }
        }
    }
    out
}

/// Static cell and region forcing chains on `grid`.
fn multiple(
    layout: &Layout,
    chains: &StaticChains,
    source: &[Mask],
    grid: &[Mask],
) -> Vec<AdvancedOff> {
    let n = layout.g.n;
    let search = Search {
        dynamic: false,
        nishio: false,
        advanced: None,
        outer: Some(source),
        deadline: None,
        reuse: Some(chains),
    };
    let Ok(found) = hints(layout, grid, search) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for h in found {
        let (c, v, on) = h.target;
        for &(d, w) in &h.removals {
            out.push(AdvancedOff {
                pot: pot(n, d, w, false),
                parents: h.rule_parents.clone(),
                nested: h.complexity as u32,
                nested_id: identity(pot(n, c, v, on), h.complexity, 2 + h.cells[0] as u32),
            });
        }
    }
    out
}

impl Advanced for Nested<'_> {
    fn offs(&self, layout: &Layout, source: &[Mask], grid: &[Mask]) -> Vec<AdvancedOff> {
        let plus = super::dynamic_plus::Plus.offs(layout, source, grid);
        if !plus.is_empty() {
            return plus;
        }
        let found = self
            .chains
            .unary(source, grid, || unary(layout, self.chains, source, grid));
        if !found.is_empty() || self.level < 3 {
            return found;
        }
        multiple(layout, self.chains, source, grid)
    }
}

/// Dynamic forcing chains (+ forcing chains).
pub fn nested_forcing(g: &Candidates, budget: &Budget) -> Result<Option<Step>, Late> {
    nested_step(
        g,
        budget,
        2,
        Technique::NestedForcingChain,
        " (+ Forcing Chains)",
    )
}

/// Dynamic forcing chains (+ multiple forcing chains).
pub fn nested_multiple(g: &Candidates, budget: &Budget) -> Result<Option<Step>, Late> {
    nested_step(
        g,
        budget,
        3,
        Technique::NestedMultipleForcingChain,
        " (+ Multiple Forcing Chains)",
    )
}

/// The dynamic forcing chain step whose chains nest the searches of `level` (2: forcing
/// chains, 3: multiple forcing chains too), named `technique` with `suffix`.
fn nested_step(
    g: &Candidates,
    budget: &Budget,
    level: u8,
    technique: Technique,
    suffix: &str,
) -> Result<Option<Step>, Late> {
    let nested = Nested {
        level,
        chains: &budget.chains,
    };
    super::dynamic_forcing::dynamic_step(g, technique, suffix, Some(&nested), budget)
}
