//! What a run may ask for, checked once: time limits and budgets (a positive, finite number of
//! seconds), HiGHS threads, batch jobs and box sides (whole numbers in 1..=max). It sits with
//! the puzzle (whose largest order bounds a box side): the command line and the Python package
//! check their values here and say a [`LimitError`]'s one sentence with their own name of the
//! option (`--time-limit`, `time_limit`).
//!
//! ```
//! use sudoku_ilp::limits::{Limit, LimitError};
//! assert_eq!(Limit::TimeLimit.seconds(2.5), Ok(2.5));
//! assert_eq!(Limit::Threads.count(65), Err(LimitError::TooMany { limit: Limit::Threads, max: 64 }));
//! ```

use crate::clock::Instant;
use crate::puzzle::MAX_ORDER;
use std::time::Duration;

/// Most HiGHS threads one solve may ask for (more only queue on the cores).
pub const MAX_THREADS: u64 = 64;

/// Most worker threads a batch may start.
pub const MAX_JOBS: u64 = 256;

/// The default time limit of a solve, in seconds.
pub const DEFAULT_TIME_LIMIT: f64 = 60.0;

/// How long a run may take: the one place the time limit is kept. Engines, counts,
/// explanations and every HiGHS call take it beside their options; the HiGHS options
/// ([`crate::solve::SolveOptions`]) carry no time limit of their own.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// Wall-clock limit in seconds.
    pub time_limit: f64,
}

impl Default for Limits {
    /// [`DEFAULT_TIME_LIMIT`].
    fn default() -> Self {
        Limits {
            time_limit: DEFAULT_TIME_LIMIT,
        }
    }
}

impl Limits {
    /// A time limit of `seconds`, which must be a positive, finite number.
    pub fn seconds(seconds: f64) -> Result<Limits, LimitError> {
        Ok(Limits {
            time_limit: Limit::TimeLimit.seconds(seconds)?,
        })
    }

    /// The instant at which a run started now must stop (`None`: too far to represent).
    pub fn deadline(&self) -> Option<Instant> {
        Instant::now().checked_add(Duration::from_secs_f64(self.time_limit.clamp(0.0, 1e9)))
    }

    /// What is left of the limit `elapsed` after its start (at least a millisecond, so that
    /// HiGHS still returns its status).
    pub fn after(&self, elapsed: Duration) -> Limits {
        Limits {
            time_limit: (self.time_limit - elapsed.as_secs_f64()).max(1e-3),
        }
    }

    /// At most `seconds` (and never negative).
    pub fn at_most(&self, seconds: f64) -> Limits {
        Limits {
            time_limit: seconds.min(self.time_limit).max(0.0),
        }
    }
}

/// A bounded quantity that a front end passes on from its user.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// The wall-clock limit of a solve, in seconds.
    TimeLimit,
    /// The time budget of a MIP start's search, in seconds.
    StartBudget,
    /// HiGHS threads of one solve: 1..=[`MAX_THREADS`].
    Threads,
    /// Worker threads of a batch: 1..=[`MAX_JOBS`].
    Jobs,
    /// A side of a box: 1..=[`MAX_ORDER`] (the puzzle checks that the boxes tile the grid).
    BoxSide,
}

/// A value outside its [`Limit`]'s range. Its message names the limit in words
/// ([`Limit::what`]); a front end says the same sentence with its own name of the option
/// ([`LimitError::said_of`]: `--time-limit`, `time_limit`), so the two read the same.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[error("{}", self.said_of(self.limit().what()))]
pub enum LimitError {
    /// Not a positive, finite number of seconds.
    NotPositiveSeconds { limit: Limit, value: f64 },
    /// Zero where a count must be at least 1.
    Zero { limit: Limit },
    /// More than the limit's maximum.
    TooMany { limit: Limit, max: u64 },
}

impl LimitError {
    /// What follows the option's name: `must be at most 64`.
    pub fn words(&self) -> String {
        match *self {
            LimitError::NotPositiveSeconds { value, .. } => {
                format!("must be a positive number of seconds, not {value}")
            }
            LimitError::Zero { .. } => "must be a positive number (at least 1)".into(),
            LimitError::TooMany { max, .. } => format!("must be at most {max}"),
        }
    }

    /// The message with `option` (`--threads`, `threads`) in place of [`Limit::what`].
    pub fn said_of(&self, option: &str) -> String {
        format!("{option} {}", self.words())
    }

    /// The limit that was not kept.
    pub fn limit(&self) -> Limit {
        match *self {
            LimitError::NotPositiveSeconds { limit, .. }
            | LimitError::Zero { limit }
            | LimitError::TooMany { limit, .. } => limit,
        }
    }
}

impl Limit {
    /// The limit in words, the subject of the library's own message.
    pub fn what(self) -> &'static str {
        match self {
            Limit::TimeLimit => "the time limit",
            Limit::StartBudget => "the start budget",
            Limit::Threads => "the thread count",
            Limit::Jobs => "the job count",
            Limit::BoxSide => "a box side",
        }
    }

    /// The largest whole number this limit allows (`None` for the limits in seconds).
    pub fn max(self) -> Option<u64> {
        match self {
            Limit::TimeLimit | Limit::StartBudget => None,
            Limit::Threads => Some(MAX_THREADS),
            Limit::Jobs => Some(MAX_JOBS),
            Limit::BoxSide => Some(MAX_ORDER as u64),
        }
    }

    /// `value` when it is a positive, finite number of seconds.
    pub fn seconds(self, value: f64) -> Result<f64, LimitError> {
        if value > 0.0 && value.is_finite() {
            Ok(value)
        } else {
            Err(LimitError::NotPositiveSeconds { limit: self, value })
        }
    }

    /// `value` when it lies in 1..=[`Limit::max`].
    pub fn count(self, value: u64) -> Result<u64, LimitError> {
        let max = self.max().unwrap_or(u64::MAX);
        match value {
            0 => Err(LimitError::Zero { limit: self }),
            v if v > max => Err(LimitError::TooMany { limit: self, max }),
            v => Ok(v),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_must_be_positive_and_finite() {
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            assert!(Limit::TimeLimit.seconds(bad).is_err(), "{bad}");
        }
        assert_eq!(Limit::StartBudget.seconds(0.01), Ok(0.01));
    }

    #[test]
    fn counts_run_from_one_to_their_maximum() {
        assert_eq!(
            Limit::Jobs.count(0),
            Err(LimitError::Zero { limit: Limit::Jobs })
        );
        assert_eq!(Limit::Jobs.count(MAX_JOBS), Ok(MAX_JOBS));
        assert_eq!(
            Limit::Threads.count(MAX_THREADS + 1).unwrap_err().limit(),
            Limit::Threads
        );
    }
}
