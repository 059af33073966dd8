//! Sukaku Explainer's implication engine (its `Chaining.doChaining`): from candidates assumed
//! "on" (x_cv = 1) or "off" (x_cv = 0), everything that follows by singles, each consequence
//! with the consequences it follows from (its parents), to a fixpoint or to a candidate both on
//! and off (a contradiction).
//!
//! - on → off: a candidate on turns off the other values of its cell and v in every peer;
//! - off → on: a cell left with two values turns the other on, a house left with two places
//!   for v turns the other on (parents: the candidate, and every candidate of that cell or of
//!   v in that house the chain has already turned off, which is why it holds).
//!
//! A *dynamic* chain removes each candidate it turns off from its grid, so that later singles
//! see the removals; a *static* one does not. When nothing is left to follow, a nested level
//! ([`Advanced`]) may add candidates off found by other techniques on the chain's grid.
//! The length Sukaku Explainer rates is the number of distinct ancestors of a conclusion
//! ([`Chain::ancestors`]), plus the complexity of the nested chains it used.

use super::grid::{values, Candidates};
use crate::geometry::HouseKind;
use crate::mask::{bit, Mask};
use std::collections::VecDeque;

/// A candidate on or off: `((cell · n + v − 1) << 1) | on`.
pub type Pot = u32;

/// The potential of cell c, value v, on or off.
pub fn pot(n: usize, c: usize, v: u8, on: bool) -> Pot {
    (((c * n + v as usize - 1) << 1) | on as usize) as Pot
}

/// (cell, value, on) of a potential.
pub fn unpot(n: usize, p: Pot) -> (usize, u8, bool) {
    let i = (p >> 1) as usize;
    (i / n, (i % n) as u8 + 1, p & 1 == 1)
}

/// Why a candidate is on: its cell has one value left, or a house one place (for the rule
/// parents of a nested chain); `None` for an assumption or a candidate turned off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    Assumed,
    Cell,
    House(usize),
    Off,
}

/// One consequence of a chain.
#[derive(Clone, Debug)]
pub struct Node {
    pub pot: Pot,
    pub cause: Cause,
    parents: (u32, u32),
    /// The complexity of the nested chain this candidate off came from (0 if none), and its
    /// identity (one nested chain counts once).
    pub nested: (u32, u32),
}

/// The layout a chain reads: the grid's houses and peers, and the masks of its open cells
/// (placed cells have none).
pub struct Layout<'a> {
    pub g: &'a Candidates,
    pub masks: Vec<Mask>,
    /// Implications followed so far by every chain on this layout (nested ones too).
    pub work: std::cell::Cell<u64>,
    /// The most implications a search may follow ([`Layout::spent`] past it).
    pub budget: u64,
    /// Each cell's houses in Sukaku Explainer's order (box or region, row, column, others),
    /// and its peers in that order (the order chains meet their consequences in).
    pub houses_of: Vec<Vec<usize>>,
    pub peers: Vec<Vec<usize>>,
}

/// Sukaku Explainer's order of house kinds.
fn kind_rank(kind: HouseKind) -> u8 {
    match kind {
        HouseKind::Box(_) | HouseKind::Region(_) => 0,
        HouseKind::Row(_) => 1,
        HouseKind::Col(_) => 2,
        HouseKind::Diagonal(_) => 3,
    }
}

impl<'a> Layout<'a> {
    pub fn new(g: &'a Candidates, budget: u64) -> Layout<'a> {
        let masks = (0..g.n * g.n)
            .map(|c| if g.value[c] == 0 { g.cand[c] } else { 0 })
            .collect();
        let houses_of: Vec<Vec<usize>> = (0..g.n * g.n)
            .map(|c| {
                let mut hs = g.houses_of[c].clone();
                hs.sort_by_key(|&h| kind_rank(g.houses[h].kind));
                hs
            })
            .collect();
        let peers = (0..g.n * g.n)
            .map(|c| {
                let mut seen = vec![false; g.n * g.n];
                seen[c] = true;
                let mut out = Vec::new();
                for &h in &houses_of[c] {
                    for &d in &g.houses[h].cells {
                        if !std::mem::replace(&mut seen[d], true) && g.peers[c].contains(&d) {
                            out.push(d);
                        }
                    }
                }
                out
            })
            .collect();
        Layout {
            g,
            masks,
            work: std::cell::Cell::new(0),
            budget,
            houses_of,
            peers,
        }
    }

    /// Whether the search has followed its budget of implications.
    pub fn spent(&self) -> bool {
        self.work.get() > self.budget
    }
}

/// What a nested level adds when a chain stops: candidates off, each with the candidates off
/// of the chain it relies on (at least one), and the nested chain's complexity.
pub struct AdvancedOff {
    pub pot: Pot,
    pub parents: Vec<Pot>,
    pub nested: u32,
    pub nested_id: u32,
}

/// A nested level: from the chain's grid (`grid`) and the grid it started on (`source`).
pub trait Advanced {
    fn offs(&self, layout: &Layout, source: &[Mask], grid: &[Mask]) -> Vec<AdvancedOff>;
}

/// The consequences of one assumption.
pub struct Chain {
    pub nodes: Vec<Node>,
    parents: Vec<u32>,
    /// Node of each potential (u32::MAX if absent).
    index: Vec<u32>,
    /// (on node, off node) of the first candidate found both on and off.
    pub contradiction: Option<(u32, u32)>,
    /// The grid when the chain stopped (dynamic chains only differ from the start).
    pub grid: Vec<Mask>,
    /// The grid the chain started on.
    pub source: Vec<Mask>,
}

const NONE: u32 = u32::MAX;

impl Chain {
    fn new(size: usize, grid: Vec<Mask>) -> Chain {
        Chain {
            nodes: Vec::with_capacity(256),
            parents: Vec::with_capacity(512),
            index: vec![NONE; size],
            contradiction: None,
            source: grid.clone(),
            grid,
        }
    }

