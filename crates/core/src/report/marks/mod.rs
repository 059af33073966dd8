//! The puzzle's variant rules drawn on the grid, the way puzzle sites draw them. The only place
//! besides the rules themselves that looks at rule *types* (formulations and engines see
//! primitives): [`draw`] matches every rule type (no catch-all arm: a new rule type does not
//! build until it is drawn or named in the caption) and calls one drawing function of its
//! family, one file a family; every grid picture calls it ([`super::svg`], [`super::lp_svg`],
//! hence `render`, `render --lp`, the classroom page, Python and the web page's overlay).
//!
//! | family (file) | rules | drawn as | layer |
//! |---|---|---|---|
//! | [`cage`] | killer cage | dashed outline inset in its cells, the sum in the top-left corner of its first cell | over |
//! | [`thermometer`] | thermometer, slow thermometer | a grey bulb and a thick grey line; a hollow bulb and a thick light line | under |
//! | [`arrow`] | arrow | a circle (a pill for 2–3 cells) and a grey line ending in an arrowhead | under |
//! | [`edge`] | kropki, X / V, greater-than | a white or black dot, the letter, a chevron (its point at the smaller cell) on the shared edge | over |
//! | [`line`] | palindrome, renban, whispers, nabner, entropic, modular, region-sum, zipper | a thick coloured line through the centres (one colour a kind) | under |
//! | [`line`] | between, lockout, double arrow | a thin grey line with hollow circles / diamonds / circles on its ends | under |
//! | [`cell`] | odd / even, minimum / maximum, given pencil marks, quadruple | a grey circle / square, a small ∨ / ∧, small grey digits, a white circle on the corner with its digits | under / over |
//! | [`shading`] | extra region, windoku, clone, indexer | shaded cells (a full diagonal as a line) | under |
//! | [`outside`] | sandwich, X-sum, skyscraper, numbered room, little killer | the clue outside the grid: plain, in a circle, in a square, underlined; a sum with a small diagonal arrow | over |
//! | [`caption`] | anti-knight, anti-king, non-consecutive, disjoint groups, negative, diagonals | named in a caption line | — |
//!
//! The *under* layer goes before the grid lines and the digits, the *over* layer after them, so
//! that cage sums and markers on edges stay readable above digits or LP values.

mod arrow;
mod cage;
mod cell;
mod edge;
mod frame;
mod line;
mod outside;
mod shading;
mod thermometer;

use crate::puzzle::Puzzle;
use crate::rules::killer::Cage;
use crate::rules::Rule;
use std::fmt::Write;

