//! The root LP relaxation drawn on the grid ([`crate::solve::GridRelaxation`]).
//!
//! Binary model: in each open cell the values v with LP weight x_{r,c,v} > 0 appear as small
//! digits on a square whose shade is the weight (white 0 … dark blue 1), at the place v has on
//! a phone keypad (1 top left, 9 bottom right for 9×9). A cell whose LP point puts weight 1 on
//! one value is drawn as a big digit: black bold for givens, blue for values the LP fixes.
//! Natural model: each cell shows its LP value x_rc; integral values as big digits, fractional
//! ones with two decimals on an orange ground. The caption names the fractional columns, the
//! natural model's fractional pair binaries, and whether the LP point alone is the solution.

use super::marks::{self, Frame, Layer};
use super::svg::{
    caption_lines, diagonal_lines, escape, grid_lines, svg_start, wrap, CAPTION_LINE, SOLVED_COLOUR,
};
#[cfg(feature = "highs")]
use crate::formulation::Formulation;
#[cfg(feature = "highs")]
use crate::limits::Limits;
use crate::puzzle::Puzzle;
#[cfg(feature = "highs")]
use crate::solve::{grid_relaxation, SolveError, SolveOptions};
use crate::solve::{CellLp, GridRelaxation, Status};
use std::fmt::Write;

const MARGIN: usize = 14;
const TITLE: usize = 40;
/// Ground of a cell whose natural-model LP value is fractional.
const FRACTIONAL_GROUND: &str = "#fde3c8";
const FRACTIONAL_INK: &str = "#a04000";
/// Ground of a cell whose LP value is integral but equal to a peer's integral value.
const CLASH_GROUND: &str = "#f6c1c1";

/// For each cell (row-major): the LP fixes a value in it that the LP also fixes in another
/// cell of one of its houses, so the LP point, although integral there, is no Sudoku.
pub fn clashes(puzzle: &Puzzle, relaxation: &GridRelaxation) -> Vec<bool> {
    let n = puzzle.order();
    let mut clash = vec![false; relaxation.cells.len()];
    for house in puzzle.houses() {
        let fixed: Vec<(usize, u8)> = house
            .cells
            .iter()
            .map(|c| c.row * n + c.col)
            .filter_map(|i| {
                relaxation
                    .cells
                    .get(i)
                    .and_then(CellLp::fixed)
                    .map(|v| (i, v))
            })
            .collect();
        for &(i, v) in &fixed {
            if fixed.iter().any(|&(j, w)| j != i && w == v) {
                clash[i] = true;
            }
        }
    }
    clash
}

/// The side of a cell: large enough for the small digits of 9×9 to be read when projected,
/// and larger when the cells also carry rule marks (cage sums, thermometers).
fn cell_side(puzzle: &Puzzle) -> usize {
    match (puzzle.order() <= 9, puzzle.rules().is_empty()) {
        (true, true) => 66,
        (true, false) => 84,
        (false, true) => 44,
        (false, false) => 52,
    }
}

/// Where an open cell's small digits go: `(left, top, side)` of the k×k keypad inside a cell of
/// side `cell`; with cages, inside the cage outline and below the band of a cage sum.
fn keypad(puzzle: &Puzzle, cell: usize) -> (usize, usize, usize) {
    let k = (1..=puzzle.order())
        .find(|k| k * k >= puzzle.order())
        .unwrap_or(1);
    let (top, bottom, side) = if marks::has_cages(puzzle) {
        let inset = marks::cage_inset(cell as f64).ceil() as usize + 1;
        let top = if marks::has_cage_sums(puzzle) {
            marks::cage_sum_band(cell)
        } else {
            inset
        };
        (top, inset, inset)
    } else {
        (2, 2, 2)
    };
    let sub = (cell - top - bottom).min(cell - 2 * side) / k;
    ((cell - k * sub) / 2, top, sub)
}

