//! Plain-text forms shared by the reports and the model writers (which print the grid and the
//! model's size in their header comments): a leaf module, so neither depends on the other.

use crate::puzzle::{Grid, Layout};

/// The grid as text, with box borders for boxed layouts (plain rows for irregular regions).
///
/// ```
/// use sudoku_ilp::{format::grid_text, puzzle::{Grid, Layout}};
/// let g = Grid { n: 4, values: vec![1,2,3,4, 3,4,1,2, 2,1,4,3, 4,3,2,1] };
/// assert_eq!(grid_text(&g, &Layout::Boxes { rows: 2, cols: 2 }),
///     "+-----+-----+\n| 1 2 | 3 4 |\n| 3 4 | 1 2 |\n+-----+-----+\n| 2 1 | 4 3 |\n| 4 3 | 2 1 |\n+-----+-----+\n");
/// ```
pub fn grid_text(grid: &Grid, layout: &Layout) -> String {
    let n = grid.n;
    let width = if n > 9 { 2 } else { 1 };
    let cell = |v: u8| {
        if v == 0 {
            format!("{:>width$}", ".")
        } else {
            format!("{v:>width$}")
        }
    };
    let mut out = String::new();
    let Layout::Boxes { rows, cols } = *layout else {
        for row in grid.values.chunks(n) {
            let line: Vec<String> = row.iter().map(|&v| cell(v)).collect();
            out.push_str(&line.join(" "));
            out.push('\n');
        }
        return out;
    };
    let segment = "-".repeat(cols * (width + 1) + 1);
    let border = format!("+{}+\n", vec![segment; n / cols].join("+"));
    for (r, row) in grid.values.chunks(n).enumerate() {
        if r % rows == 0 {
            out.push_str(&border);
        }
        for (c, &v) in row.iter().enumerate() {
            if c % cols == 0 {
                out.push_str("| ");
            }
            out.push_str(&cell(v));
            out.push(' ');
        }
        out.push_str("|\n");
    }
    out.push_str(&border);
    out
}

/// `1,234` style integers, for readable statistics.
pub fn thousands(x: usize) -> String {
    let digits = x.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// A number of milliseconds rounded to three decimals, as the JSON reports give them.
pub fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// Serialises milliseconds as [`round3`] gives them (`#[serde(serialize_with = ...)]` on the
/// statistics types).
pub fn ms3<S: serde::Serializer>(ms: &f64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(round3(*ms))
}
