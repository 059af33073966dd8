//! Chains of candidates: alternating inference chains (AIC) and their single-kind forms.
//!
//! A strong link joins two candidates of which one must be true (the two values of a bivalue
//! cell, the two places of a value in a house); a weak link two that cannot both be true (two
//! values of a cell, one value in two cells that see each other). A chain that starts and ends
//! with a strong link proves "first or last is true": a candidate weakly linked to both ends
//! goes. Kinds: single-digit chains of 4 candidates are the turbot fish family (skyscraper: two
//! parallel lines, two-string kite: a row and a column, turbot fish otherwise); longer
//! single-digit chains are X-chains (simple colouring's eliminations); chains whose strong
//! links are all bivalue cells are XY-chains; the rest are AICs. The search is breadth first,
//! so each chain is a shortest one for its ends.

use super::grid::{bit, values, Candidates};
use super::link_lists::LinkLists;
use super::step::Step;
use super::technique::{length_difficulty, Technique};
use crate::puzzle::HouseKind;
use std::collections::VecDeque;

/// Which links a search may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// One value only: house links.
    X(u8),
    /// Strong links inside bivalue cells, weak links between cells on one value.
    Xy,
    /// Any link.
    Aic,
}

fn node(g: &Candidates, c: usize, v: u8) -> usize {
    c * g.n + (v as usize - 1)
}

fn split(g: &Candidates, id: usize) -> (usize, u8) {
    (id / g.n, (id % g.n) as u8 + 1)
}

fn open(g: &Candidates, c: usize, v: u8) -> bool {
    g.value[c] == 0 && g.has(c, v)
}

/// The two places of each value in each house that has exactly two (a strong link), at
/// `house·n + v − 1`; computed once per search.
pub(super) fn house_pairs(g: &Candidates) -> Vec<Option<(usize, usize)>> {
    let mut out = vec![None; g.houses.len() * g.n];
    // For each value of the house read: its places so far (the first two) and their count.
    let mut places = vec![(0usize, [usize::MAX; 2]); g.n];
    for (h, house) in g.houses.iter().enumerate() {
        for &c in &house.cells {
            if g.value[c] == 0 {
                for v in values(g.cand[c]) {
                    let (count, found) = &mut places[v as usize - 1];
                    if *count < 2 {
                        found[*count] = c;
                    }
                    *count += 1;
                }
            }
        }
        for (v, (count, found)) in places.iter_mut().enumerate() {
            if *count == 2 {
                out[h * g.n + v] = Some((found[0], found[1]));
            }
            *count = 0;
        }
    }
    out
}

/// The candidates strongly linked to (c, v), appended to `out`.
fn strong(
    g: &Candidates,
    pairs: &[Option<(usize, usize)>],
    (c, v): (usize, u8),
    kind: Kind,
    out: &mut Vec<usize>,
) {
    if kind != Kind::Xy && !matches!(kind, Kind::X(w) if w != v) {
        for &h in &g.houses_of[c] {
            if let Some((a, b)) = pairs[h * g.n + v as usize - 1] {
                let other = if a == c { b } else { a };
                out.push(node(g, other, v));
            }
        }
    }
    if !matches!(kind, Kind::X(_)) && g.cand[c].count_ones() == 2 {
        let w = values(g.cand[c] & !bit(v)).next();
        if let Some(w) = w {
            out.push(node(g, c, w));
        }
    }
}

/// The candidates weakly linked to (c, v), appended to `out`.
fn weak(g: &Candidates, c: usize, v: u8, kind: Kind, out: &mut Vec<usize>) {
    out.extend(
        g.peers[c]
            .iter()
            .filter(|&&d| open(g, d, v))
            .map(|&d| node(g, d, v)),
    );
    if kind == Kind::Aic {
        out.extend(values(g.cand[c] & !bit(v)).map(|w| node(g, c, w)));
    }
}

/// A chain found: its candidates in order and what it removes.
struct Chain {
    nodes: Vec<usize>,
    elim: Vec<(usize, u8)>,
}

/// The buffers of a breadth-first search, reused from one start to the next (and by the
/// searches of one grid: X-chains, XY-chains, AICs).
pub(super) struct Search {
    /// The state each state was reached from (state = candidate·2 + on), `usize::MAX` unseen.
    prev: Vec<usize>,
    depth: Vec<usize>,
    touched: Vec<usize>,
    queue: VecDeque<usize>,
    pairs: Vec<Option<(usize, usize)>>,
    /// The links the lists below were filled with (`None`: none yet).
    listed: Option<Links>,
    /// Each candidate's strong links, then its weak ones, listed on first use.
    strong: LinkLists,
    weak: LinkLists,
}

