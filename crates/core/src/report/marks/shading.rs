//! Shaded cells: extra regions (a full diagonal as a line), windoku windows, clones (both
//! lists alike) and indexer cells.

use super::frame::{num, shade, Frame};
use crate::puzzle::Cell;
use std::fmt::Write;

/// Ground of windoku windows.
const WINDOW_GROUND: &str = "#d9e2ee";
/// Grounds of extra regions, one after the other.
const REGION_GROUNDS: [&str; 4] = ["#dde9f7", "#f7e6d4", "#e0f2dc", "#f1dff0"];
/// The ground of clones.
const CLONE_GROUND: &str = "#e4e4e4";
/// The ground of indexer cells.
const INDEXER_GROUND: &str = "#f3dcdc";

/// Which full diagonal `cells` are, if they are one: 0 the main (r = c), 1 the anti-diagonal.
pub(super) fn diagonal_of(n: usize, cells: &[Cell]) -> Option<usize> {
    if cells.len() != n {
        return None;
    }
    if cells.iter().all(|c| c.row == c.col) {
        Some(0)
    } else if cells.iter().all(|c| c.row + c.col + 1 == n) {
        Some(1)
    } else {
        None
    }
}

/// Extra region: its cells shaded (the `k`-th region in the `k`-th ground); a full diagonal
/// (how f-puzzles writes a single diagonal) as a line corner to corner.
pub(super) fn extra_region(out: &mut String, cells: &[Cell], n: usize, k: usize, frame: Frame) {
    if let Some(which) = diagonal_of(n, cells) {
        let side = n as f64 * frame.cell;
        let (x1, x2) = match which {
            0 => (frame.x0, frame.x0 + side),
            _ => (frame.x0 + side, frame.x0),
        };
        let _ = writeln!(
            out,
            r##"<line class="diagonal" x1="{}" y1="{}" x2="{}" y2="{}" stroke="#a8a8a8" stroke-width="2"/>"##,
            num(x1),
            num(frame.y0),
            num(x2),
            num(frame.y0 + side)
        );
        return;
    }
    shade(
        out,
        cells,
        REGION_GROUNDS[k % REGION_GROUNDS.len()],
        "extra-region",
        frame,
    );
}

/// Shades the cells of an indexer rule.
pub(super) fn draw_indexer(out: &mut String, cells: &[Cell], frame: (f64, f64, f64)) {
    let (x0, y0, size) = frame;
    let _ = write!(out, r#"<g class="indexer" fill="{INDEXER_GROUND}">"#);
    for c in cells {
        let _ = write!(
            out,
            r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}"/>"#,
            x0 + c.col as f64 * size,
            y0 + c.row as f64 * size,
            size,
            size
        );
    }
    out.push_str("</g>\n");
}

/// Windoku: the four windows between the boxes shaded.
pub(super) fn windoku(out: &mut String, n: usize, frame: Frame) {
    for window in crate::rules::windoku::windows(n) {
        shade(out, &window, WINDOW_GROUND, "windoku", frame);
    }
}

/// Clone: both cell lists shaded alike.
pub(super) fn clone(out: &mut String, cells: &[Cell], copies: &[Cell], frame: Frame) {
    shade(out, cells, CLONE_GROUND, "clone", frame);
    shade(out, copies, CLONE_GROUND, "clone", frame);
}
