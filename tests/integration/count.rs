//! `count`, `check` and `explain` against reference counts and an independent counter.
//!
//! - Every line of tdoku's test puzzles and of the 9×9 edge cases is counted with
//!   `count --max 1000 --list`: the count (or `limit_reached`) equals the reference, and the
//!   solutions listed are valid, distinct, and (up to the limit) the same set as the independent
//!   backtracking counter of `tests/integration/common/counter.rs` finds.
//! - The seed 004 grids with two and four solutions are counted and listed with both models.
//! - For every grid with no solution, `explain` returns givens of the grid that have no
//!   completion (re-solved with `solve`, and by the independent counter) and are minimal
//!   (removing any one of them gives a grid that `solve` solves).
//! - The library's count in-process: serialised by one lock, as HiGHS instances must not live in
//!   several threads at once (docs/highs.md).
//!
//! The command-line cases run in a few worker threads, each starting its own processes.

use crate::common::counter::{count_solutions, solutions};
use crate::common::{
    cli, highs_lock, is_solution, line_givens, lines, run, run_json, seed_arg, seed_givens,
    shared_data, tdoku_counts,
};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use sudoku_ilp::explain::explain;
use sudoku_ilp::formulation::binary::Binary;
use sudoku_ilp::input::{parse_puzzle_lenient, ParseOptions};
use sudoku_ilp::limits::Limits;
use sudoku_ilp::puzzle::{Layout, Puzzle};
use sudoku_ilp::report::explain::explained_json;
use sudoku_ilp::solve::count::{count, CountEnd};
use sudoku_ilp::solve::SolveOptions;

/// Runs `job` on every item with a few worker threads (each job starts its own processes).
fn parallel<T: Sync>(items: &[T], job: impl Fn(&T) + Sync) {
    let next = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                job(item);
            });
        }
    });
}

/// The grids of a `--list` output, flattened.
fn listed(doc: &Value) -> Vec<Vec<u32>> {
    doc["solutions"]
        .as_array()
        .expect("solutions")
        .iter()
        .map(|grid| {
            grid.as_array()
                .unwrap()
                .iter()
                .flat_map(|row| row.as_array().unwrap().iter())
                .map(|v| v.as_u64().unwrap() as u32)
                .collect()
        })
        .collect()
}

/// Counts line `number` of `path` with the CLI and checks it against `reference` (None: more
/// than 1000) and the independent counter.
/// Whether a 9×9 grid (81 values, 0 empty) gives one value twice in a row, column or box: an
/// independent check, sharing no code with the library.
fn repeats_a_given(givens: &[u32]) -> bool {
    let house_of = |i: usize, kind: usize| match kind {
        0 => i / 9,
        1 => 9 + i % 9,
        _ => 18 + (i / 27) * 3 + (i % 9) / 3,
    };
    let mut seen = BTreeSet::new();
    (0..81)
        .filter(|&i| givens[i] != 0)
        .any(|i| (0..3).any(|kind| !seen.insert((house_of(i, kind), givens[i]))))
}

/// A grid that repeats a given is bad input for `command`, as for `solve`: exit 2, nothing on
/// standard output, the same one line on standard error.
fn refused_like_solve(command: &str, file: &str, number: usize) {
    let k = number.to_string();
    let (code, out, said) = run(&[command, "--json", "--line", &k, file], None);
    let (solve_code, _, solve_said) = run(&["solve", "--line", &k, file], None);
    assert_eq!((code, solve_code), (2, 2), "{file} line {number}: {said}");
    assert!(out.is_empty(), "{out}");
    assert_eq!(said.lines().count(), 1, "{said}");
    assert_eq!(said, solve_said);
}

