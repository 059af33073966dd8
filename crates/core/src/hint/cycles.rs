//! Sukaku Explainer's bidirectional cycles (continuous loops): candidates joined in a loop,
//! alternately "on" (true) and "off" (false), each link valid in both directions, so the loop
//! holds one way round or the other. Off→on is a strong link (the other candidate of a
//! bivalue cell, the other place of a value that has two in a house), on→off a weak one (two
//! values of a cell, one value in two cells that see each other). Either way round, each
//! candidate of the loop is on in one of the two readings: a cell outside the loop that sees a
//! candidate of value v that is on and one that is off (in the reading found) sees v true in
//! either reading, and loses v.
//!
//! Kinds, as Sukaku Explainer searches them: X-cycles use house links of one value only,
//! Y-cycles start in a bivalue cell and turn on only through bivalue cells, and (X+Y) cycles
//! use every link. Difficulty: 6.5 for X- and Y-cycles, 7.0 for the rest, plus the length
//! bonus of the loop's candidates ([`length_difficulty`] of their number, the start counted
//! once). The search is breadth first from each start, so each loop is a shortest one back to
//! its start.

use super::chains::house_pairs;
use super::grid::{bit, values, Candidates};
use super::link_lists::LinkLists;
use super::step::Step;
use super::technique::{length_difficulty, Technique};
use std::ops::Range;

/// Which links a cycle may use.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Links {
    /// House links of one value.
    X,
    /// Bivalue cells, and one value between cells that see each other.
    Y,
    /// Every link.
    Xy,
}

impl Links {
    fn technique(self) -> Technique {
        match self {
            Links::X => Technique::XCycle,
            Links::Y => Technique::YCycle,
            Links::Xy => Technique::XyCycle,
        }
    }

    fn base(self) -> f64 {
        match self {
            Links::Xy => 7.0,
            _ => 6.5,
        }
    }
}

/// How far back from the start the distances to it are worked out, in links (the last
/// [`RING`] levels of a search enter only the states that can still close a loop).
const RING: usize = 3;

/// A loop found: its states (candidate·2 + on) from the start round to the last before it,
/// and what it removes.
struct Cycle {
    states: Vec<usize>,
    elim: Vec<(usize, u8)>,
}

/// The grid read as candidates numbered cell·n + value − 1.
struct Net<'a> {
    g: &'a Candidates,
    pairs: Vec<Option<(usize, usize)>>,
    bits: CellBits,
    /// How far back from the start distances are worked out ([`RING`]; 0: none, every
    /// state entered).
    ring: usize,
}

/// The grid's peers and candidates as bit sets over the cells (`words` u64s a set).
struct CellBits {
    words: usize,
    /// Cell c's peers at `c · words`.
    peers: Vec<u64>,
    /// The open cells holding value v at `(v − 1) · words`.
    holding: Vec<u64>,
}

impl CellBits {
    fn new(g: &Candidates) -> CellBits {
        let cells = g.n * g.n;
        let words = cells.div_ceil(64);
        let mut peers = vec![0u64; cells * words];
        let mut holding = vec![0u64; g.n * words];
        for c in 0..cells {
            for &d in &g.peers[c] {
                peers[c * words + d / 64] |= 1 << (d % 64);
            }
            if g.value[c] == 0 {
                for v in values(g.cand[c]) {
                    holding[(v as usize - 1) * words + c / 64] |= 1 << (c % 64);
                }
            }
        }
        CellBits {
            words,
            peers,
            holding,
        }
    }

    fn peers(&self, c: usize) -> &[u64] {
        &self.peers[c * self.words..][..self.words]
    }

    fn holding(&self, v: u8) -> &[u64] {
        &self.holding[(v as usize - 1) * self.words..][..self.words]
    }
}

