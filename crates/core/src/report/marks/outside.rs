//! Clues outside the grid, one cell out from the line's first cell: a sandwich sum as a plain
//! number, an X-sum in a circle, a skyscraper count in a square, a numbered room's digit
//! underlined, and a little killer's sum with a small diagonal arrow.

use super::frame::{arrowhead, num, points, Frame};
use crate::rules::little_killer::LittleKiller;
use crate::rules::Rule;
use std::fmt::Write;

/// The clue's virtual cell outside the grid (one step back from the first cell), its text and
/// its frame shape, for an outside-clue rule.
pub(super) fn clue(rule: &Rule) -> Option<((i64, i64), String, Shape)> {
    let (cells, text, shape) = match rule {
        Rule::Sandwich(r) => (&r.cells, r.sum, Shape::Plain),
        Rule::XSum(r) => (&r.cells, r.sum, Shape::Circle),
        Rule::Skyscraper(r) => (&r.cells, r.count, Shape::Square),
        Rule::NumberedRoom(r) => (&r.cells, r.digit, Shape::Underline),
        _ => return None,
    };
    let (a, b) = (cells.first()?, cells.get(1)?);
    let (dr, dc) = (b.row as i64 - a.row as i64, b.col as i64 - a.col as i64);
    Some((
        (a.row as i64 - dr, a.col as i64 - dc),
        text.to_string(),
        shape,
    ))
}

/// How a clue is framed.
#[derive(Clone, Copy)]
pub(super) enum Shape {
    Plain,
    Circle,
    Square,
    Underline,
}

/// Draws an outside clue's text (and frame) centred in its virtual cell.
pub(super) fn draw_clue(out: &mut String, rule: &Rule, n: usize, frame: (f64, f64, f64)) {
    let (x0, y0, cell) = frame;
    let Some(((row, col), text, shape)) = clue(rule) else {
        return;
    };
    let (x, y) = (
        x0 + (col as f64 + 0.5) * cell,
        y0 + (row as f64 + 0.5) * cell,
    );
    let font = (cell * 0.36).min(22.0).round();
    let r = cell * 0.3;
    let shape = match shape {
        Shape::Plain => String::new(),
        Shape::Circle => format!(
            r#"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="none" stroke="black" stroke-width="1"/>"#
        ),
        Shape::Square => format!(
            r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="none" stroke="black" stroke-width="1"/>"#,
            x - r,
            y - r,
            2.0 * r,
            2.0 * r
        ),
        Shape::Underline => format!(
            r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="black" stroke-width="1"/>"#,
            x - r * 0.6,
            y + r * 0.8,
            x + r * 0.6,
            y + r * 0.8
        ),
    };
    let _ = writeln!(
        out,
        r#"<g class="outside-clue" data-side="{}">{shape}<text x="{x:.1}" y="{y:.1}" font-family="sans-serif" font-size="{font}" text-anchor="middle" dominant-baseline="central">{text}</text></g>"#,
        side(row, col, n)
    );
}

/// Little killer: the sum in the (virtual) cell outside the grid where the diagonal starts, and
/// a small arrow along the diagonal towards the grid.
pub(super) fn little_killer(out: &mut String, lk: &LittleKiller, n: usize, frame: Frame) {
    let Some(&first) = lk.cells.first() else {
        return;
    };
    let (row, col) = clue_cell(lk, n);
    let (vx, vy) = frame.centre(row as f64, col as f64);
    let (dr, dc) = (first.row as i64 - row, first.col as i64 - col);
    let (ux, uy) = (dc as f64 * frame.cell, dr as f64 * frame.cell);
    // The text a little away from the grid, the arrow between it and the grid's corner.
    let (tx, ty) = (vx - ux * 0.1, vy - uy * 0.1);
    let tail = (vx + ux * 0.22, vy + uy * 0.22);
    let tip = (vx + ux * 0.44, vy + uy * 0.44);
    let head = arrowhead(&[tail, tip], frame.cell * 0.1);
    let _ = writeln!(
        out,
        r#"<g class="little-killer" data-side="{}"><text x="{}" y="{}" font-family="sans-serif" font-size="{}" text-anchor="middle" dominant-baseline="central">{}</text><g fill="none" stroke="black" stroke-width="1.5" stroke-linecap="round"><polyline points="{}"/><polyline points="{}"/></g></g>"#,
        side(row, col, n),
        num(tx),
        num(ty),
        num((frame.cell * 0.3).min(20.0).round()),
        lk.sum,
        points([tail, tip].into_iter()),
        points(head.into_iter())
    );
}

/// The (virtual) cell outside the grid where a little killer's diagonal starts: one step back
/// from its first cell. A one-cell diagonal is a corner; its clue sits diagonally outside it.
pub(super) fn clue_cell(lk: &LittleKiller, n: usize) -> (i64, i64) {
    let Some(&first) = lk.cells.first() else {
        return (-1, -1);
    };
    let (dr, dc) = match lk.cells.get(1) {
        Some(next) => (
            (next.row as i64 - first.row as i64).signum(),
            (next.col as i64 - first.col as i64).signum(),
        ),
        None => (
            if first.row == 0 { 1 } else { -1 },
            if first.col + 1 == n { 1 } else { -1 },
        ),
    };
    (first.row as i64 - dr, first.col as i64 - dc)
}

/// The sides of the grid a clue's virtual cell (row, col) lies beyond, e.g. `top` or `top left`
/// (a corner), for a page that moves clues past its own labels (`data-side`).
fn side(row: i64, col: i64, n: usize) -> String {
    let n = n as i64;
    let sides = [
        (row < 0, "top"),
        (row >= n, "bottom"),
        (col < 0, "left"),
        (col >= n, "right"),
    ];
    let names: Vec<&str> = sides.iter().filter(|s| s.0).map(|s| s.1).collect();
    names.join(" ")
}
