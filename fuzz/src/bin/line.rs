//! The line reader: a line file read whole (by content, as `solve` does) and line by line
//! through `LineStream` and `parse_batch_line` (as `batch` does: JSON, jigsaw and grid lines).
use sudoku_ilp::input::{parse_batch_line, parse_puzzle, LineStream, ParseOptions};

fn main() {
    afl::fuzz!(|data: &[u8]| {
        for line in LineStream::new(data, "fuzz.txt").flatten() {
            let _ = parse_batch_line("fuzz.txt", line.0, &line.1, None);
        }
        if let Some(text) = sudoku_ilp_fuzz::text(data) {
            let _ = parse_puzzle("fuzz.txt", text, ParseOptions::default());
        }
    });
}
