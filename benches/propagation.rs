//! How far reasoning on the SAT clauses gets (seed 001): the share of a collection solved by
//! unit propagation alone, by adding the failed-literal rule, and needing search.
//!
//! cargo bench --bench propagation -- FILE [EVERY]
//! takes every EVERY-th puzzle line of FILE (default 1: all) and prints one Markdown table row.

use std::time::Instant;
use sudoku_ilp::engine::propagate::{solve, Options, Stage};
use sudoku_ilp::engine::Status;
use sudoku_ilp::input::{parse_line, puzzle_lines};

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let Some(path) = args.first() else {
        eprintln!("usage: cargo bench --bench propagation -- FILE [EVERY]");
        return;
    };
    let every: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1).max(1);
    let text = std::fs::read_to_string(path).expect("readable puzzle file");
    let (mut total, mut unit, mut failed, mut search, mut unsolved) = (0, 0, 0, 0, 0);
    let (mut probes, mut nodes) = (0u64, 0u64);
    let start = Instant::now();
    for (number, line) in puzzle_lines(&text).step_by(every) {
        let puzzle = parse_line(line, None).unwrap_or_else(|e| panic!("{path}:{number}:{e}"));
        let r = solve(&puzzle, Options::default(), None);
        total += 1;
        probes += r.probes;
        nodes += r.nodes;
        if r.status != Status::Solved {
            unsolved += 1;
            continue;
        }
        match r.stage {
            Stage::UnitPropagation => unit += 1,
            Stage::FailedLiteral => failed += 1,
            Stage::Search => search += 1,
        }
    }
    let pct = |k: usize| 100.0 * k as f64 / total.max(1) as f64;
    println!("| file | puzzles | unit propagation alone | + failed-literal rule | search needed | unsolved | probes / puzzle | search nodes / puzzle | ms / puzzle |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    println!(
        "| {} (every {every}) | {total} | {unit} ({:.1} %) | {} ({:.1} %) | {search} ({:.1} %) | {unsolved} | {:.0} | {:.1} | {:.2} |",
        path.rsplit('/').next().unwrap_or(path),
        pct(unit),
        unit + failed,
        pct(unit + failed),
        pct(search),
        probes as f64 / total.max(1) as f64,
        nodes as f64 / total.max(1) as f64,
        start.elapsed().as_secs_f64() * 1000.0 / total.max(1) as f64,
    );
}