fn check_count(path: &Path, number: usize, line: &str, reference: Option<u64>) {
    let file = path.to_str().unwrap();
    let k = number.to_string();
    if repeats_a_given(&line_givens(line)) {
        assert_eq!(reference, Some(0), "{file} line {number}: a repeated given");
        return refused_like_solve("count", file, number);
    }
    let (code, doc, stderr) = run_json(
        &[
            "count", "--json", "--list", "--max", "1000", "--line", &k, file,
        ],
        None,
    );
    let place = format!("{file} line {number}");
    let givens = line_givens(line);
    let independent = count_solutions(&givens, 3, 3, 1001);
    let got = doc["count"]
        .as_u64()
        .unwrap_or_else(|| panic!("{place}: {stderr}"));
    match reference {
        Some(r) => {
            assert_eq!(got, r, "{place}: count");
            assert_eq!(doc["limit_reached"], false, "{place}");
            assert_eq!(independent, r, "{place}: independent counter");
        }
        None => {
            assert_eq!(got, 1000, "{place}: count stops at --max");
            assert_eq!(doc["limit_reached"], true, "{place}");
            assert_eq!(independent, 1001, "{place}: independent counter");
        }
    }
    assert_eq!(code, if got == 0 { 1 } else { 0 }, "{place}: exit code");
    let grids = listed(&doc);
    assert_eq!(
        grids.len() as u64,
        got,
        "{place}: one listed grid per solution"
    );
    for g in &grids {
        assert!(is_solution(&givens, g, 3, 3), "{place}: invalid solution");
    }
    let distinct: BTreeSet<&Vec<u32>> = grids.iter().collect();
    assert_eq!(distinct.len(), grids.len(), "{place}: repeated solution");
    if reference.is_some() {
        let theirs: BTreeSet<Vec<u32>> = solutions(&givens, 3, 3, 1001).into_iter().collect();
        let ours: BTreeSet<Vec<u32>> = grids.into_iter().collect();
        assert_eq!(
            ours, theirs,
            "{place}: the same solutions as the independent counter"
        );
    }
}

#[test]
fn tdoku_test_puzzles_have_their_reference_counts() {
    let (Some(path), Some(cases)) = (shared_data("tdoku_test_puzzles.txt"), tdoku_counts()) else {
        return;
    };
    parallel(&cases, |(number, line, c)| {
        check_count(&path, *number, line, Some(*c))
    });
}

#[test]
fn edge_cases_have_their_reference_counts() {
    let (Some(path), Some(meta)) = (
        shared_data("edge_cases_9x9.txt"),
        shared_data("edge_cases_9x9.meta.tsv"),
    ) else {
        return;
    };
    let puzzles = lines(&path);
    let meta = std::fs::read_to_string(meta).unwrap();
    let references: Vec<Option<u64>> = meta
        .lines()
        .skip(1)
        .map(|l| {
            let field = l.split('\t').nth(1).unwrap();
            match field.strip_prefix(">=") {
                Some(at_least) => {
                    assert!(at_least.parse::<u64>().unwrap() > 1000);
                    None
                }
                None => field.parse::<u64>().ok().filter(|&c| c <= 1000),
            }
        })
        .collect();
    assert_eq!(puzzles.len(), 41);
    assert_eq!(references.len(), 41);
    let cases: Vec<(usize, String, Option<u64>)> = puzzles
        .into_iter()
        .zip(references)
        .map(|((number, line), r)| (number, line, r))
        .collect();
    parallel(&cases, |(number, line, r)| {
        check_count(&path, *number, line, *r)
    });
}

#[test]
fn seed004_grids_with_two_and_four_solutions_are_counted_and_listed() {
    for (name, k) in [
        ("seed004_two_solutions_9x9.json", 2),
        ("seed004_four_solutions_9x9.json", 4),
    ] {
        let givens = seed_givens(name);
        let theirs: BTreeSet<Vec<u32>> = solutions(&givens, 3, 3, 10).into_iter().collect();
        assert_eq!(theirs.len(), k, "{name}: the independent counter agrees");
        for model in ["binary", "natural", "natural-strong"] {
            let (code, doc, stderr) = run_json(
                &[
                    "count",
                    "--json",
                    "--list",
                    "--model",
                    model,
                    &seed_arg(name),
                ],
                None,
            );
            assert_eq!(code, 0, "{name} {model}: {stderr}");
            assert_eq!(doc["count"], k, "{name} {model}");
            assert_eq!(doc["status"], "complete");
            let ours: BTreeSet<Vec<u32>> = listed(&doc).into_iter().collect();
            assert_eq!(ours, theirs, "{name} {model}: the same solutions");
        }
    }
    // The two solutions of Fig. 1.10 differ in four cells: r5c1, r5c2, r7c1, r7c2 (the annex).
    let (code, doc, _) = run_json(
        &[
            "check",
            "--json",
            &seed_arg("seed004_two_solutions_9x9.json"),
        ],
        None,
    );
    assert_eq!((code, doc["answer"].as_str()), (0, Some("several")));
    assert_eq!(
        doc["differ"],
        serde_json::json!([[5, 1], [5, 2], [7, 1], [7, 2]])
    );
}

