//! DIMACS CNF of a puzzle: the SAT encoding of seed 001 (Centrale MP 2014), for any order and
//! any houses.
//!
//! Variable x(r, c, v) (1-based) is true when cell (r, c) holds v; its number is
//! `(r − 1)·n² + (c − 1)·n + v`, so the n³ variables are 1..n³. The clauses, in this order:
//! - K1: each cell holds at least one value, `x(r,c,1) ∨ … ∨ x(r,c,n)`;
//! - L1, C1, B1 (and D1 with diagonals): each house holds each value at least once;
//! - K2: each cell holds at most one value, `¬x(r,c,v) ∨ ¬x(r,c,w)` for v < w;
//! - L2, C2, B2 (D2): each house holds each value at most once, pairwise over its cells;
//! - the grid clauses: for a given v at (r, c), the unit x(r,c,v) and ¬x(r,c,w) for w ≠ v; for an
//!   empty cell, ¬x(r,c,v) for each value v given in one of its houses (at most n³ in all).
//!
//! With H houses the rule clauses number (n² + H·n)·(1 + n(n−1)/2): 11,988 for a 9×9 (H = 27).

use super::comment_text;
use crate::format::grid_text;
use crate::puzzle::{Cell, Grid, Puzzle};
use std::fmt::Write;

/// The variable number of x(r, c, v), all 1-based: `(r − 1)·n² + (c − 1)·n + v`.
pub fn variable(n: usize, row: usize, col: usize, value: usize) -> usize {
    (row - 1) * n * n + (col - 1) * n + value
}

/// The rule clauses for `n² + houses·n` "exactly one" groups of n literals: at least one
/// (one clause) and at most one (n(n−1)/2 pairwise clauses) each.
pub fn rule_clause_count(n: usize, houses: usize) -> usize {
    (n * n + houses * n) * (1 + n * (n - 1) / 2)
}

/// The clauses of a puzzle as lists of signed variable numbers (DIMACS literals), in the order
/// of the module documentation.
pub fn clauses(puzzle: &Puzzle) -> Vec<Vec<i64>> {
    let n = puzzle.order();
    let x = |cell: Cell, v: usize| variable(n, cell.row + 1, cell.col + 1, v) as i64;
    // Each "exactly one" group: the literals of a cell, or of a value in a house.
    let mut groups: Vec<Vec<i64>> = puzzle
        .cells()
        .map(|cell| (1..=n).map(|v| x(cell, v)).collect())
        .collect();
    for house in puzzle.houses() {
        for v in 1..=n {
            groups.push(house.cells.iter().map(|&cell| x(cell, v)).collect());
        }
    }
    let mut out: Vec<Vec<i64>> = groups.clone();
    for group in &groups {
        for (i, &a) in group.iter().enumerate() {
            for &b in &group[i + 1..] {
                out.push(vec![-a, -b]);
            }
        }
    }
    let ruled_out = puzzle.ruled_out_by_givens();
    for (i, cell) in puzzle.cells().enumerate() {
        match puzzle.given(cell) {
            Some(g) => {
                out.push(vec![x(cell, g as usize)]);
                out.extend(
                    (1..=n)
                        .filter(|&w| w != g as usize)
                        .map(|w| vec![-x(cell, w)]),
                );
            }
            None => {
                out.extend(
                    (1..=n)
                        .filter(|&v| ruled_out[i][v])
                        .map(|v| vec![-x(cell, v)]),
                );
            }
        }
    }
    out
}