/// The kinds whose links are the same on every candidate such a search reaches: an X-chain's
/// search of value v reaches only candidates of v, and lists for them what [`Kind::X`]`(v)`
/// gives, so the searches of all values share one list per candidate.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Links {
    X,
    Xy,
    Aic,
}

impl Kind {
    fn links(self) -> Links {
        match self {
            Kind::X(_) => Links::X,
            Kind::Xy => Links::Xy,
            Kind::Aic => Links::Aic,
        }
    }
}

impl Search {
    pub(super) fn new(g: &Candidates) -> Search {
        let size = g.n * g.n * g.n * 2;
        Search {
            prev: vec![usize::MAX; size],
            depth: vec![0; size],
            touched: Vec::new(),
            queue: VecDeque::new(),
            pairs: house_pairs(g),
            listed: None,
            strong: LinkLists::new(g.n * g.n * g.n),
            weak: LinkLists::new(g.n * g.n * g.n),
        }
    }

    fn reset(&mut self) {
        for &t in &self.touched {
            self.prev[t] = usize::MAX;
        }
        self.touched.clear();
        self.queue.clear();
    }

    /// Forgets the listed links unless they were listed for `kind`'s links.
    fn list_for(&mut self, kind: Kind) {
        if self.listed != Some(kind.links()) {
            self.strong.clear();
            self.weak.clear();
            self.listed = Some(kind.links());
        }
    }
}

/// The shortest chains from `start` (assumed false) to each candidate reached true, with
/// their removals; the first of fewest candidates among those that remove something.
fn search_from(
    g: &Candidates,
    sr: &mut Search,
    start: usize,
    kind: Kind,
    max_nodes: usize,
) -> Option<Chain> {
    sr.reset();
    let s0 = start * 2;
    sr.prev[s0] = s0;
    sr.depth[s0] = 1;
    sr.touched.push(s0);
    sr.queue.push_back(s0);
    while let Some(s) = sr.queue.pop_front() {
        let (id, on) = (s / 2, s % 2 == 1);
        if sr.depth[s] >= max_nodes {
            continue;
        }
        let (c, v) = split(g, id);
        let next = if on {
            sr.weak.of(id, |out| weak(g, c, v, kind, out))
        } else {
            let pairs = &sr.pairs;
            sr.strong.of(id, |out| strong(g, pairs, (c, v), kind, out))
        };
        let bit_on = usize::from(!on);
        for i in next {
            let x = if on { sr.weak.to[i] } else { sr.strong.to[i] };
            let t = x * 2 + bit_on;
            if sr.prev[t] != usize::MAX {
                continue;
            }
            sr.prev[t] = s;
            sr.depth[t] = sr.depth[s] + 1;
            sr.touched.push(t);
            if t % 2 == 1 && t / 2 != start && sr.depth[t] >= 4 {
                let end = t / 2;
                let elim = removed_by(g, start, end);
                if !elim.is_empty() {
                    let mut nodes = vec![end];
                    let mut k = t;
                    while k != s0 {
                        k = sr.prev[k];
                        nodes.push(k / 2);
                    }
                    nodes.reverse();
                    return Some(Chain { nodes, elim });
                }
            }
            sr.queue.push_back(t);
        }
    }
    None
}

/// The open candidates weakly linked to both ends (other than the ends), by cell. On one value
/// v (cs, ce the ends' cells): the cells seeing both ends, each losing v. On two values, start
/// (cs, a) and end (ce, b) with cs and ce seeing each other: (cs, b) and (ce, a), each weakly
/// linked to one end in its cell and to the other by its value; on one cell, none.
fn removed_by(g: &Candidates, start: usize, end: usize) -> Vec<(usize, u8)> {
    let (cs, vs) = split(g, start);
    let (ce, ve) = split(g, end);
    let mut out = Vec::new();
    if vs == ve {
        // Neither end's cell is in its own peer set, nor (as an end) among the removals.
        let (a, b) = (g.peer_set(cs), g.peer_set(ce));
        for (w, (x, y)) in a.iter().zip(b).enumerate() {
            let mut both = x & y;
            while both != 0 {
                let c = w * 64 + both.trailing_zeros() as usize;
                both &= both - 1;
                if c != cs && c != ce && open(g, c, vs) {
                    out.push((c, vs));
                }
            }
        }
    } else if cs != ce && g.sees(cs, ce) {
        for (c, v) in [(cs, ve), (ce, vs)] {
            if open(g, c, v) {
                out.push((c, v));
            }
        }
        out.sort_by_key(|&(c, _)| c);
    }
    out
}

