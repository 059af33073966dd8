//! The door to HiGHS, through the real binary: the log on standard error, options checked
//! before any puzzle is read, and MIP starts (`--start`) that HiGHS certifies.

use crate::common::{
    grid_u32, is_solution, json_grid, line_givens, lines, run, seed_arg, shared_data,
};
use serde_json::Value;
use std::sync::Arc;
use sudoku_ilp::engine::milp::{Milp, Start};
use sudoku_ilp::engine::{Engine, EngineError, Limits, SearchStats, Solution, Stats, Status};
use sudoku_ilp::formulation::binary::Binary;
use sudoku_ilp::input::parse_line;
use sudoku_ilp::puzzle::Puzzle;
use sudoku_ilp::report::{json::solution_json, text::solution_text};

/// Standard output as exactly one JSON object.
fn one_object(stdout: &str) -> Value {
    let mut stream = serde_json::Deserializer::from_str(stdout).into_iter::<Value>();
    let first = stream.next().expect("one JSON value").expect("valid JSON");
    assert!(first.is_object(), "{stdout}");
    assert!(
        stream.next().is_none(),
        "more than one JSON value: {stdout}"
    );
    first
}

#[test]
fn verbose_json_keeps_the_highs_log_on_stderr() {
    for extra in [&[][..], &["--start", "propagate"][..]] {
        let mut args = vec!["solve", "--json", "--verbose"];
        args.extend_from_slice(extra);
        let file = seed_arg("seed004_unique_9x9.json");
        args.push(&file);
        let (code, stdout, stderr) = run(&args, None);
        assert_eq!(code, 0, "{stderr}");
        let doc = one_object(&stdout);
        assert_eq!(doc["status"], "solved");
        assert!(stderr.contains("HiGHS"), "the log is on stderr: {stderr}");
        assert!(!stdout.contains("HiGHS"), "no log on stdout: {stdout}");
        let all = format!("{stdout}{stderr}").to_lowercase();
        assert!(!all.contains("deprecated"), "{all}");
    }
}

#[test]
fn an_unknown_or_mistyped_highs_option_is_a_usage_error() {
    let file = seed_arg("seed004_unique_9x9.json");
    let cases = [
        ("no_such_option=1", "unknown HiGHS option no_such_option"),
        (
            "mip_rel_gap=abc",
            "HiGHS option mip_rel_gap takes number values",
        ),
        ("threads=two", "HiGHS option threads takes integer values"),
        (
            "presolve=sometimes",
            "HiGHS refused the value \"sometimes\" for option presolve",
        ),
    ];
    for (option, message) in cases {
        for command in ["solve", "batch"] {
            let (code, stdout, stderr) = run(&[command, "--highs", option, &file], None);
            assert_eq!(code, 2, "{command} --highs {option}: {stderr}");
            assert!(stdout.is_empty(), "{stdout}");
            assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
            assert!(stderr.contains(message), "{stderr}");
            assert!(!stderr.contains("panicked"), "{stderr}");
        }
    }
    // Options of every type that HiGHS takes still work.
    let (code, _, stderr) = run(
        &[
            "solve",
            "--highs",
            "mip_heuristic_effort=0",
            "--highs",
            "presolve=on",
            "--highs",
            "mip_max_nodes=1000000",
            "--highs",
            "mip_detect_symmetry=false",
            &file,
        ],
        None,
    );
    assert_eq!(code, 0, "{stderr}");
}

#[test]
fn start_with_a_search_method_is_a_usage_error() {
    let file = seed_arg("seed004_unique_9x9.json");
    let (code, _, stderr) = run(
        &[
            "solve",
            "--method",
            "backtrack",
            "--start",
            "propagate",
            &file,
        ],
        None,
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("--start applies to --method ilp"),
        "{stderr}"
    );
}

