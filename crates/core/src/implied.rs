//! Implied sums, the killer solver's "law of 45" (innies and outies), derived from the houses and
//! the sum primitives before any engine runs. They are consequences of the rules, never rules:
//! engines may add them to see more; the independent checker never uses them.
//!
//! A region R that is a union of k disjoint houses (consecutive rows, consecutive columns, one
//! box or region, two boxes or regions) holds k copies of 1..n, so Σ_{c∈R} value(c) = k·n(n+1)/2.
//! Take the sums Σ_{c∈C} value(c) = s_C (a [`Primitive::Linear`] equality with every
//! coefficient 1: a killer cage, a little killer, …; pairwise disjoint ones only) that meet R, and
//! any subset S of them. Splitting R's sum over S:
//!
//! Σ_{c ∈ R∖∪S} value(c) − Σ_{C∈S} Σ_{c ∈ C∖R} value(c) = k·n(n+1)/2 − Σ_{C∈S} s_C.
//!
//! Three choices of S are kept: the sums lying inside R (the **innies**: what R's own sums leave
//! uncovered), every sum that meets R (the **outies**: the cells they add outside R, less R's
//! uncovered cells), and each sum whose part outside R is smaller than its part inside (the
//! mixed **innie–outie** form, the fewest cells). Given cells move to the right-hand side; an
//! equality left with at most `max_cells` open cells is a new [`Primitive::Linear`] (a single
//! cell becomes a [`Primitive::Values`]). When its cells lie in one house, engines find it as a
//! sum over different values (a cage) like any other.
//!
//! A puzzle computes them once, on first use, over at most the order (or 8) open cells
//! ([`crate::puzzle::Puzzle::implied_sums`]); each engine and the binary model take those over at
//! most the cells it wants from there. This module sees only the houses, the givens and the
//! primitives, not the puzzle, so the puzzle can hold them.

use crate::geometry::{Cell, House, HouseKind};
use crate::rules::primitive::{Primitive, Relation, ValueSet};
use std::collections::HashSet;

/// Implied sums over more open cells than this are left out (they say little and cost time).
/// 3 measured best for SAT and propagation on the hard killers (docs/performance.md, issue 21).
pub const MAX_IMPLIED_CELLS: usize = 3;

/// One ±1 equality: (coefficient, cell) terms, sorted by cell, and its right-hand side.
type Equality = (Vec<(i64, Cell)>, i64);

/// A set of cells as bits of row-major indices.
#[derive(Clone, PartialEq, Eq)]
struct Cells(Vec<u64>);

impl Cells {
    fn empty(n: usize) -> Cells {
        Cells(vec![0; (n * n).div_ceil(64)])
    }

    fn of(n: usize, cells: impl IntoIterator<Item = Cell>) -> Cells {
        let mut set = Cells::empty(n);
        for c in cells {
            let i = c.row * n + c.col;
            set.0[i / 64] |= 1 << (i % 64);
        }
        set
    }

    fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// |self ∩ other|
    fn common(&self, other: &Cells) -> usize {
        self.0
            .iter()
            .zip(&other.0)
            .map(|(a, b)| (a & b).count_ones() as usize)
            .sum()
    }

    /// self ∩ other ∖ minus, as a new set.
    fn and_not(&self, other: &Cells, minus: &Cells) -> Cells {
        let words = self.0.iter().zip(&other.0).zip(&minus.0);
        Cells(words.map(|((a, b), m)| a & b & !m).collect())
    }

    fn union_with(&mut self, other: &Cells) {
        self.0.iter_mut().zip(&other.0).for_each(|(a, b)| *a |= b);
    }

    fn cells(&self, n: usize) -> impl Iterator<Item = Cell> + '_ {
        self.0.iter().enumerate().flat_map(move |(w, &word)| {
            (0..64)
                .filter(move |b| word >> b & 1 == 1)
                .map(move |b| w * 64 + b)
                .map(move |i| Cell {
                    row: i / n,
                    col: i % n,
                })
        })
    }
}

