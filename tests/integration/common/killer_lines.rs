//! Killer lines of `../shared/data/variants` read by the library's own readers (the SudoCue
//! killer format and f-puzzles JSON), for the engine tests and the variants benchmark.

use sudoku_ilp::input::parse_batch_line;
use sudoku_ilp::puzzle::Puzzle;

/// A SudoCue killer line (`3x3:[d]:k:` then 81 numbers sum·256 + cage id).
pub fn sudocue(line: &str) -> Puzzle {
    read(line)
}

/// One line of f-puzzles JSON.
pub fn fpuzzles(line: &str) -> Puzzle {
    read(line)
}

fn read(line: &str) -> Puzzle {
    match parse_batch_line("killer line", 1, line, None) {
        Ok((puzzle, _)) => puzzle,
        Err(e) => panic!("{e}"),
    }
}
