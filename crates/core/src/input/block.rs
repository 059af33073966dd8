//! Grid blocks: a puzzle written as n lines of n cells, as in `.sdk` / `.ss` files, by hand, or
//! by the tool's own boxed output (`solve --quiet`):
//!
//! ```text
//! +-------+-------+-------+        53..7....
//! | 5 3 . | . 7 . | . . . |        6..195...
//! | 6 . . | 1 9 5 | . . . |   or   .98....6.   or   5 3 0 0 7 0 0 0 0 ...
//! ```
//!
//! Cells are `.`, `0` or a value; they are written one character each, or separated by spaces
//! (needed for values above 9). `|` separates boxes, and lines made only of `-`, `+`, `=`, `|`
//! and spaces are box rules; both are skipped. `#` comment lines and blank lines are skipped
//! before this module sees the lines.

use super::text::cell_value;
use super::tokens::{char_cells, tokens};
use super::{boxed_puzzle, InputError, Place, Problem};
use crate::puzzle::{Conflict, Puzzle, MAX_ORDER};

/// True for a box-rule line: only `-`, `+`, `=`, `|`, `:` and whitespace, with at least one
/// `-`, `+` or `=`.
fn is_rule(line: &str) -> bool {
    line.chars()
        .all(|c| matches!(c, '-' | '+' | '=' | '|' | ':') || c.is_whitespace())
        && line.contains(['-', '+', '='])
}

/// The data rows of a block: its lines without box rules, `|` turned into spaces.
fn data_rows(lines: &[(usize, &str)]) -> Vec<(usize, String)> {
    lines
        .iter()
        .filter(|(_, line)| !is_rule(line))
        .map(|&(number, line)| (number, line.replace('|', " ")))
        .collect()
}

/// True when a cell token can be a cell: `.` or a whole number.
fn is_cell(token: &str) -> bool {
    token == "." || (!token.is_empty() && token.bytes().all(|b| b.is_ascii_digit()))
}

/// The cells of every row, read one of two ways: as whitespace-separated tokens when every row
/// then has as many cells as there are rows (needed for values above 9), else one character
/// per cell. `None` when neither reading gives n rows of n cells.
fn cells(rows: &[(usize, String)]) -> Option<Vec<Vec<(usize, &str)>>> {
    let n = rows.len();
    let read = |split: fn(&str) -> Vec<(usize, &str)>| {
        let cells: Vec<Vec<(usize, &str)>> = rows.iter().map(|(_, row)| split(row)).collect();
        cells
            .iter()
            .all(|r| r.len() == n && r.iter().all(|(_, t)| is_cell(t)))
            .then_some(cells)
    };
    read(tokens).or_else(|| read(char_cells))
}

/// True when the puzzle lines of a source look like a grid block: two or more lines with a box
/// rule or a `|`, or k lines (k ≥ 2) of which more than half hold exactly k cells (so that a
/// block with one bad row is still read as a block, and its error names that row). A line
/// file's lines hold n² cells each and never match.
pub(super) fn looks_like_block(lines: &[(usize, &str)]) -> bool {
    if lines.len() < 2 {
        return false;
    }
    if lines.iter().any(|(_, l)| is_rule(l) || l.contains('|')) {
        return true;
    }
    let rows = data_rows(lines);
    let k = rows.len();
    let fits = |cells: &[(usize, &str)]| cells.len() == k && cells.iter().all(|(_, t)| is_cell(t));
    let fitting = rows
        .iter()
        .filter(|(_, row)| fits(&tokens(row)) || fits(&char_cells(row)))
        .count();
    k <= MAX_ORDER && 2 * fitting > k
}

