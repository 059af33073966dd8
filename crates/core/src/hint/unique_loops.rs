//! Unique rectangles and unique loops, as Sukaku Explainer finds them (uniqueness techniques:
//! they assume the puzzle has exactly one solution, so they have no certificate, and the path
//! leaves them out with `--no-uniqueness` and on puzzles with rules beyond houses, where
//! swapping two digits may break a rule).
//!
//! A loop: an even number k ≥ 4 of open cells that all hold the values a and b, each house of
//! a loop cell holding exactly two of its cells, one at an odd and one at an even place round
//! the loop. If every loop cell held only {a, b}, swapping a and b round the loop would give a
//! second solution (a "deadly pattern"); with one solution, the cells with extra values (the
//! "rescue" cells) keep at least one of them true:
//! - type 1: one rescue cell: it loses a and b;
//! - type 2: every rescue cell has the same one extra value x: one of them is x, so a cell that
//!   sees all of them loses x;
//! - type 3: two rescue cells in one house, their extra values with k − 1 other cells of that
//!   house making a naked set of k values: the other cells of the house lose those values; or,
//!   with a hidden set, the loop's values and k − 2 others with k places in that house, one of
//!   the two counted once ([`type_3_hidden`]);
//! - type 4: two rescue cells in one house where a has no other place: one of them is a, so
//!   neither can be b.
//!
//! Difficulty (Sukaku Explainer's original ratings): 4.5 for a rectangle, 4.6 for a loop of 6,
//! 4.7 of 8, 5.0 of 10 or more; type 3 adds 0.1 per value of its naked set beyond the first, or
//! of its hidden set beyond two.

use super::catalogue::Context;
use super::grid::{bit, values, Candidates};
use super::step::{cell_list, value_list, Step};
use super::technique::Technique;
use smallvec::SmallVec;

/// The longest loop searched (cells) on grids up to 9×9, and beyond: a cost bound on the
/// depth-first search, not a rule.
const MAX_LOOP: usize = 14;
const MAX_LOOP_LARGE: usize = 6;

/// A deduction found on a loop: its type (1–4), difficulty and step.
struct Found {
    kind: u8,
    difficulty: f64,
    step: Step,
}

/// The cheapest unique rectangle or loop step (then the lowest type), if any.
pub fn unique_loop(g: &Candidates, context: &Context) -> Option<Step> {
    if !context.rules.is_empty() {
        return None;
    }
    let max = if g.n <= 9 { MAX_LOOP } else { MAX_LOOP_LARGE };
    let mut best: Option<Found> = None;
    // The cells a loop on each pair of values may use (worked out once a pair), and the
    // search's marks (left clear from one start to the next).
    let mut alive: Vec<(u64, Vec<bool>)> = Vec::new();
    let mut on_path = vec![false; g.value.len()];
    let mut in_house = vec![[0; 2]; g.houses.len()];
    for start in g.open_cells().filter(|&c| g.cand[c].count_ones() == 2) {
        // Nothing beats a type 1 at the least rating (a rectangle's): later ones are not taken.
        if best
            .as_ref()
            .is_some_and(|b| b.kind == 1 && b.difficulty <= base(4) + 1e-9)
        {
            break;
        }
        let mut vs = values(g.cand[start]);
        let (a, b) = (vs.next()?, vs.next()?);
        let pair = bit(a) | bit(b);
        let at = match alive.iter().position(|(p, _)| *p == pair) {
            Some(at) => at,
            None => {
                alive.push((pair, loop_cells(g, pair)));
                alive.len() - 1
            }
        };
        if !alive[at].1[start] {
            continue;
        }
        let mut search = LoopSearch {
            g,
            pair,
            max,
            alive: &alive[at].1,
            out: Vec::new(),
            on_path: std::mem::take(&mut on_path),
            in_house: std::mem::take(&mut in_house),
        };
        search.enter(start, 0, true);
        search.extend(&mut vec![start], 2, 0, usize::MAX);
        search.enter(start, 0, false);
        for cells in search.out.iter().filter(|l| valid(g, l)) {
            for found in deductions(g, cells, a, b) {
                let better = best.as_ref().is_none_or(|b| {
                    found.difficulty < b.difficulty - 1e-9
                        || (found.difficulty < b.difficulty + 1e-9 && found.kind < b.kind)
                });
                if better {
                    best = Some(found);
                }
            }
        }
        (on_path, in_house) = (search.on_path, search.in_house);
    }
    best.map(|f| f.step)
}

