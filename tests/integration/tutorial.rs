//! Every command of `docs/tutorial.md` runs: each line of each ```sh block is run by `sh` in a
//! scratch folder that holds a link to the repository's `data/`, with the `sudoku-ilp` under
//! test first on PATH. A line that exits non-zero fails the test (the tutorial writes
//! `|| echo "exit code $?"` where a non-zero exit is the lesson).

use crate::common::path_with_exe;
use std::path::PathBuf;
use std::process::Command;

/// The lines of every ```sh block, in order (blank lines and `#` comments left out).
fn sh_commands(markdown: &str) -> Vec<String> {
    let mut commands = Vec::new();
    let mut inside = false;
    for line in markdown.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with("```") {
            inside = !inside && trimmed == "```sh";
            continue;
        }
        if inside && !trimmed.is_empty() && !trimmed.starts_with('#') {
            commands.push(trimmed.to_string());
        }
    }
    commands
}

#[test]
fn every_tutorial_command_runs() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let markdown = std::fs::read_to_string(root.join("docs/tutorial.md")).unwrap();
    let commands = sh_commands(&markdown);
    assert!(commands.len() >= 10, "the tutorial has its commands");
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(root.join("data"), dir.path().join("data")).unwrap();
    let path = path_with_exe();
    for command in commands {
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
            .args(["-c", &command])
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
    }
}

/// The ```sh blocks of the section that starts with `heading`, each with the ```text block that
/// follows it (empty when none does).
fn blocks_with_output(markdown: &str, heading: &str) -> Vec<(Vec<String>, Vec<String>)> {
    let section = markdown.split(heading).nth(1).expect("the section exists");
    let section = section.split("\n## ").next().unwrap();
    let mut out: Vec<(Vec<String>, Vec<String>)> = Vec::new();
    let mut parts = section.split("```").skip(1).step_by(2).peekable();
    while let Some(block) = parts.next() {
        if let Some(commands) = block.strip_prefix("sh\n") {
            let commands = commands.lines().map(str::to_string).collect();
            let text = match parts.peek().and_then(|b| b.strip_prefix("text\n")) {
                Some(text) => text.lines().map(str::to_string).collect(),
                None => Vec::new(),
            };
            out.push((commands, text));
        }
    }
    out
}

/// The killer section's outputs are what the tutorial shows: every line but those with times
/// (` ms`) appears in the output of its block's commands, in the same order.
#[test]
fn the_killer_section_prints_what_the_tutorial_shows() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let markdown = std::fs::read_to_string(root.join("docs/tutorial.md")).unwrap();
    let blocks = blocks_with_output(&markdown, "## 11. A killer");
    assert!(blocks.len() >= 5, "the killer section has its commands");
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(root.join("data"), dir.path().join("data")).unwrap();
    let path = path_with_exe();
    let mut checked = 0;
    for (commands, expected) in blocks {
        let mut printed = String::new();
        for command in &commands {
            let out = Command::new("sh")
                .args(["-c", command])
                .current_dir(dir.path())
                .env("PATH", &path)
                .output()
                .unwrap();
            assert!(out.status.success(), "{command}: {out:?}");
            printed.push_str(&String::from_utf8_lossy(&out.stdout));
        }
        let mut lines = printed.lines();
        for line in expected.iter().filter(|l| !l.contains(" ms")) {
            assert!(
                lines.any(|l| l == line),
                "{commands:?} does not print, in order: {line:?}\n{printed}"
            );
            checked += 1;
        }
    }
    assert!(
        checked >= 40,
        "the killer section's outputs are checked ({checked} lines)"
    );
}
