//! Implied sums (innies and outies, `sudoku_ilp::implied`) on real killers: every derived
//! equality holds on the known solution of every hard killer and of a sample of krazydad killers,
//! and the hard killers that the implied sums made fast are solved by sat and propagate.

use crate::common::killer_lines::{fpuzzles, sudocue};
use crate::common::{assert_solves_to, variant_sample};
use sudoku_ilp::engine::propagate::Propagate;
use sudoku_ilp::engine::sat::Sat;
use sudoku_ilp::engine::{Engine, Limits};
use sudoku_ilp::implied::implied_sums;
use sudoku_ilp::puzzle::Puzzle;

/// Every `every`-th puzzle of a variants file, read by `read`, with its known solution.
fn sample(file: &str, every: usize, read: fn(&str) -> Puzzle) -> Vec<(usize, Puzzle, Vec<u8>)> {
    variant_sample(file, every)
        .into_iter()
        .map(|(number, line, answer)| (number, read(&line), answer))
        .collect()
}

/// The implied sums over up to `max_cells` cells; each holds on `answer`. Returns how many.
fn implied_hold(p: &Puzzle, answer: &[u8], max_cells: usize, what: &str) -> usize {
    let n = p.order();
    let implied = implied_sums(n, p.houses(), p.givens(), p.primitives(), max_cells);
    for q in &implied {
        assert!(
            q.holds(|c| answer[c.row * n + c.col]),
            "{what}: the implied {q} does not hold on the known solution"
        );
    }
    implied.len()
}

#[test]
fn implied_sums_hold_on_the_solutions_of_real_killers() {
    let hard = sample("killer_hard.fpz.jsonl", 1, fpuzzles);
    let krazy = sample("krazydad_killer.sudocue.txt", 150, sudocue);
    for (file, puzzles) in [("killer_hard", hard), ("krazydad", krazy)] {
        for (number, p, answer) in puzzles {
            let what = format!("{file} line {number}");
            // Up to 9 cells, more than the engines use, to check the derivation widely.
            let found = implied_hold(&p, &answer, 9, &what);
            assert!(found > 0, "{what}: no implied sum");
        }
    }
}

#[test]
fn sat_and_propagate_solve_the_hard_killers_implied_sums_made_fast() {
    // With the implied sums, propagate solves these in under 5 ms and sat in about 0.1 s
    // (release build, docs/performance.md, issue 21); before, only lines 30, 31, 34 and 36
    // finished under 0.1 s with propagate.
    let fast = [2, 3, 16, 18];
    for (number, p, answer) in sample("killer_hard.fpz.jsonl", 1, fpuzzles) {
        if !fast.contains(&number) {
            continue;
        }
        let what = format!("killer_hard line {number}");
        for engine in [&Propagate::default() as &dyn Engine, &Sat] {
            assert_solves_to(engine, &p, &Limits { time_limit: 30.0 }, &answer, &what);
        }
    }
}