/// Writes the DIMACS file: comment lines (puzzle, numbering, grid), `p cnf V C`, one clause per
/// line ending in 0.
///
/// ```
/// use sudoku_ilp::{export::cnf, puzzle::Puzzle};
/// let empty = Puzzle::with_square_boxes(9, vec![0; 81]).unwrap();
/// assert!(cnf::write(&empty).contains("\np cnf 729 11988\n"));
/// ```
pub fn write(puzzle: &Puzzle) -> String {
    let n = puzzle.order();
    let clauses = clauses(puzzle);
    let mut out = String::new();
    let name = comment_text(puzzle.name().unwrap_or("(unnamed)"));
    let _ = writeln!(out, "c sudoku-ilp export: DIMACS CNF (seed 001 encoding)");
    let _ = writeln!(out, "c puzzle: {name}");
    let _ = writeln!(
        out,
        "c x(r,c,v) = (r-1)*{} + (c-1)*{n} + v, r, c, v in 1..{n}",
        n * n
    );
    let _ = writeln!(
        out,
        "c clauses: {} rule clauses (K1 L1 C1 B1, K2 L2 C2 B2 over {} houses), {} grid clauses",
        rule_clause_count(n, puzzle.houses().len()),
        puzzle.houses().len(),
        clauses.len() - rule_clause_count(n, puzzle.houses().len())
    );
    let grid = Grid {
        n,
        values: puzzle.givens().to_vec(),
    };
    for line in grid_text(&grid, puzzle.layout()).lines() {
        let _ = writeln!(out, "c {line}");
    }
    let _ = writeln!(out, "p cnf {} {}", n * n * n, clauses.len());
    for clause in &clauses {
        for lit in clause {
            let _ = write!(out, "{lit} ");
        }
        out.push_str("0\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Layout;

    #[test]
    fn numbering_is_the_documented_one() {
        assert_eq!(variable(9, 1, 1, 1), 1);
        assert_eq!(variable(9, 1, 2, 1), 10);
        assert_eq!(variable(9, 2, 1, 1), 82);
        assert_eq!(variable(9, 9, 9, 9), 729);
    }

    #[test]
    fn empty_grids_have_only_rule_clauses() {
        for (n, rows, cols) in [(4, 2, 2), (6, 2, 3), (9, 3, 3), (16, 4, 4)] {
            let p = Puzzle::new(n, Layout::Boxes { rows, cols }, false, vec![0; n * n]).unwrap();
            let count = clauses(&p).len();
            // 4 families (cells, rows, columns, boxes) of n² groups, each 1 + n(n−1)/2 clauses.
            assert_eq!(count, 4 * n * n * (1 + n * (n - 1) / 2), "n = {n}");
            assert_eq!(count, rule_clause_count(n, 3 * n));
        }
        assert_eq!(rule_clause_count(9, 27), 11_988);
        let diag = Puzzle::new(9, Layout::Boxes { rows: 3, cols: 3 }, true, vec![0; 81]).unwrap();
        assert_eq!(clauses(&diag).len(), 11_988 + 2 * 9 * 37);
    }

    #[test]
    fn grid_clauses_are_units_and_at_most_n_cubed() {
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let p = crate::input::parse_line(line, None).unwrap();
        let all = clauses(&p);
        let grid = &all[11_988..];
        assert!(grid.iter().all(|c| c.len() == 1));
        assert!(grid.len() <= 729);
        // 17 givens: 17 positive units and 17·8 negatives on their own cells.
        assert_eq!(grid.iter().filter(|c| c[0] > 0).count(), 17);
        assert!(grid.contains(&vec![variable(9, 1, 1, 4) as i64]));
        // r1c2 is empty and row 1 holds 4, 8 and 5.
        for v in [4, 8, 5] {
            assert!(grid.contains(&vec![-(variable(9, 1, 2, v) as i64)]));
        }
    }

    #[test]
    fn dimacs_text_is_well_formed() {
        let p = Puzzle::with_square_boxes(4, vec![1; 1].into_iter().chain(vec![0; 15]).collect())
            .unwrap();
        let text = write(&p);
        let body: Vec<&str> = text.lines().filter(|l| !l.starts_with('c')).collect();
        let (v, c) = (64, clauses(&p).len());
        assert_eq!(body[0], format!("p cnf {v} {c}"));
        assert_eq!(body.len(), 1 + c);
        assert!(body[1..].iter().all(|l| l.ends_with(" 0")));
    }
}
