//! The natural model through the command line: it solves (or reports the time limit cleanly
//! on) every small data/ grid and the first 20 of magictour_top95, always agreeing with the
//! binary model on unique puzzles; and `compare` fills every column.
//!
//! Each natural solve can take seconds, so the jobs run as two processes at a time.

mod common;

use assert_cmd::cargo::cargo_bin;
use common::{is_solution, json_grid, line_givens, lines, shared_data};
use serde_json::Value;
use std::path::{Path, PathBuf};
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
                let out = Command::new(cargo_bin("sudoku-ilp"))
                    .args(args)
                    .output()
                    .unwrap();
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

fn small_data_files() -> Vec<(PathBuf, Value)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let mut files = Vec::new();
    for dir in ["seeds", "generated"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "json") {
                continue;
            }
            let meta: Value =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            if meta["grid"].as_array().unwrap().len() <= 9 {
                files.push((path, meta));
            }
        }
    }
    files.sort_by(|a, b| a.0.cmp(&b.0));
    files
}

fn flat(meta: &Value) -> Vec<u32> {
    meta["grid"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| {
            r.as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap() as u32)
        })
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
    let files = small_data_files();
    let mut jobs = Vec::new();
    for (path, _) in &files {
        for model in ["binary", "natural", "natural-strong"] {
            jobs.push(vec![
                "solve".into(),
                "--json".into(),
                "--model".into(),
                model.into(),
                path.display().to_string(),
            ]);
        }
    }
    let results = run_all(jobs);
    for (k, (path, meta)) in files.iter().enumerate() {
        let n = meta["grid"].as_array().unwrap().len();
        let box_shape = match meta["box"].as_array() {
            Some(b) => (
                b[0].as_u64().unwrap() as usize,
                b[1].as_u64().unwrap() as usize,
            ),
            None => ((n as f64).sqrt() as usize, (n as f64).sqrt() as usize),
        };
        let binary = &results[3 * k];
        assert_eq!(
            binary.0,
            if meta["solutions"] == 0 { 1 } else { 0 },
            "{}",
            path.display()
        );
        for (m, model) in ["natural", "natural-strong"].iter().enumerate() {
            let (code, doc) = &results[3 * k + 1 + m];
            let what = format!("{} --model {model}", path.display());
            assert_clean(&what, *code, doc, &flat(meta), box_shape);
            if meta["solutions"] == 1 && *code == 0 {
                assert_eq!(
                    json_grid(doc),
                    json_grid(&binary.1),
                    "{what}: same unique grid as binary"
                );
            }
            if meta["solutions"] == 0 {
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
            let line: String = givens
                .iter()
                .map(|&v| char::from_digit(v, 10).unwrap())
                .collect();
            let theirs = sudoku::Sudoku::from_str_line(&line)
                .unwrap()
                .solution()
                .unwrap();
            let theirs: Vec<u32> = theirs.to_bytes().iter().map(|&b| b as u32).collect();
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
        assert_eq!(columns.len(), 9, "every variant");
        for c in columns {
            let what = format!("line {} {}", k + 1, c["variant"]);
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
