//! Per-puzzle solve times over named puzzle collections: median, p90, max.
//!
//! ```text
//! cargo bench --bench collections -- [--reduce] [--singles] [--plain-highs] [--highs NAME=VALUE ...] FILE:STEP ...
//! ```
//! FILE is a name in `../shared/data`; STEP takes every STEP-th line (1 = all). Each puzzle is
//! built, solved, decoded and checked once, one thread, model built per puzzle; the time is
//! wall-clock from building the model to the checked grid. Prints one Markdown row per file.

use std::time::Instant;
use sudoku_ilp::compare::percentile;
use sudoku_ilp::engine::milp::{run, Presolve};
use sudoku_ilp::engine::{Stats, Status};
use sudoku_ilp::formulation::{binary::Binary, Formulation};
use sudoku_ilp::input::{parse_line, puzzle_lines};
use sudoku_ilp::solve::SolveOptions;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let reduce = args.iter().any(|a| a == "--reduce");
    let presolve = if args.iter().any(|a| a == "--singles") {
        Presolve::Singles
    } else {
        Presolve::None
    };
    let formulation: Box<dyn Formulation> = Box::new(Binary {
        reduce,
        ..Binary::default()
    });
    let mut options = SolveOptions {
        tuned: !args.iter().any(|a| a == "--plain-highs"),
        ..SolveOptions::default()
    };
    let mut specs = Vec::new();
    let mut words = args.iter();
    while let Some(word) = words.next() {
        if word == "--highs" {
            let setting = words.next().expect("--highs NAME=VALUE");
            let (name, value) = setting.split_once('=').expect("--highs NAME=VALUE");
            options.highs.push((name.into(), value.into()));
        } else if !word.starts_with("--") {
            specs.push(word);
        }
    }
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    let mut settings: Vec<String> = options
        .highs
        .iter()
        .map(|(k, v)| format!(" {k}={v}"))
        .collect();
    if presolve == Presolve::Singles {
        settings.insert(0, " --singles".into());
    }
    if !options.tuned {
        settings.insert(0, " --plain-highs".into());
    }
    println!(
        "| model | collection | puzzles | solved | median ms | p90 ms | max ms | HiGHS median ms |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for spec in specs {
        let (file, step) = spec.split_once(':').unwrap_or((spec, "1"));
        let step: usize = step.parse().expect("STEP is a positive integer");
        let text = std::fs::read_to_string(data.join(file))
            .unwrap_or_else(|e| panic!("{file}: {e} (is ../shared beside the repository?)"));
        let (mut total, mut highs, mut solved) = (Vec::new(), Vec::new(), 0);
        for (_, line) in puzzle_lines(&text).step_by(step) {
            let puzzle = parse_line(line, None).expect("a valid puzzle line");
            let start = Instant::now();
            let report = run(
                &puzzle,
                formulation.as_ref(),
                &options,
                &Default::default(),
                presolve,
            )
            .expect("solver runs");
            total.push(start.elapsed().as_secs_f64() * 1000.0);
            if let Stats::Milp(m) = &report.stats {
                highs.push(m.highs.highs_ms);
            }
            solved += usize::from(report.status == Status::Solved);
        }
        total.sort_by(f64::total_cmp);
        highs.sort_by(f64::total_cmp);
        println!(
            "| {} | {file} every {step} | {} | {solved} | {:.2} | {:.2} | {:.2} | {:.2} |",
            formulation.label() + &settings.concat(),
            total.len(),
            percentile(&total, 0.5),
            percentile(&total, 0.9),
            total.last().copied().unwrap_or(0.0),
            percentile(&highs, 0.5),
        );
    }
}
