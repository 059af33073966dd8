//! The incremental propagator: candidate bitsets, per-house place counts, a trail and queues.
//!
//! Literal x(i, v) ("cell i holds v") is open while bit v of `cand[i]` is set. For a house h and a
//! value v, `places[h][v] = |{ i ∈ h : v ∈ cand[i] }|` is the number of literals of the clause
//! "v at least once in h" that are not yet false. Unit propagation on the CNF of seed 001 is then:
//! - **naked single**: |cand\[i\]| = 1 makes x(i, v) true, and the "at most once" clauses make
//!   x(j, v) false for every peer j of i;
//! - **hidden single**: places\[h\]\[v\] = 1 makes the one remaining literal of h true;
//! - **empty clause**: cand\[i\] = ∅ or places\[h\]\[v\] = 0.
//!
//! Every change removes bits from one mask and is recorded on a trail as (cell, old mask), so that
//! [`State::undo`] returns to any earlier trail length exactly; the counts are restored from the
//! removed bits. A cell whose mask becomes a single value, and a (house, value) whose count
//! becomes 1, are queued: propagation visits only what changed, never rescans the grid.
//!
//! Over 600 lines, about 80 of them unit tests: the shape and the incremental state are one data
//! structure in flat arrays; the propagators are in [`super::propagators`].

use super::propagators::{intersections, lower, Propagator};
use crate::mask::{full, is_single, lowest};
use crate::puzzle::{House, Puzzle};
use crate::rules::primitive::Primitive;
use std::cell::RefCell;
use std::rc::Rc;

thread_local! {
    /// The last shape built on this thread for a puzzle without primitives, with its houses:
    /// a batch of classic grids builds its shape once (the houses decide it entirely).
    static LAST_SHAPE: RefCell<Option<(Vec<House>, Rc<Shape>)>> = const { RefCell::new(None) };
}

/// The fixed structure of a grid, in flat arrays: each cell's houses and peers, each house's
/// cells.
pub struct Shape {
    /// Order n (values 0..n as bits 0..n−1 of a `u64`).
    pub n: usize,
    /// h·n for each house h of each cell (flattened per cell): where h's counts start.
    cell_house_bases: Vec<u32>,
    cell_houses_at: Vec<u32>,
    /// The number of houses of every cell when it is the same for all (3 on a classic grid),
    /// else 0: cell i's entries are then at i·d..(i + 1)·d without looking up `cell_houses_at`.
    house_degree: usize,
    peers: Vec<u32>,
    peers_at: Vec<u32>,
    house_cells: Vec<u32>,
    house_cells_at: Vec<u32>,
    /// Propagators of the puzzle's primitives (none for a classic grid).
    rules: Vec<Propagator>,
    has_rules: bool,
    /// The cells each rule reads (flattened per rule).
    rule_cells: Vec<u32>,
    rule_cells_at: Vec<u32>,
    /// The rules that read each cell (flattened per cell).
    watch: Vec<u32>,
    watch_at: Vec<u32>,
    /// Each cell's starting candidates (its `Values` primitives).
    domains: Vec<u64>,
}

/// `items[at[k]..at[k + 1]]`: row k of a flattened list of lists.
fn row<'a>(items: &'a [u32], at: &[u32], k: usize) -> &'a [u32] {
    &items[at[k] as usize..at[k + 1] as usize]
}

/// Flattens lists of indices into (items, start offsets).
fn flatten(lists: &[Vec<usize>]) -> (Vec<u32>, Vec<u32>) {
    let mut items = Vec::new();
    let mut at = vec![0u32];
    for list in lists {
        items.extend(list.iter().map(|&x| x as u32));
        at.push(items.len() as u32);
    }
    (items, at)
}

/// d when every row of a flattened list of lists (`at`: its start offsets) has d > 0 items,
/// else 0.
fn uniform_degree(at: &[u32]) -> usize {
    let d = at.get(1).copied().unwrap_or(0);
    let uniform = at.windows(2).all(|w| w[1] - w[0] == d);
    if uniform {
        d as usize
    } else {
        0
    }
}

