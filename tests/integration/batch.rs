//! `sudoku-ilp batch`: input order, every grid checked against a solver we did not write, bad
//! lines reported and skipped, several jobs run again and again, Ctrl-C, and the library's
//! worker pool run repeatedly in one process (HiGHS keeps a scheduler per OS thread).

use crate::common::{cli, exe, grid_u32, is_solution, json_grid, line_givens, shared_data};
use serde_json::Value;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use sudoku_ilp::batch::{run_batch, BatchConfig, LineOutcome, Summary};
use sudoku_ilp::engine::milp::{Milp, Presolve};
use sudoku_ilp::engine::Limits;
use sudoku_ilp::formulation::binary::Binary;
use sudoku_ilp::solve::SolveOptions;

/// Runs `batch` with `args`, returns the exit code, the JSON lines and standard error.
fn batch(args: &[&str], stdin: Option<&str>) -> (i32, Vec<Value>, String) {
    let mut cmd = cli();
    cmd.arg("batch").arg("--quiet").args(args);
    if let Some(text) = stdin {
        cmd.write_stdin(text);
    }
    let out = cmd.output().unwrap();
    let lines = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    (
        out.status.code().unwrap(),
        lines,
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The solution the `sudoku` crate finds for a 9×9 line.
fn theirs(line: &str) -> Vec<u32> {
    let solution = sudoku::Sudoku::from_str_line(line)
        .unwrap()
        .solution()
        .unwrap();
    solution.to_bytes().iter().map(|&b| b as u32).collect()
}

#[test]
fn two_jobs_again_and_again_give_every_grid_in_input_order() {
    let Some(path) = shared_data("magictour_top95.txt") else {
        return;
    };
    let puzzles = crate::common::lines(&path);
    let expected: Vec<Vec<u32>> = puzzles.iter().map(|(_, l)| theirs(l)).collect();
    for (round, extra) in [
        &["--fast"][..],
        &["--reduce"],
        &[],
        &["--fast"],
        &["--singles"],
    ]
    .iter()
    .enumerate()
    {
        let mut args = vec!["--jobs", "2"];
        args.extend_from_slice(extra);
        args.push(path.to_str().unwrap());
        let (code, out, stderr) = batch(&args, None);
        assert_eq!(code, 0, "round {round}: {stderr}");
        assert_eq!(out.len(), puzzles.len());
        for ((doc, (number, _)), solution) in out.iter().zip(&puzzles).zip(&expected) {
            assert_eq!(doc["line"], *number as u64, "round {round}: out of order");
            assert_eq!(doc["status"], "solved");
            assert_eq!(&json_grid(doc), solution, "round {round}, line {number}");
        }
        assert!(
            stderr.contains("95 solved, 0 no solution, 0 time limit, 0 bad lines, 0 errors"),
            "{stderr}"
        );
    }
}

#[test]
fn the_worker_pool_runs_repeatedly_in_one_process() {
    let Some(path) = shared_data("sudoku17_tdoku.txt") else {
        return;
    };
    let text: String = crate::common::lines(&path)
        .iter()
        .step_by(400)
        .map(|(_, l)| format!("{l}\n"))
        .collect();
    for jobs in [2, 3, 2, 1, 2] {
        let config = BatchConfig {
            engine: Arc::new(Milp {
                formulation: Arc::new(Binary {
                    reduce: jobs % 2 == 0,
                    ..Binary::default()
                }),
                options: SolveOptions::default(),
                presolve: if jobs == 3 {
                    Presolve::None
                } else {
                    Presolve::Singles
                },
                start: None,
            }),
            limits: Limits::default(),
            box_shape: None,
            jobs,
            window: 8,
            every: 1,
            shard: sudoku_ilp::batch::Shard::WHOLE,
            line_offset: 0,
            skip: Default::default(),
            rate: None,
        };
        let stop = AtomicBool::new(false);
        let mut summary = Summary::default();
        let mut next_line = 1;
        let input = std::io::Cursor::new(text.clone().into_bytes());
        let complete = run_batch(input, "sample", config, &stop, |result| {
            assert_eq!(result.line, next_line, "results come in input order");
            next_line += 1;
            let LineOutcome::Solved {
                puzzle,
                solution: report,
                ..
            } = &result.outcome
            else {
                panic!("line {}: {:?}", result.line, result.outcome);
            };
            let givens: Vec<u32> = puzzle.givens().iter().map(|&v| v as u32).collect();
            let grid = grid_u32(report.grid.as_ref().unwrap());
            assert!(is_solution(&givens, &grid, 3, 3));
            summary.add(&result);
        });
        assert!(complete);
        assert_eq!(summary.lines, text.lines().count());
        assert_eq!(summary.solved, summary.lines, "jobs {jobs}");
    }
}

#[test]
fn bad_lines_are_reported_and_the_batch_goes_on() {
    let mut big = vec!["0"; 256];
    big[4] = "12";
    let big = big.join(" ");
    let input = &format!(
        "# a comment\n\
        ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n\
        ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.\n\
        \n\
        {{\"grid\": \"1.3.........4..2\"}}\n\
        {{\"grid\": [[1,2],[3]]}}\n\
        11..........4..2\n\
        {big}\n"
    );
    let (code, out, stderr) = batch(&["--jobs", "2", "-"], Some(input));
    assert_eq!(code, 2, "{stderr}");
    let lines: Vec<u64> = out.iter().map(|d| d["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, vec![2, 3, 5, 6, 7, 8]);
    let status: Vec<&str> = out.iter().map(|d| d["status"].as_str().unwrap()).collect();
    assert_eq!(
        status,
        vec!["solved", "bad_line", "solved", "bad_line", "bad_line", "solved"]
    );
    assert!(out[1]["error"].as_str().unwrap().starts_with("<stdin>:3:"));
    assert!(out[3]["error"].as_str().unwrap().starts_with("<stdin>:6"));
    let dup = out[4]["error"].as_str().unwrap();
    assert!(dup.starts_with("<stdin>:7:") && dup.contains("1"), "{dup}");
    assert_eq!(out[5]["order"], 16);
    assert!(
        stderr.contains("3 solved, 0 no solution, 0 time limit, 3 bad lines"),
        "{stderr}"
    );
}

#[test]
fn no_solution_and_time_limit_set_the_exit_code() {
    // A 4×4 grid that propagation and HiGHS both prove infeasible.
    let infeasible = ".34..2..1.......\n";
    let (code, out, _) = batch(&["--singles", "-"], Some(infeasible));
    assert_eq!((code, out[0]["status"].as_str()), (1, Some("infeasible")));
    let (code, out, _) = batch(&["-"], Some(infeasible));
    assert_eq!((code, out[0]["status"].as_str()), (1, Some("infeasible")));
}

#[test]
fn jigsaw_and_large_lines_match_their_solutions() {
    let Some(jigsaw) = shared_data("jigsaw_small_janko.txt") else {
        return;
    };
    let (code, out, stderr) = batch(&["--fast", jigsaw.to_str().unwrap()], None);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(out.len(), crate::common::lines(&jigsaw).len());
    // The meta file flags the lines with two or more solutions ("2+"); every other line must
    // give the stored solution.
    let meta =
        std::fs::read_to_string(shared_data("jigsaw_small_janko.meta.tsv").unwrap()).unwrap();
    let several: Vec<u64> = meta
        .lines()
        .skip(1)
        .filter(|l| l.split('\t').any(|f| f == "2+"))
        .map(|l| l.split('\t').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(several.len(), 15);
    for doc in &out {
        let line = doc["line"].as_u64().unwrap();
        if !several.contains(&line) {
            assert_eq!(doc["matches_given_solution"], true, "line {line}");
        }
    }
    let Some(janko) = shared_data("grid16_janko.txt") else {
        return;
    };
    let Some(solutions) = shared_data("grid16_janko.solutions.txt") else {
        return;
    };
    let solutions = crate::common::lines(&solutions);
    let (code, out, stderr) = batch(&["--fast", "--jobs", "2", janko.to_str().unwrap()], None);
    assert_eq!(code, 0, "{stderr}");
    for (doc, (_, solution)) in out.iter().zip(&solutions) {
        assert_eq!(json_grid(doc), line_givens(solution));
    }
}

#[test]
fn out_file_and_json_summary() {
    let Some(path) = shared_data("magictour_top95.txt") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("r.jsonl");
    let out = cli()
        .args(["batch", "--fast", "--summary-json", "--out"])
        .arg(&out_path)
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let summary: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(summary["lines"], 95);
    assert_eq!(summary["solved"], 95);
    assert!(summary["median_ms"].as_f64().unwrap() > 0.0);
    assert!(summary["p90_ms"].as_f64() >= summary["median_ms"].as_f64());
    assert!(summary["puzzles_per_s"].as_f64().unwrap() > 0.0);
    let written = std::fs::read_to_string(&out_path).unwrap();
    assert_eq!(written.lines().count(), 95);
}

#[test]
fn ctrl_c_stops_cleanly_with_what_is_done_written() {
    let Some(path) = shared_data("forum_hardest_1905_11plus.txt") else {
        return;
    };
    let child = std::process::Command::new(exe())
        .args(["batch", "--quiet", "--jobs", "2"])
        .arg(&path)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(2500));
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    let docs: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(!docs.is_empty(), "some puzzles were done in 2.5 s");
    for (i, doc) in docs.iter().enumerate() {
        assert_eq!(
            doc["line"],
            (i + 1) as u64,
            "a prefix of the input, in order"
        );
        assert_eq!(doc["status"], "solved");
    }
    assert!(stderr.contains("stopped early"), "{stderr}");
    assert!(
        stderr.contains(&format!("{} solved", docs.len())),
        "{stderr}"
    );
}

#[test]
fn usage_errors() {
    let (code, _, stderr) = batch(&["--jobs", "0", "x.txt"], None);
    assert_eq!(code, 2, "{stderr}");
    let (code, _, stderr) = batch(&["no-such-file.txt"], None);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("no-such-file.txt: cannot open: no such file"),
        "{stderr}"
    );
    let (code, _, stderr) = batch(&["--threads", "2", "x.txt"], None);
    assert_eq!(code, 2);
    assert!(stderr.contains("--jobs"), "{stderr}");
}

#[test]
fn batch_rate_gives_each_line_the_rating_of_rate_json_and_goes_on_after_a_bad_line() {
    let dir = tempfile::tempdir().unwrap();
    // Four puzzles of the diabolical file (every 9,000th) and a bad line before the third.
    let Some(file) = crate::common::sample_file(
        dir.path(),
        "sudoku_exchange_diabolical.txt",
        9000,
        4,
        &[(2, "12345\n")],
    ) else {
        return;
    };
    let f = file.to_str().unwrap();
    let (code, lines, err) = batch(&["--rate", "--method", "sat", "--jobs", "2", f], None);
    assert_eq!(code, 2, "the bad line sets exit code 2: {err}");
    assert_eq!(lines.len(), 5);
    let bad: Vec<&Value> = lines.iter().filter(|l| l["status"] == "bad_line").collect();
    assert_eq!(bad.len(), 1);
    assert_eq!(bad[0]["line"], 4, "after the comment line and two puzzles");
    assert!(bad[0].get("rating").is_none());
    // `rate --json` over the same puzzles, one object per puzzle, in order.
    let text = std::fs::read_to_string(&file).unwrap();
    let puzzles: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && l.len() == 81)
        .collect();
    std::fs::write(dir.path().join("good.txt"), puzzles.join("\n")).unwrap();
    let out = cli()
        .args(["rate", "--json"])
        .arg(dir.path().join("good.txt"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let ratings: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let solved: Vec<&Value> = lines.iter().filter(|l| l["status"] == "solved").collect();
    assert_eq!(solved.len(), ratings.len());
    for (line, rating) in solved.iter().zip(&ratings) {
        assert_eq!(&line["rating"], rating, "line {}", line["line"]);
        assert!(line["rating"]["difficulty"].as_f64().unwrap() >= 1.0);
        assert!(line["rating"]["lp_level"].is_u64());
        let givens = line_givens(puzzles[solved.iter().position(|l| l == line).unwrap()]);
        assert!(is_solution(&givens, &json_grid(line), 3, 3));
    }
}
