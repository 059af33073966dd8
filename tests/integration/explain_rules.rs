//! `explain` with variant rules (issue 22): published krazydad killers with one cage sum moved
//! by one (so no solution) must be explained by a minimal set that holds that cage. The set is
//! checked with another engine (CaDiCaL): no completion with the set, a completion without any
//! one of its units. HiGHS runs are serialised by a static mutex.

use crate::common::{highs_lock, killer_lines::fpuzzles, run_json, variant_sample};
use sudoku_ilp::engine::{sat::Sat, CountEnd, Engine, Limits};
use sudoku_ilp::explain::{explain, Verdict};
use sudoku_ilp::puzzle::Puzzle;
use sudoku_ilp::rules::{distinct_sum_range, Rule};
use sudoku_ilp::solve::SolveOptions;

/// Every 1,500th krazydad killer (5 puzzles) with cage `line % cages` moved by +1 (or −1 when
/// +1 is out of range): the puzzle, its rules, and the index of the changed cage.
pub(crate) fn broken_killers() -> Vec<(usize, Puzzle, usize)> {
    variant_sample("krazydad_killer.fpz.jsonl", 1500)
        .into_iter()
        .map(|(number, line, _)| {
            let puzzle = fpuzzles(&line);
            let mut rules = puzzle.rules().to_vec();
            let k = number % rules.len();
            let Rule::Killer(cage) = &mut rules[k] else {
                panic!("line {number}: a krazydad rule that is not a cage");
            };
            let sum = cage.sum.expect("krazydad cages have sums");
            let (_, max) = distinct_sum_range(9, cage.cells.len());
            cage.sum = Some(if sum < max { sum + 1 } else { sum - 1 });
            (number, puzzle.with_rules(rules).unwrap(), k)
        })
        .collect()
}

/// Counts the completions of `givens` under `rules` (the puzzle's houses all on) with CaDiCaL,
/// up to 1.
fn sat_count(puzzle: &Puzzle, givens: &[(sudoku_ilp::puzzle::Cell, u8)], rules: &[Rule]) -> usize {
    let n = puzzle.order();
    let mut values = vec![0u8; n * n];
    for (c, v) in givens {
        values[c.row * n + c.col] = *v;
    }
    let p = puzzle
        .with_givens(values)
        .unwrap()
        .with_rules(rules.to_vec())
        .unwrap();
    let count = Sat.count(&p, 1, &Limits::default()).unwrap();
    assert_ne!(count.end, CountEnd::TimeLimit);
    count.solutions.len()
}

#[test]
fn a_killer_with_one_cage_sum_moved_is_explained_by_a_minimal_set_holding_that_cage() {
    for (number, puzzle, k) in broken_killers() {
        let explained = {
            let _guard = highs_lock();
            let limits = Limits::seconds(3600.0).unwrap();
            explain(&puzzle, &[], false, &SolveOptions::default(), &limits).unwrap()
        };
        let Verdict::NoSolution(why) = explained.verdict else {
            panic!(
                "line {number}: no solution expected, got {:?}",
                explained.verdict
            );
        };
        assert!(
            why.minimal,
            "line {number}: the set is not verified minimal"
        );
        assert!(
            why.rules.contains(&k),
            "line {number}: cage {k} missing from {:?}",
            why.rules
        );
        assert!(
            why.givens.is_empty(),
            "line {number}: krazydad killers have no givens"
        );
        // Another engine agrees: no completion with the set, one without any one cage of it.
        let kept: Vec<Rule> = why
            .rules
            .iter()
            .map(|&r| puzzle.rules()[r].clone())
            .collect();
        assert_eq!(sat_count(&puzzle, &why.givens, &kept), 0, "line {number}");
        for drop in 0..kept.len() {
            let mut fewer = kept.clone();
            fewer.remove(drop);
            assert_eq!(
                sat_count(&puzzle, &why.givens, &fewer),
                1,
                "line {number}: the set without rule {} still has no completion",
                why.rules[drop] + 1
            );
        }
    }
}

#[test]
fn explain_json_lists_the_cages_of_the_set_with_their_cells() {
    let Some((number, puzzle, k)) = broken_killers().into_iter().next() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("broken.json");
    let json = sudoku_ilp::report::json::puzzle_json(&puzzle);
    std::fs::write(&file, json.to_string()).unwrap();
    let svg = dir.path().join("why.svg");
    let (code, doc, err) = run_json(
        &[
            "explain",
            "--no-houses",
            "--json",
            "--svg",
            svg.to_str().unwrap(),
            file.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(code, 1, "line {number}: {err}");
    assert_eq!(doc["status"], "infeasible");
    assert_eq!(doc["minimal"], true);
    let rules = doc["rules"].as_array().unwrap();
    let changed = rules
        .iter()
        .find(|r| r["index"] == k + 1)
        .unwrap_or_else(|| panic!("line {number}: cage {} not listed: {doc}", k + 1));
    assert_eq!(changed["type"], "killer");
    let Rule::Killer(cage) = &puzzle.rules()[k] else {
        unreachable!()
    };
    let cells: Vec<[usize; 2]> = cage.cells.iter().map(|c| [c.row + 1, c.col + 1]).collect();
    assert_eq!(changed["cells"], serde_json::json!(cells));
    assert_eq!(changed["rule"]["sum"], cage.sum.unwrap());
    assert_eq!(doc["houses"], serde_json::Value::Null, "--no-houses");
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.contains(&format!(">R{}</text>", k + 1)));
}

#[test]
fn every_rule_type_of_the_iss_examples_owns_its_model_rows() {
    // `explain` refuses (an internal error) a model row that belongs to no rule instance, before
    // its first solve: on every ISS example (every rule type of the sample) it must not, and a
    // grid it finds (within 0.2 s) is the known solution.
    for (number, line, answer) in variant_sample("iss_examples.fpz.jsonl", 1) {
        let puzzle = fpuzzles(&line);
        let _guard = highs_lock();
        let limits = Limits::seconds(0.2).unwrap();
        let explained = explain(&puzzle, &[], false, &SolveOptions::default(), &limits)
            .unwrap_or_else(|e| panic!("line {number}: {e}"));
        if let Verdict::Solvable(grid) = explained.verdict {
            assert_eq!(grid.values, answer, "line {number}");
        }
    }
}