impl Net<'_> {
    fn split(&self, id: usize) -> (usize, u8) {
        (id / self.g.n, (id % self.g.n) as u8 + 1)
    }

    fn id(&self, c: usize, v: u8) -> usize {
        c * self.g.n + v as usize - 1
    }

    fn open(&self, c: usize, v: u8) -> bool {
        self.g.value[c] == 0 && self.g.has(c, v)
    }

    /// The candidates that go off when (c, v) is on.
    fn on_to_off(&self, (c, v): (usize, u8), links: Links, out: &mut Vec<usize>) {
        if links != Links::X {
            out.extend(values(self.g.cand[c] & !bit(v)).map(|w| self.id(c, w)));
        }
        out.extend(
            self.g.peers[c]
                .iter()
                .filter(|&&d| self.open(d, v))
                .map(|&d| self.id(d, v)),
        );
    }

    /// The candidates that come on when (c, v) is off.
    fn off_to_on(&self, (c, v): (usize, u8), links: Links, out: &mut Vec<usize>) {
        let g = self.g;
        if links != Links::X && g.cand[c].count_ones() == 2 {
            out.extend(values(g.cand[c] & !bit(v)).map(|w| self.id(c, w)));
        }
        if links != Links::Y {
            for &h in &g.houses_of[c] {
                if let Some((a, b)) = self.pairs[h * g.n + v as usize - 1] {
                    out.push(self.id(if a == c { b } else { a }, v));
                }
            }
        }
    }

    /// The cells outside the loop that see an on and an off candidate of one value of it
    /// (the loop: `sr.path`), in bit sets over the cells: for each value of the loop and each
    /// reading (off, on), the cells that see one of its candidates of that value and reading
    /// (`sr.sees`: all zero, and left so).
    fn removed_by(&self, sr: &mut Buffers) -> Vec<(usize, u8)> {
        let w = self.bits.words;
        let in_loop = &mut sr.in_loop;
        in_loop.fill(0);
        let mut used = 0u64;
        for &s in &sr.path {
            let (c, v) = self.split(s / 2);
            in_loop[c / 64] |= 1 << (c % 64);
            used |= bit(v);
            let sees = &mut sr.sees[(2 * (v as usize - 1) + s % 2) * w..][..w];
            for (a, p) in sees.iter_mut().zip(self.bits.peers(c)) {
                *a |= p;
            }
        }
        let mut out: Vec<(usize, u8)> = Vec::new();
        for v in values(used) {
            let at = 2 * (v as usize - 1) * w;
            let (off, on) = sr.sees[at..at + 2 * w].split_at(w);
            for (i, &looped) in in_loop.iter().enumerate() {
                let mut m = off[i] & on[i] & self.bits.holding(v)[i] & !looped;
                while m != 0 {
                    out.push((i * 64 + m.trailing_zeros() as usize, v));
                    m &= m - 1;
                }
            }
            sr.sees[at..at + 2 * w].fill(0);
        }
        out.sort_unstable();
        out
    }

    /// The closers' off states, at distance 1 from `s0` = (start on) in `sr.to_start`.
    fn ring_1(&self, sr: &mut Buffers, lt: &LinkTable, closers: Range<usize>) {
        for i in closers {
            sr.mark_ring(lt.off_on.to[i] * 2, 1);
        }
    }

    /// The states 2 to `self.ring` links from `s0` = (start on), at their distance in
    /// `sr.to_start` (after [`Net::ring_1`]): the on states weakly linked to the closers at
    /// 2, the off states strongly linked to those at 3. The links read backwards are links: a
    /// weak link (on a → off b) holds as (on b → off a), a strong one (off a → on b) as
    /// (off b → on a), so the states that reach a state in one link are in its own list.
    fn rings(&self, sr: &mut Buffers, lt: &mut LinkTable, closers: Range<usize>, links: Links) {
        let mut ring: Vec<usize> = closers.map(|i| lt.off_on.to[i]).collect();
        ring.sort_unstable();
        ring.dedup();
        for d in 2..=self.ring {
            let on = d % 2 == 0;
            let mut next = Vec::new();
            for &y in &ring {
                let list = if on {
                    lt.on_off
                        .of(y, |out| self.on_to_off(self.split(y), links, out))
                } else {
                    lt.off_on
                        .of(y, |out| self.off_to_on(self.split(y), links, out))
                };
                for i in list {
                    let x = if on { lt.on_off.to[i] } else { lt.off_on.to[i] };
                    if sr.mark_ring(x * 2 + usize::from(on), d) {
                        next.push(x);
                    }
                }
            }
            ring = next;
        }
    }

    /// The shortest loops from (start on) back to it, of at most `max_states` candidates
    /// (breadth first, as Sukaku Explainer searches them: each "on" candidate is reached once,
    /// an "off" one again by every other "on" one that is not already behind it, so that the
    /// loop can close through the start's own links); the first of them that removes
    /// something. `sr` holds the buffers, reused from one start to the next.
    ///
    /// A state is not entered at depth e when it cannot be back at the start within
    /// `max_states` candidates (its distance to the start, known up to [`RING`] links, above
    /// `max_states + 1 − e`). The search is the same without it: such a state, and everything
    /// entered from it, is at least as far from the start at every later entry (breadth first:
    /// the depth never decreases), so no loop closes through it, and a state it would have
    /// marked as reached is, when reached later, as useless.
    fn loop_from(
        &self,
        sr: &mut Buffers,
        lt: &mut LinkTable,
        start: usize,
        links: Links,
        max_states: usize,
    ) -> Option<Cycle> {
        sr.reset();
        let s0 = start * 2 + 1;
        sr.seen_on[start] = true;
        sr.touched.push(start);
        // The candidates whose "off" leads back to the start: only their "off" states can
        // close the loop. Any other candidate's "off" is expanded once, its first time: the
        // "on" states it leads to are then all reached, so a second one would add nothing.
        let closers = lt
            .off_on
            .of(start, |out| self.off_to_on(self.split(start), links, out));
        if closers.is_empty() {
            return None;
        }
        self.ring_1(sr, lt, closers.clone());
        // The longer distances to the start, worked out when the search first needs them.
        let mut ringed = false;
        sr.push(s0, usize::MAX, 1);
        let mut k = 0;
        while k < sr.entries.len() {
            let (s, _, depth, _) = sr.entries[k];
            let (id, on) = (s / 2, s % 2 == 1);
            let next = if on {
                lt.on_off
                    .of(id, |out| self.on_to_off(self.split(id), links, out))
            } else {
                lt.off_on
                    .of(id, |out| self.off_to_on(self.split(id), links, out))
            };
            // The distance to the start a state entered now may have (at most).
            let reach = max_states + 1 - (depth + 1);
            if reach <= self.ring && !ringed {
                self.rings(sr, lt, closers.clone(), links);
                ringed = true;
            }
            for i in next {
                let x = if on { lt.on_off.to[i] } else { lt.off_on.to[i] };
                let t = x * 2 + usize::from(!on);
                if t == s0 && depth >= 4 {
                    sr.chain(k);
                    let elim = self.removed_by(sr);
                    if !elim.is_empty() {
                        return Some(Cycle {
                            states: sr.path.clone(),
                            elim,
                        });
                    }
                }
                if depth >= max_states || (reach <= self.ring && !sr.within(t, reach)) {
                    continue;
                }
                // (The cheap tests first: the walk back along the path last.)
                if on && (!sr.seen_off[x] || sr.to_start[t] == 1) && !sr.behind(k, t) {
                    sr.seen_off[x] = true;
                    sr.touched.push(x);
                    sr.push(t, k, depth + 1);
                } else if !on && !sr.seen_on[x] {
                    sr.seen_on[x] = true;
                    sr.touched.push(x);
                    sr.push(t, k, depth + 1);
                }
            }
            k += 1;
        }
        None
    }

    fn describe(&self, states: &[usize]) -> String {
        let mut out = String::new();
        for (i, &s) in states.iter().chain(std::iter::once(&states[0])).enumerate() {
            let (c, v) = self.split(s / 2);
            if i > 0 {
                out.push_str(if s % 2 == 1 { " = " } else { " - " });
            }
            out.push_str(&format!("{v}{}", self.g.cell(c)));
        }
        out
    }
}

