//! Every puzzle in `data/` through the command line: status and exit code as its `"solutions"`
//! field says, every grid verified by the test's own checker, unique 9×9 grids compared with the
//! solution of the `sudoku` crate (a solver we did not write), and `--reduce` giving the same grid.

use crate::common::{cli, is_solution, json_grid, sudoku_crate_solution};
use serde_json::Value;
use std::path::Path;

fn solve_json(path: &Path, extra: &[&str]) -> (i32, Value) {
    let out = cli()
        .arg("solve")
        .arg("--json")
        .args(extra)
        .arg(path)
        .output()
        .unwrap();
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{}: not JSON ({e}): {}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out.status.code().unwrap(), doc)
}

#[test]
fn every_data_puzzle_solves_as_expected() {
    let mut orders = std::collections::BTreeSet::new();
    for puzzle in crate::common::data_puzzles() {
        let (path, n, givens) = (&puzzle.path, puzzle.n, &puzzle.givens);
        let (box_rows, box_cols) = puzzle.box_shape;
        orders.insert(n);
        let expected = puzzle.solutions;
        let (code, doc) = solve_json(path, &[]);
        let name = path.display();
        if expected == Some(0) {
            assert_eq!(code, 1, "{name}: exit 1 for no solution");
            assert_eq!(doc["status"], "infeasible", "{name}");
            assert!(doc.get("grid").is_none(), "{name}: no grid when infeasible");
            continue;
        }
        assert_eq!(code, 0, "{name}");
        assert_eq!(doc["status"], "solved", "{name}");
        let grid = json_grid(&doc);
        assert!(
            is_solution(givens, &grid, box_rows, box_cols),
            "{name}: not a solution"
        );
        assert_eq!(doc["model"]["variables"], n * n * n, "{name}: n³ columns");
        if expected == Some(1) {
            let (code, reduced) = solve_json(path, &["--reduce"]);
            assert_eq!(code, 0, "{name} --reduce");
            assert_eq!(
                json_grid(&reduced),
                grid,
                "{name}: --reduce finds the same unique grid"
            );
            assert!(reduced["model"]["variables"].as_u64() < doc["model"]["variables"].as_u64());
            if n == 9 {
                let theirs = sudoku_crate_solution(givens);
                assert_eq!(grid, theirs, "{name}: the sudoku crate finds the same grid");
            }
        }
    }
    for n in [4, 6, 8, 9, 12, 16, 25] {
        assert!(orders.contains(&n), "data/ has a puzzle of order {n}");
    }
}

#[test]
fn text_output_is_a_boxed_grid_with_statistics() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/generated/gen_6x6_2x3.json");
    let out = cli().arg("solve").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "+-------+-------+");
    assert_eq!(
        lines.len(),
        6 + 4 + 4,
        "6 rows, 4 borders, 4 statistics lines"
    );
    assert!(lines[10].starts_with("status   solved"));
    assert!(lines[11].starts_with("model    binary: 216 variables (216 binary), 153 constraints"));
    assert!(lines[12].starts_with("time     build "));
    assert!(lines[13].starts_with("search   "));
}

#[test]
fn help_has_an_example_for_every_subcommand() {
    for sub in ["solve", "generate"] {
        let out = cli().args([sub, "--help"]).output().unwrap();
        assert!(out.status.success());
        let help = String::from_utf8(out.stdout).unwrap();
        assert!(help.contains("Example:"), "{sub} --help shows an example");
        assert!(
            help.contains(&format!("sudoku-ilp {sub} ")),
            "{sub} --help shows its own command"
        );
    }
}