/// The caption lines under the grid.
pub fn caption(puzzle: &Puzzle, relaxation: &GridRelaxation) -> Vec<String> {
    if relaxation.status != Status::Solved {
        return vec![format!(
            "{} model: the root LP is {} — no grid satisfies even the relaxation",
            relaxation.model,
            if relaxation.status == Status::Infeasible {
                "infeasible"
            } else {
                "unfinished"
            }
        )];
    }
    let natural = relaxation
        .cells
        .iter()
        .any(|c| matches!(c, CellLp::Value(_)));
    let mut lines = vec![format!(
        "fractional columns: {} · cells the LP leaves open: {} of {}",
        relaxation.fractional,
        relaxation.open_cells(),
        relaxation.cells.len()
    )];
    if natural {
        lines.push(format!(
            "fractional pair binaries: {} · clashing integral cells (red): {}",
            relaxation.fractional_other,
            clashes(puzzle, relaxation).iter().filter(|&&c| c).count()
        ));
    } else {
        lines.push("small digits: values with LP weight > 0, shaded by the weight".to_string());
    }
    // One vertex, not the polytope: with objective 0 every LP point is optimal, and a grid
    // at this vertex does not mean every LP point is that grid (render --lp --range).
    lines.push(if relaxation.gives_grid {
        "this LP vertex is a grid: yes (one vertex of the polytope; render --lp --range shows what every LP point shares)".to_string()
    } else {
        "this LP vertex is a grid: no — branching or cuts are needed".to_string()
    });
    lines
}

/// The root LP relaxation of `formulation`'s model of `puzzle`, solved within `limits` and
/// drawn ([`lp_svg`]) under `title`, by default "Root LP relaxation, <model> model".
#[cfg(feature = "highs")]
pub fn lp_picture(
    puzzle: &Puzzle,
    formulation: &dyn Formulation,
    options: &SolveOptions,
    limits: &Limits,
    title: Option<&str>,
) -> Result<String, SolveError> {
    let model = formulation.build(puzzle);
    let relaxation = grid_relaxation(puzzle, &model, options, limits)?;
    let title = title.map_or_else(
        || format!("Root LP relaxation, {} model", model.label),
        String::from,
    );
    Ok(lp_svg(puzzle, &relaxation, Some(&title)))
}

/// Draws `relaxation` (of a model built for `puzzle`) on the grid with an optional title, over
/// the puzzle's rules ([`marks`]: shading and lines under the LP values, cage outlines and
/// sums and edge marks above them, in a corner the small digits leave free). The root element
/// carries `data-fractional` (the fractional column count) for tools and tests.
///
/// ```
/// use sudoku_ilp::puzzle::Puzzle;
/// use sudoku_ilp::report::lp_svg::lp_svg;
/// use sudoku_ilp::solve::{CellLp, GridRelaxation, Status};
/// let p = Puzzle::with_square_boxes(4, vec![1,0,0,0, 0,0,3,0, 0,4,0,0, 0,0,0,2]).unwrap();
/// let mut cells = vec![CellLp::Weights(vec![(1, 1.0)]); 16];
/// cells[1] = CellLp::Weights(vec![(3, 0.5), (2, 0.5)]);
/// let r = GridRelaxation { model: "binary".into(), status: Status::Solved, objective: 0.0,
///     fractional: 2, fractional_other: 0, cells, gives_grid: false };
/// let picture = lp_svg(&p, &r, None);
/// assert!(picture.contains(r#"data-fractional="2""#));
/// assert!(picture.contains("fractional columns: 2"));
/// ```
pub fn lp_svg(puzzle: &Puzzle, relaxation: &GridRelaxation, title: Option<&str>) -> String {
    let n = puzzle.order();
    let cell = cell_side(puzzle);
    let side = n * cell;
    let clash = clashes(puzzle, relaxation);
    let room = marks::margins(puzzle, cell);
    let top = MARGIN + room.top + if title.is_some() { TITLE } else { 0 };
    let width = (side + 2 * MARGIN + room.left + room.right).max(560);
    let x0 = (width - side - room.left - room.right) / 2 + room.left;
    let mut lines = caption(puzzle, relaxation);
    if let Some(rules) = marks::caption(puzzle) {
        lines.extend(wrap(&rules, width - x0 - MARGIN, 19));
    }
    let below = top + side + room.bottom + 10;
    let height = below + CAPTION_LINE * lines.len() + MARGIN;
    let mut out = svg_start(
        width,
        height,
        &format!(
            r#" data-fractional="{}" data-gives-grid="{}""#,
            relaxation.fractional, relaxation.gives_grid
        ),
    );
    if let Some(t) = title {
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-family="sans-serif" font-size="24" font-weight="bold" text-anchor="middle">{}</text>"#,
            width / 2,
            MARGIN + 26,
            escape(t)
        );
    }
    // An infeasible LP has no point: the givens alone are drawn.
    let givens: Vec<CellLp> = puzzle
        .givens()
        .iter()
        .map(|&g| CellLp::Weights(if g == 0 { vec![] } else { vec![(g, 1.0)] }))
        .collect();
    let cells = if relaxation.cells.is_empty() {
        &givens
    } else {
        &relaxation.cells
    };
    let at = |i: usize| (x0 + (i % n) * cell, top + (i / n) * cell);
    for (i, lp) in cells.iter().enumerate() {
        let (x, y) = at(i);
        let ground = if clash.get(i).copied().unwrap_or(false) {
            CLASH_GROUND
        } else if lp.fixed().is_none() && matches!(lp, CellLp::Value(_)) {
            FRACTIONAL_GROUND
        } else {
            continue;
        };
        let _ = writeln!(
            out,
            r#"<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{ground}"/>"#
        );
    }
    let frame = Frame::new(x0, top, cell);
    marks::draw(&mut out, puzzle, frame, Layer::Under);
    if puzzle.has_diagonals() {
        diagonal_lines(&mut out, side, (x0, top));
    }
    let pad_of_cell = keypad(puzzle, cell);
    for (i, lp) in cells.iter().enumerate() {
        let given = puzzle.givens().get(i).copied().unwrap_or(0);
        draw_cell(&mut out, n, cell, at(i), given, lp, pad_of_cell);
    }
    grid_lines(&mut out, puzzle, cell, (x0, top));
    marks::draw(&mut out, puzzle, frame, Layer::Over);
    caption_lines(&mut out, &lines, x0, below, 19);
    out.push_str("</svg>\n");
    out
}

