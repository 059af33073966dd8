//! Engines on killer puzzles: per-puzzle median, p90 and max time of one engine on a file of
//! `../shared/data/variants`, checked against its `.solutions.txt`.
//!
//! cargo bench --bench variants -- FILE ENGINE [EVERY] [LIMIT_S]
//! ENGINE: propagate, sat, sat-pb (sums as a pseudo-Boolean row), backtrack. Takes every
//! EVERY-th line (default 1), LIMIT_S seconds per puzzle (default 60), one puzzle at a time.
//!
//! The lines are read by the library's readers (through the tests' `common/killer_lines.rs`).

#[path = "../tests/integration/common/killer_lines.rs"]
mod killer_lines;

use std::time::Instant;
use sudoku_ilp::engine::backtrack::Backtrack;
use sudoku_ilp::engine::propagate::Propagate;
use sudoku_ilp::engine::sat::{Sat, SumEncoding};
use sudoku_ilp::engine::{Engine, Limits, Solution, Status};
use sudoku_ilp::puzzle::Puzzle;

fn solve(engine: &str, p: &Puzzle, limits: &Limits) -> Solution {
    match engine {
        "propagate" => Propagate::default().solve(p, limits),
        "sat" => Sat.solve(p, limits),
        "sat-pb" => Sat.solve_with(p, limits, SumEncoding::PseudoBoolean),
        "backtrack" => Backtrack.solve(p, limits),
        other => panic!("unknown engine {other}"),
    }
    .expect("an engine result")
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let (Some(path), Some(engine)) = (args.first(), args.get(1)) else {
        eprintln!("usage: cargo bench --bench variants -- FILE ENGINE [EVERY] [LIMIT_S]");
        return;
    };
    let every: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1).max(1);
    let limit: f64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(60.0);
    let text = std::fs::read_to_string(path).expect("readable puzzle file");
    let name_at = path.rfind('/').map_or(0, |k| k + 1);
    let stem = &path[..name_at + path[name_at..].find('.').expect("a file extension")];
    let answers = std::fs::read_to_string(format!("{stem}.solutions.txt")).expect("solutions");
    let mut times = Vec::new();
    let (mut wrong, mut unsolved) = (0, Vec::new());
    for (number, (line, answer)) in text.lines().zip(answers.lines()).enumerate().step_by(every) {
        let puzzle = if line.starts_with("3x3:") {
            killer_lines::sudocue(line)
        } else {
            killer_lines::fpuzzles(line)
        };
        let start = Instant::now();
        let s = solve(engine, &puzzle, &Limits { time_limit: limit });
        let ms = start.elapsed().as_secs_f64() * 1e3;
        times.push(ms);
        eprintln!("line {} {ms:.1} ms {:?}", number + 1, s.status);
        match (s.status, s.grid) {
            (Status::Solved, Some(g)) => {
                let want: Vec<u8> = answer.bytes().map(|b| b - b'0').collect();
                if g.values != want {
                    wrong += 1;
                }
            }
            _ => unsolved.push(number + 1),
        }
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "| {} | {engine} | {} | {:.2} | {:.2} | {:.1} | {} | {:?} |",
        path.rsplit('/').next().unwrap_or(path),
        times.len(),
        at(0.5),
        at(0.9),
        at(1.0),
        wrong,
        unsolved
    );
}
