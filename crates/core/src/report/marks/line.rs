//! Lines through cell centres: the thick coloured lines (palindrome, renban, whispers, nabner,
//! entropic, modular, region-sum, zipper; one colour a kind) and the thin grey lines with a
//! hollow shape on each end (between: circles, lockout: diamonds, double arrow: circles).

use super::frame::{num, points, Frame};
use crate::puzzle::Cell;
use crate::rules::Rule;
use std::fmt::Write;

/// Grey of the end circles and thin lines.
const GREY: &str = "#9a9a9a";

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
pub(super) enum Ends {
    Circle,
    Diamond,
}

/// A thin grey line with a hollow shape on its two end cells.
pub(super) fn ended_line(out: &mut String, cells: &[Cell], class: &str, ends: Ends, frame: Frame) {
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

/// The class and colour of a thick coloured line, one a kind.
fn colour(rule: &Rule) -> Option<(&'static str, &'static str)> {
    Some(match rule {
        Rule::Palindrome(_) => ("palindrome", "#b3bfd9"),
        Rule::Renban(_) => ("renban", "#eaa6ea"),
        Rule::Whispers(_) => ("whispers", "#8fd68f"),
        Rule::Nabner(_) => ("nabner", "#f2d677"),
        Rule::Entropic(_) => ("entropic", "#f7c19a"),
        Rule::Modular(_) => ("modular", "#a3d9d9"),
        Rule::RegionSum(_) => ("region-sum", "#8db8e3"),
        Rule::Zipper(_) => ("zipper", "#cfa8e0"),
        _ => return None,
    })
}

/// A line rule drawn as a thick line in its kind's colour.
pub(super) fn coloured_line(out: &mut String, rule: &Rule, frame: Frame) {
    if let Some((class, colour)) = colour(rule) {
        thick_line(out, &rule.cells(), class, colour, frame);
    }
}