/// The shortest chain of `kind` (over all starts) with at most `max_nodes` candidates, with
/// the search's buffers `sr` (built for `g`, reused from one search to the next).
fn shortest_in(g: &Candidates, sr: &mut Search, kind: Kind, max_nodes: usize) -> Option<Chain> {
    let mut best: Option<Chain> = None;
    sr.list_for(kind);
    for c in g.open_cells() {
        for v in values(g.cand[c]) {
            if matches!(kind, Kind::X(w) if w != v) {
                continue;
            }
            let limit = best
                .as_ref()
                .map_or(max_nodes, |b| b.nodes.len().saturating_sub(1));
            if limit < 4 {
                return best;
            }
            if let Some(ch) = search_from(g, sr, node(g, c, v), kind, limit) {
                best = Some(ch);
            }
        }
    }
    best
}

fn describe(g: &Candidates, nodes: &[usize]) -> String {
    nodes
        .iter()
        .enumerate()
        .map(|(i, &id)| {
            let (c, v) = split(g, id);
            let link = if i == 0 {
                ""
            } else if i % 2 == 1 {
                " = "
            } else {
                " - "
            };
            format!("{link}{v}{}", g.cell(c))
        })
        .collect()
}

fn step(g: &Candidates, technique: Technique, chain: Chain, base: f64) -> Step {
    let nodes = chain.nodes;
    // Sukaku Explainer counts a chain's eliminated candidate at both ends ("t on … t off"):
    // two nodes more than ours (X-chains take their own rating, see `x_chain_difficulty`).
    let counted = if matches!(technique, Technique::XyChain | Technique::Aic) {
        nodes.len() + 2
    } else {
        nodes.len()
    };
    let mut s = Step::new(
        technique,
        format!(
            "chain {} (= one of two is true, - not both): its ends cannot both be false",
            describe(g, &nodes)
        ),
    );
    s.difficulty = base + length_difficulty(counted);
    s.eliminations = chain.elim;
    s.cells = nodes.iter().map(|&id| split(g, id).0).collect();
    s.cells.dedup();
    s
}

/// The turbot fish family's technique for strong links in houses of these kinds: two parallel
/// lines a skyscraper, a row and a column a two-string kite, a box a turbot fish.
fn turbot_kind(first: HouseKind, second: HouseKind) -> Technique {
    use HouseKind::{Col, Row};
    match (first, second) {
        (Row(_), Row(_)) | (Col(_), Col(_)) => Technique::Skyscraper,
        (Row(_), Col(_)) | (Col(_), Row(_)) => Technique::TwoStringKite,
        _ => Technique::TurbotFish,
    }
}

/// Skyscraper, two-string kite or turbot fish: a single-digit chain a = b - c = d of two strong
/// links (in houses H1, H2) and a weak one. Of all of them, the cheapest (then the one removing
/// most), as Sukaku Explainer picks among its turbot fishes.
pub fn turbot(g: &Candidates) -> Option<Step> {
    let pairs = house_pairs(g);
    let mut best: Option<(f64, usize, Technique, Chain)> = None;
    for v in 1..=g.n as u8 {
        let links: Vec<(usize, usize, usize)> = (0..g.houses.len())
            .filter_map(|h| pairs[h * g.n + v as usize - 1].map(|(x, y)| (h, x, y)))
            .collect();
        for (i, &(h1, x1, y1)) in links.iter().enumerate() {
            for &(h2, x2, y2) in &links[i + 1..] {
                for (a, b) in [(x1, y1), (y1, x1)] {
                    for (c, d) in [(x2, y2), (y2, x2)] {
                        let distinct = a != c && a != d && b != c && b != d;
                        if !distinct || !g.sees(b, c) {
                            continue;
                        }
                        let technique = turbot_kind(g.houses[h1].kind, g.houses[h2].kind);
                        let difficulty = technique.difficulty();
                        if best.as_ref().is_some_and(|b| b.0 <= difficulty - 1e-9) {
                            continue;
                        }
                        let elim = removed_by(g, node(g, a, v), node(g, d, v));
                        let better = best
                            .as_ref()
                            .is_none_or(|b| difficulty < b.0 - 1e-9 || elim.len() > b.1);
                        if !elim.is_empty() && better {
                            let nodes = [a, b, c, d].iter().map(|&x| node(g, x, v)).collect();
                            best = Some((difficulty, elim.len(), technique, Chain { nodes, elim }));
                        }
                    }
                }
            }
        }
    }
    let (difficulty, _, technique, chain) = best?;
    Some(step(g, technique, chain, difficulty))
}

