//! The jigsaw line reader (givens, regions and solution on one line).
use sudoku_ilp::input::{is_jigsaw_line, parse_jigsaw_line};

fn main() {
    afl::fuzz!(|data: &[u8]| {
        let Some(text) = sudoku_ilp_fuzz::text(data) else { return };
        for line in text.lines() {
            let _ = is_jigsaw_line(line);
            let _ = parse_jigsaw_line(line);
        }
    });
}
