//! Hostile input on every input path: random bytes, mutated JSON and mutated text lines fed to
//! the parse functions in-process and to every subcommand that reads a puzzle (as a file and on
//! standard input); invalid UTF-8, byte-order marks, CRLF, huge numbers, deep nesting, truncated
//! files and an oversized file. Every case ends with exit 0–3 (2 with one line on stderr), no
//! panic, and within a timeout. Case counts are small so the suite stays short in CI; solver
//! runs get `--time-limit 5`.

use crate::common::{cli, exe, seed};
use proptest::prelude::*;
use std::io::Write;
use std::time::Duration;
use sudoku_ilp::input::{
    parse_line, parse_puzzle, parse_puzzle_lenient, read_source, ParseOptions, MAX_INPUT_BYTES,
};

/// The subcommands that read a puzzle, with options that keep each run short.
const COMMANDS: [&[&str]; 4] = [
    &["solve", "--json"],
    &["count", "--json", "--max", "3"],
    &["check"],
    &["explain", "--no-houses"],
];

/// Runs `args` (a subcommand and its options) on `input`, as a file or on standard input;
/// asserts the contract and returns the exit code.
fn run_on(args: &[&str], input: &[u8], stdin: bool) -> i32 {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("input.txt");
    let mut cmd = cli();
    cmd.args(args)
        .args(["--time-limit", "5"])
        .timeout(Duration::from_secs(60));
    if stdin {
        cmd.arg("-").write_stdin(input.to_vec());
    } else {
        std::fs::write(&path, input).unwrap();
        cmd.arg(&path);
    }
    let out = cmd.output().expect("the command ends before the timeout");
    let code = out.status.code().expect("an exit code, not a signal");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        (0..=3).contains(&code),
        "{args:?}: exit {code}, stderr {stderr}"
    );
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    if code == 2 {
        assert_eq!(stderr.lines().count(), 1, "{args:?}: one line: {stderr:?}");
        assert!(out.stdout.is_empty(), "{args:?}: nothing on stdout");
    }
    code
}

/// Every in-process input path on `bytes`: none may panic. Returns whether the strict parser
/// accepted it.
fn parse_everything(bytes: &[u8]) -> bool {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("input");
    std::fs::write(&path, bytes).unwrap();
    let Ok(text) = read_source(path.to_str().unwrap()) else {
        return false;
    };
    let mut accepted = false;
    for options in [
        ParseOptions::default(),
        ParseOptions {
            box_shape: Some((2, 3)),
            line: Some(1),
            ..ParseOptions::default()
        },
        ParseOptions {
            box_shape: None,
            line: Some(2),
            ..ParseOptions::default()
        },
    ] {
        let strict = parse_puzzle("input", &text, options);
        let lenient = parse_puzzle_lenient("input", &text, options);
        // The lenient parser accepts whatever the strict one does, with no conflicts.
        if let Ok(p) = &strict {
            let (q, conflicts) = lenient.as_ref().expect("lenient accepts it too");
            assert_eq!(p, q);
            assert!(conflicts.is_empty());
            accepted = true;
        }
    }
    for line in text.lines().take(3) {
        let _ = parse_line(line, None);
        let _ = parse_line(line, Some((3, 3)));
    }
    accepted
}

const LINE: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// One edit of a byte string: flip a byte, insert one, delete a run, or cut the end.
#[derive(Debug, Clone)]
enum Edit {
    Set(usize, u8),
    Insert(usize, u8),
    Delete(usize, usize),
    Truncate(usize),
    Duplicate(usize, usize),
}

fn edit_strategy() -> impl Strategy<Value = Edit> {
    // Bytes that matter to the parsers, plus anything.
    let byte = prop_oneof![
        prop::sample::select(b"0123456789.{}[],:\"- \r\n\t#eE+x\xef\xbb\xbf\xff".to_vec()),
        any::<u8>(),
    ];
    prop_oneof![
        (any::<usize>(), byte.clone()).prop_map(|(i, b)| Edit::Set(i, b)),
        (any::<usize>(), byte).prop_map(|(i, b)| Edit::Insert(i, b)),
        (any::<usize>(), 1usize..40).prop_map(|(i, k)| Edit::Delete(i, k)),
        any::<usize>().prop_map(Edit::Truncate),
        (any::<usize>(), 1usize..200).prop_map(|(i, k)| Edit::Duplicate(i, k)),
    ]
}

