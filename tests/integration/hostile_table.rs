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

/// A seed puzzle of the repository.
fn seed(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/seeds")
        .join(name);
    path.to_str().unwrap().to_string()
}

#[test]
fn row07_json_of_every_method_and_start_matches_the_schema() {
    let schema_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/solve-output.schema.json");
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(schema_path).unwrap()).unwrap();
    let validator = jsonschema::validator_for(&schema).expect("a valid schema");
    let puzzles = [
        seed("seed004_unique_9x9.json"),
        seed("seed004_no_solution_9x9.json"),
    ];
    let mut runs: Vec<Vec<&str>> = Vec::new();
    for method in ["ilp", "backtrack", "propagate", "lp-bb", "sat"] {
        runs.push(vec!["--method", method]);
    }
    for start in ["none", "propagate", "backtrack", "sat"] {
        runs.push(vec!["--start", start]);
    }
    for args in &runs {
        for puzzle in &puzzles {
            let mut all = vec!["solve", "--json"];
            all.extend(args.iter().copied());
            all.push(puzzle);
            let (code, stdout, stderr) = run(&all, None);
            assert!(code <= 1, "{all:?}: {stderr}");
            let doc: serde_json::Value =
                serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stderr}"));
            let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{all:?}: {errors:?}\n{stdout}");
        }
    }
}

#[test]
fn row08_bash_completes_options_after_the_subcommand() {
    let (code, script, err) = run(&["completions", "bash"], None);
    assert_eq!(code, 0, "{err}");
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "sudoku-ilp.bash", &script);
    // What bash does on `sudoku-ilp solve --<TAB>`: the words, the cursor's word, then the
    // function that `complete -F` registered, called with the command, the word and the one
    // before it.
    let probe = format!(
        "source {path}\n\
         function=$(complete -p sudoku-ilp | sed -E 's/.*-F ([^ ]+) .*/\\1/')\n\
         COMP_WORDS=(sudoku-ilp solve --)\n\
         COMP_CWORD=2\n\
         COMP_LINE='sudoku-ilp solve --'\n\
         COMP_POINT=${{#COMP_LINE}}\n\
         \"$function\" sudoku-ilp -- solve\n\
         printf '%s\\n' \"${{COMPREPLY[@]}}\"\n"
    );
    let out = Command::new("bash")
        .args(["--norc", "--noprofile", "-c", &probe])
        .output()
        .unwrap();
    let replies = String::from_utf8_lossy(&out.stdout);
    let replies: Vec<&str> = replies.lines().collect();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for option in ["--method", "--json", "--time-limit"] {
        assert!(replies.contains(&option), "{option} not in {replies:?}");
    }
    assert!(
        !replies.contains(&"--format"),
        "export's option offered to solve"
    );
}

#[test]
fn row11_highs_options_that_cut_off_solutions_are_refused() {
    let puzzle = seed("seed004_unique_9x9.json");
    for option in [
        "objective_bound=-1",
        "objective_target=-1",
        "small_matrix_value=0.5",
        "large_matrix_value=1",
        "solve_relaxation=true",
    ] {
        let (code, out, err) = run(&["solve", "--highs", option, "-q", &puzzle], None);
        assert_eq!(code, 2, "{option}: {err}");
        assert!(out.is_empty(), "{option}: {out}");
        assert!(err.contains("can cut off solutions"), "{option}: {err}");
    }
    // lp-bb runs HiGHS too, and count re-solves with no-good rows: neither takes them.
    for command in ["solve", "count"] {
        let args = [
            command,
            "--method",
            "lp-bb",
            "--highs",
            "objective_bound=-1",
        ];
        let (code, _, err) = run(&[&args[..], &[puzzle.as_str()]].concat(), None);
        assert_eq!(code, 2, "{command}: {err}");
    }
    // An option that only changes how HiGHS searches still solves.
    let (code, out, err) = run(
        &["solve", "--highs", "mip_heuristic_effort=0", "-q", &puzzle],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("| 1 6 2 |"), "{out}");
}

