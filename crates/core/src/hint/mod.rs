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
pub mod locked;
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
/// cycle is rated below it, and the AIC search (the costliest) only to the length whose rating
/// is still below the best.
pub(crate) fn cheapest_chain(g: &Candidates) -> Option<Step> {
    let max = if g.n <= 9 { MAX_CHAIN } else { MAX_CHAIN_LARGE };
    let mut best = chains::x_chain(g, max);
    let below = best.as_ref().map_or(f64::INFINITY, |b| b.difficulty);
    let cycle_states = if g.n <= 9 { 2 * max } else { max };
    if let Some(s) = cycles::cycle(g, cycle_states, below) {
        best = Some(s);
    }
    if best
        .as_ref()
        .is_some_and(|s| s.difficulty < chains::LEAST_AIC - 1e-9)
    {
        return best;
    }
    for s in [chains::xy_chain(g, max), wings::w_wing(g)]
        .into_iter()
        .flatten()
    {
        if best.as_ref().is_none_or(|b| s.difficulty < b.difficulty) {
            best = Some(s);
        }
    }
    let limit = match &best {
        Some(b) => (0..=max)
            .take_while(|&k| chains::aic_difficulty(k) < b.difficulty - 1e-9)
            .last()
            .unwrap_or(0),
        None => max,
    };
    if let Some(s) = chains::aic(g, limit) {
        if best.as_ref().is_none_or(|b| s.difficulty < b.difficulty) {
            best = Some(s);
        }
    }
    best
}