fn mutate(mut bytes: Vec<u8>, edits: &[Edit]) -> Vec<u8> {
    for edit in edits {
        let len = bytes.len().max(1);
        match *edit {
            Edit::Set(i, b) if !bytes.is_empty() => bytes[i % len] = b,
            Edit::Set(_, b) | Edit::Insert(_, b) if bytes.is_empty() => bytes.push(b),
            Edit::Insert(i, b) => bytes.insert(i % (len + 1), b),
            Edit::Delete(i, k) if !bytes.is_empty() => {
                let from = i % len;
                let to = (from + k).min(bytes.len());
                bytes.drain(from..to);
            }
            Edit::Truncate(i) => bytes.truncate(i % (len + 1)),
            Edit::Duplicate(i, k) if !bytes.is_empty() => {
                let from = i % len;
                let to = (from + k).min(bytes.len());
                let piece = bytes[from..to].to_vec();
                bytes.splice(to..to, piece);
            }
            _ => {}
        }
    }
    bytes
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic_in_process(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        parse_everything(&bytes);
    }

    #[test]
    fn mutated_json_and_lines_never_panic_in_process(
        which in 0usize..3,
        edits in prop::collection::vec(edit_strategy(), 1..6),
    ) {
        let base = match which {
            0 => std::fs::read(seed("seed004_unique_9x9.json")).unwrap(),
            1 => std::fs::read(seed("seed004_annex_8x8.json")).unwrap(),
            _ => format!("# a comment\r\n{LINE}\r\n\r\n{LINE}\n").into_bytes(),
        };
        parse_everything(&mutate(base, &edits));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_on_the_command_line(
        bytes in prop::collection::vec(any::<u8>(), 0..300),
        command in 0usize..4,
        stdin in any::<bool>(),
    ) {
        run_on(COMMANDS[command], &bytes, stdin);
    }

    #[test]
    fn mutated_inputs_on_the_command_line(
        which in 0usize..3,
        edits in prop::collection::vec(edit_strategy(), 1..4),
        command in 0usize..4,
        stdin in any::<bool>(),
    ) {
        let base = match which {
            0 => std::fs::read(seed("seed004_four_solutions_9x9.json")).unwrap(),
            1 => std::fs::read(seed("seed004_no_solution_9x9.json")).unwrap(),
            _ => format!("{LINE}\n").into_bytes(),
        };
        run_on(COMMANDS[command], &mutate(base, &edits), stdin);
    }
}

#[test]
fn encodings_and_line_ends() {
    let json = std::fs::read(seed("seed004_unique_9x9.json")).unwrap();
    let mut bom_json = b"\xef\xbb\xbf".to_vec();
    bom_json.extend(&json);
    let crlf_json = String::from_utf8(json.clone())
        .unwrap()
        .replace('\n', "\r\n")
        .into_bytes();
    let bom_crlf_line = format!("\u{feff}{LINE}\r\n").into_bytes();
    for good in [&bom_json, &crlf_json, &bom_crlf_line] {
        assert!(parse_everything(good), "{}", String::from_utf8_lossy(good));
        for args in COMMANDS {
            let code = run_on(args, good, false);
            assert!(code == 0 || code == 1, "{args:?}: {code}");
        }
    }
    let invalid_utf8 = [b"{\"grid\": \"".as_slice(), b"\xff\xfe", b"\"}"].concat();
    let latin1_line = [LINE.as_bytes(), b"\xe9"].concat();
    for bad in [&invalid_utf8, &latin1_line, &b"\xef\xbb"[..].to_vec()] {
        assert!(!parse_everything(bad));
        for args in COMMANDS {
            assert_eq!(run_on(args, bad, false), 2, "{args:?}");
            assert_eq!(run_on(args, bad, true), 2, "{args:?} on stdin");
        }
    }
}

#[test]
fn huge_numbers_deep_nesting_and_odd_json() {
    let row = |v: &str| format!("[{v},0,0,0,0,0,0,0,0]");
    let grid_with = |v: &str| {
        let rows: Vec<String> = (0..9)
            .map(|r| if r == 0 { row(v) } else { row("0") })
            .collect();
        format!("{{\"grid\": [{}]}}", rows.join(","))
    };
    let mut cases: Vec<String> = [
        "1e999",
        "-1",
        "18446744073709551616",
        "99999999999999999999999999999999999999",
        "0.5",
        "9.0",
        "-0",
        "null",
        "true",
        "\"5\"",
        "[5]",
        "{}",
    ]
    .iter()
    .map(|v| grid_with(v))
    .collect();
    cases.push(format!("{}{}", "[".repeat(100_000), "]".repeat(100_000)));
    cases.push(format!(
        "{{\"grid\": {}0{}}}",
        "[".repeat(5_000),
        "]".repeat(5_000)
    ));
    cases.push(format!(
        "{{\"grid\": \"{}\", \"box\": [18446744073709551615, 1]}}",
        ".".repeat(81)
    ));
    cases.push(format!(
        "{{\"grid\": \"{}\", \"box\": [0, 0]}}",
        ".".repeat(81)
    ));
    cases.push(format!(
        "{{\"grid\": \"{}\", \"regions\": [[1e300]]}}",
        ".".repeat(81)
    ));
    cases.push("{\"grid\": [], \"grid\": []}".into());
    cases.push("{\"grid\": \"\u{0}\u{0}\u{0}\u{0}\"}".into());
    cases.push(format!("{{\"grid\": [{}]}}", vec!["[]"; 65].join(",")));
    // Lines: a million dots (order 1000), huge integers, a line of 65² zeros.
    cases.push(".".repeat(1_000_000));
    cases.push(format!("18446744073709551616 {}", "0 ".repeat(15)));
    cases.push("0 ".repeat(65 * 65));
    for text in &cases {
        assert!(
            !parse_everything(text.as_bytes()),
            "{}",
            &text[..text.len().min(80)]
        );
        for args in COMMANDS {
            assert_eq!(
                run_on(args, text.as_bytes(), false),
                2,
                "{args:?}: {}",
                &text[..text.len().min(80)]
            );
        }
    }
}

#[test]
fn every_prefix_of_a_file_is_refused_or_solved() {
    let json = std::fs::read(seed("seed004_two_solutions_9x9.json")).unwrap();
    for cut in (0..json.len()).step_by(97) {
        parse_everything(&json[..cut]);
    }
    for cut in (0..json.len()).step_by(json.len() / 5) {
        for args in COMMANDS {
            run_on(args, &json[..cut], false);
        }
    }
}

#[test]
fn oversized_inputs_are_refused_before_being_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.txt");
    // A sparse file: 65 MiB long, almost nothing on disk.
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(MAX_INPUT_BYTES + (1 << 20)).unwrap();
    drop(file);
    let err = read_source(path.to_str().unwrap()).unwrap_err();
    assert!(err.to_string().contains("larger than 64 MiB"), "{err}");
    for args in COMMANDS {
        let out = cli()
            .args(args)
            .arg(&path)
            .timeout(Duration::from_secs(30))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("larger than 64 MiB"), "{args:?}: {stderr}");
    }
    // The same on standard input, which has no length to look at first: 64 MiB + 1 bytes.
    let mut big = vec![b'.'; MAX_INPUT_BYTES as usize + 1];
    big[0] = b'#';
    let mut child = std::process::Command::new(exe())
        .args(["solve", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // The program may stop reading once it has seen too much: a broken pipe is fine.
    let _ = stdin.write_all(&big);
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("larger than 64 MiB"));
}
