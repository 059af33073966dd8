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
    let step = |i: usize| -> Option<i64> {
        Some(match bytes[i] {
            b'<' => -1,
            b'>' => 1,
            b'^' => -9,
            b'v' => 9,
            b'`' => -10,
            b'\'' => -8,
            b',' => 8,
            b'.' => 10,
            _ => return None,
        })
    };
    let mut heads: Vec<usize> = Vec::new();
    let mut cages: Vec<Cage> = Vec::new();
    for start in 0..81 {
        let mut i = start;
        let mut hops = 0;
        while let Some(d) = step(i) {
            let next = i as i64 + d;
            hops += 1;
            if !(0..81).contains(&next) || hops > 81 {
                return Err(format!(
                    "cell r{}c{}: its arrows lead outside the grid or in a loop",
                    start / 9 + 1,
                    start % 9 + 1
                ));
            }
            i = next as usize;
        }
        let sum = match bytes[i] {
            b @ b'0'..=b'9' => (b - b'0') as i64,
            b @ b'A'..=b'Z' => (b - b'A') as i64 + 10,
            b => (b - b'a') as i64 + 36,
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