    /// The node of a potential in the chain, if any.
    pub fn get(&self, p: Pot) -> Option<u32> {
        match self.index[p as usize] {
            NONE => None,
            i => Some(i),
        }
    }

    /// Whether the chain holds the potential.
    pub fn has(&self, p: Pot) -> bool {
        self.index[p as usize] != NONE
    }

    /// The parents of node i.
    pub fn parents_of(&self, i: u32) -> &[u32] {
        let (a, b) = self.nodes[i as usize].parents;
        &self.parents[a as usize..b as usize]
    }

    /// Adds a node (registered unless `shadow`: a node only returned as one side of a
    /// contradiction).
    fn push(
        &mut self,
        pot: Pot,
        cause: Cause,
        parents: &[u32],
        nested: (u32, u32),
        shadow: bool,
    ) -> u32 {
        let a = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        let i = self.nodes.len() as u32;
        self.nodes.push(Node {
            pot,
            cause,
            parents: (a, self.parents.len() as u32),
            nested,
        });
        if !shadow {
            self.index[pot as usize] = i;
        }
        i
    }

    /// Sukaku Explainer's length of a conclusion: its distinct ancestors, itself included.
    pub fn ancestors(&self, i: u32) -> usize {
        self.ancestor_nodes(i).len()
    }

    /// The distinct ancestors of node i (itself included).
    pub fn ancestor_nodes(&self, i: u32) -> Vec<u32> {
        let mut seen = vec![false; self.nodes.len()];
        let mut todo = vec![i];
        let mut out = Vec::new();
        while let Some(k) = todo.pop() {
            if std::mem::replace(&mut seen[k as usize], true) {
                continue;
            }
            out.push(k);
            todo.extend_from_slice(self.parents_of(k));
        }
        out
    }

    /// The nested chains among the ancestors of `targets` (identity → complexity).
    pub fn nested(&self, targets: &[u32], into: &mut std::collections::HashMap<u32, u32>) {
        for &t in targets {
            for k in self.ancestor_nodes(t) {
                let (cx, id) = self.nodes[k as usize].nested;
                if cx > 0 {
                    into.insert(id, cx);
                }
            }
        }
    }

    /// The candidates off (in `source`, gone from `grid`) an "on" ancestor of node i relies on:
    /// the other values of its cell or the other places of its value in its house (Sukaku
    /// Explainer's rule parents of a nested chain). `assumed` is the cause given to the
    /// assumption (a cell or a house for multiple chains, none for a single chain).
    pub fn rule_parents(
        &self,
        layout: &Layout,
        source: &[Mask],
        grid: &[Mask],
        i: u32,
        assumed: Option<Cause>,
        out: &mut Vec<Pot>,
    ) {
        let n = layout.g.n;
        for k in self.ancestor_nodes(i) {
            let node = &self.nodes[k as usize];
            let (c, v, on) = unpot(n, node.pot);
            let cause = match node.cause {
                Cause::Assumed => assumed,
                cause => Some(cause),
            };
            if !on {
                continue;
            }
            match cause {
                Some(Cause::Cell) => {
                    for w in values(source[c] & !grid[c]) {
                        out.push(pot(n, c, w, false));
                    }
                }
                Some(Cause::House(h)) => {
                    for &d in &layout.g.houses[h].cells {
                        if source[d] & bit(v) != 0 && grid[d] & bit(v) == 0 {
                            out.push(pot(n, d, v, false));
                        }
                    }
                }
                _ => {}
            }
        }
        out.sort_unstable();
        out.dedup();
    }
}

/// How a chain follows its consequences.
#[derive(Clone, Copy)]
pub struct Mode<'a> {
    /// Remove each candidate turned off from the chain's grid.
    pub dynamic: bool,
    /// Follow a cell's values too (a candidate on turns the cell's others off, a cell of two
    /// values left turns the other on); Nishio follows one value's places only.
    pub cell_links: bool,
    /// A nested level, asked when nothing else follows.
    pub advanced: Option<&'a dyn Advanced>,
}