#[test]
fn row12_highs_log_goes_to_stderr_whatever_the_options() {
    let puzzle = seed("seed004_unique_9x9.json");
    let (code, plain, _) = run(&["solve", "-q", &puzzle], None);
    assert_eq!(code, 0);
    for extra in [
        vec![
            "--highs",
            "output_flag=true",
            "--highs",
            "log_to_console=true",
        ],
        vec!["--verbose", "--highs", "log_to_console=true"],
        vec![
            "--highs",
            "log_to_console=true",
            "--highs",
            "output_flag=true",
        ],
    ] {
        let mut args = vec!["solve", "-q"];
        args.extend(extra.iter().copied());
        args.push(&puzzle);
        let (code, out, err) = run(&args, None);
        assert_eq!(code, 0, "{extra:?}: {err}");
        assert_eq!(out, plain, "{extra:?}: standard output is the grid alone");
        assert!(
            err.contains("MIP has"),
            "{extra:?}: the log is on stderr: {err}"
        );
    }
}

#[test]
fn row16_rest_options_that_do_nothing_are_refused() {
    let puzzle = seed("seed004_unique_9x9.json");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["export", "--model", "natural", "--format", "cnf"],
            "--model natural",
        ),
        (
            vec!["export", "--model", "natural", "--format", "col"],
            "--model natural",
        ),
        (
            vec!["solve", "--method", "sat", "--highs", "mip_rel_gap=0"],
            "--highs applies",
        ),
        (
            vec!["solve", "--method", "backtrack", "--highs", "threads=1"],
            "--highs applies",
        ),
        (
            vec!["count", "--method", "propagate", "--highs", "threads=1"],
            "--highs applies",
        ),
        (vec!["solve", "--highs", "threads=999"], "at most 64"),
        (
            vec!["solve", "--method", "lp-bb", "--highs", "threads=65"],
            "at most 64",
        ),
    ];
    for (mut args, words) in cases {
        args.push(&puzzle);
        let (code, out, err) = run(&args, None);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err}");
        assert!(err.contains(words), "{args:?}: {err}");
    }
    // The natural model's GMPL data is its own file: still written.
    let (code, out, err) = run(
        &[
            "export",
            "--model",
            "natural",
            "--format",
            "gmpl-data",
            &puzzle,
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(!out.is_empty());
}

#[test]
fn row17_rest_merge_warns_of_a_missing_shard() {
    let dir = tempfile::tempdir().unwrap();
    let many = write(dir.path(), "p.txt", &format!("{LINE}\n").repeat(6));
    let mut parts = Vec::new();
    for k in 1..=3 {
        let part = dir.path().join(format!("part{k}.jsonl"));
        let shard = format!("{k}/3");
        let args = [
            "batch",
            &many,
            "--method",
            "propagate",
            "-q",
            "--shard",
            &shard,
        ];
        let (code, out, err) = run(&args, None);
        assert_eq!(code, 0, "{err}");
        std::fs::write(&part, out).unwrap();
        parts.push(part.to_str().unwrap().to_string());
    }
    // Shard 2 of 3 (lines 2 and 5) is missing: merged, with a warning naming the gap.
    let (code, out, err) = run(&["merge", &parts[0], &parts[2]], None);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 4);
    assert!(err.contains("warning: 2 line numbers"), "{err}");
    assert!(err.contains("the first: line 2"), "{err}");
    // Every shard: no warning.
    let (code, out, err) = run(&["merge", &parts[0], &parts[1], &parts[2]], None);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 6);
    assert!(!err.contains("warning"), "{err}");
}

/// A 4×4 JSON grid whose first cell is `first` (JSON text).
fn grid4(first: &str) -> String {
    format!("{{\"grid\": [[{first},0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]}}")
}

