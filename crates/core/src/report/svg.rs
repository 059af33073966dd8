//! The grid as an SVG picture (seed 002's visualiser): givens in bold black, solved digits in
//! blue, thin lines between cells, thick lines between boxes or irregular regions and around the
//! grid, the two diagonals drawn as grey lines when they are houses, the variant rules as puzzle
//! sites draw them ([`super::marks`]), and an optional title.

use super::marks::{self, Layer};
use crate::puzzle::{Grid, Layout, Puzzle};
use std::fmt::Write;

/// Side of a cell in SVG units.
pub const CELL: usize = 48;
const MARGIN: usize = 12;
const TITLE: usize = 36;
/// Font size and line height of the caption that names the rules on the whole grid.
const CAPTION_FONT: usize = 16;
/// The height of a caption line (16 to 19 units of font).
pub(crate) const CAPTION_LINE: usize = 26;
/// The colour of solved (not given) digits.
pub const SOLVED_COLOUR: &str = "#1f5fbf";

/// The region (box or irregular region) index of each cell, row-major.
fn region_of(puzzle: &Puzzle) -> Vec<usize> {
    let n = puzzle.order();
    match puzzle.layout() {
        Layout::Boxes { rows, cols } => (0..n * n)
            .map(|i| (i / n / rows) * (n / cols) + (i % n) / cols)
            .collect(),
        Layout::Regions(ids) => ids.clone(),
    }
}

/// The opening of an SVG picture `width` × `height` on a white ground; `data` adds attributes
/// to the root element (e.g. ` data-nodes="5"`, with its leading space).
pub(crate) fn svg_start(width: usize, height: usize, data: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\"{data}>\n\
         <rect x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n"
    )
}

