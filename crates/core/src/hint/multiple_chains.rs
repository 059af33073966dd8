//! Sukaku Explainer's multiple forcing chains over the implication engine
//! ([`super::implication`]), as its `Chaining.getMultipleChainsHintList` finds them: for each
//! candidate x_cv of each open cell, the chain from x_cv = 1 and the chain from x_cv = 0, and
//!
//! - contradiction: a chain that finds a candidate both on and off proves its assumption false;
//! - double implication: what both chains of x_cv conclude holds (cells of 3 values or more);
//! - cell: what the chains of every value of a cell conclude holds;
//! - region: what the chains of every place of v in a house conclude holds.
//!
//! Each conclusion's complexity is the sum of its chains' distinct ancestors plus the nested
//! chains they used; the hint kept is the one of least complexity (Sukaku Explainer's order:
//! difficulty, then complexity, then kind). Contradictions and double implications are only
//! searched by dynamic chains (a static chain's partial sets prove nothing more).

use super::grid::values;
use super::implication::{chain, unpot, Advanced, Cause, Chain, Layout, Mode, Pot};
use super::static_chains::StaticChains;
use crate::clock::Instant;
use crate::mask::{bit, Mask};
use std::collections::HashMap;
use std::rc::Rc;

/// The kind of a multiple forcing chain, with Sukaku Explainer's name and sort key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Contradiction,
    Double,
    Cell,
    Region,
}

impl Kind {
    /// Sukaku Explainer's name of the kind ("Contradiction Forcing Chains", …).
    pub fn se_name(self) -> &'static str {
        match self {
            Kind::Contradiction => "Contradiction Forcing Chains",
            Kind::Double => "Double Forcing Chains",
            Kind::Cell => "Cell Forcing Chains",
            Kind::Region => "Region Forcing Chains",
        }
    }

    fn sort_key(self) -> u8 {
        match self {
            Kind::Double => 1,
            Kind::Cell => 5,
            Kind::Region => 6,
            Kind::Contradiction => 7,
        }
    }
}

/// One conclusion of the multiple forcing chains.
#[derive(Clone, Debug)]
pub struct ChainHint {
    pub kind: Kind,
    /// (cell, value) removed (a candidate on removes the other values of its cell).
    pub removals: Vec<(usize, u8)>,
    /// The candidate concluded: (cell, value, on).
    pub target: (usize, u8, bool),
    /// Distinct ancestors of every branch's conclusion, plus the nested chains.
    pub complexity: usize,
    /// The assumption(s): a cell, a candidate, or the places of a value in a house.
    pub cells: Vec<usize>,
    pub house: Option<usize>,
    /// The candidate assumed on and off (contradiction, double implication).
    pub assumed: Option<(usize, u8)>,
    /// Candidates off (in the grid searched, gone from the grid it nests in) its chains
    /// rely on, when asked for ([`Search::rule_parents`]).
    pub rule_parents: Vec<Pot>,
}

impl ChainHint {
    /// Sukaku Explainer's order: complexity, then kind (difficulty grows with complexity).
    pub fn key(&self) -> (usize, u8) {
        (self.complexity, self.kind.sort_key())
    }
}

/// What a search looks for.
#[derive(Clone, Copy)]
pub struct Search<'a> {
    /// Dynamic chains (contradictions and double implications too) or static ones.
    pub dynamic: bool,
    /// Sukaku Explainer's Nishio: dynamic chains along one value's places, contradictions only.
    pub nishio: bool,
    pub advanced: Option<&'a dyn Advanced>,
    /// The grid this search nests in (its rule parents are the candidates off between that
    /// grid and this one); `None` at the top.
    pub outer: Option<&'a [Mask]>,
    /// Past it the search stops ([`Late`]), as it does past the layout's budget.
    pub deadline: Option<Instant>,
    /// The static chains of the `outer` grid, reused where a chain here would be the same
    /// (a nested static search only).
    pub reuse: Option<&'a StaticChains>,
}

/// The search ran out of time.
#[derive(Debug, Clone, Copy)]
pub struct Late;

/// Memoised chains from a candidate on (shared by the binary, cell and region chains).
struct Memo<'a, 'b> {
    layout: &'a Layout<'b>,
    grid: &'a [Mask],
    mode: Mode<'a>,
    /// The outer grid's static chains, when this search nests in one ([`Search::reuse`]).
    reuse: Option<(&'a [Mask], &'a StaticChains)>,
    on: HashMap<Pot, Rc<Chain>>,
}

