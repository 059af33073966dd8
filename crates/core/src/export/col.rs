//! DIMACS graph-colouring file of a puzzle (seed 004): the Sudoku graph has a vertex per cell
//! and an edge between two cells sharing a house; a proper colouring with n colours is a
//! solution. Vertex `(r − 1)·n + c` is cell (r, c) (1-based); the givens are a precolouring,
//! written as comment lines `c given V K` (vertex V has colour K), which plain DIMACS readers
//! skip.

use super::comment_text;
use crate::puzzle::Puzzle;
use std::fmt::Write;

/// The edges `(u, v)`, u < v, 1-based vertices, sorted.
pub fn edges(puzzle: &Puzzle) -> Vec<(usize, usize)> {
    let n = puzzle.order();
    let vertex = |c: crate::puzzle::Cell| c.row * n + c.col + 1;
    puzzle
        .peer_pairs()
        .into_iter()
        .map(|(a, b)| (vertex(a), vertex(b)))
        .collect()
}

/// Writes `p edge V E`, one `e u v` line per edge, and the precolouring in comments.
///
/// ```
/// use sudoku_ilp::{export::col, puzzle::Puzzle};
/// let empty = Puzzle::with_square_boxes(9, vec![0; 81]).unwrap();
/// assert!(col::write(&empty).contains("\np edge 81 810\n"));
/// ```
pub fn write(puzzle: &Puzzle) -> String {
    let n = puzzle.order();
    let edges = edges(puzzle);
    let mut out = String::new();
    let name = comment_text(puzzle.name().unwrap_or("(unnamed)"));
    let _ = writeln!(
        out,
        "c sudoku-ilp export: DIMACS graph colouring (seed 004)"
    );
    let _ = writeln!(out, "c puzzle: {name}");
    let _ = writeln!(
        out,
        "c vertex (r-1)*{n} + c is cell (r, c); colours 1..{n} are the values; an edge joins two cells of one house"
    );
    let _ = writeln!(
        out,
        "c precolouring: {} lines 'c given VERTEX COLOUR'",
        puzzle.given_count()
    );
    for (i, &g) in puzzle.givens().iter().enumerate() {
        if g != 0 {
            let _ = writeln!(out, "c given {} {g}", i + 1);
        }
    }
    let _ = writeln!(out, "p edge {} {}", n * n, edges.len());
    for (u, v) in edges {
        let _ = writeln!(out, "e {u} {v}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Layout;

    #[test]
    fn edge_counts() {
        let p = Puzzle::with_square_boxes(9, vec![0; 81]).unwrap();
        let e = edges(&p);
        assert_eq!(e.len(), 810);
        assert!(e.contains(&(1, 2)) && e.contains(&(1, 10)) && e.contains(&(1, 21)));
        assert!(!e.contains(&(1, 22)), "r1c1 and r3c4 share no house");
        let diag = Puzzle::new(4, Layout::Boxes { rows: 2, cols: 2 }, true, vec![0; 16]).unwrap();
        // 4×4: 16·7/2 = 56 edges; each diagonal adds its 6 pairs but the 2 inside a box
        // (r1c1–r2c2, r3c3–r4c4 and r1c4–r2c3, r3c2–r4c1).
        assert_eq!(edges(&diag).len(), 56 + 2 * 4);
    }

    #[test]
    fn givens_are_a_precolouring() {
        let mut cells = vec![0u8; 81];
        cells[0] = 5;
        cells[80] = 9;
        let text = write(&Puzzle::with_square_boxes(9, cells).unwrap());
        assert!(text.contains("\nc given 1 5\n") && text.contains("\nc given 81 9\n"));
        assert_eq!(text.lines().filter(|l| l.starts_with("e ")).count(), 810);
    }
}
