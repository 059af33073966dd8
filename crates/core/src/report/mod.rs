//! Rendering results: every engine's [`crate::engine::Solution`] goes through the same code.
//!
//! - [`text`]: the boxed grid and a statistics block, as people read them;
//! - [`json`]: the JSON objects of the `solve --json` contract;
//! - [`svg`]: the grid as a picture;
//! - [`compare`]: the comparison of formulations as a table and as records;
//! - [`chart`]: solve times of many puzzles per variant;
//! - [`explain`]: why a grid has no solution;
//! - [`generated`]: a generated puzzle as a JSON file;
//! - [`info`]: the sizes of every model of an empty grid;
//! - [`batch`]: the JSON line of each batch result and the batch and merge summaries;
//! - [`lines`]: puzzle lines to result lines in one call (a partition of a distributed run);
//! - [`lp_svg`]: the root LP relaxation drawn on the grid;
//! - [`marks`]: the variant rules drawn on every grid picture;
//! - [`lab`]: the branch-and-bound tree (the lab's, lp-bb's) as text, JSON records and a picture,
//!   laid out by [`tidy`] and folded to fit a projector by [`fold`];
//! - [`html`]: the classroom page (inline SVG and CSS, no script).
//!
//! The library's algorithms return typed results; only this module turns them into text.

#[cfg(feature = "highs")]
pub mod batch;
#[cfg(feature = "highs")]
pub mod chart;
#[cfg(feature = "highs")]
pub mod compare;
pub mod count;
pub mod exercise;
#[cfg(all(feature = "highs", feature = "sat"))]
pub mod explain;
#[cfg(all(feature = "highs", feature = "sat"))]
pub mod fix;
pub mod fold;
#[cfg(feature = "highs")]
pub mod generated;
pub mod hint;
#[cfg(feature = "highs")]
pub mod html;
pub mod info;
pub mod json;
pub mod lab;
pub mod line_marks;
#[cfg(feature = "highs")]
pub mod lines;
pub mod lp_svg;
pub mod mark_frame;
pub mod marks;
pub mod objective;
mod outside_marks;
pub mod polytope_svg;
pub mod prove;
pub mod svg;
pub mod text;
pub mod tidy;

pub use crate::format::round3;