/// Batch lines of `path` taken by `args`, each solved with a start that HiGHS certified: the
/// grid passes the independent checker and HiGHS needed at most `max_nodes` nodes.
fn batch_with_start(path: &std::path::Path, args: &[&str], box_side: usize, max_nodes: i64) {
    let file = path.to_str().unwrap();
    let mut all = vec!["batch", "--jobs", "1", "--quiet", "--start", "propagate"];
    all.extend_from_slice(args);
    all.push(file);
    let (code, stdout, stderr) = run(&all, None);
    assert_eq!(code, 0, "{stderr}");
    let by_number: std::collections::HashMap<usize, String> = lines(path).into_iter().collect();
    let mut solved = 0;
    for text in stdout.lines() {
        let doc: Value = serde_json::from_str(text).unwrap();
        let number = doc["line"].as_u64().unwrap() as usize;
        assert_eq!(doc["status"], "solved", "line {number}");
        let givens = line_givens(&by_number[&number]);
        assert!(
            is_solution(&givens, &json_grid(&doc), box_side, box_side),
            "line {number}"
        );
        let start = &doc["stats"]["start"];
        assert_eq!(start["engine"], "propagate", "line {number}: {start}");
        assert_eq!(start["found"], true, "line {number}: {start}");
        assert_eq!(start["certified"], true, "line {number}: {start}");
        let nodes = doc["stats"]["nodes"].as_i64().unwrap();
        assert!(nodes <= max_nodes, "line {number}: {nodes} nodes");
        solved += 1;
    }
    assert!(solved > 0);
}

#[test]
fn a_propagation_start_is_certified_by_highs_on_the_hardest_grids() {
    let Some(path) = shared_data("forum_hardest_1905_11plus.txt") else {
        return;
    };
    batch_with_start(&path, &["--every", "2000"], 3, 0);
    batch_with_start(&path, &["--every", "8000", "--fast"], 3, 0);
    batch_with_start(
        &path,
        &["--every", "8000", "--model", "natural-strong"],
        3,
        10,
    );
}

/// `grid25_misc.txt` lines 2 and 6: HiGHS alone needs seconds to minutes there; with a start
/// from the incremental propagator it only certifies.
#[test]
fn a_propagation_start_is_certified_by_highs_on_hard_25x25_grids() {
    let Some(path) = shared_data("grid25_misc.txt") else {
        return;
    };
    let text = std::fs::read_to_string(&path).unwrap();
    for number in [2usize, 6] {
        let line = text.lines().nth(number - 1).unwrap();
        let (code, stdout, stderr) = run(
            &[
                "solve",
                "--json",
                "--start",
                "propagate",
                "--start-budget",
                "120",
                "-",
            ],
            Some(line),
        );
        assert_eq!(code, 0, "line {number}: {stderr}");
        let doc = one_object(&stdout);
        assert!(is_solution(&line_givens(line), &json_grid(&doc), 5, 5));
        assert_eq!(doc["stats"]["start"]["found"], true, "line {number}");
        assert_eq!(doc["stats"]["start"]["certified"], true, "line {number}");
        assert!(
            doc["stats"]["nodes"].as_i64().unwrap() <= 10,
            "line {number}"
        );
    }
}

/// A start engine that always runs out of time, as a search does when its budget is too small.
struct GivesUp;

impl Engine for GivesUp {
    fn label(&self) -> String {
        "gives-up".into()
    }

    fn solve(&self, _: &Puzzle, _: &Limits) -> Result<Solution, EngineError> {
        Ok(Solution {
            engine: self.label(),
            status: Status::TimeLimit,
            grid: None,
            time_ms: 0.5,
            stats: Stats::Search(SearchStats { nodes: 1 }),
        })
    }
}

#[test]
fn a_start_that_finds_nothing_leaves_highs_to_solve_as_without_one() {
    let Some(path) = shared_data("forum_hardest_1905_11plus.txt") else {
        return;
    };
    let line = lines(&path).into_iter().next().unwrap().1;
    let puzzle = parse_line(&line, None).unwrap();
    let engine = Milp::new(Binary::default()).with_start(Start::new(Arc::new(GivesUp)));
    let solution = engine.solve(&puzzle, &Limits::default()).unwrap();
    assert_eq!(solution.status, Status::Solved);
    let grid = grid_u32(solution.grid.as_ref().unwrap());
    assert!(is_solution(&line_givens(&line), &grid, 3, 3));
    let Stats::Milp(m) = &solution.stats else {
        panic!("MILP statistics expected");
    };
    let start = m.start.as_ref().unwrap();
    assert_eq!(
        (start.status, start.found(), start.certified),
        (Status::TimeLimit, false, false)
    );
    let text = solution_text(&puzzle, &solution);
    assert!(
        text.contains("start    gives-up found no grid within its budget")
            && text.contains("HiGHS ran without a start"),
        "{text}"
    );
    let doc = solution_json(&puzzle, &solution);
    assert_eq!(doc["stats"]["start"]["found"], false);
    assert_eq!(doc["stats"]["start"]["status"], "time_limit");
}