/// Sukaku Explainer's rating of a single-digit chain of `kinds.len()` strong links, each given
/// by the kinds of the houses where it is a strong link. Three links are its "3 strong-linked
/// fishes": 5.4 when all lie in parallel lines (skyscrapers), 5.5 with a box, 5.6 for rows and
/// columns mixed (kite), the cheapest reading of links that are strong in two houses. Longer
/// chains are its forcing X-chains (its default leaves out 4 to 6 strong-linked fishes): 6.6
/// and the length of "t on … t off", two candidates more than the chain.
fn x_chain_difficulty(kinds: &[Vec<HouseKind>]) -> f64 {
    if kinds.len() != 3 {
        return 6.6 + length_difficulty(2 * kinds.len() + 2);
    }
    let mut best = f64::MAX;
    for a in &kinds[0] {
        for b in &kinds[1] {
            for c in &kinds[2] {
                let links = [*a, *b, *c];
                let block = links
                    .iter()
                    .any(|k| !matches!(k, HouseKind::Row(_) | HouseKind::Col(_)));
                let rows = links
                    .iter()
                    .filter(|k| matches!(k, HouseKind::Row(_)))
                    .count();
                let rating = if block {
                    5.5
                } else if rows == 0 || rows == 3 {
                    5.4
                } else {
                    5.6
                };
                best = best.min(rating);
            }
        }
    }
    best
}

/// The kinds of the houses where cells a and b are the only places of v.
fn strong_kinds(g: &Candidates, a: usize, b: usize, v: u8) -> Vec<HouseKind> {
    g.common_houses(&[a, b])
        .into_iter()
        .filter(|&h| g.place_count(h, v) == 2)
        .map(|h| g.houses[h].kind)
        .collect()
}

/// Sukaku Explainer's "3 strong-linked fish": a single-digit chain a = b - c = d - e = f of three
/// strong links, tried before the wings as it tries them. Up to 9×9, every such chain is rated
/// and the cheapest kept (then the one removing most), as it sorts its hints; on larger grids,
/// the shortest chain found.
pub fn three_strong_links(g: &Candidates) -> Option<Step> {
    if g.n > 9 {
        // Two strong links are the turbot fishes, tried before: what is found here has three.
        return x_chain(g, 6).map(|mut s| {
            s.technique = Technique::ThreeStrongLinks;
            s
        });
    }
    let pairs = house_pairs(g);
    let mut best: Option<(f64, Chain)> = None;
    for v in 1..=g.n as u8 {
        let mut links: Vec<(HouseKind, usize, usize)> = Vec::new();
        for h in 0..g.houses.len() {
            if let Some((x, y)) = pairs[h * g.n + v as usize - 1] {
                links.push((g.houses[h].kind, x, y));
                links.push((g.houses[h].kind, y, x));
            }
        }
        for &(k1, a, b) in &links {
            for &(k2, c, d) in &links {
                if c == a || c == b || d == a || d == b || !g.sees(b, c) {
                    continue;
                }
                for &(k3, e, f) in &links {
                    let cells = [a, b, c, d, e, f];
                    if [a, b, c, d].contains(&e) || [a, b, c, d].contains(&f) || !g.sees(d, e) {
                        continue;
                    }
                    let difficulty = x_chain_difficulty(&[vec![k1], vec![k2], vec![k3]]);
                    if best.as_ref().is_some_and(|(d0, _)| difficulty > d0 - 1e-9) {
                        continue;
                    }
                    let elim = removed_by(g, node(g, a, v), node(g, f, v));
                    if !elim.is_empty() {
                        let nodes = cells.iter().map(|&x| node(g, x, v)).collect();
                        best = Some((difficulty, Chain { nodes, elim }));
                    }
                }
            }
        }
    }
    let (difficulty, chain) = best?;
    Some(step(
        g,
        Technique::ThreeStrongLinks,
        chain,
        difficulty - length_difficulty(6),
    ))
}

