//! The short "snarfable" killer line of the killer forums: 81 characters, row-major. A cell
//! holds an arrow towards its cage's head — `<` `>` `^` `v` or a diagonal `` ` `` (up-left),
//! `'` (up-right), `,` (down-left), `.` (down-right) — or is the head, whose character is the
//! cage's sum: `0`–`9`, `A`–`Z` = 10–35, `a`–`j` = 36–45.

use crate::puzzle::{Cell, Puzzle, PuzzleError};
use crate::rules::killer::Cage;
use crate::rules::Rule;

/// Whether a line is in the short killer format (81 characters with at least one arrow).
pub fn is_short_killer(line: &str) -> bool {
    let line = line.trim();
    line.len() == 81
        && line.bytes().any(|b| b"<>^v`',".contains(&b))
        && line.bytes().all(|b| {
            b.is_ascii_digit()
                || b.is_ascii_uppercase()
                || (b'a'..=b'j').contains(&b)
                || b"<>^v`',.".contains(&b)
        })
}

/// Reads the line into a 9×9 killer puzzle (no givens); cages in the order of their first cell.
pub fn parse_short_killer(line: &str) -> Result<Puzzle, String> {
    let bytes = line.trim().as_bytes();
    if bytes.len() != 81 {
        return Err(format!(
            "a short killer line has 81 characters, this one {}",
            bytes.len()
        ));
    }
    // The move (rows, columns) of an arrow character, `None` for a cage head.
    let step = |i: usize| -> Option<(i64, i64)> {
        Some(match bytes[i] {
            b'<' => (0, -1),
            b'>' => (0, 1),
            b'^' => (-1, 0),
            b'v' => (1, 0),
            b'`' => (-1, -1),
            b'\'' => (-1, 1),
            b',' => (1, -1),
            b'.' => (1, 1),
            _ => return None,
        })
    };
    let mut heads: Vec<usize> = Vec::new();
    let mut cages: Vec<Cage> = Vec::new();
    for start in 0..81 {
        let mut i = start;
        let mut hops = 0;
        while let Some((dr, dc)) = step(i) {
            let (row, col) = ((i / 9) as i64 + dr, (i % 9) as i64 + dc);
            hops += 1;
            if !(0..9).contains(&row) || !(0..9).contains(&col) || hops > 81 {
                return Err(format!(
                    "cell r{}c{}: its arrows lead outside the grid or in a loop",
                    start / 9 + 1,
                    start % 9 + 1
                ));
            }
            i = (row * 9 + col) as usize;
        }
        let sum = match bytes[i] {
            b @ b'0'..=b'9' => (b - b'0') as i64,
            b @ b'A'..=b'Z' => (b - b'A') as i64 + 10,
            b @ b'a'..=b'j' => (b - b'a') as i64 + 36,
            b => {
                return Err(format!(
                    "cell r{}c{}: {:?} is neither an arrow nor a sum (0-9, A-Z, a-j)",
                    i / 9 + 1,
                    i % 9 + 1,
                    char::from(b)
                ))
            }
        };
        let cell = Cell {
            row: start / 9,
            col: start % 9,
        };
        match heads.iter().position(|&h| h == i) {
            Some(k) => cages[k].cells.push(cell),
            None => {
                heads.push(i);
                // A head of sum 0 marks a cage without a sum (as ISS reads it).
                let sum = (sum > 0).then_some(sum);
                cages.push(Cage {
                    cells: vec![cell],
                    sum,
                });
            }
        }
    }
    let rules = cages.into_iter().map(Rule::Killer).collect();
    Puzzle::with_square_boxes(9, vec![0; 81])
        .and_then(|p| p.with_rules(rules))
        .map_err(|e: PuzzleError| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by the fuzzer: lines of the other killer format, of the wrong length, with a
    /// character that is neither arrow nor sum, or an arrow off the side, are errors, not panics.
    #[test]
    fn malformed_lines_are_errors() {
        let sudocue = format!("3x3::k:{}", "2817:".repeat(81));
        let wraps = format!(">{}", "<".repeat(80));
        let edge = format!("<{}", "1".repeat(80));
        for (line, says) in [
            (sudocue.as_str(), "81 characters"),
            ("<<<", "81 characters"),
            (&"z".repeat(81), "neither an arrow nor a sum"),
            (&edge, "outside the grid"),
            (&wraps, "in a loop"),
        ] {
            let error = parse_short_killer(line).unwrap_err();
            assert!(error.contains(says), "{line}: {error}");
        }
    }
}
