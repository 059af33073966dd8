//! Real files read as their authors meant them (issue 34): f-puzzles values written as strings
//! or numbers, digit-string solutions, a duplicated key refused, a link as the argument itself;
//! 16×16 and 25×25 lines written with letters; a jigsaw line without its region string; one
//! line that is not UTF-8 spoiling only itself.

use crate::common::{brute, run, shared_data};

/// An empty 4×4 f-puzzles grid with `tail` appended inside the object.
fn four(tail: &str) -> String {
    let grid: Vec<String> = (0..4).map(|_| "[{},{},{},{}]".to_string()).collect();
    format!(r#"{{"size":4,"grid":[{}]{tail}}}"#, grid.join(","))
}

/// `count` of a puzzle on standard input: the exit code and the count.
fn count(text: &str) -> (i32, Option<usize>, String) {
    let (code, out, err) = run(&["count", "--method", "backtrack", "-"], Some(text));
    let n = out
        .split_whitespace()
        .nth(1)
        .and_then(|w| w.parse::<usize>().ok());
    (code, n, err)
}

/// The brute-force count of an empty 4×4 with `rules`.
fn brute_count(rules: Vec<brute::R>, diagonals: bool) -> usize {
    let spec = brute::Spec {
        diagonals,
        rules,
        ..brute::Spec::empty(2, 2)
    };
    brute::solutions(&spec, 10_000, u64::MAX).unwrap().len()
}

#[test]
fn fpuzzles_flags_written_as_strings_or_numbers_are_read() {
    let knight = brute_count(vec![brute::R::AntiKnight], false);
    let diagonal = brute_count(Vec::new(), true);
    assert!(knight < 288 && diagonal < 288);
    for (tail, expected) in [
        (r#","antiknight":true"#, knight),
        (r#","antiknight":"true""#, knight),
        (r#","antiknight":1"#, knight),
        (r#","antiknight":"false""#, 288),
        (r#","diagonal+":1,"diagonal-":"true""#, diagonal),
    ] {
        let (code, n, err) = count(&four(tail));
        assert_eq!((code, n), (0, Some(expected)), "{tail}: {err}");
    }
    // A value that is no boolean is refused by name, never dropped.
    let (code, _, err) = count(&four(r#","antiknight":"maybe""#));
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("\"antiknight\" is \"maybe\""), "{err}");
}

#[test]
fn fpuzzles_givens_and_regions_written_as_strings_are_read() {
    // r1c1 = 1 given as {"value":"1","given":"true"}.
    let grid: Vec<String> = (0..4)
        .map(|r| {
            let first = if r == 0 {
                r#"{"value":"1","given":"true"}"#
            } else {
                "{}"
            };
            format!("[{first},{{}},{{}},{{}}]")
        })
        .collect();
    let text = format!(r#"{{"size":"4","grid":[{}]}}"#, grid.join(","));
    let (code, n, err) = count(&text);
    assert_eq!((code, n), (0, Some(288 / 4)), "{err}");
}

#[test]
fn fpuzzles_solutions_as_digit_strings_are_read_and_checked() {
    let good = r#","solution":["1","2","3","4","3","4","1","2","2","1","4","3","4","3","2","1"]"#;
    let (code, out, err) = run(&["solve", "-"], Some(&four(good)));
    assert_eq!(code, 0, "{err}");
    assert!(!out.is_empty());
    let wrong = r#","solution":["1","2","3","4","3","4","1","2","2","1","4","3","4","3","1","2"]"#;
    let (code, _, err) = run(&["solve", "-"], Some(&four(wrong)));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("the given \"solution\" is wrong"), "{err}");
}

#[test]
fn a_duplicated_fpuzzles_key_is_refused() {
    let cage =
        |cells: &str, sum: u32| format!(r#","killercage":[{{"cells":[{cells}],"value":"{sum}"}}]"#);
    let twice = format!(
        "{}{}",
        cage(r#""R1C1","R1C2""#, 3),
        cage(r#""R4C3","R4C4""#, 7)
    );
    let (code, out, err) = run(&["solve", "-"], Some(&four(&twice)));
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("duplicate field `killercage`"), "{err}");
    // The project's own JSON says it the same way.
    let (code, _, err) = run(
        &["solve", "-"],
        Some(r#"{"grid": "1.3.........4..2", "grid": "1.3.........4..2"}"#),
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("duplicate field `grid`"), "{err}");
}

#[test]
fn an_fpuzzles_link_is_read_as_the_argument_itself() {
    let Some(path) = shared_data("variants/fpuzzles_links.txt") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let link = text
        .lines()
        .find(|l| l.starts_with("https://"))
        .expect("a link");
    let (code, out, err) = run(&["solve", link], None);
    assert_eq!(code, 0, "{err}");
    assert!(!out.is_empty());
    let (code, _, err) = run(&["check", "--method", "sat", link], None);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn lettered_16x16_and_25x25_lines_are_read() {
    let Some(path) = shared_data("grid16_janko.txt") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let line = text.lines().find(|l| !l.trim().is_empty()).unwrap();
    let values: Vec<u32> = line
        .split_whitespace()
        .map(|t| t.parse().unwrap_or(0))
        .collect();
    assert_eq!(values.len(), 256);
    // A–P for 1–16, and 1–9 then A–G for 10–16.
    let letters: String = values
        .iter()
        .map(|&v| {
            if v == 0 {
                '.'
            } else {
                (b'A' + v as u8 - 1) as char
            }
        })
        .collect();
    let mixed: String = values
        .iter()
        .map(|&v| match v {
            0 => '.',
            1..=9 => char::from_digit(v, 10).unwrap(),
            _ => (b'A' + (v - 10) as u8) as char,
        })
        .collect();
    let (code, numbers, err) = run(&["solve", "--json", "-"], Some(line));
    assert_eq!(code, 0, "{err}");
    let grid = |out: &str| serde_json::from_str::<serde_json::Value>(out).unwrap()["grid"].clone();
    for text in [&letters, &mixed, &letters.to_lowercase()] {
        let (code, out, err) = run(&["solve", "--json", "-"], Some(text));
        assert_eq!(code, 0, "{text}: {err}");
        assert_eq!(grid(&out), grid(&numbers), "{text}");
    }
    // A letter past the encoding names the cell and both encodings.
    let bad = mixed.replacen('.', "Q", 1);
    let (code, _, err) = run(&["solve", "-"], Some(&bad));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("A-P for 1-16, or 1-9 then A-G"), "{err}");
    // 25×25: A–Y.
    let empty25: String = std::iter::once('A')
        .chain(std::iter::repeat_n('.', 624))
        .collect();
    let (code, _, err) = run(&["solve", "--method", "sat", "-"], Some(&empty25));
    assert_eq!(code, 0, "{err}");
}

#[test]
fn a_jigsaw_line_without_its_region_string_says_so() {
    let givens = format!("1{}", ".".repeat(80));
    let solution = "123456789".repeat(9);
    let (code, _, err) = run(&["solve", "-"], Some(&format!("{givens} {solution}\n")));
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("the region string is missing"), "{err}");
}

#[test]
fn a_line_that_is_not_utf8_spoils_only_itself() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("lines.txt");
    let good = format!("1{}\n", ".".repeat(15));
    let mut bytes = good.clone().into_bytes();
    bytes.extend_from_slice(b"1.3.\xff.......4..2\n");
    bytes.extend_from_slice(good.as_bytes());
    std::fs::write(&file, bytes).unwrap();
    let f = file.to_str().unwrap();
    for k in ["1", "3"] {
        let (code, _, err) = run(&["solve", "--line", k, f], None);
        assert_eq!(code, 0, "--line {k}: {err}");
    }
    let (code, _, err) = run(&["solve", "--line", "2", f], None);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains(":2:5: not valid UTF-8 text"), "{err}");
    // A whole JSON document with such a byte is still refused.
    let json = dir.path().join("p.json");
    std::fs::write(
        &json,
        b"{\"grid\": \"1.3.........4..2\", \"name\": \"\xff\"}",
    )
    .unwrap();
    let (code, _, err) = run(&["solve", json.to_str().unwrap()], None);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not valid UTF-8 text"), "{err}");
}
