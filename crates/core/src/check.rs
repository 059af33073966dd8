//! The independent checker: is a grid a solution of a puzzle?
//!
//! It shares no code with the formulations, nor with [`Puzzle::houses`]: it recomputes every row,
//! column, box, region and diagonal from the puzzle's shape with its own index arithmetic, so a
//! bug in how houses are built for the models cannot hide a wrong grid.

pub mod certificate;
pub mod summed;

use crate::puzzle::{Grid, Layout, Puzzle};
use crate::rules::Context;

/// Why a grid is not a solution, 1-based places.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    #[error("the grid is {got}x{got}, the puzzle {want}x{want}")]
    WrongOrder { got: usize, want: usize },
    #[error("r{row}c{col} holds {value}, outside 1..{n}")]
    OutOfRange {
        row: usize,
        col: usize,
        value: u8,
        n: usize,
    },
    #[error("r{row}c{col} holds {got} but the given is {given}")]
    GivenChanged {
        row: usize,
        col: usize,
        given: u8,
        got: u8,
    },
    #[error("{house} lacks the value {value}")]
    Missing { house: String, value: u8 },
    /// A variant rule does not hold.
    #[error("{rule}: {problem}")]
    Rule { rule: String, problem: String },
}

/// Checks that every cell holds 1..n, every given is kept, and every row, column, box (or region)
/// and, if the rule is on, each diagonal holds each value exactly once; then every variant rule
/// of the puzzle ([`Puzzle::rules`]), each checked from its own data.
///
/// ```
/// use sudoku_ilp::{check::check, puzzle::{Grid, Puzzle}};
/// let p = Puzzle::with_square_boxes(4, vec![0; 16]).unwrap();
/// let g = Grid { n: 4, values: vec![1,2,3,4, 3,4,1,2, 2,1,4,3, 4,3,2,1] };
/// assert!(check(&p, &g).is_ok());
/// ```
pub fn check(puzzle: &Puzzle, grid: &Grid) -> Result<(), CheckError> {
    let n = puzzle.order();
    if grid.n != n || grid.values.len() != n * n {
        return Err(CheckError::WrongOrder {
            got: grid.n,
            want: n,
        });
    }
    let at = |r: usize, c: usize| grid.values[r * n + c];
    for r in 0..n {
        for c in 0..n {
            let v = at(r, c);
            if v == 0 || v as usize > n {
                return Err(CheckError::OutOfRange {
                    row: r + 1,
                    col: c + 1,
                    value: v,
                    n,
                });
            }
            let given = puzzle.givens()[r * n + c];
            if given != 0 && given != v {
                return Err(CheckError::GivenChanged {
                    row: r + 1,
                    col: c + 1,
                    given,
                    got: v,
                });
            }
        }
    }
    let mut groups: Vec<(String, Vec<u8>)> = Vec::new();
    for i in 0..n {
        groups.push((format!("row {}", i + 1), (0..n).map(|c| at(i, c)).collect()));
        groups.push((
            format!("column {}", i + 1),
            (0..n).map(|r| at(r, i)).collect(),
        ));
    }
    match puzzle.layout() {
        Layout::Boxes { rows, cols } => {
            let mut boxes = vec![Vec::new(); n];
            for r in 0..n {
                for c in 0..n {
                    boxes[(r / rows) * (n / cols) + c / cols].push(at(r, c));
                }
            }
            for (b, values) in boxes.into_iter().enumerate() {
                groups.push((format!("box {}", b + 1), values));
            }
        }
        Layout::Regions(ids) => {
            let mut regions = vec![Vec::new(); n];
            for (i, &id) in ids.iter().enumerate() {
                regions[id].push(grid.values[i]);
            }
            for (id, values) in regions.into_iter().enumerate() {
                groups.push((format!("region {}", id + 1), values));
            }
        }
    }
    if puzzle.has_diagonals() {
        groups.push(("main diagonal".into(), (0..n).map(|i| at(i, i)).collect()));
        groups.push((
            "anti-diagonal".into(),
            (0..n).map(|i| at(i, n - 1 - i)).collect(),
        ));
    }
    for (house, values) in groups {
        let mut seen = vec![false; n + 1];
        for v in values {
            seen[v as usize] = true;
        }
        if let Some(value) = (1..=n).find(|&v| !seen[v]) {
            return Err(CheckError::Missing {
                house,
                value: value as u8,
            });
        }
    }
    check_rules(puzzle, grid)
}

/// Checks every rule of `puzzle` on a grid whose cells all hold 1..n, each from its own data:
/// each rule file's [`crate::rules::RuleKind::holds`] reads values off the grid and tests what the
/// rule says in words, with no code of the lowering or of the primitives (no pair tables, no
/// linear terms).
fn check_rules(puzzle: &Puzzle, grid: &Grid) -> Result<(), CheckError> {
    let ctx = Context::new(puzzle.order(), puzzle.layout(), puzzle.rules());
    for rule in puzzle.rules() {
        let place = rule
            .cells()
            .first()
            .map_or(String::new(), |c| format!(" at {c}"));
        let name = format!("{}{place}", rule.kind_name());
        rule.kind()
            .holds(&name, grid, &ctx)
            .map_err(|b| CheckError::Rule {
                rule: b.rule,
                problem: b.problem,
            })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Puzzle;

    /// A valid 9×9 solution by the shifting pattern (r·3 + r/3 + c) mod 9 + 1.
    fn pattern9() -> Grid {
        let values = (0..81)
            .map(|i| {
                let (r, c) = (i / 9, i % 9);
                ((r * 3 + r / 3 + c) % 9 + 1) as u8
            })
            .collect();
        Grid { n: 9, values }
    }

    #[test]
    fn accepts_a_solution() {
        let p = Puzzle::with_square_boxes(9, vec![0; 81]).unwrap();
        assert_eq!(check(&p, &pattern9()), Ok(()));
    }

    #[test]
    fn rejects_a_changed_given() {
        let mut givens = vec![0; 81];
        givens[0] = 2;
        let p = Puzzle::with_square_boxes(9, givens).unwrap();
        assert_eq!(
            check(&p, &pattern9()),
            Err(CheckError::GivenChanged {
                row: 1,
                col: 1,
                given: 2,
                got: 1
            })
        );
    }

    #[test]
    fn rejects_a_swap_that_breaks_a_box() {
        let p = Puzzle::with_square_boxes(9, vec![0; 81]).unwrap();
        let mut g = pattern9();
        // Swap rows 3 and 4 (0-based 2 and 3): rows and columns stay permutations, boxes break.
        for c in 0..9 {
            g.values.swap(2 * 9 + c, 3 * 9 + c);
        }
        let err = check(&p, &g).unwrap_err();
        assert!(
            matches!(err, CheckError::Missing { ref house, .. } if house.starts_with("box")),
            "{err}"
        );
    }

    #[test]
    fn rejects_empty_and_out_of_range_cells() {
        let p = Puzzle::with_square_boxes(9, vec![0; 81]).unwrap();
        let mut g = pattern9();
        g.values[40] = 0;
        assert!(matches!(check(&p, &g), Err(CheckError::OutOfRange { .. })));
        g.values[40] = 10;
        assert!(matches!(check(&p, &g), Err(CheckError::OutOfRange { .. })));
    }

    #[test]
    fn rejects_a_broken_diagonal() {
        let p = Puzzle::new(9, Layout::Boxes { rows: 3, cols: 3 }, true, vec![0; 81]).unwrap();
        let err = check(&p, &pattern9()).unwrap_err();
        assert!(err.to_string().contains("diagonal"), "{err}");
    }
}
