//! One-line text puzzles: n² characters (`.` or `0` empty, n ≤ 9), or n² integers separated by
//! spaces (`0` or `.` empty), row-major.

use super::tokens::{char_cells, tokens};
use super::{boxed_puzzle, LineError};
use crate::puzzle::{Conflict, Puzzle, PuzzleError, MAX_ORDER};

/// Parses one puzzle line. On failure returns the 1-based column (in characters) and the
/// problem.
///
/// ```
/// use sudoku_ilp::input::parse_line;
/// let p = parse_line("1.3.........4..2", None).unwrap();
/// assert_eq!(p.order(), 4);
/// assert_eq!(p.given_count(), 4);
/// let e = parse_line("1 2 3", None).unwrap_err();
/// assert_eq!(e.column, 1);
/// ```
pub fn parse_line(line: &str, box_shape: Option<(usize, usize)>) -> Result<Puzzle, LineError> {
    parse_line_lenient(line, box_shape, false).map(|(puzzle, _)| puzzle)
}

/// [`parse_line`]; with `lenient`, a value given twice in a house is set aside as a [`Conflict`]
/// instead of failing.
pub(super) fn parse_line_lenient(
    line: &str,
    box_shape: Option<(usize, usize)>,
    lenient: bool,
) -> Result<(Puzzle, Vec<Conflict>), LineError> {
    let trimmed = line.trim_end();
    let body = trimmed.trim_start();
    let first = trimmed.chars().count() - body.chars().count() + 1;
    if body.is_empty() {
        return Err(LineError::new(1, "empty line: no puzzle"));
    }
    if let Some(at) = trimmed.find(char::REPLACEMENT_CHARACTER) {
        // Where the reader found a byte that is not UTF-8 (`read_source`).
        let col = trimmed[..at].chars().count() + 1;
        return Err(LineError::new(col, "not valid UTF-8 text"));
    }
    // Cells with their 1-based starting column (in characters).
    let tokens = if body.contains(char::is_whitespace) {
        tokens(trimmed)
    } else {
        char_cells(trimmed)
    };
    let cells = tokens.len();
    if let Some(problem) = jigsaw_missing_field(&tokens) {
        return Err(LineError::new(first, problem));
    }
    let n = (cells as f64).sqrt().round() as usize;
    if n * n != cells {
        return Err(LineError::new(
            first,
            format!("{cells} cells is not a square number (81 for a 9x9 grid, or n² integers separated by spaces)"),
        ));
    }
    if n > MAX_ORDER {
        return Err(LineError::puzzle(first, PuzzleError::TooLarge(n)));
    }
    let lettered = (n == 16 || n == 25)
        && !body.contains(char::is_whitespace)
        && body.chars().any(|c| c.is_ascii_alphabetic());
    let mut givens = Vec::with_capacity(cells);
    if lettered {
        let digits = body.chars().any(|c| ('1'..='9').contains(&c));
        for (i, &(col, token)) in tokens.iter().enumerate() {
            let value = letter_value(token, i / n, i % n, n, digits);
            givens.push(value.map_err(|m| LineError::new(col, m))?);
        }
        return boxed_puzzle(n, box_shape, false, givens, lenient)
            .map_err(|e| LineError::puzzle(first, e));
    }
    for (i, &(col, token)) in tokens.iter().enumerate() {
        givens.push(cell_value(token, i / n, i % n, n).map_err(|m| LineError::new(col, m))?);
    }
    boxed_puzzle(n, box_shape, false, givens, lenient).map_err(|e| LineError::puzzle(first, e))
}

/// A line of two fields of n² characters (or N and two such fields): a jigsaw line with one
/// of its three fields missing, most often the region string.
fn jigsaw_missing_field(tokens: &[(usize, &str)]) -> Option<String> {
    let fields: Vec<usize> = tokens.iter().map(|(_, t)| t.chars().count()).collect();
    let (len, order) = match fields.as_slice() {
        [a, b] if a == b => (*a, None),
        [_, a, b] if a == b => (*a, tokens[0].1.parse::<usize>().ok()),
        _ => return None,
    };
    let n = (1..=9).find(|n| n * n == len)?;
    if n < 2 || order.is_some_and(|o| o != n) {
        return None;
    }
    Some(format!(
        "two fields of {len} characters: a jigsaw line needs three, <givens> <regions> \
         <solution> (and N first for N ≠ 9); the region string is missing"
    ))
}

