//! What every rule picture draws with: where the grid is ([`Frame`]), which layer
//! ([`Layer`]), numbers for SVG attributes, polylines and shaded cells. Shared by
//! the files of [`super`], one a family of rules, which draw them.

use crate::puzzle::Cell;
use std::fmt::Write;

/// Where the grid is: the top-left corner of cell r1c1 and the side of a cell, in SVG units.
#[derive(Debug, Clone, Copy)]
pub struct Frame {
    pub x0: f64,
    pub y0: f64,
    pub cell: f64,
}

impl Frame {
    pub fn new(x0: usize, y0: usize, cell: usize) -> Frame {
        Frame {
            x0: x0 as f64,
            y0: y0 as f64,
            cell: cell as f64,
        }
    }

    /// The centre of the cell at (row, col); negative or past-the-end indices are cells outside.
    pub(super) fn centre(&self, row: f64, col: f64) -> (f64, f64) {
        (
            self.x0 + (col + 0.5) * self.cell,
            self.y0 + (row + 0.5) * self.cell,
        )
    }

    pub(super) fn of(&self, c: Cell) -> (f64, f64) {
        self.centre(c.row as f64, c.col as f64)
    }
}

/// Which layer to draw: under the grid lines and digits, or over them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layer {
    Under,
    Over,
}

/// A number for an SVG attribute, one decimal.
pub(super) fn num(x: f64) -> String {
    let s = format!("{x:.1}");
    s.strip_suffix(".0").map_or(s.clone(), str::to_string)
}

/// `x,y x,y …` of an SVG polyline.
pub(super) fn points(points: impl Iterator<Item = (f64, f64)>) -> String {
    points
        .map(|(x, y)| format!("{},{}", num(x), num(y)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// One rectangle of `ground` per cell.
pub(super) fn shade(out: &mut String, cells: &[Cell], ground: &str, class: &str, frame: Frame) {
    let _ = write!(out, r#"<g class="{class}" fill="{ground}">"#);
    for c in cells {
        let _ = write!(
            out,
            r#"<rect x="{}" y="{}" width="{}" height="{}"/>"#,
            num(frame.x0 + c.col as f64 * frame.cell),
            num(frame.y0 + c.row as f64 * frame.cell),
            num(frame.cell),
            num(frame.cell)
        );
    }
    out.push_str("</g>\n");
}

/// The unit vector of (dx, dy), or (0, 0).
pub(super) fn unit(dx: f64, dy: f64) -> (f64, f64) {
    let length = (dx * dx + dy * dy).sqrt();
    if length == 0.0 {
        (0.0, 0.0)
    } else {
        (dx / length, dy / length)
    }
}

/// The two strokes of an arrowhead of `size` at the end of `line`: back from the tip at ±40°.
pub(super) fn arrowhead(line: &[(f64, f64)], size: f64) -> [(f64, f64); 3] {
    let tip = line[line.len() - 1];
    let from = line[line.len().saturating_sub(2)];
    let (dx, dy) = unit(tip.0 - from.0, tip.1 - from.1);
    let (cos, sin) = (40f64.to_radians().cos(), 40f64.to_radians().sin());
    let back = |s: f64| {
        (
            tip.0 - size * (dx * cos - s * dy * sin),
            tip.1 - size * (dy * cos + s * dx * sin),
        )
    };
    [back(1.0), tip, back(-1.0)]
}

/// The middle of the edge (or of the segment) between two cells.
pub(super) fn between(frame: Frame, a: Cell, b: Cell) -> (f64, f64) {
    let (ax, ay) = frame.of(a);
    let (bx, by) = frame.of(b);
    ((ax + bx) / 2.0, (ay + by) / 2.0)
}
