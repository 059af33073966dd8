//! `explain --fix` (issue 35, Deliver 6): the fewest givens or rule instances to remove so that
//! the puzzle has a solution. A 9×9 with one typo in a given needs exactly one given removed, a
//! killer with one cage sum moved by one exactly one cage; each answer is verified here with
//! CaDiCaL and the test's own checks, not with HiGHS. `explain` itself skips the houses filter
//! on a puzzle with rules unless `--houses` asks for it (the glpsol check of the exported fix
//! model is in `export/fix.rs`).

use crate::common::{is_solution, json_grid, run_json, seed_givens};
use serde_json::Value;
use sudoku_ilp::engine::{sat::Sat, CountEnd, Engine, Limits};
use sudoku_ilp::fix::{fix, FixVerdict};
use sudoku_ilp::puzzle::Puzzle;
use sudoku_ilp::rules::Rule;
use sudoku_ilp::solve::SolveOptions;

/// Solutions of `puzzle` counted by CaDiCaL, up to 1.
fn sat_count(puzzle: &Puzzle) -> usize {
    let count = Sat.count(puzzle, 1, &Limits::default()).unwrap();
    assert_ne!(count.end, CountEnd::TimeLimit);
    count.solutions.len()
}

/// seed004_unique_9x9 with every other cell of its solution given too (a grid as a student
/// copies it from a book, 50 givens), then its first typo (row-major, smallest value first)
/// that breaks no house directly (so the parser reads it) and leaves the grid without a
/// solution: (givens, cell).
fn typo_grid() -> (Vec<u32>, usize) {
    let seed = seed_givens("seed004_unique_9x9.json");
    let values: Vec<u8> = seed.iter().map(|&x| x as u8).collect();
    let count = Sat.count(
        &Puzzle::with_square_boxes(9, values).unwrap(),
        1,
        &Limits::default(),
    );
    let solution = &count.unwrap().solutions[0];
    let givens: Vec<u32> = (0..81)
        .map(|c| match (seed[c], c % 2) {
            (0, 0) => solution.values[c] as u32,
            (g, _) => g,
        })
        .collect();
    let sees = |a: usize, b: usize| {
        a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && (a % 9) / 3 == (b % 9) / 3)
    };
    for cell in (0..81).filter(|&c| givens[c] != 0) {
        for v in 1..=9u32 {
            let clash = (0..81).any(|o| o != cell && sees(o, cell) && givens[o] == v);
            if v == givens[cell] || clash {
                continue;
            }
            let mut typo = givens.clone();
            typo[cell] = v;
            let values: Vec<u8> = typo.iter().map(|&x| x as u8).collect();
            let puzzle = Puzzle::with_square_boxes(9, values).unwrap();
            if sat_count(&puzzle) == 0 {
                return (typo, cell);
            }
        }
    }
    panic!("no typo of seed004_unique_9x9 leaves it without a solution");
}

#[test]
fn a_typo_in_one_given_is_fixed_by_removing_exactly_one_given() {
    let (typo, cell) = typo_grid();
    let line: String = typo
        .iter()
        .map(|&v| char::from_digit(v, 10).unwrap())
        .collect();
    let (code, doc, err) = run_json(&["explain", "--fix", "--json", "-"], Some(&line));
    assert_eq!(code, 1, "typo at cell {cell}: {err}");
    assert_eq!(doc["status"], "optimal", "{doc}");
    assert_eq!(doc["removed"], 1, "{doc}");
    assert_eq!(doc["items"], typo.iter().filter(|&&v| v != 0).count());
    let removed = doc["remove"]["givens"].as_array().unwrap();
    assert_eq!(removed.len(), 1, "{doc}");
    assert!(doc["remove"]["rules"].as_array().unwrap().is_empty());
    // Verified without HiGHS: the grid without that given has a solution (CaDiCaL), and the
    // printed grid completes the givens kept (the test's own checker).
    let at = |i: usize| removed[0][i].as_u64().unwrap() as usize;
    let (r, c, v) = (at(0) - 1, at(1) - 1, at(2) as u32);
    assert_eq!(
        typo[r * 9 + c],
        v,
        "the removed given is one of the puzzle's"
    );
    let mut kept = typo.clone();
    kept[r * 9 + c] = 0;
    let values: Vec<u8> = kept.iter().map(|&x| x as u8).collect();
    assert_eq!(sat_count(&Puzzle::with_square_boxes(9, values).unwrap()), 1);
    let grid = json_grid(&doc);
    assert!(is_solution(&kept, &grid, 3, 3), "{doc}");
}

