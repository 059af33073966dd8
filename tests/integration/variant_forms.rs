//! The binary model's forms of a thermometer step (aggregated | cumulative) and of a pair table
//! (support | conflict) (issue 22, the lesson): each form solves sampled thermometer, kropki
//! and non-consecutive puzzles of `../shared/data/variants/` to their known solutions, writes
//! the rows its doc comment names, and the command line takes the switches.

use crate::common::{highs_lock, run, shared_data, variant_sample};
use sudoku_ilp::engine::milp::{run as milp_run, Presolve};
use sudoku_ilp::engine::Limits;
use sudoku_ilp::formulation::{binary::Binary, Formulation, PairForm, StepForm};
use sudoku_ilp::input::parse_batch_line;
use sudoku_ilp::puzzle::Puzzle;
use sudoku_ilp::solve::{SolveOptions, Status};

/// ISS examples 2 (Thermo), 3 (XV Kropki), 16 (anti-knight anti-consecutive); f-puzzles links 1
/// (thermometers, cages, anti-king) and 6 (difference and ratio dots).
const SAMPLE: [(&str, usize); 5] = [
    ("iss_examples.fpz.jsonl", 2),
    ("iss_examples.fpz.jsonl", 3),
    ("iss_examples.fpz.jsonl", 16),
    ("fpuzzles_links.fpz.jsonl", 1),
    ("fpuzzles_links.fpz.jsonl", 6),
];

/// The sampled puzzles with their solutions (empty without `../shared`).
fn sample() -> Vec<(String, Puzzle, Vec<u8>)> {
    let mut out = Vec::new();
    for (file, number) in SAMPLE {
        let found = variant_sample(file, 1)
            .into_iter()
            .find(|(n, ..)| *n == number);
        if let Some((_, line, solution)) = found {
            let (puzzle, _) = parse_batch_line(file, number, &line, None).unwrap();
            out.push((format!("{file} line {number}"), puzzle, solution));
        }
    }
    out
}

fn forms() -> Vec<Binary> {
    let mut out = Vec::new();
    for steps in [StepForm::Aggregated, StepForm::Cumulative] {
        for pairs in [PairForm::Support, PairForm::Conflict] {
            out.push(Binary {
                steps,
                pairs,
                ..Binary::default()
            });
        }
    }
    out
}

#[test]
fn every_step_and_pair_form_solves_the_sample_to_its_solution() {
    let sample = sample();
    if sample.is_empty() {
        return;
    }
    assert_eq!(sample.len(), SAMPLE.len());
    let (options, limits) = (SolveOptions::default(), Limits::seconds(3600.0).unwrap());
    for (name, puzzle, solution) in &sample {
        for form in forms() {
            let _guard = highs_lock();
            let report = milp_run(puzzle, &form, &options, &limits, Presolve::None).unwrap();
            assert_eq!(report.status, Status::Solved, "{name}, {}", form.label());
            assert_eq!(
                &report.grid.unwrap().values,
                solution,
                "{name}, {}",
                form.label()
            );
        }
    }
}

#[test]
fn each_form_writes_its_own_rows() {
    let Some((_, thermo, _)) = sample().into_iter().next() else {
        return;
    };
    let names = |form: Binary| -> Vec<String> {
        let model = form.build(&thermo);
        model.rows.iter().map(|r| r.name().to_string()).collect()
    };
    let cumulative = names(Binary::default());
    let aggregated = names(Binary {
        steps: StepForm::Aggregated,
        ..Binary::default()
    });
    // One row per step against n rows per step, named `{tag}` and `{tag}_v{v}`.
    let steps = aggregated.iter().filter(|n| n.contains("_step")).count();
    assert!(steps > 0);
    assert!(aggregated.iter().any(|n| n == "thermo1_step1"));
    assert_eq!(
        cumulative.iter().filter(|n| n.contains("_step")).count(),
        9 * steps
    );
    assert!(cumulative.iter().any(|n| n == "thermo1_step1_v9"));

    let Some((_, kropki, _)) = sample().into_iter().nth(1) else {
        return;
    };
    let conflict = Binary {
        pairs: PairForm::Conflict,
        ..Binary::default()
    }
    .build(&kropki);
    let support = Binary::default().build(&kropki);
    let named = |m: &sudoku_ilp::formulation::BuiltModel, part: &str| {
        m.rows.iter().filter(|r| r.name().contains(part)).count()
    };
    assert!(named(&conflict, "_w") > 0 && named(&conflict, "_a_v") == 0);
    assert!(named(&support, "_a_v") > 0 && named(&support, "_w") == 0);
}

#[test]
fn the_command_line_takes_the_forms_and_compare_shows_them() {
    let Some(path) = shared_data("variants/iss_examples.fpz.jsonl") else {
        return;
    };
    let thermo = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .nth(1)
        .unwrap()
        .to_string();
    let (code, out, err) = run(
        &[
            "solve",
            "-",
            "--thermo-form",
            "cumulative",
            "--pair-form",
            "conflict",
        ],
        Some(&thermo),
    );
    assert_eq!(code, 0, "{err}");
    assert!(!out.trim().is_empty());
    let (code, _, err) = run(
        &[
            "solve",
            "-",
            "--model",
            "natural",
            "--thermo-form",
            "aggregated",
        ],
        Some(&thermo),
    );
    assert_eq!(code, 2);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    let (code, out, err) = run(
        &[
            "compare",
            "-",
            "--variants",
            "binary,binary-thermo-aggregated,binary-pair-conflict",
        ],
        Some(&thermo),
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("binary-thermo-aggregated") && out.contains("binary-pair-conflict"));
}
