//! The real numbered-room puzzles of `data/variants/iss_rooms` (issue 44: a test on a real puzzle
//! for each rule), transcribed from the Interactive Sudoku Solver's examples to f-puzzles JSON:
//! a 6×6 and a 9×9 with numbered rooms alone. Each known grid (the one ISS stores) passes the
//! independent checker; SAT and the binary MILP each count exactly one solution, that grid;
//! propagation, backtracking (6×6) and the natural model solve each to it.

use crate::common::{highs_lock, lines};
use std::path::{Path, PathBuf};
use sudoku_ilp::engine::backtrack::Backtrack;
use sudoku_ilp::engine::milp::Milp;
use sudoku_ilp::engine::propagate::Propagate;
use sudoku_ilp::engine::sat::Sat;
use sudoku_ilp::engine::{CountEnd, Engine, Limits, Status};
use sudoku_ilp::formulation::{binary::Binary, natural::Natural};
use sudoku_ilp::input::parse_batch_line;
use sudoku_ilp::puzzle::{Grid, Puzzle};
use sudoku_ilp::rules::Rule;

fn own(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/variants")
        .join(name)
}

/// Each puzzle with its line number and known grid.
fn rooms() -> Vec<(usize, Puzzle, Vec<u8>)> {
    let answers = lines(&own("iss_rooms.solutions.txt"));
    let all = lines(&own("iss_rooms.fpz.jsonl"));
    assert_eq!(all.len(), 2);
    assert_eq!(answers.len(), all.len());
    all.into_iter()
        .zip(answers)
        .map(|((number, line), (_, answer))| {
            let (puzzle, _) = parse_batch_line("iss_rooms", number, &line, None)
                .unwrap_or_else(|e| panic!("line {number}: {e}"));
            (number, puzzle, answer.bytes().map(|b| b - b'0').collect())
        })
        .collect()
}

/// A bound against a hang, not a timing: a run past it fails on its status.
fn limits() -> Limits {
    Limits::seconds(600.0).unwrap()
}

/// `engine` counts exactly one solution of `puzzle`, `answer`, and says the count is complete.
fn counts_one(engine: &dyn Engine, puzzle: &Puzzle, answer: &[u8], what: &str) {
    let count = engine.count(puzzle, 2, &limits()).unwrap();
    let what = format!("{} count on {what}", engine.label());
    assert_eq!(count.end, CountEnd::Complete, "{what}");
    assert_eq!(count.solutions.len(), 1, "{what}");
    assert_eq!(count.solutions[0].values, answer, "{what}");
}

#[test]
fn iss_numbered_rooms_have_one_solution_the_known_grid_with_sat_and_the_binary_milp() {
    for (number, puzzle, answer) in rooms() {
        let what = format!("iss_rooms line {number}");
        let rooms = puzzle
            .rules()
            .iter()
            .filter(|r| matches!(r, Rule::NumberedRoom(_)))
            .count();
        assert_eq!(rooms, puzzle.rules().len(), "{what}: numbered rooms alone");
        assert!(rooms >= 20, "{what}: {rooms} rooms");
        let n = puzzle.order();
        let known = Grid {
            n,
            values: answer.clone(),
        };
        sudoku_ilp::check::check(&puzzle, &known)
            .unwrap_or_else(|e| panic!("{what}: the known grid fails the checker: {e:?}"));
        counts_one(&Sat, &puzzle, &answer, &what);
        let _guard = highs_lock();
        counts_one(&Milp::new(Binary::default()), &puzzle, &answer, &what);
    }
}

#[test]
fn iss_numbered_rooms_solve_to_the_known_grid_with_the_other_engines() {
    for (number, puzzle, answer) in rooms() {
        let what = format!("iss_rooms line {number}");
        let mut engines: Vec<Box<dyn Engine>> = vec![Box::new(Propagate::default())];
        if puzzle.order() <= 6 {
            engines.push(Box::new(Backtrack));
        }
        let _guard = highs_lock();
        engines.push(Box::new(Milp::new(Natural::default())));
        for engine in engines {
            let s = engine.solve(&puzzle, &limits()).unwrap();
            assert_eq!(s.status, Status::Solved, "{} on {what}", engine.label());
            assert_eq!(
                s.grid.unwrap().values,
                answer,
                "{} on {what}",
                engine.label()
            );
        }
    }
}
