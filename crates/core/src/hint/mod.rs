//! Human techniques as LP facts: the next step (`hint`), the path to the solution (`steps`) and
//! a rating (`rate`).
//!
//! The techniques ([`technique::Technique`], one file per family) read a candidate grid
//! ([`grid::Candidates`]) built from the puzzle's houses and rules, cheapest first in Sukaku
//! Explainer's order. Each removed candidate can be proven on the binary model's LP relaxation
//! by a weighted sum of its rows ([`certificate`]): for a pigeon-hole technique the rows of the
//! houses and cells its text names ([`step::Step::argument`]), for the others taken from
//! HiGHS's dual ([`crate::solve::implied`]); each is checked by [`crate::check::certificate`],
//! which shares no code with either, and written out by [`crate::check::summed`]. When the catalogue stops, a candidate the LP removes is its own step ("LP
//! elimination"), and past that the path guesses the solution's digit (found by search, named
//! as such).

pub mod catalogue;
pub mod certificate;
pub mod chains;
pub mod cycles;
pub mod direct_hidden;
pub mod direct_locked;
pub mod dynamic_forcing;
pub mod dynamic_plus;
pub mod fish;
pub mod forcing;
pub mod grid;
pub mod grouped_links;
pub mod implication;
pub mod level;
mod link_lists;
pub mod locked;
pub mod memo;
pub mod multiple_chains;
pub mod nested_forcing;
pub mod path;
pub mod rating;
pub mod rules;
pub mod singles;
pub mod static_chains;
pub mod step;
pub mod subsets;
pub mod technique;
pub mod unique;
pub mod unique_loops;
pub mod wings;

pub use catalogue::{catalogue_step, forcing_step};
pub use grid::Candidates;
#[cfg(feature = "highs")]
pub use path::solve_path;
pub use path::{solve_path_on, HintError, Path, PathOptions};
pub use step::Step;
pub use technique::Technique;

/// The longest chain searched (candidates in the chain) on grids up to 9×9; larger grids
/// search chains of at most [`MAX_CHAIN_LARGE`] (the search is breadth first over n³
/// candidates from each of them: a cost bound, not a rule).
pub const MAX_CHAIN: usize = 16;
/// See [`MAX_CHAIN`].
pub const MAX_CHAIN_LARGE: usize = 8;

/// The X-chain, bidirectional cycle, XY-chain, W-wing or AIC of lowest difficulty (the first
/// of these in that order on a tie). The searches that cannot beat the best found so far are
/// cut short: cycles only below the X-chain's rating, none rated 7.0 or more when an X-chain or
/// cycle is rated below it, the AIC search (the costliest chain search) only to the length
/// whose rating is still below the best, and the X+Y cycles (the costliest search of all,
/// rated 7.0 or more) last, only up to the rating of the best of the others (a tie included:
/// a cycle comes before an XY-chain, a W-wing or an AIC).
pub(crate) fn cheapest_chain(g: &Candidates) -> Option<Step> {
    let max = if g.n <= 9 { MAX_CHAIN } else { MAX_CHAIN_LARGE };
    let mut search = chains::Search::new(g);
    let x_chain = chains::x_chain_in(g, &mut search, max);
    let below = x_chain.as_ref().map_or(f64::INFINITY, |b| b.difficulty);
    let cycle_states = if g.n <= 9 { 2 * max } else { max };
    // The X-chain or, when rated below it, the cheapest X- or Y-cycle: the first two of the
    // order, before every X+Y cycle (rated 7.0 or more).
    let first = cycles::single_link_cycle(g, cycle_states, below).or(x_chain);
    if first
        .as_ref()
        .is_some_and(|s| s.difficulty < chains::LEAST_AIC - 1e-9)
    {
        return first;
    }
    // The XY-chain, W-wing and AIC that beat the X-chain or X/Y cycle (the first of the
    // cheapest in that order).
    let mut later: Option<Step> = None;
    for s in [chains::xy_chain_in(g, &mut search, max), wings::w_wing(g)]
        .into_iter()
        .flatten()
    {
        if cheaper(&s, later.as_ref().or(first.as_ref())) {
            later = Some(s);
        }
    }
    let bound = later.as_ref().or(first.as_ref());
    let limit = match bound {
        Some(b) => (0..=max)
            .take_while(|&k| chains::aic_difficulty(k) < b.difficulty - 1e-9)
            .last()
            .unwrap_or(0),
        None => max,
    };
    if let Some(s) = chains::aic_in(g, &mut search, limit) {
        if cheaper(&s, later.as_ref().or(first.as_ref())) {
            later = Some(s);
        }
    }
    // An X+Y cycle comes after the X-chain and the X/Y cycles, before the others: below the
    // first, at most the rating of the later ones.
    let mut cycle_below = first.as_ref().map_or(f64::INFINITY, |s| s.difficulty);
    if let Some(s) = &later {
        cycle_below = cycle_below.min(s.difficulty + 2e-9);
    }
    cycles::any_link_cycle(g, cycle_states, cycle_below)
        .or(later)
        .or(first)
}

/// Whether `s` is rated below `best` (or there is no best).
fn cheaper(s: &Step, best: Option<&Step>) -> bool {
    best.is_none_or(|b| s.difficulty < b.difficulty)
}
