//! The command line at its edges (issue 13), through the real binary: grid blocks in, every
//! output form out and back in, `-` for standard output, checked writes (`/dev/full`), bounds
//! and messages, shell completions and the man page.

use crate::common::{cli, exe, run, seed};
use serde_json::Value;
use std::path::Path;

const UNIQUE: &str = "seed004_unique_9x9.json";

/// A 4×4 puzzle with one solution, as a line.
const SMALL: &str = "1.3.........4..2";

/// Asserts a usage error: exit 2, one line on stderr containing `fragment`, no panic.
fn assert_usage(args: &[&str], stdin: Option<&str>, fragment: &str) {
    let (code, stdout, stderr) = run(args, stdin);
    assert_eq!(code, 2, "{args:?}: {stderr}");
    assert!(stdout.is_empty(), "{args:?}: {stdout}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        stderr.contains(fragment),
        "{args:?}: {stderr:?} lacks {fragment:?}"
    );
}

/// The solution line of a solved puzzle (`solve --output line -q`).
fn solved_line(args: &[&str], stdin: Option<&str>) -> String {
    let mut all = vec!["solve", "--output", "line", "-q"];
    all.extend_from_slice(args);
    let (code, stdout, stderr) = run(&all, stdin);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    stdout.trim_end().to_string()
}

// 1. Grid formats in.

#[test]
fn a_nine_line_block_solves_and_the_boxed_output_reads_back() {
    let unique = seed(UNIQUE);
    let expected = solved_line(&[unique.to_str().unwrap()], None);
    // The puzzle as a hand-written block: digits and dots, a comment, spaced cells.
    let (code, json, _) = run(&["solve", "--json", unique.to_str().unwrap()], None);
    assert_eq!(code, 0);
    let doc: Value = serde_json::from_str(&json).unwrap();
    let rows: Vec<String> = doc["puzzle"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let cells: Vec<String> = r
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.to_string())
                .collect();
            cells.join(" ")
        })
        .collect();
    let block = format!("# seed 004, unique\n{}\n", rows.join("\n"));
    assert_eq!(solved_line(&["-"], Some(&block)), expected);
    let dots = block.replace(' ', "").replace('0', ".");
    assert_eq!(solved_line(&["-"], Some(&dots)), expected);
    // The tool's own boxed output (solve --quiet) reads back, and is its own solution.
    let (code, boxed, _) = run(&["solve", "-q", unique.to_str().unwrap()], None);
    assert_eq!(code, 0);
    assert!(boxed.starts_with("+-------+"), "{boxed}");
    assert_eq!(solved_line(&["-"], Some(&boxed)), expected);
    // Forced readings.
    assert_eq!(
        solved_line(&["--input-format", "grid", "-"], Some(&block)),
        expected
    );
    assert_usage(
        &["solve", "--input-format", "lines", "-"],
        Some(&block),
        "9 puzzle lines; solve takes one",
    );
    assert_usage(
        &["solve", "--line", "2", "-"],
        Some(&block),
        "--line applies to line files, not to a grid block",
    );
}

#[test]
fn bad_blocks_name_the_line() {
    assert_usage(
        &["solve", "-"],
        Some("1.3.\n..4.\n.1.\n...2\n"),
        "<stdin>:3: grid block: this row has 3 cells",
    );
    assert_usage(
        &["solve", "-"],
        Some("+---+---+\n|1.|3.|\n|..|4.|\n+---+---+\n|.1|..|\n|..|.9|\n"),
        "r4c4: value 9 is outside 0..4",
    );
}

// 2. Solutions out, and back in.

#[test]
fn output_line_round_trips_and_quiet_prints_only_the_grid() {
    let line = solved_line(&["-"], Some(SMALL));
    assert_eq!(line.len(), 16);
    assert!(!line.contains('.'));
    assert_eq!(solved_line(&["-"], Some(&line)), line);
    // Without --quiet the statistics go to standard error.
    let (code, stdout, stderr) = run(&["solve", "--output", "line", "-"], Some(SMALL));
    assert_eq!(code, 0);
    assert_eq!(stdout.trim_end(), line);
    assert!(stderr.contains("status   solved"), "{stderr}");
    let (_, grid, _) = run(&["solve", "--quiet", "-"], Some(SMALL));
    assert_eq!(grid.lines().count(), 7, "{grid}");
    // 16×16 and up: integers separated by spaces.
    let big = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/generated/gen_16x16.json");
    let line16 = solved_line(&[big.to_str().unwrap()], None);
    assert_eq!(line16.split(' ').count(), 256);
    assert_eq!(solved_line(&["-"], Some(&line16)), line16);
}

