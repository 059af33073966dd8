//! `batch --resume OUT` after a `kill -9`: killed before its first line, early, halfway, late,
//! twice in a row, and with a torn last line (the kill came while a line was being written),
//! the resumed OUT holds exactly the lines of one uninterrupted run, each once; with `--shard`
//! and the summary too; an OUT of another file is refused.

use crate::common::{cli, doc_block, exe, path_with_exe, sample_file};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// 300 17-clue puzzles of `sudoku17_tdoku.txt` (every 150th line) with two bad lines, a comment
/// and a blank line among them: a debug-build MILP run of a few seconds, long enough to kill.
fn sample(dir: &Path) -> Option<PathBuf> {
    let bad = [
        (40, "12345\n"),
        (200, "\n# two thirds\n1.3.5.7.9 not a puzzle\n"),
    ];
    sample_file(dir, "sudoku17_tdoku.txt", 150, 300, &bad)
}

/// The batch arguments of every run here (the default MILP, two workers).
fn args<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["batch", "--quiet", "--jobs", "2"];
    args.extend_from_slice(extra);
    args
}

/// What must agree between runs: line, file, status, grid and error (not the times; the error
/// without the folder of the input, which runs from another folder name differently).
fn keys(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"));
            let error = v["error"]
                .as_str()
                .map(|e| e.rsplit_once("puzzles.txt").map_or(e, |p| p.1));
            format!(
                "{} {} {} {} {:?}",
                v["line"], v["file"], v["status"], v["grid"], error
            )
        })
        .collect()
}

/// Complete lines in OUT now.
fn lines_in(path: &Path) -> usize {
    std::fs::read(path)
        .map(|b| b.iter().filter(|&&c| c == b'\n').count())
        .unwrap_or(0)
}

/// Starts `batch --resume OUT`, waits until OUT holds `at_least` lines, then kills it with
/// SIGKILL. Returns whether the run was still going when killed.
fn kill_after(input: &Path, out: &Path, at_least: usize, extra: &[&str]) -> bool {
    let exe = exe();
    let mut child = std::process::Command::new(exe)
        .args(args(extra))
        .arg("--resume")
        .arg(out)
        .arg(input)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    while lines_in(out) < at_least && Instant::now() < deadline {
        if child.try_wait().unwrap().is_some() {
            return false;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    true
}

/// A batch run to its end, writing OUT with `how` (`--out` or `--resume`): its exit code and
/// standard output (the summary).
fn batch_into(how: &str, input: &Path, out: &Path, extra: &[&str]) -> (i32, String) {
    let output = cli()
        .args(args(extra))
        .arg(how)
        .arg(out)
        .arg(input)
        .output()
        .unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
    )
}

/// `batch --resume OUT` to its end: its exit code and standard output (the summary).
fn resume(input: &Path, out: &Path, extra: &[&str]) -> (i32, String) {
    batch_into("--resume", input, out, extra)
}

/// One uninterrupted run into `out`.
fn fresh(input: &Path, out: &Path, extra: &[&str]) -> Vec<String> {
    let (code, _) = batch_into("--out", input, out, extra);
    assert_eq!(code, 2, "the two bad lines decide the exit code");
    keys(out)
}

/// The exact set of input line numbers a run must answer: every puzzle and bad line.
fn line_numbers(keys: &[String]) -> BTreeSet<String> {
    keys.iter()
        .map(|k| k.split(' ').next().unwrap().to_string())
        .collect()
}

#[test]
fn a_killed_batch_resumes_into_exactly_the_output_of_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let Some(input) = sample(dir.path()) else {
        return;
    };
    let whole = fresh(&input, &dir.path().join("whole.jsonl"), &[]);
    assert_eq!(whole.len(), 302, "300 puzzles and two bad lines");
    assert_eq!(line_numbers(&whole).len(), 302, "each line once");
    for (case, kills) in [
        ("before the first line", vec![0]),
        ("after one line", vec![1]),
        ("halfway", vec![151]),
        ("near the end", vec![290]),
        ("twice", vec![60, 200]),
    ] {
        let out = dir
            .path()
            .join(format!("out-{}.jsonl", case.replace(' ', "-")));
        for at in kills {
            kill_after(&input, &out, at, &[]);
        }
        let kept = lines_in(&out);
        let (code, summary) = resume(&input, &out, &["--summary-json"]);
        assert_eq!(code, 2, "{case}: the bad lines (kept or new) decide");
        assert_eq!(keys(&out), whole, "{case}: kept {kept} lines");
        let summary: Value = serde_json::from_str(summary.trim()).unwrap();
        assert_eq!(summary["lines"], 302, "{case}: {summary}");
        assert_eq!(summary["bad_lines"], 2, "{case}: {summary}");
    }
}

