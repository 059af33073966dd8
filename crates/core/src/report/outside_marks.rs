//! Pictures of the outside clues beside the grid (one cell out from the line's first cell):
//! a sandwich sum as a plain number, an X-sum in a circle, a skyscraper count in a square, a
//! numbered room's digit underlined; and the indexer cells shaded. `frame` is the grid's
//! (left, top, cell size), as `marks.rs` places it.

use crate::puzzle::Cell;
use crate::rules::Rule;
use std::fmt::Write;

/// The ground of indexer cells.
const INDEXER_GROUND: &str = "#f3dcdc";

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
pub(super) fn draw_clue(out: &mut String, rule: &Rule, frame: (f64, f64, f64)) {
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
        r#"<g class="outside-clue">{shape}<text x="{x:.1}" y="{y:.1}" font-family="sans-serif" font-size="{font}" text-anchor="middle" dominant-baseline="central">{text}</text></g>"#
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