#[test]
fn solve_json_reads_back_as_input() {
    for name in [UNIQUE, "seed004_no_solution_9x9.json"] {
        let path = seed(name);
        let (_, first, _) = run(&["solve", "--json", path.to_str().unwrap()], None);
        let (_, second, stderr) = run(&["solve", "--json", "-"], Some(&first));
        let (a, b): (Value, Value) = (
            serde_json::from_str(&first).unwrap(),
            serde_json::from_str(&second).expect(&stderr),
        );
        assert_eq!(a["puzzle"], b["puzzle"]);
        assert_eq!(a["status"], b["status"]);
        assert_eq!(a["grid"], b["grid"]);
    }
    // A 6×6 grid keeps its box shape.
    let six = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/generated/gen_6x6_2x3.json");
    let (_, first, _) = run(&["solve", "--json", six.to_str().unwrap()], None);
    let doc: Value = serde_json::from_str(&first).unwrap();
    assert_eq!(doc["box"], serde_json::json!([2, 3]));
    let (code, _, stderr) = run(&["solve", "-"], Some(&first));
    assert_eq!(code, 0, "{stderr}");
}

#[test]
fn json_output_of_every_engine_matches_the_schema() {
    let schema_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/solve-output.schema.json");
    let schema: Value =
        serde_json::from_str(&std::fs::read_to_string(schema_path).unwrap()).unwrap();
    let validator = jsonschema::validator_for(&schema).expect("a valid schema");
    let unique = seed(UNIQUE);
    let none = seed("seed004_no_solution_9x9.json");
    let six = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/generated/gen_6x6_2x3.json");
    let mut runs: Vec<Vec<&str>> = Vec::new();
    for method in ["ilp", "backtrack", "propagate"] {
        runs.push(vec!["--method", method, unique.to_str().unwrap()]);
        runs.push(vec!["--method", method, none.to_str().unwrap()]);
    }
    runs.push(vec!["--singles", "--reduce", unique.to_str().unwrap()]);
    runs.push(vec![six.to_str().unwrap()]);
    // With an objective: the MILP, lp-bb's textbook rule and branch and cut.
    runs.push(vec![
        "--objective",
        "max:diagonal",
        unique.to_str().unwrap(),
    ]);
    runs.push(vec![
        "--objective",
        "min:random:4",
        "--method",
        "lp-bb",
        "--branch",
        "variable",
        unique.to_str().unwrap(),
    ]);
    runs.push(vec![
        "--method",
        "lp-bb",
        "--cuts",
        "gomory",
        unique.to_str().unwrap(),
    ]);
    for args in runs {
        let mut all = vec!["solve", "--json"];
        all.extend(args.iter().copied());
        let (_, stdout, stderr) = run(&all, None);
        let doc: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stderr}"));
        let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{args:?}: {errors:?}\n{stdout}");
    }
    // A document that breaks the contract is refused by the schema.
    assert!(!validator.is_valid(&serde_json::json!({"status": "solved"})));
}

#[test]
fn verbose_json_is_one_object_on_stdout() {
    let unique = seed(UNIQUE);
    let (code, stdout, _) = run(
        &["solve", "--json", "--verbose", unique.to_str().unwrap()],
        None,
    );
    assert_eq!(code, 0);
    let doc: Value = serde_json::from_str(&stdout).expect("stdout is one JSON object");
    assert_eq!(doc["status"], "solved");
}

// 3. Pipes: '-' is standard output.

#[test]
fn dash_is_standard_output_for_every_out() {
    let dir = tempfile::tempdir().unwrap();
    let unique = seed(UNIQUE);
    let unique = unique.to_str().unwrap();
    let in_dir = |args: &[&str]| {
        let out = cli().current_dir(dir.path()).args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    assert!(in_dir(&["render", "-o", "-", unique]).starts_with("<svg"));
    assert!(in_dir(&["render", "--solve", unique]).starts_with("<svg"));
    assert!(in_dir(&["export", "--format", "lp", "-o", "-", unique]).contains("x_r1_c1_v1"));
    assert!(in_dir(&["export", "--output", "-", "--format", "dzn", unique]).contains("n = 9"));
    let two = dir.path().join("two.txt");
    std::fs::write(&two, format!("{SMALL}\n.2..........4..1\n")).unwrap();
    let lines = in_dir(&[
        "batch",
        "-q",
        "--jobs",
        "1",
        "--out",
        "-",
        two.to_str().unwrap(),
    ]);
    assert_eq!(lines.lines().count(), 2, "{lines}");
    assert!(!dir.path().join("-").exists(), "no file named '-'");
}

// 4. No silent failure.

#[cfg(target_os = "linux")]
#[test]
fn every_command_reports_a_full_disk() {
    let unique = seed(UNIQUE);
    let unique = unique.to_str().unwrap();
    let small = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/generated/gen_4x4.json");
    let small = small.to_str().unwrap();
    let commands: Vec<Vec<&str>> = vec![
        vec!["solve", unique],
        vec!["solve", "--json", unique],
        vec!["solve", "--output", "line", "-q", unique],
        vec!["check", unique],
        vec!["count", small],
        vec!["compare", small],
        vec!["explain", unique],
        vec!["generate", "--size", "4"],
        vec!["info", "--size", "9"],
        vec!["info", "--size", "9", "--json"],
        vec!["export", "--format", "lp", unique],
        vec!["render", unique],
        vec!["completions", "bash"],
        vec!["man"],
        vec!["--help"],
    ];
    for args in commands {
        let full = std::fs::File::options()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = std::process::Command::new(exe())
            .args(&args)
            .stdout(full)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} exits non-zero");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        let last = stderr.lines().last().unwrap_or_default();
        assert_eq!(
            last, "sudoku-ilp: cannot write standard output: no space left on device",
            "{args:?}: {stderr}"
        );
    }
    // -o to a full disk.
    let (code, _, stderr) = run(
        &["export", "--format", "lp", "-o", "/dev/full", unique],
        None,
    );
    assert_eq!(code, 3, "{stderr}");
    assert!(stderr.contains("cannot write /dev/full"), "{stderr}");
}

