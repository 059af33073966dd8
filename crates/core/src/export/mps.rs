//! Free MPS, as `glpsol --freemps`, cbc and HiGHS read it:
//!
//! ```text
//! * comment header: model, puzzle, size, grid
//! NAME sudoku
//! ROWS
//!  N obj                                    the (empty) objective comes first
//!  E cell_r1_c1                             E (=), L (≤), G (≥) per model row, in model order
//! COLUMNS
//!  MARKER 'MARKER' 'INTORG'                 integer columns sit between INTORG and INTEND
//!  x_r1_c1_v1 cell_r1_c1 1 row_r1_v1 1      column-wise, two entries per line, rows in order
//!  MARKER 'MARKER' 'INTEND'
//! RHS
//!  RHS cell_r1_c1 1                         nonzero right-hand sides only
//! BOUNDS
//!  UP BND x_r1_c1_v1 1                      every bound that differs from [0, +∞)
//! ENDATA
//! ```
//! Names are separated by spaces, so they must not hold any (the writers accept
//! `[A-Za-z_][A-Za-z0-9_]*` only); no line is blank (glpsol stops at a blank line). A column
//! that no row mentions gets the entry `obj 0`, so that it is still declared. Fixed MPS
//! (`glpsol --mps`) needs names of at most 8 characters: `glpsol --freemps x.mps --wmps
//! fixed.mps` converts, renaming each longer name to `C` or `R` and its 1-based position.

use super::{header, linear, number, objective_terms, Column, ExportError, OBJECTIVE_NAME};
use crate::formulation::{BuiltModel, Sense};
use crate::puzzle::Puzzle;
use std::fmt::Write;

/// Writes the model as a free MPS file.
pub fn write(puzzle: &Puzzle, model: &BuiltModel) -> Result<String, ExportError> {
    let lin = linear(model)?;
    // Free MPS has no portable "maximise": a max objective is written negated (minimised).
    let objective = objective_terms(model)?;
    let mut cost = vec![0.0; lin.columns.len()];
    if let Some((maximise, terms)) = &objective {
        for &(j, c) in terms {
            cost[j] = if *maximise { -c } else { c };
        }
    }
    let mut out = String::new();
    let mut line = |text: std::fmt::Arguments| {
        out.write_fmt(text).expect("writing to a String");
        out.push('\n');
    };
    for text in header("free MPS", puzzle, model) {
        line(format_args!("* {text}"));
    }
    if let Some((true, _)) = &objective {
        line(format_args!("* maximise: the objective row holds the negated weights, so its minimum is minus the maximum"));
    }
    line(format_args!("NAME sudoku"));
    line(format_args!("ROWS"));
    line(format_args!(" N {OBJECTIVE_NAME}"));
    for row in &lin.rows {
        let kind = match row.sense {
            Sense::Le => 'L',
            Sense::Ge => 'G',
            Sense::Eq => 'E',
        };
        line(format_args!(" {kind} {}", row.name));
    }
    // Column-wise entries: rows visited in order, so each column's list is sorted by row.
    let mut entries: Vec<Vec<(usize, f64)>> = vec![Vec::new(); lin.columns.len()];
    for (i, row) in lin.rows.iter().enumerate() {
        for &(j, a) in &row.terms {
            entries[j].push((i, a));
        }
    }
    line(format_args!("COLUMNS"));
    let mut in_integers = false;
    for (j, (column, list)) in lin.columns.iter().zip(&entries).enumerate() {
        if column.integer != in_integers {
            let marker = if column.integer { "INTORG" } else { "INTEND" };
            line(format_args!(" MARKER 'MARKER' '{marker}'"));
            in_integers = column.integer;
        }
        let c = cost[j];
        if c != 0.0 {
            line(format_args!(
                " {} {OBJECTIVE_NAME} {}",
                column.name,
                number(c)
            ));
        } else if list.is_empty() {
            line(format_args!(" {} {OBJECTIVE_NAME} 0", column.name));
        }
        for pair in list.chunks(2) {
            let mut text = format!(" {}", column.name);
            for &(i, a) in pair {
                write!(text, " {} {}", lin.rows[i].name, number(a)).expect("writing to a String");
            }
            line(format_args!("{text}"));
        }
    }
    if in_integers {
        line(format_args!(" MARKER 'MARKER' 'INTEND'"));
    }
    line(format_args!("RHS"));
    for row in lin.rows.iter().filter(|r| r.rhs != 0.0) {
        line(format_args!(" RHS {} {}", row.name, number(row.rhs)));
    }
    line(format_args!("BOUNDS"));
    for column in &lin.columns {
        for (kind, value) in bounds(column) {
            match value {
                Some(v) => line(format_args!(" {kind} BND {} {}", column.name, number(v))),
                None => line(format_args!(" {kind} BND {}", column.name)),
            }
        }
    }
    line(format_args!("ENDATA"));
    Ok(out)
}

