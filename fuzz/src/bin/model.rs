//! The LP and MPS read-back (HiGHS's readers, through `solve::read::read_model`): the first
//! byte picks the format (even: `.lp`, odd: `.mps`), the rest is the file.
use sudoku_ilp::solve::read::read_model;

fn main() {
    let dir = std::env::temp_dir().join(format!("sudoku-ilp-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    afl::fuzz!(|data: &[u8]| {
        let Some((&first, body)) = data.split_first() else { return };
        let path = dir.join(if first % 2 == 0 { "m.lp" } else { "m.mps" });
        if std::fs::write(&path, body).is_ok() {
            let _ = read_model(&path);
        }
    });
}