/// Each candidate's links for one kind of cycle, listed the first time the candidate is
/// expanded and read again from every later start of the same search (the lists
/// [`Net::on_to_off`] and [`Net::off_to_on`] give, in their order).
struct LinkTable {
    on_off: LinkLists,
    off_on: LinkLists,
}

impl LinkTable {
    fn new(g: &Candidates) -> LinkTable {
        LinkTable {
            on_off: LinkLists::new(g.n * g.n * g.n),
            off_on: LinkLists::new(g.n * g.n * g.n),
        }
    }
}

/// The buffers of a breadth-first search over states (candidate·2 + on).
struct Buffers {
    /// The candidates reached "on".
    seen_on: Vec<bool>,
    /// The candidates reached "off".
    seen_off: Vec<bool>,
    /// For each value and reading (off, on), the cells that see a loop's candidate of that
    /// value and reading: a bit set over the cells at `(2 · (v − 1) + on) · words` (all zero
    /// between two loops).
    sees: Vec<u64>,
    /// The cells of the loop [`Net::removed_by`] reads, a bit set.
    in_loop: Vec<u64>,
    /// Each state's distance in links to the start, when at most [`RING`] (0: farther or
    /// not worked out).
    to_start: Vec<u8>,
    /// The states with a distance in `to_start`.
    ringed: Vec<usize>,
    /// The loop [`Buffers::chain`] read last.
    path: Vec<usize>,
    touched: Vec<usize>,
    /// Each state reached: (state, the entry it came from, candidates from the start, the
    /// states of its path from the start folded into 64 bits, bit `state % 64`: a state whose
    /// bit is clear is not on the path).
    entries: Vec<(usize, usize, usize, u64)>,
}