impl Shape {
    /// [`Shape::new`], shared with the previous call on this thread when the puzzle has no
    /// primitives and the same houses (a batch of one kind of grid builds it once).
    pub fn shared(puzzle: &Puzzle, primitives: &[Primitive]) -> Rc<Shape> {
        if !primitives.is_empty() {
            return Rc::new(Shape::with_primitives(puzzle, primitives));
        }
        LAST_SHAPE.with(|last| {
            let mut last = last.borrow_mut();
            if let Some((houses, shape)) = last.as_ref() {
                if houses.as_slice() == puzzle.houses() {
                    return Rc::clone(shape);
                }
            }
            let shape = Rc::new(Shape::with_primitives(puzzle, &[]));
            *last = Some((puzzle.houses().to_vec(), Rc::clone(&shape)));
            shape
        })
    }

    /// The houses, peers and rules of a puzzle. An all-different primitive over n cells is one
    /// more house (hidden singles apply to it); a smaller one only adds peers.
    pub fn new(puzzle: &Puzzle) -> Shape {
        Shape::with_primitives(puzzle, puzzle.primitives())
    }

    /// [`Shape::new`] with `primitives` (the puzzle's, with or without its implied sums) in
    /// place of the puzzle's own.
    pub fn with_primitives(puzzle: &Puzzle, primitives: &[Primitive]) -> Shape {
        let n = puzzle.order();
        let index = puzzle.index();
        let mut houses_of = index.houses_of.to_vec();
        let mut houses = index.cells_of.to_vec();
        let mut peers = index.peers.to_vec();
        for p in primitives {
            if let Primitive::AllDifferent { cells, .. } = p {
                let group: Vec<usize> = cells.iter().map(|c| c.index(n)).collect();
                for &i in &group {
                    peers[i].extend(group.iter().copied().filter(|&j| j != i));
                }
                if group.len() == n {
                    for &i in &group {
                        houses_of[i].push(houses.len());
                    }
                    houses.push(group);
                }
            }
        }
        for p in &mut peers {
            p.sort_unstable();
            p.dedup();
        }
        let (mut rules, domains) = lower(puzzle, primitives, &peers);
        // Locked candidates only where rules make search deep: on classic grids the
        // failed-literal rule finds them and the watch lists would cost every removal.
        if !primitives.is_empty() {
            rules.extend(intersections(n, &houses));
        }
        let mut watchers = vec![Vec::new(); n * n];
        let mut cells_of = Vec::with_capacity(rules.len());
        for (r, rule) in rules.iter().enumerate() {
            let cells: Vec<usize> = rule.cells().iter().map(|&c| c as usize).collect();
            for &c in &cells {
                watchers[c].push(r);
            }
            cells_of.push(cells);
        }
        let (watch, watch_at) = flatten(&watchers);
        let (rule_cells, rule_cells_at) = flatten(&cells_of);
        let (cell_houses, cell_houses_at) = flatten(&houses_of);
        let cell_house_bases = cell_houses.iter().map(|&h| h * n as u32).collect();
        let (peers, peers_at) = flatten(&peers);
        let (house_cells, house_cells_at) = flatten(&houses);
        Shape {
            n,
            cell_house_bases,
            house_degree: uniform_degree(&cell_houses_at),
            cell_houses_at,
            peers,
            peers_at,
            house_cells,
            house_cells_at,
            has_rules: !rules.is_empty(),
            rules,
            rule_cells,
            rule_cells_at,
            watch,
            watch_at,
            domains,
        }
    }

    pub fn cells(&self) -> usize {
        self.cell_houses_at.len() - 1
    }

    pub fn houses(&self) -> usize {
        self.house_cells_at.len() - 1
    }

    /// h·n for each house h of cell i.
    #[inline(always)]
    fn house_bases_of(&self, i: usize) -> &[u32] {
        match self.house_degree {
            0 => row(&self.cell_house_bases, &self.cell_houses_at, i),
            d => &self.cell_house_bases[i * d..(i + 1) * d],
        }
    }

