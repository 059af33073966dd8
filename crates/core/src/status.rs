//! What a solving method concluded about a puzzle. A leaf of the crate: the solve module (HiGHS)
//! and every engine speak these words, and [`crate::engine`] re-exports them with the trait.

/// What a search concluded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A grid was found (and, once an engine returns it, passed the independent checker).
    Solved,
    /// Proven: no grid completes the puzzle.
    Infeasible,
    /// The time limit stopped the search before either.
    TimeLimit,
}

/// Why a search for every solution stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CountEnd {
    /// Proven: the solutions found are all there are.
    Complete,
    /// More than `max` solutions exist (the `max + 1`-th was found).
    LimitReached,
    /// The time limit stopped the search: the count is a lower bound.
    TimeLimit,
}
