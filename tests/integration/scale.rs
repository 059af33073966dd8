//! Scale-out (docs/scale-out.md): shards merge into exactly the output of one run, `batch -` is
//! a line filter, the GNU parallel recipe of the doc runs verbatim, `--shard slurm`, a second
//! Ctrl-C leaves whole lines, and an input with no newline ends instead of running forever.

use crate::common::{cli, doc_block, exe, path_with_exe, sample_file, shared_data};
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::mpsc;
use std::time::Duration;

/// A sample of a collection as a file of its own, with a comment and a blank line among the
/// puzzles (they are not puzzle lines: shards and line numbers must skip them alike).
fn sample(dir: &Path, name: &str, step: usize, count: usize) -> Option<PathBuf> {
    sample_file(dir, name, step, count, &[(5, "\n# halfway\n")])
}

/// The result lines of a JSON-lines text.
fn docs(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

/// What must agree between two runs: line, file, status and grid (not the times).
fn key(doc: &Value) -> (Value, Value, Value, Value) {
    (
        doc["line"].clone(),
        doc["file"].clone(),
        doc["status"].clone(),
        doc["grid"].clone(),
    )
}

/// Runs `batch --quiet --fast --jobs 1 ARGS FILE` and returns its result lines.
fn batch(args: &[&str], file: &Path) -> Vec<Value> {
    let out = cli()
        .args(["batch", "--quiet", "--fast", "--jobs", "1"])
        .args(args)
        .arg(file)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    docs(&String::from_utf8(out.stdout).unwrap())
}

#[test]
fn shards_merge_into_the_output_of_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let Some(file) = sample(dir.path(), "sudoku17_tdoku.txt", 997, 30) else {
        return;
    };
    let whole = batch(&[], &file);
    assert_eq!(whole.len(), 30);
    assert_eq!(
        whole[5]["line"], 9,
        "the comment and blank lines keep their numbers"
    );
    for n in [1, 2, 3, 7] {
        let mut parts = Vec::new();
        for k in 1..=n {
            let part = dir.path().join(format!("part{k}of{n}.jsonl"));
            let shard = format!("{k}/{n}");
            let out = cli()
                .args([
                    "batch", "--quiet", "--fast", "--jobs", "1", "--shard", &shard, "--out",
                ])
                .arg(&part)
                .arg(&file)
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(0), "{out:?}");
            let summary = String::from_utf8(out.stdout).unwrap();
            assert!(
                n == 1 || summary.contains(&format!("(shard {shard})")),
                "{summary}"
            );
            parts.push(part);
        }
        parts.reverse();
        let all = dir.path().join(format!("all{n}.jsonl"));
        let out = cli()
            .arg("merge")
            .args(&parts)
            .arg("-o")
            .arg(&all)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        let summary = String::from_utf8(out.stdout).unwrap();
        assert!(summary.contains("30 solved, 0 no solution"), "{summary}");
        assert!(summary.contains("written  30 result lines"), "{summary}");
        let merged = docs(&std::fs::read_to_string(&all).unwrap());
        let (a, b): (Vec<_>, Vec<_>) = (
            merged.iter().map(key).collect(),
            whole.iter().map(key).collect(),
        );
        assert_eq!(a, b, "{n} shards");
    }
    // Overlapping shards and shards of different files are refused before anything is written.
    let part = dir.path().join("part1of2.jsonl");
    let out = cli().arg("merge").arg(&part).arg(&part).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("the shards overlap") && stderr.lines().count() == 1,
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
    let other = dir.path().join("other.jsonl");
    let renamed = batch(&["--shard", "2/2", "--file-name", "other.txt"], &file);
    let text: String = renamed.iter().map(|d| format!("{d}\n")).collect();
    std::fs::write(&other, text).unwrap();
    let out = cli().arg("merge").arg(&part).arg(&other).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("shards of different files"), "{stderr}");
    let out = cli()
        .arg("merge")
        .arg(&part)
        .arg("-o")
        .arg(&part)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        std::fs::metadata(&part).unwrap().len() > 0,
        "the input is kept"
    );
}

#[test]
fn shard_slurm_reads_the_job_array() {
    let dir = tempfile::tempdir().unwrap();
    let Some(file) = sample(dir.path(), "sudoku17_tdoku.txt", 1999, 12) else {
        return;
    };
    let lines =
        |docs: Vec<Value>| -> Vec<Value> { docs.iter().map(|d| d["line"].clone()).collect() };
    let expected = lines(batch(&["--shard", "2/3"], &file));
    assert_eq!(expected.len(), 4);
    let out = cli()
        .args([
            "batch", "--quiet", "--fast", "--jobs", "1", "--shard", "slurm",
        ])
        .arg(&file)
        .env("SLURM_ARRAY_TASK_ID", "1")
        .env("SLURM_ARRAY_TASK_COUNT", "3")
        .env_remove("SLURM_ARRAY_TASK_MIN")
        .env_remove("SLURM_ARRAY_TASK_MAX")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        lines(docs(&String::from_utf8(out.stdout).unwrap())),
        expected
    );
    // --array=1-3: task 2 is the second shard.
    let out = cli()
        .args([
            "batch", "--quiet", "--fast", "--jobs", "1", "--shard", "slurm",
        ])
        .arg(&file)
        .envs([
            ("SLURM_ARRAY_TASK_ID", "2"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_MAX", "3"),
        ])
        .output()
        .unwrap();
    assert_eq!(
        lines(docs(&String::from_utf8(out.stdout).unwrap())),
        expected
    );
    let out = cli()
        .args(["batch", "--shard", "slurm"])
        .arg(&file)
        .env_remove("SLURM_ARRAY_TASK_ID")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("SLURM_ARRAY_TASK_ID is not set"),
        "{stderr}"
    );
}

