//! CPLEX LP, in the subset that glpsol 5.0, cbc 2.10 and HiGHS read the same way:
//!
//! ```text
//! \ comment header: model, puzzle, size, grid
//! Minimize
//!  obj: 0 x_r1_c1_v1                       glpsol rejects an objective without a term
//! Subject To
//!  cell_r1_c1: x_r1_c1_v1 + x_r1_c1_v2     one row per model row, in model order,
//!    + x_r1_c1_v3 + x_r1_c1_v4 = 1         wrapped under LINE_WIDTH; a continuation line
//!  ne2_r1c1_r1c2: v_r1_c1 - v_r1_c2        starts with a sign, never with a name or keyword
//!    - 9 y_r1c1_r1c2 >= -8
//! Bounds
//!  0 <= x_r1_c1_v1 <= 1                    every column, even binaries
//! Generals
//!  x_r1_c1_v1 x_r1_c1_v2 …                 every integer column (binaries too: cbc 2.10 reads
//! End                                      the abbreviations `bin`/`gen` as variable names)
//! ```
//! Section keywords sit at column 0 and every other line is indented. A row whose terms were
//! all left out (e.g. by `--reduce`) is written with the term `0 x_first`, which every reader
//! drops, leaving the empty row `0 = 1` that makes the model infeasible, as in the built model.

use super::{
    header, linear, number, objective_terms, Column, ExportError, LinearRow, OBJECTIVE_NAME,
};
use crate::formulation::{BuiltModel, Sense};
use crate::puzzle::Puzzle;
use std::fmt::Write;

/// Lines are wrapped before this many characters (readers stop at 255).
pub const LINE_WIDTH: usize = 80;

/// Writes the model as a CPLEX LP file.
pub fn write(puzzle: &Puzzle, model: &BuiltModel) -> Result<String, ExportError> {
    write_linear(puzzle, model, &linear(model)?)
}

/// Writes `lin` (the model's rows and columns, [`linear`], possibly with narrowed bounds and
/// added rows, e.g. a lab node's fixings and cuts) with the model's header and objective.
pub fn write_linear(
    puzzle: &Puzzle,
    model: &BuiltModel,
    lin: &super::Linear<'_>,
) -> Result<String, ExportError> {
    let mut out = String::new();
    for line in header("CPLEX LP", puzzle, model) {
        push_line(&mut out, &format!("\\ {line}"));
    }
    let first = lin.columns[0].name;
    match objective_terms(model)? {
        Some((maximise, terms)) if !terms.is_empty() => {
            out.push_str(if maximise { "Maximize\n" } else { "Minimize\n" });
            let row = LinearRow {
                name: OBJECTIVE_NAME,
                sense: Sense::Eq,
                terms,
                rhs: 0.0,
            };
            // The objective is a row without a right-hand side.
            for line in row_lines(&row, &lin.columns) {
                let line = line.strip_suffix(" = 0").unwrap_or(&line).to_string();
                push_line(&mut out, &line);
            }
        }
        _ => {
            out.push_str("Minimize\n");
            push_line(&mut out, &format!(" {OBJECTIVE_NAME}: 0 {first}"));
        }
    }
    out.push_str("Subject To\n");
    for row in &lin.rows {
        for line in row_lines(row, &lin.columns) {
            push_line(&mut out, &line);
        }
    }
    out.push_str("Bounds\n");
    for column in &lin.columns {
        push_line(&mut out, &format!(" {}", bound(column)));
    }
    let integers: Vec<&str> = lin
        .columns
        .iter()
        .filter(|c| c.integer)
        .map(|c| c.name)
        .collect();
    if !integers.is_empty() {
        out.push_str("Generals\n");
        for line in wrap(" ", integers.iter().map(|s| s.to_string()), " ") {
            push_line(&mut out, &line);
        }
    }
    out.push_str("End\n");
    Ok(out)
}

fn push_line(out: &mut String, line: &str) {
    out.push_str(line);
    out.push('\n');
}

/// The lines of one row: ` name: t1 + t2 … (=|<=|>=) rhs`, wrapped.
pub fn row_lines(row: &LinearRow, columns: &[Column]) -> Vec<String> {
    let mut pieces: Vec<String> = Vec::with_capacity(row.terms.len().max(1));
    if row.terms.is_empty() {
        pieces.push(format!("0 {}", columns[0].name));
    }
    for (k, &(j, a)) in row.terms.iter().enumerate() {
        let name = columns[j].name;
        let magnitude = if a.abs() == 1.0 {
            String::new()
        } else {
            format!("{} ", number(a.abs()))
        };
        let sign = match (k, a < 0.0) {
            (0, false) => "",
            (0, true) => "- ",
            (_, false) => "+ ",
            (_, true) => "- ",
        };
        pieces.push(format!("{sign}{magnitude}{name}"));
    }
    let sense = match row.sense {
        Sense::Le => "<=",
        Sense::Ge => ">=",
        Sense::Eq => "=",
    };
    // The direction and right-hand side stay on the line of the last term.
    if let Some(last) = pieces.last_mut() {
        write!(last, " {sense} {}", number(row.rhs)).expect("writing to a String");
    }
    wrap(&format!(" {}:", row.name), pieces.into_iter(), "   ")
}

