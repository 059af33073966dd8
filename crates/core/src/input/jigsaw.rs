//! Jigsaw (irregular-region) puzzle lines of the shared collections, with their stored
//! solutions:
//! - 9×9: `<givens81> <regions81> <solution81>`;
//! - any N ≤ 9: `<N> <givens> <regions> <solution>`, each field N² characters.
//!
//! Givens use `.` (or `0`) for empty cells and digits 1..N; regions are labels 1..N per cell.

use super::tokens::tokens;
use super::LineError;
use crate::puzzle::{Grid, Layout, Puzzle};

/// True when a line has the shape of a jigsaw line (3 fields of 81 characters, or N and three
/// fields of N² characters), so that it is read by [`parse_jigsaw_line`].
pub fn is_jigsaw_line(line: &str) -> bool {
    let fields: Vec<&str> = line.split_whitespace().collect();
    match fields.as_slice() {
        [a, b, c] => [a, b, c].iter().all(|f| f.len() == 81),
        [n, a, b, c] => n
            .parse::<usize>()
            .is_ok_and(|n| (2..=9).contains(&n) && [a, b, c].iter().all(|f| f.len() == n * n)),
        _ => false,
    }
}

/// Parses a jigsaw line into the puzzle (regions replace the boxes) and the stored solution
/// (not checked here). On failure returns the 1-based column (in characters) and the problem.
///
/// ```
/// use sudoku_ilp::input::parse_jigsaw_line;
/// let (p, solution) = parse_jigsaw_line("4 ..43...1.2...... 1113133322442244 2143342112344312").unwrap();
/// assert_eq!((p.order(), p.given_count()), (4, 4));
/// assert_eq!(solution.values[..4], [2, 1, 4, 3]);
/// ```
pub fn parse_jigsaw_line(line: &str) -> Result<(Puzzle, Grid), LineError> {
    // Fields with their 1-based starting columns.
    let fields = tokens(line);
    let (n, rest) = match fields.len() {
        3 => (9, &fields[..]),
        4 => {
            let n = fields[0]
                .1
                .parse::<usize>()
                .ok()
                .filter(|n| (2..=9).contains(n))
                .ok_or_else(|| {
                    LineError::new(fields[0].0, format!("{:?}: the order must be 2..9", fields[0].1))
                })?;
            (n, &fields[1..])
        }
        k => {
            return Err(LineError::new(
                1,
                format!("{k} fields: a jigsaw line has givens, regions and solution (and N first for N ≠ 9)"),
            ))
        }
    };
    let digits = |what: &str, (col, text): (usize, &str), empty_ok: bool| {
        if text.chars().count() != n * n {
            return Err(LineError::new(
                col,
                format!(
                    "{what}: {} characters, expected {}",
                    text.chars().count(),
                    n * n
                ),
            ));
        }
        text.chars()
            .enumerate()
            .map(|(i, ch)| match ch {
                '.' | '0' if empty_ok => Ok(0u8),
                _ => ch
                    .to_digit(10)
                    .filter(|&d| d >= 1 && d as usize <= n)
                    .map(|d| d as u8)
                    .ok_or_else(|| {
                        LineError::new(
                            col + i,
                            format!(
                                "{what}: {ch:?} is not {}1..{n}",
                                if empty_ok { "'.' or " } else { "" }
                            ),
                        )
                    }),
            })
            .collect::<Result<Vec<u8>, _>>()
    };
    let givens = digits("givens", rest[0], true)?;
    let regions = digits("regions", rest[1], false)?;
    let solution = digits("solution", rest[2], false)?;
    let ids = regions.iter().map(|&r| r as usize - 1).collect();
    let puzzle = Puzzle::new(n, Layout::Regions(ids), false, givens)
        .map_err(|e| LineError::puzzle(rest[0].0, e))?;
    Ok((
        puzzle,
        Grid {
            n,
            values: solution,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check;

    const LINE9: &str = "8...........1.....2.....4.6.....8..5...62..18.3...4.2....5..1.7..2.........8...9. 999998888555998888555998333555111333222111333222111444222766444777766444777766666 845279361359162784281395476467918235574623918136754829928536147792481653613847592";

    #[test]
    fn reads_a_9x9_line_and_its_solution_checks() {
        assert!(is_jigsaw_line(LINE9));
        let (p, solution) = parse_jigsaw_line(LINE9).unwrap();
        assert_eq!(p.order(), 9);
        assert!(matches!(p.layout(), Layout::Regions(_)));
        check(&p, &solution).unwrap();
    }

    #[test]
    fn columns_count_characters() {
        // A non-ASCII character before the bad field: the column counts it once.
        let e = parse_jigsaw_line("4\u{a0}..43...1.2...... 1113133322442244 21433421123443x2")
            .unwrap_err();
        assert_eq!(e.column, 37 + 14);
    }

    #[test]
    fn bad_lines_name_the_column() {
        assert!(!is_jigsaw_line(&".".repeat(81)));
        let bad = LINE9.replacen("999998888", "999998880", 1);
        let e = parse_jigsaw_line(&bad).unwrap_err();
        let (col, msg) = (e.column, e.problem.to_string());
        assert_eq!(col, 83 + 8);
        assert!(msg.starts_with("regions:"), "{msg}");
        let msg = parse_jigsaw_line("4 ..43 1113133322442244 2143342112344312")
            .unwrap_err()
            .problem
            .to_string();
        assert!(msg.contains("expected 16"), "{msg}");
        let msg = parse_jigsaw_line(&LINE9.replacen("999998888", "199998888", 1))
            .unwrap_err()
            .problem
            .to_string();
        assert!(msg.contains("region"), "{msg}");
    }
}