/// Reads a grid block from its puzzle lines (numbered as in the file). Errors name the line
/// and column of a bad cell, or the line whose number of cells is wrong.
pub(super) fn parse_block(
    origin: &str,
    lines: &[(usize, &str)],
    box_shape: Option<(usize, usize)>,
    lenient: bool,
) -> Result<(Puzzle, Vec<Conflict>), InputError> {
    let rows = data_rows(lines);
    let n = rows.len();
    if n == 0 {
        return Err(InputError::new(
            origin,
            Place::Whole,
            "no puzzle: the grid block has no rows",
        ));
    }
    if n > MAX_ORDER {
        return Err(InputError::with(
            origin,
            Place::Whole,
            Problem::Puzzle(crate::puzzle::PuzzleError::TooLarge(n)),
        ));
    }
    let Some(cells) = cells(&rows) else {
        return Err(shape_error(origin, &rows));
    };
    let mut givens = Vec::with_capacity(n * n);
    for (r, row) in cells.iter().enumerate() {
        for (c, &(col, token)) in row.iter().enumerate() {
            let value = cell_value(token, r, c, n)
                .map_err(|m| InputError::new(origin, Place::LineCol(rows[r].0, col), m))?;
            givens.push(value);
        }
    }
    let (puzzle, conflicts) = boxed_puzzle(n, box_shape, false, givens, lenient)
        .map_err(|e| InputError::with(origin, Place::Whole, Problem::Puzzle(e)))?;
    let name = format!("{origin} (grid block)");
    Ok((puzzle.with_name(Some(name)), conflicts))
}

/// The first row that spoils the n × n shape, or the first bad cell.
fn shape_error(origin: &str, rows: &[(usize, String)]) -> InputError {
    let n = rows.len();
    for (number, row) in rows {
        let by_token = tokens(row);
        let split = if by_token.len() == n || n > 9 {
            by_token
        } else {
            char_cells(row)
        };
        if let Some(&(col, bad)) = split.iter().find(|(_, t)| !is_cell(t)) {
            return InputError::new(
                origin,
                Place::LineCol(*number, col),
                format!("{bad:?} is not a cell of a grid block ('.', '0' or a value)"),
            );
        }
        if split.len() != n {
            return InputError::new(
                origin,
                Place::Line(*number),
                format!(
                    "grid block: this row has {} cells, but the block has {n} rows (an n×n grid has n cells per row)",
                    split.len()
                ),
            );
        }
    }
    InputError::new(
        origin,
        Place::Whole,
        format!("grid block: not {n} rows of {n} cells"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<(usize, &str)> {
        super::super::puzzle_lines(text).collect()
    }

    fn parse(text: &str) -> Result<Puzzle, String> {
        parse_block("b.txt", &lines(text), None, false)
            .map(|(p, _)| p)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn reads_plain_spaced_and_boxed_blocks() {
        let plain = parse("1.3.\n..4.\n.1..\n...2\n").unwrap();
        let spaced = parse("1 0 3 0\n0 0 4 0\n0 1 0 0\n0 0 0 2\n").unwrap();
        let boxed = parse(
            "+-----+-----+\n| 1 . | 3 . |\n| . . | 4 . |\n+-----+-----+\n| . 1 | . . |\n| . . | . 2 |\n+-----+-----+\n",
        )
        .unwrap();
        assert_eq!(plain.givens(), spaced.givens());
        assert_eq!(plain.givens(), boxed.givens());
        assert_eq!(plain.given_count(), 5);
    }

    #[test]
    fn reads_two_digit_values() {
        let mut rows = vec![vec!["."; 16]; 16];
        rows[0][0] = "16";
        rows[15][15] = "10";
        let text: String = rows.iter().map(|r| r.join(" ") + "\n").collect();
        let p = parse(&text).unwrap();
        assert_eq!((p.order(), p.givens()[0], p.givens()[255]), (16, 16, 10));
    }

    #[test]
    fn detection_and_errors() {
        assert!(looks_like_block(&lines("1.3.\n..4.\n.1..\n...2\n")));
        assert!(!looks_like_block(&lines(
            "1.3.........4..2\n.2..........4..1\n"
        )));
        assert!(looks_like_block(&lines("1.3|.\n..4.\n")));
        assert_eq!(
            parse("1.3.\n..4.\n.1.\n...2\n").unwrap_err(),
            "b.txt:3: grid block: this row has 3 cells, but the block has 4 rows (an n×n grid has n cells per row)"
        );
        assert_eq!(
            parse("1.3.\n..4.\n.1x.\n...2\n").unwrap_err(),
            "b.txt:3:3: \"x\" is not a cell of a grid block ('.', '0' or a value)"
        );
        assert_eq!(
            parse("1.3.\n..4.\n.1..\n...7\n").unwrap_err(),
            "b.txt:4:4: r4c4: value 7 is outside 0..4"
        );
    }
}
