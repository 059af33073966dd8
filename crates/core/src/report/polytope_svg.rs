//! Two pictures of the root LP on the grid, beside `render --lp`'s one vertex:
//! - `--range`: per candidate its minimum and maximum over the LP polytope
//!   ([`crate::lab::range`]): forced to 1 (big blue digit), free (small digit, its range),
//!   forced to 0 (left out); givens in black.
//! - `--dual`: the root LP's duals: in each cell the dual y of its cell row, and per candidate
//!   its reduced cost d_j (nonzero ones, small), the lesson on duality's numbers on the grid.

use super::svg::{caption_lines, escape, grid_lines, svg_start};
use crate::lab::cuts::short;
use crate::lab::range::{forced, Forced};
use crate::lab::{lab_model, Lab, LabError};
use crate::lp_interface::LpBackend;
use crate::puzzle::Puzzle;
use std::fmt::Write;

const CELL: usize = 72;
const MARGIN: usize = 16;
const TITLE: usize = 40;

/// One small mark in a cell: value v at keypad place, its text and colour.
struct Mark {
    value: u8,
    text: String,
    colour: &'static str,
}

/// What a cell shows: a big digit (with colour) or small marks, plus an optional top note.
struct CellView {
    big: Option<(u8, &'static str)>,
    marks: Vec<Mark>,
    note: Option<String>,
}

fn picture(
    puzzle: &Puzzle,
    cells: &[CellView],
    title: &str,
    caption: &[String],
    data: &str,
) -> String {
    let n = puzzle.order();
    let cell = if n <= 9 { CELL } else { 48 };
    let side = n * cell;
    let caption_h = caption.len() * 22 + 10;
    let (width, height) = (side + 2 * MARGIN, side + 2 * MARGIN + TITLE + caption_h);
    let mut out = svg_start(width, height, data);
    let _ = writeln!(
        out,
        r#"<text x="{MARGIN}" y="{}" font-family="sans-serif" font-size="22" font-weight="bold">{}</text>"#,
        MARGIN + 22,
        escape(title)
    );
    let (x0, y0) = (MARGIN, MARGIN + TITLE);
    let k = (1..=n).find(|k| k * k >= n).unwrap_or(1);
    let small = cell / k;
    for (i, view) in cells.iter().enumerate() {
        let (x, y) = (x0 + (i % n) * cell, y0 + (i / n) * cell);
        if let Some((v, colour)) = view.big {
            let _ = writeln!(
                out,
                r#"<text x="{}" y="{}" font-family="sans-serif" font-size="{}" font-weight="bold" text-anchor="middle" fill="{colour}">{v}</text>"#,
                x + cell / 2,
                y + cell * 7 / 10,
                cell / 2
            );
        }
        for m in &view.marks {
            let p = usize::from(m.value) - 1;
            let (mx, my) = (
                x + (p % k) * small + small / 2,
                y + (p / k) * small + small * 3 / 4,
            );
            let _ = writeln!(
                out,
                r#"<text x="{mx}" y="{my}" font-family="sans-serif" font-size="{}" text-anchor="middle" fill="{}">{}</text>"#,
                (small * 2 / 5).max(9),
                m.colour,
                escape(&m.text)
            );
        }
        if let Some(note) = &view.note {
            let _ = writeln!(
                out,
                r##"<text x="{}" y="{}" font-family="sans-serif" font-size="{}" text-anchor="middle" fill="#7a2a00">{}</text>"##,
                x + cell / 2,
                y + cell - 4,
                (cell / 6).max(9),
                escape(note)
            );
        }
    }
    grid_lines(&mut out, puzzle, cell, (x0, y0));
    caption_lines(&mut out, caption, MARGIN, y0 + side + 24, 16);
    out.push_str("</svg>\n");
    out
}

/// n² cells showing nothing yet.
fn blank_cells(n: usize) -> Vec<CellView> {
    (0..n * n)
        .map(|_| CellView {
            big: None,
            marks: Vec::new(),
            note: None,
        })
        .collect()
}

/// The range picture: `ranges[j]` of column j, `candidate[j]` its (cell, value) (`None`: no
/// cell's digit, not drawn).
pub fn range_svg(
    puzzle: &Puzzle,
    candidate: &[Option<(usize, u8)>],
    ranges: &[(f64, f64)],
    title: Option<&str>,
) -> String {
    let n = puzzle.order();
    let mut cells = blank_cells(n);
    let (mut one, mut zero, mut free) = (0, 0, 0);
    for (j, &(cell, v)) in candidate
        .iter()
        .enumerate()
        .filter_map(|(j, c)| c.as_ref().map(|c| (j, c)))
    {
        let given = puzzle.givens()[cell];
        match forced(ranges[j]) {
            Forced::One => {
                one += 1;
                let colour = if given > 0 { "#000000" } else { "#1f4fbf" };
                cells[cell].big = Some((v, colour));
            }
            Forced::Zero => zero += 1,
            Forced::Free => {
                free += 1;
                let (lo, hi) = ranges[j];
                let text = if lo <= 1e-6 && hi >= 1.0 - 1e-6 {
                    v.to_string()
                } else {
                    format!("{v}:{}–{}", short(lo), short(hi))
                };
                cells[cell].marks.push(Mark {
                    value: v,
                    text,
                    colour: "#c05000",
                });
            }
        }
    }
    for c in cells.iter_mut().filter(|c| c.big.is_some()) {
        c.marks.clear();
    }
    let open = cells.iter().filter(|c| c.big.is_none()).count();
    let caption = vec![
        format!("Over the whole LP polytope: {one} candidates forced to 1 (big; blue where not given), {zero} forced to 0 (left out), {free} free (small orange digits, 0 to 1 unless marked v:min–max)."),
        if open == 0 {
            "The LP relaxation alone decides every cell: its polytope is one point, the grid.".to_string()
        } else {
            format!("The LP relaxation leaves {open} cells open: no single vertex is \"the LP's grid\"; every free candidate is 0 at some LP point and positive at another.")
        },
    ];
    let title = title.map_or_else(|| "What the LP relaxation forces".to_string(), String::from);
    let data = format!(r#" data-forced-one="{one}" data-forced-zero="{zero}" data-free="{free}""#);
    picture(puzzle, &cells, &title, &caption, &data)
}

/// The dual picture: `row_duals` per model row with `row_names`, `reduced` per column.
pub fn dual_svg(
    puzzle: &Puzzle,
    candidate: &[Option<(usize, u8)>],
    reduced: &[f64],
    row_names: &[String],
    row_duals: &[f64],
    title: Option<&str>,
) -> String {
    let n = puzzle.order();
    let mut cells = blank_cells(n);
    for (name, &y) in row_names.iter().zip(row_duals) {
        let Some(rest) = name.strip_prefix("cell_r") else {
            continue;
        };
        let parsed = rest
            .split_once("_c")
            .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)));
        if let Some((r, c)) = parsed {
            if y.abs() > 1e-9 {
                cells[(r - 1) * n + c - 1].note = Some(format!("y={}", short(y)));
            }
        }
    }
    let mut nonzero = 0;
    for (j, &(cell, v)) in candidate
        .iter()
        .enumerate()
        .filter_map(|(j, c)| c.as_ref().map(|c| (j, c)))
    {
        let d = reduced.get(j).copied().unwrap_or(0.0);
        if d.abs() > 1e-9 {
            nonzero += 1;
            cells[cell].marks.push(Mark {
                value: v,
                text: short(d),
                colour: if d > 0.0 { "#1f6f1f" } else { "#a01010" },
            });
        }
    }
    let mut largest: Vec<(f64, &String)> = row_names
        .iter()
        .zip(row_duals)
        .filter(|(nm, y)| !nm.starts_with("cell_") && y.abs() > 1e-9)
        .map(|(nm, &y)| (y, nm))
        .collect();
    largest.sort_by(|a, b| b.0.abs().total_cmp(&a.0.abs()).then(a.1.cmp(b.1)));
    let top: Vec<String> = largest
        .iter()
        .take(8)
        .map(|(y, nm)| format!("{nm} {}", short(*y)))
        .collect();
    let caption = vec![
        format!("Root LP duals: y of each cell row at the cell's foot (none: 0); reduced cost d of each candidate as a small number (green > 0, red < 0; {nonzero} nonzero)."),
        format!("Largest house-row duals: {}", if top.is_empty() { "none (all 0)".to_string() } else { top.join(", ") }),
    ];
    let title = title.map_or_else(|| "Duals of the root LP".to_string(), String::from);
    picture(
        puzzle,
        &cells,
        &title,
        &caption,
        &format!(r#" data-nonzero-reduced="{nonzero}""#),
    )
}

