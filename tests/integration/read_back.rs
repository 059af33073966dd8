//! Property tests: what the reports write, the input reads back. Random valid puzzles of every
//! order to 16 with random box shapes and givens taken from a solved grid
//! (`common/random_puzzle.rs`):
//!
//! - the `solve --json` object, with diagonals, irregular regions and killer cages, reads back
//!   as the same puzzle, and so does the input JSON of `puzzle_json`;
//! - the one-line output (`solve --output line`) of the puzzle and of its solution reads back
//!   as the same givens and box shape;
//! - the grid block (the boxed grid `solve --quiet` prints) of the puzzle and of its solution
//!   reads back as the same givens and box shape. Lines and blocks carry no box shape of their
//!   own: as on the command line (`--box`), the shape is passed when the boxes are not square.
//!
//! The solutions come from the propagation engine (no HiGHS in these tests).

use crate::common::random_puzzle::{random_puzzles, RandomPuzzle, Variants};
use proptest::prelude::*;
use sudoku_ilp::engine::propagate::Propagate;
use sudoku_ilp::engine::{Engine, Limits, Solution, Status};
use sudoku_ilp::format::grid_text;
use sudoku_ilp::input::{parse_line, parse_puzzle, InputFormat, ParseOptions};
use sudoku_ilp::puzzle::{square_box_side, Grid, Layout, Puzzle};
use sudoku_ilp::report::json::{puzzle_json, solution_json};
use sudoku_ilp::report::text::grid_line;

/// The puzzle solved by the propagation engine (its givens come from a solved grid).
fn solved(r: &RandomPuzzle) -> (Solution, Grid) {
    let solution = Propagate::default()
        .solve(&r.puzzle, &Limits::default())
        .unwrap();
    assert_eq!(solution.status, Status::Solved);
    let grid = solution.grid.clone().unwrap();
    (solution, grid)
}

/// The box shape a reader must be told: `None` for square boxes, which it assumes.
fn shape_option(r: &RandomPuzzle) -> Option<(usize, usize)> {
    let (rows, cols) = r.box_shape;
    (square_box_side(rows * cols) != Some(rows) || rows != cols).then_some(r.box_shape)
}

/// Asserts that `read` has the givens `values` and the box shape of `r`.
fn assert_same_grid(read: &Puzzle, values: &[u8], r: &RandomPuzzle, what: &str) {
    let (rows, cols) = r.box_shape;
    assert_eq!(read.givens(), values, "{what}: givens");
    assert_eq!(
        read.layout(),
        &Layout::Boxes { rows, cols },
        "{what}: boxes"
    );
    assert!(!read.has_diagonals() && read.rules().is_empty(), "{what}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn solve_json_and_puzzle_json_read_back_as_the_same_puzzle(
        r in random_puzzles(16, 0.3, Variants::ALL)
    ) {
        let (solution, _) = solved(&r);
        for (what, doc) in [
            ("solve --json", solution_json(&r.puzzle, &solution)),
            ("puzzle JSON", puzzle_json(&r.puzzle)),
        ] {
            let text = doc.to_string();
            let read = parse_puzzle("json", &text, ParseOptions::default())
                .unwrap_or_else(|e| panic!("{what}: {e}\n{text}"));
            prop_assert_eq!(&read, &r.puzzle, "{}: {}", what, text);
        }
    }

    #[test]
    fn line_output_reads_back_as_the_same_grid(r in random_puzzles(16, 0.3, Variants::NONE)) {
        let (_, grid) = solved(&r);
        for (what, values) in [("puzzle", r.puzzle.givens()), ("solution", &grid.values[..])] {
            let line = grid_line(&Grid { n: grid.n, values: values.to_vec() });
            prop_assert_eq!(line.lines().count(), 1);
            let read = parse_line(&line, shape_option(&r))
                .unwrap_or_else(|e| panic!("{what}: {e}\n{line}"));
            assert_same_grid(&read, values, &r, what);
        }
    }

    #[test]
    fn grid_block_output_reads_back_as_the_same_grid(r in random_puzzles(16, 0.3, Variants::NONE)) {
        let (_, grid) = solved(&r);
        let options = ParseOptions {
            box_shape: shape_option(&r),
            format: InputFormat::Grid,
            ..ParseOptions::default()
        };
        for (what, values) in [("puzzle", r.puzzle.givens()), ("solution", &grid.values[..])] {
            let block = grid_text(&Grid { n: grid.n, values: values.to_vec() }, r.puzzle.layout());
            let read = parse_puzzle("block", &block, options)
                .unwrap_or_else(|e| panic!("{what}: {e}\n{block}"));
            assert_same_grid(&read, values, &r, what);
            // Read by content, as `solve -` does, the block is still a block.
            let detected = ParseOptions { format: InputFormat::default(), ..options };
            let again = parse_puzzle("block", &block, detected).unwrap();
            prop_assert_eq!(again.givens(), values);
        }
    }
}
