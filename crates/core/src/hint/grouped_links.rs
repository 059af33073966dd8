//! Sukaku Explainer's grouped strong links: its turbot fishes (two links) and "3 strong-linked
//! fishes" (three links) where a link may be grouped, on 9×9 grids of rows, columns and boxes.
//!
//! A strong link of value v in house H says "v is in group A or in group B", where A ∪ B holds
//! every place of v in H. Ungrouped, A and B are the two places. Grouped (H has 3 to 6 places),
//! each group lies in one box-line segment: in a line, the places fill exactly two of its three
//! box segments; in a box, they lie in the row and the column through one "heart" cell (an
//! empty rectangle: the four cells off that row and column hold no v; the heart goes with
//! either group), or, in the three-link form with 4 or more places, in two rows or two columns
//! of the box. As Sukaku Explainer, the first of these shapes that leaves the rest of the box
//! empty decides (hearts in the box's reading order, then two rows, then two columns).
//!
//! A chain A₁ = B₁ − A₂ = B₂ (− A₃ = B₃) needs the groups of consecutive links, Bᵢ and Aᵢ₊₁, in
//! one house (its "shared region"), and the links' houses to have no place in common. If A₁
//! is false, B₁ holds v, so A₂ does not, so B₂ does, and so on: A₁ or the last B holds v, and a
//! cell that sees every cell of both loses v. As Sukaku Explainer does, cells of the links'
//! houses (and, for three links, of the shared regions) are not among those cells.
//!
//! Ratings (Sukaku Explainer's): a turbot fish with a grouped link 4.3 (its ungrouped ones
//! 4.0–4.2 come first, [`super::chains::turbot`]); three links with one grouped or more 5.7
//! (after its ungrouped 5.4–5.6, [`super::chains::three_strong_links`]). Of a kind, the step
//! removing most is taken.

use super::grid::{values, Candidates};
use super::step::Step;
use super::technique::Technique;
use crate::puzzle::HouseKind;

/// A strong link: v is in one of the cells of `a` or one of the cells of `b`.
#[derive(Clone)]
struct Link {
    house: usize,
    a: Vec<usize>,
    b: Vec<usize>,
    /// Every place of v in the house.
    places: Vec<usize>,
    /// The places as a set of cell bits.
    set: u128,
    /// The houses holding every cell of `a`, of `b` (house bits).
    common: [u32; 2],
}

impl Link {
    fn grouped(&self) -> bool {
        self.places.len() > 2
    }

    /// The link read both ways: (start group, end group).
    fn ends(&self) -> [(&[usize], &[usize]); 2] {
        [(&self.a, &self.b), (&self.b, &self.a)]
    }

    /// The houses holding every cell of the start group, of the end group, read way `o`.
    fn commons(&self, o: usize) -> (u32, u32) {
        (self.common[o], self.common[1 - o])
    }

    /// A link of house h with groups a and b: its sets computed.
    fn new(
        layout: &Layout,
        house: usize,
        a: Vec<usize>,
        b: Vec<usize>,
        places: Vec<usize>,
    ) -> Link {
        let common = [layout.common(&a), layout.common(&b)];
        let set = places.iter().fold(0u128, |s, &c| s | 1 << c);
        Link {
            house,
            a,
            b,
            places,
            set,
            common,
        }
    }
}

/// The houses of a 9×9 grid of rows, columns and boxes: for each cell its row, column and box
/// house indices; `None` on any other grid.
struct Layout {
    row: Vec<usize>,
    col: Vec<usize>,
    boxes: Vec<usize>,
    /// For each cell, its three houses as bits.
    bits: Vec<u32>,
}

impl Layout {
    fn of(g: &Candidates) -> Option<Layout> {
        let plain = g.houses.iter().all(|h| {
            matches!(
                h.kind,
                HouseKind::Row(_) | HouseKind::Col(_) | HouseKind::Box(_)
            )
        });
        if g.n != 9 || g.houses.len() != 27 || !plain {
            return None;
        }
        let mut layout = Layout {
            row: vec![0; 81],
            col: vec![0; 81],
            boxes: vec![0; 81],
            bits: vec![0; 81],
        };
        for (h, house) in g.houses.iter().enumerate() {
            for &c in &house.cells {
                match house.kind {
                    HouseKind::Row(_) => layout.row[c] = h,
                    HouseKind::Col(_) => layout.col[c] = h,
                    _ => layout.boxes[c] = h,
                }
                layout.bits[c] |= 1 << h;
            }
        }
        Some(layout)
    }

