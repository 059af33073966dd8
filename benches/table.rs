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

/// Sequential, reduced, fast, and fast on two threads: the settings of every collection.
const BASIC: &[&str] = &[
    "--jobs 1",
    "--jobs 1 --reduce",
    "--jobs 1 --fast",
    "--jobs 2 --fast",
];
const PLAIN_HIGHS: &str = "--jobs 1 --fast --plain-highs";
const NATURAL_STRONG: &str = "--jobs 1 --model natural-strong --time-limit 20";
const SAT: &str = "--jobs 1 --method sat";
const PROPAGATE: &str = "--jobs 1 --method propagate";
const START_SAT: &str = "--jobs 1 --start sat";
const FAST_START_SAT: &str = "--jobs 1 --fast --start sat";
/// The hard-grid engines alone, then as the start of the search.
const ENGINES: &[&str] = &[SAT, PROPAGATE, START_SAT];
/// The same with the fast path after the start.
const ENGINES_FAST: &[&str] = &[SAT, PROPAGATE, FAST_START_SAT];

/// (collection, every K-th line, the settings run on it, in order).
const GROUPS: &[(&str, usize, &[&[&str]])] = &[
    ("sudoku17_tdoku.txt", 236, &[BASIC, &[PLAIN_HIGHS]]),
    ("sudoku17_tdoku.txt", 2360, &[&[NATURAL_STRONG]]),
    (
        "forum_hardest_1905_11plus.txt",
        241,
        &[BASIC, &[PLAIN_HIGHS]],
    ),
    ("forum_hardest_1905_11plus.txt", 2413, &[&[NATURAL_STRONG]]),
    ("magictour_top1465.txt", 1, &[BASIC]),
    ("magictour_top1465.txt", 73, &[&[NATURAL_STRONG]]),
    ("grid16_janko.txt", 1, &[BASIC]),
    ("grid16_janko.txt", 31, &[&[NATURAL_STRONG]]),
    // Here the plain-HiGHS row comes before the two threads'.
    (
        "grid25_misc.txt",
        1,
        &[&[
            "--jobs 1",
            "--jobs 1 --reduce",
            "--jobs 1 --fast",
            PLAIN_HIGHS,
            "--jobs 2 --fast",
        ]],
    ),
    ("grid36_misc.txt", 1, &[BASIC]),
    // The hard-grid engines (`cargo bench --bench table -- method start`).
    (
        "forum_hardest_1905_11plus.txt",
        241,
        &[
            ENGINES,
            &[FAST_START_SAT, "--jobs 1 --fast --start propagate"],
        ],
    ),
    ("sudoku17_tdoku.txt", 236, &[ENGINES_FAST]),
    ("magictour_top1465.txt", 1, &[ENGINES_FAST]),
    ("grid16_janko.txt", 1, &[ENGINES_FAST]),
    ("grid25_misc.txt", 1, &[ENGINES]),
    ("grid36_misc.txt", 1, &[ENGINES]),
    (
        "forum_hardest_1905_11plus.txt",
        1,
        &[&["--jobs 2 --method propagate"]],
    ),
];

/// Every row of the table: (collection, every K-th line, extra arguments).
fn rows() -> impl Iterator<Item = (&'static str, usize, &'static str)> {
    GROUPS.iter().flat_map(|&(file, every, settings)| {
        settings
            .iter()
            .flat_map(|s| s.iter())
            .map(move |&setting| (file, every, setting))
    })
}

fn main() {
    let words: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    println!("| collection | every | setting | puzzles | solved | median ms | p90 ms | max ms | puzzles/s | peak MB | command |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for (file, every, setting) in rows() {
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
