//! The puzzle's variant rules drawn on the grid, the way puzzle sites draw them. The only place
//! besides the rules themselves that looks at rule *types* (formulations and engines see
//! primitives): one small function per rule type, called by every grid picture ([`super::svg`],
//! [`super::lp_svg`], hence `render`, `render --lp`, the classroom page and Python).
//!
//! | rule | drawn as | layer |
//! |---|---|---|
//! | killer cage | dashed outline inset in its cells, the sum in the top-left corner of its first cell | over |
//! | thermometer | a grey bulb (filled circle) on its first cell and a thick grey line | under |
//! | arrow | a circle (a pill for 2–3 cells) and a grey line ending in an arrowhead | under |
//! | kropki | a white or black dot on the shared edge | over |
//! | X / V | the letter on the shared edge | over |
//! | greater-than | a chevron on the shared edge, its point at the smaller cell | over |
//! | little killer | the sum outside the grid and a small diagonal arrow | over |
//! | odd / even | a grey circle / a grey square | under |
//! | extra region, windoku | shaded cells (a full diagonal as a line) | under |
//! | anti-knight, anti-king, non-consecutive, disjoint groups, negative, diagonals | named in a caption line ([`caption`]) | — |
//! | the lines and sets of issue 44 (palindrome, renban, whispers, …) | [`super::line_marks`] | both |
//!
//! The *under* layer goes before the grid lines and the digits, the *over* layer after them, so
//! that cage sums and markers on edges stay readable above digits or LP values.
//!
//! Over 500 lines: one small drawing function per rule type, with the frame geometry they share.

use crate::puzzle::{Cell, Puzzle};
use crate::rules::arrow::Arrow;
use crate::rules::greater_than::GreaterThan;
use crate::rules::killer::Cage;
use crate::rules::kropki::{Dot, Kropki};
use crate::rules::little_killer::LittleKiller;
use crate::rules::parity::{Kind, Parity};
use crate::rules::thermometer::Thermometer;
use crate::rules::xv::Xv;
use crate::rules::{windoku, Rule};
use std::collections::HashSet;
use std::fmt::Write;

use super::mark_frame::{num, points, shade};
pub use super::mark_frame::{Frame, Layer};

/// Grey of thermometers, arrow lines and parity shapes.
const GREY: &str = "#c2c2c2";
/// Grey of arrow lines and circles (a little darker: the line is thin).
const ARROW_GREY: &str = "#8f8f8f";
/// Ground of windoku windows.
const WINDOW_GROUND: &str = "#d9e2ee";
/// Grounds of extra regions, one after the other.
const REGION_GROUNDS: [&str; 4] = ["#dde9f7", "#f7e6d4", "#e0f2dc", "#f1dff0"];

/// The space a picture needs on each side of its grid for the rules.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Sides {
    pub top: usize,
    pub right: usize,
    pub bottom: usize,
    pub left: usize,
}

/// Room for the little-killer sums outside the grid, on the sides where they stand.
pub fn margins(puzzle: &Puzzle, cell: usize) -> Sides {
    let n = puzzle.order() as i64;
    let room = cell * 3 / 4;
    let mut sides = Sides::default();
    for rule in puzzle.rules() {
        let outside = super::outside_marks::clue(rule).map(|(at, ..)| at);
        let at = match rule {
            Rule::LittleKiller(lk) => Some(clue_cell(lk, puzzle.order())),
            _ => outside,
        };
        if let Some((row, col)) = at {
            if row < 0 {
                sides.top = room;
            }
            if row >= n {
                sides.bottom = room;
            }
            if col < 0 {
                sides.left = room;
            }
            if col >= n {
                sides.right = room;
            }
        }
    }
    sides
}

/// How far a cage's dashed outline lies inside its cells.
pub fn cage_inset(cell: f64) -> f64 {
    cell * 0.1
}

/// The font size of a cage sum.
fn cage_sum_font(cell: f64) -> f64 {
    (cell * 0.22).min(15.0).round()
}

/// The height of the band at the top of a cell that a cage sum takes.
pub fn cage_sum_band(cell: usize) -> usize {
    cage_sum_font(cell as f64) as usize + 4
}

/// Whether the puzzle has killer cages (whose outlines run inside the cells).
pub fn has_cages(puzzle: &Puzzle) -> bool {
    puzzle.rules().iter().any(|r| matches!(r, Rule::Killer(_)))
}

