//! GNU MathProg: `models/sudoku.mod` and `models/natural.mod` solve the exported `.dat` files in
//! glpsol as HiGHS solves the puzzles.

use super::cases::{data_cases, natural_cases, region_and_diagonal_cases, shared_case, Case};
use super::solvers::{assert_none, export, for_each_parallel, glpsol_options, highs_grid, spawn};
use std::path::Path;
use std::process::Command;

/// The grid glpsol prints after `SOLUTION` (boxed rows between `|`, or plain rows of numbers for
/// irregular regions), or `None` when it proved there is none.
fn gmpl_grid(stdout: &str, n: usize) -> Result<Option<Vec<u32>>, String> {
    if [
        "NO PRIMAL FEASIBLE",
        "NO INTEGER FEASIBLE",
        "UNSATISFIABLE",
        "NO SOLUTION",
    ]
    .iter()
    .any(|m| stdout.contains(m))
    {
        return Ok(None);
    }
    let start = stdout.find("\nSOLUTION\n").ok_or("no SOLUTION block")?;
    let values: Vec<u32> = stdout[start..]
        .lines()
        .skip(2)
        .take_while(|l| {
            !l.trim().is_empty()
                && l.split_whitespace()
                    .all(|t| t == "|" || t.starts_with('+') || t.parse::<u32>().is_ok())
        })
        .flat_map(|l| l.split_whitespace().filter_map(|t| t.parse().ok()))
        .collect();
    if values.len() != n * n {
        return Err(format!("{} values printed", values.len()));
    }
    Ok(Some(values))
}

fn gmpl_round_trip(case: &Case, model: &str, options: &[&str]) -> Result<(), String> {
    let dir = tempfile::tempdir().unwrap();
    let dat = dir.path().join(format!("{}.dat", case.stem()));
    export(case, &[], &dat);
    let mut cmd = Command::new("glpsol");
    cmd.args(options)
        .arg("-m")
        .arg(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("models")
                .join(model),
        )
        .arg("-d")
        .arg(&dat);
    let output = spawn(cmd);
    let stdout = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() {
        return Err(format!("glpsol {model} failed:\n{stdout}"));
    }
    let highs = highs_grid(case);
    match (gmpl_grid(&stdout, case.n)?, &highs) {
        (None, None) => Ok(()),
        (None, Some(_)) => Err("glpsol found no grid, HiGHS did".into()),
        (Some(_), None) => Err("glpsol printed a grid, HiGHS proved there is none".into()),
        (Some(grid), Some(theirs)) => {
            if !case.is_valid(&grid) {
                return Err(format!("printed grid is not a solution: {grid:?}"));
            }
            if case.solutions == Some(1) && &grid != theirs {
                return Err("a different grid from HiGHS's on a unique puzzle".into());
            }
            Ok(())
        }
    }
}

#[test]
fn sudoku_mod_solves_every_exported_dat() {
    let mut cases = data_cases();
    cases.extend(shared_case("grid16_janko.txt", 1, Some(1)));
    for n in [4, 9, 16] {
        assert!(cases.iter().any(|c| c.n == n), "a {n}x{n} GMPL case");
    }
    assert_none(for_each_parallel(&cases, |case| {
        let options = glpsol_options(case, "binary");
        gmpl_round_trip(case, "sudoku.mod", &options)
            .err()
            .map(|e| format!("{} sudoku.mod: {e}", case.label))
            .into_iter()
            .collect()
    }));
}

#[test]
fn natural_mod_solves_the_natural_cases() {
    let cases = natural_cases();
    assert_none(for_each_parallel(&cases, |case| {
        gmpl_round_trip(case, "natural.mod", &[])
            .err()
            .map(|e| format!("{} natural.mod: {e}", case.label))
            .into_iter()
            .collect()
    }));
}

#[test]
fn regions_and_diagonals_solve_the_same_in_the_gmpl_models() {
    let dir = tempfile::tempdir().unwrap();
    let cases = region_and_diagonal_cases(dir.path());
    assert_none(for_each_parallel(&cases, |case| {
        let mut models = vec!["sudoku.mod"];
        if case.n == 4 {
            models.push("natural.mod");
        }
        models
            .into_iter()
            .filter_map(|model| {
                gmpl_round_trip(case, model, &[])
                    .err()
                    .map(|e| format!("{} {model}: {e}", case.label))
            })
            .collect()
    }));
}
