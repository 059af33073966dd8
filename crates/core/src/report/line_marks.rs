//! The line and set rules of issue 44 drawn on the grid, as puzzle sites draw them (called by
//! [`super::marks::draw`] for the rule types it does not draw itself).
//!
//! | rule | drawn as | layer |
//! |---|---|---|
//! | palindrome, renban, whispers, nabner, entropic, modular, region-sum, zipper | a thick coloured line through the centres (one colour per kind) | under |
//! | between line | a grey line with a hollow circle on each end | under |
//! | lockout line | a grey line with a hollow diamond on each end | under |
//! | double arrow | a thin grey line with a circle on each end | under |
//! | slow thermometer | a hollow bulb and a thick light line | under |
//! | clone | both cell lists shaded alike | under |
//! | minimum / maximum | a small ∨ / ∧ at the top of the cell | over |
//! | quadruple | a white circle on the corner with its digits | over |
//! | pencil marks | the marks as small grey digits along the cell's bottom | over |

use super::mark_frame::{num, points, shade, Frame, Layer};
use crate::puzzle::Cell;
use crate::rules::extremum::Extreme;
use crate::rules::Rule;
use std::fmt::Write;

/// Grey of the end circles and thin lines.
const GREY: &str = "#9a9a9a";

/// Draws `rule` if it is one of this file's kinds and belongs to `layer`.
pub fn draw(out: &mut String, rule: &Rule, frame: Frame, layer: Layer) {
    let coloured = |kind: &str| -> Option<(&'static str, &'static str)> {
        Some(match kind {
            "palindrome" => ("palindrome", "#b3bfd9"),
            "renban line" => ("renban", "#eaa6ea"),
            "whispers line" => ("whispers", "#8fd68f"),
            "nabner line" => ("nabner", "#f2d677"),
            "entropic line" => ("entropic", "#f7c19a"),
            "modular line" => ("modular", "#a3d9d9"),
            "region-sum line" => ("region-sum", "#8db8e3"),
            "zipper line" => ("zipper", "#cfa8e0"),
            _ => return None,
        })
    };
    let cells = rule.cells();
    match (rule, layer) {
        (_, Layer::Under) if coloured(rule.kind_name()).is_some() => {
            let (class, colour) = coloured(rule.kind_name()).unwrap();
            thick_line(out, &cells, class, colour, frame);
        }
        (Rule::Between(_), Layer::Under) => ended_line(out, &cells, "between", Ends::Circle, frame),
        (Rule::Lockout(_), Layer::Under) => {
            ended_line(out, &cells, "lockout", Ends::Diamond, frame)
        }
        (Rule::DoubleArrow(_), Layer::Under) => {
            ended_line(out, &cells, "double-arrow", Ends::Circle, frame)
        }
        (Rule::SlowThermometer(_), Layer::Under) => slow_thermometer(out, &cells, frame),
        (Rule::Clone(c), Layer::Under) => {
            shade(out, &c.cells, "#e4e4e4", "clone", frame);
            shade(out, &c.copies, "#e4e4e4", "clone", frame);
        }
        (Rule::Extremum(e), Layer::Over) => {
            for &c in &e.cells {
                extremum(out, c, e.extreme, frame);
            }
        }
        (Rule::Quadruple(q), Layer::Over) => quadruple(out, &q.cells, &q.values, frame),
        (Rule::PencilMarks(p), Layer::Over) => pencil_marks(out, p.cell, &p.values, frame),
        _ => {}
    }
}

/// A thick line through the cells' centres (a dot on a one-cell line).
fn thick_line(out: &mut String, cells: &[Cell], class: &str, colour: &str, frame: Frame) {
    let width = num(frame.cell * 0.22);
    if let [only] = cells {
        let (x, y) = frame.of(*only);
        let _ = writeln!(
            out,
            r#"<circle class="{class}" cx="{}" cy="{}" r="{}" fill="{colour}"/>"#,
            num(x),
            num(y),
            num(frame.cell * 0.11)
        );
        return;
    }
    let _ = writeln!(
        out,
        r#"<polyline class="{class}" points="{}" fill="none" stroke="{colour}" stroke-width="{width}" stroke-linecap="round" stroke-linejoin="round"/>"#,
        points(cells.iter().map(|&c| frame.of(c)))
    );
}

/// The shape on each end of an ended line.
#[derive(Clone, Copy)]
enum Ends {
    Circle,
    Diamond,
}

/// A thin grey line with a hollow shape on its two end cells.
fn ended_line(out: &mut String, cells: &[Cell], class: &str, ends: Ends, frame: Frame) {
    let r = frame.cell * 0.38;
    let _ = write!(
        out,
        r#"<g class="{class}" fill="white" stroke="{GREY}" stroke-width="{}"><polyline points="{}" fill="none"/>"#,
        num(frame.cell * 0.06),
        points(cells.iter().map(|&c| frame.of(c)))
    );
    for end in [cells.first(), cells.last()].into_iter().flatten() {
        let (x, y) = frame.of(*end);
        let _ = match ends {
            Ends::Circle => write!(
                out,
                r#"<circle cx="{}" cy="{}" r="{}"/>"#,
                num(x),
                num(y),
                num(r)
            ),
            Ends::Diamond => write!(
                out,
                r#"<polygon points="{}"/>"#,
                points([(x, y - r), (x + r, y), (x, y + r), (x - r, y)].into_iter())
            ),
        };
    }
    out.push_str("</g>\n");
}

/// A hollow bulb on the first cell and a thick light line.
fn slow_thermometer(out: &mut String, cells: &[Cell], frame: Frame) {
    let Some(&bulb) = cells.first() else {
        return;
    };
    let (x, y) = frame.of(bulb);
    let colour = "#d3d3d3";
    let _ = write!(
        out,
        r#"<g class="slow-thermometer"><polyline points="{}" fill="none" stroke="{colour}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round"/>"#,
        points(cells.iter().map(|&c| frame.of(c))),
        num(frame.cell * 0.22)
    );
    let _ = writeln!(
        out,
        r#"<circle cx="{}" cy="{}" r="{}" fill="white" stroke="{colour}" stroke-width="{}"/></g>"#,
        num(x),
        num(y),
        num(frame.cell * 0.34),
        num(frame.cell * 0.08)
    );
}

/// A small ∨ (minimum) or ∧ (maximum) at the top of the cell.
fn extremum(out: &mut String, c: Cell, extreme: Extreme, frame: Frame) {
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
        r#"<polyline class="{class}" points="{}" fill="none" stroke="{GREY}" stroke-width="{}"/>"#,
        points([(x - w, base), (x, tip), (x + w, base)].into_iter()),
        num(frame.cell * 0.05)
    );
}

/// A white circle on the corner the cells share, with the digits inside.
fn quadruple(out: &mut String, cells: &[Cell], values: &[u8], frame: Frame) {
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
fn pencil_marks(out: &mut String, c: Cell, values: &[u8], frame: Frame) {
    let (x, y) = frame.of(c);
    let text: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    let _ = writeln!(
        out,
        r#"<text class="pencil-marks" x="{}" y="{}" font-family="sans-serif" font-size="{}" fill="{GREY}" text-anchor="middle">{}</text>"#,
        num(x),
        num(y + frame.cell * 0.42),
        num(frame.cell * 0.18),
        text.join("")
    );
}