/// Escapes text for SVG and HTML content and attribute values (the HTML page and the Python
/// package use it too).
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Draws the puzzle with its rules ([`super::marks`]), filled in with `solution` when one
/// is given (its non-given digits in [`SOLVED_COLOUR`]); the rules that hold on the whole grid
/// are named in a caption under it.
///
/// ```
/// use sudoku_ilp::{puzzle::Puzzle, report::svg::svg};
/// let p = Puzzle::with_square_boxes(4, vec![1,0,0,0, 0,0,3,0, 0,4,0,0, 0,0,0,2]).unwrap();
/// let picture = svg(&p, None, Some("4×4"));
/// assert!(picture.starts_with("<svg") && picture.contains(">4×4</text>"));
/// assert_eq!(picture.matches("font-weight=\"bold\"").count(), 4);
/// ```
pub fn svg(puzzle: &Puzzle, solution: Option<&Grid>, title: Option<&str>) -> String {
    let n = puzzle.order();
    let room = marks::margins(puzzle, CELL);
    let top = MARGIN + room.top + if title.is_some() { TITLE } else { 0 };
    let side = n * CELL;
    let width = side + 2 * MARGIN + room.left + room.right;
    let caption = marks::caption(puzzle)
        .map_or_else(Vec::new, |c| wrap(&c, width - 2 * MARGIN, CAPTION_FONT));
    let height = top + side + room.bottom + MARGIN + CAPTION_LINE * caption.len();
    let font = if n > 9 { CELL * 4 / 10 } else { CELL * 6 / 10 };
    let mut out = svg_start(width, height, "");
    if let Some(t) = title {
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-family="sans-serif" font-size="22" text-anchor="middle">{}</text>"#,
            width / 2,
            MARGIN + 24,
            escape(t)
        );
    }
    let (x0, y0) = (MARGIN + room.left, top);
    let frame = marks::Frame::new(x0, y0, CELL);
    marks::draw(&mut out, puzzle, frame, Layer::Under);
    if puzzle.has_diagonals() {
        diagonal_lines(&mut out, side, (x0, y0));
    }
    grid_lines(&mut out, puzzle, CELL, (x0, y0));
    let _ = writeln!(
        out,
        r#"<g font-family="sans-serif" font-size="{font}" text-anchor="middle" dominant-baseline="central">"#
    );
    for r in 0..n {
        for c in 0..n {
            let i = r * n + c;
            let given = puzzle.givens()[i];
            let (value, style) = match (given, solution) {
                (0, Some(g)) if g.values[i] != 0 => {
                    (g.values[i], format!(r#"fill="{SOLVED_COLOUR}""#))
                }
                (0, _) => continue,
                (v, _) => (v, r#"font-weight="bold" fill="black""#.to_string()),
            };
            let _ = writeln!(
                out,
                r#"<text x="{}" y="{}" {style}>{value}</text>"#,
                x0 + c * CELL + CELL / 2,
                y0 + r * CELL + CELL / 2
            );
        }
    }
    out.push_str("</g>\n");
    marks::draw(&mut out, puzzle, frame, Layer::Over);
    let below = top + side + room.bottom + MARGIN;
    caption_lines(&mut out, &caption, MARGIN, below, CAPTION_FONT);
    out.push_str("</svg>\n");
    out
}

/// The two diagonals, corner to corner, as grey lines (drawn under the grid lines).
pub(crate) fn diagonal_lines(out: &mut String, side: usize, (x0, y0): (usize, usize)) {
    let _ = writeln!(
        out,
        r##"<g class="diagonals" stroke="#a8a8a8" stroke-width="2"><line x1="{x0}" y1="{y0}" x2="{}" y2="{}"/><line x1="{}" y1="{y0}" x2="{x0}" y2="{}"/></g>"##,
        x0 + side,
        y0 + side,
        x0 + side,
        y0 + side
    );
}

/// `text` cut at spaces into lines of at most `width` units in a font of `font` units (a
/// character is taken as 0.55 font wide).
pub(crate) fn wrap(text: &str, width: usize, font: usize) -> Vec<String> {
    let per_line = ((width as f64) / (font as f64 * 0.55)).max(10.0) as usize;
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= per_line => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// Caption lines in a font of `font` units, the first baseline one line below `top`.
pub(crate) fn caption_lines(out: &mut String, lines: &[String], x: usize, top: usize, font: usize) {
    if lines.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        r#"<g class="caption" font-family="sans-serif" font-size="{font}" fill="black">"#
    );
    for (k, line) in lines.iter().enumerate() {
        let _ = writeln!(
            out,
            r#"<text x="{x}" y="{}">{}</text>"#,
            top + CAPTION_LINE * (k + 1) - 6,
            escape(line)
        );
    }
    out.push_str("</g>\n");
}

/// Thin lines between cells, thick lines between boxes or regions, a frame around the grid.
pub(crate) fn grid_lines(out: &mut String, puzzle: &Puzzle, cell: usize, (x0, y0): (usize, usize)) {
    let n = puzzle.order();
    let region = region_of(puzzle);
    let (mut thin, mut thick) = (String::new(), String::new());
    for r in 0..n {
        for c in 0..n {
            let i = r * n + c;
            let (x, y) = (x0 + c * cell, y0 + r * cell);
            if c + 1 < n {
                let target = if region[i] != region[i + 1] {
                    &mut thick
                } else {
                    &mut thin
                };
                let _ = write!(
                    target,
                    r#"<line x1="{0}" y1="{y}" x2="{0}" y2="{1}"/>"#,
                    x + cell,
                    y + cell
                );
            }
            if r + 1 < n {
                let target = if region[i] != region[i + n] {
                    &mut thick
                } else {
                    &mut thin
                };
                let _ = write!(
                    target,
                    r#"<line x1="{x}" y1="{0}" x2="{1}" y2="{0}"/>"#,
                    y + cell,
                    x + cell
                );
            }
        }
    }
    let side = n * cell;
    let _ = writeln!(out, r##"<g stroke="#999999" stroke-width="1">{thin}</g>"##);
    let _ = writeln!(
        out,
        r##"<g stroke="black" stroke-width="3" stroke-linecap="square">{thick}</g>"##
    );
    let _ = writeln!(
        out,
        r#"<rect x="{x0}" y="{y0}" width="{side}" height="{side}" fill="none" stroke="black" stroke-width="4"/>"#
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thick_lines_follow_the_regions() {
        let p = Puzzle::with_square_boxes(9, vec![0; 81]).unwrap();
        let picture = svg(&p, None, None);
        let thick = picture
            .lines()
            .find(|l| l.contains("stroke-width=\"3\""))
            .unwrap();
        // Two inner box borders each way, 9 cell edges long: 36 thick segments.
        assert_eq!(thick.matches("<line").count(), 36);
        assert_eq!(picture.matches("<text").count(), 0);
    }

    #[test]
    fn titles_are_escaped() {
        let p = Puzzle::with_square_boxes(4, vec![0; 16]).unwrap();
        assert!(svg(&p, None, Some("a<b & \"c\"")).contains(">a&lt;b &amp; &quot;c&quot;</text>"));
    }
}