impl Memo<'_, '_> {
    fn on(&mut self, p: Pot) -> &Chain {
        let (layout, grid, mode, reuse) = (self.layout, self.grid, self.mode, self.reuse);
        self.on.entry(p).or_insert_with(|| {
            reuse
                .and_then(|(outer, chains)| chains.same(layout, outer, grid, p))
                .unwrap_or_else(|| Rc::new(chain(layout, grid, &[p], &[], mode)))
        })
    }

    /// The chains from each of `pots` on (made on first use), or `None` when they are all the
    /// outer grid's ([`Memo::all_outer`]).
    fn all_on(&mut self, pots: &[Pot]) -> Option<Vec<&Chain>> {
        if self.all_outer(pots.iter().copied()) {
            return None;
        }
        for &p in pots {
            self.on(p);
        }
        Some(pots.iter().map(|p| &*self.on[p]).collect())
    }

    /// Whether every chain from `pots` is the outer grid's: together they rely on nothing
    /// the outer chain turned off, so what they conclude is not kept.
    fn all_outer(&self, pots: impl Iterator<Item = Pot>) -> bool {
        let Some((outer, chains)) = self.reuse else {
            return false;
        };
        pots.into_iter()
            .all(|p| chains.same(self.layout, outer, self.grid, p).is_some())
    }
}

/// The removals a conclusion makes on `grid`.
fn removals(grid: &[Mask], n: usize, p: Pot) -> Vec<(usize, u8)> {
    let (c, v, on) = unpot(n, p);
    if on {
        values(grid[c] & !bit(v)).map(|w| (c, w)).collect()
    } else if grid[c] & bit(v) != 0 {
        vec![(c, v)]
    } else {
        Vec::new()
    }
}

/// The nested complexity of branches (each nested chain once).
fn nested_of(branches: &[(&Chain, Vec<u32>)]) -> usize {
    let mut seen = HashMap::new();
    for (ch, targets) in branches {
        ch.nested(targets, &mut seen);
    }
    seen.values().map(|&c| c as usize).sum()
}

/// Builds a hint from branches (chain, conclusion nodes), if it removes something.
#[allow(clippy::too_many_arguments)]
fn hint(
    layout: &Layout,
    grid: &[Mask],
    search: &Search,
    kind: Kind,
    target: Pot,
    branches: &[(&Chain, Vec<u32>)],
    assumed: Option<Cause>,
    cells: Vec<usize>,
    house: Option<usize>,
    source: Option<(usize, u8)>,
) -> Option<ChainHint> {
    let n = layout.g.n;
    let removals = removals(grid, n, target);
    if removals.is_empty() {
        return None;
    }
    let flat: usize = branches
        .iter()
        .map(|(ch, t)| t.iter().map(|&i| ch.ancestors(i)).sum::<usize>())
        .sum();
    let mut rule_parents = Vec::new();
    if let Some(outer) = search.outer {
        for (ch, t) in branches {
            for &i in t {
                ch.rule_parents(layout, outer, grid, i, assumed, &mut rule_parents);
            }
        }
        if rule_parents.is_empty() {
            return None;
        }
    }
    Some(ChainHint {
        kind,
        removals,
        target: unpot(n, target),
        complexity: flat + nested_of(branches),
        cells,
        house,
        assumed: source,
        rule_parents,
    })
}

/// Every hint of the multiple forcing chains on `grid`, or [`Late`] past the deadline or the
/// layout's budget of implications.
pub fn hints(layout: &Layout, grid: &[Mask], search: Search) -> Result<Vec<ChainHint>, Late> {
    let n = layout.g.n;
    let mode = Mode {
        dynamic: search.dynamic,
        cell_links: !search.nishio,
        advanced: search.advanced,
        forcing: false,
    };
    let mut memo = Memo {
        layout,
        grid,
        mode,
        reuse: search.outer.zip(search.reuse),
        on: HashMap::new(),
    };
    let mut out = Vec::new();
    for c in 0..n * n {
        let card = grid[c].count_ones();
        if card < 2 || (!search.dynamic && card < 3) {
            continue;
        }
        if layout.spent() || search.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Late);
        }
        for v in values(grid[c]) {
            let p_on = super::implication::pot(n, c, v, true);
            let p_off = super::implication::pot(n, c, v, false);
            if search.dynamic {
                memo.on(p_on);
                let on_chain = &*memo.on[&p_on];
                let off_chain = chain(layout, grid, &[], &[p_off], mode);
                let card = if search.nishio { 0 } else { card };
                binary(
                    layout, grid, &search, c, v, card, on_chain, &off_chain, &mut out,
                );
            }
            if !search.nishio {
                region(layout, grid, &search, &mut memo, c, v, &mut out);
            }
        }
        if search.nishio {
            continue;
        }
        // Cell: what every value's chain concludes.
        let pots: Vec<Pot> = values(grid[c])
            .map(|v| super::implication::pot(n, c, v, true))
            .collect();
        let Some(chains) = memo.all_on(&pots) else {
            continue;
        };
        common(
            layout,
            grid,
            &search,
            &chains,
            Kind::Cell,
            Some(Cause::Cell),
            vec![c],
            (None, None),
            &mut out,
        );
    }
    Ok(out)
}