impl Buffers {
    fn new(g: &Candidates) -> Buffers {
        Buffers {
            seen_on: vec![false; g.n * g.n * g.n],
            seen_off: vec![false; g.n * g.n * g.n],
            sees: vec![0; 2 * g.n * (g.n * g.n).div_ceil(64)],
            in_loop: vec![0; (g.n * g.n).div_ceil(64)],
            to_start: vec![0; 2 * g.n * g.n * g.n],
            ringed: Vec::new(),
            path: Vec::new(),
            touched: Vec::new(),
            entries: Vec::new(),
        }
    }

    fn reset(&mut self) {
        for &t in &self.touched {
            self.seen_on[t] = false;
            self.seen_off[t] = false;
        }
        self.touched.clear();
        self.entries.clear();
        for &t in &self.ringed {
            self.to_start[t] = 0;
        }
        self.ringed.clear();
    }

    /// Gives state t the distance d to the start unless it has one; whether it had none.
    fn mark_ring(&mut self, t: usize, d: usize) -> bool {
        if self.to_start[t] != 0 {
            return false;
        }
        self.to_start[t] = d as u8;
        self.ringed.push(t);
        true
    }

    /// Whether state t is at most `reach` (≤ the ring worked out) links from the start.
    fn within(&self, t: usize, reach: usize) -> bool {
        self.to_start[t] != 0 && self.to_start[t] as usize <= reach
    }

    /// Adds state s reached from entry `from` (`usize::MAX` for the start).
    fn push(&mut self, s: usize, from: usize, depth: usize) {
        let path = self.entries.get(from).map_or(0, |e| e.3) | 1 << (s % 64);
        self.entries.push((s, from, depth, path));
    }

    /// Whether state t is entry k's or one of its ancestors'.
    fn behind(&self, mut k: usize, t: usize) -> bool {
        if self.entries[k].3 & 1 << (t % 64) == 0 {
            return false;
        }
        while k != usize::MAX {
            if self.entries[k].0 == t {
                return true;
            }
            k = self.entries[k].1;
        }
        false
    }

    /// The states from the start to entry k, into `path`.
    fn chain(&mut self, mut k: usize) {
        self.path.clear();
        while k != usize::MAX {
            self.path.push(self.entries[k].0);
            k = self.entries[k].1;
        }
        self.path.reverse();
    }
}

/// The rating of a cycle of `links` with `states` candidates.
fn difficulty(links: Links, states: usize) -> f64 {
    links.base() + length_difficulty(states)
}

/// The cheapest bidirectional cycle rated below `below` with at most `max_states` candidates
/// (the X-cycles first, then Y, then X+Y; the shorter on a tie), if any.
pub fn cycle(g: &Candidates, max_states: usize, below: f64) -> Option<Step> {
    let single = single_link_cycle(g, max_states, below);
    let below = single.as_ref().map_or(below, |s| s.difficulty);
    any_link_cycle(g, max_states, below).or(single)
}

/// The cheapest X- or Y-cycle rated below `below` ([`cycle`] without the X+Y cycles).
pub fn single_link_cycle(g: &Candidates, max_states: usize, below: f64) -> Option<Step> {
    cheapest(g, max_states, below, &[Links::X, Links::Y])
}