/// The value of one character of a 16×16 or 25×25 line written with letters, in the two
/// usual encodings: letters alone, A = 1 … P = 16 (Y = 25); or the digits 1–9 and then letters,
/// A = 10 … G = 16 (P = 25), which a line that uses any digit 1–9 is read as. `.` and `0` are
/// empty in both; lower case reads as upper case. Anything else names the cell and both
/// encodings.
fn letter_value(token: &str, row: usize, col: usize, n: usize, digits: bool) -> Result<u8, String> {
    let ch = token.chars().next().unwrap_or('.').to_ascii_uppercase();
    let value = match ch {
        '.' | '0' => Some(0),
        '1'..='9' => ch.to_digit(10).map(|d| d as usize),
        'A'..='Z' if digits => Some(ch as usize - 'A' as usize + 10),
        'A'..='Z' => Some(ch as usize - 'A' as usize + 1),
        _ => None,
    };
    let last = |from: usize| (b'A' + (n - from) as u8) as char;
    match value {
        Some(v) if v <= n => Ok(v as u8),
        _ => Err(format!(
            "{}: {token:?} is not a value of a {n}x{n} line written with letters: A-{} for \
             1-{n}, or 1-9 then A-{} for 10-{n} ('.' or '0' empty)",
            crate::puzzle::Cell { row, col },
            last(1),
            last(10)
        )),
    }
}

/// The value of one cell token of an n×n grid at 0-based (row, col): `.` or an integer in
/// 0..=n. The error names the cell (`r2c8: …`).
pub(super) fn cell_value(token: &str, row: usize, col: usize, n: usize) -> Result<u8, String> {
    let cell = crate::puzzle::Cell { row, col };
    if token == "." {
        return Ok(0);
    }
    match token.parse::<u64>() {
        Ok(v) if v as usize <= n => Ok(v as u8),
        Ok(v) => Err(format!("{cell}: value {v} is outside 0..{n}")),
        Err(_) => Err(format!(
            "{cell}: {token:?} is not a digit, an integer or '.'"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_81_characters_with_dots_or_zeros() {
        let dots = format!("5{}", ".".repeat(80));
        let zeros = format!("5{}", "0".repeat(80));
        assert_eq!(parse_line(&dots, None), parse_line(&zeros, None));
        assert_eq!(parse_line(&dots, None).unwrap().given_count(), 1);
    }

    #[test]
    fn reads_space_separated_integers() {
        let mut tokens = vec!["0"; 256];
        tokens[0] = "16";
        let p = parse_line(&tokens.join(" "), None).unwrap();
        assert_eq!(p.order(), 16);
        assert_eq!(p.givens()[0], 16);
    }

    #[test]
    fn rectangular_order_needs_a_box_shape() {
        let line = "0 ".repeat(36);
        let err = parse_line(&line, None).unwrap_err();
        assert!(matches!(
            err.problem,
            crate::input::Problem::Puzzle(PuzzleError::NoBoxShape(6))
        ));
        assert_eq!(parse_line(&line, Some((2, 3))).unwrap().order(), 6);
    }

    #[test]
    fn errors_name_the_column() {
        let mut line: Vec<char> = ".".repeat(81).chars().collect();
        line[16] = 'x';
        let line: String = line.into_iter().collect();
        let e = parse_line(&line, None).unwrap_err();
        let (col, msg) = (e.column, e.problem.to_string());
        assert_eq!(col, 17);
        assert!(msg.starts_with("r2c8:"), "{msg}");
        let e = parse_line(&".".repeat(80), None).unwrap_err();
        let (col, msg) = (e.column, e.problem.to_string());
        assert_eq!(col, 1);
        assert!(msg.contains("80 cells"), "{msg}");
        let e = parse_line("1 0 0 5", None).unwrap_err();
        let (col, msg) = (e.column, e.problem.to_string());
        assert_eq!(col, 7);
        assert!(msg.contains("outside 0..2"), "{msg}");
    }

    #[test]
    fn duplicate_givens_are_refused() {
        let line = format!("55{}", ".".repeat(79));
        let e = parse_line(&line, None).unwrap_err();
        assert_eq!(e.problem.to_string(), "r1c1 and r1c2 both hold 5 in row 1");
        assert!(matches!(
            e.problem,
            crate::input::Problem::Puzzle(PuzzleError::DuplicateGiven { value: 5, .. })
        ));
    }
}
