//! Sukaku Explainer's strong-link fishes on 9×9 grids of rows, columns and boxes, grouped links
//! included: its turbot fishes (two links, its `TurbotFish`) and "3 strong-linked fishes"
//! (three links, its `StrongLinks(3)`).
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
//! houses (and, for three links, of the shared regions) are not among those cells, a turbot
//! fish's base is a line and its cover a line or a box, and its shared region is neither.
//!
//! Ratings (Sukaku Explainer's): turbot fishes 4.0 (skyscraper), 4.1 (two-string kite), 4.2
//! (a box), 4.3 with a grouped link; three links 5.4 in parallel lines, 5.5 with a box, 5.6 rows
//! and columns mixed, 5.7 with a grouped link. Of a kind, the cheapest step is taken, then the
//! one removing most, as it sorts its hints.

use super::grid::{values, Candidates, GridHouse, PlaceTable};
use super::memo::{Memo, Part};
use super::step::Step;
use super::technique::Technique;
use crate::puzzle::HouseKind;
use smallvec::{smallvec, SmallVec};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

/// A link's group or places: at most six cells, kept inline (no allocation per link).
type Group = SmallVec<[usize; 6]>;

/// A strong link: v is in one of the cells of `a` or one of the cells of `b`.
#[derive(Clone)]
struct Link {
    house: usize,
    a: Group,
    b: Group,
    /// Every place of v in the house.
    places: Group,
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
    fn new(layout: &Layout, house: usize, a: Group, b: Group, places: Group) -> Link {
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
    /// For each cell, the cells sharing a house with it (not itself), as cell bits.
    peers: Vec<u128>,
    /// For each house, its cells as cell bits.
    cells: Vec<u128>,
}

impl Layout {
    fn of(g: &Candidates) -> Option<Layout> {
        if !classic(g) {
            return None;
        }
        let mut layout = Layout {
            row: vec![0; 81],
            col: vec![0; 81],
            boxes: vec![0; 81],
            bits: vec![0; 81],
            peers: vec![0; 81],
            cells: vec![0; 27],
        };
        for (h, house) in g.houses.iter().enumerate() {
            for &c in &house.cells {
                match house.kind {
                    HouseKind::Row(_) => layout.row[c] = h,
                    HouseKind::Col(_) => layout.col[c] = h,
                    _ => layout.boxes[c] = h,
                }
                layout.bits[c] |= 1 << h;
                layout.cells[h] |= 1 << c;
            }
        }
        for c in 0..81 {
            layout.peers[c] = g.houses_of[c]
                .iter()
                .fold(0u128, |m, &h| m | layout.cells[h])
                & !(1 << c);
        }
        Some(layout)
    }

