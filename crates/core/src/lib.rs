//! # sudoku-ilp
//!
//! Sudoku as an integer linear program. A [`puzzle::Puzzle`] (any order up to 64, square or
//! rectangular boxes, irregular regions, diagonals) is turned into a model by a
//! [`formulation::Formulation`] through the `good_lp` modelling layer, solved in-process by
//! HiGHS MILP ([`solve`], the only module that talks to HiGHS), decoded back to a grid, and
//! verified by an independent [`check`]er before anything is printed.
//!
//! ```text
//! input (JSON | text line) -> Puzzle -> Formulation -> BuiltModel -> solve (HiGHS)
//!                                                   -> decode -> Grid -> check -> output
//! ```
//!
//! ```
//! use sudoku_ilp::engine::{milp::Milp, Engine, Limits};
//! use sudoku_ilp::{formulation::binary::Binary, input};
//! let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
//! let puzzle = input::parse_line(line, None).unwrap();
//! let solution = Milp::new(Binary::default()).solve(&puzzle, &Limits::default()).unwrap();
//! assert_eq!(solution.grid.unwrap().rows()[0], vec![4, 8, 3, 9, 2, 1, 6, 5, 7]);
//! ```

// Every `unsafe` block of the crate is in `solve::ffi` (the HiGHS calls) and `solve::out_of_memory`
// (the out-of-memory exit), one SAFETY comment each: the two modules allowed to have them.
#![deny(unsafe_code)]

#[cfg(feature = "highs")]
pub mod batch;
pub mod candidates;
pub mod check;
#[cfg(feature = "highs")]
pub mod classroom;
pub mod clock;
#[cfg(feature = "highs")]
pub mod compare;
pub mod engine;
#[cfg(all(feature = "highs", feature = "sat"))]
pub mod explain;
pub mod export;
#[cfg(all(feature = "highs", feature = "sat"))]
pub mod fix;
pub mod format;
pub mod formulation;
#[cfg(all(feature = "highs", feature = "sat"))]
pub mod generate;
pub mod geometry;
pub mod hint;
pub mod implied;
pub mod info;
pub mod input;
pub mod lab;
pub mod layout_index;
pub mod lesson;
pub mod limits;
pub mod linear_text;
pub mod lp_interface;
pub mod lp_restore;
pub mod mask;
pub mod named;
pub mod objective;
pub mod prove;
pub mod puzzle;
pub mod report;
pub mod row_check;
pub mod rules;
pub mod solve;
pub mod status;
