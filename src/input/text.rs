//! One-line text puzzles: n² characters (`.` or `0` empty, n ≤ 9), or n² integers separated by
//! spaces (`0` or `.` empty), row-major.

use super::boxed_puzzle;
use crate::puzzle::{Conflict, Puzzle, MAX_ORDER};

/// Parses one puzzle line. On failure returns the 1-based column in the line and the problem.
///
/// ```
/// use sudoku_ilp::input::parse_line;
/// let p = parse_line("1.3.........4..2", None).unwrap();
/// assert_eq!(p.order(), 4);
/// assert_eq!(p.given_count(), 4);
/// let e = parse_line("1 2 3", None).unwrap_err();
/// assert_eq!(e.0, 1);
/// ```
pub fn parse_line(
    line: &str,
    box_shape: Option<(usize, usize)>,
) -> Result<Puzzle, (usize, String)> {
    parse_line_lenient(line, box_shape, false).map(|(puzzle, _)| puzzle)
}

/// [`parse_line`]; with `lenient`, a value given twice in a house is set aside as a [`Conflict`]
/// instead of failing.
pub(super) fn parse_line_lenient(
    line: &str,
    box_shape: Option<(usize, usize)>,
    lenient: bool,
) -> Result<(Puzzle, Vec<Conflict>), (usize, String)> {
    let trimmed = line.trim_end();
    let indent = trimmed.len() - trimmed.trim_start().len();
    let body = trimmed.trim_start();
    if body.is_empty() {
        return Err((1, "empty line: no puzzle".into()));
    }
    // Tokens with their 1-based starting column (in characters).
    let tokens: Vec<(usize, &str)> = if body.contains(char::is_whitespace) {
        let mut out = Vec::new();
        let mut start = None;
        for (i, (byte, ch)) in body.char_indices().enumerate() {
            match (ch.is_whitespace(), start) {
                (false, None) => start = Some((i, byte)),
                (true, Some((col, from))) => {
                    out.push((indent + col + 1, &body[from..byte]));
                    start = None;
                }
                _ => {}
            }
        }
        if let Some((col, from)) = start {
            out.push((indent + col + 1, &body[from..]));
        }
        out
    } else {
        body.char_indices()
            .enumerate()
            .map(|(i, (byte, ch))| (indent + i + 1, &body[byte..byte + ch.len_utf8()]))
            .collect()
    };
    let cells = tokens.len();
    let n = (cells as f64).sqrt().round() as usize;
    if n * n != cells {
        return Err((
            indent + 1,
            format!("{cells} cells is not a square number (81 for a 9x9 grid, or n² integers separated by spaces)"),
        ));
    }
    if n > MAX_ORDER {
        return Err((
            indent + 1,
            format!("order {n} is larger than the maximum {MAX_ORDER}"),
        ));
    }
    let mut givens = Vec::with_capacity(cells);
    for (i, &(col, token)) in tokens.iter().enumerate() {
        let cell = format!("r{}c{}", i / n + 1, i % n + 1);
        let value = if token == "." {
            0
        } else {
            match token.parse::<u64>() {
                Ok(v) if v as usize <= n => v as u8,
                Ok(v) => return Err((col, format!("{cell}: value {v} is outside 0..{n}"))),
                Err(_) => {
                    return Err((
                        col,
                        format!("{cell}: {token:?} is not a digit, an integer or '.'"),
                    ))
                }
            }
        };
        givens.push(value);
    }
    boxed_puzzle(n, box_shape, false, givens, lenient).map_err(|e| (indent + 1, e.to_string()))
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
        assert!(err.1.contains("no square boxes"), "{}", err.1);
        assert_eq!(parse_line(&line, Some((2, 3))).unwrap().order(), 6);
    }

    #[test]
    fn errors_name_the_column() {
        let mut line: Vec<char> = ".".repeat(81).chars().collect();
        line[16] = 'x';
        let line: String = line.into_iter().collect();
        let (col, msg) = parse_line(&line, None).unwrap_err();
        assert_eq!(col, 17);
        assert!(msg.starts_with("r2c8:"), "{msg}");
        let (col, msg) = parse_line(&".".repeat(80), None).unwrap_err();
        assert_eq!(col, 1);
        assert!(msg.contains("80 cells"), "{msg}");
        let (col, msg) = parse_line("1 0 0 5", None).unwrap_err();
        assert_eq!(col, 7);
        assert!(msg.contains("outside 0..2"), "{msg}");
    }

    #[test]
    fn duplicate_givens_are_refused() {
        let line = format!("55{}", ".".repeat(79));
        let (_, msg) = parse_line(&line, None).unwrap_err();
        assert_eq!(msg, "r1c1 and r1c2 both hold 5 in row 1");
    }
}
