//! What the outside-clue rules share (sandwich, X-sum, skyscraper, numbered room): a clue
//! stands outside the grid beside a row or column, and its rule reads that line from the clue's
//! side. The rules keep the line's cells in reading order.

use super::primitive::{Measure, Sightline};
use super::{Primitive, RuleProblem};
use crate::geometry::Cell;

/// Whether `cells` are a whole row or column of an n×n grid, in order from one end.
pub(crate) fn check_line(cells: &[Cell], n: usize) -> Result<(), RuleProblem> {
    let is_line = cells.len() == n
        && n > 0
        && [(0i64, 1i64), (0, -1), (1, 0), (-1, 0)]
            .iter()
            .any(|&(dr, dc)| {
                cells.windows(2).all(|w| {
                    w[1].row as i64 - w[0].row as i64 == dr
                        && w[1].col as i64 - w[0].col as i64 == dc
                }) && {
                    let (a, b) = (cells[0], cells[n - 1]);
                    (dr == 0 && a.col.min(b.col) == 0) || (dc == 0 && a.row.min(b.row) == 0)
                }
            });
    match is_line {
        true => Ok(()),
        false => Err(RuleProblem::Value(format!(
            "the clue's cells are not a whole row or column of {n} cells read from one end"
        ))),
    }
}

/// A whole line (as [`check_line`]) and a clue `what` = `value` of 1..n.
pub(crate) fn check_line_and_clue(
    cells: &[Cell],
    n: usize,
    what: &str,
    value: i64,
) -> Result<(), RuleProblem> {
    check_line(cells, n)?;
    if !(1..=n as i64).contains(&value) {
        return Err(RuleProblem::Value(format!(
            "{what} {value} is outside 1..{n}"
        )));
    }
    Ok(())
}

/// The clue as one [`Primitive::Sightline`] `tag` along `cells` with `measure` = `value`.
pub(crate) fn sightline(tag: &str, cells: &[Cell], measure: Measure, value: i64) -> Vec<Primitive> {
    vec![Primitive::Sightline(Sightline {
        tag: tag.to_string(),
        cells: cells.to_vec(),
        measure,
        value,
    })]
}

/// The line an outside clue at (row, col) reads, 0-based with −1 and n the positions beside the
/// grid (the f-puzzles `R0C4` is (−1, 3)); `None` when the position is not beside a line.
pub fn line_from(n: usize, row: i64, col: i64) -> Option<Vec<Cell>> {
    let n1 = n as i64;
    let inside = |x: i64| (0..n1).contains(&x);
    let (start, step) = match (row, col) {
        (-1, c) if inside(c) => ((0, c), (1, 0)),
        (r, c) if r == n1 && inside(c) => ((n1 - 1, c), (-1, 0)),
        (r, -1) if inside(r) => ((r, 0), (0, 1)),
        (r, c) if c == n1 && inside(r) => ((r, n1 - 1), (0, -1)),
        _ => return None,
    };
    Some(
        (0..n1)
            .map(|k| Cell {
                row: (start.0 + k * step.0) as usize,
                col: (start.1 + k * step.1) as usize,
            })
            .collect(),
    )
}

/// The name of a line for messages: `row 3 from the left`, `column 5 from the bottom`.
pub(crate) fn line_name(cells: &[Cell]) -> String {
    match cells {
        [a, b, ..] if a.row == b.row && a.col < b.col => format!("row {} from the left", a.row + 1),
        [a, b, ..] if a.row == b.row => format!("row {} from the right", a.row + 1),
        [a, b, ..] if a.row < b.row => format!("column {} from the top", a.col + 1),
        [a, ..] => format!("column {} from the bottom", a.col + 1),
        [] => "an empty line".to_string(),
    }
}
