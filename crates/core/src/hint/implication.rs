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
#[derive(Clone)]
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
    /// The candidates of `source` whose presence the chain read (per cell): a chain from the
    /// same assumptions on a grid that differs from `source` only outside them is the same
    /// chain, node for node ([`Chain::same_on`]).
    pub reads: Vec<Mask>,
}

const NONE: u32 = u32::MAX;

impl Chain {
    fn new(size: usize, grid: Vec<Mask>) -> Chain {
        Chain {
            nodes: Vec::with_capacity(256),
            parents: Vec::with_capacity(512),
            index: vec![NONE; size],
            contradiction: None,
            reads: vec![0; grid.len()],
            source: grid.clone(),
            grid,
        }
    }

    /// Whether the chain from the same assumptions on `grid` is this chain: `grid` and the
    /// chain's `source` agree on every candidate the chain read.
    pub fn same_on(&self, grid: &[Mask]) -> bool {
        self.reads
            .iter()
            .zip(self.source.iter().zip(grid))
            .all(|(&r, (&s, &g))| r & (s ^ g) == 0)
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
    /// Sukaku Explainer's forcing chain (its `doForcingChains`): in rounds, every candidate
    /// on pending, then every candidate off pending; a candidate both on and off does not stop
    /// it, only the negation of the (single) assumption does.
    pub forcing: bool,
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
    // A forcing chain's round: candidates on (true) or off (false).
    let mut round_on = true;
    // The assumption's node: only its negation stops a forcing chain.
    const ROOT: u32 = 0;
    loop {
        layout.work.set(layout.work.get() + 1);
        if mode.forcing {
            match round_on {
                true if pend_on.is_empty() => round_on = false,
                false if pend_off.is_empty() => round_on = true,
                _ => {}
            }
        }
        let next_on = match mode.forcing && !round_on {
            true => None,
            false => pend_on.pop_front(),
        };
        if let Some(i) = next_on {
            let (c, v, _) = unpot(n, ch.nodes[i as usize].pot);
            let others_mask = if mode.cell_links {
                ch.reads[c] = Mask::MAX;
                ch.grid[c] & !bit(v)
            } else {
                0
            };
            for &d in &layout.peers[c] {
                ch.reads[d] |= bit(v);
            }
            let others = values(others_mask).map(|w| (c, w));
            let peers = layout.peers[c]
                .iter()
                .filter(|&&d| ch.grid[d] & bit(v) != 0)
                .map(|&d| (d, v));
            offs.clear();
            offs.extend(others.chain(peers));
            for &(d, w) in &offs {
                let p_off = pot(n, d, w, false);
                if let Some(k) = ch
                    .get(pot(n, d, w, true))
                    .filter(|&k| !mode.forcing || k == ROOT)
                {
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
            if mode.cell_links {
                ch.reads[c] = Mask::MAX;
            }
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
                    ch.reads[d] |= bit(v);
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
                if let Some(k) = ch
                    .get(pot(n, d, w, false))
                    .filter(|&k| !mode.forcing || k == ROOT)
                {
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
        // A nested level reads the whole grid.
        ch.reads.fill(Mask::MAX);
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

/// Reused buffers of [`contradicts`]: candidates on and off as bits (cell · n + v − 1), and
/// the queues of what was turned on and off (whose bits are cleared after each chain).
#[derive(Default)]
pub struct Scratch {
    on: Vec<u64>,
    off: Vec<u64>,
    queue_on: Vec<u32>,
    queue_off: Vec<u32>,
}

impl Scratch {
    fn has(bits: &[u64], i: u32) -> bool {
        bits[(i >> 6) as usize] >> (i & 63) & 1 == 1
    }

    fn set(bits: &mut [u64], i: u32) {
        bits[(i >> 6) as usize] |= 1 << (i & 63);
    }

    /// Turns candidate i on (false: it is off already, a contradiction).
    fn turn_on(&mut self, i: u32) -> bool {
        if Scratch::has(&self.off, i) {
            return false;
        }
        if !Scratch::has(&self.on, i) {
            Scratch::set(&mut self.on, i);
            self.queue_on.push(i);
        }
        true
    }

    /// Turns candidate i off (false: it is on already, a contradiction).
    fn turn_off(&mut self, i: u32) -> bool {
        if Scratch::has(&self.on, i) {
            return false;
        }
        if !Scratch::has(&self.off, i) {
            Scratch::set(&mut self.off, i);
            self.queue_off.push(i);
        }
        true
    }

    fn clear(&mut self) {
        for &i in &self.queue_on {
            self.on[(i >> 6) as usize] = 0;
        }
        for &i in &self.queue_off {
            self.off[(i >> 6) as usize] = 0;
        }
        self.queue_on.clear();
        self.queue_off.clear();
    }
}

/// Whether the static chain from `p` on `grid` (cell and house links, no nested level) finds
/// a candidate both on and off: [`chain`]'s answer, in its order and with its count of
/// implications, without the parents (nothing allocated: `scratch` is reused). The nested
/// levels keep a static chain only when it contradicts itself, which few do.
pub fn contradicts(layout: &Layout, grid: &[Mask], p: Pot, scratch: &mut Scratch) -> bool {
    let n = layout.g.n;
    let words = (n * n * n).div_ceil(64);
    scratch.on.resize(words, 0);
    scratch.off.resize(words, 0);
    let (c0, v0, on) = unpot(n, p);
    let start = (c0 * n + v0 as usize - 1) as u32;
    match on {
        true => scratch.turn_on(start),
        false => scratch.turn_off(start),
    };
    let found = follow(layout, grid, scratch);
    scratch.clear();
    found
}

/// [`contradicts`]'s loop: every candidate on before the next candidate off, as [`chain`].
fn follow(layout: &Layout, grid: &[Mask], s: &mut Scratch) -> bool {
    let n = layout.g.n;
    let idx = |c: usize, v: u8| (c * n + v as usize - 1) as u32;
    let (mut next_on, mut next_off) = (0, 0);
    loop {
        layout.work.set(layout.work.get() + 1);
        if let Some(&i) = s.queue_on.get(next_on) {
            next_on += 1;
            let (c, v) = (i as usize / n, (i as usize % n) as u8 + 1);
            for w in values(grid[c] & !bit(v)) {
                if !s.turn_off(idx(c, w)) {
                    return true;
                }
            }
            for &d in &layout.peers[c] {
                if grid[d] & bit(v) != 0 && !s.turn_off(idx(d, v)) {
                    return true;
                }
            }
            continue;
        }
        if let Some(&i) = s.queue_off.get(next_off) {
            next_off += 1;
            let (c, v) = (i as usize / n, (i as usize % n) as u8 + 1);
            let m = grid[c];
            if m.count_ones() == 2 && m & bit(v) != 0 {
                let w = values(m & !bit(v)).next().unwrap_or(v);
                if !s.turn_on(idx(c, w)) {
                    return true;
                }
            }
            for &h in &layout.houses_of[c] {
                let mut other = None;
                let mut count = 0;
                for &d in &layout.g.houses[h].cells {
                    if d != c && grid[d] & bit(v) != 0 {
                        count += 1;
                        other = Some(d);
                    }
                }
                if let (1, Some(d)) = (count, other) {
                    if !s.turn_on(idx(d, v)) {
                        return true;
                    }
                }
            }
            continue;
        }
        return false;
    }
}
