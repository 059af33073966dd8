//! What an LP file and a free MPS file must both pass: the same puzzles through glpsol and cbc,
//! and HiGHS's reader finding the built model. `lp.rs` and `mps.rs` run each for their format.

use super::cases::{
    data_cases, empty_row_case, natural_cases, region_and_diagonal_cases, shared_cases,
};
use super::solvers::{assert_none, for_each_parallel, highs_grid, round_trip, Format};
use crate::common::counter::count_solutions;
use crate::common::highs_lock;
use crate::common::random_puzzle::RandomPuzzle;
use std::collections::HashMap;
use sudoku_ilp::check::check;
use sudoku_ilp::export::{lp, mps};
use sudoku_ilp::formulation::{binary::Binary, natural::Natural, Formulation};
use sudoku_ilp::solve::read::{read_model, solve_model_file};
use sudoku_ilp::solve::{solve, SolveOptions, Status};

/// The 4×4 grid whose `--reduce` model has rows without columns: infeasible for every solver,
/// with and without `--reduce`.
pub(super) fn emptied_rows(format: Format) {
    let dir = tempfile::tempdir().unwrap();
    let case = empty_row_case(dir.path());
    assert_eq!(highs_grid(&case), None, "HiGHS: infeasible");
    let mut failures = round_trip(&case, &["--reduce"], "binary", &None, format);
    failures.extend(round_trip(&case, &[], "binary", &None, format));
    assert_none(failures);
}

/// Every `data/` puzzle's binary model (with `extra` options, e.g. `--reduce`).
pub(super) fn data_puzzles(format: Format, extra: &[&str]) {
    let cases = data_cases();
    assert_none(for_each_parallel(&cases, |case| {
        let highs = highs_grid(case);
        if case.solutions == Some(0) {
            assert!(
                highs.is_none(),
                "{}: HiGHS solved a puzzle with no solution",
                case.label
            );
        }
        round_trip(case, extra, "binary", &highs, format)
    }));
}

/// The sample of `../shared/data`, binary model with and without `--reduce`.
pub(super) fn shared_sample(format: Format) {
    let cases = shared_cases();
    if cases.is_empty() {
        return;
    }
    assert_none(for_each_parallel(&cases, |case| {
        let highs = highs_grid(case);
        match case.solutions {
            Some(0) => assert!(highs.is_none(), "{}: HiGHS found a grid", case.label),
            Some(_) => assert!(highs.is_some(), "{}: HiGHS found none", case.label),
            None => {}
        }
        let mut failures = round_trip(case, &[], "binary", &highs, format);
        failures.extend(round_trip(case, &["--reduce"], "binary", &highs, format));
        failures
    }));
}

/// The natural models on the puzzles glpsol and cbc solve quickly.
pub(super) fn natural(format: Format) {
    let cases = natural_cases();
    assert_none(for_each_parallel(&cases, |case| {
        let highs = highs_grid(case);
        // natural-strong adds ≤ rows (exclusions) and house sums to the ≥ rows of the big-M pairs.
        let mut failures = Vec::new();
        for model in ["natural", "natural-strong"] {
            failures.extend(round_trip(
                case,
                &["--model", model],
                "natural",
                &highs,
                format,
            ));
        }
        failures
    }));
}

/// Irregular regions and diagonals: binary model with and without `--reduce`, and the natural
/// model on the 4×4 grid.
pub(super) fn regions_and_diagonals(format: Format) {
    let dir = tempfile::tempdir().unwrap();
    let cases = region_and_diagonal_cases(dir.path());
    assert_none(for_each_parallel(&cases, |case| {
        let highs = highs_grid(case);
        let mut failures = round_trip(case, &[], "binary", &highs, format);
        failures.extend(round_trip(case, &["--reduce"], "binary", &highs, format));
        if case.n == 4 {
            let natural = ["--model", "natural"];
            failures.extend(round_trip(case, &natural, "natural", &highs, format));
        }
        failures
    }));
}

/// The binary model without and with `--reduce`.
fn binary_models() -> Vec<Box<dyn Formulation>> {
    vec![
        Box::new(Binary {
            reduce: false,
            ..Binary::default()
        }),
        Box::new(Binary {
            reduce: true,
            ..Binary::default()
        }),
    ]
}