#[test]
fn a_torn_last_line_is_dropped_and_solved_again() {
    let dir = tempfile::tempdir().unwrap();
    let Some(input) = sample(dir.path()) else {
        return;
    };
    let whole_path = dir.path().join("whole.jsonl");
    let whole = fresh(&input, &whole_path, &[]);
    let text = std::fs::read_to_string(&whole_path).unwrap();
    // What a kill in the middle of writing line 100 leaves: 99 lines and half of the next.
    let mut ends = text.match_indices('\n').map(|(i, _)| i + 1);
    let cut = ends.nth(98).unwrap() + 40;
    let out = dir.path().join("torn.jsonl");
    std::fs::write(&out, &text[..cut]).unwrap();
    let (code, _) = resume(&input, &out, &[]);
    assert_eq!(code, 2);
    assert_eq!(keys(&out), whole);
    // And a run killed for real after that, then resumed again, ends the same.
    let out2 = dir.path().join("torn-then-killed.jsonl");
    std::fs::write(&out2, &text[..cut]).unwrap();
    kill_after(&input, &out2, 180, &[]);
    resume(&input, &out2, &[]);
    assert_eq!(keys(&out2), whole);
}

#[test]
fn resume_works_with_a_shard_and_its_summary() {
    let dir = tempfile::tempdir().unwrap();
    let Some(input) = sample(dir.path()) else {
        return;
    };
    let mut merged = Vec::new();
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let extra = ["--shard", shard.as_str()];
        let whole = fresh_shard(&input, &dir.path().join(format!("w{k}.jsonl")), &extra);
        let out = dir.path().join(format!("part{k}.jsonl"));
        kill_after(&input, &out, 50, &extra);
        let (_, summary) = resume(&input, &out, &["--shard", &shard, "--summary-json"]);
        assert_eq!(keys(&out), whole, "shard {shard}");
        let summary: Value = serde_json::from_str(summary.trim()).unwrap();
        assert_eq!(summary["lines"], whole.len(), "shard {shard}: {summary}");
        merged.push(out);
    }
    let all = dir.path().join("all.jsonl");
    cli()
        .arg("merge")
        .args(&merged)
        .arg("-o")
        .arg(&all)
        .assert()
        .success();
    let whole = fresh(&input, &dir.path().join("whole.jsonl"), &[]);
    assert_eq!(keys(&all), whole, "the resumed shards merge into one run");
}

/// An uninterrupted run of one shard (its exit code depends on which bad lines it holds).
fn fresh_shard(input: &Path, out: &Path, extra: &[&str]) -> Vec<String> {
    batch_into("--out", input, out, extra);
    keys(out)
}

#[test]
fn resume_refuses_the_output_of_another_file() {
    let dir = tempfile::tempdir().unwrap();
    let Some(input) = sample(dir.path()) else {
        return;
    };
    let out = dir.path().join("other.jsonl");
    std::fs::write(
        &out,
        "{\"line\":1,\"file\":\"other.txt\",\"status\":\"solved\"}\n",
    )
    .unwrap();
    let (code, _) = resume(&input, &out, &[]);
    assert_eq!(code, 2);
    assert!(std::fs::read_to_string(&out).unwrap().contains("other.txt"));
}

#[test]
fn the_resume_recipe_of_the_doc_runs_verbatim_as_a_killed_slurm_task() {
    let dir = tempfile::tempdir().unwrap();
    let Some(input) = sample(dir.path()) else {
        return;
    };
    std::fs::create_dir(dir.path().join("parts")).unwrap();
    let script = doc_block("scale-out.md", "<!-- test: resume");
    let path = path_with_exe();
    let task = |kill_at: Option<usize>| {
        let mut child = std::process::Command::new("bash")
            .args(["-c", script.trim()]) // bash execs a lone command: the kill hits batch
            .current_dir(dir.path())
            .env("PATH", &path)
            .env("SLURM_ARRAY_TASK_ID", "2")
            .env("SLURM_ARRAY_TASK_COUNT", "2")
            .env("SLURM_ARRAY_TASK_MIN", "1")
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let out = dir.path().join("parts/part_2.jsonl");
        if let Some(at) = kill_at {
            while lines_in(&out) < at && child.try_wait().unwrap().is_none() {
                std::thread::sleep(Duration::from_millis(2));
            }
            child.kill().unwrap();
        }
        child.wait().unwrap();
        out
    };
    task(Some(70));
    let out = task(None);
    let whole = fresh_shard(&input, &dir.path().join("w.jsonl"), &["--shard", "2/2"]);
    assert_eq!(keys(&out), whole);
}