/// Contradictions and double implications of x_cv on and off.
#[allow(clippy::too_many_arguments)]
fn binary(
    layout: &Layout,
    grid: &[Mask],
    search: &Search,
    c: usize,
    v: u8,
    card: u32,
    on_chain: &Chain,
    off_chain: &Chain,
    out: &mut Vec<ChainHint>,
) {
    let n = layout.g.n;
    let p_on = super::implication::pot(n, c, v, true);
    let p_off = super::implication::pot(n, c, v, false);
    for (ch, target) in [(on_chain, p_off), (off_chain, p_on)] {
        if let Some((a, b)) = ch.contradiction {
            let branches = [(ch, vec![a, b])];
            out.extend(hint(
                layout,
                grid,
                search,
                Kind::Contradiction,
                target,
                &branches,
                None,
                vec![c],
                None,
                Some((c, v)),
            ));
        }
    }
    if card < 3 {
        return;
    }
    for (i, node) in on_chain.nodes.iter().enumerate() {
        let i = i as u32;
        if on_chain.get(node.pot) != Some(i) {
            continue;
        }
        if let Some(k) = off_chain.get(node.pot) {
            let branches = [(on_chain, vec![i]), (off_chain, vec![k])];
            out.extend(hint(
                layout,
                grid,
                search,
                Kind::Double,
                node.pot,
                &branches,
                None,
                vec![c],
                None,
                Some((c, v)),
            ));
        }
    }
}

/// Region chains of v in the houses of c where c is the first place of v.
fn region(
    layout: &Layout,
    grid: &[Mask],
    search: &Search,
    memo: &mut Memo,
    c: usize,
    v: u8,
    out: &mut Vec<ChainHint>,
) {
    let n = layout.g.n;
    let g = layout.g;
    for &h in &layout.houses_of[c] {
        let places: Vec<usize> = g.houses[h]
            .cells
            .iter()
            .copied()
            .filter(|&d| grid[d] & bit(v) != 0)
            .collect();
        if places.len() < 2 || places.iter().min() != Some(&c) {
            continue;
        }
        let pots: Vec<Pot> = places
            .iter()
            .map(|&d| super::implication::pot(n, d, v, true))
            .collect();
        let Some(chains) = memo.all_on(&pots) else {
            continue;
        };
        common(
            layout,
            grid,
            search,
            &chains,
            Kind::Region,
            Some(Cause::House(h)),
            places.clone(),
            (Some(h), Some((c, v))),
            out,
        );
    }
}

/// The conclusions every chain of `chains` shares, as hints of `kind`.
#[allow(clippy::too_many_arguments)]
fn common(
    layout: &Layout,
    grid: &[Mask],
    search: &Search,
    chains: &[&Chain],
    kind: Kind,
    assumed: Option<Cause>,
    cells: Vec<usize>,
    (house, source): (Option<usize>, Option<(usize, u8)>),
    out: &mut Vec<ChainHint>,
) {
    let Some(first) = chains.first() else { return };
    for (i, node) in first.nodes.iter().enumerate() {
        if first.get(node.pot) != Some(i as u32) {
            continue;
        }
        let nodes: Option<Vec<u32>> = chains.iter().map(|ch| ch.get(node.pot)).collect();
        let Some(nodes) = nodes else { continue };
        let branches: Vec<(&Chain, Vec<u32>)> = chains
            .iter()
            .zip(nodes)
            .map(|(ch, i)| (*ch, vec![i]))
            .collect();
        out.extend(hint(
            layout,
            grid,
            search,
            kind,
            node.pot,
            &branches,
            assumed,
            cells.clone(),
            house,
            source,
        ));
    }
}

/// The hint of least complexity (the first on a tie).
pub fn best(hints: Vec<ChainHint>) -> Option<ChainHint> {
    hints
        .into_iter()
        .fold(None, |best: Option<ChainHint>, h| match best {
            Some(b) if b.key() <= h.key() => Some(b),
            _ => Some(h),
        })
}
