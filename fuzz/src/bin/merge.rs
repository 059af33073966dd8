//! `merge`'s reader of batch JSON lines: two shards (the input split at its first `\0`).
use sudoku_ilp::batch::merge::merge;

fn main() {
    afl::fuzz!(|data: &[u8]| {
        let (a, b) = sudoku_ilp_fuzz::two_parts(data);
        let inputs = vec![("a.jsonl".to_string(), a), ("b.jsonl".to_string(), b)];
        let _ = merge(inputs, |_| Ok(()));
    });
}