    fn peers(&self, i: usize) -> &[u32] {
        row(&self.peers, &self.peers_at, i)
    }

    fn house(&self, h: usize) -> &[u32] {
        row(&self.house_cells, &self.house_cells_at, h)
    }

    fn rule_cells(&self, r: usize) -> &[u32] {
        row(&self.rule_cells, &self.rule_cells_at, r)
    }

    fn watchers(&self, i: usize) -> &[u32] {
        row(&self.watch, &self.watch_at, i)
    }
}

/// The low bits of a (house, value) slot: how many places are left.
const PLACES: u32 = 0xff;

/// Grids with at most this many (house, value) slots (up to 16×16 with 48 houses) restore a
/// probe's counts by copying them back.
const PROBE_COPY_SLOTS: usize = 1024;

/// The empty clause was derived.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Conflict;

/// Where the last empty clause came from: its cells are the ones conflict-directed branching
/// weights ([`State::culprit_cells`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Culprit {
    None,
    /// A cell lost its last candidate.
    Cell([u32; 1]),
    /// A value lost its last place in a house.
    House(u32),
    /// A rule's propagator found no value fits.
    Rule(u32),
}

/// Candidates, counts, trail and queues of one search.
pub struct State<'s> {
    shape: &'s Shape,
    /// Open literals of each cell.
    cand: Vec<u64>,
    /// slots[h * n + v] = (where << 8) | places, one word per (house, value) so that a removal
    /// updates both with one load and one store:
    /// - places (low 8 bits): cells of house h where v is still a candidate;
    /// - where (the bits above): the XOR of those cells' indices, which is the cell itself when
    ///   places = 1 (a hidden single is found without scanning the house).
    slots: Vec<u32>,
    /// Small grids: the slots at the start of the last probe, restored by one copy at its end
    /// (cheaper than undoing each removal's counts); `changes` counts removals and undos, so
    /// that an unchanged state is not copied again.
    probe_slots: Vec<u32>,
    probe_changes: Option<u64>,
    changes: u64,
    /// Cells with exactly one candidate.
    fixed: usize,
    /// (cell, mask before the change), oldest first.
    trail: Vec<(u32, u64)>,
    /// Cells that became single-valued and whose value is not yet removed from their peers.
    naked: Vec<u32>,
    /// (house, value) pairs whose count became 1, as (h·n + v, v).
    hidden: Vec<(u32, u32)>,
    /// Set when a change derived the empty clause, until the queues are cleared.
    conflict: bool,
    /// The source of the last empty clause (kept after the queues are cleared).
    culprit: Culprit,
    /// Rules whose cells changed since they last ran, and a flag per rule for "queued".
    dirty: Vec<u32>,
    queued: Vec<bool>,
    /// Scratch space for a rule's removals.
    removals: Vec<(u32, u64)>,
}