pub use cage::{cage_inset, cage_sum_band};
pub use frame::{Frame, Layer};

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
        let outside = outside::clue(rule).map(|(at, ..)| at);
        let at = match rule {
            Rule::LittleKiller(lk) => Some(outside::clue_cell(lk, puzzle.order())),
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
            Rule::ExtraRegion(r) if shading::diagonal_of(puzzle.order(), &r.cells).is_some() => {
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

/// The layer a rule is drawn in, `None` for the rules named in the caption only. Every rule
/// type is listed: a new one must say where it is drawn.
pub fn layer_of(rule: &Rule) -> Option<Layer> {
    use Layer::{Over, Under};
    match rule {
        Rule::Killer(_)
        | Rule::LittleKiller(_)
        | Rule::Kropki(_)
        | Rule::Xv(_)
        | Rule::GreaterThan(_)
        | Rule::Extremum(_)
        | Rule::Quadruple(_)
        | Rule::PencilMarks(_)
        | Rule::Sandwich(_)
        | Rule::XSum(_)
        | Rule::Skyscraper(_)
        | Rule::NumberedRoom(_) => Some(Over),
        Rule::Thermometer(_)
        | Rule::SlowThermometer(_)
        | Rule::Arrow(_)
        | Rule::Parity(_)
        | Rule::ExtraRegion(_)
        | Rule::Windoku
        | Rule::Clone(_)
        | Rule::Indexer(_)
        | Rule::Palindrome(_)
        | Rule::Renban(_)
        | Rule::Whispers(_)
        | Rule::Nabner(_)
        | Rule::Entropic(_)
        | Rule::Modular(_)
        | Rule::RegionSum(_)
        | Rule::Zipper(_)
        | Rule::Between(_)
        | Rule::Lockout(_)
        | Rule::DoubleArrow(_) => Some(Under),
        Rule::AntiKnight
        | Rule::AntiKing
        | Rule::NonConsecutive
        | Rule::DisjointGroups
        | Rule::Negative(_) => None,
    }
}

/// Draws every rule of `puzzle` that belongs to `layer` on the grid at `frame`.
pub fn draw(out: &mut String, puzzle: &Puzzle, frame: Frame, layer: Layer) {
    draw_rules(out, puzzle, frame, layer, |_| true);
}

/// Draws the rules of `puzzle` that belong to `layer` and that `keep` keeps (the web page
/// draws killer cages itself), in one group of class `rules-under` or `rules-over`.
pub fn draw_rules(
    out: &mut String,
    puzzle: &Puzzle,
    frame: Frame,
    layer: Layer,
    keep: impl Fn(&Rule) -> bool,
) {
    let n = puzzle.order();
    let mut regions = 0;
    let name = match layer {
        Layer::Under => "rules-under",
        Layer::Over => "rules-over",
    };
    let _ = writeln!(out, r#"<g class="{name}">"#);
    let mut cages: Vec<&Cage> = Vec::new();
    let xy = (frame.x0, frame.y0, frame.cell);
    for rule in puzzle.rules() {
        if layer_of(rule) != Some(layer) || !keep(rule) {
            continue;
        }
        match rule {
            Rule::Killer(r) => {
                // A cage over cells of earlier cages is drawn further inside them.
                let depth = cages
                    .iter()
                    .filter(|c| c.cells.iter().any(|x| r.cells.contains(x)))
                    .count();
                cage::cage(out, r, frame, depth);
                cages.push(r);
            }
            Rule::Thermometer(r) => thermometer::thermometer(out, r, frame),
            Rule::SlowThermometer(r) => thermometer::slow_thermometer(out, &r.cells, frame),
            Rule::Arrow(r) => arrow::arrow(out, r, frame),
            Rule::Kropki(r) => edge::kropki(out, r, frame),
            Rule::Xv(r) => edge::xv(out, r, frame),
            Rule::GreaterThan(r) => edge::greater_than(out, r, frame),
            Rule::Parity(r) => cell::parity(out, r, frame),
            Rule::Extremum(e) => {
                for &c in &e.cells {
                    cell::extremum(out, c, e.extreme, frame);
                }
            }
            Rule::Quadruple(q) => cell::quadruple(out, &q.cells, &q.values, frame),
            Rule::PencilMarks(p) => cell::pencil_marks(out, p.cell, &p.values, frame),
            Rule::ExtraRegion(r) => {
                shading::extra_region(out, &r.cells, n, regions, frame);
                regions += 1;
            }
            Rule::Windoku => shading::windoku(out, n, frame),
            Rule::Clone(c) => shading::clone(out, &c.cells, &c.copies, frame),
            Rule::Indexer(r) => shading::draw_indexer(out, &r.cells, xy),
            Rule::Palindrome(_)
            | Rule::Renban(_)
            | Rule::Whispers(_)
            | Rule::Nabner(_)
            | Rule::Entropic(_)
            | Rule::Modular(_)
            | Rule::RegionSum(_)
            | Rule::Zipper(_) => line::coloured_line(out, rule, frame),
            Rule::Between(_) => {
                line::ended_line(out, &rule.cells(), "between", line::Ends::Circle, frame)
            }
            Rule::Lockout(_) => {
                line::ended_line(out, &rule.cells(), "lockout", line::Ends::Diamond, frame)
            }
            Rule::DoubleArrow(_) => line::ended_line(
                out,
                &rule.cells(),
                "double-arrow",
                line::Ends::Circle,
                frame,
            ),
            Rule::LittleKiller(r) => outside::little_killer(out, r, n, frame),
            Rule::Sandwich(_) | Rule::XSum(_) | Rule::Skyscraper(_) | Rule::NumberedRoom(_) => {
                outside::draw_clue(out, rule, n, xy)
            }
            Rule::AntiKnight
            | Rule::AntiKing
            | Rule::NonConsecutive
            | Rule::DisjointGroups
            | Rule::Negative(_) => {}
        }
    }
    out.push_str("</g>\n");
}
