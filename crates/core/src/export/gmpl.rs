//! GNU MathProg data (`.dat`) of a puzzle, for `models/sudoku.mod` (binary model) and
//! `models/natural.mod` (natural big-M model):
//!
//! ```text
//! data;
//! param n := 9;                 order: values 1..n
//! param R := 3;                 box rows    } boxes of R × C cells; with irregular regions
//! param C := 3;                 box columns } `param region` (an id 1..n per cell) instead
//! param diagonals := 1;         only when both main diagonals are houses too
//! param given :  1 2 … 9 :=     the givens, one table row per grid row; `.` = empty (default 0)
//!   1            5 3 . …
//! ;
//! end;
//! ```
//! `glpsol -m models/sudoku.mod -d puzzle.dat` solves it and prints the grid.

use super::comment_text;
use crate::puzzle::{Layout, Puzzle};
use std::fmt::Write;

/// Writes the `.dat` of a puzzle.
pub fn write_data(puzzle: &Puzzle) -> String {
    let n = puzzle.order();
    let mut out = String::new();
    let name = comment_text(puzzle.name().unwrap_or("(unnamed)"));
    let _ = writeln!(out, "# sudoku-ilp export: GNU MathProg data");
    let _ = writeln!(out, "# puzzle: {name}");
    let _ = writeln!(
        out,
        "# binary model:  glpsol -m models/sudoku.mod -d FILE.dat"
    );
    let _ = writeln!(
        out,
        "# natural model: glpsol -m models/natural.mod -d FILE.dat"
    );
    let _ = writeln!(out, "data;");
    let _ = writeln!(out, "param n := {n};");
    match puzzle.layout() {
        Layout::Boxes { rows, cols } => {
            let _ = writeln!(out, "param R := {rows};");
            let _ = writeln!(out, "param C := {cols};");
        }
        Layout::Regions(ids) => {
            let _ = writeln!(out, "# region id (1..n) of each cell");
            table(&mut out, "region", n, |i| Some(ids[i] + 1));
        }
    }
    if puzzle.has_diagonals() {
        let _ = writeln!(out, "param diagonals := 1;");
    }
    let givens = puzzle.givens();
    table(&mut out, "given", n, |i| match givens[i] {
        0 => None,
        v => Some(v as usize),
    });
    let _ = writeln!(out, "end;");
    out
}

/// A two-dimensional parameter in tabular form; `None` is written `.` (the default).
fn table(out: &mut String, name: &str, n: usize, value: impl Fn(usize) -> Option<usize>) {
    let width = n.to_string().len();
    let _ = write!(out, "param {name} :{:width$}", "");
    for c in 1..=n {
        let _ = write!(out, " {c:>width$}");
    }
    let _ = writeln!(out, " :=");
    for r in 1..=n {
        let _ = write!(out, "  {r:>width$}");
        for c in 1..=n {
            let cell = value((r - 1) * n + c - 1).map_or(".".to_string(), |v| v.to_string());
            let _ = write!(out, " {cell:>width$}");
        }
        out.push('\n');
    }
    let _ = writeln!(out, ";");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_by_four_data() {
        let mut g = vec![0u8; 16];
        g[0] = 2;
        g[5] = 3;
        let p = Puzzle::with_square_boxes(4, g).unwrap();
        let text = write_data(&p);
        let body: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(
            body,
            [
                "data;",
                "param n := 4;",
                "param R := 2;",
                "param C := 2;",
                "param given :  1 2 3 4 :=",
                "  1 2 . . .",
                "  2 . 3 . .",
                "  3 . . . .",
                "  4 . . . .",
                ";",
                "end;"
            ]
        );
    }

    #[test]
    fn regions_and_diagonals() {
        let ids: Vec<usize> = (0..16).map(|i| (i / 4 + i % 4) % 4).collect();
        let p = Puzzle::new(4, Layout::Regions(ids), true, vec![0; 16]).unwrap();
        let text = write_data(&p);
        assert!(text.contains("param region :  1 2 3 4 :=\n  1 1 2 3 4\n  2 2 3 4 1\n"));
        assert!(text.contains("param diagonals := 1;\n"));
        assert!(!text.contains("param R"));
    }
}