/// The range picture of `puzzle`'s root LP ([`crate::lab::range::column_ranges`] on a fresh
/// LP; the objective is replaced, so the ranges are over the whole polytope), or `None` when
/// the LP is infeasible.
#[cfg(feature = "highs")]
pub fn range_picture(puzzle: &Puzzle, title: Option<&str>) -> Result<Option<String>, LabError> {
    range_picture_on(puzzle, &crate::solve::lab_lp::lab_backend(), title)
}

/// [`range_picture`] with its LP on `backend`.
pub fn range_picture_on(
    puzzle: &Puzzle,
    backend: &LpBackend,
    title: Option<&str>,
) -> Result<Option<String>, LabError> {
    let model = lab_model(&puzzle.clone().with_objective(None));
    let mut lp = backend(&model).map_err(LabError::Lp)?;
    let columns = model.variables.len();
    let Some(ranges) = crate::lab::range::column_ranges(&mut lp, columns)? else {
        return Ok(None);
    };
    let candidate: Vec<_> = (0..columns).map(|j| model.candidate(j)).collect();
    Ok(Some(range_svg(puzzle, &candidate, &ranges, title)))
}

/// The dual picture of `puzzle`'s root LP (with its objective, if any), or `None` when the
/// LP is infeasible.
#[cfg(feature = "highs")]
pub fn dual_picture(puzzle: &Puzzle, title: Option<&str>) -> Result<Option<String>, LabError> {
    dual_picture_on(puzzle, &crate::solve::lab_lp::lab_backend(), title)
}

/// [`dual_picture`] with its LP on `backend`.
pub fn dual_picture_on(
    puzzle: &Puzzle,
    backend: &LpBackend,
    title: Option<&str>,
) -> Result<Option<String>, LabError> {
    let model = lab_model(puzzle);
    let lp = backend(&model).map_err(LabError::Lp)?;
    let lab = Lab::new(puzzle, &model, lp)?;
    let root = &lab.nodes[0];
    if root.row_duals.is_empty() {
        return Ok(None);
    }
    let names: Vec<String> = model.rows.iter().map(|r| r.name().to_string()).collect();
    Ok(Some(dual_svg(
        puzzle,
        &lab.candidate,
        &root.reduced_costs,
        &names,
        &root.row_duals,
        title,
    )))
}