/// The cells a valid loop on the values `pair` may use: the open cells holding both, less
/// those with a house where no other such cell is left, until none is (each house of a loop
/// cell holds a second loop cell, so a loop never uses a cell taken away).
fn loop_cells(g: &Candidates, pair: u64) -> Vec<bool> {
    let mut alive: Vec<bool> = (0..g.value.len())
        .map(|c| g.value[c] == 0 && g.cand[c] & pair == pair)
        .collect();
    let mut queue: Vec<usize> = (0..alive.len()).filter(|&c| alive[c]).collect();
    let mut left = vec![0usize; g.houses.len()];
    for &c in &queue {
        for &h in &g.houses_of[c] {
            left[h] += 1;
        }
    }
    while let Some(c) = queue.pop() {
        if !alive[c] || g.houses_of[c].iter().all(|&h| left[h] >= 2) {
            continue;
        }
        alive[c] = false;
        for &h in &g.houses_of[c] {
            left[h] -= 1;
            if left[h] == 1 {
                queue.extend(g.houses[h].cells.iter().filter(|&&d| alive[d]));
            }
        }
    }
    alive
}

/// The depth-first search of loops on the values `pair`, at most `max` cells, into `out`.
struct LoopSearch<'a> {
    g: &'a Candidates,
    pair: u64,
    max: usize,
    /// The cells a valid loop on `pair` may use ([`loop_cells`]).
    alive: &'a [bool],
    out: Vec<Vec<usize>>,
    /// The cells on the path.
    on_path: Vec<bool>,
    /// For each house, how many path cells it holds at an even and at an odd place.
    in_house: Vec<[u8; 2]>,
}

impl LoopSearch<'_> {
    /// Marks `cell`, at place `at` of the path, as on it (`on`) or off it again.
    fn enter(&mut self, cell: usize, at: usize, on: bool) {
        self.on_path[cell] = on;
        for &h in &self.g.houses_of[cell] {
            if on {
                self.in_house[h][at % 2] += 1;
            } else {
                self.in_house[h][at % 2] -= 1;
            }
        }
    }

    /// Whether `next` can follow the path (`len` cells) in a valid loop: none of its houses
    /// already holds a path cell at the same parity or two path cells (an exact cut: [`valid`]
    /// would refuse the loop).
    fn fits(&self, len: usize, next: usize) -> bool {
        self.g.houses_of[next].iter().all(|&h| {
            let [even, odd] = self.in_house[h];
            self.in_house[h][len % 2] == 0 && even + odd < 2
        })
    }

    /// The loops that continue `path` through cells holding both values of the pair, each
    /// link in a house other than the last one's, with at most two cells of extra values (or
    /// any number sharing one extra value), closed back at the start after ≥ 4 cells.
    fn extend(&mut self, path: &mut Vec<usize>, allowed_extra: usize, extra: u64, last: usize) {
        let (g, pair) = (self.g, self.pair);
        let cell = *path.last().unwrap();
        for &h in &g.houses_of[cell] {
            if h == last {
                continue;
            }
            for &next in &g.houses[h].cells {
                if next == path[0] && path.len() >= 4 {
                    self.out.push(path.clone());
                } else if path.len() < self.max
                    && self.alive[next]
                    && !self.on_path[next]
                    && self.fits(path.len(), next)
                {
                    let more = extra | (g.cand[next] & !pair);
                    let wide = g.cand[next].count_ones() > 2;
                    if !wide || more.count_ones() == 1 || allowed_extra > 0 {
                        self.enter(next, path.len(), true);
                        path.push(next);
                        let left = allowed_extra - usize::from(wide && allowed_extra > 0);
                        self.extend(path, left, more, h);
                        path.pop();
                        self.enter(next, path.len(), false);
                    }
                }
            }
        }
    }
}

/// Whether every house of a loop cell holds exactly two loop cells, one at an odd and one at
/// an even place.
fn valid(g: &Candidates, cells: &[usize]) -> bool {
    let mut seen: [SmallVec<[usize; 64]>; 2] = Default::default();
    for (i, &c) in cells.iter().enumerate() {
        for &h in &g.houses_of[c] {
            if seen[i % 2].contains(&h) {
                return false;
            }
            seen[i % 2].push(h);
        }
    }
    seen[0].sort();
    seen[1].sort();
    cells.len() % 2 == 0 && seen[0] == seen[1]
}

