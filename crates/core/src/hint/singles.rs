//! Full house (the last open cell of a house), hidden single (the one place of a value in a
//! house) and naked single (the one value left in a cell). Each is one row of the binary
//! model: the house row `Σ_{c∈H} x_cv = 1` or the cell row `Σ_v x_cv = 1` with every other
//! column removed.

use super::grid::{bit, values, Candidates};
use super::memo::Memo;
use super::step::Step;
use super::technique::Technique;
use crate::puzzle::HouseKind;

/// The last open cell of a house takes the last value.
pub fn full_house(g: &Candidates) -> Option<Step> {
    for (h, house) in g.houses.iter().enumerate() {
        let mut open = house.cells.iter().copied().filter(|&c| g.value[c] == 0);
        if let (Some(c), None) = (open.next(), open.next()) {
            let v = values(g.cand[c]).next()?;
            let mut s = Step::new(
                Technique::FullHouse,
                format!(
                    "{} is the last open cell of {}: it takes {v}",
                    g.cell(c),
                    house.kind
                ),
            );
            s.placements.push((c, v));
            s.cells.push(c);
            s.houses.push(h);
            return Some(s);
        }
    }
    None
}

/// A value with one place in a house goes there (boxes first: 1.2, other houses 1.5).
pub fn hidden_single(g: &Candidates) -> Option<Step> {
    hidden_single_with(g, &Memo::off())
}

/// [`hidden_single`], the grid's places read from `memo`'s table.
pub fn hidden_single_with(g: &Candidates, memo: &Memo) -> Option<Step> {
    let table = memo.place_table(g);
    let is_block = |h: usize| matches!(g.houses[h].kind, HouseKind::Box(_) | HouseKind::Region(_));
    let houses = 0..g.houses.len();
    let order = houses.clone().filter(|&h| is_block(h));
    for h in order.chain(houses.filter(|&h| !is_block(h))) {
        let places = table.house(h);
        for v in 1..=g.n as u8 {
            let m = places.of(v);
            if m.count_ones() != 1 || places.placed & bit(v) != 0 {
                continue;
            }
            let c = g.houses[h].cells[m.trailing_zeros() as usize];
            let kind = g.houses[h].kind;
            let mut s = Step::new(
                Technique::HiddenSingle,
                format!("{v} has one place in {kind}: {}", g.cell(c)),
            );
            if is_block(h) {
                s.difficulty = 1.2;
            }
            s.placements.push((c, v));
            s.cells.push(c);
            s.houses.push(h);
            return Some(s);
        }
    }
    None
}

/// A cell with one candidate left takes it.
pub fn naked_single(g: &Candidates) -> Option<Step> {
    let c = g.open_cells().find(|&c| g.cand[c].count_ones() == 1)?;
    let v = values(g.cand[c]).next()?;
    let mut s = Step::new(
        Technique::NakedSingle,
        format!("{} has one candidate left: {v}", g.cell(c)),
    );
    s.placements.push((c, v));
    s.cells.push(c);
    Some(s)
}