#[test]
fn row19_message_a_huge_whole_number_is_outside_the_values() {
    let (code, _, err) = run(&["solve", "-"], Some(&grid4("1e26")));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("value 1e+26 is outside 0..4"), "{err}");
    assert!(!err.contains("not an integer"), "{err}");
    let (code, _, err) = run(&["solve", "-"], Some(&grid4("1.5")));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("1.5 is not an integer in 0..4"), "{err}");
}

#[test]
fn row19_message_no_rust_type_names() {
    let grid = "[[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]";
    let cases = [
        (
            format!("{{\"grid\": {grid}, \"box\": [1e26, 2]}}"),
            "not 1e+26",
        ),
        (
            format!("{{\"grid\": {grid}, \"regions\": [[1e26]]}}"),
            "not 1e+26",
        ),
        (
            format!("{{\"grid\": {grid}, \"box\": -1}}"),
            "a list of 2 values",
        ),
        (format!("{{\"grid\": {grid}, \"solutions\": -1}}"), "not -1"),
        (format!("{{\"grid\": {grid}, \"rules\": 5}}"), "a list"),
        ("1 2".to_string(), "a puzzle object"),
    ];
    for (text, words) in cases {
        let (code, _, err) = run(&["solve", "--input-format", "json", "-"], Some(&text));
        assert_eq!(code, 2, "{text}: {err}");
        assert!(err.contains(words), "{text}: {err}");
        for rust in [
            "usize",
            "u64",
            "i64",
            "struct",
            "JsonPuzzle",
            "sequence",
            "floating point",
        ] {
            assert!(!err.contains(rust), "{text}: {rust} in {err}");
        }
    }
}

#[test]
fn row19_message_cr_alone_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let cr = write(dir.path(), "cr.txt", &format!("{LINE}\r{LINE}\r"));
    let (code, _, err) = run(&["solve", &cr], None);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("carriage return (CR)"), "{err}");
    let (_, out, _) = run(&["batch", &cr, "-q"], None);
    assert!(out.contains("carriage return (CR)"), "{out}");
    // A CR before the LF is a Windows line end, read as ever.
    let crlf = write(dir.path(), "crlf.txt", &format!("{LINE}\r\n"));
    let (code, _, err) = run(&["solve", "-q", &crlf], None);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn row19_message_no_times_is_said_not_nan() {
    let (code, out, err) = run(&["batch", "-"], Some("not a puzzle\n"));
    assert_eq!(code, 2, "{err}");
    assert!(out.contains("bad_line"), "{out}");
    assert!(err.contains("no line reached a solver"), "{err}");
    assert!(!err.contains("NaN"), "{err}");
}

#[test]
fn row19_message_no_negative_zero_seconds() {
    let (_, lines, _) = run(&["batch", "-"], Some("not a puzzle\n"));
    let (code, _, err) = run(&["merge", "-"], Some(&lines));
    assert_eq!(code, 0, "{err}");
    assert!(err.contains(" 0.0 s of worker time"), "{err}");
    assert!(!err.contains("-0.0"), "{err}");
    assert!(!err.contains("NaN"), "{err}");
}

#[test]
fn row19_message_a_source_is_said_once() {
    // A tolerance that would let HiGHS stop at a fractional point is refused before the
    // solve (issue 34: it ended in "internal error: r1c3 holds 0"), in one line.
    let puzzle = seed("seed004_unique_9x9.json");
    let (code, _, err) = run(
        &["solve", "--highs", "mip_feasibility_tolerance=0.9", &puzzle],
        None,
    );
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("mip_feasibility_tolerance=0.9 is refused"),
        "{err}"
    );
    assert!(!err.contains("internal error"), "{err}");
    // A file that opens but cannot be read.
    let (code, _, err) = run(&["merge", "/proc/self/mem"], None);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.matches("Input/output error").count(), 1, "{err}");
}

