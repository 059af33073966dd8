//! The SudoCue killer line: `3x3:` then an optional `d` (both diagonals), `:k:`, 81 numbers
//! `sum·256 + cage id` separated by `:`, and a final `:`. A cell whose number has sum 0 is in
//! no cage.

use crate::puzzle::{Cell, Layout, Puzzle};
use crate::rules::killer::Cage;
use crate::rules::Rule;

/// Whether a line is a SudoCue killer line.
pub fn is_sudocue(line: &str) -> bool {
    let line = line.trim();
    line.starts_with("3x3:") && line.split(':').nth(2) == Some("k")
}

/// Reads the line into a 9×9 killer puzzle (no givens); cages in the order of their first cell.
pub fn parse_sudocue(line: &str) -> Result<Puzzle, String> {
    let parts: Vec<&str> = line.trim().split(':').collect();
    let (Some(&"3x3"), Some(&"k"), Some(numbers)) = (parts.first(), parts.get(2), parts.get(3..))
    else {
        return Err("not a SudoCue killer line: it starts 3x3::k: or 3x3:d:k:".into());
    };
    let numbers = numbers.strip_suffix(&[""][..]).unwrap_or(numbers);
    if numbers.len() != 81 {
        return Err(format!(
            "a SudoCue killer line has 81 numbers, this one {}",
            numbers.len()
        ));
    }
    let diagonals = match parts[1] {
        "" => false,
        "d" => true,
        other => {
            return Err(format!(
                "unknown SudoCue option {other:?} (only d, diagonals)"
            ))
        }
    };
    let mut ids: Vec<i64> = Vec::new();
    let mut cages: Vec<Cage> = Vec::new();
    for (i, text) in numbers.iter().enumerate() {
        let value: i64 = text
            .trim()
            .parse()
            .map_err(|_| format!("number {} ({text:?}) is not an integer", i + 1))?;
        let (sum, id) = (value / 256, value % 256);
        if sum == 0 {
            continue;
        }
        let cell = Cell {
            row: i / 9,
            col: i % 9,
        };
        match ids.iter().position(|&k| k == id) {
            Some(k) if cages[k].sum == Some(sum) => cages[k].cells.push(cell),
            Some(_) => return Err(format!("cage {id} has two sums (at {cell})")),
            None => {
                ids.push(id);
                cages.push(Cage {
                    cells: vec![cell],
                    sum: Some(sum),
                });
            }
        }
    }
    let rules = cages.into_iter().map(Rule::Killer).collect();
    Puzzle::new(
        9,
        Layout::Boxes { rows: 3, cols: 3 },
        diagonals,
        vec![0; 81],
    )
    .and_then(|p| p.with_rules(rules))
    .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by the fuzzer: a line that is not a SudoCue line (a short killer line, or too few
    /// fields) is an error, not a panic.
    #[test]
    fn other_lines_are_errors() {
        let short = format!("G<<M<L<M<{}", "^".repeat(72));
        for line in [short.as_str(), "3x3", "3x3:", "3x3::", "3x3::x:1"] {
            let error = parse_sudocue(line).unwrap_err();
            assert!(
                error.contains("not a SudoCue killer line"),
                "{line}: {error}"
            );
        }
    }
}