#[test]
fn batch_from_stdin_answers_each_line_while_the_pipe_stays_open() {
    let Some(path) = shared_data("magictour_top95.txt") else {
        return;
    };
    let puzzles = crate::common::lines(&path);
    let mut child = std::process::Command::new(exe())
        .args(["batch", "--quiet", "--fast", "--jobs", "2", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let (tx, rx) = mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap()).is_err() {
                return;
            }
        }
    });
    for (i, (_, puzzle)) in puzzles.iter().take(3).enumerate() {
        writeln!(stdin, "{puzzle}").unwrap();
        stdin.flush().unwrap();
        let line = rx
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|_| panic!("no result for line {} while stdin is open", i + 1));
        let doc: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(doc["line"], i + 1);
        assert_eq!(doc["status"], "solved");
    }
    drop(stdin);
    assert_eq!(child.wait().unwrap().code(), Some(0));
    assert!(
        rx.recv_timeout(Duration::from_secs(10)).is_err(),
        "no extra line"
    );
}

#[test]
fn the_gnu_parallel_recipe_of_the_doc_gives_the_output_of_one_run() {
    if !Path::new("/usr/bin/parallel").exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "/usr/bin/parallel is missing under CI: .ci/setup installs it"
        );
        eprintln!("SKIPPED: GNU parallel is not installed (apt-get install parallel)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let Some(file) = sample(dir.path(), "sudoku17_tdoku.txt", 1499, 24) else {
        return;
    };
    let whole = batch(&[], &file);
    let script = doc_block("scale-out.md", "<!-- test: parallel-one-machine");
    let path = path_with_exe();
    // Chunks of 7 lines: 26 lines of the sample make 4 jobs, so offsets matter.
    let out = std::process::Command::new("bash")
        .args(["-euo", "pipefail", "-c", &script])
        .current_dir(dir.path())
        .env("PATH", path)
        .env("CHUNK", "7")
        .output()
        .unwrap();
    assert!(out.status.success(), "{script}\n{out:?}");
    let merged = docs(&std::fs::read_to_string(dir.path().join("all.jsonl")).unwrap());
    let (a, b): (Vec<_>, Vec<_>) = (
        merged.iter().map(key).collect(),
        whole.iter().map(key).collect(),
    );
    assert_eq!(a, b);
    let log = std::fs::read_to_string(dir.path().join("chunks.log")).unwrap();
    assert_eq!(log.matches("batch    <stdin>").count(), 4, "{log}");
}

#[test]
fn a_second_ctrl_c_leaves_only_whole_lines() {
    let Some(path) = shared_data("forum_hardest_1905_11plus.txt") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("out.jsonl");
    let child = std::process::Command::new(exe())
        .args(["batch", "--quiet", "--jobs", "2"])
        .arg(&path)
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for the first results (at most a minute), then two SIGINTs in quick succession.
    for _ in 0..600 {
        if std::fs::read_to_string(&out_path).unwrap().lines().count() >= 2 {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    for _ in 0..2 {
        let killed = std::process::Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let text = std::fs::read_to_string(&out_path).unwrap();
    assert!(text.ends_with('\n'), "the last line is whole");
    let written = docs(&text);
    assert!(written.len() >= 2);
    for (i, doc) in written.iter().enumerate() {
        assert_eq!(doc["line"], i + 1, "a prefix of the input");
    }
    let stderr = String::from_utf8(out.stderr).unwrap();
    // The second SIGINT quits with "N result lines written"; when the first one's orderly stop
    // finished before it arrived, the summary's "written" line says the same.
    let n = written.len();
    let quit = format!("{n} result lines written");
    let summary = format!("written  {n} result lines");
    assert!(
        stderr.contains(&quit) || stderr.contains(&summary),
        "{stderr}"
    );
}

#[test]
fn an_input_without_newline_ends_with_a_bad_line() {
    let out = cli()
        .args(["batch", "--quiet", "--jobs", "1", "/dev/zero"])
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let docs = docs(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(docs.len(), 1);
    assert_eq!(docs[0]["status"], "bad_line");
    let error = docs[0]["error"].as_str().unwrap();
    assert!(
        error.contains("line longer than 1 MiB with no end"),
        "{error}"
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("written  1 result lines"), "{stderr}");
}
