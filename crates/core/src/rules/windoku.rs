//! Windoku: the windows between the boxes are further houses. With square boxes of side s the
//! windows are the s×s squares whose top-left corner is at row and column 1 + k·(s + 1)
//! (0-based), inside the grid: four windows on 9×9 (rows and columns 2–4 and 6–8).
//!
//! ```text
//! all-different(window)                windokuK
//! ```

use super::{Primitive, RuleProblem};
use crate::puzzle::{Cell, Layout};

/// The windows' cells, row-major within each window, windows in row-major order.
pub fn windows(n: usize) -> Vec<Vec<Cell>> {
    let s = crate::puzzle::square_box_side(n).unwrap_or(0);
    if s < 2 {
        return Vec::new();
    }
    let starts: Vec<usize> = (0..)
        .map(|k| 1 + k * (s + 1))
        .take_while(|o| o + s <= n)
        .collect();
    let mut out = Vec::new();
    for &r0 in &starts {
        for &c0 in &starts {
            out.push(
                (0..s * s)
                    .map(|i| Cell {
                        row: r0 + i / s,
                        col: c0 + i % s,
                    })
                    .collect(),
            );
        }
    }
    out
}

/// Windows need square boxes of side ≥ 2.
pub(super) fn validate(layout: &Layout) -> Result<(), RuleProblem> {
    match layout {
        Layout::Boxes { rows, cols } if rows == cols && *rows >= 2 => Ok(()),
        _ => Err(RuleProblem::NeedsSquareBoxes),
    }
}

pub(super) fn lower(n: usize, tag: &str) -> Vec<Primitive> {
    windows(n)
        .into_iter()
        .enumerate()
        .map(|(k, cells)| Primitive::AllDifferent {
            tag: format!("{tag}_w{}", k + 1),
            cells,
        })
        .collect()
}
