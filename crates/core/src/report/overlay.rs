//! The rules alone, as an SVG to lay over a grid drawn elsewhere (the web page's board of HTML
//! cells): the same marks as every grid picture ([`super::marks`]), one layer a picture, with
//! no grid lines, digits or ground.

use super::marks::{self, Frame, Layer};
use super::svg::CELL;
use crate::puzzle::Puzzle;
use crate::rules::Rule;

/// Cells of room around the grid, for the clues outside it.
pub const ROOM: usize = 1;

/// The rules of `puzzle` drawn in `layer`, killer cages left out when `cages` is false (the page
/// draws them itself), as an SVG whose user units put cell r1c1's top-left corner at
/// ([`ROOM`]·[`CELL`], [`ROOM`]·[`CELL`]), cells [`CELL`] units wide; `data-cell` and
/// `data-room` on the root say so. Clues outside the grid carry `data-side` (`top`, `left`, …).
///
/// ```
/// use sudoku_ilp::input::{parse_puzzle, ParseOptions};
/// use sudoku_ilp::report::{marks::Layer, overlay::rules_overlay};
/// let text = r#"{"grid": "................", "rules": [{"type": "renban", "cells": ["r1c1", "r1c2"]}]}"#;
/// let p = parse_puzzle("p", text, ParseOptions::default()).unwrap();
/// assert!(rules_overlay(&p, Layer::Under, false).contains(r#"class="renban""#));
/// assert!(!rules_overlay(&p, Layer::Over, false).contains("renban"));
/// ```
pub fn rules_overlay(puzzle: &Puzzle, layer: Layer, cages: bool) -> String {
    let side = (puzzle.order() + 2 * ROOM) * CELL;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {side} {side}\" data-cell=\"{CELL}\" data-room=\"{ROOM}\">\n"
    );
    let frame = Frame::new(ROOM * CELL, ROOM * CELL, CELL);
    marks::draw_rules(&mut out, puzzle, frame, layer, |rule| {
        cages || !matches!(rule, Rule::Killer(_))
    });
    out.push_str("</svg>\n");
    out
}
