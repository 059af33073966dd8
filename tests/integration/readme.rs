//! The README's console examples are the binary's output (issue 34: its SAT example printed
//! other counts than the binary did). Every ```console block is run: a `$ cat FILE` line
//! defines FILE with the lines under it, every other `$ ` line runs through `sh` (with the
//! binary first on the PATH) in a folder holding those files and the repository's `data/`;
//! its output must equal the lines under it, times masked (`12.3 ms`, `"solve_ms":4.2`). A
//! block without grid rows is compared without them ("grid rows left out"). A command whose
//! input is not there (`dup.txt`, a file the text only names) is skipped and said so.
//!
//! `SUDOKU_ILP_BLESS_README=1 cargo test --test integration readme` rewrites the examples from
//! the binary instead of comparing.

use crate::common::exe;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository's root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Times and byte counts that change from run to run, masked: `0.6 ms`, `1.2 s`,
/// `"build_ms":0.701`.
fn mask(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let words: Vec<&str> = line.split(' ').collect();
        let mut masked: Vec<String> = Vec::with_capacity(words.len());
        for (k, w) in words.iter().enumerate() {
            let next = words
                .get(k + 1)
                .map(|n| n.trim_end_matches([',', ')', ';', ':']));
            let number = w.trim_start_matches('(');
            let numeric = !number.is_empty()
                && number
                    .chars()
                    .all(|c| c.is_ascii_digit() || c == '.' || c == ',');
            if numeric && matches!(next, Some("ms") | Some("s")) {
                masked.push(w.replace(number, "#"));
            } else {
                masked.push(w.to_string());
            }
        }
        let line = masked.join(" ");
        let mut rest = line.as_str();
        while let Some(at) = rest.find("_ms\":") {
            out.push_str(&rest[..at + 5]);
            rest = &rest[at + 5..];
            let end = rest
                .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                .unwrap_or(rest.len());
            out.push('#');
            rest = &rest[end..];
        }
        out.push_str(rest);
        out.push('\n');
    }
    out
}

/// One `$ ` line of a console block and the lines under it.
struct Example {
    command: String,
    expected: Vec<String>,
}

/// The console blocks: (first line index of the block's body, examples).
fn blocks(readme: &str) -> Vec<(usize, usize, Vec<Example>)> {
    let lines: Vec<&str> = readme.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim() == "```console" {
            let start = i + 1;
            let mut end = start;
            while end < lines.len() && lines[end].trim() != "```" {
                end += 1;
            }
            let mut examples: Vec<Example> = Vec::new();
            for line in &lines[start..end] {
                match line.strip_prefix("$ ") {
                    Some(command) => examples.push(Example {
                        command: command.to_string(),
                        expected: Vec::new(),
                    }),
                    None => {
                        if let Some(e) = examples.last_mut() {
                            e.expected.push(line.to_string());
                        }
                    }
                }
            }
            out.push((start, end, examples));
            i = end;
        }
        i += 1;
    }
    out
}

/// Runs one command line in `dir`; its standard output and error, as a terminal shows them.
fn run_line(dir: &Path, command: &str, shared: &Path) -> String {
    let bin = exe();
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let command = command.replace("../shared/data", &shared.display().to_string());
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("{command} 2>&1"))
        .current_dir(dir)
        .env("PATH", path)
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The files a command names that are not there: the README only names them.
fn missing_inputs(dir: &Path, command: &str, shared: &Path) -> Vec<String> {
    command
        .split_whitespace()
        .filter(|w| w.contains('.') && !w.starts_with('-') && !w.starts_with('"'))
        .map(|w| w.replace("../shared/data", &shared.display().to_string()))
        .filter(|w| !dir.join(w).exists() && !Path::new(w).exists())
        .filter(|w| w.ends_with(".json") || w.ends_with(".txt"))
        .collect()
}

/// Whether a line is a row of a boxed grid.
fn grid_row(line: &str) -> bool {
    line.starts_with('+') || line.starts_with('|')
}

#[test]
fn readme_console_examples_are_the_binarys_output() {
    let readme_path = root().join("README.md");
    let readme = std::fs::read_to_string(&readme_path).unwrap();
    let shared = std::env::var_os("SUDOKU_ILP_SHARED_DATA")
        .map_or_else(|| root().join("../shared/data"), PathBuf::from);
    let bless = std::env::var_os("SUDOKU_ILP_BLESS_README").is_some();
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(root().join("data"), dir.path().join("data")).unwrap();
    let mut lines: Vec<String> = readme.lines().map(str::to_string).collect();
    let (mut checked, mut skipped) = (0, Vec::new());
    let mut failures = Vec::new();
    // Blocks in reverse, so that a rewrite keeps the earlier blocks' line numbers.
    let all = blocks(&readme);
    let mut rewrites: Vec<(usize, usize, Vec<String>)> = Vec::new();
    for (start, end, examples) in &all {
        let mut body: Vec<String> = Vec::new();
        for example in examples {
            body.push(format!("$ {}", example.command));
            if let Some(file) = example.command.strip_prefix("cat ") {
                let text = example.expected.join("\n") + "\n";
                std::fs::write(dir.path().join(file.trim()), text).unwrap();
                body.extend(example.expected.iter().cloned());
                continue;
            }
            let missing = missing_inputs(dir.path(), &example.command, &shared);
            if !missing.is_empty() {
                skipped.push(format!("{} (no {})", example.command, missing.join(", ")));
                body.extend(example.expected.iter().cloned());
                continue;
            }
            let mut actual = run_line(dir.path(), &example.command, &shared);
            if !example.expected.iter().any(|l| grid_row(l)) {
                actual = actual
                    .lines()
                    .filter(|l| !grid_row(l))
                    .map(|l| format!("{l}\n"))
                    .collect();
            }
            let actual = actual.replace(&shared.display().to_string(), "../shared/data");
            let expected = example.expected.join("\n") + "\n";
            checked += 1;
            if mask(&actual) != mask(&expected) {
                failures.push(format!(
                    "$ {}\n--- README\n{expected}--- binary\n{actual}",
                    example.command
                ));
            }
            // Blessed: the binary's lines, except where only a time differs (kept as written).
            let kept: Vec<String> = actual.lines().map(str::to_string).collect();
            let same_shape = kept.len() == example.expected.len();
            body.extend(kept.into_iter().enumerate().map(|(k, line)| {
                let old = example.expected.get(k).filter(|_| same_shape);
                match old {
                    Some(old) if mask(old) == mask(&line) => old.clone(),
                    _ => line,
                }
            }));
        }
        rewrites.push((*start, *end, body));
    }
    if bless {
        for (start, end, body) in rewrites.into_iter().rev() {
            lines.splice(start..end, body);
        }
        std::fs::write(&readme_path, lines.join("\n") + "\n").unwrap();
        return;
    }
    for s in &skipped {
        eprintln!("README example not run: {s}");
    }
    assert!(checked >= 6, "only {checked} README examples ran");
    assert!(
        failures.is_empty(),
        "{} README examples differ from the binary (SUDOKU_ILP_BLESS_README=1 rewrites them):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn times_are_masked_and_counts_are_not() {
    assert_eq!(
        mask("time     build 0.6 ms, solve 42.7 ms (HiGHS 41.7 ms)\nsearch   1 nodes\n"),
        "time     build # ms, solve # ms (HiGHS # ms)\nsearch   1 nodes\n"
    );
    assert_eq!(
        mask("{\"build_ms\":0.701,\"solve_ms\":5.095,\"nodes\":0}\n"),
        "{\"build_ms\":#,\"solve_ms\":#,\"nodes\":0}\n"
    );
}