    /// The houses holding every cell of `cells`, as bits.
    fn common(&self, cells: &[usize]) -> u32 {
        cells.iter().fold(u32::MAX, |m, &c| m & self.bits[c])
    }

    /// The first house (column, then row, then box, as Sukaku Explainer looks) among `common`
    /// (the houses holding every cell of two groups, as bits) that holds `first`, a cell of
    /// the first group.
    fn shared(&self, first: usize, common: u32) -> Option<usize> {
        [self.col[first], self.row[first], self.boxes[first]]
            .into_iter()
            .find(|&h| common & 1 << h != 0)
    }
}

/// The places of v in house h split into groups by `key` (a segment's number), if they fall
/// into exactly two.
fn two_groups(places: &[usize], key: impl Fn(usize) -> usize) -> Option<(Vec<usize>, Vec<usize>)> {
    let k0 = key(places[0]);
    let (a, b): (Vec<usize>, Vec<usize>) = places.iter().partition(|&&c| key(c) == k0);
    let k1 = key(*b.first()?);
    b.iter().all(|&c| key(c) == k1).then_some((a, b))
}

/// The strong links of a box with more than two places: the first empty-rectangle heart, or
/// (`rows_too`, 4 places or more) two rows or two columns of the box.
fn box_links(layout: &Layout, h: usize, places: &[usize], rows_too: bool) -> Vec<Link> {
    let (r0, c0) = (places[0] / 9 / 3 * 3, places[0] % 9 / 3 * 3);
    let link = |a: Vec<usize>, b: Vec<usize>| Link::new(layout, h, a, b, places.to_vec());
    for heart in 0..9 {
        let (hr, hc) = (r0 + heart / 3, c0 + heart % 3);
        if places.iter().any(|&c| c / 9 != hr && c % 9 != hc) {
            continue;
        }
        let column: Vec<usize> = places.iter().copied().filter(|&c| c / 9 != hr).collect();
        let row: Vec<usize> = places.iter().copied().filter(|&c| c % 9 != hc).collect();
        if column.is_empty() || row.is_empty() {
            return Vec::new();
        }
        let centre = hr * 9 + hc;
        if !places.contains(&centre) {
            return vec![link(column, row)];
        }
        let with = |mut g: Vec<usize>| {
            g.push(centre);
            g.sort_unstable();
            g
        };
        return vec![
            link(column.clone(), with(row.clone())),
            link(with(column), row),
        ];
    }
    if !rows_too || places.len() < 4 {
        return Vec::new();
    }
    let by_rows = two_groups(places, |c| c / 9);
    let by_cols = two_groups(places, |c| c % 9);
    by_rows
        .or(by_cols)
        .map(|(a, b)| vec![link(a, b)])
        .unwrap_or_default()
}

/// The strong links of value v: lines with 2–6 places, boxes with 2 to `box_max`.
fn links(g: &Candidates, layout: &Layout, v: u8, three: bool) -> Vec<Link> {
    let box_max = if three { 6 } else { 5 };
    let mut out = Vec::new();
    for h in 0..g.houses.len() {
        let count = g.place_count(h, v);
        if !(2..=6).contains(&count) {
            continue;
        }
        let places = g.places(h, v);
        let is_box = matches!(g.houses[h].kind, HouseKind::Box(_));
        let max = if is_box { box_max } else { 6 };
        if places.len() < 2 || places.len() > max {
            continue;
        }
        if places.len() == 2 {
            let (a, b) = (vec![places[0]], vec![places[1]]);
            out.push(Link::new(layout, h, a, b, places));
        } else if is_box {
            out.extend(box_links(layout, h, &places, three));
        } else if let Some((a, b)) = two_groups(&places, |c| layout.boxes[c]) {
            out.push(Link::new(layout, h, a, b, places));
        }
    }
    out
}

/// Whether two links' houses have no place in common.
fn disjoint(x: &Link, y: &Link) -> bool {
    x.set & y.set == 0
}