/// The `Bounds` line of a column.
fn bound(column: &Column) -> String {
    let (lo, up, name) = (column.lower, column.upper, column.name);
    match (lo.is_finite(), up.is_finite()) {
        _ if lo == up => format!("{name} = {}", number(lo)),
        (true, true) => format!("{} <= {name} <= {}", number(lo), number(up)),
        (true, false) => format!("{name} >= {}", number(lo)),
        (false, true) => format!("-inf <= {name} <= {}", number(up)),
        (false, false) => format!("{name} free"),
    }
}

/// Joins pieces with spaces after `first`, starting a new line (`indent` + piece) before a line
/// would reach [`LINE_WIDTH`]; a piece never splits.
fn wrap(first: &str, pieces: impl Iterator<Item = String>, indent: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = first.to_string();
    let mut empty = true;
    for piece in pieces {
        if !empty && line.len() + 1 + piece.len() >= LINE_WIDTH {
            lines.push(std::mem::replace(&mut line, indent.to_string()));
            line.push_str(&piece);
        } else {
            if !(line.is_empty() || line.ends_with(' ')) {
                line.push(' ');
            }
            line.push_str(&piece);
        }
        empty = false;
    }
    lines.push(line);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formulation::{binary::Binary, Formulation};
    use good_lp::variable;

    fn puzzle16() -> Puzzle {
        Puzzle::with_square_boxes(16, vec![0; 256]).unwrap()
    }

    #[test]
    fn long_rows_wrap_with_a_sign_first_and_stay_short() {
        let p = puzzle16();
        let text = write(&p, &Binary::default().build(&p)).unwrap();
        let mut continuation = 0;
        for line in text.lines() {
            // Comment lines (the header's grid) may be longer, but stay under 255.
            let limit = if line.starts_with('\\') {
                255
            } else {
                LINE_WIDTH
            };
            assert!(line.len() < limit, "{line:?} is {} long", line.len());
            if line.starts_with("   ") {
                continuation += 1;
                assert!(
                    line.starts_with("   + ") || line.starts_with("   - "),
                    "{line}"
                );
            }
        }
        assert!(continuation > 0, "16-term rows wrap");
        // row cell_r1_c1 lists v1..v16 once each, in column order, and ends with = 1.
        let start = text.find(" cell_r1_c1:").unwrap();
        let end = start + text[start..].find(" = 1\n").unwrap();
        let body = &text[start..end];
        let names: Vec<&str> = body
            .split_whitespace()
            .filter(|t| t.starts_with("x_"))
            .collect();
        let expected: Vec<String> = (1..=16).map(|v| format!("x_r1_c1_v{v}")).collect();
        assert_eq!(names, expected);
    }

    #[test]
    fn sections_and_keywords_at_column_zero() {
        let p = Puzzle::with_square_boxes(4, vec![0; 16]).unwrap();
        let text = write(&p, &Binary::default().build(&p)).unwrap();
        let keywords: Vec<&str> = text
            .lines()
            .filter(|l| !l.starts_with(' ') && !l.starts_with('\\'))
            .collect();
        assert_eq!(
            keywords,
            ["Minimize", "Subject To", "Bounds", "Generals", "End"]
        );
        assert!(text.contains("\n obj: 0 x_r1_c1_v1\n"));
        assert!(text.contains("\n 0 <= x_r4_c4_v4 <= 1\n"));
    }

    #[test]
    fn ge_rows_bounds_and_empty_rows() {
        let mut m = BuiltModel::new("t".into(), 9);
        let (a, _) = m.add_variable(variable().integer().min(1).max(9).name("v_a"));
        let (b, _) = m.add_variable(variable().integer().min(1).max(9).name("v_b"));
        let (y, _) = m.add_variable(variable().binary().name("y_ab"));
        m.add_variable(variable().integer().min(5).max(5).name("v_given"));
        m.add_variable(variable().name("free_x"));
        m.add_row("ne2".into(), b - a - 9 * y, Sense::Ge, -8.0);
        m.add_row("empty".into(), 0 * a, Sense::Eq, 1.0);
        let p = Puzzle::with_square_boxes(9, vec![0; 81]).unwrap();
        let text = write(&p, &m).unwrap();
        assert!(
            text.contains("\n ne2: - v_a + v_b - 9 y_ab >= -8\n"),
            "{text}"
        );
        assert!(text.contains("\n empty: 0 v_a = 1\n"));
        assert!(text.contains("\n 1 <= v_a <= 9\n 1 <= v_b <= 9\n 0 <= y_ab <= 1\n"));
        assert!(text.contains("\n v_given = 5\n free_x free\n"));
        assert!(text.contains("Generals\n v_a v_b y_ab v_given\nEnd\n"));
    }
}
