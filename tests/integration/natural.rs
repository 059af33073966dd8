//! The natural model through the command line: it solves (or reports the time limit cleanly
//! on) every small data/ grid and the first 20 of magictour_top95, always agreeing with the
//! binary model on unique puzzles; and `compare` fills every column.
//!
//! Each natural solve can take seconds, so the jobs run as two processes at a time.

use crate::common::{
    exe, is_solution, json_grid, line_givens, lines, shared_data, sudoku_crate_solution,
};
use serde_json::Value;
use std::process::Command;
use std::sync::Mutex;

/// Runs `sudoku-ilp ARGS` for every job on two threads; returns (exit code, stdout JSON) in
/// job order.
fn run_all(jobs: Vec<Vec<String>>) -> Vec<(i32, Value)> {
    let queue = Mutex::new(jobs.iter().enumerate().collect::<Vec<_>>());
    let results = Mutex::new(vec![None; jobs.len()]);
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let Some((i, args)) = queue.lock().unwrap().pop() else {
                    break;
                };
                let out = Command::new(exe()).args(args).output().unwrap();
                let doc: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
                    panic!("{args:?}: {e}: {}", String::from_utf8_lossy(&out.stderr))
                });
                results.lock().unwrap()[i] = Some((out.status.code().unwrap(), doc));
            });
        }
    });
    results
        .into_inner()
        .unwrap()
        .into_iter()
        .map(Option::unwrap)
        .collect()
}

/// Status must be solved (exit 0, a valid grid), infeasible (exit 1) or time limit (exit 3,
/// statistics present).
fn assert_clean(what: &str, code: i32, doc: &Value, givens: &[u32], box_shape: (usize, usize)) {
    match (code, doc["status"].as_str().unwrap()) {
        (0, "solved") => assert!(
            is_solution(givens, &json_grid(doc), box_shape.0, box_shape.1),
            "{what}"
        ),
        (1, "infeasible") => {}
        (3, "time_limit") => assert!(doc["stats"]["nodes"].as_i64().unwrap() >= 0, "{what}"),
        other => panic!("{what}: unexpected {other:?}"),
    }
}

#[test]
fn natural_models_solve_small_data_grids_like_the_binary_model() {
    let files: Vec<_> = crate::common::data_puzzles()
        .into_iter()
        .filter(|p| p.n <= 9)
        .collect();
    let mut jobs = Vec::new();
    for puzzle in &files {
        for model in ["binary", "natural", "natural-strong"] {
            jobs.push(vec![
                "solve".into(),
                "--json".into(),
                "--model".into(),
                model.into(),
                puzzle.path.display().to_string(),
            ]);
        }
    }
    let results = run_all(jobs);
    for (k, puzzle) in files.iter().enumerate() {
        let (path, n) = (&puzzle.path, puzzle.n);
        let binary = &results[3 * k];
        assert_eq!(
            binary.0,
            if puzzle.solutions == Some(0) { 1 } else { 0 },
            "{}",
            path.display()
        );
        for (m, model) in ["natural", "natural-strong"].iter().enumerate() {
            let (code, doc) = &results[3 * k + 1 + m];
            let what = format!("{} --model {model}", path.display());
            assert_clean(&what, *code, doc, &puzzle.givens, puzzle.box_shape);
            if puzzle.solutions == Some(1) && *code == 0 {
                assert_eq!(
                    json_grid(doc),
                    json_grid(&binary.1),
                    "{what}: same unique grid as binary"
                );
            }
            if puzzle.solutions == Some(0) {
                assert_eq!(*code, 1, "{what}: no solution");
            }
            assert_eq!(
                doc["model"]["integer"],
                n * n,
                "{what}: one integer per cell"
            );
        }
    }
}

#[test]
fn natural_model_on_the_first_20_of_top95() {
    let Some(path) = shared_data("magictour_top95.txt") else {
        return;
    };
    let puzzles = lines(&path);
    let jobs = (1..=20)
        .map(|k| {
            vec![
                "solve".into(),
                "--json".into(),
                "--model".into(),
                "natural".into(),
                "--line".into(),
                k.to_string(),
                path.display().to_string(),
            ]
        })
        .collect();
    let mut solved = 0;
    for (k, (code, doc)) in run_all(jobs).iter().enumerate() {
        let givens = line_givens(&puzzles[k].1);
        assert_clean(
            &format!("top95 line {}", k + 1),
            *code,
            doc,
            &givens,
            (3, 3),
        );
        if *code == 0 {
            let theirs = sudoku_crate_solution(&givens);
            assert_eq!(json_grid(doc), theirs, "top95 line {}", k + 1);
            solved += 1;
        }
    }
    assert!(
        solved >= 10,
        "most of them solve within the default limit ({solved}/20)"
    );
}

#[test]
fn compare_fills_every_column_on_the_first_10_of_top95() {
    let Some(path) = shared_data("magictour_top95.txt") else {
        return;
    };
    let jobs = (1..=10)
        .map(|k| {
            vec![
                "compare".into(),
                "--json".into(),
                "--time-limit".into(),
                "2".into(),
                "--line".into(),
                k.to_string(),
                path.display().to_string(),
            ]
        })
        .collect();
    for (k, (code, doc)) in run_all(jobs).iter().enumerate() {
        assert_eq!(*code, 0);
        let columns = doc["columns"].as_array().unwrap();
        assert_eq!(
            columns.len(),
            15,
            "every variant (both forms of cages, steps and pairs) and method"
        );
        for c in columns {
            let what = format!("line {} {}", k + 1, c["variant"]);
            if ["propagate", "backtrack", "sat"].contains(&c["variant"].as_str().unwrap()) {
                assert!(
                    c["size"].is_null() && c["root"].is_null(),
                    "{what}: no model"
                );
                assert_eq!(c["status"], "solved", "{what}");
                assert_eq!(c["agrees"], true, "{what}: the grids agree");
                // A CDCL solver has no search tree: its nodes are unknown (-1).
                let nodes = c["stats"]["nodes"].as_i64().unwrap();
                assert!(
                    nodes >= 0 || (c["variant"] == "sat" && nodes == -1),
                    "{what}"
                );
                let fixed = &c["fixed_by_reasoning"];
                assert_eq!(fixed.is_u64(), c["variant"] == "propagate", "{what}");
                continue;
            }
            for key in ["variables", "binary", "integer", "constraints", "nonzeros"] {
                assert!(c["size"][key].as_u64().is_some(), "{what}: size.{key}");
            }
            for key in ["columns", "rows", "nonzeros"] {
                assert!(
                    c["presolved"][key].as_u64().is_some(),
                    "{what}: presolved.{key}"
                );
            }
            assert!(c["root"]["objective"].as_f64().is_some(), "{what}");
            assert!(c["root"]["fractional"].as_u64().is_some(), "{what}");
            assert!(c["root"]["gives_grid"].as_bool().is_some(), "{what}");
            for key in ["nodes", "lp_iterations"] {
                assert!(c["stats"][key].as_i64().unwrap() >= 0, "{what}: {key}");
            }
            assert!(c["build_ms"].as_f64().unwrap() > 0.0, "{what}");
            assert!(c["stats"]["solve_ms"].as_f64().unwrap() > 0.0, "{what}");
            let status = c["status"].as_str().unwrap();
            assert!(
                ["solved", "time_limit"].contains(&status),
                "{what}: {status}"
            );
            if status == "solved" {
                assert_eq!(c["agrees"], true, "{what}: the grids agree");
            }
        }
        assert_eq!(
            columns[0]["status"], "solved",
            "binary solves every top95 grid"
        );
    }
}
