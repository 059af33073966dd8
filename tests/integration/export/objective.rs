//! The objective in the exports: on puzzles with several solutions (a nearly empty 9×9, the
//! empty 4×4, lines of `serg_benchmark_multisol.txt`) the optimum of HiGHS's MILP
//! (`solve --json`), of `lp-bb`'s textbook branch and bound (`--branch variable`), of
//! branch and cut (`--cuts gomory`), and of glpsol and cbc on the exported LP and MPS files
//! agree. Each external grid is checked and its objective value computed from the grid by
//! the library's [`Objective`], not read from the solver.

use super::solvers::{cbc, decode, glpsol, spawn, tool, Verdict};
use crate::common::{is_solution, shared_data};
use serde_json::Value;
use std::path::Path;
use sudoku_ilp::objective::Objective;

/// `sudoku-ilp solve --json` with extra arguments: the objective value (checked grid).
fn solve_value(file: &Path, line: Option<usize>, extra: &[&str]) -> f64 {
    let mut cmd = tool();
    cmd.args(["solve", "--json"]).args(extra).arg(file);
    if let Some(k) = line {
        cmd.args(["--line", &k.to_string()]);
    }
    let out = spawn(cmd);
    let doc: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|_| panic!("{extra:?}: {}", String::from_utf8_lossy(&out.stderr)));
    assert_eq!(doc["status"], "solved", "{extra:?}");
    let o = &doc["objective"];
    let (value, bound) = (o["value"].as_f64().unwrap(), o["bound"].as_f64().unwrap());
    assert!(
        (value - bound).abs() < 1e-6,
        "{extra:?}: value {value}, bound {bound}"
    );
    value
}

/// Exports `file` with `spec` in `format`, solves it with glpsol (and cbc for LP); returns the
/// objective of each solver's grid, computed from the grid.
fn external_values(p: &Puzzle9, spec: &str) -> Vec<f64> {
    let Puzzle9 {
        file,
        line,
        n,
        box_shape,
        givens,
    } = *p;
    let dir = tempfile::tempdir().unwrap();
    let objective = Objective::parse(spec, n).unwrap();
    let mut values = Vec::new();
    for (ext, flag) in [("lp", "--lp"), ("mps", "--freemps")] {
        let model = dir.path().join(format!("m.{ext}"));
        let mut cmd = tool();
        cmd.args(["export", "--objective", spec])
            .arg(file)
            .arg("-o")
            .arg(&model);
        if let Some(k) = line {
            cmd.args(["--line", &k.to_string()]);
        }
        assert!(spawn(cmd).status.success());
        let mut verdicts =
            vec![glpsol(&[flag, model.to_str().unwrap()], &dir.path().join("g.out")).unwrap()];
        if ext == "lp" {
            verdicts.push(cbc(&model, &dir.path().join("c.sol")).unwrap());
        }
        for verdict in verdicts {
            let Verdict::Solved(columns) = verdict else {
                panic!("{spec} {ext}: infeasible")
            };
            let grid = decode(&columns, n);
            assert!(
                is_solution(givens, &grid, box_shape.0, box_shape.1),
                "{spec} {ext}: {grid:?}"
            );
            let cells: Vec<u8> = grid.iter().map(|&v| v as u8).collect();
            values.push(objective.value(&cells) as f64);
        }
    }
    values
}

/// A puzzle of a test: its file, line, order, box shape and givens.
#[derive(Clone, Copy)]
struct Puzzle9<'a> {
    file: &'a Path,
    line: Option<usize>,
    n: usize,
    box_shape: (usize, usize),
    givens: &'a [u32],
}

fn agree(
    file: &Path,
    line: Option<usize>,
    spec: &str,
    n: usize,
    box_shape: (usize, usize),
    givens: &[u32],
) {
    let p = Puzzle9 {
        file,
        line,
        n,
        box_shape,
        givens,
    };
    let milp = solve_value(file, line, &["--objective", spec]);
    for extra in [
        &["--method", "lp-bb", "--branch", "variable"][..],
        &["--method", "lp-bb", "--cuts", "gomory"],
        &["--method", "lp-bb"],
    ] {
        let mut args = vec!["--objective", spec];
        args.extend_from_slice(extra);
        assert_eq!(
            solve_value(file, line, &args),
            milp,
            "{spec} {extra:?} on {}",
            file.display()
        );
    }
    for v in external_values(&p, spec) {
        assert_eq!(
            v,
            milp,
            "{spec}: an external solver's optimum on {}",
            file.display()
        );
    }
}

