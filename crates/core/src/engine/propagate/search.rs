//! The failed-literal rule (at the root, exhaustive; at search nodes, within a budget) and the
//! depth-first search over the incremental [`State`].
//!
//! A probe of literal x is unit propagation on F ∧ x from the current state, undone afterwards
//! by the trail. If it derives the empty clause, F ⊨ ¬x and ¬x is added (the failed-literal
//! rule). A probe that does not fail proves more: every literal y it made true satisfies
//! UP(F ∧ y) ⊆ UP(F ∧ x) (unit propagation is monotone), so y cannot fail either while F is
//! unchanged; such y are skipped until the next deduction ("dominated" literals).

use crate::clock::Instant;
use crate::engine::candidates::{Conflict, State};

/// Budget of the failed-literal rule at each search node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Probing {
    /// Only cells with at most this many candidates are probed (each of their values).
    pub max_candidates: u32,
    /// A node stops probing after this many probes in a row that deduced nothing.
    pub patience: u32,
}

impl Default for Probing {
    fn default() -> Probing {
        Probing {
            max_candidates: 3,
            patience: u32::MAX,
        }
    }
}

/// What the rule and the search counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Counters {
    /// Literals decided by the failed-literal rule.
    pub failed_literals: u64,
    /// Unit propagations run as probes.
    pub probes: u64,
    /// Search nodes, the search's root included.
    pub nodes: u64,
}

/// How a search (or a rule that may stop early) ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// A complete conflict-free assignment: a solution.
    Found(Vec<u8>),
    /// Every branch ended in the empty clause.
    Exhausted,
    /// The deadline passed.
    TimeOut,
}

fn past(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|d| Instant::now() >= d)
}

/// True when unit propagation on the state with the literals `bits` of cell `i` made false
/// derives the empty clause. The state is unchanged afterwards. `dominated` (per cell) receives
/// the values a successful probe made true.
fn probe_fails(state: &mut State, i: usize, bits: u64, dominated: &mut [u64]) -> bool {
    let mark = state.probe_start();
    state.remove(i, bits);
    let failed = state.propagate().is_err();
    if !failed {
        for (j, bit) in state.fixed_since(mark) {
            dominated[j] |= bit;
        }
    }
    state.probe_end(mark);
    failed
}

/// The failed-literal rule of seed 001 (III.B) to its fixpoint: every open literal x of every
/// cell with two or more candidates is tried; if F ∧ x fails, ¬x is added, else if F ∧ ¬x fails,
/// x is added; unit propagation follows each deduction, and rounds repeat until one deduces
/// nothing. Literals dominated by a successful probe of the same round are not probed true (the
/// round that ends the rule deduces nothing, so skipping them is exact). Stops early, without
/// error, when the grid is complete or at the deadline.
pub(crate) fn failed_literal_rule(
    state: &mut State,
    deadline: Option<Instant>,
    counters: &mut Counters,
) -> Result<(), Conflict> {
    let cells = state.cells();
    let mut dominated = vec![0u64; cells];
    loop {
        dominated.fill(0);
        let mut deduced = false;
        for i in 0..cells {
            if past(deadline) {
                return Ok(());
            }
            let mut rest = state.cand(i);
            while rest != 0 && state.cand(i).count_ones() >= 2 {
                let bit = rest & rest.wrapping_neg();
                rest &= rest - 1;
                let m = state.cand(i);
                if m & bit == 0 {
                    continue;
                }
                let x_fails = dominated[i] & bit == 0 && {
                    counters.probes += 1;
                    probe_fails(state, i, m & !bit, &mut dominated)
                };
                if x_fails {
                    state.remove(i, bit);
                } else {
                    counters.probes += 1;
                    if !probe_fails(state, i, bit, &mut dominated) {
                        continue;
                    }
                    state.assign(i, bit);
                }
                counters.failed_literals += 1;
                deduced = true;
                dominated.fill(0);
                state.propagate()?;
                if state.complete() {
                    return Ok(());
                }
            }
        }
        if !deduced {
            return Ok(());
        }
    }
}

/// Conflict weights of the cells (dom/wdeg): each empty clause adds `bump` to the weight of
/// every cell of its source (the cell, the house, or the rule), and `bump` grows by
/// [`Weights::GROWTH`] per conflict, so older conflicts count less (a decay without touching
/// every weight).
struct Weights {
    score: Vec<f64>,
    bump: f64,
}

impl Weights {
    const GROWTH: f64 = 1.0 / 0.95;