#[test]
fn check_answers_unique_several_none() {
    for (name, answer, code) in [
        ("seed004_unique_9x9.json", "unique", 0),
        ("seed004_four_solutions_9x9.json", "several", 0),
        ("seed004_no_solution_9x9.json", "none", 1),
    ] {
        let (got, doc, stderr) = run_json(&["check", "--json", &seed_arg(name)], None);
        assert_eq!(got, code, "{name}: {stderr}");
        assert_eq!(doc["answer"], answer, "{name}");
        let expected = match answer {
            "none" => 0,
            "unique" => 1,
            _ => 2,
        };
        assert_eq!(doc["solutions"].as_array().unwrap().len(), expected);
        assert!(
            doc["solves"].as_u64().unwrap() <= 3,
            "stops at the second solution"
        );
        // Text: the answer is the first line.
        let out = cli().args(["check", &seed_arg(name)]).output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(text.lines().next(), Some(answer));
    }
    // A value given twice in a house: bad input, the same exit code and line as solve's.
    let line = format!("55{}", ".".repeat(79));
    let (code, out, solve_said) = run(&["solve", "-"], Some(&line));
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(solve_said.lines().count(), 1, "{solve_said}");
    for command in ["check", "count", "explain"] {
        let (code, out, said) = run(&[command, "--json", "-"], Some(&line));
        assert_eq!((code, out.as_str()), (2, ""), "{command}");
        assert_eq!(said, solve_said, "{command}");
    }
}

#[test]
fn natural_model_counts_small_grids() {
    // 4×4 with two givens, the empty 4×4 (288 grids), and data/generated/gen_6x6_2x3.json
    // without its first two givens (58 solutions).
    let six = "0 0 0 0 3 0 0 2 0 0 0 4 2 6 0 0 0 5 0 0 0 0 0 0 0 0 0 0 5 2 0 0 0 0 0 0";
    for (line, (r, c), expected) in [
        ("1..............2", (2, 2), 18),
        ("................", (2, 2), 288),
        (six, (2, 3), 58),
    ] {
        let givens = line_givens(line);
        assert_eq!(count_solutions(&givens, r, c, 1000), expected, "{line}");
        let shape = format!("{r}x{c}");
        for model in ["binary", "natural", "natural-strong"] {
            let (code, doc, stderr) = run_json(
                &[
                    "count", "--json", "--list", "--model", model, "--box", &shape, "-",
                ],
                Some(line),
            );
            assert_eq!(code, 0, "{line} {model}: {stderr}");
            assert_eq!(doc["count"].as_u64(), Some(expected), "{line} {model}");
            let grids = listed(&doc);
            let distinct: BTreeSet<&Vec<u32>> = grids.iter().collect();
            assert_eq!(distinct.len() as u64, expected, "{line} {model}");
            assert!(grids.iter().all(|g| is_solution(&givens, g, r, c)));
        }
    }
}

