//! Uniqueness techniques: they assume the puzzle has exactly one solution, which the LP
//! relaxation cannot know, so their steps have no certificate and the path leaves them out when
//! asked to (`--no-uniqueness`). Sukaku Explainer applies them by default.
//!
//! BUG type 1 (bivalue universal grave plus one, 5.6): every open cell holds two candidates
//! except one cell X with three, and every value has two places or none in every house except
//! one value v with three places in each house of X. Without v in X the grid would be a
//! "deadly pattern" with at least two solutions; with one solution, X holds v.

use super::grid::{bit, values, Candidates};
use super::step::{cell_list, value_list, Step};
use super::technique::Technique;
use super::unique_loops::small_sets;

/// BUG type 1: the one cell of three candidates takes the value seen three times.
pub fn bug_type_1(g: &Candidates) -> Option<Step> {
    let mut extra = None;
    for c in g.open_cells() {
        match g.cand[c].count_ones() {
            2 => {}
            3 if extra.is_none() => extra = Some(c),
            _ => return None,
        }
    }
    let x = extra?;
    let v =
        values(g.cand[x]).find(|&v| g.houses_of[x].iter().all(|&h| g.place_count(h, v) == 3))?;
    let fits = (0..g.houses.len()).all(|h| {
        (1..=g.n as u8).all(|w| {
            let count = g.place_count(h, w);
            count == 0 || count == 2 || (w == v && count == 3 && g.houses_of[x].contains(&h))
        })
    });
    if !fits {
        return None;
    }
    let mut s = Step::new(
        Technique::BugType1,
        format!(
            "every open cell but {} has two candidates and every value two places in each \
             house, but for {v} in the houses of {}: without {v} there, the grid would have \
             two solutions or none; the puzzle has one (assumed), so {} takes {v}",
            g.cell(x),
            g.cell(x),
            g.cell(x)
        ),
    );
    s.placements = vec![(x, v)];
    s.cells = vec![x];
    s.houses = g.houses_of[x].to_vec();
    Some(s)
}

/// The BUG cells of a grid and their BUG values: every open cell of two candidates, and every
/// value with two places or none in each house, once each BUG cell loses its BUG values. A
/// house where a value has another number of places names its one cell of three or more
/// candidates there (several: another house decides; none: no BUG), or, when that value is the
/// only one out of place, every such cell (Sukaku Explainer's rule).
fn bug_cells(g: &Candidates) -> Option<Vec<(usize, u64)>> {
    let mut cells: Vec<(usize, u64)> = Vec::new();
    let mut only: Option<(u8, Vec<usize>)> = None;
    let mut one_value = true;
    for h in 0..g.houses.len() {
        for v in 1..=g.n as u8 {
            let places = g.places(h, v);
            if places.is_empty() || places.len() == 2 {
                continue;
            }
            let wide: Vec<usize> = places
                .into_iter()
                .filter(|&c| g.cand[c].count_ones() >= 3)
                .collect();
            match &mut only {
                None => only = Some((v, wide.clone())),
                Some((w, all)) if *w == v && one_value => all.extend(&wide),
                _ => one_value = false,
            }
            match wide[..] {
                [] => return None,
                [c] => match cells.iter_mut().find(|(d, _)| *d == c) {
                    Some((_, m)) => *m |= bit(v),
                    None => cells.push((c, bit(v))),
                },
                _ => {}
            }
        }
    }
    if let (true, Some((v, all))) = (one_value, only) {
        for c in all {
            if !cells.iter().any(|&(d, _)| d == c) {
                cells.push((c, bit(v)));
            }
        }
    }
    let mut rest = g.clone();
    for &(c, m) in &cells {
        rest.cand[c] &= !m;
    }
    let bivalue = rest.open_cells().all(|c| rest.cand[c].count_ones() == 2);
    let paired = (0..g.houses.len())
        .all(|h| (1..=g.n as u8).all(|v| matches!(rest.place_count(h, v), 0 | 2)));
    (bivalue && paired && !cells.is_empty()).then_some(cells)
}

