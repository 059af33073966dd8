//! The smaller defects of issue 34, each as the user met it: a 300-character `-o` name, `report`
//! to its input or to `/dev/full`, `--tree T.SVG`, `--threads` with a method that runs no HiGHS,
//! clap's usage errors in one line.

use crate::common::{run, seed_arg};

#[test]
fn a_too_long_output_name_is_bad_input() {
    let puzzle = seed_arg("seed004_unique_9x9.json");
    let dir = tempfile::tempdir().unwrap();
    let long = dir.path().join(format!("{}.svg", "a".repeat(300)));
    for args in [
        vec!["render", "-o", long.to_str().unwrap(), &puzzle],
        vec![
            "export",
            "--format",
            "lp",
            "-o",
            long.to_str().unwrap(),
            &puzzle,
        ],
    ] {
        let (code, _, err) = run(&args, None);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("file name too long"), "{err}");
    }
}

#[test]
fn report_refuses_its_input_and_a_full_disk_before_the_work() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = dir.path().join("p.json");
    std::fs::copy(seed_arg("seed004_unique_9x9.json"), &puzzle).unwrap();
    let p = puzzle.to_str().unwrap();
    let before = std::fs::read(&puzzle).unwrap();
    let (code, out, err) = run(&["report", "-o", p, p], None);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty() && err.contains("is also the input"), "{err}");
    assert_eq!(std::fs::read(&puzzle).unwrap(), before);
    let (code, _, err) = run(&["report", "-o", "/dev/full", p], None);
    assert_eq!(code, 3, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("no space left on device"), "{err}");
}

#[test]
fn a_tree_file_name_in_capitals_is_read_by_its_extension() {
    let puzzle = seed_arg("seed004_annex_4x4.json");
    let dir = tempfile::tempdir().unwrap();
    for name in ["T.SVG", "t.Json"] {
        let tree = dir.path().join(name);
        let (code, _, err) = run(
            &[
                "solve",
                "--method",
                "lp-bb",
                "--tree",
                tree.to_str().unwrap(),
                &puzzle,
            ],
            None,
        );
        assert_eq!(code, 0, "{name}: {err}");
        let text = std::fs::read_to_string(&tree).unwrap();
        if name.ends_with("SVG") {
            assert!(text.contains("<svg"), "{text}");
        } else {
            serde_json::from_str::<serde_json::Value>(&text).unwrap();
        }
    }
}

#[test]
fn threads_with_a_method_that_runs_no_highs_is_refused() {
    let puzzle = seed_arg("seed004_unique_9x9.json");
    for method in ["sat", "propagate", "backtrack"] {
        for command in ["solve", "count", "check"] {
            let (code, _, err) = run(
                &[command, "--method", method, "--threads", "2", &puzzle],
                None,
            );
            assert_eq!(code, 2, "{command} {method}: {err}");
            assert!(
                err.contains("--threads applies to --method ilp and lp-bb"),
                "{err}"
            );
        }
    }
    let (code, _, err) = run(&["solve", "--threads", "2", &puzzle], None);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn usage_errors_are_one_line() {
    for args in [
        vec!["solve", "--bogus", "x"],
        vec!["solve"],
        vec!["count", "--time-limit", "abc", "x"],
        vec!["frobnicate"],
    ] {
        let (code, out, err) = run(&args, None);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{out}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("sudoku-ilp: "), "{err}");
    }
}
