//! The real f-puzzles puzzles of `data/variants/fpuzzles_pad` (from SudokuPad's f-puzzles
//! importer tests; the rules in `meta.tsv`): each known grid passes the independent checker,
//! propagation and SAT (two engines) solve each to that grid, and each shared link reads to the
//! same puzzle as its JSON line. The sandwich sudoku of line 9 (few givens) is SAT's alone here:
//! propagation takes some 40 s on it in a release build, and HiGHS did not finish it within
//! 60 s (both on the busy 2-core machine; SAT about a second); the three agreed on it once, when
//! the file was made (data/variants/README.md).

use crate::common::lines;
use std::path::{Path, PathBuf};
use sudoku_ilp::engine::propagate::Propagate;
use sudoku_ilp::engine::sat::Sat;
use sudoku_ilp::engine::{Engine, Limits, Status};
use sudoku_ilp::input::parse_batch_line;
use sudoku_ilp::puzzle::{Grid, Puzzle};

/// The sandwich sudoku with few givens that only SAT solves in a test's time.
const SLOW_BUT_FOR_SAT: usize = 9;

fn own(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/variants")
        .join(name)
}

/// Each puzzle with its line number and known grid.
fn pad() -> Vec<(usize, Puzzle, Vec<u8>)> {
    let answers = lines(&own("fpuzzles_pad.solutions.txt"));
    let all = lines(&own("fpuzzles_pad.fpz.jsonl"));
    assert_eq!(all.len(), 13);
    assert_eq!(answers.len(), all.len());
    all.into_iter()
        .zip(answers)
        .map(|((number, line), (_, answer))| {
            let (puzzle, _) = parse_batch_line("fpuzzles_pad", number, &line, None)
                .unwrap_or_else(|e| panic!("line {number}: {e}"));
            (number, puzzle, answer.bytes().map(|b| b - b'0').collect())
        })
        .collect()
}

#[test]
fn fpuzzles_pad_solves_to_its_known_grids_with_propagate_and_sat() {
    // A bound against a hang, not a timing: a run past it fails on its status.
    let limits = Limits { time_limit: 600.0 };
    for (number, puzzle, answer) in pad() {
        let n = puzzle.order();
        sudoku_ilp::check::check(
            &puzzle,
            &Grid {
                n,
                values: answer.clone(),
            },
        )
        .unwrap_or_else(|e| panic!("line {number}: the known grid fails the checker: {e:?}"));
        let mut engines: Vec<Box<dyn Engine>> = vec![Box::new(Sat)];
        if number != SLOW_BUT_FOR_SAT {
            engines.push(Box::new(Propagate::default()));
        }
        for engine in engines {
            let s = engine.solve(&puzzle, &limits).unwrap();
            let what = format!("{} on fpuzzles_pad line {number}", engine.label());
            assert_eq!(s.status, Status::Solved, "{what}");
            assert_eq!(s.grid.unwrap().values, answer, "{what}");
        }
    }
}

#[test]
fn fpuzzles_pad_links_read_to_their_json_lines() {
    let links = lines(&own("fpuzzles_pad.links.txt"));
    let puzzles = pad();
    assert_eq!(links.len(), puzzles.len());
    for ((number, link), (_, puzzle, _)) in links.into_iter().zip(&puzzles) {
        assert!(
            link.starts_with("https://f-puzzles.com/?load="),
            "line {number}"
        );
        let (read, _) = parse_batch_line("fpuzzles_pad.links", number, &link, None).unwrap();
        assert_eq!(read.givens(), puzzle.givens(), "line {number}");
        assert_eq!(read.rules(), puzzle.rules(), "line {number}");
    }
}