    fn new(cells: usize) -> Weights {
        Weights {
            score: vec![0.0; cells],
            bump: 1.0,
        }
    }

    /// Weighs the cells of the state's last empty clause, and the cell whose branch failed
    /// (`decision`, as the Interactive Sudoku Solver does; both together measured best).
    fn conflict(&mut self, state: &State, decision: Option<usize>) {
        for &c in state.culprit_cells() {
            self.score[c as usize] += self.bump;
        }
        if let Some(d) = decision {
            self.score[d] += self.bump;
        }
        self.bump *= Self::GROWTH;
        if self.bump > 1e100 {
            self.score.iter_mut().for_each(|s| *s *= 1e-100);
            self.bump *= 1e-100;
        }
    }
}

/// Depth-first search with unit propagation and the budgeted failed-literal rule at each node,
/// branching on a cell with the fewest candidates, or with conflict weights
/// ([`Search::weighted`]) on the open cell of greatest weight per candidate.
pub(crate) struct Search<'a, 's> {
    pub state: &'a mut State<'s>,
    /// `None`: unit propagation only at the nodes.
    pub probing: Option<Probing>,
    pub deadline: Option<Instant>,
    pub counters: Counters,
    /// Per cell, the values made true by a successful probe since the last deduction.
    dominated: Vec<u64>,
    weights: Option<Weights>,
    /// With weights: the conflicts of the current run and the number that starts the search
    /// again from its root (weights kept), growing by [`RESTART_GROWTH`] per restart.
    conflicts: u64,
    restart_at: u64,
    /// Set when the current run stopped for a restart (the run returns `TimeOut`).
    restarting: bool,
}

/// Conflicts before the first restart of a weighted search.
const FIRST_RESTART: u64 = 256;
/// Each restart allows this many times the conflicts of the one before.
const RESTART_GROWTH: f64 = 1.5;

impl<'a, 's> Search<'a, 's> {
    pub fn new(
        state: &'a mut State<'s>,
        probing: Option<Probing>,
        deadline: Option<Instant>,
    ) -> Search<'a, 's> {
        let cells = state.cells();
        Search {
            state,
            probing,
            deadline,
            counters: Counters::default(),
            dominated: vec![0; cells],
            weights: None,
            conflicts: 0,
            restart_at: FIRST_RESTART,
            restarting: false,
        }
    }

    /// Conflict-directed branching (dom/wdeg): the open cell with the greatest conflict
    /// weight per candidate, the fewest candidates while no conflict has been seen.
    pub fn weighted(mut self) -> Search<'a, 's> {
        self.weights = Some(Weights::new(self.dominated.len()));
        self
    }

    /// Weighs the last empty clause's cells, when branching is weighted.
    fn conflict(&mut self, decision: Option<usize>) {
        if let Some(w) = self.weights.as_mut() {
            w.conflict(self.state, decision);
            self.conflicts += 1;
        }
    }

    /// Searches from the current state, which unit propagation has left conflict-free; with
    /// weights, from its root again (the state as it was, the weights as they are) whenever a
    /// run reaches its number of conflicts (restarts: a bad early choice is not kept for the
    /// whole search).
    pub fn run(&mut self) -> Outcome {
        loop {
            let mark = self.state.mark();
            let outcome = self.node();
            if !self.restarting {
                return outcome;
            }
            self.restarting = false;
            self.state.undo(mark);
            self.conflicts = 0;
            self.restart_at = (self.restart_at as f64 * RESTART_GROWTH) as u64;
        }
    }

