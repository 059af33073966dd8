//! The JSON puzzle reader (`{"grid": …, "box": …, "regions": …}`), strict and lenient.
use sudoku_ilp::input::{parse_puzzle, parse_puzzle_lenient, InputFormat, ParseOptions};

fn main() {
    afl::fuzz!(|data: &[u8]| {
        let Some(text) = sudoku_ilp_fuzz::text(data) else { return };
        let options = ParseOptions { format: InputFormat::Json, ..ParseOptions::default() };
        let _ = parse_puzzle("fuzz.json", text, options);
        let _ = parse_puzzle_lenient("fuzz.json", text, options);
    });
}