/// data/variants/killer_9x9.json with the sum of its first cage moved up by one.
fn broken_killer() -> Puzzle {
    let file =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/variants/killer_9x9.json");
    let text = std::fs::read_to_string(&file).unwrap();
    let puzzle =
        sudoku_ilp::input::parse_puzzle("killer_9x9.json", &text, Default::default()).unwrap();
    let mut rules = puzzle.rules().to_vec();
    let Rule::Killer(cage) = &mut rules[0] else {
        panic!("the first rule of killer_9x9 is a cage");
    };
    cage.sum = Some(cage.sum.unwrap() + 1);
    let broken = puzzle.with_rules(rules).unwrap();
    assert_eq!(
        sat_count(&broken),
        0,
        "a cage sum moved by one leaves no solution"
    );
    broken
}

/// Writes `puzzle` as the project's JSON into `dir` and returns its path.
fn write_puzzle(dir: &std::path::Path, puzzle: &Puzzle) -> String {
    let file = dir.join("broken.json");
    let json = sudoku_ilp::report::json::puzzle_json(puzzle);
    std::fs::write(&file, json.to_string()).unwrap();
    file.to_string_lossy().into_owned()
}

#[test]
fn a_killer_with_one_cage_sum_off_by_one_is_fixed_by_removing_exactly_one_cage() {
    let puzzle = broken_killer();
    let dir = tempfile::tempdir().unwrap();
    let file = write_puzzle(dir.path(), &puzzle);
    let (code, doc, err) = run_json(&["explain", "--fix", "--json", &file], None);
    assert_eq!(code, 1, "{err}");
    assert_eq!(doc["status"], "optimal", "{doc}");
    assert_eq!(doc["removed"], 1, "{doc}");
    assert!(doc["remove"]["givens"].as_array().unwrap().is_empty());
    let rules = doc["remove"]["rules"].as_array().unwrap();
    assert_eq!(rules.len(), 1, "{doc}");
    assert_eq!(rules[0]["type"], "killer");
    let k = rules[0]["index"].as_u64().unwrap() as usize - 1;
    // Verified without HiGHS: CaDiCaL finds a solution without that cage, and the printed grid
    // meets every other cage (sum and different digits) and every house.
    let mut kept = puzzle.rules().to_vec();
    kept.remove(k);
    assert_eq!(
        sat_count(&puzzle.clone().with_rules(kept.clone()).unwrap()),
        1
    );
    let grid = json_grid(&doc);
    assert!(is_solution(&[0; 81], &grid, 3, 3));
    for rule in &kept {
        let Rule::Killer(cage) = rule else {
            unreachable!()
        };
        let digits: Vec<u32> = cage.cells.iter().map(|c| grid[c.row * 9 + c.col]).collect();
        let sum: u32 = digits.iter().sum();
        assert_eq!(Some(sum as i64), cage.sum, "{cage:?}");
        let mut distinct = digits.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), digits.len(), "{cage:?}");
    }
}

#[test]
fn explain_on_a_broken_killer_skips_the_houses_unless_asked_and_finds_a_minimal_set() {
    let puzzle = broken_killer();
    let dir = tempfile::tempdir().unwrap();
    let file = write_puzzle(dir.path(), &puzzle);
    let (code, doc, err) = run_json(&["explain", "--json", &file], None);
    assert_eq!(code, 1, "{err}");
    assert_eq!(doc["status"], "infeasible", "{doc}");
    assert_eq!(doc["minimal"], true, "{doc}");
    assert_eq!(
        doc["houses"],
        Value::Null,
        "houses are not searched by default"
    );
    let rules = doc["rules"].as_array().unwrap();
    assert!(
        rules.iter().any(|r| r["index"] == 1),
        "the moved cage: {doc}"
    );
    let (code, text, _) = crate::common::run(&["explain", &file], None);
    assert_eq!(code, 1);
    assert!(text.contains("--houses asks for them"), "{text}");
    assert!(text.contains("explain --fix"), "{text}");
}

#[test]
fn published_killers_with_one_cage_sum_moved_are_fixed_by_removing_one_cage() {
    // Every 1,500th krazydad killer (SKIPPED without ../shared/data, FAIL under CI).
    for (number, puzzle, k) in crate::explain_rules::broken_killers() {
        let fixed = {
            let _guard = crate::common::highs_lock();
            let limits = Limits::seconds(3600.0).unwrap();
            fix(&puzzle, &SolveOptions::default(), &limits).unwrap()
        };
        let FixVerdict::Fixed(repair) = fixed.verdict else {
            panic!("line {number}: time limit");
        };
        assert!(repair.givens.is_empty(), "line {number}");
        assert_eq!(repair.rules.len(), 1, "line {number}: {:?}", repair.rules);
        // The moved cage is one answer; the one found must leave a solution too (CaDiCaL).
        let mut kept = puzzle.rules().to_vec();
        kept.remove(repair.rules[0]);
        assert_eq!(sat_count(&puzzle.clone().with_rules(kept).unwrap()), 1);
        let mut without_moved = puzzle.rules().to_vec();
        without_moved.remove(k);
        assert_eq!(
            sat_count(&puzzle.clone().with_rules(without_moved).unwrap()),
            1
        );
    }
}

