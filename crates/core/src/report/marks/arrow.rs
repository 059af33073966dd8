//! Arrows: a circle (a pill over 2–3 cells) and a thin grey line ending in an arrowhead.

use super::frame::{arrowhead, num, points, unit, Frame};
use crate::rules::arrow::Arrow;
use std::fmt::Write;

/// Grey of arrow lines and circles (a little darker: the line is thin).
const ARROW_GREY: &str = "#8f8f8f";

/// Arrow: a circle on a one-cell circle, a pill (a rounded rectangle) on 2–3 cells, and a thin
/// line from the circle's rim through the line's cells, ending in an arrowhead.
pub(super) fn arrow(out: &mut String, arrow: &Arrow, frame: Frame) {
    let (Some(first), Some(last), Some(&start)) = (
        arrow.circle.first(),
        arrow.circle.last(),
        arrow.line.first(),
    ) else {
        return;
    };
    let radius = frame.cell * 0.4;
    let (x1, y1) = frame.of(*first);
    let (x2, y2) = frame.of(*last);
    let _ = write!(
        out,
        r#"<g class="arrow" fill="none" stroke="{ARROW_GREY}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round"><rect x="{}" y="{}" width="{}" height="{}" rx="{}"/>"#,
        num(frame.cell * 0.05),
        num(x1 - radius),
        num(y1 - radius),
        num(x2 - x1 + 2.0 * radius),
        num(y2 - y1 + 2.0 * radius),
        num(radius)
    );
    // The line leaves the circle cell nearest to its first cell, at the rim.
    let near = arrow
        .circle
        .iter()
        .min_by_key(|c| c.row.abs_diff(start.row) + c.col.abs_diff(start.col))
        .map_or(*first, |c| *c);
    let (cx, cy) = frame.of(near);
    let (sx, sy) = frame.of(start);
    let (dx, dy) = unit(sx - cx, sy - cy);
    let mut line = vec![(cx + dx * radius, cy + dy * radius)];
    line.extend(arrow.line.iter().map(|&c| frame.of(c)));
    let head = arrowhead(&line, frame.cell * 0.22);
    let _ = writeln!(
        out,
        r#"<polyline points="{}"/><polyline points="{}"/></g>"#,
        points(line.into_iter()),
        points(head.into_iter())
    );
}