#[test]
fn row19_message_one_wording_for_a_directory() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    for command in [
        "solve", "batch", "merge", "count", "check", "render", "explain",
    ] {
        let (code, _, err) = run(&[command, d], None);
        assert_eq!(code, 2, "{command}: {err}");
        assert!(
            err.contains(&format!("{d}: cannot open: is a directory")),
            "{command}: {err}"
        );
    }
}

#[test]
fn row19_message_control_characters_of_names_are_escaped() {
    let name = "no\u{1b}[31mred\nline.txt";
    let (code, _, err) = run(&["solve", name], None);
    assert_eq!(code, 2, "{err}");
    assert!(!err.contains('\u{1b}'), "{err:?}");
    assert_eq!(err.lines().count(), 1, "{err:?}");
    assert!(err.contains("no\\u{1b}[31mred\\nline.txt"), "{err:?}");
}

#[test]
fn row19_message_negative_seed_is_a_value_error() {
    let (code, _, err) = run(&["generate", "--size", "4", "--seed", "-1"], None);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--seed"), "{err}");
    assert!(err.contains("must be a whole number from 0"), "{err}");
    assert!(!err.contains("unexpected argument"), "{err}");
}

/// A file of the repository as text.
fn repo_text(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

#[test]
fn row20_guide_compare_table_has_every_column() {
    let command = "$ sudoku-ilp compare data/seeds/seed004_annex_9x9.json\n";
    let guide = repo_text("docs/guide.md");
    let (_, shown) = guide.split_once(command).expect("the guide runs compare");
    let header = |table: &str| -> Vec<String> {
        let first = table.lines().next().unwrap_or_default();
        first.split_whitespace().map(str::to_string).collect()
    };
    let (code, out, err) = run(&["compare", &seed("seed004_annex_9x9.json")], None);
    assert_eq!(code, 0, "{err}");
    assert_eq!(header(shown), header(&out));
    assert!(header(shown).contains(&"sat".to_string()));
}

#[test]
fn row20_what_reads_back_is_said_exactly() {
    let puzzle = seed("seed004_unique_9x9.json");
    for form in [vec!["-q"], vec!["--output", "line"], vec!["--json"]] {
        let mut args = vec!["solve"];
        args.extend(form.iter().copied());
        args.push(&puzzle);
        let (code, out, _) = run(&args, None);
        assert_eq!(code, 0);
        let (code, _, err) = run(&["solve", "-q", "-"], Some(&out));
        assert_eq!(code, 0, "{form:?} reads back: {err}");
    }
    // The default output's statistics block does not read back, and the docs say so.
    let (_, full, _) = run(&["solve", &puzzle], None);
    let (code, _, _) = run(&["solve", "-"], Some(&full));
    assert_eq!(code, 2);
    let readme = repo_text("README.md");
    assert!(!readme.contains("the tool's own output reads"), "README");
    assert!(readme.contains("the default output does\n  not"), "README");
    assert!(repo_text("docs/guide.md").contains("which does not\nread back as input"));
}

#[test]
fn row20_tutorial_section_9_shows_what_the_commands_print() {
    let tutorial = repo_text("docs/tutorial.md");
    let (_, section) = tutorial.split_once("## 9.").unwrap();
    let (_, after) = section.split_once("```text\n").unwrap();
    let (shown, _) = after.split_once("```").unwrap();
    let puzzle = seed("seed004_no_solution_9x9.json");
    let mut printed = String::new();
    for command in ["solve", "explain"] {
        let (code, out, _) = run(&[command, &puzzle], None);
        assert_eq!(code, 1);
        printed += &format!("{out}exit code 1\n");
    }
    // Times differ from run to run; every other line is as printed.
    let steady = |text: &str| -> Vec<String> {
        let lines = text.lines().filter(|l| !l.starts_with("time "));
        lines.map(str::to_string).collect()
    };
    assert_eq!(steady(shown), steady(&printed));
}

#[test]
fn row20_help_names_only_files_of_the_repository() {
    let (_, help, _) = run(&["--help"], None);
    let commands: Vec<String> = help
        .split("Commands:")
        .nth(1)
        .unwrap()
        .lines()
        .take_while(|l| !l.starts_with("Options:"))
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|c| c != "help")
        .collect();
    assert!(commands.len() > 10, "{commands:?}");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for command in &commands {
        let (code, text, err) = run(&[command, "--help"], None);
        assert_eq!(code, 0, "{command}: {err}");
        let named = text
            .split(|c: char| c.is_whitespace() || "()'\"`,;".contains(c))
            .filter(|w| {
                w.starts_with("data/") || w.starts_with("models/") || w.starts_with("docs/")
            })
            .map(|w| w.trim_end_matches(['.', ':']));
        for path in named {
            assert!(root.join(path).exists(), "{command} --help names {path}");
        }
        if let Some((_, option)) = text.split_once("--time-limit <SECONDS>") {
            let words = option.trim_start();
            assert!(
                !words.starts_with("HiGHS"),
                "{command}: --time-limit {words:.60}"
            );
        }
    }
}

