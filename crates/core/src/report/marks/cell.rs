//! Marks in or on cells: odd and even cells (a grey circle, a grey square), minimum and maximum
//! cells (a small ∨ / ∧), given pencil marks (small grey digits) and quadruples (a white circle
//! on the corner with its digits).

use super::frame::{num, points, Frame};
use crate::puzzle::Cell;
use crate::rules::extremum::Extreme;
use crate::rules::parity::{Kind, Parity};
use std::fmt::Write;

/// Grey of parity shapes.
const GREY: &str = "#c2c2c2";
/// Grey of the extremum chevrons and pencil marks.
const MARK_GREY: &str = "#9a9a9a";

/// Odd: a grey circle; even: a grey square.
pub(super) fn parity(out: &mut String, p: &Parity, frame: Frame) {
    let (x, y) = frame.of(p.cell);
    let _ = match p.parity {
        Kind::Odd => writeln!(
            out,
            r#"<circle class="odd" cx="{}" cy="{}" r="{}" fill="{GREY}"/>"#,
            num(x),
            num(y),
            num(frame.cell * 0.4)
        ),
        Kind::Even => {
            let half = frame.cell * 0.36;
            writeln!(
                out,
                r#"<rect class="even" x="{}" y="{}" width="{}" height="{}" fill="{GREY}"/>"#,
                num(x - half),
                num(y - half),
                num(2.0 * half),
                num(2.0 * half)
            )
        }
    };
}

/// A small ∨ (minimum) or ∧ (maximum) at the top of the cell.
pub(super) fn extremum(out: &mut String, c: Cell, extreme: Extreme, frame: Frame) {
    let (x, y) = frame.of(c);
    let (w, top) = (frame.cell * 0.12, y - frame.cell * 0.42);
    let (tip, base) = match extreme {
        Extreme::Minimum => (top + w, top),
        Extreme::Maximum => (top, top + w),
    };
    let class = match extreme {
        Extreme::Minimum => "minimum",
        Extreme::Maximum => "maximum",
    };
    let _ = writeln!(
        out,
        r#"<polyline class="{class}" points="{}" fill="none" stroke="{MARK_GREY}" stroke-width="{}"/>"#,
        points([(x - w, base), (x, tip), (x + w, base)].into_iter()),
        num(frame.cell * 0.05)
    );
}

/// A white circle on the corner the cells share, with the digits inside.
pub(super) fn quadruple(out: &mut String, cells: &[Cell], values: &[u8], frame: Frame) {
    let (Some(row), Some(col)) = (
        cells.iter().map(|c| c.row).max(),
        cells.iter().map(|c| c.col).max(),
    ) else {
        return;
    };
    let (x, y) = (
        frame.x0 + col as f64 * frame.cell,
        frame.y0 + row as f64 * frame.cell,
    );
    let text: String = values.iter().map(|v| v.to_string()).collect();
    let font = frame.cell * if text.len() > 2 { 0.17 } else { 0.22 };
    let _ = writeln!(
        out,
        r#"<g class="quadruple"><circle cx="{}" cy="{}" r="{}" fill="white" stroke="black" stroke-width="1"/><text x="{}" y="{}" font-family="sans-serif" font-size="{}" text-anchor="middle" dominant-baseline="central">{text}</text></g>"#,
        num(x),
        num(y),
        num(frame.cell * 0.3),
        num(x),
        num(y),
        num(font)
    );
}

/// The marks as small grey digits along the bottom of the cell.
pub(super) fn pencil_marks(out: &mut String, c: Cell, values: &[u8], frame: Frame) {
    let (x, y) = frame.of(c);
    let text: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    let _ = writeln!(
        out,
        r#"<text class="pencil-marks" x="{}" y="{}" font-family="sans-serif" font-size="{}" fill="{MARK_GREY}" text-anchor="middle">{}</text>"#,
        num(x),
        num(y + frame.cell * 0.42),
        num(frame.cell * 0.18),
        text.join("")
    );
}