/// The implied sums of an n×n grid with these houses, givens (row-major, 0 = open) and
/// primitives, each over at most `max_cells` open cells (module documentation).
pub fn implied_sums(
    n: usize,
    houses: &[House],
    givens: &[u8],
    primitives: &[Primitive],
    max_cells: usize,
) -> Vec<Primitive> {
    let sums = disjoint_sums(n, primitives);
    if sums.is_empty() || givens.len() != n * n {
        return Vec::new();
    }
    let mut seen: HashSet<Equality> = primitives
        .iter()
        .filter_map(|p| match p {
            Primitive::Linear(l) if l.relation == Relation::Eq => {
                Some(normalised(l.terms.clone(), l.rhs))
            }
            _ => None,
        })
        .collect();
    let open = Cells::of(
        n,
        (0..n * n).filter(|&i| givens[i] == 0).map(|i| Cell {
            row: i / n,
            col: i % n,
        }),
    );
    let mut out = Vec::new();
    for (region, k, name) in regions(n, houses) {
        let total = k as i64 * (n * (n + 1) / 2) as i64;
        for (form, chosen) in forms(&region, &sums) {
            let mut covered = Cells::empty(n);
            let mut size = 0;
            for &s in &chosen {
                covered.union_with(&sums[s].0);
                size += sums[s].0.and_not(&open, &region).count();
            }
            let inside = region.and_not(&open, &covered);
            size += inside.count();
            if size == 0 || size > max_cells {
                continue;
            }
            let mut terms: Vec<(i64, Cell)> = inside.cells(n).map(|c| (1, c)).collect();
            let mut rhs = total;
            for &s in &chosen {
                rhs -= sums[s].1;
                let outside = sums[s].0.and_not(&open, &region);
                terms.extend(outside.cells(n).map(|c| (-1, c)));
            }
            // Given cells: inside R∖∪S they move to the right with +1, outside R with −1.
            let fixed = region.and_not(&region, &covered);
            rhs -= fixed
                .cells(n)
                .map(|c| givens[c.row * n + c.col] as i64)
                .sum::<i64>();
            for &s in &chosen {
                let out_cells = sums[s].0.and_not(&sums[s].0, &region);
                rhs += out_cells
                    .cells(n)
                    .map(|c| givens[c.row * n + c.col] as i64)
                    .sum::<i64>();
            }
            let eq = normalised(terms, rhs);
            if seen.insert(eq.clone()) {
                out.push(primitive(format!("implied_{}_{form}", name()), eq, n));
            }
        }
    }
    out
}

/// The cell sets and sums of the equalities with every coefficient 1, keeping each only when it
/// shares no cell with one kept before.
fn disjoint_sums(n: usize, primitives: &[Primitive]) -> Vec<(Cells, i64)> {
    let mut used = Cells::empty(n);
    let mut out = Vec::new();
    for p in primitives {
        if let Primitive::Linear(l) = p {
            let cells = Cells::of(n, l.cells());
            if l.is_unit_sum() && cells.count() == l.terms.len() && cells.common(&used) == 0 {
                used.union_with(&cells);
                out.push((cells, l.rhs));
            }
        }
    }
    out
}

/// A region: its cells, its number of houses, and its name (made only when needed).
type Region<'h> = (Cells, usize, Box<dyn Fn() -> String + 'h>);