/// The base difficulty of a loop of `len` cells (Sukaku Explainer's original ratings).
fn base(len: usize) -> f64 {
    let mut d = 4.5;
    if len >= 10 {
        d += 0.3;
    }
    if len >= 8 {
        d += 0.2;
    } else if len >= 6 {
        d += 0.1;
    }
    d
}

fn pattern_name(len: usize) -> String {
    if len == 4 {
        "unique rectangle".to_string()
    } else {
        format!("unique loop of {len} cells")
    }
}

/// The deductions of types 1–4 on a valid loop.
fn deductions(g: &Candidates, cells: &[usize], a: u8, b: u8) -> Vec<Found> {
    let pair = bit(a) | bit(b);
    let rescue: SmallVec<[usize; 8]> = cells
        .iter()
        .copied()
        .filter(|&c| g.cand[c] & !pair != 0)
        .collect();
    let extra = rescue.iter().fold(0u64, |m, &c| m | (g.cand[c] & !pair));
    let d = base(cells.len());
    let mut out = Vec::new();
    // The sentence is written only for a step that removes something.
    let mut push = |technique: Technique,
                    difficulty: f64,
                    text: &dyn Fn() -> String,
                    elim: Vec<(usize, u8)>| {
        if elim.is_empty() {
            return;
        }
        let kind = match technique {
            Technique::UniqueLoop1 => 1,
            Technique::UniqueLoop2 => 2,
            Technique::UniqueLoop4 => 4,
            _ => 3,
        };
        let mut step = Step::new(technique, text());
        step.difficulty = difficulty;
        step.eliminations = elim;
        step.cells = cells.to_vec();
        out.push(Found {
            kind,
            difficulty,
            step,
        });
    };
    let intro = || {
        format!(
        "{} {} on {{{a},{b}}}: with only {a} and {b} in its cells, swapping them round it would \
         give a second solution; the puzzle has one (assumed), so",
            pattern_name(cells.len()),
            cell_list(g, cells)
        )
    };
    match rescue.len() {
        1 => {
            let x = rescue[0];
            push(
                Technique::UniqueLoop1,
                d,
                &|| format!("{} {} holds another value", intro(), g.cell(x)),
                vec![(x, a), (x, b)],
            );
        }
        n if n >= 2 && extra.count_ones() == 1 => {
            let x = values(extra).next().unwrap_or(0);
            let elim = g
                .open_cells()
                .filter(|&c| !rescue.contains(&c) && g.has(c, x))
                .filter(|&c| rescue.iter().all(|&r| g.sees(c, r)))
                .map(|c| (c, x))
                .collect();
            push(
                Technique::UniqueLoop2,
                d,
                &|| {
                    format!(
                        "{} one of {} is {x}: a cell seeing them all is not {x}",
                        intro(),
                        cell_list(g, &rescue)
                    )
                },
                elim,
            );
        }
        _ => {}
    }
    if let [c1, c2] = rescue[..] {
        if extra.count_ones() >= 2 {
            for (difficulty, text, elim) in type_3(g, c1, c2, extra, d) {
                push(
                    Technique::UniqueLoop3,
                    difficulty,
                    &|| format!("{} {text}", intro()),
                    elim,
                );
            }
            if let Some((difficulty, text, elim)) = type_3_hidden(g, (c1, c2), (a, b), extra, d) {
                push(
                    Technique::UniqueLoop3Hidden,
                    difficulty,
                    &|| format!("{} {text}", intro()),
                    elim,
                );
            }
        }
        for (lock, other) in [(a, b), (b, a)] {
            for h in g.common_houses(&[c1, c2]) {
                if g.places(h, lock).iter().all(|&c| c == c1 || c == c2) {
                    push(
                        Technique::UniqueLoop4,
                        d,
                        &|| {
                            format!(
                            "{} {} and {} cannot both take a value of {{{a},{b}}}; {lock} has no other \
                             place in {}, so one of them is {lock} and neither is {other}",
                            intro(),
                            g.cell(c1),
                            g.cell(c2),
                            g.houses[h].kind
                        )
                        },
                        vec![(c1, other), (c2, other)],
                    );
                }
            }
        }
    }
    out
}