// 6. Bounds and messages.

#[test]
fn counts_are_bounded_and_negative_numbers_say_so() {
    let started = std::time::Instant::now();
    assert_usage(
        &["solve", "--threads", "100000", "x.json"],
        None,
        "at most 64",
    );
    assert_usage(&["batch", "--jobs", "100000", "x.txt"], None, "at most 256");
    assert!(started.elapsed().as_secs() < 5);
    for args in [
        vec!["solve", "--threads", "-1", "x.json"],
        vec!["solve", "--line", "-3", "x.json"],
        vec!["batch", "--jobs", "-2", "x.txt"],
        vec!["count", "--max", "-1", "x.json"],
        vec!["compare", "--batch", "--limit", "-1", "x.txt"],
        vec!["info", "--size", "-9"],
    ] {
        assert_usage(&args, None, "must be a positive number");
    }
    assert_usage(
        &["compare", "--batch", "--limit", "0", "x.txt"],
        None,
        "must be a positive number",
    );
    // batch does not offer --threads (it is hidden, and refused with the reason).
    let (_, help, _) = run(&["batch", "--help"], None);
    assert!(!help.contains("--threads"), "{help}");
    assert_usage(&["batch", "--threads", "2", "x.txt"], None, "use --jobs");
}

#[test]
fn overflowing_boxes_are_a_clean_exit_2() {
    assert_usage(
        &["solve", "--box", "9223372036854775810x2", "-"],
        Some(SMALL),
        "expected ROWSxCOLS",
    );
    assert_usage(
        &["solve", "-"],
        Some(r#"{"grid": "1.3.........4..2", "box": [9223372036854775810, 2]}"#),
        "does not tile a 4x4 grid",
    );
    assert_usage(
        &["solve", "-"],
        Some(r#"{"grid": "1.3.........4..2", "box": [9223372036854775808, 2]}"#),
        "does not tile a 4x4 grid",
    );
}

#[test]
fn messages_name_the_command_and_the_kind_of_json() {
    let two = format!("{SMALL}\n{SMALL}\n");
    assert_usage(
        &["count", "-"],
        Some(&two),
        "2 puzzle lines; count takes one (pick one with --line K)",
    );
    assert_usage(
        &["export", "--format", "lp", "-"],
        Some(&two),
        "export takes one",
    );
    assert_usage(
        &["solve", "-"],
        Some("[[1, 2], [2, 1]]"),
        "JSON but not an object (an array)",
    );
    assert_usage(
        &["solve", "-"],
        Some("\"53..7\""),
        "JSON but not an object (a string)",
    );
}

#[test]
fn line_k_is_the_line_number_batch_reports() {
    let file = format!("# two puzzles\n\n{SMALL}\n# the second\n.2..........4..1\n");
    let (_, batch, stderr) = run(&["batch", "--jobs", "1", "-q", "-"], Some(&file));
    let lines: Vec<Value> = batch
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{batch} {stderr}");
    for doc in lines {
        let k = doc["line"].as_u64().unwrap().to_string();
        let (code, json, stderr) = run(&["solve", "--json", "--line", &k, "-"], Some(&file));
        assert_eq!(code, 0, "{stderr}");
        let solo: Value = serde_json::from_str(&json).unwrap();
        assert_eq!(solo["grid"], doc["grid"], "line {k}");
    }
    assert_usage(
        &["solve", "--line", "4", "-"],
        Some(&file),
        "--line 4 is a blank or '#' line",
    );
    assert_usage(
        &["solve", "--line", "9", "-"],
        Some(&file),
        "the file has 2 puzzle lines",
    );
}

// 7. Shell integration.

#[test]
fn completions_and_man_page() {
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef sudoku-ilp"),
        ("fish", "complete -c sudoku-ilp"),
    ] {
        let (code, script, stderr) = run(&["completions", shell], None);
        assert_eq!(code, 0, "{stderr}");
        assert!(script.contains(marker), "{shell}: {script}");
        assert!(script.contains("input-format"), "{shell} completes options");
    }
    let (code, page, _) = run(&["man"], None);
    assert_eq!(code, 0);
    assert!(page.contains(".TH sudoku-ilp 1"), "{page}");
    for section in [
        "SUDOKU-ILP SOLVE",
        "SUDOKU-ILP BATCH",
        "SUDOKU-ILP COMPLETIONS",
    ] {
        assert!(page.contains(section), "{section}");
    }
    let (code, version, _) = run(&["--version"], None);
    assert_eq!(code, 0);
    assert!(version.starts_with("sudoku-ilp "), "{version}");
}