#[test]
fn a_puzzle_with_a_solution_needs_nothing_removed() {
    let file =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/variants/killer_9x9.json");
    let (code, doc, err) = run_json(
        &["explain", "--fix", "--json", file.to_str().unwrap()],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(doc["status"], "optimal");
    assert_eq!(doc["removed"], 0);
    assert_eq!(doc["kept"], doc["items"]);
    let grid = json_grid(&doc);
    assert!(is_solution(&[0; 81], &grid, 3, 3));
}

/// seed004_unique_9x9 (AI Escargot) with 14 cells of its solution given too, and r1c8's 9
/// written as 3: no solution, and three single givens each leave one when removed alone (the
/// typo r1c8=3, r3c7=5 and r7c2=5), which CaDiCaL confirms below.
const TYPO_SEVERAL_FIXES: &str =
    "1....7.3..3..2.6.8..96..52...53..9.6.1..8...26....4...35....21..41....67..72..3.4";

/// The givens (row, col, value, 1-based) whose removal alone leaves `line` with a solution,
/// by CaDiCaL, row-major.
fn single_given_fixes(line: &str) -> Vec<[u64; 3]> {
    let values: Vec<u8> = line
        .chars()
        .map(|c| c.to_digit(10).unwrap_or(0) as u8)
        .collect();
    (0..81)
        .filter(|&c| values[c] != 0)
        .filter(|&c| {
            let mut kept = values.clone();
            kept[c] = 0;
            sat_count(&Puzzle::with_square_boxes(9, kept).unwrap()) == 1
        })
        .map(|c| [c as u64 / 9 + 1, c as u64 % 9 + 1, values[c] as u64])
        .collect()
}

#[test]
fn a_typo_with_several_single_given_fixes_lists_them_all() {
    let expected = single_given_fixes(TYPO_SEVERAL_FIXES);
    assert_eq!(
        expected,
        vec![[1, 8, 3], [3, 7, 5], [7, 2, 5]],
        "the fixture"
    );
    let (code, doc, err) = run_json(
        &["explain", "--fix", "--json", "-"],
        Some(TYPO_SEVERAL_FIXES),
    );
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        (doc["status"].as_str(), doc["removed"].as_u64()),
        (Some("optimal"), Some(1))
    );
    let singles = &doc["single_fixes"];
    assert_eq!(singles["count"], 3, "{doc}");
    assert_eq!(singles["complete"], true, "{doc}");
    assert!(singles["rules"].as_array().unwrap().is_empty());
    let listed: Vec<[u64; 3]> = singles["givens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| [0, 1, 2].map(|i| g[i].as_u64().unwrap()))
        .collect();
    assert_eq!(listed, expected, "{doc}");
    let removed = &doc["remove"]["givens"][0];
    let removed = [0, 1, 2].map(|i| removed[i].as_u64().unwrap());
    assert!(expected.contains(&removed), "{doc}");
    // The grid is one solution of the puzzle without the removed given.
    let mut kept: Vec<u32> = TYPO_SEVERAL_FIXES
        .chars()
        .map(|c| c.to_digit(10).unwrap_or(0))
        .collect();
    kept[(removed[0] as usize - 1) * 9 + removed[1] as usize - 1] = 0;
    assert!(is_solution(&kept, &json_grid(&doc), 3, 3), "{doc}");

    let (code, text, err) =
        crate::common::run(&["explain", "--fix", "-"], Some(TYPO_SEVERAL_FIXES));
    assert_eq!(code, 1, "{err}");
    assert!(
        text.contains("remove 1 of 32 givens and the puzzle"),
        "{text}"
    );
    assert!(
        text.contains("3 different single removals each leave a solution"),
        "{text}"
    );
    for given in ["r1c8=3", "r3c7=5", "r7c2=5"] {
        assert!(
            text.contains(&format!("  given  {given}")),
            "{given}: {text}"
        );
    }
    assert!(
        text.contains("one solution of the fixed puzzle (without r"),
        "{text}"
    );
}

#[test]
fn a_classic_grid_is_told_of_givens_only_and_that_other_sets_were_not_searched() {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/seeds/seed004_no_solution_9x9.json");
    let (code, text, err) = crate::common::run(&["explain", "--fix", file.to_str().unwrap()], None);
    assert_eq!(code, 1, "{err}");
    assert!(
        text.contains("remove 3 of 32 givens and the puzzle has a solution"),
        "{text}"
    );
    assert!(
        !text.contains("rules"),
        "a classic grid has no rules: {text}"
    );
    assert!(
        text.contains("other sets of 3 may fix it too (not searched)"),
        "{text}"
    );
    let (_, doc, _) = run_json(
        &["explain", "--fix", "--json", file.to_str().unwrap()],
        None,
    );
    assert_eq!(doc["removed"], 3);
    assert!(doc.get("single_fixes").is_none(), "{doc}");
}
