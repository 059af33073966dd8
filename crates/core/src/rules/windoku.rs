//! Windoku: the windows between the boxes are further houses. With square boxes of side s the
//! windows are the s×s squares whose top-left corner is at row and column 1 + k·(s + 1)
//! (0-based), inside the grid: four windows on 9×9 (rows and columns 2–4 and 6–8).
//!
//! ```text
//! all-different(window)                windokuK
//! ```

use super::holds::distinct;
use super::{Broken, Context, Primitive, RuleKind, RuleProblem};
use crate::geometry::{Cell, Grid, Layout};

/// The windows' cells, row-major within each window, windows in row-major order.
pub fn windows(n: usize) -> Vec<Vec<Cell>> {
    let s = crate::geometry::square_box_side(n).unwrap_or(0);
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
/// The windoku rule (it has no data).
pub struct Windoku;

impl RuleKind for Windoku {
    fn name(&self) -> &'static str {
        "windoku"
    }

    fn tag_prefix(&self) -> &'static str {
        "windoku"
    }

    /// Windows need square boxes of at least 2×2 cells.
    fn validate(&self, ctx: &Context) -> Result<(), RuleProblem> {
        match ctx.layout {
            Layout::Boxes { rows, cols } if rows == cols && *rows >= 2 => Ok(()),
            _ => Err(RuleProblem::NeedsSquareBoxes),
        }
    }

    fn lower(&self, tag: &str, ctx: &Context) -> Vec<Primitive> {
        windows(ctx.n)
            .into_iter()
            .enumerate()
            .map(|(k, cells)| Primitive::AllDifferent {
                tag: format!("{tag}_w{}", k + 1),
                cells,
            })
            .collect()
    }

    /// The windows (square boxes of side s: s×s squares starting at 1, s + 2, … ) hold
    /// different values; counted here again, not taken from [`windows`].
    fn holds(&self, _name: &str, grid: &Grid, ctx: &Context) -> Result<(), Broken> {
        let n = ctx.n;
        let Layout::Boxes { rows: s, .. } = *ctx.layout else {
            return Ok(());
        };
        let mut start = 1;
        let mut starts = Vec::new();
        while start + s <= n {
            starts.push(start);
            start += s + 1;
        }
        for &r0 in &starts {
            for &c0 in &starts {
                let values = (r0..r0 + s).flat_map(|r| (c0..c0 + s).map(move |c| (r, c)));
                let name = format!("windoku window at {}", Cell { row: r0, col: c0 });
                distinct(&name, values.map(|(r, c)| grid.values[r * n + c] as i64))?;
            }
        }
        Ok(())
    }
}
