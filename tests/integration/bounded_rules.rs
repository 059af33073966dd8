//! Bounded for rules (issue 34): the worst cases of the issue — an empty 25×25 with a 12-cell
//! killer cage of sum 156, an empty 36×36 with an 8-cell cage, an empty 64×64 with a 4-cell
//! cage — run by every engine and task with `--time-limit 1` under `prlimit --as=2G`: each ends
//! with an exit code (solved 0, or 3 with the time limit said), never an abort (the SAT
//! encoding asked for 3.2 GB and aborted; propagate, backtrack and the MILP ran past their
//! limits). Exports of the same puzzles (no time limit) end within the memory limit too.
//!
//! The tests assert exit codes and statuses, not wall-clock times: a hang guard kills a run
//! only after 4·T + 60 s. Measured times are in `docs/testing.md`.

use crate::common::exe;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// An empty n×n grid with one killer cage over its first `k` cells (row-major) of sum `sum`.
fn cage_puzzle(dir: &Path, n: usize, k: usize, sum: u32) -> String {
    let rows: Vec<String> = (0..n)
        .map(|_| format!("[{}]", vec!["0"; n].join(",")))
        .collect();
    let cells: Vec<String> = (0..k)
        .map(|i| format!("\"r{}c{}\"", i / n + 1, i % n + 1))
        .collect();
    let text = format!(
        "{{\"grid\": [{}], \"rules\": [{{\"type\": \"killer\", \"cells\": [{}], \"sum\": {sum}}}]}}",
        rows.join(","),
        cells.join(",")
    );
    let path = dir.join(format!("cage{n}.json"));
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// Runs the binary under a 2 GiB address-space limit; exit code (None: a signal) and
/// standard error. A run still going after `guard` is killed and reported as a hang.
fn bounded(args: &[&str], guard: Duration) -> (Option<i32>, String) {
    let out = guarded(args, guard, Stdio::null());
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs the binary under a 2 GiB address-space limit, standard output to `stdout`; a run still
/// going after `guard` is killed and reported as a hang.
fn guarded(args: &[&str], guard: Duration, stdout: Stdio) -> std::process::Output {
    let mut child = Command::new("prlimit")
        .arg(format!("--as={}", 2u64 << 30))
        .arg(exe())
        .args(args)
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > guard {
            let _ = child.kill();
            panic!("{args:?}: still running after {guard:?} (a hang)");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

const T: &str = "1";

#[test]
fn large_cages_end_with_an_exit_code_in_every_engine_within_2_gib() {
    let dir = tempfile::tempdir().unwrap();
    let guard = Duration::from_secs(4 + 60);
    let cases = [
        (cage_puzzle(dir.path(), 25, 12, 156), true),
        (cage_puzzle(dir.path(), 36, 8, 148), true),
        (cage_puzzle(dir.path(), 64, 4, 130), false),
    ];
    for (puzzle, every) in &cases {
        let mut commands: Vec<Vec<&str>> = vec![
            vec!["solve", "--method", "sat"],
            vec!["solve", "--method", "propagate"],
            vec!["solve", "--method", "backtrack"],
            vec!["check", "--method", "sat"],
        ];
        if *every {
            commands.extend([
                vec!["solve"],
                vec!["solve", "--model", "natural"],
                vec!["explain"],
                vec!["solve", "--method", "lp-bb"],
                vec!["count", "--method", "sat"],
                vec!["count"],
            ]);
        }
        for mut args in commands {
            args.extend(["--time-limit", T, puzzle]);
            let (code, err) = bounded(&args, guard);
            assert!(
                matches!(code, Some(0) | Some(3)),
                "{args:?}: {code:?} {err}"
            );
            assert!(err.lines().count() <= 1, "{args:?}: {err}");
            assert!(!err.contains("memory allocation"), "{args:?}: {err}");
        }
    }
}

#[test]
fn large_cages_export_within_2_gib() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = cage_puzzle(dir.path(), 25, 12, 156);
    for format in ["cnf", "lp"] {
        let out = dir.path().join(format!("x.{format}"));
        let args = [
            "export",
            "--format",
            format,
            "-o",
            out.to_str().unwrap(),
            &puzzle,
        ];
        let (code, err) = bounded(&args, Duration::from_secs(300));
        assert_eq!(code, Some(0), "{format}: {err}");
        assert!(out.metadata().unwrap().len() > 0);
    }
}

/// The deadline is read in every phase of the 64×64 cage, not only between solves: the SAT
/// encoding, HiGHS's run (whose feasibility jump never reads the clock and is sized to the
/// time left), the natural model's 700,000 rows, explain's session. With `--time-limit 0.5`
/// each command ends with the time-limit status (exit 3, `"status": "time_limit"` in its
/// JSON); the guard (60 s, debug build) only catches a hang.
#[test]
fn the_64x64_cage_ends_with_the_time_limit_status_at_half_a_second() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = cage_puzzle(dir.path(), 64, 4, 130);
    let commands: [&[&str]; 5] = [
        &["solve"],
        &["solve", "--method", "sat"],
        &["solve", "--method", "lp-bb"],
        &["solve", "--model", "natural"],
        &["explain"],
    ];
    for command in commands {
        let mut args = command.to_vec();
        args.extend(["--json", "--time-limit", "0.5", &puzzle]);
        let out = guarded(&args, Duration::from_secs(60), Stdio::piped());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{args:?}: {stderr}");
        let json: serde_json::Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{args:?}: {e}: {stderr}"));
        assert_eq!(json["status"], "time_limit", "{args:?}: {json}");
    }
}