/// A deduction of type 3: its difficulty, sentence and removals.
type Deduction = (f64, String, Vec<(usize, u8)>);

/// Type 3: the rescue cells c1, c2 (one of them holds a value of `extra`) with `k − 1` other
/// cells of a house they share form a naked set of k values.
fn type_3(g: &Candidates, c1: usize, c2: usize, extra: u64, base: f64) -> Vec<Deduction> {
    let mut out = Vec::new();
    let common = extra & g.cand[c1] & g.cand[c2];
    for h in g.common_houses(&[c1, c2]) {
        let others: Vec<usize> = g.houses[h]
            .cells
            .iter()
            .copied()
            .filter(|&c| c != c1 && c != c2 && g.value[c] == 0 && g.cand[c].count_ones() >= 2)
            .collect();
        let open = g.houses[h]
            .cells
            .iter()
            .filter(|&&c| g.value[c] == 0)
            .count();
        for degree in 2..=g.n - 2 {
            if degree * 2 > open || degree < extra.count_ones() as usize {
                continue;
            }
            for set in small_sets(g, &others, degree - 1, extra, degree) {
                let rest = set.iter().fold(0u64, |m, &c| m | g.cand[c]);
                let union = extra | rest;
                if union.count_ones() as usize != degree
                    || (common | rest).count_ones() as usize != degree
                {
                    continue;
                }
                let elim: Vec<(usize, u8)> = g.houses[h]
                    .cells
                    .iter()
                    .copied()
                    .filter(|&c| c != c1 && c != c2 && !set.contains(&c) && g.value[c] == 0)
                    .flat_map(|c| values(g.cand[c] & union).map(move |v| (c, v)))
                    .collect();
                let text = format!(
                    "one of {} and {} holds one of {}; with {} they make a naked set of \
                     {degree} values in {}: its other cells lose them",
                    g.cell(c1),
                    g.cell(c2),
                    value_list(extra),
                    cell_list(g, &set),
                    g.houses[h].kind
                );
                out.push((base + 0.1 * (degree as f64 - 1.0), text, elim));
            }
        }
    }
    out
}

/// Type 3 with a hidden set (Sukaku Explainer's): in a house holding the rescue cells c1 and
/// c2, the loop's values a, b and k − 2 values that are no extra value have their places,
/// leaving out c2, in k cells (c1 among them). One of c1, c2 holds an extra value, so at most
/// one of them holds a value of the set: its k values fill the k − 1 other cells and one of
/// c1, c2, and those k − 1 cells lose every other value. The smallest set (the cheapest), then
/// the first house; difficulty: the loop's + 0.1 per value beyond two.
fn type_3_hidden(
    g: &Candidates,
    (c1, c2): (usize, usize),
    (a, b): (u8, u8),
    extra: u64,
    base: f64,
) -> Option<Deduction> {
    let pair = bit(a) | bit(b);
    let houses = g.common_houses(&[c1, c2]);
    for degree in 2..=g.n.saturating_sub(2) {
        for &h in &houses {
            let cells = &g.houses[h].cells;
            let open = cells.iter().filter(|&&c| g.value[c] == 0).count();
            if degree * 2 >= open {
                continue;
            }
            let out_c2 = !(1u64 << cells.iter().position(|&c| c == c2)?);
            let places = |v: u8| g.place_mask(h, v) & out_c2;
            let others: Vec<(u8, u64)> = (1..=g.n as u8)
                .filter(|&v| bit(v) & (pair | extra) == 0)
                .map(|v| (v, places(v)))
                .filter(|&(_, m)| m != 0)
                .collect();
            let start = places(a) | places(b);
            for (set, union) in hidden_sets(&others, degree - 2, start, degree) {
                if union.count_ones() as usize != degree {
                    continue;
                }
                let set = set | pair;
                let filled: Vec<usize> = (0..cells.len())
                    .filter(|&i| union & (1 << i) != 0 && cells[i] != c1)
                    .map(|i| cells[i])
                    .collect();
                let elim: Vec<(usize, u8)> = filled
                    .iter()
                    .flat_map(|&c| values(g.cand[c] & !set).map(move |v| (c, v)))
                    .collect();
                if elim.is_empty() {
                    continue;
                }
                let text = format!(
                    "one of {} and {} holds one of {}, so at most one of them holds a value of \
                     {}; in {} these {degree} values have no place but them and {}, which \
                     therefore hold {} of them and lose every other value",
                    g.cell(c1),
                    g.cell(c2),
                    value_list(extra),
                    value_list(set),
                    g.houses[h].kind,
                    cell_list(g, &filled),
                    degree - 1
                );
                return Some((base + 0.1 * (degree as f64 - 2.0), text, elim));
            }
        }
    }
    None
}

