//! Links as people share them (issue 44 item 4): an f-puzzles link, SudokuPad's form carrying
//! the same payload and the lz-string text alone read to the same puzzle, whether given as the
//! argument, as a file's content or on standard input; a link that cannot be read is one line
//! naming what is wrong, with exit code 2.

use crate::common::run;
use std::path::Path;

/// The first f-puzzles link of the project's own real puzzles (a renban, whispers… line puzzle).
fn link() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/variants/fpuzzles_lines.links.txt");
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().next().unwrap().trim().to_string()
}

/// The lines of `solve`'s output but its timing line.
fn solved(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let (code, out, err) = run(args, stdin);
    let kept: Vec<&str> = out.lines().filter(|l| !l.starts_with("time")).collect();
    (code, kept.join("\n"), err)
}

#[test]
fn every_shared_form_of_a_link_reads_to_the_same_solved_grid() {
    let link = link();
    let payload = link.split("load=").nth(1).unwrap().to_string();
    let (code, want, err) = solved(&["solve", &link], None);
    assert_eq!(code, 0, "{err}");
    assert!(want.contains("+-------"), "a grid: {want}");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("payload.txt");
    std::fs::write(&file, format!("{payload}\n")).unwrap();
    let file = file.to_str().unwrap().to_string();
    let forms = [
        format!("https://sudokupad.app/fpuzzles{payload}"),
        format!("https://sudokupad.app/?puzzleid=fpuzzles{payload}"),
        payload.clone(),
        file,
    ];
    for form in &forms {
        let (code, out, err) = solved(&["solve", form], None);
        assert_eq!((code, out.as_str()), (0, want.as_str()), "{form}: {err}");
    }
    let (code, out, err) = solved(&["solve", "-"], Some(&link));
    assert_eq!((code, out.as_str()), (0, want.as_str()), "stdin: {err}");
}

#[test]
fn a_link_that_cannot_be_read_is_one_line_and_exit_code_2() {
    let link = link();
    let payload = link.split("load=").nth(1).unwrap().to_string();
    let cut = &payload[..payload.len() / 2];
    let cases = [
        (format!("https://f-puzzles.com/?load={cut}"), "cut short"),
        (format!("https://sudokupad.app/fpuzzles{cut}"), "cut short"),
        (cut.to_string(), "cut short"),
        (
            "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCALhNAbO8QCkBDAOwDoACANm!!".into(),
            "does not decompress",
        ),
        (
            "https://sudokupad.app/scl0123456789".into(),
            "not an f-puzzles link",
        ),
        (
            "https://tinyurl.com/2p8c6mkm".into(),
            "not an f-puzzles link",
        ),
    ];
    for (arg, says) in &cases {
        let (code, out, err) = run(&["solve", arg], None);
        assert_eq!(code, 2, "{arg}: {err}");
        assert!(out.is_empty(), "{arg}: nothing on standard output");
        assert_eq!(err.trim_end().lines().count(), 1, "{arg}: one line: {err}");
        assert!(err.contains(says), "{arg}: {err}");
        assert!(!err.contains("panicked"), "{arg}: {err}");
    }
}
