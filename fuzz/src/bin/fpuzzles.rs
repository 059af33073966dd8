//! The f-puzzles reader: plain JSON or the lz-string text of a link, read as a whole document
//! (as `solve` does) and as a batch line, plus the link decompressor on its own.
use sudoku_ilp::input::{decompress_link, parse_batch_line, parse_puzzle, ParseOptions};

fn main() {
    afl::fuzz!(|data: &[u8]| {
        let Some(text) = sudoku_ilp_fuzz::text(data) else { return };
        let _ = decompress_link(text);
        let _ = parse_puzzle("fuzz.txt", text, ParseOptions::default());
        for (number, line) in text.lines().enumerate() {
            let _ = parse_batch_line("fuzz.txt", number + 1, line, None);
        }
    });
}