/// The sets of k values of `items` (value, places as a mask) whose places, with `start`, are
/// at most `limit` cells: each set as a value mask with its places (depth first, a branch cut
/// as soon as it passes `limit`).
fn hidden_sets(items: &[(u8, u64)], k: usize, start: u64, limit: usize) -> Vec<(u64, u64)> {
    fn grow(
        items: &[(u8, u64)],
        k: usize,
        (set, union): (u64, u64),
        limit: usize,
        out: &mut Vec<(u64, u64)>,
    ) {
        if set.count_ones() as usize == k {
            out.push((set, union));
            return;
        }
        for (i, &(v, places)) in items.iter().enumerate() {
            let more = union | places;
            if more.count_ones() as usize <= limit {
                grow(&items[i + 1..], k, (set | bit(v), more), limit, out);
            }
        }
    }
    let mut out = Vec::new();
    grow(items, k, (0, start), limit, &mut out);
    out
}

/// The sets of k cells of `items` whose candidates, with the values of `start`, are at most
/// `limit` values (depth first, a branch cut as soon as it passes `limit`).
pub(super) fn small_sets(
    g: &Candidates,
    items: &[usize],
    k: usize,
    start: u64,
    limit: usize,
) -> Vec<Vec<usize>> {
    fn grow(
        g: &Candidates,
        items: &[usize],
        k: usize,
        union: u64,
        limit: usize,
        set: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if set.len() == k {
            out.push(set.clone());
            return;
        }
        for (i, &c) in items.iter().enumerate() {
            let more = union | g.cand[c];
            if more.count_ones() as usize <= limit {
                set.push(c);
                grow(g, &items[i + 1..], k, more, limit, set, out);
                set.pop();
            }
        }
    }
    let mut out = Vec::new();
    grow(g, items, k, start, limit, &mut Vec::new(), &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hint::catalogue::along_path;

    /// The valid loops from a start, in the order the search finds them, on the cells
    /// `alive`.
    fn valid_loops(g: &Candidates, start: usize, alive: &[bool]) -> Vec<Vec<usize>> {
        let pair = g.cand[start];
        let mut search = LoopSearch {
            g,
            pair,
            max: MAX_LOOP,
            alive,
            out: Vec::new(),
            on_path: vec![false; g.value.len()],
            in_house: vec![[0; 2]; g.houses.len()],
        };
        search.enter(start, 0, true);
        search.extend(&mut vec![start], 2, 0, usize::MAX);
        search.out.into_iter().filter(|l| valid(g, l)).collect()
    }

    /// Along the paths of diabolical puzzles that take unique loops of types 1 to 4, the
    /// search on the peeled cells ([`loop_cells`]) finds, from every bivalue cell, the valid
    /// loops the search on every open cell holding the pair finds, in the same order.
    #[test]
    fn the_peeled_cells_keep_every_valid_loop() {
        let puzzles = [
            "050038070860040093000200000900000700310000065005000009000003000230070048070450030",
            "009305000370060080000007100087400000090050030000006750005900000040070026000602900",
            "000000000090018230050006014800043020005090400060850007680100070017380040000000000",
        ];
        let mut loops = 0;
        for line in puzzles {
            along_path(line, |g| {
                for start in g.open_cells().filter(|&c| g.cand[c].count_ones() == 2) {
                    let pair = g.cand[start];
                    let holding: Vec<bool> = (0..g.value.len())
                        .map(|c| g.value[c] == 0 && g.cand[c] & pair == pair)
                        .collect();
                    let every = valid_loops(g, start, &holding);
                    let peeled = loop_cells(g, pair);
                    let kept = if peeled[start] {
                        valid_loops(g, start, &peeled)
                    } else {
                        Vec::new()
                    };
                    assert_eq!(every, kept, "{line}: from {start}");
                    loops += every.len();
                }
            });
        }
        assert!(loops >= 100, "the paths hold valid loops: {loops}");
    }
}
