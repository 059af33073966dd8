//! Every command of `docs/tutorial.md` runs: each line of each ```sh block is run by `sh` in a
//! scratch folder that holds a link to the repository's `data/`, with the `sudoku-ilp` under
//! test first on PATH. A line that exits non-zero fails the test (the tutorial writes
//! `|| echo "exit code $?"` where a non-zero exit is the lesson), and an output the tutorial
//! shows that the commands no longer print fails it too.

use crate::common::path_with_exe;
use std::path::PathBuf;
use std::process::Command;

/// Each ```sh block of the tutorial (its lines, blank lines and `#` comments left out) with the
/// ```text block right after it (empty when the next block is not one): what it prints.
fn blocks_with_output(markdown: &str) -> Vec<(Vec<String>, Vec<String>)> {
    let mut out = Vec::new();
    let mut parts = markdown.split("```").skip(1).step_by(2).peekable();
    while let Some(block) = parts.next() {
        let Some(commands) = block.strip_prefix("sh\n") else {
            continue;
        };
        let commands = commands
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_string)
            .collect();
        let text = match parts.peek().and_then(|b| b.strip_prefix("text\n")) {
            Some(text) => text.lines().map(str::to_string).collect(),
            None => Vec::new(),
        };
        out.push((commands, text));
    }
    out
}

/// A shown line the output must hold: not blank, no time (` ms`), not shortened (`…`, `...`).
fn checkable(line: &str) -> bool {
    !line.trim().is_empty() && !line.contains(" ms") && !line.contains('…') && !line.contains("...")
}

/// Every command runs, in order, in one scratch folder, and each ```text block shows what its
/// ```sh block prints: every checkable line appears in the standard output, in the same order.
#[test]
fn every_tutorial_command_runs_and_prints_what_the_tutorial_shows() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let markdown = std::fs::read_to_string(root.join("docs/tutorial.md")).unwrap();
    let blocks = blocks_with_output(&markdown);
    let commands: usize = blocks.iter().map(|(c, _)| c.len()).sum();
    assert!(commands >= 10, "the tutorial has its commands ({commands})");
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(root.join("data"), dir.path().join("data")).unwrap();
    let path = path_with_exe();
    let mut checked = 0;
    for (commands, shown) in blocks {
        let mut printed = String::new();
        for command in &commands {
            if command.starts_with("glpsol")
                && Command::new("glpsol").arg("--version").output().is_err()
            {
                assert!(
                    std::env::var_os("CI").is_none(),
                    "glpsol is missing under CI"
                );
                eprintln!("SKIPPED (glpsol is not installed): {command}");
                continue;
            }
            let out = Command::new("sh")
                .args(["-c", command])
                .current_dir(dir.path())
                .env("PATH", &path)
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "tutorial command failed ({}): {command}\n{}{}",
                out.status,
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            printed.push_str(&String::from_utf8_lossy(&out.stdout));
        }
        let mut lines = printed.lines();
        for line in shown.iter().filter(|l| checkable(l)) {
            assert!(
                lines.any(|l| l == line),
                "{commands:?} does not print, in order: {line:?}\n{printed}"
            );
            checked += 1;
        }
    }
    assert!(
        checked >= 200,
        "the tutorial's outputs are checked ({checked} lines)"
    );
}
