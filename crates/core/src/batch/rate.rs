//! `batch --rate`: each solved line is also rated, as `rate` rates one puzzle
//! ([`crate::hint::rating::rate`]), within what is left of the line's time limit.

use crate::hint::path::HintError;
use crate::hint::rating::{rate as rate_puzzle, Rating};
use crate::limits::Limits;
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
    /// The time limit stopped the rating: the line's status is `time_limit`.
    TimeLimit,
    /// The rating failed (a bug, or a certificate LP that failed): the line counts as an error.
    Failed(String),
}

/// Rates `puzzle` within `limits` (module notes).
pub fn rate(puzzle: &Puzzle, options: RateOptions, limits: &Limits) -> LineRating {
    match rate_puzzle(puzzle, options, None, limits) {
        Ok(rating) => LineRating::Rated(Box::new(rating)),
        Err(HintError::NoSolution) => LineRating::NoSolution,
        Err(HintError::Several) => LineRating::Several,
        Err(HintError::TimeLimit(_)) => LineRating::TimeLimit,
        Err(e) => LineRating::Failed(e.to_string()),
    }
}
