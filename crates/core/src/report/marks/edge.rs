//! Marks on the edge two cells share: kropki dots, X/V letters, greater-than chevrons.

use super::frame::{between, num, points, unit, Frame};
use crate::rules::greater_than::GreaterThan;
use crate::rules::kropki::{Dot, Kropki};
use crate::rules::xv::Xv;
use std::fmt::Write;

/// Kropki: a white (outlined) or black dot on the shared edge; a difference or ratio other than
/// 1 and 2 is written beside it.
pub(super) fn kropki(out: &mut String, dot: &Kropki, frame: Frame) {
    let (x, y) = between(frame, dot.a, dot.b);
    let fill = match dot.dot {
        Dot::White => "white",
        Dot::Black => "black",
    };
    let _ = writeln!(
        out,
        r#"<circle class="kropki-{fill}" cx="{}" cy="{}" r="{}" fill="{fill}" stroke="black" stroke-width="1.5"/>"#,
        num(x),
        num(y),
        num(frame.cell * 0.12)
    );
    if dot.value.is_some() {
        let ink = if dot.dot == Dot::Black {
            "white"
        } else {
            "black"
        };
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-family="sans-serif" font-size="{}" text-anchor="middle" dominant-baseline="central" fill="{ink}">{}</text>"#,
            num(x),
            num(y),
            num(frame.cell * 0.16),
            dot.amount()
        );
    }
}

/// X or V (another sum: the number) on the shared edge, on a white halo.
pub(super) fn xv(out: &mut String, mark: &Xv, frame: Frame) {
    let (x, y) = between(frame, mark.a, mark.b);
    let letter = match mark.sum {
        10 => "X".to_string(),
        5 => "V".to_string(),
        s => s.to_string(),
    };
    let _ = writeln!(
        out,
        r#"<text class="xv" x="{}" y="{}" font-family="sans-serif" font-size="{}" font-weight="bold" text-anchor="middle" dominant-baseline="central" stroke="white" stroke-width="4" paint-order="stroke">{letter}</text>"#,
        num(x),
        num(y),
        num(frame.cell * 0.34)
    );
}

/// Greater-than: a chevron on the shared edge whose point is at the smaller cell (the sign
/// `a > b` opens towards the greater).
pub(super) fn greater_than(out: &mut String, sign: &GreaterThan, frame: Frame) {
    let (mx, my) = between(frame, sign.greater, sign.lesser);
    let (gx, gy) = frame.of(sign.greater);
    let (lx, ly) = frame.of(sign.lesser);
    let (dx, dy) = unit(lx - gx, ly - gy);
    let s = frame.cell * 0.1;
    let arms = [
        (mx - dx * s - dy * s * 1.3, my - dy * s + dx * s * 1.3),
        (mx + dx * s, my + dy * s),
        (mx - dx * s + dy * s * 1.3, my - dy * s - dx * s * 1.3),
    ];
    let _ = writeln!(
        out,
        r#"<polyline class="greater-than" points="{}" fill="none" stroke="black" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>"#,
        points(arms.into_iter())
    );
}
