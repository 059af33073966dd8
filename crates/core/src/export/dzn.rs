//! MiniZinc data (`.dzn`) of a puzzle for `models/sudoku.mzn` (seed 003's constraint model):
//! `n`, `given` (0 = empty), `region` (an id 1..n per cell; boxes are written as regions, box k
//! numbered left to right, top to bottom) and `diagonals`.

use super::comment_text;
use crate::puzzle::{Layout, Puzzle};
use std::fmt::Write;

/// The region id (1-based) of every cell, row-major.
fn regions(puzzle: &Puzzle) -> Vec<usize> {
    let n = puzzle.order();
    match puzzle.layout() {
        Layout::Boxes { rows, cols } => (0..n * n)
            .map(|i| (i / n / rows) * (n / cols) + (i % n) / cols + 1)
            .collect(),
        Layout::Regions(ids) => ids.iter().map(|&id| id + 1).collect(),
    }
}

/// A 2-D MiniZinc array literal `[| a, b | c, d |]`, one row per line.
fn table(n: usize, values: impl Iterator<Item = usize>) -> String {
    let values: Vec<String> = values.map(|v| v.to_string()).collect();
    let rows: Vec<String> = values.chunks(n).map(|r| r.join(", ")).collect();
    format!("[| {} |]", rows.join("\n   | "))
}

/// Writes the `.dzn` of a puzzle.
///
/// ```
/// use sudoku_ilp::{export::dzn, puzzle::Puzzle};
/// let p = Puzzle::with_square_boxes(4, vec![1,0,0,0, 0,0,3,0, 0,4,0,0, 0,0,0,2]).unwrap();
/// let text = dzn::write(&p);
/// assert!(text.contains("n = 4;") && text.contains("diagonals = false;"));
/// assert!(text.contains("given = [| 1, 0, 0, 0\n   | 0, 0, 3, 0"));
/// assert!(text.contains("region = [| 1, 1, 2, 2\n   | 1, 1, 2, 2\n   | 3, 3, 4, 4"));
/// ```
pub fn write(puzzle: &Puzzle) -> String {
    let n = puzzle.order();
    let mut out = String::new();
    let name = comment_text(puzzle.name().unwrap_or("(unnamed)"));
    let _ = writeln!(
        out,
        "% sudoku-ilp export: MiniZinc data for models/sudoku.mzn"
    );
    let _ = writeln!(out, "% puzzle: {name}");
    let _ = writeln!(out, "% minizinc models/sudoku.mzn FILE.dzn");
    let _ = writeln!(out, "n = {n};");
    let _ = writeln!(
        out,
        "given = {};",
        table(n, puzzle.givens().iter().map(|&v| v as usize))
    );
    let _ = writeln!(out, "region = {};", table(n, regions(puzzle).into_iter()));
    let _ = writeln!(out, "diagonals = {};", puzzle.has_diagonals());
    out
}
