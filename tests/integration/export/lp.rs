//! CPLEX LP files: glpsol (`--lp`) and cbc solve them as HiGHS does, and HiGHS's reader finds
//! the built model.

use super::cases::empty_row_case;
use super::solvers::{spawn, tool, Format};
use super::suites;
use crate::common::random_puzzle::{random_puzzles, Variants};
use proptest::prelude::*;

#[test]
fn rows_emptied_by_reduce_are_written_and_make_every_solver_report_infeasible() {
    let dir = tempfile::tempdir().unwrap();
    let case = empty_row_case(dir.path());
    let mut cmd = tool();
    cmd.args(["export", "--reduce", "--format", "lp"])
        .args(case.args());
    let lp = String::from_utf8(spawn(cmd).stdout).unwrap();
    assert!(lp.contains("\n cell_r1_c4: 0 x_r1_c1_v1 = 1\n"), "{lp}");
    assert!(lp.contains("\n row_r1_v4: 0 x_r1_c1_v1 = 1\n"), "{lp}");
    suites::emptied_rows(Format::Lp);
}

#[test]
fn every_data_puzzle_binary_model_solves_the_same_in_glpsol_and_cbc() {
    suites::data_puzzles(Format::Lp, &[]);
}

#[test]
fn every_data_puzzle_reduced_binary_model_solves_the_same_in_glpsol_and_cbc() {
    suites::data_puzzles(Format::Lp, &["--reduce"]);
}

#[test]
fn shared_sample_binary_model_solves_the_same_in_glpsol_and_cbc() {
    suites::shared_sample(Format::Lp);
}

#[test]
fn natural_model_solves_the_same_in_glpsol_and_cbc() {
    suites::natural(Format::Lp);
}

#[test]
fn regions_and_diagonals_solve_the_same_in_glpsol_and_cbc() {
    suites::regions_and_diagonals(Format::Lp);
}

#[test]
fn highs_reads_every_export_back_with_the_built_size_and_names() {
    suites::read_back(Format::Lp);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Random puzzles of every order to 16, with diagonals, regions and cages: HiGHS reads the
    /// written file back as the built model and solves it to the puzzle's grid.
    #[test]
    fn random_puzzles_read_back_through_highs(r in random_puzzles(16, 0.3, Variants::ALL)) {
        suites::random_read_back(Format::Lp, &r);
    }
}
