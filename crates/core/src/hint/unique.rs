//! Uniqueness techniques: they assume the puzzle has exactly one solution, which the LP
//! relaxation cannot know, so their steps have no certificate and the path leaves them out when
//! asked to (`--no-uniqueness`). Sukaku Explainer applies them by default.
//!
//! BUG type 1 (bivalue universal grave plus one, 5.6): every open cell holds two candidates
//! except one cell X with three, and every value has two places or none in every house except
//! one value v with three places in each house of X. Without v in X the grid would be a
//! "deadly pattern" with at least two solutions; with one solution, X holds v.

use super::grid::{values, Candidates};
use super::step::Step;
use super::technique::Technique;

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