/// The regions: runs of consecutive rows and of consecutive columns, single boxes or regions,
/// and pairs of them.
fn regions(n: usize, houses: &[House]) -> Vec<Region<'_>> {
    let of = |pick: fn(&HouseKind) -> bool| {
        let mut found: Vec<&House> = houses.iter().filter(|h| pick(&h.kind)).collect();
        found.sort_by_key(|h| index(&h.kind));
        found
    };
    let rows = of(|k| matches!(k, HouseKind::Row(_)));
    let cols = of(|k| matches!(k, HouseKind::Col(_)));
    let boxes = of(|k| matches!(k, HouseKind::Box(_) | HouseKind::Region(_)));
    let mut out: Vec<Region> = Vec::new();
    for line in [rows, cols] {
        for first in 0..line.len() {
            let mut cells = Cells::empty(n);
            for last in first..line.len() {
                cells.union_with(&Cells::of(n, line[last].cells.iter().copied()));
                let (a, b) = (line[first].kind, line[last].kind);
                let name = move || match first == last {
                    true => a.tag(),
                    false => format!("{}_{}", a.tag(), b.tag()),
                };
                out.push((cells.clone(), last - first + 1, Box::new(name)));
            }
        }
    }
    let box_cells: Vec<Cells> = boxes
        .iter()
        .map(|h| Cells::of(n, h.cells.iter().copied()))
        .collect();
    for (i, a) in boxes.iter().enumerate() {
        let a_kind = a.kind;
        out.push((box_cells[i].clone(), 1, Box::new(move || a_kind.tag())));
        for (j, b) in boxes.iter().enumerate().skip(i + 1) {
            let mut cells = box_cells[i].clone();
            cells.union_with(&box_cells[j]);
            let b_kind = b.kind;
            let name = move || format!("{}_{}", a_kind.tag(), b_kind.tag());
            out.push((cells, 2, Box::new(name)));
        }
    }
    out
}

/// The index inside a house kind.
fn index(kind: &HouseKind) -> usize {
    match *kind {
        HouseKind::Row(i)
        | HouseKind::Col(i)
        | HouseKind::Box(i)
        | HouseKind::Region(i)
        | HouseKind::Diagonal(i) => i,
    }
}

