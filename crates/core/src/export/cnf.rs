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
//!
//! A puzzle with variant rules gets, after these, the clauses the SAT engine solves for its
//! primitives ([`crate::engine::sat::rule_clauses`], one source): all-different groups pairwise,
//! value sets as units, allowed-pair tables in the support encoding, a sum over all-different
//! cells (a killer cage) as cage-combination clauses (one selector per digit set) and any other
//! linear row through rustsat's generalised totalizer. Their selector and encoding variables
//! are numbered after n³; a comment line `c rules: …` names the encodings. When the rules already
//! contradict the givens, the file holds the two units `1` and `-1` (unsatisfiable).

use super::comment_text;
use crate::engine::sat::{rule_clauses, SumEncoding};
use crate::format::grid_text;
use crate::puzzle::{Cell, Grid, Puzzle};
use rustsat::types::{Lit, Var};
use std::fmt::Write;

/// The clauses of the puzzle's variant rules in the file's numbering, and the number of
/// variables in all (n³ plus selectors and encoding auxiliaries).
struct RulePart {
    clauses: Vec<Vec<i64>>,
    variables: usize,
}

/// The rule clauses of [`crate::engine::sat::rule_clauses`] over x(r, c, v) numbered as in
/// [`variable`]; every value of an empty cell is a literal (the grid clauses rule values out).
fn rule_part(puzzle: &Puzzle) -> RulePart {
    let n = puzzle.order();
    let cube = n * n * n;
    if puzzle.primitives().is_empty() {
        return RulePart {
            clauses: Vec::new(),
            variables: cube,
        };
    }
    let givens = puzzle.givens();
    let var: Vec<Option<Lit>> = (0..cube)
        .map(|k| (givens[k / n] == 0).then(|| Var::new(k as u32).pos_lit()))
        .collect();
    match rule_clauses(puzzle, &var, cube as u32, SumEncoding::default()) {
        Some((clauses, next)) => RulePart {
            clauses: clauses
                .iter()
                .map(|c| c.iter().map(|l| l.to_ipasir() as i64).collect())
                .collect(),
            variables: next as usize,
        },
        None => RulePart {
            clauses: vec![vec![1], vec![-1]],
            variables: cube,
        },
    }
}

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
    let mut out = Vec::new();
    for_each_clause(puzzle, |clause| {
        out.push(clause.to_vec());
        Ok::<(), std::convert::Infallible>(())
    })
    .unwrap_or_else(|never| match never {});
    out
}

/// The number of clauses [`for_each_clause`] gives: the rule clauses, then per given n units and
/// per empty cell one unit for each value given in one of its houses.
pub fn clause_count(puzzle: &Puzzle) -> usize {
    let n = puzzle.order();
    let ruled_out = puzzle.ruled_out_by_givens();
    let grid: usize = puzzle
        .cells()
        .enumerate()
        .map(|(i, cell)| match puzzle.given(cell) {
            Some(_) => n,
            None => (1..=n).filter(|&v| ruled_out[i][v]).count(),
        })
        .sum();
    rule_clause_count(n, puzzle.houses().len()) + grid + rule_part(puzzle).clauses.len()
}

/// Passes each clause, in the order of the module documentation, to `emit`, holding only the
/// groups (n² + H·n lists of n variables) in memory, never the clauses: a 64×64 grid has 34
/// million of them.
pub fn for_each_clause<E>(
    puzzle: &Puzzle,
    mut emit: impl FnMut(&[i64]) -> Result<(), E>,
) -> Result<(), E> {
    for_each_seed_clause(puzzle, &mut emit)?;
    for clause in &rule_part(puzzle).clauses {
        emit(clause)?;
    }
    Ok(())
}

/// Seed 001's clauses (rules of the houses, then the grid clauses) for [`for_each_clause`].
fn for_each_seed_clause<E>(
    puzzle: &Puzzle,
    mut emit: impl FnMut(&[i64]) -> Result<(), E>,
) -> Result<(), E> {
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
    for group in &groups {
        emit(group)?;
    }
    for group in &groups {
        for (i, &a) in group.iter().enumerate() {
            for &b in &group[i + 1..] {
                emit(&[-a, -b])?;
            }
        }
    }
    drop(groups);
    let ruled_out = puzzle.ruled_out_by_givens();
    for (i, cell) in puzzle.cells().enumerate() {
        match puzzle.given(cell) {
            Some(g) => {
                emit(&[x(cell, g as usize)])?;
                for w in (1..=n).filter(|&w| w != g as usize) {
                    emit(&[-x(cell, w)])?;
                }
            }
            None => {
                for v in (1..=n).filter(|&v| ruled_out[i][v]) {
                    emit(&[-x(cell, v)])?;
                }
            }
        }
    }
    Ok(())
}

/// Writes the DIMACS file: comment lines (puzzle, numbering, grid), `p cnf V C`, one clause per
/// line ending in 0 (the variant rules' clauses last).
///
/// ```
/// use sudoku_ilp::{export::cnf, puzzle::Puzzle};
/// let empty = Puzzle::with_square_boxes(9, vec![0; 81]).unwrap();
/// assert!(cnf::write(&empty).contains("\np cnf 729 11988\n"));
/// ```
pub fn write(puzzle: &Puzzle) -> String {
    let mut out = Vec::new();
    write_to(puzzle, &mut out).expect("writing to memory cannot fail");
    String::from_utf8(out).expect("DIMACS text is ASCII and UTF-8")
}

/// Streams the DIMACS file of [`write`] to `out`, clause by clause: memory stays that of the
/// groups whatever the number of clauses.
pub fn write_to(puzzle: &Puzzle, out: &mut impl std::io::Write) -> std::io::Result<()> {
    let n = puzzle.order();
    let part = rule_part(puzzle);
    let count = clause_count(puzzle);
    let rules = rule_clause_count(n, puzzle.houses().len());
    let name = comment_text(puzzle.name().unwrap_or("(unnamed)"));
    writeln!(out, "c sudoku-ilp export: DIMACS CNF (seed 001 encoding)")?;
    writeln!(out, "c puzzle: {name}")?;
    writeln!(
        out,
        "c x(r,c,v) = (r-1)*{} + (c-1)*{n} + v, r, c, v in 1..{n}",
        n * n
    )?;
    writeln!(
        out,
        "c clauses: {rules} rule clauses (K1 L1 C1 B1, K2 L2 C2 B2 over {} houses), {} grid clauses",
        puzzle.houses().len(),
        count - rules - part.clauses.len()
    )?;
    if !puzzle.rules().is_empty() {
        writeln!(
            out,
            "c rules: {} clauses of {} variant rules over variables {}..{}: all-different pairwise, \
             parity as units, pair tables by support clauses, killer cage sums by cage-combination \
             clauses (one selector per digit set), other sums and inequalities by rustsat's \
             generalised totalizer",
            part.clauses.len(),
            puzzle.rules().len(),
            n * n * n + 1,
            part.variables.max(n * n * n + 1)
        )?;
    }
    let grid = Grid {
        n,
        values: puzzle.givens().to_vec(),
    };
    for line in grid_text(&grid, puzzle.layout()).lines() {
        writeln!(out, "c {line}")?;
    }
    writeln!(out, "p cnf {} {count}", part.variables)?;
    let mut line = String::new();
    let mut write_clause = |clause: &[i64]| {
        line.clear();
        for lit in clause {
            let _ = write!(line, "{lit} ");
        }
        line.push_str("0\n");
        out.write_all(line.as_bytes())
    };
    for_each_seed_clause(puzzle, &mut write_clause)?;
    part.clauses.iter().try_for_each(|c| write_clause(c))
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
