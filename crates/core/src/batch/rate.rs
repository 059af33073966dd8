//! `batch --rate`: each solved line is also rated, as `rate` rates one puzzle: the path of
//! named techniques ([`solve_path`], without certificates) and, unless switched off, the LP
//! level ([`lp_level`]), both within what is left of the line's time limit.

use crate::hint::level::{lp_level, LpLevel};
use crate::hint::path::{solve_path, HintError, Path, PathOptions};
use crate::limits::Limits;
use crate::puzzle::Puzzle;

/// How a batch rates its lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateOptions {
    /// Compute the LP level too (`rate` without `--no-lp`).
    pub lp: bool,
}

/// The rating of one line.
#[derive(Debug)]
pub enum LineRating {
    /// The path and, when asked for, the LP level.
    Rated {
        path: Box<Path>,
        level: Option<LpLevel>,
    },
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
    let start = crate::clock::Instant::now();
    let path_options = PathOptions {
        certificates: false,
        lp_steps: options.lp,
        max_steps: usize::MAX,
        limits: *limits,
    };
    let failed = |e: HintError| match e {
        HintError::NoSolution => LineRating::NoSolution,
        HintError::Several => LineRating::Several,
        HintError::TimeLimit(_) => LineRating::TimeLimit,
        e => LineRating::Failed(e.to_string()),
    };
    let path = match solve_path(puzzle, path_options) {
        Ok(path) => path,
        Err(e) => return failed(e),
    };
    let level = match options.lp {
        false => None,
        true => match lp_level(puzzle, &path.solution, &limits.after(start.elapsed())) {
            Ok(level) => Some(level),
            Err(e) => return failed(e.into()),
        },
    };
    LineRating::Rated {
        path: Box::new(path),
        level,
    }
}