/// One cell at `(x, y)`: a big digit when the LP fixes it, else its small weighted digits or
/// its fractional value.
fn draw_cell(
    out: &mut String,
    n: usize,
    cell: usize,
    (x, y): (usize, usize),
    given: u8,
    lp: &CellLp,
    keypad: (usize, usize, usize),
) {
    let centre = (x + cell / 2, y + cell / 2);
    let big = cell * 6 / 10;
    if let Some(v) = lp.fixed() {
        let style = if given != 0 {
            r#"font-weight="bold" fill="black""#.to_string()
        } else {
            format!(r#"fill="{SOLVED_COLOUR}""#)
        };
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-family="sans-serif" font-size="{big}" text-anchor="middle" dominant-baseline="central" {style}>{v}</text>"#,
            centre.0, centre.1
        );
        return;
    }
    match lp {
        CellLp::Weights(weights) => small_digits(out, n, (x, y), weights, keypad),
        CellLp::Value(v) => {
            let _ = writeln!(
                out,
                r#"<text x="{}" y="{}" font-family="sans-serif" font-size="{}" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="{FRACTIONAL_INK}">{v:.2}</text>"#,
                centre.0,
                centre.1,
                cell * 3 / 10
            );
        }
    }
}

/// The values of an open cell on a k×k keypad (k = ⌈√n⌉) at `(left, top, sub)` in the cell
/// ([`keypad`]), each on a square shaded by its weight: fill opacity = x_{r,c,v}; the digit
/// turns white on dark squares.
fn small_digits(
    out: &mut String,
    n: usize,
    (x, y): (usize, usize),
    weights: &[(u8, f64)],
    (left, top, sub): (usize, usize, usize),
) {
    let k = (1..=n).find(|k| k * k >= n).unwrap_or(n);
    let font = sub * 7 / 10;
    for &(v, w) in weights {
        let slot = usize::from(v) - 1;
        let (sx, sy) = (x + left + (slot % k) * sub, y + top + (slot / k) * sub);
        let ink = if w > 0.45 { "white" } else { "#102040" };
        let _ = writeln!(
            out,
            r#"<rect x="{sx}" y="{sy}" width="{sub}" height="{sub}" fill="{SOLVED_COLOUR}" fill-opacity="{:.2}"/><text x="{}" y="{}" font-family="sans-serif" font-size="{font}" text-anchor="middle" dominant-baseline="central" fill="{ink}">{v}</text>"#,
            0.1 + 0.9 * w.clamp(0.0, 1.0),
            sx + sub / 2,
            sy + sub / 2
        );
    }
}
