//! `batch --rate`: each solved line is also rated, as `rate` rates one puzzle
//! ([`crate::hint::rating::rate`]).

use crate::hint::path::HintError;
use crate::hint::rating::{rate as rate_puzzle, Rating};
use crate::puzzle::Puzzle;

pub use crate::hint::rating::RateOptions;

/// The rating of one line.
#[derive(Debug)]
pub enum LineRating {
    /// The rating (with the LP level when asked for).
    Rated(Box<Rating>),
    /// The puzzle has no solution: nothing to rate.
    NoSolution,
    /// The puzzle has several solutions: a rating needs one.
    Several,
    /// The rating failed (a bug, or a certificate LP that failed): the line counts as an error.
    Failed(String),
}

/// Rates `puzzle` (module notes).
pub fn rate(puzzle: &Puzzle, options: RateOptions) -> LineRating {
    match rate_puzzle(puzzle, options, None) {
        Ok(rating) => LineRating::Rated(Box::new(rating)),
        Err(HintError::NoSolution) => LineRating::NoSolution,
        Err(HintError::Several) => LineRating::Several,
        Err(e) => LineRating::Failed(e.to_string()),
    }
}