impl<'s> State<'s> {
    /// Each given cell has its value as only candidate, each empty cell all of 1..n; the givens
    /// are queued, so the first [`State::propagate`] is unit propagation from scratch.
    pub fn from_givens(shape: &'s Shape, givens: &[u8]) -> State<'s> {
        let n = shape.n;
        let mut state = State {
            shape,
            cand: vec![full(n); shape.cells()],
            slots: vec![0; shape.houses() * n],
            probe_slots: Vec::new(),
            probe_changes: None,
            changes: 0,
            fixed: 0,
            trail: Vec::new(),
            naked: Vec::new(),
            hidden: Vec::new(),
            conflict: false,
            culprit: Culprit::None,
            dirty: (0..shape.rules.len() as u32).rev().collect(),
            queued: vec![true; shape.rules.len()],
            removals: Vec::new(),
        };
        for h in 0..shape.houses() {
            let size = shape.house(h).len().min(u8::MAX as usize) as u8;
            let all = shape.house(h).iter().fold(0, |acc, &i| acc ^ i);
            state.slots[h * n..(h + 1) * n].fill(all << 8 | size as u32);
        }
        if n == 1 {
            state.fixed = shape.cells();
            state.naked.extend(0..shape.cells() as u32);
        }
        for (i, &g) in givens.iter().enumerate() {
            if g != 0 && (g as usize) <= n {
                state.assign(i, 1u64 << (g - 1));
            }
            if shape.domains[i] != full(n) {
                state.remove(i, !shape.domains[i]);
            }
        }
        // The starting masks are not a change to undo.
        state.trail.clear();
        state
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.cand.len()
    }

    /// The open literals of cell `i`.
    pub fn cand(&self, i: usize) -> u64 {
        self.cand[i]
    }

    /// Cells with exactly one candidate.
    pub fn fixed(&self) -> usize {
        self.fixed
    }

    /// Every cell has one value (after a conflict-free [`State::propagate`]: a solution).
    pub fn complete(&self) -> bool {
        self.fixed == self.cand.len()
    }

    /// The values of single-valued cells, 0 elsewhere.
    pub fn values(&self) -> Vec<u8> {
        self.cand
            .iter()
            .map(|&m| if is_single(m) { lowest(m) } else { 0 })
            .collect()
    }

    /// The trail length: a point to [`State::undo`] to.
    pub fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Makes the literals in `bits` of cell `i` false, updating counts and queues. The change is
    /// always recorded in full, so a conflict found here is reported by [`State::propagate`].
    #[inline(always)]
    pub fn remove(&mut self, i: usize, bits: u64) {
        // Most removals (a new single's value in its peers) find the value already gone.
        if self.cand[i] & bits != 0 {
            self.remove_open(i, bits);
        }
    }

    /// [`State::remove`] when some of `bits` are still open in cell `i`.
    fn remove_open(&mut self, i: usize, bits: u64) {
        let old = self.cand[i];
        let new = old & !bits;
        self.changes += 1;
        self.trail.push((i as u32, old));
        self.cand[i] = new;
        let shape = self.shape;
        let bases = shape.house_bases_of(i);
        let mut removed = old & bits;
        while removed != 0 {
            let v = removed.trailing_zeros();
            removed &= removed - 1;
            for &base in bases {
                let k = (base + v) as usize;
                let slot = &mut self.slots[k];
                *slot = (*slot - 1) ^ ((i as u32) << 8);
                let count = *slot & PLACES;
                if count <= 1 {
                    if count == 0 {
                        self.fail(Culprit::House(k as u32 / shape.n as u32));
                    } else {
                        self.hidden.push((k as u32, v));
                    }
                }
            }
        }
        if new == 0 {
            self.fail(Culprit::Cell([i as u32]));
        } else if is_single(new) {
            self.fixed += 1;
            self.naked.push(i as u32);
        }
        if shape.has_rules {
            for &r in shape.watchers(i) {
                if !self.queued[r as usize] {
                    self.queued[r as usize] = true;
                    self.dirty.push(r);
                }
            }
        }
    }

    /// Makes the literal of `bit` in cell `i` true (every other candidate false).
    pub fn assign(&mut self, i: usize, bit: u64) {
        if self.cand[i] & bit == 0 {
            self.fail(Culprit::Cell([i as u32]));
        }
        self.remove(i, !bit);
    }

    /// Records the empty clause, and its source when it is the first since the queues were
    /// cleared.
    #[inline(always)]
    fn fail(&mut self, culprit: Culprit) {
        if !self.conflict {
            self.culprit = culprit;
        }
        self.conflict = true;
    }

    /// The cells of the last empty clause's source: the cell, the house, or the rule's cells
    /// (empty before any conflict).
    pub fn culprit_cells(&self) -> &[u32] {
        match &self.culprit {
            Culprit::None => &[],
            Culprit::Cell(cell) => cell,
            Culprit::House(h) => self.shape.house(*h as usize),
            Culprit::Rule(r) => self.shape.rule_cells(*r as usize),
        }
    }

    /// Unit propagation from the queued changes to a fixpoint, or the empty clause. The queues
    /// are empty afterwards either way.
    pub fn propagate(&mut self) -> Result<(), Conflict> {
        loop {
            if self.conflict {
                self.naked.clear();
                self.hidden.clear();
                self.conflict = false;
                for r in self.dirty.drain(..) {
                    self.queued[r as usize] = false;
                }
                return Err(Conflict);
            }
            if let Some(i) = self.naked.pop() {
                let i = i as usize;
                let bit = self.cand[i];
                self.clear_peers(i, bit);
            } else if let Some((k, v)) = self.hidden.pop() {
                self.hidden_single(k as usize, v);
            } else if let Some(r) = self.dirty.pop() {
                self.run_rule(r as usize);
            } else {
                return Ok(());
            }
        }
    }

    /// Removes the value `bit` of single cell i from its peers. The peers that still hold it are
    /// gathered first without a branch per peer (which peers do is unpredictable), then
    /// removed; a removal changes no other peer's mask, so this is the plain loop's result.
    fn clear_peers(&mut self, i: usize, bit: u64) {
        let shape = self.shape;
        let mut hits = [0u32; 64];
        for chunk in shape.peers(i).chunks(64) {
            let mut found = 0;
            for &j in chunk {
                hits[found] = j;
                found += usize::from(self.cand[j as usize] & bit != 0);
            }
            for &j in &hits[..found] {
                self.remove_open(j as usize, bit);
            }
        }
    }

    /// Runs rule `r` and applies its removals; its own removals do not queue it again (every
    /// rule reaches its own fixpoint in one run).
    fn run_rule(&mut self, r: usize) {
        let mut removals = std::mem::take(&mut self.removals);
        removals.clear();
        match self.shape.rules[r].revise(&self.cand, &mut removals) {
            Ok(()) => {
                for &(i, bits) in &removals {
                    self.remove(i as usize, bits);
                }
            }
            Err(_) => self.fail(Culprit::Rule(r as u32)),
        }
        self.queued[r] = false;
        self.removals = removals;
    }

    /// The one place left for value v in house h takes it (if the count is still 1), where
    /// k = h·n + v.
    fn hidden_single(&mut self, k: usize, v: u32) {
        let slot = self.slots[k];
        if slot & PLACES == 1 {
            self.remove((slot >> 8) as usize, !(1u64 << v));
        }
    }

    /// Returns to trail length `mark`, restoring masks, counts and the fixed-cell count.
    pub fn undo(&mut self, mark: usize) {
        let shape = self.shape;
        self.changes += 1;
        while self.trail.len() > mark {
            let Some((i, old)) = self.trail.pop() else {
                break;
            };
            let i = i as usize;
            let now = self.cand[i];
            let bases = shape.house_bases_of(i);
            let mut restored = old & !now;
            while restored != 0 {
                let v = restored.trailing_zeros();
                restored &= restored - 1;
                for &base in bases {
                    let k = (base + v) as usize;
                    let slot = &mut self.slots[k];
                    *slot = (*slot + 1) ^ ((i as u32) << 8);
                }
            }
            if is_single(now) && !is_single(old) {
                self.fixed -= 1;
            }
            self.cand[i] = old;
        }
    }

    /// Starts a probe: [`State::mark`], and on a small grid a copy of the counts.
    pub fn probe_start(&mut self) -> usize {
        if self.slots.len() <= PROBE_COPY_SLOTS && self.probe_changes != Some(self.changes) {
            self.probe_slots.clear();
            self.probe_slots.extend_from_slice(&self.slots);
            self.probe_changes = Some(self.changes);
        }
        self.trail.len()
    }

    /// Ends a probe started at `mark`: the same state as [`State::undo`], with the counts
    /// copied back on a small grid.
    pub fn probe_end(&mut self, mark: usize) {
        let Some(changes) = self
            .probe_changes
            .filter(|_| self.slots.len() <= PROBE_COPY_SLOTS)
        else {
            return self.undo(mark);
        };
        for &(i, old) in self.trail[mark..].iter().rev() {
            let now = self.cand[i as usize];
            if is_single(now) && !is_single(old) {
                self.fixed -= 1;
            }
            self.cand[i as usize] = old;
        }
        self.trail.truncate(mark);
        self.slots.copy_from_slice(&self.probe_slots);
        self.changes = changes;
    }

    /// Cells that became single-valued since trail length `mark`, with their value's bit.
    pub fn fixed_since(&self, mark: usize) -> impl Iterator<Item = (usize, u64)> + '_ {
        self.trail[mark..].iter().filter_map(|&(i, old)| {
            let now = self.cand[i as usize];
            (is_single(now) && !is_single(old)).then_some((i as usize, now))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn recount(state: &State) -> Vec<u8> {
        let s = state.shape;
        let mut places = vec![0u8; s.houses() * s.n];
        for h in 0..s.houses() {
            for &i in s.house(h) {
                let mut m = state.cand[i as usize];
                while m != 0 {
                    places[h * s.n + m.trailing_zeros() as usize] += 1;
                    m &= m - 1;
                }
            }
        }
        places
    }

    #[test]
    fn undo_restores_masks_counts_and_fixed_cells() {
        let p = Puzzle::with_square_boxes(9, vec![0; 81]).unwrap();
        let shape = Shape::new(&p);
        let mut s = State::from_givens(&shape, p.givens());
        s.propagate().unwrap();
        let (cand, slots) = (s.cand.clone(), s.slots.clone());
        let mark = s.mark();
        s.assign(0, 1);
        s.assign(10, 2);
        s.propagate().unwrap();
        let places: Vec<u8> = s.slots.iter().map(|&x| (x & PLACES) as u8).collect();
        assert_eq!(places, recount(&s));
        for h in 0..shape.houses() {
            for v in 0..9 {
                if places[h * 9 + v] == 1 {
                    let i = (s.slots[h * 9 + v] >> 8) as usize;
                    assert!(shape.house(h).contains(&(i as u32)) && s.cand[i] & (1 << v) != 0);
                }
            }
        }
        assert!(s.fixed() >= 2);
        assert!(s.fixed_since(mark).any(|(i, b)| (i, b) == (0, 1)));
        s.undo(mark);
        assert_eq!(
            (s.cand.clone(), s.slots.clone(), s.fixed()),
            (cand, slots, 0)
        );
    }

    #[test]
    fn a_probe_restores_the_state_by_copy_or_by_undo() {
        // 9×9 restores its counts by copy, 25×25 (75 houses × 25 > 1024 slots) by undo.
        for n in [9, 25] {
            let p = Puzzle::with_square_boxes(n, vec![0; n * n]).unwrap();
            let shape = Shape::new(&p);
            let mut s = State::from_givens(&shape, p.givens());
            s.propagate().unwrap();
            s.assign(0, 1);
            s.propagate().unwrap();
            let before = (s.cand.clone(), s.slots.clone(), s.fixed(), s.mark());
            for (cell, bit) in [(1, 2), (n + 1, 4), (2 * n + 2, 8)] {
                let mark = s.probe_start();
                s.assign(cell, bit);
                s.propagate().unwrap();
                assert!(s.fixed() > before.2);
                s.probe_end(mark);
                assert_eq!(
                    (s.cand.clone(), s.slots.clone(), s.fixed(), s.mark()),
                    before
                );
            }
            // A change between probes is not hidden by the copy of an earlier probe.
            s.remove(n + 1, 2);
            s.propagate().unwrap();
            let changed = (s.cand.clone(), s.slots.clone(), s.fixed());
            let mark = s.probe_start();
            s.assign(1, 4);
            let _ = s.propagate();
            s.probe_end(mark);
            assert_eq!((s.cand.clone(), s.slots.clone(), s.fixed()), changed);
        }
    }
}
