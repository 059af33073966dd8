//! `--method propagate` (incremental propagation, the failed-literal rule, search) on the shared
//! collections: every grid checked by the library's checker and by the independent checker in
//! tests/integration/common. No HiGHS here.

use crate::common::{
    grid_u32, is_solution, line_givens, lines, shared_data, tdoku_puzzles, with_solutions,
};
use std::time::Instant;
use sudoku_ilp::check::check;
use sudoku_ilp::engine::propagate::{solve, Options, Propagated};
use sudoku_ilp::input::parse_line;
use sudoku_ilp::solve::Status;

/// Solves `line` and checks the grid twice; returns the result for further checks.
fn solved(line: &str, what: &str) -> Propagated {
    let puzzle = parse_line(line, None).unwrap_or_else(|e| panic!("{what}: {e:?}"));
    let r = solve(&puzzle, Options::default(), None);
    assert_eq!(r.status, Status::Solved, "{what}");
    let grid = r.grid.as_ref().unwrap();
    check(&puzzle, grid).unwrap();
    let n = puzzle.order();
    let side = (n as f64).sqrt() as usize;
    let values = grid_u32(grid);
    assert!(
        is_solution(&line_givens(line), &values, side, side),
        "{what}"
    );
    assert!(r.fixed_by_unit <= r.fixed_by_reasoning && r.fixed_by_reasoning <= r.empty_cells);
    r
}

#[test]
fn samples_of_every_unique_9x9_set_are_solved_and_checked() {
    let sets = [
        ("forum_hardest_1905_11plus.txt", 1000),
        ("forum_hardest_1106.txt", 10),
        ("sudoku17_tdoku.txt", 1000),
        ("magictour_top1465.txt", 25),
        ("magictour_top95.txt", 3),
        ("magictour_topn87.txt", 5),
        ("magictour_topn234.txt", 10),
        ("magictour_top100.txt", 5),
        ("norvig_hardest.txt", 1),
        ("plb_hard20.txt", 1),
        ("sudoku_exchange_diabolical.txt", 20),
        ("tdoku_unbiased_first1000.txt", 20),
    ];
    for (name, every) in sets {
        let Some(path) = shared_data(name) else {
            return;
        };
        let mut count = 0;
        for (number, line) in lines(&path).into_iter().step_by(every) {
            solved(&line, &format!("{name}:{number}"));
            count += 1;
        }
        assert!(count >= 10, "{name}: {count} lines");
    }
}

#[test]
fn every_16x16_janko_grid_equals_its_stored_solution() {
    let Some(cases) = with_solutions("grid16_janko.txt") else {
        return;
    };
    assert_eq!(cases.len(), 124);
    for (number, line, solution) in cases {
        let r = solved(&line, &format!("grid16_janko.txt:{number}"));
        let values = grid_u32(&r.grid.unwrap());
        assert_eq!(values, line_givens(&solution), "line {number}");
    }
}

/// Every 25×25 and 36×36 grid (a few seconds in a debug build; each grid's time, nodes and
/// probes are printed with `--nocapture`).
#[test]
fn every_25x25_and_36x36_grid_is_solved_and_checked() {
    for (name, total) in [("grid25_misc.txt", 39), ("grid36_misc.txt", 7)] {
        let Some(path) = shared_data(name) else {
            return;
        };
        let all = lines(&path);
        assert_eq!(all.len(), total, "{name}");
        for (number, line) in all {
            let start = Instant::now();
            let r = solved(&line, &format!("{name}:{number}"));
            eprintln!(
                "{name}:{number}: {:.0} ms, {} nodes, {} probes",
                start.elapsed().as_secs_f64() * 1000.0,
                r.nodes,
                r.probes
            );
        }
    }
}

#[test]
fn the_no_solution_set_is_proven_infeasible() {
    let Some(cases) = tdoku_puzzles() else {
        return;
    };
    let mut proven = 0;
    for (number, _, want, puzzle) in cases {
        let r = solve(&puzzle, Options::default(), None);
        if want == 0 {
            assert_eq!((r.status, r.grid), (Status::Infeasible, None), "{number}");
            proven += 1;
        } else {
            // Several solutions are possible: any one found must pass the checker.
            assert_eq!(r.status, Status::Solved, "line {number}");
            check(&puzzle, r.grid.as_ref().unwrap()).unwrap();
        }
    }
    assert!(proven >= 1, "no line without solution was parsed");
    // The 16×16 grid without a solution.
    let Some(path) = shared_data("grid16_misc.txt") else {
        return;
    };
    let meta = std::fs::read_to_string(shared_data("grid16_misc.meta.tsv").unwrap()).unwrap();
    for ((number, line), row) in lines(&path).iter().zip(meta.lines().skip(1)) {
        if row.contains("nosol") {
            let puzzle = parse_line(line, None).unwrap();
            let r = solve(&puzzle, Options::default(), None);
            assert_eq!(r.status, Status::Infeasible, "grid16_misc.txt:{number}");
        }
    }
}

#[test]
fn a_past_deadline_stops_the_search() {
    let Some(path) = shared_data("grid25_misc.txt") else {
        return;
    };
    let line = &lines(&path)[5].1;
    let puzzle = parse_line(line, None).unwrap();
    let r = solve(&puzzle, Options::default(), Some(Instant::now()));
    assert_eq!((r.status, r.grid), (Status::TimeLimit, None));
}

/// A killer without givens that the search left undecided before conflict-directed branching
/// with restarts and the wider implied sums (issue 21, docs/propagation.md): killer_hard line
/// 23, over 60 s before, 0.14 s in a release build now (about 4 s in a debug build). The search
/// is deterministic (no randomness; restarts count conflicts).
#[test]
fn propagate_solves_a_hard_killer_it_left_open_before() {
    use crate::common::killer_lines::fpuzzles;
    use crate::common::variant_sample;
    use sudoku_ilp::engine::propagate::Propagate;
    use sudoku_ilp::engine::{Engine, Limits};
    for (number, line, answer) in variant_sample("killer_hard.fpz.jsonl", 1) {
        if number != 23 {
            continue;
        }
        let puzzle = fpuzzles(&line);
        let limits = Limits { time_limit: 60.0 };
        let s = Propagate::default().solve(&puzzle, &limits).unwrap();
        assert_eq!(s.status, Status::Solved, "killer_hard line {number}");
        let grid = s.grid.unwrap();
        check(&puzzle, &grid).unwrap();
        assert_eq!(grid.values, answer, "killer_hard line {number}");
    }
}
