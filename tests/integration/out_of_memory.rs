//! Issue 34, out of memory: an allocation HiGHS cannot make (C++'s `std::bad_alloc`, which
//! Rust cannot catch) aborted the process with exit code 134 ("Rust cannot catch foreign
//! exceptions"), and HiGHS's own line about it could land on standard output. Now every failed
//! allocation, C++ or Rust, ends the process with one line on standard error and exit code 3,
//! standard output empty and no temporary file left.
//!
//! The case: the natural model of an empty 64×64 grid under a 1 GiB address-space limit
//! (HiGHS's presolve runs out of memory; it aborted before the fix).

use super::common::exe;
use std::path::Path;
use std::process::{Command, Output};

const GIB: u64 = 1 << 30;

/// An empty 64×64 grid as JSON, and the same as a line (4096 zeros) beside a 9×9 line.
fn write_puzzles(dir: &Path) -> (String, String) {
    let row = format!("[{}]", vec!["0"; 64].join(","));
    let json = dir.join("empty64.json");
    std::fs::write(
        &json,
        format!("{{\"grid\": [{}]}}", vec![row; 64].join(",")),
    )
    .unwrap();
    let lines = dir.join("lines.txt");
    let nine = format!("1{}", ".".repeat(80));
    std::fs::write(&lines, format!("{nine}\n{}\n", vec!["0"; 4096].join(" "))).unwrap();
    let name = |p: &Path| p.to_str().unwrap().to_string();
    (name(&json), name(&lines))
}

/// The binary under `prlimit --as=1G`.
fn under_1_gib(args: &[&str]) -> Output {
    Command::new("prlimit")
        .arg(format!("--as={GIB}"))
        .arg(exe())
        .args(args)
        .output()
        .unwrap()
}

/// Exit code 3, one line on standard error that says memory ran out, nothing on standard output.
fn assert_out_of_memory(out: &Output, what: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{what}: {stderr}");
    assert!(
        out.stdout.is_empty(),
        "{what}: standard output {:?}",
        out.stdout
    );
    assert_eq!(stderr.lines().count(), 1, "{what}: {stderr}");
    assert!(stderr.contains("out of memory"), "{what}: {stderr}");
}

#[test]
fn highs_out_of_memory_is_one_line_and_exit_3_with_nothing_left() {
    let dir = tempfile::tempdir().unwrap();
    let (json, lines) = write_puzzles(dir.path());
    let solve = under_1_gib(&["solve", "--model", "natural", "--json", &json]);
    assert_out_of_memory(&solve, "solve --model natural --json");

    // A batch writing its results to a file: the first line's result is in the temporary file
    // when the 64×64 runs out of memory; the file is removed, no output is left.
    let out_dir = dir.path().join("out");
    std::fs::create_dir(&out_dir).unwrap();
    let target = out_dir.join("t.jsonl");
    let batch = under_1_gib(&[
        "batch",
        "--model",
        "natural",
        "-o",
        target.to_str().unwrap(),
        &lines,
    ]);
    assert_out_of_memory(&batch, "batch --model natural -o");
    let left: Vec<_> = std::fs::read_dir(&out_dir).unwrap().flatten().collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}
