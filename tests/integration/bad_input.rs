//! Every class of bad input exits 2 with exactly one line on stderr that names the source and
//! the place and says what is wrong; never a panic, never a partial grid on stdout.

use crate::common::cli;
use std::io::Write;

/// Runs `solve` on `content` written to a file named `name`; returns (exit code, stderr, stdout).
fn solve_file(name: &str, content: &[u8], extra: &[&str]) -> (i32, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::File::create(&path)
        .unwrap()
        .write_all(content)
        .unwrap();
    let out = cli().arg("solve").args(extra).arg(&path).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    (
        out.status.code().unwrap(),
        stderr.replace(&*path.to_string_lossy(), name),
        stdout,
    )
}

/// Asserts exit 2, one stderr line, no stdout, and that the line contains every fragment.
fn assert_bad(name: &str, content: &[u8], extra: &[&str], fragments: &[&str]) {
    let (code, stderr, stdout) = solve_file(name, content, extra);
    assert_eq!(code, 2, "exit 2 for {name}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr:?}");
    assert!(stdout.is_empty(), "nothing on stdout: {stdout:?}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    for f in fragments {
        assert!(stderr.contains(f), "{stderr:?} should contain {f:?}");
    }
}

fn grid_json(rows: &[Vec<i64>]) -> String {
    let rows: Vec<String> = rows.iter().map(|r| format!("{r:?}")).collect();
    format!("{{\"grid\": [\n{}\n]}}", rows.join(",\n"))
}

fn empty_rows(n: usize) -> Vec<Vec<i64>> {
    vec![vec![0; n]; n]
}

#[test]
fn missing_and_unreadable_files() {
    let out = cli()
        .args(["solve", "no/such/puzzle.json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err,
        "sudoku-ilp: no/such/puzzle.json: cannot open: no such file\n"
    );

    let dir = tempfile::tempdir().unwrap();
    let out = cli().arg("solve").arg(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("cannot open: is a directory"), "{err}");
    assert_eq!(err.lines().count(), 1);
}

#[test]
fn empty_input() {
    assert_bad(
        "empty.txt",
        b"",
        &[],
        &["empty.txt", "no puzzle: the input is empty"],
    );
    assert_bad(
        "blank.txt",
        b"\n  \n# comment\n",
        &[],
        &["blank.txt", "no puzzle"],
    );
    let out = cli().args(["solve", "-"]).write_stdin("").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("<stdin>: no puzzle"));
}

#[test]
fn malformed_json() {
    assert_bad(
        "bad.json",
        b"{\"grid\": [[1, 0],\n  [0, 0]",
        &[],
        &["bad.json:2:", "invalid JSON"],
    );
    assert_bad(
        "trailing.json",
        b"{\"grid\": \"....\"} x",
        &[],
        &["trailing.json:1:", "trailing characters"],
    );
    assert_bad(
        "deep.json",
        format!("{{\"grid\": {}", "[".repeat(10_000)).as_bytes(),
        &[],
        &["deep.json:1:", "invalid JSON"],
    );
}

#[test]
fn unknown_fields() {
    assert_bad(
        "field.json",
        b"{\"grid\": \"....\",\n \"colour\": \"red\"}",
        &[],
        &["field.json:2:", "unknown field `colour`"],
    );
}

#[test]
fn wrong_number_of_rows_or_row_length() {
    let mut rows = empty_rows(9);
    rows.pop();
    assert_bad(
        "rows.json",
        grid_json(&rows).as_bytes(),
        &[],
        &["rows.json", "8 rows of 9 values"],
    );
    let mut rows = empty_rows(9);
    rows[4].pop();
    assert_bad(
        "row.json",
        grid_json(&rows).as_bytes(),
        &[],
        &["row.json", "\"grid\" row 5 has 8 values, expected 9"],
    );
    assert_bad(
        "short.txt",
        ".".repeat(80).as_bytes(),
        &[],
        &["short.txt:1:1", "80 cells is not a square number"],
    );
    assert_bad(
        "str.json",
        b"{\"grid\": \"123\"}",
        &[],
        &["str.json", "3 characters"],
    );
}

#[test]
fn value_outside_range() {
    let mut rows = empty_rows(9);
    rows[2][6] = 10;
    assert_bad(
        "big.json",
        grid_json(&rows).as_bytes(),
        &[],
        &["big.json: grid row 3, column 7", "value 10 is outside 0..9"],
    );
    rows[2][6] = -1;
    assert_bad(
        "neg.json",
        grid_json(&rows).as_bytes(),
        &[],
        &["neg.json: grid row 3, column 7", "value -1 is outside 0..9"],
    );
    assert_bad(
        "four.txt",
        b"5...............\n",
        &[],
        &["four.txt:1:1", "r1c1: value 5 is outside 0..4"],
    );
    let mut tokens = vec!["0"; 16];
    tokens[5] = "99999999999999999999999";
    assert_bad(
        "huge.txt",
        tokens.join(" ").as_bytes(),
        &[],
        &["huge.txt:1:11", "r2c2"],
    );
}

