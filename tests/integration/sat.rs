//! `--method sat` (seed 001's CNF solved by CaDiCaL) on the shared collections: samples of every
//! 9×9 set with a unique solution, the 16×16, 25×25 and 36×36 files and the jigsaw files, each
//! grid passed by the library's checker and by the independent checker of
//! tests/integration/common; counts and `check` answers against the reference counts of the
//! multi-solution and no-solution sets, against the independent counter, and against
//! `--method backtrack`. No HiGHS here.

use crate::common::counter::solutions as independent_solutions;
use crate::common::{
    cli, edge_cases, grid_u32, is_solution, json_grid, line_givens, lines, shared_data,
    tdoku_puzzles, with_solutions,
};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;
use sudoku_ilp::check::check;
use sudoku_ilp::engine::sat::Sat;
use sudoku_ilp::engine::{backtrack, Count, CountEnd, Engine, Limits, Status};
use sudoku_ilp::input::{parse_jigsaw_line, parse_line};
use sudoku_ilp::puzzle::Puzzle;

/// Solves `puzzle` with the SAT engine and returns the grid, checked by both checkers.
fn solve_checked(puzzle: &Puzzle, line: &str, box_side: usize, what: &str) -> Vec<u32> {
    let s = Sat.solve(puzzle, &Limits::default()).unwrap();
    assert_eq!(s.status, Status::Solved, "{what}");
    let grid = s.grid.expect("a solved grid");
    check(puzzle, &grid).unwrap();
    let grid = grid_u32(&grid);
    assert!(
        is_solution(&line_givens(line), &grid, box_side, box_side),
        "{what}"
    );
    grid
}

/// Solves every `step`-th line of a line file of order `box_side²`; returns how many.
fn solve_sample(file: &str, step: usize, box_side: usize) -> usize {
    let Some(path) = shared_data(file) else {
        return 0;
    };
    let mut solved = 0;
    for (number, line) in lines(&path).into_iter().step_by(step) {
        let puzzle = parse_line(&line, None).unwrap();
        solve_checked(&puzzle, &line, box_side, &format!("{file}:{number}"));
        solved += 1;
    }
    solved
}

#[test]
fn samples_of_every_unique_9x9_set() {
    let sets = [
        ("sudoku17_tdoku.txt", 500),
        ("forum_hardest_1905_11plus.txt", 500),
        ("forum_hardest_1106.txt", 25),
        ("magictour_top1465.txt", 50),
        ("magictour_top95.txt", 10),
        ("magictour_topn87.txt", 10),
        ("magictour_topn234.txt", 25),
        ("magictour_top100.txt", 10),
        ("norvig_hardest.txt", 1),
        ("plb_hard20.txt", 1),
        ("sudoku_exchange_diabolical.txt", 500),
        ("tdoku_unbiased_first1000.txt", 50),
    ];
    for (file, step) in sets {
        let Some(path) = shared_data(file) else {
            return;
        };
        assert_eq!(
            solve_sample(file, step, 3),
            lines(&path).len().div_ceil(step),
            "{file}"
        );
    }
}

#[test]
fn grid16_janko_all_match_published_solutions() {
    let Some(cases) = with_solutions("grid16_janko.txt") else {
        return;
    };
    for (number, line, solution) in cases {
        let puzzle = parse_line(&line, None).unwrap();
        let grid = solve_checked(&puzzle, &line, 4, &format!("grid16_janko:{number}"));
        assert_eq!(grid, line_givens(&solution), "grid16_janko:{number}");
    }
}

#[test]
fn grid25_misc_all() {
    let Some(path) = shared_data("grid25_misc.txt") else {
        return;
    };
    assert_eq!(solve_sample("grid25_misc.txt", 1, 5), lines(&path).len());
}

#[test]
fn grid36_misc_all() {
    let Some(path) = shared_data("grid36_misc.txt") else {
        return;
    };
    assert_eq!(solve_sample("grid36_misc.txt", 1, 6), lines(&path).len());
}

#[test]
fn jigsaw_samples_match_stored_solutions() {
    for (file, step) in [("jigsaw_9x9_janko.txt", 7), ("jigsaw_small_janko.txt", 13)] {
        let Some(path) = shared_data(file) else {
            return;
        };
        for (number, line) in lines(&path).into_iter().step_by(step) {
            let (puzzle, stored) = parse_jigsaw_line(&line).unwrap();
            let s = Sat.solve(&puzzle, &Limits::default()).unwrap();
            assert_eq!(s.status, Status::Solved, "{file}:{number}");
            let grid = s.grid.unwrap();
            check(&puzzle, &grid).unwrap();
            // Lines with several solutions may give another valid grid than the stored one.
            let unique = Sat.count(&puzzle, 1, &Limits::default()).unwrap();
            if unique.beyond.is_none() {
                assert_eq!(grid, stored, "{file}:{number}");
            }
        }
    }
}