/// Follows `on` and `off` (assumed) on `grid` to a fixpoint or a contradiction, as Sukaku
/// Explainer does: every candidate on is followed before the next candidate off.
pub fn chain(layout: &Layout, grid: &[Mask], on: &[Pot], off: &[Pot], mode: Mode) -> Chain {
    let n = layout.g.n;
    let g = layout.g;
    let mut ch = Chain::new(n * n * n * 2, grid.to_vec());
    let (mut pend_on, mut pend_off) = (VecDeque::new(), VecDeque::new());
    for &p in on {
        pend_on.push_back(ch.push(p, Cause::Assumed, &[], (0, 0), false));
    }
    for &p in off {
        pend_off.push_back(ch.push(p, Cause::Assumed, &[], (0, 0), false));
    }
    // Buffers reused at every implication (the chain's hot loop allocates nothing else).
    let mut offs: Vec<(usize, u8)> = Vec::with_capacity(32);
    let mut ons: Vec<(usize, u8, Cause, (usize, usize))> = Vec::with_capacity(8);
    let mut hidden: Vec<u32> = Vec::with_capacity(64);
    loop {
        layout.work.set(layout.work.get() + 1);
        if let Some(i) = pend_on.pop_front() {
            let (c, v, _) = unpot(n, ch.nodes[i as usize].pot);
            let others_mask = if mode.cell_links {
                ch.grid[c] & !bit(v)
            } else {
                0
            };
            let others = values(others_mask).map(|w| (c, w));
            let peers = layout.peers[c]
                .iter()
                .filter(|&&d| ch.grid[d] & bit(v) != 0)
                .map(|&d| (d, v));
            offs.clear();
            offs.extend(others.chain(peers));
            for &(d, w) in &offs {
                let p_off = pot(n, d, w, false);
                if let Some(k) = ch.get(pot(n, d, w, true)) {
                    let o = ch.push(p_off, Cause::Off, &[i], (0, 0), true);
                    ch.contradiction = Some((k, o));
                    return ch;
                }
                if !ch.has(p_off) {
                    pend_off.push_back(ch.push(p_off, Cause::Off, &[i], (0, 0), false));
                }
            }
            continue;
        }
        if let Some(i) = pend_off.pop_front() {
            let (c, v, _) = unpot(n, ch.nodes[i as usize].pot);
            ons.clear();
            hidden.clear();
            let m = ch.grid[c];
            if mode.cell_links && m.count_ones() == 2 && m & bit(v) != 0 {
                let w = values(m & !bit(v)).next().unwrap_or(v);
                let start = hidden.len();
                hidden.push(i);
                for u in values(ch.source[c] & !m) {
                    hidden.extend(ch.get(pot(n, c, u, false)));
                }
                ons.push((c, w, Cause::Cell, (start, hidden.len())));
            }
            for &h in &layout.houses_of[c] {
                let cells = &g.houses[h].cells;
                let mut other = None;
                let mut count = 0;
                for &d in cells {
                    if d != c && ch.grid[d] & bit(v) != 0 {
                        count += 1;
                        other = Some(d);
                    }
                }
                if count != 1 {
                    continue;
                }
                let d = other.unwrap_or(c);
                let start = hidden.len();
                hidden.push(i);
                for &e in cells {
                    if ch.source[e] & bit(v) != 0 && ch.grid[e] & bit(v) == 0 {
                        hidden.extend(ch.get(pot(n, e, v, false)));
                    }
                }
                ons.push((d, v, Cause::House(h), (start, hidden.len())));
            }
            if mode.dynamic {
                ch.grid[c] &= !bit(v);
            }
            for &(d, w, cause, (a, b)) in &ons {
                let parents = &hidden[a..b];
                let p_on = pot(n, d, w, true);
                if let Some(k) = ch.get(pot(n, d, w, false)) {
                    let o = ch.push(p_on, cause, parents, (0, 0), true);
                    ch.contradiction = Some((o, k));
                    return ch;
                }
                if !ch.has(p_on) {
                    pend_on.push_back(ch.push(p_on, cause, parents, (0, 0), false));
                }
            }
            continue;
        }
        let Some(adv) = mode.advanced else {
            return ch;
        };
        let mut added = false;
        for a in adv.offs(layout, &ch.source, &ch.grid) {
            if ch.has(a.pot) {
                continue;
            }
            let parents: Vec<u32> = a.parents.iter().filter_map(|&p| ch.get(p)).collect();
            if parents.is_empty() {
                continue;
            }
            pend_off.push_back(ch.push(
                a.pot,
                Cause::Off,
                &parents,
                (a.nested, a.nested_id),
                false,
            ));
            added = true;
        }
        if !added {
            return ch;
        }
    }
}