/// The open v-candidates that see every cell of `start` and `end`, outside `houses`.
fn victims(
    g: &Candidates,
    v: u8,
    start: &[usize],
    end: &[usize],
    houses: &[usize],
) -> Vec<(usize, u8)> {
    g.peers[start[0]]
        .iter()
        .copied()
        .filter(|&c| g.value[c] == 0 && g.has(c, v))
        .filter(|&c| !start.contains(&c) && !end.contains(&c))
        .filter(|&c| start.iter().chain(end).all(|&x| g.sees(c, x)))
        .filter(|&c| g.houses_of[c].iter().all(|h| !houses.contains(h)))
        .map(|c| (c, v))
        .collect()
}

/// A chain found: its value, its links' groups in order, the houses and what it removes.
struct Found {
    v: u8,
    groups: Vec<Vec<usize>>,
    houses: Vec<usize>,
    elim: Vec<(usize, u8)>,
}

/// Keeps the chain of these groups if it removes something and more than the best so far
/// (its groups copied only then).
fn keep_best(
    best: &mut Option<Found>,
    v: u8,
    groups: &[&[usize]],
    houses: &[usize],
    elim: Vec<(usize, u8)>,
) {
    if !elim.is_empty() && best.as_ref().is_none_or(|b| elim.len() > b.elim.len()) {
        let groups = groups.iter().map(|g| g.to_vec()).collect();
        *best = Some(Found {
            v,
            groups,
            houses: houses.to_vec(),
            elim,
        });
    }
}

fn group_name(g: &Candidates, v: u8, cells: &[usize]) -> String {
    let names: Vec<String> = cells.iter().map(|&c| g.cell(c).to_string()).collect();
    if names.len() == 1 {
        format!("{v}{}", names[0])
    } else {
        format!("{v}{{{}}}", names.join(","))
    }
}

fn step(g: &Candidates, technique: Technique, difficulty: f64, found: Found) -> Step {
    let v = found.v;
    let chain: Vec<String> = found
        .groups
        .chunks(2)
        .map(|pair| {
            format!(
                "{} = {}",
                group_name(g, found.v, &pair[0]),
                group_name(g, found.v, &pair[1])
            )
        })
        .collect();
    let mut s = Step::new(
        technique,
        format!(
            "chain {} (= one of the two holds {v}, - not both; a group in braces: {v} in one of \
             its cells): its ends cannot both be without {v}, so a cell seeing every cell of both \
             loses {v}",
            chain.join(" - "),
        ),
    );
    s.difficulty = difficulty;
    s.cells = found.groups.concat();
    s.houses = found.houses;
    s.eliminations = found.elim;
    s.eliminations.sort_unstable();
    s
}

/// Sukaku Explainer's turbot fish with a grouped link (4.3): a base line's link and a cover
/// line's or box's link, one of them grouped, joined in a house that is neither.
pub fn grouped_turbot(g: &Candidates) -> Option<Step> {
    let layout = Layout::of(g)?;
    let mut best = None;
    for v in values(crate::mask::full(9)) {
        let all = links(g, &layout, v, false);
        for (i, base) in all.iter().enumerate() {
            if matches!(g.houses[base.house].kind, HouseKind::Box(_)) {
                continue;
            }
            for (j, cover) in all.iter().enumerate() {
                if !(base.grouped() || cover.grouped()) {
                    continue;
                }
                let same_kind = std::mem::discriminant(&g.houses[base.house].kind)
                    == std::mem::discriminant(&g.houses[cover.house].kind);
                let ordered = if same_kind { j > i } else { j != i };
                let row_col = matches!(g.houses[base.house].kind, HouseKind::Row(_))
                    && matches!(g.houses[cover.house].kind, HouseKind::Col(_));
                if !ordered
                    || row_col
                    || base.house == cover.house
                    || !(base.grouped() || cover.grouped())
                    || !disjoint(base, cover)
                {
                    continue;
                }
                for (ob, (start, bridge)) in base.ends().into_iter().enumerate() {
                    for (oc, (bridge2, end)) in cover.ends().into_iter().enumerate() {
                        let common = base.commons(ob).1 & cover.commons(oc).0;
                        let Some(shared) = layout.shared(bridge[0], common) else {
                            continue;
                        };
                        if shared == base.house || shared == cover.house {
                            continue;
                        }
                        let houses = [base.house, cover.house];
                        let elim = victims(g, v, start, end, &houses);
                        keep_best(&mut best, v, &[start, bridge, bridge2, end], &houses, elim);
                    }
                }
            }
        }
    }
    Some(step(g, Technique::GroupedTurbotFish, 4.3, best?))
}