/// A count by the SAT engine up to `max`, every solution checked and distinct; returns the
/// solutions found (the `max + 1`-th included) and the count.
fn sat_count(
    puzzle: &Puzzle,
    givens: &[u32],
    max: usize,
    what: &str,
) -> (BTreeSet<Vec<u32>>, Count) {
    let c = Sat.count(puzzle, max, &Limits::default()).unwrap();
    assert_ne!(c.end, CountEnd::TimeLimit, "{what}");
    let side = (puzzle.order() as f64).sqrt() as usize;
    let mut found = BTreeSet::new();
    for grid in c.solutions.iter().chain(&c.beyond) {
        check(puzzle, grid).unwrap();
        assert!(is_solution(givens, &grid_u32(grid), side, side), "{what}");
        assert!(found.insert(grid_u32(grid)), "{what}: a solution twice");
    }
    (found, c)
}

#[test]
fn tdoku_test_counts_match_the_reference_and_the_independent_counter() {
    let Some(cases) = tdoku_puzzles() else {
        return;
    };
    for (number, line, want, puzzle) in cases {
        let givens = line_givens(&line);
        let (found, c) = sat_count(&puzzle, &givens, 1000, &format!("line {number}"));
        assert_eq!(
            (found.len() as u64, c.end),
            (want, CountEnd::Complete),
            "line {number}"
        );
        let theirs: BTreeSet<Vec<u32>> = independent_solutions(&givens, 3, 3, 1001)
            .into_iter()
            .collect();
        assert_eq!(found, theirs, "line {number}");
    }
}

#[test]
fn edge_case_counts_match_up_to_a_limit() {
    let Some(cases) = edge_cases() else {
        return;
    };
    for (number, line, want, puzzle) in &cases {
        let (found, c) = sat_count(puzzle, &line_givens(line), 200, &format!("line {number}"));
        match want.parse::<usize>() {
            Ok(k) if k <= 200 => {
                assert_eq!(
                    (found.len(), c.end),
                    (k, CountEnd::Complete),
                    "line {number}"
                )
            }
            _ => assert_eq!(
                (found.len(), c.end),
                (201, CountEnd::LimitReached),
                "line {number}"
            ),
        }
    }
}

/// The reference answer of a meta file's count column: "1", "0", "2+" or an exact count.
fn reference_several(count: &str) -> Option<bool> {
    match count {
        "0" => None,
        "1" => Some(false),
        _ => Some(true),
    }
}

#[test]
fn check_answers_match_the_larger_grids_reference_counts() {
    for file in ["grid16_misc.txt", "grid25_misc.txt", "grid4_misc.txt"] {
        let meta_name = file.replace(".txt", ".meta.tsv");
        let (Some(path), Some(meta)) = (shared_data(file), shared_data(&meta_name)) else {
            return;
        };
        let meta = std::fs::read_to_string(meta).unwrap();
        let counts: Vec<String> = meta
            .lines()
            .skip(1)
            .map(|l| l.split('\t').nth(3).unwrap().to_string())
            .collect();
        for ((number, line), want) in lines(&path).iter().zip(&counts) {
            let what = format!("{file}:{number}");
            let givens = line_givens(line);
            let Ok(puzzle) = parse_line(line, None) else {
                assert_eq!(want, "0", "{what}");
                continue;
            };
            let (found, c) = sat_count(&puzzle, &givens, 1, &what);
            assert_eq!(c.end == CountEnd::LimitReached, found.len() == 2, "{what}");
            match reference_several(want) {
                None => assert!(found.is_empty(), "{what}"),
                Some(several) => assert_eq!(found.len(), 1 + usize::from(several), "{what}"),
            }
        }
    }
}

#[test]
fn serg_multisolution_sample_has_several_and_agrees_with_backtracking() {
    let Some(path) = shared_data("serg_benchmark_multisol.txt") else {
        return;
    };
    for (number, line) in lines(&path).into_iter().step_by(100) {
        let what = format!("serg:{number}");
        let puzzle = parse_line(&line, None).unwrap();
        let (found, c) = sat_count(&puzzle, &line_givens(&line), 1, &what);
        assert_eq!((found.len(), c.end), (2, CountEnd::LimitReached), "{what}");
        if number % 500 == 1 {
            // Every solution, by both engines (up to 300).
            let (all, c) = sat_count(&puzzle, &line_givens(&line), 299, &what);
            let bt = backtrack::count_keeping(&puzzle, 300, 300, None);
            let bt: BTreeSet<Vec<u32>> = bt.grids.iter().map(grid_u32).collect();
            if c.end == CountEnd::Complete {
                assert_eq!(all, bt, "{what}");
            } else {
                assert_eq!((all.len(), bt.len()), (300, 300), "{what}");
            }
        }
    }
}