/// The empty 4×4 and a 9×9 with only its first row given, as JSON files in `dir`.
fn small_grids(dir: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let empty4 = dir.join("empty4.json");
    std::fs::write(&empty4, r#"{"grid": "................"}"#).unwrap();
    let nearly = dir.join("nearly.json");
    let text = format!(r#"{{"grid": "123456789{}"}}"#, ".".repeat(72));
    std::fs::write(&nearly, text).unwrap();
    (empty4, nearly)
}

#[test]
fn optimum_of_highs_lp_bb_glpsol_and_cbc_agree_on_small_multi_solution_grids() {
    let dir = tempfile::tempdir().unwrap();
    let (empty4, nearly) = small_grids(dir.path());
    let mut givens9 = vec![0u32; 81];
    for (i, g) in givens9.iter_mut().take(9).enumerate() {
        *g = i as u32 + 1;
    }
    for spec in ["max:diagonal", "min:first-row", "max:random:7"] {
        agree(&empty4, None, spec, 4, (2, 2), &[0; 16]);
    }
    // The brute-force fact: the largest main-diagonal sum on the empty 4×4 is 14.
    assert_eq!(
        solve_value(&empty4, None, &["--objective", "max:diagonal"]),
        14.0
    );
    for spec in ["max:diagonal", "min:random:5"] {
        agree(&nearly, None, spec, 9, (3, 3), &givens9);
    }
}

#[test]
fn optimum_agrees_on_serg_multi_solution_lines() {
    let Some(file) = shared_data("serg_benchmark_multisol.txt") else {
        return;
    };
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    for k in [1usize, 2500, 5000, 9999] {
        let givens: Vec<u32> = lines[k - 1]
            .chars()
            .map(|c| c.to_digit(10).unwrap_or(0))
            .collect();
        agree(&file, Some(k), "max:diagonal", 9, (3, 3), &givens);
        agree(&file, Some(k), "min:random:3", 9, (3, 3), &givens);
    }
}

#[test]
fn the_natural_model_carries_a_cell_objective_and_refuses_a_candidate_one() {
    let dir = tempfile::tempdir().unwrap();
    let empty4 = dir.path().join("empty4.json");
    std::fs::write(
        &empty4,
        r#"{"grid": "................", "objective": {"sense": "max", "weights": "diagonal"}}"#,
    )
    .unwrap();
    assert_eq!(solve_value(&empty4, None, &["--model", "natural"]), 14.0);
    let mut cmd = tool();
    cmd.args([
        "export",
        "--model",
        "natural",
        "--format",
        "lp",
        "--objective",
        "random:1",
    ])
    .arg(&empty4);
    let out = spawn(cmd);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("only an objective over cell values"));
}

/// `glpsol -m models/sudoku.mod -d FILE.dat` on the GMPL data of `file` with `spec`: the
/// `OBJECTIVE k` line the model prints.
fn gmpl_objective(file: &Path, spec: &str) -> f64 {
    let dir = tempfile::tempdir().unwrap();
    let dat = dir.path().join("p.dat");
    export_with_objective(file, "gmpl-data", spec, &dat);
    let model = Path::new(env!("CARGO_MANIFEST_DIR")).join("models/sudoku.mod");
    let mut glpsol = std::process::Command::new("glpsol");
    glpsol.arg("-m").arg(&model).arg("-d").arg(&dat);
    last_objective(&String::from_utf8_lossy(&spawn(glpsol).stdout))
}

/// `sudoku-ilp export --format FORMAT --objective SPEC FILE -o OUT`, which must succeed.
fn export_with_objective(file: &Path, format: &str, spec: &str, out: &Path) {
    let mut cmd = tool();
    cmd.args(["export", "--format", format, "--objective", spec])
        .arg(file)
        .arg("-o")
        .arg(out);
    assert!(spawn(cmd).status.success(), "export --format {format}");
}

/// The value of the last `OBJECTIVE k` line a model printed (MiniZinc prints one per improving
/// solution, the optimum last).
fn last_objective(out: &str) -> f64 {
    out.lines()
        .rev()
        .find_map(|l| l.strip_prefix("OBJECTIVE "))
        .unwrap_or_else(|| panic!("no OBJECTIVE line:\n{out}"))
        .trim()
        .parse()
        .unwrap()
}

#[test]
fn the_gmpl_model_reads_the_objective_from_the_data_and_reaches_the_same_optimum() {
    let dir = tempfile::tempdir().unwrap();
    let (empty4, nearly) = small_grids(dir.path());
    for (file, spec) in [
        (&empty4, "max:diagonal"),
        (&empty4, "min:random:3"),
        (&nearly, "min:random:5"),
    ] {
        assert_eq!(
            gmpl_objective(file, spec),
            solve_value(file, None, &["--objective", spec]),
            "{spec}"
        );
    }
}

/// `minizinc MODEL FILE.dzn` on the MiniZinc data of `file` with `spec`: the `OBJECTIVE k` of
/// the last (the optimal) solution MiniZinc prints, after checking that it proved optimality.
fn minizinc_objective(file: &Path, spec: &str) -> f64 {
    let dir = tempfile::tempdir().unwrap();
    let dzn = dir.path().join("p.dzn");
    export_with_objective(file, "dzn", spec, &dzn);
    let text = std::fs::read_to_string(&dzn).unwrap();
    let name = if text.contains("models/variants.mzn") {
        "models/variants.mzn"
    } else {
        "models/sudoku.mzn"
    };
    let model = Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
    let mut minizinc = std::process::Command::new("minizinc");
    minizinc.arg(&model).arg(&dzn);
    let out = String::from_utf8_lossy(&spawn(minizinc).stdout).into_owned();
    assert!(
        out.contains("=========="),
        "{spec}: optimality not proved:\n{out}"
    );
    last_objective(&out)
}

#[test]
fn the_minizinc_models_read_the_objective_from_the_data_and_reach_the_same_optimum() {
    let dir = tempfile::tempdir().unwrap();
    let (empty4, _) = small_grids(dir.path());
    // A 4×4 with a killer cage: the data targets models/variants.mzn.
    let caged = dir.path().join("caged.json");
    let cage = r#"{"type": "killer", "cells": ["r1c1", "r2c2"], "sum": 3}"#;
    std::fs::write(
        &caged,
        format!(r#"{{"grid": "................", "rules": [{cage}]}}"#),
    )
    .unwrap();
    for (file, spec) in [
        (&empty4, "max:diagonal"),
        (&empty4, "min:random:3"),
        (&empty4, "max:first-row"),
        (&caged, "max:diagonal"),
        (&caged, "min:random:4"),
    ] {
        let milp = solve_value(file, None, &["--objective", spec]);
        assert_eq!(minizinc_objective(file, spec), milp, "{spec}");
        if (file, spec) == (&empty4, "max:diagonal") {
            assert_eq!(milp, 14.0);
        }
    }
}