/// HiGHS reads every written file back: the built model's size and column names.
pub(super) fn read_back(format: Format) {
    use sudoku_ilp::input::{parse_puzzle, ParseOptions};

    let dir = tempfile::tempdir().unwrap();
    let natural: Vec<String> = natural_cases().into_iter().map(|c| c.label).collect();
    let mut checked = 0;
    // HiGHS in this process: one thread, one model at a time (docs/highs.md, "Threads").
    let _highs = highs_lock();
    let cases = data_cases().into_iter().chain(shared_cases());
    let extra = region_and_diagonal_cases(dir.path());
    for case in cases.chain([empty_row_case(dir.path())]).chain(extra) {
        let text = std::fs::read_to_string(&case.file).unwrap();
        let options = ParseOptions {
            line: case.line,
            ..ParseOptions::default()
        };
        let puzzle = parse_puzzle(&case.label, &text, options).unwrap();
        let mut formulations = binary_models();
        if natural.contains(&case.label) {
            formulations.push(Box::new(Natural::textbook()));
            formulations.push(Box::new(Natural::strengthened()));
        }
        for formulation in formulations {
            let model = formulation.build(&puzzle);
            let names: Vec<String> = model
                .variables
                .iter_variables_with_def()
                .map(|(_, d)| d.get_name().to_string())
                .collect();
            let ext = format.ext();
            let text = match format {
                Format::Lp => lp::write(&puzzle, &model).unwrap(),
                Format::Mps => mps::write(&puzzle, &model).unwrap(),
            };
            let path = dir.path().join(format!("model.{ext}"));
            std::fs::write(&path, text).unwrap();
            let read = read_model(&path).unwrap();
            let what = format!("{} {} .{ext}", case.label, model.label);
            assert_eq!(read.size, model.size(), "{what}: size as HiGHS reads it");
            // MPS keeps the model's column order; an LP file has none, and readers number
            // columns by first appearance (the natural model's rows interleave v and y).
            let mut read_names = read.column_names;
            let mut built_names = names.clone();
            if ext == "lp" {
                read_names.sort();
                built_names.sort();
            }
            assert_eq!(read_names, built_names, "{what}: column names");
            checked += 1;
        }
    }
    assert!(checked >= 40, "{checked} .{} files read back", format.ext());
}

/// A random puzzle's models written in `format` and read back by HiGHS: the built model's
/// size; solved, a grid that passes the checker, and the library's own grid when the puzzle has
/// one solution (by the independent counter up to order 9, where it is quick, on the boxes
/// alone: diagonals and cages only remove solutions). The binary model with and without
/// `--reduce`, and the natural model up to order 6.
pub(super) fn random_read_back(format: Format, r: &RandomPuzzle) {
    let _highs = highs_lock();
    let puzzle = &r.puzzle;
    let n = puzzle.order();
    let givens: Vec<u32> = puzzle.givens().iter().map(|&v| u32::from(v)).collect();
    let unique = n <= 9 && count_solutions(&givens, r.box_shape.0, r.box_shape.1, 2) == 1;
    let mut formulations = binary_models();
    if n <= 6 {
        formulations.push(Box::new(Natural::strengthened()));
    }
    let dir = tempfile::tempdir().unwrap();
    for formulation in formulations {
        let model = formulation.build(puzzle);
        let what = format!("{} .{}", model.label, format.ext());
        let path = dir.path().join(format!("model.{}", format.ext()));
        let text = match format {
            Format::Lp => lp::write(puzzle, &model).unwrap(),
            Format::Mps => mps::write(puzzle, &model).unwrap(),
        };
        std::fs::write(&path, text).unwrap();
        assert_eq!(read_model(&path).unwrap().size, model.size(), "{what}");
        let read = solve_model_file(&path).unwrap();
        assert_eq!(
            read.status,
            Status::Solved,
            "{what}: the givens come from a grid"
        );
        let by_name: HashMap<String, f64> = read.values.into_iter().collect();
        let values: Vec<f64> = model
            .variables
            .iter_variables_with_def()
            .map(|(_, d)| by_name[d.get_name()])
            .collect();
        let grid = model.decode(&values);
        check(puzzle, &grid).unwrap_or_else(|e| panic!("{what}: {e}"));
        if unique {
            let ours = solve(
                &model,
                &SolveOptions::default(),
                &sudoku_ilp::engine::Limits::default(),
            )
            .unwrap();
            let ours = model.decode(&ours.values.expect("solved"));
            assert_eq!(grid, ours, "{what}: the one solution");
        }
    }
}
