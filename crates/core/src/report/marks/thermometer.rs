//! Thermometers: a filled grey bulb and a thick grey line; slow thermometers: a hollow bulb
//! and a thick light line.

use super::frame::{num, points, Frame};
use crate::puzzle::Cell;
use crate::rules::thermometer::Thermometer;
use std::fmt::Write;

/// Grey of thermometers.
const GREY: &str = "#c2c2c2";

/// Thermometer: a bulb (filled circle) on the first cell and a thick line through the centres.
pub(super) fn thermometer(out: &mut String, thermo: &Thermometer, frame: Frame) {
    let Some(&bulb) = thermo.cells.first() else {
        return;
    };
    let (bx, by) = frame.of(bulb);
    let _ = write!(
        out,
        r#"<g class="thermometer" fill="{GREY}" stroke="{GREY}"><circle cx="{}" cy="{}" r="{}" stroke="none"/>"#,
        num(bx),
        num(by),
        num(frame.cell * 0.38)
    );
    if thermo.cells.len() > 1 {
        let _ = write!(
            out,
            r#"<polyline points="{}" fill="none" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round"/>"#,
            points(thermo.cells.iter().map(|&c| frame.of(c))),
            num(frame.cell * 0.26)
        );
    }
    out.push_str("</g>\n");
}

/// A hollow bulb on the first cell and a thick light line.
pub(super) fn slow_thermometer(out: &mut String, cells: &[Cell], frame: Frame) {
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