    /// One node of the depth-first search, and the subtree below it.
    fn node(&mut self) -> Outcome {
        self.counters.nodes += 1;
        if past(self.deadline) {
            return Outcome::TimeOut;
        }
        if self.weights.is_some() && self.conflicts >= self.restart_at {
            self.restarting = true;
            return Outcome::TimeOut;
        }
        if let Some(probing) = self.probing {
            match self.probe_node(probing) {
                Err(Conflict) => {
                    self.conflict(None);
                    return Outcome::Exhausted;
                }
                Ok(Some(values)) => return Outcome::Found(values),
                Ok(None) => {}
            }
        }
        if self.state.complete() {
            return Outcome::Found(self.state.values());
        }
        let Some(i) = self.branch_cell() else {
            return Outcome::Exhausted;
        };
        let mut rest = self.state.cand(i);
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let mark = self.state.mark();
            self.state.assign(i, bit);
            if self.state.propagate().is_ok() {
                match self.node() {
                    Outcome::Exhausted => {}
                    done => return done,
                }
            } else {
                self.conflict(Some(i));
            }
            self.state.undo(mark);
        }
        Outcome::Exhausted
    }

    /// An open cell with the fewest candidates (the first such in row-major order), or with
    /// conflict weights the open cell of greatest weight per candidate (fewer candidates first
    /// among equals).
    fn branch_cell(&self) -> Option<usize> {
        if let Some(w) = &self.weights {
            let mut best = None;
            let (mut best_score, mut best_k) = (-1.0f64, 1u32);
            for (i, &s) in w.score.iter().enumerate() {
                let k = self.state.cand(i).count_ones();
                // s / k > best_score / best_k, or equal with fewer candidates.
                if k >= 2 {
                    let (lhs, rhs) = (s * best_k as f64, best_score * k as f64);
                    if lhs > rhs || (lhs == rhs && k < best_k) {
                        best = Some(i);
                        best_score = s;
                        best_k = k;
                    }
                }
            }
            return best;
        }
        let mut best = None;
        let mut fewest = u32::MAX;
        for i in 0..self.dominated.len() {
            let k = self.state.cand(i).count_ones();
            if k >= 2 && k < fewest {
                best = Some(i);
                fewest = k;
                if k == 2 {
                    break;
                }
            }
        }
        best
    }

    /// The failed-literal rule at a node, on the values of cells with at most
    /// `probing.max_candidates` candidates, until a round deduces nothing or `probing.patience`
    /// probes in a row deduced nothing. A probe that completes the grid returns the solution.
    fn probe_node(&mut self, probing: Probing) -> Result<Option<Vec<u8>>, Conflict> {
        let cells = self.dominated.len();
        let mut idle = 0u32;
        loop {
            self.dominated.fill(0);
            let mut deduced = false;
            for i in 0..cells {
                let m = self.state.cand(i);
                let k = m.count_ones();
                if k < 2 || k > probing.max_candidates {
                    continue;
                }
                let mut rest = m & !self.dominated[i];
                while rest != 0 {
                    let bit = rest & rest.wrapping_neg();
                    rest &= rest - 1;
                    let m = self.state.cand(i);
                    if m & bit == 0 || m == bit || self.dominated[i] & bit != 0 {
                        continue;
                    }
                    self.counters.probes += 1;
                    if self.counters.probes % 64 == 0 && past(self.deadline) {
                        return Ok(None);
                    }
                    let mark = self.state.probe_start();
                    self.state.assign(i, bit);
                    if self.state.propagate().is_ok() {
                        if self.state.complete() {
                            return Ok(Some(self.state.values()));
                        }
                        for (j, b) in self.state.fixed_since(mark) {
                            self.dominated[j] |= b;
                        }
                        self.state.probe_end(mark);
                        idle += 1;
                        if idle >= probing.patience {
                            return Ok(None);
                        }
                        continue;
                    }
                    self.state.probe_end(mark);
                    self.conflict(None);
                    self.state.remove(i, bit);
                    self.counters.failed_literals += 1;
                    self.state.propagate()?;
                    if self.state.complete() {
                        return Ok(Some(self.state.values()));
                    }
                    deduced = true;
                    idle = 0;
                    self.dominated.fill(0);
                }
            }
            if !deduced {
                return Ok(None);
            }
        }
    }
}

/// Every solution below the current state (unit propagation at each node, fewest-candidates
/// branching), each passed to `found`, which returns true to stop. Returns true when stopped
/// by `found` or by the deadline (`timed_out` tells which).
pub(crate) fn enumerate(
    state: &mut State,
    deadline: Option<Instant>,
    nodes: &mut u64,
    timed_out: &mut bool,
    found: &mut dyn FnMut(Vec<u8>) -> bool,
) -> bool {
    *nodes += 1;
    if *nodes % 256 == 0 && past(deadline) {
        *timed_out = true;
        return true;
    }
    if state.complete() {
        return found(state.values());
    }
    let mut best = None;
    let mut fewest = u32::MAX;
    for i in 0..state.cells() {
        let k = state.cand(i).count_ones();
        if k >= 2 && k < fewest {
            best = Some(i);
            fewest = k;
        }
    }
    let Some(i) = best else {
        return false;
    };
    let mut rest = state.cand(i);
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest &= rest - 1;
        let mark = state.mark();
        state.assign(i, bit);
        let stop = state.propagate().is_ok() && enumerate(state, deadline, nodes, timed_out, found);
        state.undo(mark);
        if stop {
            return true;
        }
    }
    false
}
