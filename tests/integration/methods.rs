//! The non-MILP methods (backtracking, propagation) on the shared collections, checked by the
//! library's checker and by the independent checker in tests/integration/common. No HiGHS here,
//! so the tests may run in parallel.

use crate::common::{
    cli, edge_cases, grid_u32, is_solution, json_grid, line_givens, lines, run_ok, seed,
    shared_data, tdoku_puzzles,
};
use sudoku_ilp::check::check;
use sudoku_ilp::engine::{backtrack, propagate};
use sudoku_ilp::input::parse_line;
use sudoku_ilp::solve::Status;

#[test]
fn backtrack_solves_every_grid_of_top95() {
    let Some(path) = shared_data("magictour_top95.txt") else {
        return;
    };
    let all = lines(&path);
    assert_eq!(all.len(), 95);
    for (number, line) in all {
        let puzzle = parse_line(&line, None).unwrap();
        let found = backtrack::solve(&puzzle, None);
        assert_eq!(found.status, Status::Solved, "line {number}");
        let grid = found.grid.unwrap();
        check(&puzzle, &grid).unwrap();
        assert!(
            is_solution(&line_givens(&line), &grid_u32(&grid), 3, 3),
            "line {number}"
        );
        assert!(found.nodes >= 1);
    }
}

#[test]
fn propagate_solves_every_grid_of_top95() {
    let Some(path) = shared_data("magictour_top95.txt") else {
        return;
    };
    let mut by_stage = [0usize; 3];
    for (number, line) in lines(&path) {
        let puzzle = parse_line(&line, None).unwrap();
        let r = propagate::solve(&puzzle, propagate::Options::default(), None);
        assert_eq!(r.status, Status::Solved, "line {number}");
        let grid = r.grid.unwrap();
        check(&puzzle, &grid).unwrap();
        assert!(
            is_solution(&line_givens(&line), &grid_u32(&grid), 3, 3),
            "line {number}"
        );
        assert!(r.fixed_by_unit <= r.fixed_by_reasoning && r.fixed_by_reasoning <= r.empty_cells);
        match r.stage {
            propagate::Stage::UnitPropagation => {
                assert_eq!(r.fixed_by_unit, r.empty_cells);
                by_stage[0] += 1;
            }
            propagate::Stage::FailedLiteral => {
                assert_eq!(r.fixed_by_reasoning, r.empty_cells);
                by_stage[1] += 1;
            }
            propagate::Stage::Search => {
                assert!(r.fixed_by_reasoning < r.empty_cells && r.nodes >= 1);
                by_stage[2] += 1;
            }
        }
    }
    assert_eq!(by_stage.iter().sum::<usize>(), 95);
    // top95 is hard for propagation of singles: it cannot solve them all.
    assert!(by_stage[0] < 95, "{by_stage:?}");
}

#[test]
fn backtrack_counts_match_the_stored_counts() {
    let Some(cases) = tdoku_puzzles() else {
        return;
    };
    for (number, _, want, puzzle) in cases {
        let c = backtrack::count(&puzzle, 10_000, None);
        assert!(c.exact, "line {number}");
        assert_eq!(c.solutions, want, "line {number}");
        if want == 0 {
            let r = propagate::solve(&puzzle, propagate::Options::default(), None);
            assert_eq!(r.status, Status::Infeasible, "line {number}");
        }
    }
}

#[test]
fn edge_case_counts_match_up_to_a_limit() {
    let Some(cases) = edge_cases() else {
        return;
    };
    for (number, _, want, puzzle) in &cases {
        let c = backtrack::count(puzzle, 200, None);
        match want.parse::<u64>() {
            Ok(k) if k < 200 => assert_eq!((c.solutions, c.exact), (k, true), "line {number}"),
            _ => assert_eq!((c.solutions, c.exact), (200, false), "line {number}"),
        }
    }
}

#[test]
fn cli_methods_print_checked_grids_and_their_counters() {
    let Some(path) = shared_data("magictour_top95.txt") else {
        return;
    };
    let givens = line_givens(&lines(&path)[1].1);
    for method in ["backtrack", "propagate"] {
        let out = cli()
            .args(["solve", "--json", "--line", "2", "--method", method])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{method}");
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(doc["status"], "solved");
        assert_eq!(doc["model"]["method"], method);
        assert!(doc["stats"]["nodes"].is_u64());
        assert!(is_solution(&givens, &json_grid(&doc), 3, 3), "{method}");
        let text = cli()
            .args(["solve", "--line", "2", "--method", method])
            .arg(&path)
            .output()
            .unwrap();
        let text = String::from_utf8(text.stdout).unwrap();
        assert!(text.contains("status   solved"), "{text}");
        assert!(text.contains(&format!("method   {method}")), "{text}");
    }
    let out = cli()
        .args(["solve", "--json", "--line", "2", "--method", "propagate"])
        .arg(&path)
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for key in [
        "fixed_by_unit_propagation",
        "fixed_by_reasoning",
        "failed_literals",
    ] {
        assert!(doc["stats"][key].is_u64(), "{key}");
    }
    assert!(doc["stats"]["search_needed"].is_boolean());
}

#[test]
fn cli_methods_report_no_solution_and_refuse_model_switches() {
    // r1c1 has no value left: exit code 1 for both methods.
    let mut cells = vec!['.'; 16];
    cells[1] = '3';
    cells[2] = '4';
    cells[5] = '2';
    cells[8] = '1';
    let grid: String = cells.into_iter().collect();
    for method in ["backtrack", "propagate"] {
        cli()
            .args(["solve", "--method", method, "-"])
            .write_stdin(grid.clone())
            .assert()
            .code(1);
        cli()
            .args(["solve", "--method", method, "--reduce", "-"])
            .write_stdin(grid.clone())
            .assert()
            .code(2);
    }
}