/// BUG types 2, 3 and 4 (assume one solution): without their BUG values the BUG cells would
/// leave a grid of two solutions or none, so one of them holds its BUG value. Type 2 (5.7): all
/// share one BUG value x, and a cell seeing every BUG cell loses x. Type 3 (5.7 + 0.1 per value
/// beyond the first of the naked set): the BUG cells share a house, and their BUG values (one
/// of them true) with k − 1 other cells of the house make a naked set of k values: the rest of
/// the house loses them. Type 4: [`bug_type_4`].
pub fn bug_types_2_to_4(g: &Candidates) -> Option<Step> {
    let cells = bug_cells(g)?;
    if cells.len() < 2 {
        return None;
    }
    let bug: Vec<usize> = cells.iter().map(|&(c, _)| c).collect();
    let extra = cells.iter().fold(0u64, |m, &(_, e)| m | e);
    let intro = format!(
        "without their BUG values {} the grid would be a BUG (two solutions or none); the \
         puzzle has one (assumed), so one of {} holds its BUG value",
        value_list(extra),
        cell_list(g, &bug)
    );
    if extra.count_ones() == 1 {
        let x = values(extra).next()?;
        let elim: Vec<(usize, u8)> = g
            .open_cells()
            .filter(|&c| !bug.contains(&c) && g.has(c, x) && bug.iter().all(|&b| g.sees(c, b)))
            .map(|c| (c, x))
            .collect();
        if !elim.is_empty() {
            let mut s = Step::new(
                Technique::BugType2,
                format!("{intro}: {x}, so a cell that sees them all is not {x}"),
            );
            s.eliminations = elim;
            s.cells = bug;
            return Some(s);
        }
        return bug_type_4(g, &cells, extra, &intro);
    }
    bug_type_4(g, &cells, extra, &intro).or_else(|| bug_type_3(g, &bug, extra, &intro))
}

/// BUG type 4 (5.7, Sukaku Explainer's order: after type 2, before type 3): two BUG cells in
/// one house share one candidate x that is no BUG value. x has no other place in that house
/// (every value but the BUG values has two places or none), so one of them is x, and since one
/// of them holds its BUG value, the other holds its own: each keeps only x and its BUG values.
fn bug_type_4(g: &Candidates, cells: &[(usize, u64)], all_extra: u64, intro: &str) -> Option<Step> {
    let [(c1, e1), (c2, e2)] = cells[..] else {
        return None;
    };
    let common = g.cand[c1] & g.cand[c2] & !all_extra;
    if common.count_ones() != 1 {
        return None;
    }
    let h = *g.common_houses(&[c1, c2]).first()?;
    let x = values(common).next()?;
    let elim: Vec<(usize, u8)> = [(c1, e1), (c2, e2)]
        .into_iter()
        .flat_map(|(c, e)| values(g.cand[c] & !e & !common).map(move |v| (c, v)))
        .collect();
    if elim.is_empty() {
        return None;
    }
    let mut s = Step::new(
        Technique::BugType4,
        format!(
            "{intro}; {x}, no BUG value, has no place in {} but {} and {}, so one of them is {x} \
             and the other holds its BUG value: {} keeps only {} and {} only {}",
            g.houses[h].kind,
            g.cell(c1),
            g.cell(c2),
            g.cell(c1),
            value_list(e1 | common),
            g.cell(c2),
            value_list(e2 | common)
        ),
    );
    s.eliminations = elim;
    s.cells = vec![c1, c2];
    s.houses = vec![h];
    Some(s)
}

/// BUG type 3: the smallest naked set, then the first house.
fn bug_type_3(g: &Candidates, bug: &[usize], extra: u64, intro: &str) -> Option<Step> {
    for degree in 2..=g.n.saturating_sub(3) {
        for h in g.common_houses(bug) {
            let others: Vec<usize> = g.houses[h]
                .cells
                .iter()
                .copied()
                .filter(|&c| !bug.contains(&c) && g.value[c] == 0 && g.cand[c].count_ones() >= 2)
                .collect();
            for set in small_sets(g, &others, degree - 1, extra, degree) {
                let union = set.iter().fold(0u64, |m, &c| m | g.cand[c]);
                if union.count_ones() as usize != degree || (union | extra) != union {
                    continue;
                }
                let elim: Vec<(usize, u8)> = others
                    .iter()
                    .filter(|c| !set.contains(c))
                    .flat_map(|&c| values(g.cand[c] & union).map(move |v| (c, v)))
                    .collect();
                if elim.is_empty() {
                    continue;
                }
                let mut s = Step::new(
                    Technique::BugType3,
                    format!(
                        "{intro}: with {} it makes a naked set {} in {}, whose other cells \
                         lose those values",
                        cell_list(g, &set),
                        value_list(union),
                        g.houses[h].kind
                    ),
                );
                s.difficulty = 5.7 + 0.1 * (degree as f64 - 1.0);
                s.eliminations = elim;
                s.cells = bug.to_vec();
                s.houses = vec![h];
                return Some(s);
            }
        }
    }
    None
}