#[test]
fn count_stops_at_the_time_limit_with_a_lower_bound() {
    let Some(path) = shared_data("edge_cases_9x9.txt") else {
        return;
    };
    // Line 37 has 46,817 solutions; a quarter second finds only some of them.
    let (code, doc, _) = run_json(
        &[
            "count",
            "--json",
            "--time-limit",
            "0.25",
            "--line",
            "37",
            path.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(code, 3, "time limit");
    assert_eq!(doc["status"], "time_limit");
    assert!(doc["count"].as_u64().unwrap() < 1000);
    assert_eq!(doc["limit_reached"], false);
}

#[test]
fn count_refuses_bad_arguments_with_exit_2() {
    let (code, _, stderr) = run_json(
        &["count", "--max", "0", &seed_arg("seed004_unique_9x9.json")],
        None,
    );
    assert_eq!(code, 2);
    assert!(stderr.contains("--max"), "{stderr}");
    let (code, _, stderr) = run_json(&["explain", "no/such/file.txt"], None);
    assert_eq!(code, 2);
    assert_eq!(stderr.lines().count(), 1);
}

#[test]
fn library_count_in_process() {
    let _guard = highs_lock();
    let empty = Puzzle::new(4, Layout::Boxes { rows: 2, cols: 2 }, false, vec![0; 16]).unwrap();
    let options = SolveOptions::default();
    for reduce in [false, true] {
        let c = count(
            &empty,
            &Binary {
                reduce,
                ..Binary::default()
            },
            1000,
            &options,
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(c.solutions.len(), 288, "the 288 4×4 Sudoku grids");
        assert_eq!(c.end, CountEnd::Complete);
        assert!(c.beyond.is_none());
        let distinct: BTreeSet<&Vec<u8>> = c.solutions.iter().map(|g| &g.values).collect();
        assert_eq!(distinct.len(), 288);
    }
    let five = count(&empty, &Binary::default(), 5, &options, &Limits::default()).unwrap();
    assert_eq!(
        (five.solutions.len(), five.end),
        (5, CountEnd::LimitReached)
    );
    let sixth = five.beyond.unwrap();
    assert!(five.solutions.iter().all(|g| *g != sixth));

    let full = vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    let full = Puzzle::with_square_boxes(4, full).unwrap();
    let one = count(&full, &Binary::default(), 10, &options, &Limits::default()).unwrap();
    assert_eq!(
        (one.solutions.len(), one.end, one.solves),
        (1, CountEnd::Complete, 1)
    );

    let none = Limits { time_limit: 0.0 };
    let stopped = count(&empty, &Binary::default(), 10, &options, &none).unwrap();
    assert_eq!(
        (stopped.solutions.len(), stopped.end),
        (0, CountEnd::TimeLimit)
    );
}

/// The givens of the `[[row, col, value], ...]` set of an `explain --json`, as a line.
fn set_line(doc: &Value) -> (Vec<(usize, u32)>, String) {
    let set: Vec<(usize, u32)> = doc["givens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            let g: Vec<usize> = g
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap() as usize)
                .collect();
            ((g[0] - 1) * 9 + g[1] - 1, g[2] as u32)
        })
        .collect();
    (set.clone(), to_line(&set, None))
}

fn to_line(set: &[(usize, u32)], without: Option<usize>) -> String {
    let mut cells = vec![0u32; 81];
    for (k, &(i, v)) in set.iter().enumerate() {
        if Some(k) != without {
            cells[i] = v;
        }
    }
    cells
        .iter()
        .map(|&v| {
            if v == 0 {
                '.'
            } else {
                char::from(b'0' + v as u8)
            }
        })
        .collect()
}

/// Explains line `number` and checks the set: givens of the grid, no completion, minimal.
fn check_explanation(path: &Path, number: usize, line: &str, houses: bool) {
    let file = path.to_str().unwrap();
    let k = number.to_string();
    if repeats_a_given(&line_givens(line)) {
        return refused_like_solve("explain", file, number);
    }
    let mut args = vec!["explain", "--json", "--line", &k, file];
    if !houses {
        args.insert(1, "--no-houses");
    }
    let (code, doc, stderr) = run_json(&args, None);
    let place = format!("{file} line {number}");
    assert_eq!(code, 1, "{place}: {stderr}");
    assert_eq!(doc["status"], "infeasible", "{place}");
    assert_eq!(doc["minimal"], true, "{place}");
    let givens = line_givens(line);
    let (set, subset) = set_line(&doc);
    assert!(
        !set.is_empty(),
        "{place}: a 9×9 grid without givens has solutions"
    );
    for &(i, v) in &set {
        assert_eq!(givens[i], v, "{place}: the set holds givens of the grid");
    }
    if houses {
        assert!(!doc["houses"].as_array().unwrap().is_empty(), "{place}");
    }
    // No completion: by re-solving, and by the independent counter.
    let (code, status, _) = run_json(&["solve", "--json", "-"], Some(&subset));
    assert_eq!(
        (code, &status["status"]),
        (1, &Value::from("infeasible")),
        "{place}"
    );
    assert_eq!(
        count_solutions(&line_givens(&subset), 3, 3, 1),
        0,
        "{place}"
    );
    // Minimal: without any one of its givens the grid has a solution.
    for k in 0..set.len() {
        let smaller = to_line(&set, Some(k));
        let (code, doc, stderr) = run_json(&["solve", "--json", "-"], Some(&smaller));
        assert_eq!(code, 0, "{place}: without given {k} it solves: {stderr}");
        assert!(is_solution(
            &line_givens(&smaller),
            &crate::common::json_grid(&doc),
            3,
            3
        ));
        assert_eq!(
            count_solutions(&line_givens(&smaller), 3, 3, 1),
            1,
            "{place}"
        );
    }
}

#[test]
fn explain_returns_minimal_sets_without_completion() {
    let mut cases: Vec<(std::path::PathBuf, usize, String, bool)> = Vec::new();
    if let (Some(path), Some(counts)) = (
        shared_data("tdoku_test_puzzles.txt"),
        shared_data("tdoku_test_puzzles.solcount.txt"),
    ) {
        let counts = std::fs::read_to_string(counts).unwrap();
        for ((number, line), c) in lines(&path).into_iter().zip(counts.lines()) {
            if c.trim() == "0" {
                // The houses filter takes 7–17 s on these grids: the givens are the point here.
                cases.push((path.clone(), number, line, false));
            }
        }
    }
    if let (Some(path), Some(meta)) = (
        shared_data("edge_cases_9x9.txt"),
        shared_data("edge_cases_9x9.meta.tsv"),
    ) {
        let meta = std::fs::read_to_string(meta).unwrap();
        for ((number, line), m) in lines(&path).into_iter().zip(meta.lines().skip(1)) {
            if m.split('\t').nth(1) == Some("0") {
                cases.push((path.clone(), number, line, true));
            }
        }
    }
    if cases.is_empty() {
        return;
    }
    assert_eq!(
        cases.len(),
        19,
        "10 tdoku and 9 edge-case grids have no solution"
    );
    parallel(&cases, |(path, number, line, houses)| {
        check_explanation(path, *number, line, *houses)
    });
}

#[test]
fn explain_seed_grids() {
    let (code, doc, _) = run_json(
        &[
            "explain",
            "--json",
            &seed_arg("seed004_no_solution_9x9.json"),
        ],
        None,
    );
    assert_eq!(code, 1);
    assert_eq!(doc["reason"], "no_completion");
    assert!(doc["houses"].as_array().unwrap().len() >= 2);
    let (code, doc, _) = run_json(
        &["explain", "--json", &seed_arg("seed004_unique_9x9.json")],
        None,
    );
    assert_eq!(code, 0, "a grid with a solution: nothing to explain");
    assert_eq!(doc["status"], "solved");
    let givens = seed_givens("seed004_unique_9x9.json");
    assert!(is_solution(&givens, &crate::common::json_grid(&doc), 3, 3));
    // A direct conflict is bad input on the command line (exit 2, one line); the library, from
    // the lenient parser, still explains it before any solve.
    let line = format!(
        "{}5{}5{}",
        ".".repeat(9),
        ".".repeat(9),
        ".".repeat(81 - 20)
    );
    let (code, out, said) = run(&["explain", "--json", "-"], Some(&line));
    assert_eq!(
        (code, out.as_str(), said.lines().count()),
        (2, "", 1),
        "{said}"
    );
    let (puzzle, conflicts) = parse_puzzle_lenient("-", &line, ParseOptions::default()).unwrap();
    let explained = explain(
        &puzzle,
        &conflicts,
        true,
        &SolveOptions::default(),
        &Limits::default(),
    )
    .unwrap();
    let doc = explained_json(&puzzle, &explained, true);
    assert_eq!(doc["reason"], "direct_conflict");
    assert_eq!(doc["givens"], serde_json::json!([[2, 1, 5], [3, 2, 5]]));
    assert_eq!(doc["houses"], serde_json::json!(["box 1"]));
    assert_eq!(doc["solves"], 0);
}
