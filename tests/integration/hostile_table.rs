//! The table of issue 23 (a hostile newcomer's ~500 commands), one case per row, named after
//! it. Each case failed before its fix.

use super::common::run;
use crate::common::exe;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

/// A 17-given 9×9 line (seed 001's CNF test puzzle).
const LINE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// An empty 64×64 grid as a line of 4096 integers.
fn empty64(dir: &Path) -> String {
    write(
        dir,
        "empty64.txt",
        &format!("{}\n", vec!["0"; 4096].join(" ")),
    )
}

/// Runs the binary under `prlimit` (address space and file size limits in bytes), standard
/// output to /dev/null: the exit status (`None` when a signal ended it).
fn limited(as_bytes: Option<u64>, fsize: Option<u64>, args: &[&str]) -> Option<i32> {
    let mut cmd = Command::new("prlimit");
    if let Some(a) = as_bytes {
        cmd.arg(format!("--as={a}"));
    }
    if let Some(f) = fsize {
        cmd.arg(format!("--fsize={f}"));
    }
    cmd.arg(exe())
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    cmd.status().unwrap().code()
}

const GIB: u64 = 1 << 30;

#[test]
fn row01_batch_out_same_as_input() {
    let dir = tempfile::tempdir().unwrap();
    let same = write(dir.path(), "same.txt", &format!("{LINE}\n"));
    let (code, _, err) = run(&["batch", &same, "--out", &same, "-q"], None);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("is also the input"), "{err}");
    assert_eq!(std::fs::read_to_string(&same).unwrap(), format!("{LINE}\n"));
    // The same file under another name (a hard link) and through standard input.
    let link = dir.path().join("link.txt");
    std::fs::hard_link(&same, &link).unwrap();
    let (code, _, err) = run(&["batch", &same, "-o", link.to_str().unwrap()], None);
    assert_eq!(code, 2, "{err}");
    let stdin = std::fs::File::open(&same).unwrap();
    let out = Command::new(exe())
        .args(["batch", "-", "--out", &same])
        .stdin(stdin)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&same).unwrap(), format!("{LINE}\n"));
    // Every command that writes a file refuses its input as output.
    for args in [
        vec!["export", "--format", "lp", &same, "-o", &same],
        vec!["render", &same, "-o", &same],
        vec!["report", &same, "-o", &same],
        vec!["merge", &same, "-o", &same],
    ] {
        let (code, _, err) = run(&args, None);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(std::fs::read_to_string(&same).unwrap(), format!("{LINE}\n"));
    }
}

#[test]
fn row02_merge_dev_zero_bounded() {
    assert_eq!(limited(Some(GIB), None, &["merge", "/dev/zero"]), Some(2));
    let (code, _, err) = run(&["merge", "/dev/zero"], None);
    assert_eq!(code, 2);
    assert!(err.contains("longer than 1 MiB"), "{err}");
}

#[test]
fn row03_long_line_refused_cheaply() {
    let dir = tempfile::tempdir().unwrap();
    let long = write(dir.path(), "long.txt", &".".repeat(50 << 20));
    // Refused within 256 MiB of address space (the file itself is 50 MiB).
    assert_eq!(limited(Some(256 << 20), None, &["solve", &long]), Some(2));
    let (code, _, err) = run(&["solve", &long], None);
    assert_eq!(code, 2);
    assert!(err.contains("longer than 1 MiB"), "{err}");
    let json = write(
        dir.path(),
        "big.json",
        &format!("[{}0]", "0,".repeat(20 << 20)),
    );
    assert_eq!(limited(Some(256 << 20), None, &["solve", &json]), Some(2));
}

#[test]
fn row04_sat_and_cnf_of_64x64_within_1gib() {
    let dir = tempfile::tempdir().unwrap();
    let empty = empty64(dir.path());
    assert_eq!(
        limited(Some(GIB), None, &["solve", "--method", "sat", "-q", &empty]),
        Some(0)
    );
    let counted = limited(
        Some(GIB),
        None,
        &["count", "--method", "sat", "--time-limit", "5", &empty],
    );
    assert!(matches!(counted, Some(0 | 3)), "{counted:?}");
    assert_eq!(
        limited(Some(GIB), None, &["export", "--format", "cnf", &empty]),
        Some(0)
    );
}

#[test]
fn row05_full_disk_leaves_old_file() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = write(dir.path(), "p.txt", &format!("{LINE}\n"));
    let many = write(dir.path(), "many.txt", &format!("{LINE}\n").repeat(200));
    let old = "the old file\n";
    let cases: Vec<(&str, Vec<&str>)> = vec![
        ("m.lp", vec!["export", "--format", "lp", &puzzle]),
        ("p.svg", vec!["render", &puzzle]),
        ("r.html", vec!["report", &puzzle]),
        (
            "b.jsonl",
            vec!["batch", &many, "--method", "propagate", "-q"],
        ),
        ("t.json", vec!["solve", "--method", "lp-bb", &puzzle]),
    ];
    for (name, mut args) in cases {
        let target = write(dir.path(), name, old);
        if name == "t.json" {
            args.extend(["--tree", &target]);
        } else {
            args.extend(["-o", &target]);
        }
        // A 100-byte file size limit: the write fails halfway (SIGXFSZ ends the process).
        let status = limited(None, Some(100), &args);
        assert_ne!(status, Some(0), "{args:?}");
        assert_eq!(std::fs::read_to_string(&target).unwrap(), old, "{args:?}");
    }
}

