//! The fuzz harness cannot rot: every target of `fuzz/src/bin/` is built with AFL's
//! instrumentation and fuzzed for a few seconds from its seed corpus (`fuzz/run.sh 3`), and none
//! may crash. The long runs (10 minutes a target) are in docs/fuzzing.md.
//!
//! Needs Debian's `afl++` and `cargo-afl` (`.ci/setup` installs both): SKIPPED without them
//! locally, a failure when `CI` is set. The first run builds HiGHS and CaDiCaL once more, into
//! `fuzz/target/` (instrumented builds never share the project's `target/`).

use std::path::Path;
use std::process::Command;

#[test]
fn every_fuzz_target_runs_a_few_seconds_without_a_crash() {
    let cargo_afl = Command::new("cargo")
        .args(["afl", "--version"])
        .output()
        .is_ok_and(|out| out.status.success());
    let afl_fuzz = Command::new("sh")
        .args(["-c", "command -v afl-fuzz"])
        .output()
        .is_ok_and(|out| out.status.success());
    if !(cargo_afl && afl_fuzz) {
        assert!(
            std::env::var_os("CI").is_none(),
            "cargo-afl or afl-fuzz is missing, and CI is set (.ci/setup installs both)"
        );
        eprintln!("SKIPPED: cargo-afl or afl-fuzz is missing (see docs/fuzzing.md)");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("bash")
        .arg(root.join("fuzz/run.sh"))
        .arg("3")
        .env("SUDOKU_ILP", env!("CARGO_BIN_EXE_sudoku-ilp"))
        .env("FUZZ_PROFILE", "debug")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "fuzz/run.sh 3 failed:\n{stdout}\n{stderr}"
    );
    let targets: Vec<String> = std::fs::read_dir(root.join("fuzz/src/bin"))
        .unwrap()
        .map(|entry| {
            entry
                .unwrap()
                .path()
                .file_stem()
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert!(targets.len() >= 8, "targets: {targets:?}");
    for target in &targets {
        let line = stdout
            .lines()
            .find(|line| line.starts_with(&format!("{target}: ")))
            .unwrap_or_else(|| panic!("no line for target {target}:\n{stdout}"));
        let executions: u64 = line
            .split_whitespace()
            .nth(1)
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no execution count in {line:?}"));
        assert!(executions > 0, "{target} never ran: {line}");
        assert!(line.ends_with(", 0 crashes"), "{target} crashed: {line}");
    }
}

/// Every input the fuzzer crashed on (`fuzz/regressions/TARGET/`) goes through the command line
/// and through each killer parser: an error or an answer, never a panic.
#[test]
fn fuzz_regressions_are_errors_not_panics() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions");
    let mut seen = 0;
    for target in std::fs::read_dir(&root).unwrap() {
        for file in std::fs::read_dir(target.unwrap().path()).unwrap() {
            let path = file.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            for line in text.lines() {
                let _ = sudoku_ilp::input::parse_short_killer(line);
                let _ = sudoku_ilp::input::parse_sudocue(line);
            }
            let (code, _, err) = crate::common::run(&["solve", "-q", path.to_str().unwrap()], None);
            assert!(
                code <= 3 && !err.contains("panicked"),
                "{}: {code} {err}",
                path.display()
            );
            seen += 1;
        }
    }
    assert!(seen >= 3, "{seen} regression inputs");
}

/// Found while fuzzing: an arrow at the edge of the short killer format pointed into the next
/// row (a wrong cage, read silently); it is bad input now.
#[test]
fn short_killer_arrow_off_the_side_is_bad_input() {
    let line = format!("{}<{}", "1".repeat(9), "1".repeat(71));
    let (code, out, err) = crate::common::run(&["solve", "-"], Some(&line));
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty());
    assert!(
        err.contains("r2c1: its arrows lead outside the grid"),
        "{err}"
    );
}
