//! Nothing lost, nothing left (issue 34): temporary files removed on SIGINT and SIGTERM and a
//! stale one of a killed run cleaned by the next; `--resume` refusing a journal of another
//! run; a closed standard output an error; titles that make well-formed XML.

use crate::common::{exe, run, seed_arg};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The hidden temporary files `.NAME.*.tmp` in `dir`.
fn temporaries(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.') && n.ends_with(".tmp"))
        .collect()
}

/// An empty 64×64 grid: a line of 4096 zeros.
fn empty_64(dir: &Path) -> String {
    let path = dir.join("empty64.txt");
    std::fs::write(&path, format!("{}\n", vec!["0"; 4096].join(" "))).unwrap();
    path.to_str().unwrap().to_string()
}

/// Starts `args`, waits until a temporary file appears in `dir` (or the run ends), sends
/// `signal`, and returns the exit code.
fn signal_when_writing(dir: &Path, args: &[&str], signal: &str) -> Option<i32> {
    let mut child = Command::new(exe())
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while temporaries(dir).is_empty() && start.elapsed() < Duration::from_secs(120) {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let _ = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status();
    child.wait().unwrap().code()
}

#[test]
fn a_signal_leaves_no_temporary_file() {
    for signal in ["-INT", "-TERM"] {
        let dir = tempfile::tempdir().unwrap();
        let input = empty_64(dir.path());
        let out = dir.path().join("big.cnf");
        let args = [
            "export",
            "--format",
            "cnf",
            "-o",
            out.to_str().unwrap(),
            &input,
        ];
        let code = signal_when_writing(dir.path(), &args, signal);
        assert!(matches!(code, Some(0) | Some(130)), "{signal}: {code:?}");
        assert_eq!(temporaries(dir.path()), Vec::<String>::new(), "{signal}");
        if code == Some(130) {
            assert!(!out.exists(), "{signal}: a half-written output");
        }
    }
}

#[test]
fn a_stale_temporary_file_of_a_killed_run_is_removed_by_the_next() {
    let dir = tempfile::tempdir().unwrap();
    // A process id above Linux's largest (2^22): no process runs with it.
    let stale = dir.path().join(".out.jsonl.4194305.AbCdEf.tmp");
    std::fs::write(&stale, "half a line").unwrap();
    let other = dir.path().join(".other.jsonl.4194305.AbCdEf.tmp");
    std::fs::write(&other, "another output's").unwrap();
    let out = dir.path().join("out.jsonl");
    let input = small_lines(dir.path(), "p.txt", 2);
    let (code, _, err) = run(
        &["batch", "--quiet", "-o", out.to_str().unwrap(), &input],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.exists());
    assert!(!stale.exists(), "the stale temporary file of out.jsonl");
    assert!(other.exists(), "another output's file is left alone");
}

/// A line file of `k` copies of a 4×4 puzzle with several solutions' first grid given.
fn small_lines(dir: &Path, name: &str, k: usize) -> String {
    let path = dir.join(name);
    std::fs::write(&path, "1.3.........4..2\n".repeat(k)).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn resume_refuses_a_journal_of_another_run() {
    let dir = tempfile::tempdir().unwrap();
    let input = small_lines(dir.path(), "p.txt", 6);
    let journal = dir.path().join("j.jsonl");
    let j = journal.to_str().unwrap();
    let batch = |extra: &[&str]| {
        let mut args = vec!["batch", "--quiet", "--jobs", "1"];
        args.extend_from_slice(extra);
        run(&args, None)
    };
    let (code, _, err) = batch(&["--shard", "1/3", "--resume", j, &input]);
    assert_eq!(code, 0, "{err}");
    let kept = std::fs::read_to_string(&journal).unwrap();
    // Shard 2 with shard 1's journal, another method, another puzzle under the same name.
    let other_dir = tempfile::tempdir().unwrap();
    let other = other_dir.path().join("p.txt");
    std::fs::write(&other, "2.3.........4..1\n".repeat(6)).unwrap();
    for (extra, message) in [
        (
            vec!["--shard", "2/3", "--resume", j, &input],
            "not a line this run takes",
        ),
        (
            vec!["--shard", "1/3", "--method", "sat", "--resume", j, &input],
            "this run uses sat",
        ),
        (
            vec!["--shard", "1/3", "--resume", j, other.to_str().unwrap()],
            "another puzzle",
        ),
    ] {
        let (code, _, err) = batch(&extra);
        assert_eq!(code, 2, "{extra:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(message), "{extra:?}: {err}");
        assert_eq!(
            std::fs::read_to_string(&journal).unwrap(),
            kept,
            "untouched"
        );
    }
    for target in ["-", "/dev/null"] {
        let (code, _, err) = batch(&["--resume", target, &input]);
        assert_eq!(code, 2, "{target}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    assert!(!Path::new("-").exists());
}

#[test]
fn a_closed_standard_output_is_an_error_in_every_command() {
    let puzzle = seed_arg("seed004_unique_9x9.json");
    let many = seed_arg("seed004_four_solutions_9x9.json");
    let dir = tempfile::tempdir().unwrap();
    let lines = small_lines(dir.path(), "p.txt", 2);
    let commands: [&[&str]; 6] = [
        &["solve", &puzzle],
        &["batch", "--quiet", &lines],
        &["count", &many],
        &["check", &many],
        &["render", &puzzle],
        &["export", "--format", "lp", &puzzle],
    ];
    for args in commands {
        let out = Command::new("sh")
            .arg("-c")
            .arg("exec \"$0\" \"$@\" >&-")
            .arg(exe())
            .args(args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{args:?}: {err}");
        assert!(
            err.contains("cannot write standard output"),
            "{args:?}: {err}"
        );
        // Written to /dev/null by the shell, the same command succeeds.
        let null = Command::new(exe())
            .args(args)
            .stdout(std::fs::File::create("/dev/null").unwrap())
            .output()
            .unwrap();
        assert!(
            matches!(null.status.code(), Some(0) | Some(1)),
            "{args:?} > /dev/null"
        );
    }
}

#[test]
fn control_characters_in_a_title_make_well_formed_svg_and_html() {
    let puzzle = seed_arg("seed004_unique_9x9.json");
    let title = "a\u{1}b\u{1b}[31m <&> \"'\u{7f}";
    let (code, svg, err) = run(&["render", "--title", title, &puzzle], None);
    assert_eq!(code, 0, "{err}");
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let text: String = doc.descendants().filter_map(|n| n.text()).collect();
    assert!(text.contains("<&>"), "{text}");
}