/// Runs the binary with standard output closed before it writes: (exit code, standard error).
fn with_stdout_closed(args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(exe())
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn exit_codes_closed_stdout_ends_every_command_quietly_with_0() {
    let dir = tempfile::tempdir().unwrap();
    let many = write(dir.path(), "many.txt", &format!("{LINE}\n").repeat(300));
    let (unique, none) = (
        seed("seed004_unique_9x9.json"),
        seed("seed004_no_solution_9x9.json"),
    );
    let four = seed("seed004_four_solutions_9x9.json");
    let runs: Vec<Vec<&str>> = vec![
        vec!["solve", &unique],
        vec!["solve", &none],
        vec!["solve", "--json", &none],
        vec!["count", "--list", &four],
        vec!["check", &none],
        vec!["explain", &none],
        vec!["compare", &unique],
        vec!["export", "--format", "lp", &unique],
        vec!["render", &unique],
        vec!["generate", "--size", "4"],
        vec!["info", "--size", "9"],
        vec!["man"],
        vec!["completions", "bash"],
        vec!["batch", &many, "--method", "propagate"],
        vec!["solve", "--help"],
    ];
    for args in runs {
        let (code, err) = with_stdout_closed(&args);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?}: nothing on stderr: {err}");
    }
}

#[test]
fn exit_codes_as_the_readme_table_says() {
    let readme = repo_text("README.md");
    let (_, table) = readme
        .split_once("**Exit codes, one rule for every command:**")
        .unwrap();
    for code in [
        "| 0 |",
        "| 1 |",
        "| 2 |",
        "| 3 |",
        "| 130 |",
        "| 0, quietly |",
    ] {
        assert!(table.contains(code), "README's table has {code}");
    }
    let expect = |args: &[&str], code: i32| {
        let (got, _, err) = run(args, None);
        assert_eq!(got, code, "{args:?}: {err}");
    };
    let unique = seed("seed004_unique_9x9.json");
    let none = seed("seed004_no_solution_9x9.json");
    let four = seed("seed004_four_solutions_9x9.json");
    let big = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/generated/gen_25x25.json");
    expect(&["solve", "-q", &unique], 0);
    expect(&["check", &four], 0);
    expect(&["count", &four], 0);
    for command in ["solve", "count", "check", "explain"] {
        expect(&[command, &none], 1);
    }
    expect(&["compare", &none], 0);
    expect(&["solve", "--no-such-option", &unique], 2);
    expect(&["solve", "/no/such/file.json"], 2);
    let big = big.to_str().unwrap();
    expect(&["solve", "--time-limit", "0.001", big], 3);
    let out = Command::new(exe())
        .args(["solve", &unique])
        .stdout(std::fs::File::create("/dev/full").unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
}