/// The BOUNDS entries of a column relative to the MPS default [0, +∞): `FX` for a fixed
/// column, `FR` for a free one, `MI` for −∞, `LO`/`UP` otherwise. `LO` is also written for a
/// lower bound of 0 when the upper bound is negative, which some readers would otherwise take
/// to mean −∞.
fn bounds(column: &Column) -> Vec<(&'static str, Option<f64>)> {
    let (lo, up) = (column.lower, column.upper);
    if lo == up {
        return vec![("FX", Some(lo))];
    }
    let mut out = Vec::new();
    match (lo.is_finite(), up.is_finite()) {
        (false, false) => out.push(("FR", None)),
        (false, true) => {
            out.push(("MI", None));
            out.push(("UP", Some(up)));
        }
        (true, _) => {
            if lo != 0.0 || up < 0.0 {
                out.push(("LO", Some(lo)));
            }
            if up.is_finite() {
                out.push(("UP", Some(up)));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use good_lp::variable;

    fn small() -> String {
        let mut m = BuiltModel::new("t".into(), 9);
        let (a, _) = m.add_variable(variable().integer().min(1).max(9).name("v_a"));
        let (b, _) = m.add_variable(variable().integer().min(1).max(9).name("v_b"));
        let (y, _) = m.add_variable(variable().binary().name("y_ab"));
        m.add_variable(variable().min(-2).max(-1).name("cont"));
        m.add_variable(variable().integer().min(5).max(5).name("v_given"));
        m.add_row("ne1".into(), a - b + 9 * y, Sense::Ge, 1.0);
        m.add_row("ne2".into(), b - a - 9 * y, Sense::Ge, -8.0);
        m.add_row("le".into(), a + b, Sense::Le, 0.0);
        let p = Puzzle::with_square_boxes(9, vec![0; 81]).unwrap();
        write(&p, &m).unwrap()
    }

    #[test]
    fn rows_columns_rhs_and_bounds() {
        let text = small();
        let body: Vec<&str> = text.lines().filter(|l| !l.starts_with('*')).collect();
        let expected = [
            "NAME sudoku",
            "ROWS",
            " N obj",
            " G ne1",
            " G ne2",
            " L le",
            "COLUMNS",
            " MARKER 'MARKER' 'INTORG'",
            " v_a ne1 1 ne2 -1",
            " v_a le 1",
            " v_b ne1 -1 ne2 1",
            " v_b le 1",
            " y_ab ne1 9 ne2 -9",
            " MARKER 'MARKER' 'INTEND'",
            " cont obj 0",
            " MARKER 'MARKER' 'INTORG'",
            " v_given obj 0",
            " MARKER 'MARKER' 'INTEND'",
            "RHS",
            " RHS ne1 1",
            " RHS ne2 -8",
            "BOUNDS",
            " LO BND v_a 1",
            " UP BND v_a 9",
            " LO BND v_b 1",
            " UP BND v_b 9",
            " UP BND y_ab 1",
            " LO BND cont -2",
            " UP BND cont -1",
            " FX BND v_given 5",
            "ENDATA",
        ];
        assert_eq!(body, expected);
    }

    #[test]
    fn no_blank_lines() {
        assert!(small().lines().all(|l| !l.trim().is_empty()));
    }
}