/// The cheapest X+Y cycle rated below `below` ([`cycle`] of the X+Y cycles alone: each of
/// them is rated 7.0 or more, above every X- and Y-cycle that [`cycle`] would take first).
pub fn any_link_cycle(g: &Candidates, max_states: usize, below: f64) -> Option<Step> {
    cheapest(g, max_states, below, &[Links::Xy])
}

/// The cheapest cycle of these kinds (in this order; the shorter on a tie) rated below
/// `below`.
fn cheapest(g: &Candidates, max_states: usize, below: f64, kinds: &[Links]) -> Option<Step> {
    cheapest_with_ring(g, max_states, below, kinds, RING)
}

/// [`cheapest`], distances to each start worked out up to `ring` links (the same step for
/// every `ring`: the states it keeps out cannot close a loop).
fn cheapest_with_ring(
    g: &Candidates,
    max_states: usize,
    below: f64,
    kinds: &[Links],
    ring: usize,
) -> Option<Step> {
    let net = Net {
        g,
        pairs: house_pairs(g),
        bits: CellBits::new(g),
        ring,
    };
    let mut sr = Buffers::new(g);
    let mut best: Option<(f64, Links, Cycle)> = None;
    for &links in kinds {
        let mut lt = LinkTable::new(g);
        // The bound the longest loop searched was worked out for, and that length.
        let mut limit: (Option<f64>, Option<usize>) = (None, None);
        'starts: for c in g.open_cells() {
            if links == Links::Y && g.cand[c].count_ones() != 2 {
                continue;
            }
            for v in values(g.cand[c]) {
                let bound = best.as_ref().map_or(below, |b| b.0);
                // Only loops rated below the best so far, and no longer than one already found
                // at that rating (worked out again only when that rating changes).
                if limit.0 != Some(bound) {
                    let longest = (4..=max_states)
                        .take_while(|&k| difficulty(links, k) < bound - 1e-9)
                        .last();
                    limit = (Some(bound), longest);
                }
                let Some(limit) = limit.1 else {
                    break 'starts;
                };
                if let Some(found) = net.loop_from(&mut sr, &mut lt, net.id(c, v), links, limit) {
                    let d = difficulty(links, found.states.len());
                    best = Some((d, links, found));
                }
            }
        }
    }
    let (d, links, found) = best?;
    let kind = match links {
        Links::X => "X-cycle",
        Links::Y => "Y-cycle",
        Links::Xy => "cycle",
    };
    let mut s = Step::new(
        links.technique(),
        format!(
            "{kind} {} (= one of two is true, - not both): the loop holds one way round or \
             the other, so a cell outside it that sees two of its candidates of one value, one \
             true and one false in this reading, sees that value true in either",
            net.describe(&found.states)
        ),
    );
    s.difficulty = d;
    s.eliminations = found.elim;
    s.cells = found.states.iter().map(|&x| net.split(x / 2).0).collect();
    s.cells.dedup();
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hint::catalogue::along_path;

    /// Along the paths of diabolical puzzles whose ratings are an X-, a Y- and an X+Y cycle,
    /// every kind of cycle search finds the same step (or none) whether it keeps out the
    /// states that cannot close a loop in time or enters every state, with no bound and with
    /// bounds that cut the loops short.
    #[test]
    fn keeping_out_states_too_far_from_the_start_changes_no_step() {
        let puzzles = [
            "600030700800060250050000004700009020000806000030100007300000040065020001004010006",
            "090201040002903100000080000906000403015000620200000008000705000007000800140000059",
            "070000830400300207920700000000030680000908000034050000000004061709001008086000070",
        ];
        let mut found = 0;
        for line in puzzles {
            along_path(line, |g| {
                for kinds in [[Links::X], [Links::Y], [Links::Xy]] {
                    for below in [f64::INFINITY, 7.3, 6.9] {
                        let all = cheapest_with_ring(g, 32, below, &kinds, 0);
                        for ring in [1, 2, RING, 5] {
                            let kept = cheapest_with_ring(g, 32, below, &kinds, ring);
                            assert_eq!(all, kept, "{line}: ring {ring}, below {below}");
                        }
                        found += usize::from(all.is_some());
                    }
                }
            });
        }
        assert!(found >= 30, "the paths hold cycles: {found}");
    }
}
