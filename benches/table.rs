//! The README's batch table: `sudoku-ilp batch --summary-json` over named collections and
//! settings, one Markdown row per run, with the command that made it.
//!
//! ```text
//! cargo bench --bench table                      # every row of the README table
//! cargo bench --bench table -- hardest grid25    # only the rows whose collection or
//!                                                # setting contains one of these words
//! ```
//! Each row is its own process (peak memory is per process); the machine should be otherwise
//! idle. Collections are read from `../shared/data`.

use serde_json::Value;
use std::process::Command;

/// (collection, every K-th line, extra arguments).
const ROWS: &[(&str, usize, &str)] = &[
    ("sudoku17_tdoku.txt", 236, "--jobs 1"),
    ("sudoku17_tdoku.txt", 236, "--jobs 1 --reduce"),
    ("sudoku17_tdoku.txt", 236, "--jobs 1 --fast"),
    ("sudoku17_tdoku.txt", 236, "--jobs 2 --fast"),
    ("sudoku17_tdoku.txt", 236, "--jobs 1 --fast --plain-highs"),
    (
        "sudoku17_tdoku.txt",
        2360,
        "--jobs 1 --model natural-strong --time-limit 20",
    ),
    ("forum_hardest_1905_11plus.txt", 241, "--jobs 1"),
    ("forum_hardest_1905_11plus.txt", 241, "--jobs 1 --reduce"),
    ("forum_hardest_1905_11plus.txt", 241, "--jobs 1 --fast"),
    ("forum_hardest_1905_11plus.txt", 241, "--jobs 2 --fast"),
    (
        "forum_hardest_1905_11plus.txt",
        241,
        "--jobs 1 --fast --plain-highs",
    ),
    (
        "forum_hardest_1905_11plus.txt",
        2413,
        "--jobs 1 --model natural-strong --time-limit 20",
    ),
    ("magictour_top1465.txt", 1, "--jobs 1"),
    ("magictour_top1465.txt", 1, "--jobs 1 --reduce"),
    ("magictour_top1465.txt", 1, "--jobs 1 --fast"),
    ("magictour_top1465.txt", 1, "--jobs 2 --fast"),
    (
        "magictour_top1465.txt",
        73,
        "--jobs 1 --model natural-strong --time-limit 20",
    ),
    ("grid16_janko.txt", 1, "--jobs 1"),
    ("grid16_janko.txt", 1, "--jobs 1 --reduce"),
    ("grid16_janko.txt", 1, "--jobs 1 --fast"),
    ("grid16_janko.txt", 1, "--jobs 2 --fast"),
    (
        "grid16_janko.txt",
        31,
        "--jobs 1 --model natural-strong --time-limit 20",
    ),
    ("grid25_misc.txt", 1, "--jobs 1"),
    ("grid25_misc.txt", 1, "--jobs 1 --reduce"),
    ("grid25_misc.txt", 1, "--jobs 1 --fast"),
    ("grid25_misc.txt", 1, "--jobs 1 --fast --plain-highs"),
    ("grid25_misc.txt", 1, "--jobs 2 --fast"),
    ("grid36_misc.txt", 1, "--jobs 1"),
    ("grid36_misc.txt", 1, "--jobs 1 --reduce"),
    ("grid36_misc.txt", 1, "--jobs 1 --fast"),
    ("grid36_misc.txt", 1, "--jobs 2 --fast"),
    // The hard-grid engines (`cargo bench --bench table -- method start`).
    (
        "forum_hardest_1905_11plus.txt",
        241,
        "--jobs 1 --method sat",
    ),
    (
        "forum_hardest_1905_11plus.txt",
        241,
        "--jobs 1 --method propagate",
    ),
    ("forum_hardest_1905_11plus.txt", 241, "--jobs 1 --start sat"),
    (
        "forum_hardest_1905_11plus.txt",
        241,
        "--jobs 1 --fast --start sat",
    ),
    (
        "forum_hardest_1905_11plus.txt",
        241,
        "--jobs 1 --fast --start propagate",
    ),
    ("sudoku17_tdoku.txt", 236, "--jobs 1 --method sat"),
    ("sudoku17_tdoku.txt", 236, "--jobs 1 --method propagate"),
    ("sudoku17_tdoku.txt", 236, "--jobs 1 --fast --start sat"),
    ("magictour_top1465.txt", 1, "--jobs 1 --method sat"),
    ("magictour_top1465.txt", 1, "--jobs 1 --method propagate"),
    ("magictour_top1465.txt", 1, "--jobs 1 --fast --start sat"),
    ("grid16_janko.txt", 1, "--jobs 1 --method sat"),
    ("grid16_janko.txt", 1, "--jobs 1 --method propagate"),
    ("grid16_janko.txt", 1, "--jobs 1 --fast --start sat"),
    ("grid25_misc.txt", 1, "--jobs 1 --method sat"),
    ("grid25_misc.txt", 1, "--jobs 1 --method propagate"),
    ("grid25_misc.txt", 1, "--jobs 1 --start sat"),
    ("grid36_misc.txt", 1, "--jobs 1 --method sat"),
    ("grid36_misc.txt", 1, "--jobs 1 --method propagate"),
    ("grid36_misc.txt", 1, "--jobs 1 --start sat"),
    (
        "forum_hardest_1905_11plus.txt",
        1,
        "--jobs 2 --method propagate",
    ),
];

fn main() {
    let words: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    println!("| collection | every | setting | puzzles | solved | median ms | p90 ms | max ms | puzzles/s | peak MB | command |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for &(file, every, setting) in ROWS {
        let chosen = words.is_empty()
            || words
                .iter()
                .any(|w| file.contains(w.as_str()) || setting.contains(w.as_str()));
        if !chosen {
            continue;
        }
        let mut args = vec![
            "batch".to_string(),
            "--quiet".into(),
            "--summary-json".into(),
        ];
        args.extend(setting.split_whitespace().map(String::from));
        args.extend(["--every".into(), every.to_string()]);
        args.extend(["--out".into(), "/dev/null".into()]);
        let path = data.join(file);
        let out = Command::new(env!("CARGO_BIN_EXE_sudoku-ilp"))
            .args(&args)
            .arg(&path)
            .output()
            .expect("runs sudoku-ilp");
        let summary: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
            panic!(
                "{file} {setting}: no summary ({e}): {}",
                String::from_utf8_lossy(&out.stderr)
            )
        });
        let command = format!(
            "`sudoku-ilp {} ../shared/data/{file}`",
            args.join(" ").replace("--quiet --summary-json ", "")
        );
        println!(
            "| {file} | {every} | {setting} | {} | {} | {} | {} | {} | {:.1} | {:.0} | {command} |",
            summary["lines"],
            summary["solved"],
            summary["median_ms"],
            summary["p90_ms"],
            summary["max_ms"],
            summary["puzzles_per_s"].as_f64().unwrap_or(f64::NAN),
            summary["peak_memory_mb"].as_f64().unwrap_or(f64::NAN),
        );
    }
}