/// The sums S of the innie, outie and mixed forms of `region` (indices into `sums`).
fn forms(region: &Cells, sums: &[(Cells, i64)]) -> [(&'static str, Vec<usize>); 3] {
    let (mut innies, mut outies, mut mixed) = (Vec::new(), Vec::new(), Vec::new());
    for (s, (cells, _)) in sums.iter().enumerate() {
        let inside = cells.common(region);
        if inside == 0 {
            continue;
        }
        let outside = cells.count() - inside;
        outies.push(s);
        if outside == 0 {
            innies.push(s);
        }
        if outside < inside {
            mixed.push(s);
        }
    }
    [("in", innies), ("out", outies), ("inout", mixed)]
}

/// Terms sorted by cell, and negated when every coefficient is negative (a plain sum then).
fn normalised(mut terms: Vec<(i64, Cell)>, mut rhs: i64) -> Equality {
    terms.sort_by_key(|&(_, c)| c);
    if terms.iter().all(|&(a, _)| a < 0) {
        terms.iter_mut().for_each(|t| t.0 = -t.0);
        rhs = -rhs;
    }
    (terms, rhs)
}

/// The equality as a primitive: one cell with coefficient 1 and a value in 1..=n is that value;
/// a difference of two cells, value(a) − value(b) = r, is the table of its allowed pairs.
fn primitive(tag: String, (terms, rhs): Equality, n: usize) -> Primitive {
    match terms.as_slice() {
        [(1, cell)] if (1..=n as i64).contains(&rhs) => Primitive::Values {
            tag,
            cell: *cell,
            allowed: ValueSet::of([rhs as u8]),
        },
        &[(x, a), (y, b)] if x != y => Primitive::Pairs {
            tag,
            a,
            b,
            allowed: (1..=n as i64)
                .map(|u| {
                    ValueSet::of(
                        (1..=n as i64)
                            .filter(|w| x * u + y * w == rhs)
                            .map(|w| w as u8),
                    )
                })
                .collect(),
        },
        _ => Primitive::linear(tag, terms, Relation::Eq, rhs),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Puzzle;
    use crate::rules::killer::Cage;
    use crate::rules::Rule;

    fn c(row: usize, col: usize) -> Cell {
        Cell { row, col }
    }

    fn cage(cells: &[(usize, usize)], sum: i64) -> Rule {
        Rule::Killer(Cage {
            cells: cells.iter().map(|&(r, k)| c(r, k)).collect(),
            sum: Some(sum),
        })
    }

    fn linear(tag: &str, terms: &[(i64, (usize, usize))], rhs: i64) -> Primitive {
        Primitive::linear(
            tag,
            terms.iter().map(|&(a, (r, k))| (a, c(r, k))).collect(),
            Relation::Eq,
            rhs,
        )
    }

    #[test]
    fn a_row_gives_its_innies_and_outies() {
        // 4×4, row 1 holds cage {r1c1, r1c2} = 3 and half of cage {r1c3, r2c3} = 5. Innies:
        // r1c3 + r1c4 = 10 − 3; outies: r1c4 − r2c3 = 10 − 3 − 5.
        let p = Puzzle::with_square_boxes(4, vec![0; 16])
            .unwrap()
            .with_rules(vec![cage(&[(0, 0), (0, 1)], 3), cage(&[(0, 2), (1, 2)], 5)])
            .unwrap();
        let extra = implied_sums(4, p.houses(), p.givens(), p.primitives(), 2);
        assert!(extra.contains(&linear("implied_r1_in", &[(1, (0, 2)), (1, (0, 3))], 7)));
        let difference = extra.iter().find(|e| e.tag() == "implied_r1_out").unwrap();
        assert!(matches!(difference, Primitive::Pairs { a, b, allowed, .. }
            if (*a, *b) == (c(0, 3), c(1, 2)) && allowed[2] == ValueSet::of([1])));
        // Every implied equality holds on the solution.
        let grid = [[1, 2, 4, 3], [3, 4, 1, 2], [2, 1, 3, 4], [4, 3, 2, 1]];
        assert!(p
            .primitives()
            .iter()
            .all(|q| q.holds(|x| grid[x.row][x.col])));
        assert!(extra.iter().all(|q| q.holds(|x| grid[x.row][x.col])));
    }

    #[test]
    fn givens_move_to_the_right_hand_side_and_a_lone_cell_is_a_value() {
        let mut givens = vec![0; 16];
        givens[3] = 3; // r1c4 = 3
        let p = Puzzle::with_square_boxes(4, givens)
            .unwrap()
            .with_rules(vec![cage(&[(0, 0), (0, 1)], 3)])
            .unwrap();
        let extra = implied_sums(4, p.houses(), p.givens(), p.primitives(), 1);
        assert!(extra.iter().any(|e| *e
            == Primitive::Values {
                tag: "implied_r1_in".into(),
                cell: c(0, 2),
                allowed: ValueSet::of([4]),
            }));
    }

    #[test]
    fn the_puzzles_capped_cache_gives_what_every_size_filtered_gives() {
        // Issue 34: the puzzle keeps the implied sums over at most max(n, 8) open cells; up to
        // that cap, each request must give what the search over every size, filtered, gives.
        let p = Puzzle::with_square_boxes(9, vec![0; 81])
            .unwrap()
            .with_rules(vec![
                cage(&[(0, 0), (0, 1), (1, 0)], 10),
                cage(&[(0, 4), (1, 4)], 9),
                cage(&[(3, 2), (3, 3), (4, 2)], 20),
                cage(&[(8, 7), (8, 8)], 5),
            ])
            .unwrap();
        let every = implied_sums(9, p.houses(), p.givens(), p.primitives(), 81);
        assert_eq!(p.implied_cells_cap(), 9);
        for k in 1..=9 {
            let filtered: Vec<&Primitive> = every.iter().filter(|q| q.cells().len() <= k).collect();
            assert_eq!(p.implied_sums(k), filtered, "up to {k} cells");
        }
        assert!(
            every.iter().any(|q| q.cells().len() > 9),
            "a test that tests"
        );
        assert!(!p.implied_sums(9).is_empty());
    }

    #[test]
    fn a_classic_grid_has_none() {
        let p = Puzzle::with_square_boxes(9, vec![0; 81]).unwrap();
        assert!(p.implied_sums(5).is_empty());
    }
}