/// X-chain: a single-digit chain of any length.
pub fn x_chain(g: &Candidates, max_nodes: usize) -> Option<Step> {
    x_chain_in(g, &mut Search::new(g), max_nodes)
}

/// [`x_chain`] with the search's buffers `sr` (built for `g`).
pub(super) fn x_chain_in(g: &Candidates, sr: &mut Search, max_nodes: usize) -> Option<Step> {
    // The shortest over the values (the first on a tie): each value's search only looks for
    // chains shorter than the best so far.
    let mut best: Option<Chain> = None;
    for v in 1..=g.n as u8 {
        let limit = best.as_ref().map_or(max_nodes, |b| b.nodes.len() - 1);
        if let Some(ch) = shortest_in(g, sr, Kind::X(v), limit) {
            best = Some(ch);
        }
    }
    let best = best?;
    let kinds: Vec<Vec<HouseKind>> = best
        .nodes
        .chunks(2)
        .map(|pair| {
            let ((a, v), (b, _)) = (split(g, pair[0]), split(g, pair[1]));
            strong_kinds(g, a, b, v)
        })
        .collect();
    // `step` adds the length bonus of the chain's own candidates: taken off again here.
    let base = x_chain_difficulty(&kinds) - length_difficulty(best.nodes.len());
    Some(step(g, Technique::XChain, best, base))
}

/// XY-chain: bivalue cells linked on shared values.
pub fn xy_chain(g: &Candidates, max_nodes: usize) -> Option<Step> {
    xy_chain_in(g, &mut Search::new(g), max_nodes)
}

/// [`xy_chain`] with the search's buffers `sr` (built for `g`).
pub(super) fn xy_chain_in(g: &Candidates, sr: &mut Search, max_nodes: usize) -> Option<Step> {
    let chain = shortest_in(g, sr, Kind::Xy, max_nodes)?;
    Some(step(g, Technique::XyChain, chain, 7.0))
}

/// The rating of an AIC (or XY-chain) of `nodes` candidates.
pub fn aic_difficulty(nodes: usize) -> f64 {
    7.0 + length_difficulty(nodes + 2)
}

/// The least rating of an XY-chain, W-wing or AIC.
pub const LEAST_AIC: f64 = 7.0;

/// Alternating inference chain over any links.
pub fn aic(g: &Candidates, max_nodes: usize) -> Option<Step> {
    aic_in(g, &mut Search::new(g), max_nodes)
}

/// [`aic`] with the search's buffers `sr` (built for `g`).
pub(super) fn aic_in(g: &Candidates, sr: &mut Search, max_nodes: usize) -> Option<Step> {
    let chain = shortest_in(g, sr, Kind::Aic, max_nodes)?;
    Some(step(g, Technique::Aic, chain, 7.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::parse_line;

    /// [`removed_by`] lists, for every pair of open candidates of a real grid (some removed),
    /// exactly the open candidates of the ends' values weakly linked to both ends, by cell.
    #[test]
    fn removals_are_the_candidates_weakly_linked_to_both_ends() {
        let line =
            "800000002007509100000324000004030800630000051000102000000401000100293006400060009";
        let mut g = Candidates::new(&parse_line(line, None).unwrap());
        for (c, v) in [(1, 1), (2, 3), (10, 4), (30, 7)] {
            g.eliminate(c, v);
        }
        let weak = |(c, v): (usize, u8), (d, w): (usize, u8)| {
            (c == d && v != w) || (v == w && c != d && g.sees(c, d))
        };
        let ids: Vec<usize> = g
            .open_cells()
            .flat_map(|c| values(g.cand[c]).map(move |v| (c, v)))
            .map(|(c, v)| node(&g, c, v))
            .collect();
        for &start in &ids {
            for &end in &ids {
                let (s, e) = (split(&g, start), split(&g, end));
                let mut slow: Vec<(usize, u8)> = ids
                    .iter()
                    .map(|&x| split(&g, x))
                    .filter(|&x| x != s && x != e && (x.1 == s.1 || x.1 == e.1))
                    .filter(|&x| weak(x, s) && weak(x, e))
                    .collect();
                slow.sort_unstable();
                assert_eq!(removed_by(&g, start, end), slow, "{s:?} {e:?}");
            }
        }
    }
}
