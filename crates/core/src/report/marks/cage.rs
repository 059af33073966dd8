//! Killer cages: a dashed outline inset in the cage's cells, the sum in the top-left corner of
//! its first cell.

use super::frame::{num, Frame};
use crate::rules::killer::Cage;
use std::collections::HashSet;
use std::fmt::Write;

/// How far a cage's dashed outline lies inside its cells.
pub fn cage_inset(cell: f64) -> f64 {
    cell * 0.1
}

/// The font size of a cage sum.
pub(super) fn cage_sum_font(cell: f64) -> f64 {
    (cell * 0.22).min(15.0).round()
}

/// The height of the band at the top of a cell that a cage sum takes.
pub fn cage_sum_band(cell: usize) -> usize {
    cage_sum_font(cell as f64) as usize + 4
}

/// Killer cage: a dashed outline inset by a tenth of a cell (one path of edge segments), the
/// sum on a white ground in the top-left corner of the cage's first cell (row-major).
/// `depth`: how many earlier cages share a cell with it (overlapping cages are legal); each
/// level draws the outline a further 0.08 cell inside.
pub(super) fn cage(out: &mut String, cage: &Cage, frame: Frame, depth: usize) {
    let cells: HashSet<(i64, i64)> = cage
        .cells
        .iter()
        .map(|c| (c.row as i64, c.col as i64))
        .collect();
    let inset = cage_inset(frame.cell) + depth as f64 * frame.cell * 0.08;
    let mut path = String::new();
    for &(r, c) in &cells {
        for segment in cage_edges(&cells, (r, c), frame, inset) {
            let [(x1, y1), (x2, y2)] = segment;
            let _ = write!(path, "M{} {}L{} {}", num(x1), num(y1), num(x2), num(y2));
        }
    }
    let dash = num(frame.cell * 0.09);
    let _ = writeln!(
        out,
        r#"<path class="cage" d="{path}" fill="none" stroke="black" stroke-width="1.2" stroke-dasharray="{dash} {}"/>"#,
        num(frame.cell * 0.06)
    );
    let (Some(sum), Some(first)) = (cage.sum, cage.cells.iter().min()) else {
        return;
    };
    let font = cage_sum_font(frame.cell);
    let (x, y) = (
        frame.x0 + first.col as f64 * frame.cell,
        frame.y0 + first.row as f64 * frame.cell,
    );
    let text = sum.to_string();
    let width = font * 0.62 * text.len() as f64 + 3.0;
    let _ = writeln!(
        out,
        r#"<rect x="{}" y="{}" width="{}" height="{}" fill="white"/><text class="cage-sum" x="{}" y="{}" font-family="sans-serif" font-size="{}" dominant-baseline="hanging">{text}</text>"#,
        num(x + 2.0),
        num(y + 2.0),
        num(width),
        num(font + 1.0),
        num(x + 3.0),
        num(y + 3.0),
        num(font)
    );
}

/// The outline segments of one cage cell: each side whose neighbour is outside the cage, inset
/// into the cell; at each end the segment stops at the inset corner (a convex corner), meets the
/// neighbour's segment at the cell border (a straight run) or reaches past it (a concave corner).
fn cage_edges(
    cells: &HashSet<(i64, i64)>,
    (r, c): (i64, i64),
    frame: Frame,
    inset: f64,
) -> Vec<[(f64, f64); 2]> {
    let half = frame.cell / 2.0;
    let (cx, cy) = frame.centre(r as f64, c as f64);
    let inside = |dr: i64, dc: i64| cells.contains(&(r + dr, c + dc));
    let mut out = Vec::new();
    // Outward normal (dr, dc) of each side and its tangent.
    for (nr, nc) in [(-1i64, 0i64), (0, 1), (1, 0), (0, -1)] {
        if inside(nr, nc) {
            continue;
        }
        let (tr, tc) = (nc, -nr);
        let end = |e: i64| {
            let along = inside(e * tr, e * tc);
            let diagonal = inside(e * tr + nr, e * tc + nc);
            let reach = match (along, diagonal) {
                (false, _) => half - inset,
                (true, false) => half,
                (true, true) => half + inset,
            };
            (
                cx + nc as f64 * (half - inset) + (e * tc) as f64 * reach,
                cy + nr as f64 * (half - inset) + (e * tr) as f64 * reach,
            )
        };
        out.push([end(-1), end(1)]);
    }
    out
}
