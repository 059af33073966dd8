//! Nested forcing chains (Sukaku Explainer's "Dynamic Forcing Chains (+ Forcing Chains)",
//! 9.5, and "(+ Multiple Forcing Chains)", 10.0, plus length): dynamic chains that, when
//! singles and the "+" rules ([`super::dynamic_plus::Plus`]) stop, also turn off what a
//! forcing chain proves on the chain's grid — a static chain from one candidate that
//! contradicts itself (level 2), or static cell and region forcing chains (level 3). The nested
//! chain's length counts in the step's length once per nested chain, as Sukaku Explainer
//! counts it; it relies on the candidates the outer chain turned off that its singles used.

use super::dynamic_forcing::Budget;
use super::grid::{values, Candidates};
use super::implication::{
    chain, contradicts, pot, Advanced, AdvancedOff, Chain, Layout, Mode, Pot, Scratch,
};
use super::multiple_chains::{hints, Late, Search};
use super::static_chains::{StaticChains, STATIC};
use super::step::Step;
use super::technique::{length_difficulty, Technique};
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
                let Some((order, ch, a, b, complexity)) = forcing_chain(layout, grid, p) else {
                    continue;
                };
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
                let offs = removed.into_iter().map(|(d, w)| AdvancedOff {
                    pot: pot(n, d, w, false),
                    parents: parents.clone(),
                    nested: complexity as u32,
                    nested_id: identity(p, complexity, 1),
                });
                out.push((order, offs.collect::<Vec<_>>()));
            }
        }
    }
    // Sukaku Explainer's order of its hints (`Chaining.getHintList`): a candidate several
    // chains turn off comes from the first (the chain keeps the first, `chain`). Stable.
    out.sort_by_key(|x| x.0);
    out.into_iter().flat_map(|(_, offs)| offs).collect()
}

/// Sukaku Explainer's order of forcing chains: difficulty (in tenths), complexity, kind
/// (X-chain 2, XY-chain 4).
type Order = (u32, usize, u8);

/// Sukaku Explainer's forcing chain from `p` to its negation (its `doForcingChains`): the
/// X-chain (house links only, 6.6 plus length) or the XY-chain (cell links too, 7.0 plus
/// length), whichever is less difficult (then less complex, then the X-chain), as its sorted
/// hints give it: the chain, its two ends and its complexity.
fn forcing_chain(
    layout: &Layout,
    grid: &[Mask],
    p: Pot,
) -> Option<(Order, Chain, u32, u32, usize)> {
    let on = p & 1 == 1;
    [(false, 66, 2), (true, 70, 4)]
        .into_iter()
        .filter_map(|(cell_links, base, kind)| {
            let mode = Mode {
                cell_links,
                forcing: true,
                ..STATIC
            };
            let ch = match on {
                true => chain(layout, grid, &[p], &[], mode),
                false => chain(layout, grid, &[], &[p], mode),
            };
            let (a, b) = ch.contradiction?;
            let complexity = unary_complexity(&ch, a, b);
            let tenths = (length_difficulty(complexity) * 10.0).round() as u32;
            Some(((base + tenths, complexity, kind), ch, a, b, complexity))
        })
        .min_by_key(|x| x.0)
}

/// The complexity of a static chain from one candidate that contradicts itself at (a, b).
/// Sukaku Explainer's forcing chain (its `ForcingChainHint`) ends at the assumption's
/// negation, its complexity the distinct ancestors of that end, the assumption included:
/// when one side is the assumption, the other side's ancestors. A contradiction elsewhere has
/// no such single end: both sides' ancestors.
fn unary_complexity(ch: &Chain, a: u32, b: u32) -> usize {
    const ROOT: u32 = 0;
    match (a, b) {
        (ROOT, end) | (end, ROOT) => ch.ancestors(end),
        _ => ch.ancestors(a) + ch.ancestors(b),
    }
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
    let mut found = found;
    found.sort_by_key(|h| h.key());
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
