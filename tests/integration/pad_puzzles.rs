//! The real f-puzzles puzzles of `data/variants/fpuzzles_pad` (from SudokuPad's f-puzzles
//! importer tests; the rules in `meta.tsv`): each known grid passes the independent checker,
//! propagation and SAT (two engines) solve each to that grid, and each shared link reads to the
//! same puzzle as its JSON line. The sandwich sudoku of line 9 (few givens), which propagation
//! took some 40 s on before the outside clues had a propagator of their own (HiGHS did not finish
//! it within 60 s), is now decided by unit propagation alone (docs/propagation.md, issue 44).

use crate::common::lines;
use std::path::{Path, PathBuf};
use sudoku_ilp::engine::candidates::candidates_with;
use sudoku_ilp::engine::propagate::Propagate;
use sudoku_ilp::engine::sat::Sat;
use sudoku_ilp::engine::{Engine, Limits, Status};
use sudoku_ilp::input::parse_batch_line;
use sudoku_ilp::puzzle::{Grid, Puzzle};

/// The sandwich sudoku with few givens (Cracking the Cryptic's Sandwich Sudoku).
const SANDWICH: usize = 9;

fn own(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/variants")
        .join(name)
}

/// Each puzzle with its line number and known grid.
fn pad() -> Vec<(usize, Puzzle, Vec<u8>)> {
    let all = own_puzzles("fpuzzles_pad");
    assert_eq!(all.len(), 13);
    all
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
        let engines: Vec<Box<dyn Engine>> = vec![Box::new(Sat), Box::new(Propagate::default())];
        for engine in engines {
            let s = engine.solve(&puzzle, &limits).unwrap();
            let what = format!("{} on fpuzzles_pad line {number}", engine.label());
            assert_eq!(s.status, Status::Solved, "{what}");
            assert_eq!(s.grid.unwrap().values, answer, "{what}");
        }
    }
}

/// The puzzles of one of the project's files (`data/variants/NAME.*`) with their known grids.
fn own_puzzles(name: &str) -> Vec<(usize, Puzzle, Vec<u8>)> {
    let answers = lines(&own(&format!("{name}.solutions.txt")));
    let all = lines(&own(&format!("{name}.fpz.jsonl")));
    assert_eq!(answers.len(), all.len());
    all.into_iter()
        .zip(answers)
        .map(|((number, line), (_, answer))| {
            let (puzzle, _) = parse_batch_line(name, number, &line, None)
                .unwrap_or_else(|e| panic!("{name} line {number}: {e}"));
            (number, puzzle, answer.bytes().map(|b| b - b'0').collect())
        })
        .collect()
}

#[test]
fn unit_propagation_with_the_rules_keeps_every_known_value_and_decides_the_sandwich_alone() {
    // Sandwiches, X-sums, skyscrapers, between and lockout lines, quadruples, modular lines:
    // the propagators of their families remove only values no solution holds.
    for name in ["fpuzzles_pad", "fpuzzles_outside", "fpuzzles_lines"] {
        for (number, puzzle, answer) in own_puzzles(name) {
            let cand = candidates_with(&puzzle, puzzle.primitives())
                .unwrap_or_else(|| panic!("{name} line {number}: propagation found no solution"));
            for (i, (&m, &v)) in cand.iter().zip(&answer).enumerate() {
                assert_ne!(
                    m >> (v - 1) & 1,
                    0,
                    "{name} line {number}: cell {i} lost {v}"
                );
            }
            if name == "fpuzzles_pad" && number == SANDWICH {
                let singles = cand.iter().filter(|m| m.count_ones() == 1).count();
                assert_eq!(
                    singles,
                    cand.len(),
                    "the sandwich is decided without search"
                );
            }
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