#[test]
fn row06_batch_into_closed_pipe_ends_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let many = write(dir.path(), "many.txt", &format!("{LINE}\n").repeat(5000));
    let mut child = Command::new(exe())
        .args(["batch", &many, "--method", "propagate", "-q", "--jobs", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with('{'), "{first}");
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(!err.contains("results"), "no summary: {err}");
}

#[test]
fn row10_tree_on_full_disk_is_exit_3() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("t.json");
    std::os::unix::fs::symlink("/dev/full", &link).unwrap();
    let (code, _, err) = run(
        &[
            "solve",
            "--method",
            "lp-bb",
            "--tree",
            link.to_str().unwrap(),
            "-",
        ],
        Some(LINE),
    );
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("no space left on device"), "{err}");
    assert!(!err.contains("os error"), "{err}");
}

#[test]
fn row15_line_offset_cannot_wrap() {
    let (code, _, err) = run(
        &["batch", "-", "--line-offset", "18446744073709551600", "-q"],
        Some(LINE),
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--line-offset"), "{err}");
}

#[test]
fn row17_merge_refuses_line_0_and_missing_file() {
    let dir = tempfile::tempdir().unwrap();
    let zero = write(
        dir.path(),
        "zero.jsonl",
        "{\"line\":0,\"file\":\"a.txt\",\"status\":\"solved\"}\n",
    );
    let (code, _, err) = run(&["merge", &zero], None);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("\"line\" 0"), "{err}");
    let nofile = write(
        dir.path(),
        "nofile.jsonl",
        "{\"line\":1,\"status\":\"solved\"}\n",
    );
    let (code, _, err) = run(&["merge", &nofile], None);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no \"file\""), "{err}");
}

#[test]
fn row18_merge_reads_stdin() {
    let (code, out, err) = run(&["batch", "-", "--method", "propagate", "-q"], Some(LINE));
    assert!(code <= 1, "{err}");
    let (code, merged, err) = run(&["merge", "-"], Some(&out));
    assert_eq!(code, 0, "{err}");
    assert_eq!(merged, out);
}

#[test]
fn row09_count_and_check_refuse_methods_that_cannot_enumerate() {
    // lp-bb cannot enumerate: a usage error. propagate learned to count with the variant
    // engines, so it answers like the other counting engines.
    for command in ["count", "check"] {
        let (code, _, err) = run(&[command, "--method", "lp-bb", "-"], Some(LINE));
        assert_eq!(code, 2, "{command} lp-bb: {err}");
        assert!(err.contains("cannot enumerate"), "{err}");
        let (code, out, err) = run(&[command, "--method", "propagate", "-"], Some(LINE));
        assert_eq!(code, 0, "{command} propagate: {err}");
        assert!(!out.is_empty(), "{command} propagate printed nothing");
    }
}

#[test]
fn row14_box_flag_conflicting_with_the_file_is_refused() {
    let grid = format!("[{}]", ["[0,0,0,0,0,0]"; 6].join(","));
    let boxed = format!("{{\"grid\": {grid}, \"box\": [2, 3]}}");
    let (code, _, err) = run(&["solve", "--box", "3x2", "-"], Some(&boxed));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("conflicts with the file's \"box\""), "{err}");
    // The same shape twice is no conflict.
    let (code, _, err) = run(&["solve", "--box", "2x3", "-q", "-"], Some(&boxed));
    assert_eq!(code, 0, "{err}");
    let regions = format!(
        "{{\"grid\": {grid}, \"regions\": [{}]}}",
        [
            "[1,1,1,2,2,2]",
            "[1,1,1,2,2,2]",
            "[3,3,3,4,4,4]",
            "[3,3,3,4,4,4]",
            "[5,5,5,6,6,6]",
            "[5,5,5,6,6,6]"
        ]
        .join(",")
    );
    let (code, _, err) = run(&["solve", "--box", "2x3", "-"], Some(&regions));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("\"regions\""), "{err}");
}

#[test]
fn row13_compare_chart_to_stdout_is_refused() {
    let (code, out, err) = run(&["compare", "--batch", "--chart", "-", "-"], Some(LINE));
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty());
    assert!(err.contains("--chart -"), "{err}");
}

#[test]
fn row16_options_that_do_nothing_are_refused() {
    for args in [
        vec!["render", "--method", "sat", "-"],
        vec!["compare", "--limit", "3", "-"],
    ] {
        let (code, _, err) = run(&args, Some(LINE));
        assert_eq!(code, 2, "{args:?}: {err}");
    }
}