/// Sukaku Explainer's 3 strong-linked fish with one grouped link or more (5.7): three links in
/// houses of any kind, consecutive ones joined in a shared region.
pub fn grouped_three_strong_links(g: &Candidates) -> Option<Step> {
    let layout = Layout::of(g)?;
    let mut best = None;
    for v in values(crate::mask::full(9)) {
        let all = links(g, &layout, v, true);
        let next = joins(&layout, &all);
        for (i, ways) in next.iter().enumerate() {
            for (oi, steps) in ways.iter().enumerate() {
                for &(j, oj, s1) in steps {
                    for &(k, ok, s2) in &next[j][oj] {
                        let grouped = all[i].grouped() || all[j].grouped() || all[k].grouped();
                        if k == i
                            || all[k].house == all[i].house
                            || !grouped
                            || !disjoint(&all[k], &all[i])
                        {
                            continue;
                        }
                        let (a1, b1) = all[i].ends()[oi];
                        let (a2, b2) = all[j].ends()[oj];
                        let (a3, b3) = all[k].ends()[ok];
                        let houses = [all[i].house, all[j].house, all[k].house, s1, s2];
                        let elim = victims(g, v, a1, b3, &houses);
                        keep_best(&mut best, v, &[a1, b1, a2, b2, a3, b3], &houses, elim);
                    }
                }
            }
        }
    }
    Some(step(g, Technique::GroupedThreeStrongLinks, 5.7, best?))
}

/// For each link and reading (0: a to b, 1: b to a), the links that can follow it: (link,
/// reading, shared region of the first's end group and the second's start group), their houses
/// different and without a common place.
fn joins(layout: &Layout, all: &[Link]) -> Vec<[Vec<(usize, usize, usize)>; 2]> {
    let mut out = vec![[Vec::new(), Vec::new()]; all.len()];
    for (i, l1) in all.iter().enumerate() {
        for (j, l2) in all.iter().enumerate() {
            if l1.house == l2.house || !disjoint(l1, l2) {
                continue;
            }
            for (oi, (_, end)) in l1.ends().into_iter().enumerate() {
                for oj in 0..2 {
                    let common = l1.commons(oi).1 & l2.commons(oj).0;
                    if let Some(s) = layout.shared(end[0], common) {
                        out[i][oi].push((j, oj, s));
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::parse_line;

    fn empty() -> Candidates {
        Candidates::new(&parse_line(&".".repeat(81), None).unwrap())
    }

    /// Box 1 with 1 only in r1c1 (the heart), r1c2 and r2c1, r3c1: an empty rectangle, read
    /// with the heart in the row's group or in the column's, never left out.
    #[test]
    fn an_empty_rectangle_keeps_its_heart_in_one_group() {
        let mut g = empty();
        for c in [2, 10, 11, 19, 20] {
            g.eliminate(c, 1);
        }
        let layout = Layout::of(&g).unwrap();
        let all = links(&g, &layout, 1, false);
        let b1 = all
            .iter()
            .filter(|l| g.houses[l.house].kind == HouseKind::Box(0))
            .collect::<Vec<_>>();
        assert_eq!(b1.len(), 2);
        for l in b1 {
            let mut both = [l.a.clone(), l.b.clone()].concat();
            both.sort_unstable();
            assert_eq!(both, vec![0, 1, 9, 18], "every place in one group");
            assert!(
                l.a.contains(&0) != l.b.contains(&0),
                "the heart in one group"
            );
        }
    }

    /// A line whose places fill three box segments is no strong link; two segments are.
    #[test]
    fn a_line_links_two_box_segments() {
        let mut g = empty();
        for c in [2, 5, 8] {
            g.eliminate(c, 1); // row 1: 1 in c1, c2, c4, c5, c7, c8: three segments
        }
        for c in 15..18 {
            g.eliminate(c, 1); // row 2: 1 in c1–c6: two segments
        }
        let layout = Layout::of(&g).unwrap();
        let all = links(&g, &layout, 1, false);
        let row = |r: usize| {
            all.iter()
                .find(|l| g.houses[l.house].kind == HouseKind::Row(r))
        };
        assert!(row(0).is_none());
        let r2 = row(1).expect("row 2 is a grouped link");
        assert_eq!(
            (r2.a.clone(), r2.b.clone()),
            (vec![9, 10, 11], vec![12, 13, 14])
        );
    }
}