#[test]
fn value_not_an_integer() {
    let doc = "{\"grid\": [[0, 0, 0, 0], [0, 2.5, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]}";
    assert_bad(
        "float.json",
        doc.as_bytes(),
        &[],
        &["float.json: grid row 2, column 2", "2.5 is not an integer"],
    );
    let doc = "{\"grid\": [[0, 0, 0, 0], [0, 0, \"3\", 0], [0, 0, 0, 0], [0, 0, 0, 0]]}";
    assert_bad(
        "string.json",
        doc.as_bytes(),
        &[],
        &[
            "string.json: grid row 2, column 3",
            "\"3\" is not an integer",
        ],
    );
    let mut line: Vec<u8> = ".".repeat(81).into_bytes();
    line[40] = b'x';
    assert_bad(
        "x.txt",
        &line,
        &[],
        &["x.txt:1:41", "r5c5", "\"x\" is not a digit"],
    );
    assert_bad(
        "grid.json",
        b"{\"grid\": 7}",
        &[],
        &["grid.json", "must be n arrays of n integers"],
    );
}

#[test]
fn order_without_box_shape() {
    assert_bad(
        "six.json",
        grid_json(&empty_rows(6)).as_bytes(),
        &[],
        &["six.json", "order 6 has no square boxes"],
    );
    assert_bad(
        "six.txt",
        "0 ".repeat(36).as_bytes(),
        &[],
        &["six.txt:1:1", "order 6 has no square boxes"],
    );
    let doc = format!("{{\"box\": [2, 2], {}", &grid_json(&empty_rows(6))[1..]);
    assert_bad(
        "tile.json",
        doc.as_bytes(),
        &[],
        &["tile.json", "box 2x2 does not tile a 6x6 grid"],
    );
    assert_bad(
        "flag.txt",
        "0 ".repeat(36).as_bytes(),
        &["--box", "3x3"],
        &["flag.txt:1:1", "box 3x3 does not tile"],
    );
}

#[test]
fn order_above_64() {
    assert_bad(
        "huge.json",
        grid_json(&empty_rows(65)).as_bytes(),
        &[],
        &["huge.json", "65 rows; the maximum order is 64"],
    );
    assert_bad(
        "huge.txt",
        "0 ".repeat(81 * 81).as_bytes(),
        &[],
        &["huge.txt:1:1", "order 81 is larger than the maximum 64"],
    );
}

#[test]
fn equal_givens_in_one_house() {
    let mut rows = empty_rows(9);
    rows[0][0] = 7;
    rows[2][1] = 7;
    assert_bad(
        "dup.json",
        grid_json(&rows).as_bytes(),
        &[],
        &["dup.json: r1c1 and r3c2 both hold 7 in box 1"],
    );
    let mut line: Vec<u8> = ".".repeat(81).into_bytes();
    line[3] = b'4';
    line[75] = b'4';
    assert_bad(
        "dup.txt",
        &line,
        &[],
        &["dup.txt:1:1", "r1c4 and r9c4 both hold 4 in column 4"],
    );
}

#[test]
fn invalid_utf8_and_line_selection() {
    assert_bad(
        "latin1.txt",
        b"....\n..\xe9.",
        &[],
        &["latin1.txt:2:3", "not valid UTF-8"],
    );
    let two = format!("{}\n{}\n", ".".repeat(81), ".".repeat(81));
    assert_bad(
        "two.txt",
        two.as_bytes(),
        &[],
        &["two.txt", "2 puzzle lines", "--line"],
    );
    assert_bad(
        "two.txt",
        two.as_bytes(),
        &["--line", "3"],
        &["two.txt", "--line 3: the file has 2 puzzle lines"],
    );
    assert_bad(
        "one.json",
        b"{\"grid\": \"....\"}",
        &["--line", "1"],
        &["one.json", "--line applies to line files"],
    );
}

#[test]
fn byte_order_mark_and_crlf_are_accepted() {
    let mut content = b"\xef\xbb\xbf".to_vec();
    content.extend_from_slice(b"# a 4x4\r\n1.3.........4..2\r\n");
    let (code, stderr, stdout) = solve_file("bom.txt", &content, &[]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("status   solved"), "{stdout}");
    assert!(
        stdout.lines().nth(1).unwrap().starts_with("| 1 "),
        "{stdout}"
    );
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        vec!["solve"],
        vec!["solve", "--time-limit", "0", "x.json"],
        vec!["solve", "--box", "2by3", "x.json"],
        vec!["frobnicate"],
    ] {
        let out = cli().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}