/// Whether some cell carries a cage sum in its top-left corner (the LP picture then keeps that
/// corner free of its small digits).
pub fn has_cage_sums(puzzle: &Puzzle) -> bool {
    puzzle
        .rules()
        .iter()
        .any(|r| matches!(r, Rule::Killer(Cage { sum: Some(_), .. })))
}

/// The rules that hold on the whole grid (drawn as no mark, or only as lines or shading), named
/// with what they ask in one line, e.g. `also: anti-knight (no equal digits a knight's move
/// apart) · …`; `None` when there are none.
pub fn caption(puzzle: &Puzzle) -> Option<String> {
    let mut names: Vec<String> = Vec::new();
    for rule in puzzle.rules() {
        let name = match rule {
            Rule::AntiKnight => "anti-knight (no equal digits a knight's move apart)".to_string(),
            Rule::AntiKing => "anti-king (no equal digits a king's move apart)".to_string(),
            Rule::NonConsecutive => {
                "non-consecutive (unmarked neighbours never differ by 1)".to_string()
            }
            Rule::DisjointGroups => {
                "disjoint groups (each position of the boxes holds different digits)".to_string()
            }
            Rule::Windoku => "windoku (the shaded windows hold different digits)".to_string(),
            Rule::Negative(n) => {
                let kinds: Vec<&str> = [
                    (n.xv, "sum 5 or 10 (X/V)"),
                    (n.ratio, "ratio 2 (black dot)"),
                ]
                .into_iter()
                .filter_map(|(on, name)| on.then_some(name))
                .collect();
                format!("negative (unmarked neighbours: no {})", kinds.join(", no "))
            }
            Rule::ExtraRegion(r) if diagonal_of(puzzle.order(), &r.cells).is_some() => {
                "the diagonal line holds different digits".to_string()
            }
            _ => continue,
        };
        if !names.contains(&name) {
            names.push(name);
        }
    }
    if puzzle.has_diagonals() {
        names.push("both diagonal lines hold different digits".to_string());
    }
    (!names.is_empty()).then(|| format!("also: {}", names.join(" · ")))
}