/// `solve --json --method sat` on one line of a file; the exit code and the JSON document.
fn solve_json(path: &Path, line: usize) -> (i32, Value) {
    let out = cli()
        .args([
            "solve",
            "--json",
            "--method",
            "sat",
            "--line",
            &line.to_string(),
        ])
        .arg(path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    (
        out.status.code().unwrap(),
        serde_json::from_slice(&out.stdout).unwrap_or(Value::Null),
    )
}

#[test]
fn cli_solves_with_method_sat_and_reports_its_counters() {
    for (file, line, side) in [
        ("forum_hardest_1905_11plus.txt", 1, 3),
        ("grid25_misc.txt", 2, 5),
        ("grid36_misc.txt", 7, 6),
    ] {
        let Some(path) = shared_data(file) else {
            return;
        };
        let givens = line_givens(&lines(&path)[line - 1].1);
        let (code, doc) = solve_json(&path, line);
        assert_eq!(
            (code, &doc["status"]),
            (0, &Value::from("solved")),
            "{file}"
        );
        assert_eq!(doc["model"]["method"], "sat");
        assert!(doc["model"]["variables"].as_u64().unwrap() > 0);
        assert!(doc["model"]["clauses"].as_u64().unwrap() > 0);
        for key in ["solve_ms", "encode_ms", "cadical_ms"] {
            assert!(doc["stats"][key].is_number(), "{key}");
        }
        for key in ["solves", "conflicts", "decisions", "propagations"] {
            assert!(doc["stats"][key].is_u64(), "{key}");
        }
        assert!(is_solution(&givens, &json_grid(&doc), side, side), "{file}");
    }
    let Some(path) = shared_data("magictour_top95.txt") else {
        return;
    };
    let out = cli()
        .args(["solve", "--method", "sat", "--line", "3"])
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    for want in ["status   solved", "method   sat", "variables", "conflicts"] {
        assert!(text.contains(want), "{want} in {text}");
    }
}

#[test]
fn cli_check_and_count_with_method_sat() {
    let Some(path) = shared_data("edge_cases_9x9.txt") else {
        return;
    };
    // The first lines with 4, 1 and 0 solutions (and an empty cell) by the meta file.
    let meta = std::fs::read_to_string(shared_data("edge_cases_9x9.meta.tsv").unwrap()).unwrap();
    let puzzles = lines(&path);
    let line_with = |count: &str| {
        meta.lines()
            .skip(1)
            .map(|l| l.split('\t').collect::<Vec<_>>())
            // A repeated given is bad input now (exit 2), not a grid with no solution.
            .find(|f| {
                f[1] == count
                    && !f[2].contains("duplicate")
                    && puzzles[f[0].parse::<usize>().unwrap() - 1].1.contains('.')
            })
            .map(|f| f[0].to_string())
            .unwrap()
    };
    for (line, answer, code) in [
        (line_with("4"), "several", 0),
        (line_with("1"), "unique", 0),
        (line_with("0"), "none", 1),
    ] {
        let out = cli()
            .args(["check", "--json", "--method", "sat", "--line", &line])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(code), "line {line}");
        let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(doc["answer"], answer, "line {line}");
        assert_eq!(doc["model"], "sat");
    }
    let out = cli()
        .args([
            "count",
            "--json",
            "--method",
            "sat",
            "--line",
            &line_with("4"),
        ])
        .arg(&path)
        .output()
        .unwrap();
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (doc["count"].as_u64(), doc["status"].as_str()),
        (Some(4), Some("complete"))
    );
    assert_eq!(doc["solves"], 5);
    let text = cli()
        .args(["check", "--method", "sat", "--line", &line_with("1")])
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.starts_with("unique\n") && text.contains("in 2 solves"),
        "{text}"
    );
}

#[test]
fn cli_batch_with_method_sat_checks_every_grid() {
    let Some(path) = shared_data("grid36_misc.txt") else {
        return;
    };
    let out = cli()
        .args([
            "batch", "--quiet", "--method", "sat", "--jobs", "2", "--every", "2",
        ])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let all = lines(&path);
    let docs: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(docs.len(), all.len().div_ceil(2));
    for doc in docs {
        let number = doc["line"].as_u64().unwrap() as usize;
        assert_eq!(doc["status"], "solved");
        assert_eq!(doc["model"]["method"], "sat");
        let givens = line_givens(&all[number - 1].1);
        assert!(
            is_solution(&givens, &json_grid(&doc), 6, 6),
            "line {number}"
        );
    }
}

#[test]
fn cli_time_limit_with_method_sat_exits_3() {
    // An empty 16×16 grid has far more solutions than 0.2 s of blocking clauses can enumerate.
    let grid: String = vec!["0"; 256].join(" ");
    let out = cli()
        .args(["count", "--json", "--method", "sat", "--time-limit", "0.2"])
        .args(["--max", "1000000", "-"])
        .write_stdin(grid)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["status"], "time_limit");
    assert!(doc["count"].is_u64());
}
