//! The killer line formats: the short "snarfable" 81-character format and SudoCue's long one,
//! each line read by its own parser and by the batch line reader that detects them.
use sudoku_ilp::input::{parse_batch_line, parse_short_killer, parse_sudocue};

fn main() {
    afl::fuzz!(|data: &[u8]| {
        let Some(text) = sudoku_ilp_fuzz::text(data) else { return };
        for (number, line) in text.lines().enumerate() {
            let _ = parse_short_killer(line);
            let _ = parse_sudocue(line);
            let _ = parse_batch_line("fuzz.txt", number + 1, line, None);
        }
    });
}