#[test]
fn a_start_that_proves_infeasibility_leaves_highs_to_prove_it_too() {
    let file = seed_arg("seed004_no_solution_9x9.json");
    let (code, stdout, stderr) = run(&["solve", "--json", "--start", "propagate", &file], None);
    assert_eq!(code, 1, "{stderr}");
    let doc = one_object(&stdout);
    assert_eq!(doc["status"], "infeasible");
    let start = &doc["stats"]["start"];
    assert_eq!(start["found"], false, "{start}");
    assert_eq!(start["status"], "infeasible", "{start}");
}

#[test]
fn the_text_report_says_what_the_start_did() {
    let file = seed_arg("seed004_unique_9x9.json");
    for engine in ["propagate", "backtrack"] {
        let (code, stdout, stderr) = run(&["solve", "--start", engine, &file], None);
        assert_eq!(code, 0, "{stderr}");
        let line = stdout
            .lines()
            .find(|l| l.starts_with("start "))
            .unwrap_or_else(|| panic!("{stdout}"));
        assert!(line.contains(&format!("found by {engine} in")), "{line}");
        assert!(line.contains("HiGHS certified it in"), "{line}");
    }
    // Without --start there is no start line and no start object.
    let (_, stdout, _) = run(&["solve", &file], None);
    assert!(!stdout.lines().any(|l| l.starts_with("start ")), "{stdout}");
    let (_, stdout, _) = run(&["solve", "--json", &file], None);
    assert!(one_object(&stdout)["stats"].get("start").is_none());
}

/// `batch --fast` is the fastest measured MILP path: singles, `--reduce` and a propagation start.
#[test]
fn fast_batches_start_from_propagation() {
    let Some(path) = shared_data("forum_hardest_1905_11plus.txt") else {
        return;
    };
    let file = path.to_str().unwrap();
    let (code, stdout, stderr) = run(
        &[
            "batch", "--jobs", "1", "--quiet", "--fast", "--every", "8000", file,
        ],
        None,
    );
    assert_eq!(code, 0, "{stderr}");
    for text in stdout.lines() {
        let doc: Value = serde_json::from_str(text).unwrap();
        assert_eq!(doc["status"], "solved", "{text}");
        assert_eq!(doc["stats"]["start"]["engine"], "propagate", "{text}");
        assert_eq!(doc["model"]["formulation"], "binary --reduce", "{text}");
    }
}

/// Issue 34: `--highs solution_file=p.json --highs write_solution_to_file=true` overwrote the
/// input with HiGHS's solution text. Every option that names or writes a file is refused
/// before anything is read or written, and the input stays as it was.
#[test]
fn highs_options_that_name_files_are_refused_and_touch_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = dir.path().join("p.json");
    let text = std::fs::read_to_string(seed_arg("seed004_unique_9x9.json")).unwrap();
    std::fs::write(&puzzle, &text).unwrap();
    let p = puzzle.to_str().unwrap();
    let log = dir.path().join("highs.log");
    let log_option = format!("log_file={}", log.display());
    let solution_option = format!("solution_file={p}");
    for options in [
        vec![solution_option.as_str(), "write_solution_to_file=true"],
        vec![log_option.as_str()],
        vec!["write_model_to_file=true"],
        vec!["write_model_file=m.lp"],
    ] {
        for command in ["solve", "count", "batch"] {
            let mut args = vec![command];
            for o in &options {
                args.extend(["--highs", o]);
            }
            args.push(p);
            let (code, out, err) = run(&args, None);
            assert_eq!(code, 2, "{args:?}: {err}");
            assert!(out.is_empty(), "{out}");
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(err.contains("read or write files"), "{err}");
        }
    }
    assert_eq!(std::fs::read_to_string(&puzzle).unwrap(), text);
    assert!(!log.exists());
    assert!(!std::path::Path::new("m.lp").exists());
}

/// Issue 34: `mip_max_nodes=0` said "time limit reached". A node limit is no time limit: the
/// message says what stopped HiGHS, exit 3.
#[test]
fn a_node_limit_is_not_reported_as_a_time_limit() {
    let file = seed_arg("seed004_unique_9x9.json");
    let (code, out, err) = run(
        &[
            "solve",
            "--highs",
            "mip_max_nodes=0",
            "--highs",
            "presolve=off",
            &file,
        ],
        None,
    );
    // HiGHS may still find the grid at the root; if not, it must say why it stopped.
    if code == 0 {
        assert!(!out.is_empty());
    } else {
        assert_eq!(code, 3, "{err}");
        assert!(!err.to_lowercase().contains("time limit"), "{err}");
        assert!(err.contains("node, leaf or solution limit"), "{err}");
    }
}