/// Unit propagation written directly on the exported clauses: the number of cells with a true
/// literal at the fixpoint, or `None` when the empty clause is derived.
fn clause_unit_propagation(clauses: &[Vec<i64>], n: usize) -> Option<usize> {
    let mut value = vec![0i8; n * n * n + 1]; // 1 true, -1 false, 0 open
    loop {
        let mut changed = false;
        for clause in clauses {
            let mut open = None;
            let mut open_count = 0;
            let mut satisfied = false;
            for &lit in clause {
                let v = value[lit.unsigned_abs() as usize] * lit.signum() as i8;
                match v {
                    1 => satisfied = true,
                    0 => {
                        open = Some(lit);
                        open_count += 1;
                    }
                    _ => {}
                }
            }
            if satisfied {
                continue;
            }
            match (open_count, open) {
                (0, _) => return None,
                (1, Some(lit)) => {
                    value[lit.unsigned_abs() as usize] = lit.signum() as i8;
                    changed = true;
                }
                _ => {}
            }
        }
        if !changed {
            return Some(value.iter().filter(|&&v| v == 1).count());
        }
    }
}

#[test]
fn mask_propagation_is_unit_propagation_on_the_exported_clauses() {
    let Some(path) = shared_data("magictour_top1465.txt") else {
        return;
    };
    let options = propagate::Options {
        failed_literal: false,
        search: false,
        ..propagate::Options::default()
    };
    for (number, line) in lines(&path).into_iter().step_by(37) {
        let puzzle = parse_line(&line, None).unwrap();
        let clauses = sudoku_ilp::export::cnf::clauses(&puzzle);
        let fixed = clause_unit_propagation(&clauses, 9).expect("no conflict");
        let r = propagate::solve(&puzzle, options, None);
        assert_eq!(
            fixed,
            puzzle.given_count() + r.fixed_by_unit,
            "line {number}"
        );
    }
}

#[test]
fn cli_info_and_the_cnf_and_graph_exports() {
    let out = cli().args(["info", "--size", "9"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    for want in [
        "729 variables, 324 equations, rank 249",
        "11,988 clauses",
        "81 vertices, degree 20, 810 edges, 27 cliques",
    ] {
        assert!(text.contains(want), "{want} in {text}");
    }
    let out = cli()
        .args(["info", "--size", "6", "--box", "2x3", "--json"])
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["graph_degree"], 2 * 5 + 2);
    assert_eq!(doc["binary_equations"], 4 * 36);
    cli().args(["info", "--size", "6"]).assert().code(2);
    cli().args(["info", "--size", "0"]).assert().code(2);

    let empty = ".".repeat(81);
    let cnf = cli()
        .args(["export", "--format", "cnf", "-"])
        .write_stdin(empty.clone())
        .output()
        .unwrap();
    let cnf = String::from_utf8(cnf.stdout).unwrap();
    assert!(cnf.lines().any(|l| l == "p cnf 729 11988"), "{cnf:.300}");
    let col = cli()
        .args(["export", "--format", "col", "-"])
        .write_stdin(empty)
        .output()
        .unwrap();
    let col = String::from_utf8(col.stdout).unwrap();
    assert!(col.lines().any(|l| l == "p edge 81 810"));
    assert_eq!(col.lines().filter(|l| l.starts_with("e ")).count(), 810);
}

/// The grid MiniZinc prints for `models/sudoku.mzn` with the exported `.dzn`, or `None` (with a
/// visible message) when `minizinc` is not installed.
fn minizinc_grid(dzn: &str) -> Option<Vec<u32>> {
    if std::process::Command::new("minizinc")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("SKIPPED: minizinc is not installed (apt-get install minizinc)");
        return None;
    }
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("p.dzn");
    std::fs::write(&data, dzn).unwrap();
    let model = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("models/sudoku.mzn");
    let out = run_ok(std::process::Command::new("minizinc").arg(model).arg(&data));
    let text = String::from_utf8(out.stdout).unwrap();
    Some(
        text.lines()
            .take_while(|l| !l.starts_with("---"))
            .flat_map(|l| l.split_whitespace().map(|t| t.parse::<u32>().unwrap()))
            .collect(),
    )
}

#[test]
fn minizinc_solves_the_exported_data() {
    let mut cases = vec![(seed("seed003_minizinc_9x9.json"), None)];
    if let Some(path) = shared_data("jigsaw_9x9_janko.txt") {
        cases.push((path, Some("3")));
    }
    for (path, line) in cases {
        let mut export = cli();
        export.args(["export", "--format", "dzn"]);
        let mut solve = cli();
        solve.args(["solve", "--json", "--method", "backtrack"]);
        if let Some(k) = line {
            export.args(["--line", k]);
            solve.args(["--line", k]);
        }
        let dzn = String::from_utf8(export.arg(&path).output().unwrap().stdout).unwrap();
        let Some(grid) = minizinc_grid(&dzn) else {
            return;
        };
        let doc: serde_json::Value =
            serde_json::from_slice(&solve.arg(&path).output().unwrap().stdout).unwrap();
        assert_eq!(grid, json_grid(&doc), "{}", path.display());
    }
}
