//! Rendering results: every engine's [`crate::engine::Solution`] goes through the same code.
//!
//! - [`text`]: the boxed grid and a statistics block, as people read them;
//! - [`json`]: the JSON objects of the `solve --json` contract;
//! - [`svg`]: the grid as a picture;
//! - [`chart`]: solve times of many puzzles per variant;
//! - [`batch`]: the JSON line of each batch result and the batch and merge summaries.
//!
//! The library's algorithms return typed results; only this module turns them into text.

pub mod batch;
pub mod chart;
pub mod count;
pub mod json;
pub mod svg;
pub mod text;

/// A number of milliseconds rounded to three decimals, as the JSON reports give them.
pub fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}
