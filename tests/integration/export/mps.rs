//! Free MPS files: glpsol (`--freemps`) and cbc solve them as HiGHS does, HiGHS's reader finds
//! the built model, and glpsol's fixed-MPS conversion (models/README.md) still solves.

use super::cases::data_case;
use super::solvers::{export, glpsol, highs_grid, judge, spawn, Format, Verdict};
use super::suites;
use crate::common::random_puzzle::{random_puzzles, Variants};
use proptest::prelude::*;
use std::collections::HashMap;
use std::process::Command;

#[test]
fn rows_emptied_by_reduce_make_every_solver_report_infeasible() {
    suites::emptied_rows(Format::Mps);
}

#[test]
fn every_data_puzzle_binary_model_solves_the_same_in_glpsol_and_cbc() {
    suites::data_puzzles(Format::Mps, &[]);
}

#[test]
fn every_data_puzzle_reduced_binary_model_solves_the_same_in_glpsol_and_cbc() {
    suites::data_puzzles(Format::Mps, &["--reduce"]);
}

#[test]
fn shared_sample_binary_model_solves_the_same_in_glpsol_and_cbc() {
    suites::shared_sample(Format::Mps);
}

#[test]
fn natural_model_solves_the_same_in_glpsol_and_cbc() {
    suites::natural(Format::Mps);
}

#[test]
fn regions_and_diagonals_solve_the_same_in_glpsol_and_cbc() {
    suites::regions_and_diagonals(Format::Mps);
}

#[test]
fn highs_reads_every_export_back_with_the_built_size_and_names() {
    suites::read_back(Format::Mps);
}

/// Column names of a free MPS file in order (first field of each COLUMNS line).
fn mps_columns(text: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let section = text
        .lines()
        .skip_while(|l| *l != "COLUMNS")
        .skip(1)
        .take_while(|l| l.starts_with(' '));
    for line in section {
        let name = line.split_whitespace().next().unwrap();
        if name != "MARKER" && names.last().map(String::as_str) != Some(name) {
            names.push(name.to_string());
        }
    }
    names
}

#[test]
fn fixed_mps_from_glpsol_wmps_solves_with_short_names() {
    for (stem, extra) in [
        ("seed004_unique_9x9", &[][..]),
        ("gen_6x6_2x3", &["--reduce"][..]),
    ] {
        let case = data_case(stem);
        let dir = tempfile::tempdir().unwrap();
        let free = dir.path().join("free.mps");
        let fixed = dir.path().join("fixed.mps");
        export(&case, extra, &free);
        let mut cmd = Command::new("glpsol");
        cmd.arg("--freemps")
            .arg(&free)
            .arg("--check")
            .arg("--wmps")
            .arg(&fixed);
        assert!(spawn(cmd).status.success(), "{stem}: glpsol --wmps");
        let fixed_text = std::fs::read_to_string(&fixed).unwrap();
        for line in fixed_text.lines().filter(|l| l.starts_with(' ')) {
            let first = line.split_whitespace().next().unwrap();
            let name = if ["N", "E", "L", "G", "UP", "LO", "FX", "BV", "MI", "FR"].contains(&first)
            {
                line.split_whitespace().last().unwrap()
            } else {
                first
            };
            assert!(
                name.len() <= 8 || name.starts_with('\''),
                "{stem}: {name} in fixed MPS"
            );
        }
        let columns = mps_columns(&std::fs::read_to_string(&free).unwrap());
        let report = dir.path().join("report.txt");
        let verdict = glpsol(&["--mps", fixed.to_str().unwrap()], &report).unwrap();
        let Verdict::Solved(values) = verdict else {
            panic!("{stem}: fixed MPS infeasible")
        };
        // glpsol names a column it had to shorten C{position:07}.
        let renamed: HashMap<String, f64> = values
            .into_iter()
            .map(
                |(name, v)| match name.strip_prefix('C').and_then(|k| k.parse::<usize>().ok()) {
                    Some(k) if name.len() == 8 => (columns[k - 1].clone(), v),
                    _ => (name, v),
                },
            )
            .collect();
        judge(&case, &highs_grid(&case), Ok(Verdict::Solved(renamed)))
            .unwrap_or_else(|e| panic!("{stem} fixed MPS: {e}"));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Random puzzles of every order to 16, with diagonals, regions and cages: HiGHS reads the
    /// written file back as the built model and solves it to the puzzle's grid.
    #[test]
    fn random_puzzles_read_back_through_highs(r in random_puzzles(16, 0.3, Variants::ALL)) {
        suites::random_read_back(Format::Mps, &r);
    }
}