    /// [`Layout::of`], kept for the next grid of the same houses (the last layout asked for,
    /// per thread: a path's grids share their houses).
    fn kept(g: &Candidates) -> Option<Rc<Layout>> {
        type Last = Option<(Arc<Vec<GridHouse>>, Rc<Layout>)>;
        thread_local! {
            static LAST: RefCell<Last> = const { RefCell::new(None) };
        }
        LAST.with(|last| {
            let mut last = last.borrow_mut();
            if let Some((houses, layout)) = &*last {
                if Arc::ptr_eq(houses, &g.houses) {
                    return Some(Rc::clone(layout));
                }
            }
            let layout = Rc::new(Layout::of(g)?);
            *last = Some((Arc::clone(&g.houses), Rc::clone(&layout)));
            Some(layout)
        })
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
fn two_groups(places: &[usize], key: impl Fn(usize) -> usize) -> Option<(Group, Group)> {
    let k0 = key(places[0]);
    let (a, b): (Group, Group) = places.iter().copied().partition(|&c| key(c) == k0);
    let k1 = key(*b.first()?);
    b.iter().all(|&c| key(c) == k1).then_some((a, b))
}

/// The strong links of a box with more than two places: the first empty-rectangle heart, or
/// (`rows_too`, 4 places or more) two rows or two columns of the box.
fn box_links(layout: &Layout, h: usize, places: &[usize], rows_too: bool) -> Vec<Link> {
    let (r0, c0) = (places[0] / 9 / 3 * 3, places[0] % 9 / 3 * 3);
    let link = |a: Group, b: Group| Link::new(layout, h, a, b, Group::from_slice(places));
    for heart in 0..9 {
        let (hr, hc) = (r0 + heart / 3, c0 + heart % 3);
        if places.iter().any(|&c| c / 9 != hr && c % 9 != hc) {
            continue;
        }
        let column: Group = places.iter().copied().filter(|&c| c / 9 != hr).collect();
        let row: Group = places.iter().copied().filter(|&c| c % 9 != hc).collect();
        if column.is_empty() || row.is_empty() {
            return Vec::new();
        }
        let centre = hr * 9 + hc;
        if !places.contains(&centre) {
            return vec![link(column, row)];
        }
        let with = |mut g: Group| {
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

/// The strong links of value v: lines with 2–6 places, boxes with 2 to `box_max` (in the
/// three-link form, not two places of a box in one line).
fn links(g: &Candidates, (layout, table): (&Layout, &PlaceTable), v: u8, three: bool) -> Vec<Link> {
    let box_max = if three { 6 } else { 5 };
    let mut out = Vec::new();
    for h in 0..g.houses.len() {
        let mask = table.house(h).of(v);
        if !(2..=6).contains(&mask.count_ones()) {
            continue;
        }
        let places: Group = g.cells_at(h, mask).collect();
        let is_box = matches!(g.houses[h].kind, HouseKind::Box(_));
        let max = if is_box { box_max } else { 6 };
        if places.len() < 2 || places.len() > max {
            continue;
        }
        let (x, y) = (places[0], places[1]);
        let in_line = x / 9 == y / 9 || x % 9 == y % 9;
        if places.len() == 2 && is_box && three && in_line {
            // Its StrongLinks reads two places of a box in one line as the line's link only.
            continue;
        }
        if places.len() == 2 {
            let (a, b) = (smallvec![places[0]], smallvec![places[1]]);
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

/// The open v-candidates that see every cell of `start` and `end`, outside `houses`
/// (`holders`: the open cells holding v, as cell bits).
fn victims(
    layout: &Layout,
    (v, holders): (u8, u128),
    start: &[usize],
    end: &[usize],
    houses: &[usize],
) -> Vec<(usize, u8)> {
    let seeing = start
        .iter()
        .chain(end)
        .fold(holders, |m, &x| m & layout.peers[x]);
    let mut outside = houses.iter().fold(seeing, |m, &h| m & !layout.cells[h]);
    let mut out = Vec::new();
    while outside != 0 {
        out.push((outside.trailing_zeros() as usize, v));
        outside &= outside - 1;
    }
    out
}

/// The open cells holding v, as cell bits.
fn holders(g: &Candidates, v: u8) -> u128 {
    (0..81)
        .filter(|&c| g.value[c] == 0 && g.has(c, v))
        .fold(0, |m, c| m | 1 << c)
}

/// A chain found: its value, its links' groups in order, the houses and what it removes.
struct Found {
    technique: Technique,
    difficulty: f64,
    tie: Tie,
    v: u8,
    groups: Vec<Vec<usize>>,
    houses: Vec<usize>,
    elim: Vec<(usize, u8)>,
}

/// A chain's technique and rating.
type Rated = (Technique, f64);

/// What orders chains of one rating and as many removals: Sukaku Explainer's turbot fishes by
/// their grouped links, then in the order it finds them (its five kinds of base and cover,
/// value, base, cover); its three-link fishes in the order found here.
type Tie = [usize; 5];

/// Keeps the chain of these groups if it removes something and is cheaper than the best so
/// far, or as cheap and removing more (Sukaku Explainer's order of its hints); its groups are
/// copied only then.
fn keep_best(
    best: &mut Option<Found>,
    (technique, difficulty): Rated,
    tie: Tie,
    v: u8,
    groups: &[&[usize]],
    houses: &[usize],
    elim: Vec<(usize, u8)>,
) {
    let better = best.as_ref().is_none_or(|b| {
        difficulty < b.difficulty - 1e-9
            || (difficulty < b.difficulty + 1e-9
                && (elim.len() > b.elim.len() || (elim.len() == b.elim.len() && tie < b.tie)))
    });
    if !elim.is_empty() && better {
        let groups = groups.iter().map(|g| g.to_vec()).collect();
        *best = Some(Found {
            technique,
            difficulty,
            tie,
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

fn step(g: &Candidates, found: Found) -> Step {
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
        found.technique,
        format!(
            "chain {} (= one of the two holds {v}, - not both; a group in braces: {v} in one of \
             its cells): its ends cannot both be without {v}, so a cell seeing every cell of both \
             loses {v}",
            chain.join(" - "),
        ),
    );
    s.difficulty = found.difficulty;
    s.cells = found.groups.concat();
    s.houses = found.houses;
    s.eliminations = found.elim;
    s.eliminations.sort_unstable();
    s
}

/// Whether the grid is one these finders read: 9×9 of rows, columns and boxes only (elsewhere
/// [`super::chains`] finds the ungrouped forms).
pub fn classic(g: &Candidates) -> bool {
    let plain = g.houses.iter().all(|h| {
        matches!(
            h.kind,
            HouseKind::Row(_) | HouseKind::Col(_) | HouseKind::Box(_)
        )
    });
    g.n == 9 && g.houses.len() == 27 && plain
}

fn kind_of(g: &Candidates, link: &Link) -> HouseKind {
    g.houses[link.house].kind
}

/// Sukaku Explainer's rating of a turbot fish: a grouped link 4.3; else a base line and a
/// cover line parallel to it 4.0 (skyscraper), across it 4.1 (two-string kite), a cover box 4.2.
fn turbot_rating(base: HouseKind, cover: HouseKind, grouped: bool) -> Rated {
    use HouseKind::{Col, Row};
    match (base, cover) {
        _ if grouped => (Technique::GroupedTurbotFish, 4.3),
        (Row(_), Row(_)) | (Col(_), Col(_)) => (Technique::Skyscraper, 4.0),
        (Row(_), Col(_)) | (Col(_), Row(_)) => (Technique::TwoStringKite, 4.1),
        _ => (Technique::TurbotFish, 4.2),
    }
}

/// Sukaku Explainer's turbot fishes (its `TurbotFish`), the cheapest then the one removing
/// most: a base line's link and a cover line's or box's link, joined in a house that is
/// neither (4.0–4.2, 4.3 with a grouped link).
pub fn turbot_fish(g: &Candidates) -> Option<Step> {
    turbot_fish_with(g, &Memo::off())
}

/// [`turbot_fish`], skipping a value whose places are those on which it found no turbot fish
/// removing anything before (`memo`, [`Part::Turbot`]). A value is recorded only when it was
/// searched through (no chain cut short by a cheaper one found before): each value's chains
/// read only its places, and one removing nothing is never kept.
pub fn turbot_fish_with(g: &Candidates, memo: &Memo) -> Option<Step> {
    let layout = Layout::kept(g)?;
    let keys = memo.value_keys(g);
    let table = memo.place_table(g);
    let mut best = None;
    for v in values(crate::mask::full(9)) {
        let key = keys.key(v);
        if memo.found_nothing(Part::Turbot(v), key) {
            continue;
        }
        let mut nothing = true;
        let all = links(g, (&layout, &table), v, false);
        let held = holders(g, v);
        for (i, base) in all.iter().enumerate() {
            if matches!(kind_of(g, base), HouseKind::Box(_)) {
                continue;
            }
            for (j, cover) in all.iter().enumerate() {
                if base.house == cover.house || !disjoint(base, cover) {
                    continue;
                }
                let (bk, ck) = (kind_of(g, base), kind_of(g, cover));
                let same_kind = std::mem::discriminant(&bk) == std::mem::discriminant(&ck);
                let ordered = if same_kind { j > i } else { j != i };
                let row_col = matches!((bk, ck), (HouseKind::Row(_), HouseKind::Col(_)));
                if !ordered || row_col {
                    continue;
                }
                let rated = turbot_rating(bk, ck, base.grouped() || cover.grouped());
                let tie = turbot_tie(bk, ck, v, [base, cover].map(|l| usize::from(l.grouped())));
                if best
                    .as_ref()
                    .is_some_and(|b: &Found| b.difficulty < rated.1 - 1e-9)
                {
                    nothing = false;
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
                        let elim = victims(&layout, (v, held), start, end, &houses);
                        nothing &= elim.is_empty();
                        let groups = [start, bridge, bridge2, end];
                        keep_best(&mut best, rated, tie, v, &groups, &houses, elim);
                    }
                }
            }
        }
        if nothing {
            memo.record_nothing(Part::Turbot(v), key);
        }
    }
    Some(step(g, best?))
}

/// The place of a turbot fish in Sukaku Explainer's order among those of its rating and
/// removals: fewer grouped links first, then its kinds of base and cover (rows, columns, a
/// column and a row, a row and a box, a column and a box), the value, the base, the cover.
fn turbot_tie(base: HouseKind, cover: HouseKind, v: u8, grouped: [usize; 2]) -> Tie {
    use HouseKind::{Box, Col, Row};
    let (kinds, b, c) = match (base, cover) {
        (Row(b), Row(c)) => (0, b, c),
        (Col(b), Col(c)) => (1, b, c),
        (Col(b), Row(c)) => (2, b, c),
        (Row(b), Box(c)) => (3, b, c),
        (Col(b), Box(c)) => (4, b, c),
        _ => (5, 0, 0),
    };
    [grouped[0] + grouped[1], kinds, v as usize, b, c]
}

/// Sukaku Explainer's rating of three strong links: a grouped one 5.7; else 5.4 all in
/// parallel lines, 5.5 with a box, 5.6 rows and columns mixed.
fn three_rating(kinds: [HouseKind; 3], grouped: bool) -> Rated {
    let rows = kinds
        .iter()
        .filter(|k| matches!(k, HouseKind::Row(_)))
        .count();
    let cols = kinds
        .iter()
        .filter(|k| matches!(k, HouseKind::Col(_)))
        .count();
    let difficulty = if grouped {
        5.7
    } else if rows + cols < 3 {
        5.5
    } else if rows == 3 || cols == 3 {
        5.4
    } else {
        5.6
    };
    let technique = if grouped {
        Technique::GroupedThreeStrongLinks
    } else {
        Technique::ThreeStrongLinks
    };
    (technique, difficulty)
}

/// Sukaku Explainer's 3 strong-linked fishes (its `StrongLinks(3)`), the cheapest then the one
/// removing most: three links in houses of any kind, consecutive ones joined in a shared
/// region (5.4–5.6, 5.7 with a grouped link).
pub fn three_strong_links(g: &Candidates) -> Option<Step> {
    three_strong_links_with(g, &Memo::off())
}

/// [`three_strong_links`], skipping a value whose places are those on which it found no
/// fish removing anything before (`memo`, [`Part::ThreeLinks`]; recorded as in
/// [`turbot_fish_with`]).
pub fn three_strong_links_with(g: &Candidates, memo: &Memo) -> Option<Step> {
    let layout = Layout::kept(g)?;
    let keys = memo.value_keys(g);
    let table = memo.place_table(g);
    let mut best = None;
    for v in values(crate::mask::full(9)) {
        let key = keys.key(v);
        if memo.found_nothing(Part::ThreeLinks(v), key) {
            continue;
        }
        let mut nothing = true;
        let all = links(g, (&layout, &table), v, true);
        let held = holders(g, v);
        let next = joins(&layout, &all);
        for (i, ways) in next.iter().enumerate() {
            for (oi, steps) in ways.iter().enumerate() {
                for &(j, oj, s1) in steps {
                    for &(k, ok, s2) in &next[j][oj] {
                        let l = [&all[i], &all[j], &all[k]];
                        if k == i || l[2].house == l[0].house || !disjoint(l[2], l[0]) {
                            continue;
                        }
                        let grouped = l.iter().any(|x| x.grouped());
                        let rated = three_rating(l.map(|x| kind_of(g, x)), grouped);
                        if best
                            .as_ref()
                            .is_some_and(|b: &Found| b.difficulty < rated.1 - 1e-9)
                        {
                            nothing = false;
                            continue;
                        }
                        let (a1, b1) = l[0].ends()[oi];
                        let (a2, b2) = l[1].ends()[oj];
                        let (a3, b3) = l[2].ends()[ok];
                        let houses = [l[0].house, l[1].house, l[2].house, s1, s2];
                        let elim = victims(&layout, (v, held), a1, b3, &houses);
                        nothing &= elim.is_empty();
                        let groups = [a1, b1, a2, b2, a3, b3];
                        keep_best(&mut best, rated, [0; 5], v, &groups, &houses, elim);
                    }
                }
            }
        }
        if nothing {
            memo.record_nothing(Part::ThreeLinks(v), key);
        }
    }
    Some(step(g, best?))
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
        let all = links(&g, (&layout, &PlaceTable::of(&g)), 1, false);
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
        let all = links(&g, (&layout, &PlaceTable::of(&g)), 1, false);
        let row = |r: usize| {
            all.iter()
                .find(|l| g.houses[l.house].kind == HouseKind::Row(r))
        };
        assert!(row(0).is_none());
        let r2 = row(1).expect("row 2 is a grouped link");
        assert_eq!(
            (r2.a.to_vec(), r2.b.to_vec()),
            (vec![9, 10, 11], vec![12, 13, 14])
        );
    }
}