/// Draws every rule of `puzzle` that belongs to `layer` on the grid at `frame`.
pub fn draw(out: &mut String, puzzle: &Puzzle, frame: Frame, layer: Layer) {
    let n = puzzle.order();
    let mut regions = 0;
    let name = match layer {
        Layer::Under => "rules-under",
        Layer::Over => "rules-over",
    };
    let _ = writeln!(out, r#"<g class="{name}">"#);
    let mut cages: Vec<&Cage> = Vec::new();
    for rule in puzzle.rules() {
        match (rule, layer) {
            (Rule::Killer(r), Layer::Over) => {
                // A cage over cells of earlier cages is drawn further inside them.
                let depth = cages
                    .iter()
                    .filter(|c| c.cells.iter().any(|x| r.cells.contains(x)))
                    .count();
                cage(out, r, frame, depth);
                cages.push(r);
            }
            (Rule::LittleKiller(r), Layer::Over) => little_killer(out, r, n, frame),
            (Rule::Thermometer(r), Layer::Under) => thermometer(out, r, frame),
            (Rule::Arrow(r), Layer::Under) => arrow(out, r, frame),
            (Rule::Kropki(r), Layer::Over) => kropki(out, r, frame),
            (Rule::Xv(r), Layer::Over) => xv(out, r, frame),
            (Rule::GreaterThan(r), Layer::Over) => greater_than(out, r, frame),
            (Rule::Parity(r), Layer::Under) => parity(out, r, frame),
            (Rule::ExtraRegion(r), Layer::Under) => {
                extra_region(out, &r.cells, n, regions, frame);
                regions += 1;
            }
            (Rule::Indexer(r), Layer::Under) => {
                super::outside_marks::draw_indexer(out, &r.cells, (frame.x0, frame.y0, frame.cell))
            }
            (_, Layer::Over) if super::outside_marks::clue(rule).is_some() => {
                super::outside_marks::draw_clue(out, rule, (frame.x0, frame.y0, frame.cell))
            }
            (Rule::Windoku, Layer::Under) => {
                for window in windoku::windows(n) {
                    shade(out, &window, WINDOW_GROUND, "windoku", frame);
                }
            }
            _ => super::line_marks::draw(out, rule, frame, layer),
        }
    }
    out.push_str("</g>\n");
}

/// Killer cage: a dashed outline inset by a tenth of a cell (one path of edge segments), the
/// sum on a white ground in the top-left corner of the cage's first cell (row-major).
/// `depth`: how many earlier cages share a cell with it (overlapping cages are legal); each
/// level draws the outline a further 0.08 cell inside.
fn cage(out: &mut String, cage: &Cage, frame: Frame, depth: usize) {
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

/// Thermometer: a bulb (filled circle) on the first cell and a thick line through the centres.
fn thermometer(out: &mut String, thermo: &Thermometer, frame: Frame) {
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

/// Arrow: a circle on a one-cell circle, a pill (a rounded rectangle) on 2–3 cells, and a thin
/// line from the circle's rim through the line's cells, ending in an arrowhead.
fn arrow(out: &mut String, arrow: &Arrow, frame: Frame) {
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

/// The unit vector of (dx, dy), or (0, 0).
fn unit(dx: f64, dy: f64) -> (f64, f64) {
    let length = (dx * dx + dy * dy).sqrt();
    if length == 0.0 {
        (0.0, 0.0)
    } else {
        (dx / length, dy / length)
    }
}

/// The two strokes of an arrowhead of `size` at the end of `line`: back from the tip at ±40°.
fn arrowhead(line: &[(f64, f64)], size: f64) -> [(f64, f64); 3] {
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
fn between(frame: Frame, a: Cell, b: Cell) -> (f64, f64) {
    let (ax, ay) = frame.of(a);
    let (bx, by) = frame.of(b);
    ((ax + bx) / 2.0, (ay + by) / 2.0)
}

/// Kropki: a white (outlined) or black dot on the shared edge; a difference or ratio other than
/// 1 and 2 is written beside it.
fn kropki(out: &mut String, dot: &Kropki, frame: Frame) {
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
fn xv(out: &mut String, mark: &Xv, frame: Frame) {
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
fn greater_than(out: &mut String, sign: &GreaterThan, frame: Frame) {
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

/// Little killer: the sum in the (virtual) cell outside the grid where the diagonal starts, and
/// a small arrow along the diagonal towards the grid.
fn little_killer(out: &mut String, lk: &LittleKiller, n: usize, frame: Frame) {
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
        r#"<g class="little-killer"><text x="{}" y="{}" font-family="sans-serif" font-size="{}" text-anchor="middle" dominant-baseline="central">{}</text><g fill="none" stroke="black" stroke-width="1.5" stroke-linecap="round"><polyline points="{}"/><polyline points="{}"/></g></g>"#,
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
fn clue_cell(lk: &LittleKiller, n: usize) -> (i64, i64) {
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

/// Odd: a grey circle; even: a grey square.
fn parity(out: &mut String, p: &Parity, frame: Frame) {
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

/// Which full diagonal `cells` are, if they are one: 0 the main (r = c), 1 the anti-diagonal.
fn diagonal_of(n: usize, cells: &[Cell]) -> Option<usize> {
    if cells.len() != n {
        return None;
    }
    if cells.iter().all(|c| c.row == c.col) {
        Some(0)
    } else if cells.iter().all(|c| c.row + c.col + 1 == n) {
        Some(1)
    } else {
        None
    }
}

/// Extra region: its cells shaded (the `k`-th region in the `k`-th ground); a full diagonal
/// (how f-puzzles writes a single diagonal) as a line corner to corner.
fn extra_region(out: &mut String, cells: &[Cell], n: usize, k: usize, frame: Frame) {
    if let Some(which) = diagonal_of(n, cells) {
        let side = n as f64 * frame.cell;
        let (x1, x2) = match which {
            0 => (frame.x0, frame.x0 + side),
            _ => (frame.x0 + side, frame.x0),
        };
        let _ = writeln!(
            out,
            r##"<line class="diagonal" x1="{}" y1="{}" x2="{}" y2="{}" stroke="#a8a8a8" stroke-width="2"/>"##,
            num(x1),
            num(frame.y0),
            num(x2),
            num(frame.y0 + side)
        );
        return;
    }
    shade(
        out,
        cells,
        REGION_GROUNDS[k % REGION_GROUNDS.len()],
        "extra-region",
        frame,
    );
}
