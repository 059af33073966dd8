//! The grid-block reader: n lines of n cells, with optional box rules and `|` separators.
use sudoku_ilp::input::{parse_puzzle, parse_puzzle_lenient, InputFormat, ParseOptions};

fn main() {
    afl::fuzz!(|data: &[u8]| {
        let Some(text) = sudoku_ilp_fuzz::text(data) else { return };
        let options = ParseOptions { format: InputFormat::Grid, ..ParseOptions::default() };
        let _ = parse_puzzle("fuzz.txt", text, options);
        let _ = parse_puzzle_lenient("fuzz.txt", text, options);
    });
}
